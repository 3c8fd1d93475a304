// .fml kept as text.
#include "vestige/iron3d/fml/fml.hpp"

#include <fmt/format.h>

#include "vestige/core/json.hpp"
#include "vestige/core/text.hpp"

namespace vestige::iron3d::fml {

Result<Formulas> read(ByteView bytes) {
    Formulas f;
    f.raw.assign(bytes.begin(), bytes.end());
    bool blank = true;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const std::uint8_t c = bytes[i];
        if (c == 0)
            return Error::atField("fml.not_text", "formula export holds a NUL byte", "text", i)
                .expected("text")
                .actual("0x00");
        if (c == '\n') {
            ++f.lines;
            f.nonBlankLines += !blank;
            blank = true;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            blank = false;
        }
    }
    if (!bytes.empty() && bytes.back() != '\n') {
        ++f.lines;
        f.nonBlankLines += !blank;
    }
    return f;
}

int probe(ByteView data, std::string_view fileName) {
    return endsWithNoCase(fileName, ".fml") && read(data).ok() ? 100 : 0;
}

registry::Description describe(const Formulas& f, std::string_view label) {
    nlohmann::ordered_json j;
    j["format"] = "fml";
    j["label"] = std::string(label);
    j["bytes"] = f.raw.size();
    j["lines"] = f.lines;
    j["non_blank_lines"] = f.nonBlankLines;
    j["interpreted"] = false;
    return {dumpJson(j), fmt::format("FML {}: {} bytes, {} lines ({} non-blank); kept as text (grammar not recorded)",
                                     label, f.raw.size(), f.lines, f.nonBlankLines)};
}

void registerFormat(registry::FormatRegistry& formats) {
    registry::FormatInfo info;
    info.name = "fml";
    info.summary = "Iron3D AI formula export (.fml): kept as text, lines counted";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    info.describe = [](ByteView data, std::string_view label) -> Result<registry::Description> {
        VESTIGE_TRY(Formulas f, read(data));
        return describe(f, label);
    };
    formats.add(std::move(info));
}

}  // namespace vestige::iron3d::fml
