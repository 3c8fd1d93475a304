// `vestige info` on models with a required stream missing (issue 17 item 4): exit 1 with msh.missing_stream
// naming the stream, whether the file is named .msh or only holds indices and batches.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "fixture.hpp"
#include "vestige/core/file_io.hpp"

namespace vestige::iron3d::msh::test {
namespace {

class MshInfoCli : public vestige::test::TempDirTest {
protected:
    vestige::test::CliRun info(const std::string& name, const Bytes& bytes) {
        EXPECT_TRUE(writeFileAtomic(mDir / name, bytes).ok());
        return vestige::test::runCli(VESTIGE_BIN, {"info", "--json", (mDir / name).string()}, mDir);
    }
};

Bytes without(std::uint32_t type) {
    return mutated([type](auto& entries) {
        entries.erase(std::find_if(entries.begin(), entries.end(), [type](auto& e) { return e.type == type; }));
    });
}

TEST_F(MshInfoCli, MissingPositionsIsAnErrorNamingTheStream) {
    for (const std::string name : {"tank.msh", "tank.bin"}) {
        auto r = info(name, without(stream::kPositions));
        EXPECT_EQ(r.code, 1) << name << ": " << r.out;
        const auto j = nlohmann::json::parse(r.out);
        EXPECT_EQ(j["error"]["code"], "msh.missing_stream") << name;
        EXPECT_NE(j["error"]["message"].get<std::string>().find("type 3 (positions)"), std::string::npos);
    }
    // Every required stream, under a .msh name.
    for (std::uint32_t type : {stream::kNodes, stream::kSlots, stream::kIndices, stream::kBatches}) {
        auto r = info("model.msh", without(type));
        EXPECT_EQ(r.code, 1) << type;
        EXPECT_EQ(nlohmann::json::parse(r.out)["error"]["code"], "msh.missing_stream") << type;
    }
    // A complete model still describes, and a plain NRes without model streams stays an NRes.
    auto ok = info("tank.msh", tankBytes());
    EXPECT_EQ(ok.code, 0) << ok.err;
    EXPECT_EQ(nlohmann::json::parse(ok.out)["format"], "msh");
}

}  // namespace
}  // namespace vestige::iron3d::msh::test
