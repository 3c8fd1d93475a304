// varset text builder and the synthetic shared shape.
#include "vestige/iron3d/varset/builder.hpp"

#include <fmt/format.h>

#include "vestige/core/trace.hpp"

namespace vestige::iron3d::varset {

Builder& Builder::line(std::string_view raw) {
    mText.append(raw);
    mText += "\r\n";
    return *this;
}

Builder& Builder::dword(std::string_view name, std::uint32_t value, bool hex) {
    return line(hex ? fmt::format("VAR(DWORD, {}, 0x{:X});", name, value)
                    : fmt::format("VAR(DWORD, {}, {});", name, value));
}

Builder& Builder::floating(std::string_view name, float value) {
    return line(fmt::format("VAR(float, {}, {});", name, TraceSink::formatFloat(value)));
}

Builder& Builder::string(std::string_view args) { return line(fmt::format("STRING({});", args)); }
Builder& Builder::function(std::string_view args) { return line(fmt::format("FUNCTION({});", args)); }
Builder& Builder::comment(std::string_view text) { return line(fmt::format("// {}", text)); }

std::string sharedShapeText() {
    Builder b;
    b.comment("Vestige synthetic varset: the shape of the shared MISSIONS/SCRIPTS/varset.var, not its content");
    for (std::uint32_t i = 0; i < 231; ++i) {
        switch (i) {
            case 12:
                b.dword("MISSION_COMMAND", 0);
                break;
            case 13:
                b.dword("MISSION_COMPLETE", 1);
                break;
            case 14:
                b.dword("ST_SOLVING", 1);
                break;
            case 15:
                b.dword("MISSION_FAILED", 0);
                break;
            case 16:
                b.dword("dTaskId", 7);
                break;
            case 17:
                b.floating("fTaskValue", 2.5f);
                break;
            case 18:
                b.dword("dTaskCounter", 3);
                break;
            case 19:
                b.dword("dTaskWord", 9);
                break;
            case 20:
                b.floating("fTaskKeyA", 0.0f);
                break;
            case 21:
                b.floating("fTaskKeyB", -0.0f);
                break;
            case 22:
                b.floating("fTaskExtra", 1.25f);
                break;
            case 23:
                b.dword("ST_SOLVED", 2);
                break;
            case 24:
                b.dword("dCurrentProblem", 0);
                break;
            case 25:
                b.dword("NONE", 0);
                break;
            case 26:
                b.dword("TARGET_BY_LOGIC_ID", 0x201, true);
                break;
            case 27:
                b.dword("TARGET_BY_PLACE", 0x202, true);
                break;
            case 28:
                b.dword("TARGET_BY_TYPE", 0x203, true);
                break;
            case 29:
                b.dword("TARGET_NOT_DEFINED", 0x204, true);
                break;
            case 30:
                b.dword("TARGET_BY_NAME", 0x205, true);
                break;
            case 224:
                b.dword("ClanBaseX", 0);
                break;
            case 225:
                b.dword("ClanBaseY", 0);
                break;
            case 226:
                b.dword("ClanID", 0);
                break;
            default:
                // 27 more floats at 31..57 make 31 in all; every other slot is a DWORD.
                if (i >= 31 && i <= 57)
                    b.floating(fmt::format("fVar{:03}", i), static_cast<float>(i) * 0.5f);
                else
                    b.dword(fmt::format("dVar{:03}", i), i);
        }
    }
    return b.text();
}

}  // namespace vestige::iron3d::varset
