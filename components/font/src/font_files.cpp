// Font files by family name (font_files.hpp).
#include "vestige/font/font_files.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace vestige::font {
namespace {

namespace fs = std::filesystem;

std::string letters(std::string_view s) {
    std::string out;
    for (char c : s)
        if (std::isalnum(static_cast<unsigned char>(c))) out.push_back(static_cast<char>(std::tolower(c)));
    return out;
}

bool isFontFile(const fs::path& p) {
    std::string ext = p.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    return ext == ".ttf" || ext == ".otf";
}

}  // namespace

std::optional<fs::path> findFontFile(std::string_view family, int weight, std::span<const fs::path> dirs) {
    const std::string want = letters(family);
    if (want.empty()) return std::nullopt;
    const bool bold = weight >= 600;
    // Best first: the exact style, then the family's regular file, then the other style.
    const std::vector<std::string> names = bold ? std::vector<std::string>{want + "bold", want, want + "regular"}
                                                : std::vector<std::string>{want, want + "regular", want + "bold"};
    for (const auto& dir : dirs) {
        std::vector<fs::path> files;
        std::error_code ec;
        for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
             !ec && it != end; it.increment(ec))
            if (it->is_regular_file(ec) && isFontFile(it->path())) files.push_back(it->path());
        std::sort(files.begin(), files.end());
        for (const auto& name : names)
            for (const auto& f : files)
                if (letters(f.stem().string()) == name) return f;
    }
    return std::nullopt;
}

fs::path systemFontDir() { return "/usr/share/fonts"; }

std::optional<fs::path> fallbackFontFile() {
    const fs::path dirs[] = {systemFontDir()};
    return findFontFile(kFallbackFamily, 400, dirs);
}

}  // namespace vestige::font
