// Fuzz target: KeyValues parser (escapes on and off), writer round trip (parse(write(doc)) == doc), the
// conditional filter and the VMT view with Patch resolution against an in-memory loader.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "vestige/source/keyvalues/keyvalues.hpp"
#include "vestige/source/keyvalues/vmt.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige::source::keyvalues;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (bool escapes : {false, true}) {
        ParseOptions po;
        po.escapes = escapes;
        auto doc = parse(text, po);
        if (!doc.ok()) continue;
        WriteOptions wo;
        wo.escapes = escapes;
        auto out = write(*doc, wo);
        if (out.ok()) {
            auto back = parse(*out, po);
            if (!back.ok() || !(*back == *doc)) std::abort();  // the writer must be lossless for what it accepts
        }
        (void)applyConditions(*doc, pcConditions());
    }
    auto m = parseMaterial(text);
    if (m.ok()) {
        MaterialLoader load = [&](std::string_view) -> vestige::Result<std::string> { return std::string(text); };
        auto r = resolvePatch(*m, load, 4);
        (void)r;
    }
    return 0;
}
