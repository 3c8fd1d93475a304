// Demo stage: the VFS. Builds a small host tree with mixed-case names, mounts it, resolves paths
// case-insensitively and shows that escapes are refused. Writes vfs/report.json.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "../src/app.hpp"
#include "vestige/core/file_io.hpp"

namespace vestige::app {

DemoStage demoStageVfs() {
    return {"vfs", "mount a host tree, resolve paths case-insensitively, refuse escapes", [](DemoContext& demo) -> Status {
                const auto tree = demo.outDir / "vfs" / "tree";
                std::error_code ec;
                std::filesystem::remove_all(tree, ec);
                std::filesystem::create_directories(tree / "Data" / "Textures", ec);
                if (ec) return Error("io.mkdir", ec.message()).file(tree.string());
                VESTIGE_CHECK(writeFileAtomic(tree / "Data" / "Textures" / "Stone.TXT", std::string_view("granite")));
                VESTIGE_CHECK(writeFileAtomic(tree / "Data" / "ReadMe.txt", std::string_view("hello from the vfs demo")));

                vfs::Vfs fs(&demo.app.archives);
                VESTIGE_CHECK(fs.mountDir("", tree));
                nlohmann::json report;
                report["mount"] = "vfs/tree";
                for (const char* query : {"data/textures/stone.txt", "DATA\\README.TXT", "Data/Textures/Missing.txt",
                                          "../etc/passwd", "/etc/passwd", "C:/autoexec.bat"}) {
                    auto r = fs.read(query);
                    nlohmann::json row{{"query", query}, {"ok", r.ok()}};
                    if (r) row["content"] = std::string(asChars(*r));
                    else row["error"] = r.error().code();
                    report["lookups"].push_back(row);
                }
                int okCount = 0;
                for (const auto& row : report["lookups"]) okCount += row["ok"].get<bool>() ? 1 : 0;
                if (okCount != 2) return Error("demo.vfs", fmt::format("expected 2 successful lookups, got {}", okCount));
                demo.notes.push_back("2 case-folded lookups resolved; missing file, '..', absolute and drive-letter paths refused");
                return demo.write("vfs/report.json", report.dump(2));
            }};
}

}  // namespace vestige::app
