// Registry describers, VFS providers (NRes and RsLi, nested specs) and extract host names.
#include <gtest/gtest.h>

#include <filesystem>

#include "nres_fixtures.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/iron3d/nres/inspect.hpp"
#include "vestige/iron3d/nres/register.hpp"
#include "vestige/iron3d/rsli/register.hpp"
#include "vestige/iron3d/rsli/rsli.hpp"

namespace vestige::iron3d::nres {
namespace {

namespace fs = std::filesystem;

struct Registries {
    registry::FormatRegistry formats;
    vfs::ArchiveRegistry archives;
    Registries() {
        registerFormat(formats, archives);
        rsli::registerFormat(formats, archives);
    }
};

// outer.lib (NRes) holds inner.lib (NRes) and fonts.rlb (RsLi, LZSS).
fs::path writeNested() {
    const auto inner = test::canonical({{"leaf.txt", "hello leaf"}});
    rsli::NewEntry glyph;
    glyph.name = "GLYPH.FNT";
    glyph.flags = static_cast<std::uint16_t>(rsli::Method::Lzss);
    glyph.data = Bytes(100, 'g');
    auto rlb = rsli::write(std::vector<rsli::NewEntry>{glyph});
    EXPECT_TRUE(rlb.ok());
    std::vector<NewEntry> outer{{0, 0, 0, 0, "inner.lib", std::nullopt, inner},
                                {0, 0, 0, 0, "fonts.rlb", std::nullopt, *rlb}};
    auto bytes = writeCanonical(outer);
    EXPECT_TRUE(bytes.ok());
    const auto dir = fs::temp_directory_path() / "vestige_nres_register_test";
    fs::create_directories(dir);
    const auto path = dir / "outer.lib";
    EXPECT_TRUE(writeFileAtomic(path, *bytes).ok());
    return path;
}

TEST(NresRegister, ListJsonIsExact) {
    std::vector<NewEntry> list{{0x3054414D, 1, 2, 3, "one", std::nullopt, Bytes{'x'}}};
    auto a = Archive::read(*writeCanonical(list));
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(listJson(*a),
              R"({"format":"nres","entries":[{"index":0,"name":"one","type":810828109,"attr1":1,"attr2":2,"attr3":3,)"
              R"("size":1,"offset":16,"sort_index":0}]})");
    EXPECT_EQ(typeLabel(0x3054414D), "MAT0");
    EXPECT_EQ(typeLabel(12), "12");
}

TEST(NresRegister, DescribeAndProbe) {
    Registries r;
    const auto bytes = test::canonical({{"a", "1"}, {"b", "22"}});
    const auto* f = r.formats.detect(bytes, "x.lib");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->name, "nres");
    auto d = f->describe(bytes, "x.lib");
    ASSERT_TRUE(d.ok()) << d.error().render();
    EXPECT_EQ(d->json.rfind(R"({"format":"nres","label":"x.lib","profile":"strict","entry_count":2)", 0), 0u)
        << d->json;
    EXPECT_NE(d->text.find("entries:   2"), std::string::npos);
    EXPECT_EQ(r.formats.detect(Bytes{'N', 'R', 'e'}, "x.lib"), nullptr);
    auto corrupt = bytes;
    corrupt[4] = 9;
    auto bad = f->describe(corrupt, "x.lib");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "nres.bad_version");
}

TEST(NresRegister, VfsNestedSpecs) {
    Registries r;
    const auto path = writeNested();
    auto leaf = vfs::openSpec(path.string() + ":INNER.LIB:Leaf.TXT", r.archives);
    ASSERT_TRUE(leaf.ok()) << leaf.error().render();
    EXPECT_EQ(asChars(leaf->data), "hello leaf");
    auto glyph = vfs::openSpec(path.string() + ":fonts.rlb:glyph.fnt", r.archives);
    ASSERT_TRUE(glyph.ok()) << glyph.error().render();
    EXPECT_EQ(glyph->data, Bytes(100, 'g'));
    auto missing = vfs::openSpec(path.string() + ":inner.lib:nope", r.archives);
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code(), "nres.not_found");

    vfs::Vfs fs(&r.archives);
    ASSERT_TRUE(fs.mountDir("", path.parent_path()).ok());
    auto viaMount = fs.read("Outer.lib:fonts.rlb:GLYPH.FNT");
    ASSERT_TRUE(viaMount.ok()) << viaMount.error().render();
    EXPECT_EQ(viaMount->size(), 100u);
    auto provider = fs.openArchive("outer.lib");
    ASSERT_TRUE(provider.ok());
    EXPECT_EQ((*provider)->kind(), "nres");
    auto list = (*provider)->list();
    ASSERT_TRUE(list.ok());
    ASSERT_EQ(list->size(), 2u);
    EXPECT_EQ((*list)[1].name, "fonts.rlb");
    auto rl = fs.openArchive("outer.lib:fonts.rlb");
    ASSERT_TRUE(rl.ok()) << rl.error().render();
    EXPECT_EQ((*rl)->kind(), "rsli");
    EXPECT_TRUE((*rl)->contains("glyph.fnt"));
    fs::remove_all(path.parent_path());
}

}  // namespace
}  // namespace vestige::iron3d::nres

namespace vestige::iron3d::nres {
namespace {

TEST(NresRegister, DisplayNameIsCp1251ToUtf8) {
    EXPECT_EQ(displayName("ABC_1"), "ABC_1");
    EXPECT_EQ(displayName("\xD2\xE0\xED\xEA"), "\xD0\xA2\xD0\xB0\xD0\xBD\xD0\xBA");  // "Танк"
    EXPECT_EQ(displayName("\xA8\xB8"), "\xD0\x81\xD1\x91");                          // Ё ё
    EXPECT_EQ(displayName("\x88"), "\xE2\x82\xAC");                                  // €
    EXPECT_EQ(displayName("\x98"), "\xC2\x98");                                      // unassigned: U+0098
}

}  // namespace
}  // namespace vestige::iron3d::nres
