// Tracer and JSON helpers shared by every AI/Behavior trace event.
#include "vestige/iron3d/ai/seams.hpp"

#include <bit>

#include "vestige/core/json.hpp"
#include "vestige/core/text.hpp"

namespace vestige::iron3d::ai {

void Tracer::emit(std::string_view subsystem, Json payload) const {
    if (!sink) return;
    payload["rng"] = rng ? Json{{"stream", std::string(rng->stream())}, {"draws", rng->draws()}} : Json(nullptr);
    sink->event(subsystem, dumpJson(payload));
}

MapScriptFiles& MapScriptFiles::add(std::string_view path, Bytes bytes) {
    mFiles[asciiLower(path)] = std::move(bytes);
    return *this;
}

Result<std::optional<Bytes>> MapScriptFiles::read(std::string_view path) const {
    const auto it = mFiles.find(asciiLower(path));
    if (it == mFiles.end()) return std::optional<Bytes>();
    return std::optional<Bytes>(it->second);
}

Json floatBits(std::uint32_t bits) {
    return {{"bits", bits}, {"value", TraceSink::formatFloat(std::bit_cast<float>(bits))}};
}

}  // namespace vestige::iron3d::ai
