// varset description.
#include "vestige/iron3d/varset/inspect.hpp"

#include <fmt/format.h>

#include "vestige/core/json.hpp"
#include "vestige/core/text.hpp"
#include "vestige/core/trace.hpp"

namespace vestige::iron3d::varset {

int probe(ByteView data, std::string_view fileName) {
    if (!endsWithNoCase(fileName, ".var")) return 0;
    return parse(data).ok() ? 100 : 0;
}

std::string defaultText(const Declaration& d) {
    switch (d.kind) {
        case Kind::Float:
            return TraceSink::formatFloat(d.floatValue());
        case Kind::Dword:
            return std::to_string(d.bits);
        case Kind::String:
        case Kind::Function:
            break;
    }
    return cp1251ToUtf8(d.args);
}

registry::Description describe(const VarSet& set, std::string_view label) {
    using Json = nlohmann::ordered_json;
    Json j;
    j["format"] = "varset";
    j["label"] = std::string(label);
    j["declarations"] = set.declarations.size();
    j["float"] = set.count(Kind::Float);
    j["dword"] = set.count(Kind::Dword);
    j["string"] = set.count(Kind::String);
    j["function"] = set.count(Kind::Function);
    std::string t = fmt::format("VARSET {}: {} declarations ({} float, {} DWORD, {} STRING, {} FUNCTION), {} bytes\n",
                                label, set.declarations.size(), set.count(Kind::Float), set.count(Kind::Dword),
                                set.count(Kind::String), set.count(Kind::Function), set.raw.size());
    Json list = Json::array();
    for (std::size_t i = 0; i < set.declarations.size(); ++i) {
        const Declaration& d = set.declarations[i];
        const std::string name = cp1251ToUtf8(d.name);
        list.push_back({{"index", i},
                        {"kind", kindName(d.kind)},
                        {"name", name},
                        {"default", defaultText(d)},
                        {"bits", d.bits},
                        {"line", d.line}});
        t += fmt::format("  {:>4} {:<8} {} = {}\n", i, kindName(d.kind), name, defaultText(d));
    }
    j["list"] = std::move(list);
    if (!t.empty() && t.back() == '\n') t.pop_back();
    return {dumpJson(j), std::move(t)};
}

}  // namespace vestige::iron3d::varset
