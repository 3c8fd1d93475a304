// Demo stage: Iron3D archives. Builds a small NRes and an RsLi library (every storage method) with our
// writers, lists them, extracts every entry to files, repacks from those files and checks that the
// repacked archives are byte-identical; also edits the NRes losslessly and opens entries through the VFS.
// Writes archives/{demo.lib,demo.rlb,repacked.*,edited.lib,report.json} and archives/extract/...
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "../src/app.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/iron3d/nres/inspect.hpp"
#include "vestige/iron3d/nres/nres.hpp"
#include "vestige/iron3d/rsli/inspect.hpp"
#include "vestige/iron3d/rsli/rsli.hpp"

namespace vestige::app {
namespace {

using Json = nlohmann::ordered_json;
namespace nres = iron3d::nres;
namespace rsli = iron3d::rsli;

Bytes text(std::string_view s) { return Bytes(s.begin(), s.end()); }

Bytes pattern(std::size_t n, std::uint32_t seed) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>("IRON3D-strategy "[(i + seed) % 16]);
    return b;
}

constexpr std::uint32_t fourcc(const char (&s)[5]) {
    return static_cast<std::uint32_t>(s[0]) | (static_cast<std::uint32_t>(s[1]) << 8) |
           (static_cast<std::uint32_t>(s[2]) << 16) | (static_cast<std::uint32_t>(s[3]) << 24);
}

Status runNres(DemoContext& demo, Json& report) {
    std::vector<nres::NewEntry> entries{
        {fourcc("MAT0"), 1, 0, 0, "metal_plate", std::nullopt, text("MAT0 metal plate, specular 0.8")},
        {fourcc("Texm"), 64, 64, 0, "METAL_PLATE.TEX", std::nullopt, pattern(300, 1)},
        {fourcc("WEAR"), 0, 0, 0, "tank.wea", std::nullopt, text("1\n0 metal_plate\n")},
        {12, 0, 0, 0, "Land.map", std::nullopt, pattern(77, 5)},
        {fourcc("MAT0"), 1, 0, 0, "metalA", std::nullopt, text("MAT0 second")},
    };
    VESTIGE_TRY(Bytes lib, nres::writeCanonical(entries));
    VESTIGE_CHECK(demo.write("archives/demo.lib", lib));
    VESTIGE_TRY(nres::Archive a, nres::Archive::read(lib));
    VESTIGE_CHECK(demo.write("archives/demo.lib.ls.json", nres::listJson(a)));

    // Extract every payload to a file, then repack from the files.
    std::vector<nres::NewEntry> repack;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto& e = a.entries()[i];
        const std::string rel = fmt::format("archives/extract/nres/{}", e.name());
        VESTIGE_CHECK(demo.write(rel, a.payload(i)));
        VESTIGE_TRY(Bytes back, readFile(demo.outDir / rel));
        repack.push_back({e.type, e.attr1, e.attr2, e.attr3, "", e.nameField, std::move(back)});
    }
    VESTIGE_TRY(Bytes again, nres::writeCanonical(repack));
    VESTIGE_CHECK(demo.write("archives/repacked.lib", again));
    if (again != lib) return Error("demo.archives", "NRes extract + repack is not byte-identical");

    // Lookup through the sort table ('_' sorts before letters: MSVC lower-case fold).
    Json lookups = Json::array();
    for (const char* q : {"METAL_PLATE", "metala", "LAND.MAP", "missing"}) {
        auto idx = a.find(q);
        lookups.push_back({{"query", q}, {"index", idx ? Json(*idx) : Json(nullptr)}});
    }

    // Lossless edit: replace one payload; everything else keeps its bytes.
    nres::Editor ed(a);
    VESTIGE_CHECK(ed.replace(2, text("2\n0 metal_plate\n1 metalA\n")));
    VESTIGE_TRY(Bytes edited, ed.write());
    VESTIGE_CHECK(demo.write("archives/edited.lib", edited));
    VESTIGE_TRY(nres::Archive e2, nres::Archive::read(edited));

    // Through the VFS: the archive provider resolves entries by name.
    auto viaVfs = vfs::openSpec((demo.outDir / "archives/demo.lib").string() + ":land.map", demo.app.archives);
    if (!viaVfs || viaVfs->data != Bytes(a.payload(3).begin(), a.payload(3).end()))
        return Error("demo.archives", "VFS lookup demo.lib:land.map failed");

    report["nres"] = {{"file", "archives/demo.lib"},
                      {"bytes", lib.size()},
                      {"entries", a.size()},
                      {"sort_index", Json::array()},
                      {"lookups", lookups},
                      {"repack_identical", true},
                      {"edited_bytes", edited.size()},
                      {"edited_entry_size", e2.entries()[2].size},
                      {"vfs", "demo.lib:land.map -> 77 bytes"}};
    for (const auto& e : a.entries()) report["nres"]["sort_index"].push_back(e.sortIndex);
    demo.notes.push_back(fmt::format("NRes: {} entries, {} bytes; extract + repack byte-identical; lossless edit ok; "
                                     "VFS read demo.lib:land.map",
                                     a.size(), lib.size()));
    return {};
}

Status runRsli(DemoContext& demo, Json& report) {
    const Bytes body = pattern(600, 3);
    std::vector<rsli::NewEntry> entries;
    for (auto [name, method] : {std::pair{"STORED.DAT", rsli::Method::Stored}, {"XOR.DAT", rsli::Method::Xor},
                                {"LZSS.DAT", rsli::Method::Lzss}, {"XLZSS.DAT", rsli::Method::XorLzss},
                                {"LZHUF.DAT", rsli::Method::Lzhuf}, {"XLZHUF.DAT", rsli::Method::XorLzhuf},
                                {"DEFLATE.DAT", rsli::Method::Deflate}}) {
        rsli::NewEntry e;
        e.name = name;
        e.flags = static_cast<std::uint16_t>(method);
        e.data = body;
        entries.push_back(std::move(e));
    }
    VESTIGE_TRY(Bytes lib, rsli::write(entries));
    VESTIGE_CHECK(demo.write("archives/demo.rlb", lib));
    VESTIGE_TRY(rsli::Archive a, rsli::Archive::read(lib));
    VESTIGE_CHECK(demo.write("archives/demo.rlb.ls.json", rsli::listJson(a)));

    std::vector<rsli::NewEntry> repack;
    Json methods = Json::array();
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto& e = a.entries()[i];
        VESTIGE_TRY(Bytes data, a.load(i));
        if (data != body) return Error("demo.archives", "RsLi entry did not decode to its input").entry(std::string(e.name()));
        const std::string rel = fmt::format("archives/extract/rsli/{}", e.name());
        VESTIGE_CHECK(demo.write(rel, data));
        VESTIGE_TRY(Bytes back, readFile(demo.outDir / rel));
        rsli::NewEntry n;
        n.nameField = e.nameField;
        n.service = e.service;
        n.flags = e.flags;
        n.data = std::move(back);
        repack.push_back(std::move(n));
        methods.push_back({{"name", std::string(e.name())},
                           {"method", std::string(rsli::methodName(e.method()))},
                           {"unpacked", e.unpackedSize},
                           {"packed", e.packedSize},
                           {"xor_key", e.xorKey}});
    }
    rsli::WriteOptions opt;
    opt.header = Bytes(a.header().begin(), a.header().end());
    VESTIGE_TRY(Bytes again, rsli::write(repack, opt));
    VESTIGE_CHECK(demo.write("archives/repacked.rlb", again));
    if (again != lib) return Error("demo.archives", "RsLi extract + repack is not byte-identical");

    report["rsli"] = {{"file", "archives/demo.rlb"},
                      {"bytes", lib.size()},
                      {"entries", a.size()},
                      {"methods", methods},
                      {"repack_identical", true}};
    demo.notes.push_back(fmt::format("RsLi: {} entries (stored, xor, lzss, xor+lzss, lzhuf, xor+lzhuf, deflate), {} bytes; "
                                     "all decode to the input; extract + repack byte-identical",
                                     a.size(), lib.size()));
    return {};
}

}  // namespace

DemoStage demoStageArchives() {
    return {"archives", "NRes/RsLi: build, list, extract, repack, lossless edit, VFS lookup", [](DemoContext& demo) -> Status {
                Json report;
                VESTIGE_CHECK(runNres(demo, report));
                VESTIGE_CHECK(runRsli(demo, report));
                return demo.write("archives/report.json", report.dump(2));
            }};
}

}  // namespace vestige::app
