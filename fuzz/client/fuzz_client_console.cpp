// Fuzz target: the client console's text handling — splitting, tokenizing, aliases, wait, exec (of the input
// itself), binds and variables. Whatever the text, a frame ends (the per-frame cap and the exec depth hold), the
// buffer drains within its waits, and tokens never exceed Source's limits.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "vestige/source/client/console.hpp"
#include "vestige/source/client/input.hpp"
#include "vestige/source/client/keys.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige::source::client;
    if (size > 1 << 16) return 0;
    const std::string text(reinterpret_cast<const char*>(data), size);
    for (const auto& c : splitCommands(text)) {
        if (auto a = tokenize(c)) {
            if (a->argc() > kMaxArgs) std::abort();
        } else if (c.size() <= kMaxCommandLength) {
            std::abort();  // only an over-long command is refused
        }
    }
    Console console;
    Input input(console);
    std::size_t printed = 0;
    console.setPrinter([&printed](std::string_view s) { printed += s.size(); });
    console.setFileReader([&text](const std::string&) { return std::optional<std::string>(text); });
    console.addText(text);
    for (int frame = 0; frame < 8; ++frame) {
        if (console.execute() > kMaxCommandsPerFrame) std::abort();
        (void)input.createMove(frame + 1, frame + 1, 0.015f);
    }
    for (int code = 1; !keyName(code).empty(); ++code) {
        console.keyEvent(keyName(code), code, true);
        console.keyEvent(keyName(code), code, false);
    }
    (void)console.execute();
    (void)console.writeConfig();
    return 0;
}
