#pragma once
// Writing varset.var text in code (tests, the demo). Lines end in CRLF as the shipped files do.
#include <string>

#include "vestige/iron3d/varset/varset.hpp"

namespace vestige::iron3d::varset {

class Builder {
public:
    Builder& dword(std::string_view name, std::uint32_t value, bool hex = false);
    Builder& floating(std::string_view name, float value);  // shortest round-trip text
    Builder& string(std::string_view args);
    Builder& function(std::string_view args);
    Builder& comment(std::string_view text);
    Builder& line(std::string_view raw);  // any text line, as is
    [[nodiscard]] const std::string& text() const { return mText; }

private:
    std::string mText;
};

// A synthetic shared varset with the GOG file's recorded shape: 231 declarations, 31 float and 200 DWORD, with
// ClanBaseX/ClanBaseY/ClanID at 224/225/226 and the names the recovered handlers read (ST_SOLVING=1, ST_SOLVED=2,
// dCurrentProblem, NONE and the TARGET_* modes). The other names and every default are ours. Indices 12..23 are
// the operands scr::c1m2pShape() refers to.
[[nodiscard]] std::string sharedShapeText();

}  // namespace vestige::iron3d::varset
