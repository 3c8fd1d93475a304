// `vestige info` / `vestige export` on studio models as a user runs them (the built binary): host files and a
// model inside a GMA (`addon.gma:models/tube.mdl`), siblings found by name in both cases.
#include "cli.hpp"

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <nlohmann/json.hpp>

#include "vestige/core/file_io.hpp"
#include "vestige/source/gma/gma.hpp"
#include "vestige/source/mdl/builder.hpp"

namespace vestige::source::mdl {
namespace {

class StudioCli : public test::TempDirTest {
protected:
    void SetUp() override {
        TempDirTest::SetUp();
        auto built = buildModel(sampleSpec());
        ASSERT_TRUE(built.ok()) << built.error().render();
        mBuilt = std::move(built).value();
        ASSERT_TRUE(writeFileAtomic(mDir / "tube.mdl", mBuilt.mdl).ok());
        ASSERT_TRUE(writeFileAtomic(mDir / "tube.vvd", mBuilt.vvd).ok());
        ASSERT_TRUE(writeFileAtomic(mDir / "tube.dx90.vtx", mBuilt.vtx).ok());
    }
    test::CliRun run(const std::vector<std::string>& args) { return test::runCli(VESTIGE_BIN, args, mDir); }
    BuiltModel mBuilt;
};

TEST_F(StudioCli, InfoJsonListsBonesMaterialsSequencesAndSiblings) {
    const auto r = run({"info", "--json", (mDir / "tube.mdl").string()});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["format"], "mdl");
    EXPECT_EQ(j["version"], 48);
    EXPECT_EQ(j["bones"][1]["name"], "tip");
    EXPECT_EQ(j["textures"][1], "stripe");
    EXPECT_EQ(j["sequences"][0]["label"], "idle");
    EXPECT_EQ(j["siblings"]["vertices"], 16);
    const auto text = run({"info", (mDir / "tube.mdl").string()});
    ASSERT_EQ(text.code, 0);
    EXPECT_NE(text.out.find("studio model v48"), std::string::npos);
}

TEST_F(StudioCli, ExportsFromHostFilesAndFromAnArchive) {
    auto r = run({"export", (mDir / "tube.mdl").string(), "-o", (mDir / "host.glb").string()});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const std::vector<gma::NewFile> files = {
        {"models/tube.mdl", mBuilt.mdl}, {"models/tube.vvd", mBuilt.vvd}, {"models/tube.dx90.vtx", mBuilt.vtx}};
    gma::Header header;
    header.name = "tube";
    auto addon = gma::write(header, files);
    ASSERT_TRUE(addon.ok()) << addon.error().render();
    ASSERT_TRUE(writeFileAtomic(mDir / "addon.gma", *addon).ok());
    r = run({"export", (mDir / "addon.gma").string() + ":models/tube.mdl", "-o", (mDir / "archive.glb").string()});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const std::string host = test::slurp(mDir / "host.glb");
    EXPECT_FALSE(host.empty());
    EXPECT_EQ(test::slurp(mDir / "archive.glb"), host);
    tinygltf::Model model;
    tinygltf::TinyGLTF loader;
    std::string err, warn;
    ASSERT_TRUE(loader.LoadBinaryFromFile(&model, &err, &warn, (mDir / "host.glb").string())) << err;
    EXPECT_EQ(model.skins.size(), 1u);
    EXPECT_TRUE(model.animations.empty());

    r = run({"export", (mDir / "tube.mdl").string(), "-o", (mDir / "anim.glb").string(), "--animated"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    tinygltf::Model animated;
    ASSERT_TRUE(loader.LoadBinaryFromFile(&animated, &err, &warn, (mDir / "anim.glb").string())) << err;
    ASSERT_EQ(animated.animations.size(), 2u);
    EXPECT_EQ(animated.animations[0].name, "idle");
}

TEST_F(StudioCli, MissingOrForeignSiblingsFailWithStructuredErrors) {
    std::filesystem::remove(mDir / "tube.dx90.vtx");
    auto r = run({"export", (mDir / "tube.mdl").string(), "-o", (mDir / "x.glb").string(), "--json"});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE((r.out + r.err).find("mdl.missing_sibling"), std::string::npos) << r.out << r.err;
    Bytes vtx = mBuilt.vtx;
    vtx[16] ^= 0x10;
    ASSERT_TRUE(writeFileAtomic(mDir / "tube.dx90.vtx", vtx).ok());
    r = run({"export", (mDir / "tube.mdl").string(), "-o", (mDir / "x.glb").string()});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE((r.out + r.err).find("mdl.checksum_mismatch"), std::string::npos) << r.out << r.err;
    EXPECT_NE((r.out + r.err).find("0x5EED1224"), std::string::npos) << r.out << r.err;
}

}  // namespace
}  // namespace vestige::source::mdl
