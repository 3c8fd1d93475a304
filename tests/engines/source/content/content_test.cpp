// Content mounts: search order, shadowing, case rules, path ids, VPK naming, mount.cfg (fixtures from our writers).
#include <gtest/gtest.h>

#include <fstream>

#include "cli.hpp"
#include "vestige/source/bsp/pakfile.hpp"
#include "vestige/source/content/gmod.hpp"
#include "vestige/source/content/mounts.hpp"
#include "vestige/source/gma/gma.hpp"
#include "vestige/source/vpk/vpk.hpp"

namespace vestige::source::content {
namespace {

namespace fs = std::filesystem;

Bytes text(std::string_view s) { return Bytes(s.begin(), s.end()); }
std::string str(const Bytes& b) { return std::string(b.begin(), b.end()); }

void writeFile(const fs::path& p, ByteView data) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary)
        .write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
}

Bytes gmaWith(std::vector<gma::NewFile> files) {
    gma::Header h;
    h.name = "test";
    auto out = gma::write(h, files);
    EXPECT_TRUE(out.ok());
    return *out;
}

class ContentTest : public test::TempDirTest {};

TEST_F(ContentTest, PakfileShadowsAddonWhichShadowsVpk) {
    const std::string path = "materials/brick/wall.vmt";
    writeFile(mDir / "a.gma", gmaWith({{path, text("addon")}}));
    const vpk::NewFile vf{path, text("vpk")};
    auto vpkOut = vpk::write(std::span(&vf, 1));
    ASSERT_TRUE(vpkOut.ok());
    writeFile(mDir / "base.vpk", vpkOut->directory);

    Mounts m;
    ASSERT_TRUE(m.addHost(mDir / "a.gma", pathid::kGame).ok());
    ASSERT_TRUE(m.addHost(mDir / "base.vpk", pathid::kGame).ok());
    EXPECT_EQ(str(*m.read(path)), "addon");
    ASSERT_TRUE(m.addPakfile(bsp::writePakfile({{path, text("pak")}}), "maps/x.bsp").ok());
    EXPECT_EQ(m.mounts()[0].kind, MountKind::Pakfile);
    EXPECT_EQ(m.mounts()[0].entries, 1u);
    EXPECT_EQ(str(*m.read(path)), "pak");
    EXPECT_EQ(m.all(path), (std::vector<std::size_t>{0, 1, 2}));
    // Case and slash rules: one lookup for every spelling.
    EXPECT_EQ(*m.which("MATERIALS\\Brick\\WALL.vmt"), 0u);
    // Path ids: BSP sees only the pakfile; THIRDPARTY nothing here.
    EXPECT_EQ(*m.which(path, pathid::kBsp), 0u);
    EXPECT_FALSE(m.which(path, pathid::kThirdParty));
    auto missing = m.read("materials/none.vmt");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code(), "content.not_found");
}

TEST_F(ContentTest, FolderAndGmaShadowingInAddOrder) {
    writeFile(mDir / "folder/lua/autorun/x.lua", text("folder"));
    writeFile(mDir / "b.gma", gmaWith({{"lua/autorun/x.lua", text("gma")}, {"lua/only.lua", text("g")}}));
    Mounts m;
    ASSERT_TRUE(m.addHost(mDir / "folder", pathid::kGame).ok());
    ASSERT_TRUE(m.addHost(mDir / "b.gma", pathid::kGame).ok());
    EXPECT_EQ(m.mounts()[0].kind, MountKind::Dir);
    EXPECT_EQ(m.mounts()[1].kind, MountKind::Gma);
    EXPECT_EQ(m.mounts()[1].entries, 2u);
    EXPECT_EQ(str(*m.read("lua/autorun/X.LUA")), "folder");
    EXPECT_EQ(*m.which("lua/only.lua"), 1u);
    EXPECT_EQ(str(*m.read(luaPath("only.lua"))), "g");
}

TEST_F(ContentTest, VpkDirSuffixAndChunks) {
    const vpk::NewFile files[] = {{"sound/a.wav", text("chunked-a")}, {"sound/b.wav", text("chunked-b")}};
    vpk::WriteOptions opt;
    opt.singleFile = false;
    auto out = vpk::write(files, opt);
    ASSERT_TRUE(out.ok());
    ASSERT_EQ(out->chunks.size(), 1u);
    // pak01_dir.vpk + pak01_000.vpk, mounted as "pak01.vpk" (the _dir suffix is found).
    writeFile(mDir / "pak01_dir.vpk", out->directory);
    writeFile(mDir / "pak01_000.vpk", out->chunks[0]);
    // A directory named without the suffix reads "<stem>_000.vpk".
    writeFile(mDir / "nosuffix.vpk", out->directory);
    writeFile(mDir / "nosuffix_000.vpk", out->chunks[0]);
    Mounts m;
    ASSERT_TRUE(m.addHost(mDir / "pak01.vpk", pathid::kGame).ok());
    EXPECT_EQ(m.mounts()[0].name, "pak01_dir.vpk");
    EXPECT_EQ(str(*m.read("sound/b.wav")), "chunked-b");
    Mounts n;
    ASSERT_TRUE(n.addHost(mDir / "nosuffix.vpk", pathid::kGame).ok());
    EXPECT_EQ(str(*n.read("sound/a.wav")), "chunked-a");
    // A damaged chunk is an error from the mount that lists the file, never a fall-through.
    writeFile(mDir / "nosuffix_000.vpk", text("xxxxxxxxxxxxxxxxxx"));
    auto bad = n.read("sound/a.wav");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().code(), "content.not_found");
}

TEST_F(ContentTest, RefusesWhatCannotBeMounted) {
    writeFile(mDir / "x.txt", text("x"));
    Mounts m;
    EXPECT_EQ(m.addHost(mDir / "x.txt", pathid::kGame).error().code(), "content.mount_kind");
    EXPECT_EQ(m.addHost(mDir / "none", pathid::kGame).error().code(), "content.not_found");
    writeFile(mDir / "broken.gma", text("GMAD\3"));
    EXPECT_FALSE(m.addHost(mDir / "broken.gma", pathid::kGame).ok());
    EXPECT_TRUE(m.mounts().empty());
}

TEST(MountCfg, ParsesEntriesAndComments) {
    auto e =
        parseMountCfg("// comment\n\"mountcfg\"\n{\n//\t\"tf\" \"C:\\tf\"\n\t\"cstrike\"\t\"/games/css/cstrike\"\n}\n");
    ASSERT_TRUE(e.ok());
    ASSERT_EQ(e->size(), 1u);
    EXPECT_EQ((*e)[0].id, "cstrike");
    EXPECT_EQ((*e)[0].path, "/games/css/cstrike");
    EXPECT_EQ(parseMountCfg("\"other\" { }").error().code(), "content.mountcfg");
}

TEST(PathIds, NamesAndBits) {
    EXPECT_EQ(*pathIdBits("game"), pathid::kGame);
    EXPECT_EQ(*pathIdBits("THIRDPARTY"), pathid::kThirdParty);
    EXPECT_FALSE(pathIdBits("LUA"));  // LUA = GAME + "lua/" (luaPath)
    EXPECT_EQ(pathIdNames(pathid::kGame | pathid::kMod), "GAME MOD");
}

TEST_F(ContentTest, GmodOrder) {
    const fs::path gm = mDir / "GarrysMod" / "garrysmod";
    writeFile(gm / "materials/m.vmt", text("loose"));
    writeFile(gm / "addons/zeta/materials/m.vmt", text("zeta"));
    writeFile(gm / "addons/Alpha.gma", gmaWith({{"materials/m.vmt", text("alpha")}}));
    writeFile(gm / "download/materials/d.vmt", text("dl"));
    writeFile(gm / "data/save.txt", text("data"));
    const fs::path css = mDir / "css" / "cstrike";
    writeFile(css / "materials/m.vmt", text("css"));
    writeFile(css / "materials/css_only.vmt", text("css"));
    writeFile(gm / "cfg/mount.cfg", text("\"mountcfg\"\n{\n\t\"cstrike\" \"" + css.string() + "\"\n\t\"tf\" \"" +
                                         (mDir / "none").string() + "\"\n}\n"));
    const vpk::NewFile hl2{"materials/hl2.vmt", text("hl2")};
    writeFile(gm.parent_path() / "sourceengine/hl2_textures_dir.vpk", vpk::write(std::span(&hl2, 1))->directory);
    const fs::path extra = mDir / "extra";
    writeFile(extra / "materials/e.vmt", text("extra"));

    auto r = mountGmod({.gmodDir = gm, .extra = {extra}});
    ASSERT_TRUE(r.ok()) << r.error().render();
    std::vector<std::string> names;
    for (const auto& m : r->mounts.mounts()) names.push_back(m.name);
    EXPECT_EQ(names, (std::vector<std::string>{"addons/Alpha.gma", "addons/zeta", "garrysmod", "sourceengine",
                                               "sourceengine/hl2_textures_dir.vpk", "cstrike",
                                               "mount:" + extra.string(), "download", "data"}));
    ASSERT_EQ(r->skipped.size(), 1u);
    EXPECT_TRUE(r->skipped[0].starts_with("tf: "));
    const Mounts& m = r->mounts;
    EXPECT_EQ(str(*m.read("materials/m.vmt")), "alpha");
    EXPECT_EQ(str(*m.read("materials/m.vmt", pathid::kMod)), "loose");
    EXPECT_EQ(str(*m.read("materials/hl2.vmt")), "hl2");
    EXPECT_EQ(m.mounts()[*m.which("materials/css_only.vmt")].gameId, "cstrike");
    EXPECT_EQ(*m.which("materials/d.vmt", pathid::kDownload), 7u);
    EXPECT_EQ(str(*m.read("save.txt", pathid::kData)), "data");
    EXPECT_FALSE(m.which("save.txt", pathid::kGame));
    EXPECT_TRUE(m.exists("materials/m.vmt", pathid::kWorkshop));
    EXPECT_EQ(mountGmod({.gmodDir = mDir / "nope"}).error().code(), "content.no_gmod_dir");
}

}  // namespace
}  // namespace vestige::source::content
