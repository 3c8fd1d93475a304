#pragma once
// Host file helpers. Writes go to a temporary file in the same directory and are renamed into
// place, so a crash never leaves a half-written file.
#include <filesystem>

#include "vestige/core/bytes.hpp"

namespace vestige {

[[nodiscard]] Result<Bytes> readFile(const std::filesystem::path& path);
[[nodiscard]] Status writeFileAtomic(const std::filesystem::path& path, ByteView data);
[[nodiscard]] inline Status writeFileAtomic(const std::filesystem::path& path, std::string_view text) {
    return writeFileAtomic(path, asBytes(text));
}

}  // namespace vestige
