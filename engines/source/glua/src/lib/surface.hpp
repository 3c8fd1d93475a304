#pragma once
// The client realm's 2D drawing state (lib/surface.cpp): the surface library's colours, text position and fonts,
// and the draw list a HUD pass fills.
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "../internal.hpp"
#include "vestige/font/face.hpp"

namespace vestige::source::glua {

struct SurfaceFont {
    std::string family;  // FontData.font as asked
    int size = 13, weight = 500;
    bool antialias = true;
    std::shared_ptr<font::Face> face;  // null: no file could be loaded (the font draws nothing)
};

struct Surface {
    scene::DrawList2D* list = nullptr;  // set during the HUD pass only
    scene::Rgba8 drawColor, textColor;
    int textX = 0, textY = 0;
    std::string font;  // surface.SetFont's name
    std::map<std::string, SurfaceFont> fonts;
    std::map<std::string, SurfaceFont> engineFonts;  // the engine's own, created when first used
    std::map<std::string, std::shared_ptr<font::Face>> faces;
    std::map<std::string, std::optional<std::filesystem::path>>
        files;  // family|bold -> its file (or none)  // file|size|aa -> loaded face, shared between fonts
    std::vector<std::string> notes;
    std::uint64_t outsidePaint = 0;
};

Surface& surfaceOf(Runtime& rt);

}  // namespace vestige::source::glua
