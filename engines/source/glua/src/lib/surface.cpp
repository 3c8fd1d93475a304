// The client realm's globals: LocalPlayer, ScrW/ScrH and the surface library (wiki: surface.*; PlaySound as a
// sound event of the client realm's world). Drawing calls record
// into the HUD pass's draw list (scene::DrawList2D); outside the pass they draw nothing and are counted, since GMod
// draws only inside its rendering hooks. Coordinates are whole pixels: Lua numbers are truncated as GMod's int
// arguments are.
#include "surface.hpp"

#include <algorithm>
#include <cmath>

#include "vestige/core/file_io.hpp"
#include "vestige/font/font_files.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {
namespace {

Runtime& rtOf(lua_State* L) { return runtimeOf(L); }

std::uint8_t channel(lua_State* L, int idx, int fallback) {
    const lua_Number v = lua_isnumber(L, idx) ? lua_tonumber(L, idx) : fallback;
    if (!(v > 0)) return 0;
    return v >= 255 ? 255 : static_cast<std::uint8_t>(v);
}

// (r, g, b[, a]) numbers or a Color table {r, g, b, a}; a defaults to 255.
scene::Rgba8 colorArgs(lua_State* L) {
    if (lua_istable(L, 1)) {
        for (const char* k : {"r", "g", "b", "a"}) lua_getfield(L, 1, k);
        scene::Rgba8 c{channel(L, -4, 255), channel(L, -3, 255), channel(L, -2, 255), channel(L, -1, 255)};
        lua_pop(L, 4);
        return c;
    }
    return {channel(L, 1, 0), channel(L, 2, 0), channel(L, 3, 0), channel(L, 4, 255)};
}

// A pixel coordinate: the number truncated; false for non-numbers and values no screen has.
bool pixel(lua_State* L, int idx, std::int32_t* out) {
    if (!lua_isnumber(L, idx)) return false;
    const lua_Number v = std::trunc(lua_tonumber(L, idx));
    if (!(v > -1e6 && v < 1e6)) return false;
    *out = static_cast<std::int32_t>(v);
    return true;
}

// The list to draw into, or null (counted) outside the HUD pass.
scene::DrawList2D* target(lua_State* L) {
    Surface& s = surfaceOf(rtOf(L));
    if (!s.list) ++s.outsidePaint;
    return s.list;
}

void addRect(scene::DrawList2D& list, std::int32_t x0, std::int32_t y0, std::int32_t x1, std::int32_t y1,
             scene::Rgba8 c) {
    if (x1 <= x0 || y1 <= y0) return;
    list.items.push_back({scene::Draw2D::Kind::Rect, x0, y0, x1, y1, c, 0});
}

int sSetDrawColor(lua_State* L) {
    surfaceOf(rtOf(L)).drawColor = colorArgs(L);
    return 0;
}
int sSetTextColor(lua_State* L) {
    surfaceOf(rtOf(L)).textColor = colorArgs(L);
    return 0;
}
int sSetTextPos(lua_State* L) {
    Surface& s = surfaceOf(rtOf(L));
    std::int32_t x = 0, y = 0;
    if (pixel(L, 1, &x) && pixel(L, 2, &y)) {
        s.textX = x;
        s.textY = y;
    }
    return 0;
}
int sGetTextPos(lua_State* L) {
    const Surface& s = surfaceOf(rtOf(L));
    lua_pushinteger(L, s.textX);
    lua_pushinteger(L, s.textY);
    return 2;
}

int sDrawRect(lua_State* L) {
    std::int32_t x = 0, y = 0, w = 0, h = 0;
    if (!pixel(L, 1, &x) || !pixel(L, 2, &y) || !pixel(L, 3, &w) || !pixel(L, 4, &h)) return 0;
    if (scene::DrawList2D* list = target(L)) addRect(*list, x, y, x + w, y + h, surfaceOf(rtOf(L)).drawColor);
    return 0;
}

// DrawOutlinedRect(x, y, w, h, thickness = 1): the border inside the box, as four rectangles.
int sDrawOutlinedRect(lua_State* L) {
    std::int32_t x = 0, y = 0, w = 0, h = 0, t = 1;
    if (!pixel(L, 1, &x) || !pixel(L, 2, &y) || !pixel(L, 3, &w) || !pixel(L, 4, &h)) return 0;
    if (!lua_isnoneornil(L, 5) && !pixel(L, 5, &t)) return 0;
    scene::DrawList2D* list = target(L);
    if (!list || t < 1) return 0;
    const scene::Rgba8 c = surfaceOf(rtOf(L)).drawColor;
    t = std::min({t, w, h});
    addRect(*list, x, y, x + w, y + t, c);
    addRect(*list, x, y + h - t, x + w, y + h, c);
    addRect(*list, x, y + t, x + t, y + h - t, c);
    addRect(*list, x + w - t, y + t, x + w, y + h - t, c);
    return 0;
}

int sDrawLine(lua_State* L) {
    std::int32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    if (!pixel(L, 1, &x0) || !pixel(L, 2, &y0) || !pixel(L, 3, &x1) || !pixel(L, 4, &y1)) return 0;
    if (scene::DrawList2D* list = target(L))
        list->items.push_back({scene::Draw2D::Kind::Line, x0, y0, x1, y1, surfaceOf(rtOf(L)).drawColor, 0});
    return 0;
}

int sSetFont(lua_State* L) {
    surfaceOf(rtOf(L)).font = luaL_checkstring(L, 1);
    return 0;
}

// A note once (a script that creates its fonts every frame gets each note once).
void note(Surface& s, std::string text) {
    if (std::find(s.notes.begin(), s.notes.end(), text) == s.notes.end()) s.notes.push_back(std::move(text));
}

void createFont(Runtime& rt, const std::string& name, SurfaceFont f);

// The current font's face; an engine font is created on its first use (so its file note appears only then).
const font::Face* currentFace(Runtime& rt) {
    Surface& s = surfaceOf(rt);
    auto it = s.fonts.find(s.font);
    if (it == s.fonts.end()) {
        auto engine = s.engineFonts.find(s.font);
        if (engine == s.engineFonts.end()) {
            note(s, "font '" + s.font + "' was never created: text in it is not drawn");
            return nullptr;
        }
        createFont(rt, s.font, engine->second);
        it = s.fonts.find(s.font);
    }
    return it->second.face.get();
}

// GetTextSize(text): the current font's width of the text and its cell height; 0, 0 without a loaded font.
int sGetTextSize(lua_State* L) {
    std::size_t n = 0;
    const char* text = luaL_checklstring(L, 1, &n);
    charge(L, n);  // FreeType's work grows with the text (budget mode)
    const font::Face* face = currentFace(rtOf(L));
    const font::TextSize size = face ? face->measure({text, n}) : font::TextSize{};
    lua_pushinteger(L, size.width);
    lua_pushinteger(L, size.height);
    return 2;
}

// DrawText(text): the text at the text position in the text colour; the position moves on by its width. Only the
// part on the screen is rendered (a long line never becomes a huge bitmap).
void drawText(Runtime& rt, std::string_view text) {
    Surface& s = surfaceOf(rt);
    const font::Face* face = currentFace(rt);
    if (!face) return;
    const int width = face->measure(text).width;
    const auto screen = static_cast<std::int64_t>(rt.options().screenWidth);
    const int from = static_cast<int>(std::clamp<std::int64_t>(-static_cast<std::int64_t>(s.textX), 0, width));
    const int to = static_cast<int>(std::clamp<std::int64_t>(screen - s.textX, from, width));
    if (to > from) {
        font::Bitmap b = face->render(text, from, to);
        s.list->bitmaps.push_back({b.width, b.height, std::move(b.ink)});
        s.list->items.push_back({scene::Draw2D::Kind::Text, s.textX + from, s.textY, s.textX + to,
                                 s.textY + static_cast<std::int32_t>(b.height), s.textColor,
                                 static_cast<std::uint32_t>(s.list->bitmaps.size() - 1)});
    }
    s.textX += width;
}
int sDrawText(lua_State* L) {
    std::size_t n = 0;
    const char* text = luaL_checklstring(L, 1, &n);
    charge(L, n);
    if (target(L)) drawText(rtOf(L), {text, n});
    return 0;
}

// Loads (or reuses) the face of a font file at a size; a note when it cannot.
std::shared_ptr<font::Face> loadFace(Surface& s, const std::filesystem::path& file, int size, bool aa) {
    const std::string key = file.string() + "|" + std::to_string(size) + "|" + (aa ? "1" : "0");
    if (auto it = s.faces.find(key); it != s.faces.end()) return it->second;
    auto bytes = readFile(file);
    if (!bytes) {
        note(s, "font file " + file.string() + " cannot be read");
        return nullptr;
    }
    auto face = font::Face::load(std::move(*bytes), size, aa);
    if (!face) {
        note(s, "font file " + file.string() + ": " + face.error().render());
        return nullptr;
    }
    std::shared_ptr<font::Face> shared(std::move(*face));
    s.faces[key] = shared;
    return shared;
}

// CreateFont's work: the family's file in Options::fontDirs, then the system fonts, else DejaVu Sans (noted).
void createFont(Runtime& rt, const std::string& name, SurfaceFont f) {
    Surface& s = surfaceOf(rt);
    // One directory walk per family and weight (scripts often call CreateFont every frame).
    const auto lookup = [&](const std::string& family, int weight) {
        const std::string key = family + "|" + std::to_string(weight >= 600);
        auto cached = s.files.find(key);
        if (cached == s.files.end()) {
            std::vector<std::filesystem::path> dirs = rt.options().fontDirs;
            dirs.push_back(font::systemFontDir());
            cached = s.files.emplace(key, font::findFontFile(family, weight, dirs)).first;
        }
        return cached->second;
    };
    auto file = lookup(f.family, f.weight);
    if (!file) {
        file = lookup(std::string(font::kFallbackFamily), 400);
        note(s, "font '" + f.family + "' (CreateFont '" + name + "') not found: " +
                    (file ? std::string(font::kFallbackFamily) + " stands in" : "no fallback font either"));
    }
    if (file) f.face = loadFace(s, *file, std::clamp(f.size, 1, 1024), f.antialias);
    s.fonts[name] = std::move(f);
}

// surface.CreateFont(name, data): FontData's fields as the wiki names them (font "Arial", size 13, weight 500,
// antialias true by default); the other fields (blursize, scanlines, italic, outline...) are not drawn yet.
int sCreateFont(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_getfield(L, 2, "font");
    lua_getfield(L, 2, "size");
    lua_getfield(L, 2, "weight");
    lua_getfield(L, 2, "antialias");
    const char* family = lua_isstring(L, -4) ? lua_tostring(L, -4) : "Arial";
    const int size = lua_isnumber(L, -3) ? static_cast<int>(lua_tonumber(L, -3)) : 13;
    const int weight = lua_isnumber(L, -2) ? static_cast<int>(lua_tonumber(L, -2)) : 500;
    const bool aa = lua_isnil(L, -1) || lua_toboolean(L, -1);
    createFont(rtOf(L), name, SurfaceFont{family, size, weight, aa, nullptr});
    lua_pop(L, 4);
    return 0;
}

int lScrW(lua_State* L) {
    lua_pushinteger(L, rtOf(L).options().screenWidth);
    return 1;
}
int lScrH(lua_State* L) {
    lua_pushinteger(L, rtOf(L).options().screenHeight);
    return 1;
}

// LocalPlayer(): this client's player, NULL until it exists (wiki: NULL until all entities are initialised).
int lLocalPlayer(lua_State* L) {
    Runtime& rt = rtOf(L);
    const game::Entity* p = rt.world().player(1);
    pushEntity(rt, L, p && p->isPlayer() ? p->index : -1);
    return 1;
}

// surface.PlaySound(soundfile): a UI sound for this client, heard everywhere and unpanned (SNDLVL_NONE), from the
// client realm's world (vestige play mixes it with the server's sounds).
int sPlaySound(lua_State* L) {
    Runtime& rt = rtOf(L);
    game::SoundEvent e;
    e.name = luaL_checkstring(L, 1);
    e.tick = rt.world().tick();
    e.soundLevel = 0;
    rt.world().sounds.emit(std::move(e));
    return 0;
}

}  // namespace

Surface& surfaceOf(Runtime& rt) {
    auto& impl = implOf(rt);
    if (!impl.surface) impl.surface = std::make_shared<Surface>();
    return *impl.surface;
}

void openClient(Runtime& rt, lua_State* L) {
    static const luaL_Reg surface[] = {
        {"SetDrawColor", sSetDrawColor}, {"SetTextColor", sSetTextColor}, {"SetTextPos", sSetTextPos},
        {"GetTextPos", sGetTextPos},     {"DrawRect", sDrawRect},         {"DrawOutlinedRect", sDrawOutlinedRect},
        {"DrawLine", sDrawLine},         {"SetFont", sSetFont},           {"CreateFont", sCreateFont},
        {"DrawText", sDrawText},         {"GetTextSize", sGetTextSize},   {"ScreenWidth", lScrW},
        {"ScreenHeight", lScrH},         {"PlaySound", sPlaySound},       {nullptr, nullptr}};
    lua_newtable(L);
    setFuncs(L, surface);
    lua_setglobal(L, "surface");
    lua_register(L, "ScrW", lScrW);
    lua_register(L, "ScrH", lScrH);
    lua_register(L, "LocalPlayer", lLocalPlayer);
    // Engine fonts scripts use by name: Trebuchet24 is 24 high (wiki: surface.GetTextSize); its weight is not
    // checked, so the default stands.
    surfaceOf(rt).engineFonts["Trebuchet24"] = {"Trebuchet MS", 24, 500, true, nullptr};
}

}  // namespace vestige::source::glua
