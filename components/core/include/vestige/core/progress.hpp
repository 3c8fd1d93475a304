#pragma once
// Progress reporting seam: long operations take a Progress& and call update(); the CLI supplies a
// terminal bar (stderr, TTY only), tests and --json runs supply the silent default.
#include <cstdint>
#include <string_view>

namespace vestige {

class Progress {
public:
    virtual ~Progress() = default;
    virtual void begin(std::string_view /*label*/, std::uint64_t /*total*/) {}
    virtual void update(std::uint64_t /*done*/) {}
    virtual void end() {}
};

// Does nothing; the default where no one is watching.
inline Progress& silentProgress() {
    static Progress p;
    return p;
}

}  // namespace vestige
