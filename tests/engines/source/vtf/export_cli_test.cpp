// `vestige export x.vtf -o x.png` and `vestige info x.vtf / x.vmt` run as a user runs them (the built binary).
// Skips cleanly when the binary has no VTF support linked in yet.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/image/image.hpp"
#include "vestige/source/vtf/vtf.hpp"

namespace vestige::source::vtf {
namespace {

namespace fs = std::filesystem;

class ExportCli : public test::TempDirTest {
protected:
    void SetUp() override {
        TempDirTest::SetUp();
        // Fixture: 4x2 RGBA8888 VTF 7.5 with 2 mips and 2 frames, each subimage a flat, distinct colour.
        BuildSpec spec;
        spec.width = 4;
        spec.height = 2;
        spec.mips = 2;
        spec.frames = 2;
        auto v = buildVtf(spec, [](std::uint32_t mip, std::uint32_t frame, std::uint32_t, std::uint32_t) {
            return image::Image(4u >> mip, 2u >> mip,
                                {static_cast<std::uint8_t>(100 + mip), static_cast<std::uint8_t>(50 + frame), 7, 200});
        });
        ASSERT_TRUE(v.ok()) << v.error().render();
        auto bytes = writeVtf(*v);
        ASSERT_TRUE(bytes.ok());
        ASSERT_TRUE(writeFileAtomic(mDir / "t.vtf", *bytes).ok());
        ASSERT_TRUE(
            writeFileAtomic(mDir / "m.vmt", std::string_view("VertexLitGeneric { $basetexture t $translucent 1 }"))
                .ok());
    }
    test::CliRun run(const std::vector<std::string>& args) { return test::runCli(VESTIGE_BIN, args, mDir); }
};

TEST_F(ExportCli, ExportsTheChosenSubimageAsPng) {
    const test::CliRun r =
        run({"export", (mDir / "t.vtf").string(), "-o", (mDir / "out.png").string(), "--mip", "1", "--frame", "1"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    auto img = image::readPng(mDir / "out.png");
    ASSERT_TRUE(img.ok()) << img.error().render();
    EXPECT_EQ(img->width(), 2u);
    EXPECT_EQ(img->height(), 1u);
    EXPECT_EQ(img->at(1, 0), (image::Rgba8{101, 51, 7, 200}));

    const test::CliRun def = run({"export", (mDir / "t.vtf").string(), "-o", (mDir / "mip0.png").string()});
    ASSERT_EQ(def.code, 0) << def.out << def.err;
    auto mip0 = image::readPng(mDir / "mip0.png");
    ASSERT_TRUE(mip0.ok());
    EXPECT_EQ(mip0->width(), 4u);
    EXPECT_EQ(mip0->at(0, 0), (image::Rgba8{100, 50, 7, 200}));
}

TEST_F(ExportCli, MissingSubimageIsAnError) {
    const test::CliRun r = run({"export", (mDir / "t.vtf").string(), "-o", (mDir / "x.png").string(), "--mip", "5"});
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_NE(r.err.find("mip 5 does not exist"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(mDir / "x.png"));
}

TEST_F(ExportCli, InfoForVtfAndVmt) {
    const test::CliRun t = run({"info", (mDir / "t.vtf").string()});
    ASSERT_EQ(t.code, 0) << t.err;
    EXPECT_NE(t.out.find("VTF 7.5, 4x2, RGBA8888"), std::string::npos) << t.out;
    EXPECT_NE(t.out.find("2 mips, 2 frames (first 0), 1 faces"), std::string::npos) << t.out;
    const test::CliRun m = run({"info", (mDir / "m.vmt").string(), "--json"});
    ASSERT_EQ(m.code, 0) << m.err;
    EXPECT_NE(m.out.find("\"shader\":\"VertexLitGeneric\""), std::string::npos) << m.out;
    EXPECT_NE(m.out.find("\"translucent\":true"), std::string::npos) << m.out;
}

}  // namespace
}  // namespace vestige::source::vtf
