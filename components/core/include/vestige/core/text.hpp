#pragma once
// ASCII-only text helpers (name matching in Iron3D and Source is ASCII case-insensitive).
#include <string>
#include <string_view>

namespace vestige {

constexpr char asciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }
constexpr char asciiUpper(char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c; }
std::string asciiLower(std::string_view s);
std::string asciiUpper(std::string_view s);
bool iequals(std::string_view a, std::string_view b);
// Compares after folding A-Z to a-z (the MSVC _stricmp order); shorter prefix sorts first.
int icompareLower(std::string_view a, std::string_view b);
// Compares after folding a-z to A-Z; differs from the lower fold only for bytes 0x5B..0x60.
int icompareUpper(std::string_view a, std::string_view b);
bool endsWithNoCase(std::string_view s, std::string_view suffix);
// Legacy Windows-1251 text (Iron3D names and strings) as UTF-8, for JSON, glTF and terminals.
// 0x98 is unassigned in CP1251 and maps to U+0098 so no byte is lost.
std::string cp1251ToUtf8(std::string_view in);
// JSON string escaping for hand-rendered JSON fragments (trace payloads, error JSON).
std::string jsonEscape(std::string_view s);

}  // namespace vestige
