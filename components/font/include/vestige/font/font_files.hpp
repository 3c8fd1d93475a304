#pragma once
// Finding a font file by family name without fontconfig: file names are compared with the family's letters and
// digits, case-insensitive ("DejaVu Sans" finds DejaVuSans.ttf, "Roboto" Roboto-Regular.ttf, weight 600 and up
// prefers "<family>Bold" / "<family>-Bold"). Directories are searched in order, each recursively in sorted order.
#include <filesystem>
#include <optional>
#include <span>
#include <string_view>

namespace vestige::font {

[[nodiscard]] std::optional<std::filesystem::path> findFontFile(std::string_view family, int weight,
                                                                std::span<const std::filesystem::path> dirs);
// The system's font directory (/usr/share/fonts) and the fallback face, DejaVu Sans (Debian's fonts-dejavu-core).
[[nodiscard]] std::filesystem::path systemFontDir();
[[nodiscard]] std::optional<std::filesystem::path> fallbackFontFile();
inline constexpr std::string_view kFallbackFamily = "DejaVu Sans";

}  // namespace vestige::font
