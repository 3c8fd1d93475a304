// .scr description for `vestige info` and `vestige script`.
#include "vestige/iron3d/scr/inspect.hpp"

#include <fmt/format.h>

#include "vestige/core/json.hpp"
#include "vestige/core/text.hpp"

namespace vestige::iron3d::scr {

int probe(ByteView data, std::string_view fileName) {
    if (!endsWithNoCase(fileName, ".scr")) return 0;
    return read(data).ok() ? 100 : 0;
}

registry::Description describe(const Package& p, std::string_view label, const RefNamer& names) {
    using Json = nlohmann::ordered_json;
    const Counts c = count(p);
    Json j;
    j["format"] = "scr";
    j["label"] = std::string(label);
    j["opcode_handler_count"] = p.handlerCount;
    const Status version = checkVersion(p);
    j["version_ok"] = version.ok();
    j["events"] = p.events.size();
    j["instructions"] = c.instructions;
    j["handlers"] = c.handlers;
    j["sentinels"] = c.sentinels;
    j["unknown_selectors"] = c.unknown;
    j["references"] = c.references;
    j["trailing_bytes"] = p.trailing.size();
    Json byHandler = Json::object();
    for (std::size_t h = 0; h < c.byHandler.size(); ++h)
        if (c.byHandler[h]) byHandler[std::to_string(h)] = c.byHandler[h];
    j["by_handler"] = std::move(byHandler);
    std::string t = fmt::format(
        "SCR {}: {} handlers{}, {} events, {} instructions ({} handler, {} sentinel, {} unknown), "
        "{} references, {} trailing bytes\n",
        label, p.handlerCount, version.ok() ? "" : " (VERSION MISMATCH: the VM has 73)", p.events.size(),
        c.instructions, c.handlers, c.sentinels, c.unknown, c.references, p.trailing.size());
    Json events = Json::array();
    for (std::size_t e = 0; e < p.events.size(); ++e) {
        const Event& ev = p.events[e];
        Json je;
        je["index"] = e;
        je["name"] = cp1251ToUtf8(ev.cName());
        je["name_bytes"] = ev.name.size();
        je["word"] = ev.word;
        t += fmt::format("  event {} \"{}\" word {} ({} instructions)\n", e, cp1251ToUtf8(ev.cName()), ev.word,
                         ev.instructions.size());
        Json records = Json::array();
        for (std::size_t i = 0; i < ev.instructions.size(); ++i) {
            const Instruction& ins = ev.instructions[i];
            const DispatchSelector s = DispatchSelector::of(ins);
            Json jr;
            jr["selector"] = s.label();
            jr["words"] = ins.headerWords();
            Json refs = Json::array();
            std::string refText;
            for (const std::uint32_t ref : ins.refs) {
                const std::string name = names ? names(ref) : std::string();
                refs.push_back(name.empty() ? Json{{"index", ref}} : Json{{"index", ref}, {"name", name}});
                refText += name.empty() ? fmt::format(" {}", ref) : fmt::format(" {}={}", ref, name);
            }
            jr["refs"] = std::move(refs);
            records.push_back(std::move(jr));
            t += fmt::format("    {:>3} {:<13} w1..w4 {} {} {} {} w6 {} refs:{}\n", i, s.label(), ins.head[1],
                             ins.head[2], ins.head[3], ins.head[4], ins.tail, refText.empty() ? " -" : refText);
        }
        je["instructions"] = std::move(records);
        events.push_back(std::move(je));
    }
    j["event_list"] = std::move(events);
    if (!t.empty() && t.back() == '\n') t.pop_back();
    return {dumpJson(j), std::move(t)};
}

}  // namespace vestige::iron3d::scr
