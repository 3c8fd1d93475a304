#pragma once
// Test doubles for the AI seams: an in-memory game tree, a recording trace, H15 targets.
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "vestige/core/text.hpp"
#include "vestige/iron3d/ai/superai.hpp"
#include "vestige/iron3d/scr/builder.hpp"
#include "vestige/iron3d/varset/builder.hpp"

namespace vestige::iron3d::ai::test {

class MemoryFiles final : public ScriptFiles {
public:
    MemoryFiles& add(const std::string& path, Bytes bytes) {
        mFiles[asciiLower(path)] = std::move(bytes);
        return *this;
    }
    MemoryFiles& add(const std::string& path, std::string_view text) {
        return add(path, Bytes(text.begin(), text.end()));
    }
    MemoryFiles& add(const std::string& path, const scr::Package& p) { return add(path, scr::write(p).value()); }
    Result<std::optional<Bytes>> read(std::string_view path) const override {
        reads.emplace_back(path);
        if (failing == path) return Error("io.read", "disk error");
        const auto it = mFiles.find(asciiLower(path));
        if (it == mFiles.end()) return std::optional<Bytes>();
        return std::optional<Bytes>(it->second);
    }
    mutable std::vector<std::string> reads;
    std::string failing;

private:
    std::map<std::string, Bytes> mFiles;
};

class RecordingTrace final : public AiTrace {
public:
    void event(std::string_view subsystem, std::string_view payload) override {
        events.push_back({std::string(subsystem), nlohmann::json::parse(payload)});
    }
    [[nodiscard]] std::vector<nlohmann::json> of(std::string_view subsystem) const {
        std::vector<nlohmann::json> out;
        for (const auto& [s, j] : events)
            if (s == subsystem) out.push_back(j);
        return out;
    }
    std::vector<std::pair<std::string, nlohmann::json>> events;
};

class FakeTargets final : public ScriptTargets {
public:
    bool exists(std::uint32_t word0) const override { return word0 == present; }
    std::uint32_t invoke(std::uint32_t word0, const H15Payload& payload, std::uint32_t word2) override {
        calls.push_back({word0, word2, payload});
        if (onInvoke) onInvoke();
        return result;
    }
    std::uint32_t present = 7;
    std::uint32_t result = 1;
    std::vector<TargetCall> calls;
    std::function<void()> onInvoke;
};

// The synthetic shared varset (231 declarations, ClanBaseX/Y/ClanID at 224..226).
inline std::string sharedVarSet() { return varset::sharedShapeText(); }

inline ClanSpec clan(std::uint32_t index, std::string res0, float x, float y) {
    return {index, "Clan" + std::to_string(index), std::move(res0), x, y};
}

}  // namespace vestige::iron3d::ai::test
