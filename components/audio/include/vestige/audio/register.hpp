#pragma once
// The RIFF/WAVE format for `vestige info` (Iron3D SWAV entries of sounds.lib and Source's sound/*.wav alike).
#include "vestige/registry/registry.hpp"

namespace vestige::audio {

void registerFormats(registry::FormatRegistry& formats);

}  // namespace vestige::audio
