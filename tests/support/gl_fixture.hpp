#pragma once
// One headless GL 4.5 context per test suite, shared by its tests; the suite's tests skip (with the reason)
// when the machine has no context, and fail when CI=true (CI has llvmpipe: a skip there would hide a defect).
// Header-only: only suites that link render_gl include it.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "vestige/render_gl/headless.hpp"

namespace vestige::test {

template <std::uint32_t Width, std::uint32_t Height>
class OffscreenGlTest : public ::testing::Test {
protected:
    static constexpr std::uint32_t kW = Width, kH = Height;

    static void SetUpTestSuite() {
        auto off = render_gl::Offscreen::create(kW, kH);
        if (!off) {
            sReason = off.error().render();
            return;
        }
        sOff = new render_gl::Offscreen(std::move(*off));
    }
    static void TearDownTestSuite() {
        delete sOff;
        sOff = nullptr;
    }
    void SetUp() override {
        if (sOff) return;
        const char* ci = std::getenv("CI");
        if (ci && std::string_view(ci) == "true") FAIL() << "CI=true but no headless OpenGL 4.5 context: " << sReason;
        GTEST_SKIP() << "no headless OpenGL 4.5 context: " << sReason;
    }

    static inline render_gl::Offscreen* sOff = nullptr;
    static inline std::string sReason;
};

}  // namespace vestige::test
