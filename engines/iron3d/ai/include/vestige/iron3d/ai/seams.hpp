#pragma once
// What the AI and Behavior layer needs from the world around it, as small abstract seams. World3D (issue 20)
// implements them; tests use doubles. docs/ai.md lists every seam and who must provide it.
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "vestige/core/bytes.hpp"
#include "vestige/core/rng.hpp"
#include "vestige/core/trace.hpp"

namespace vestige::iron3d::ai {

using Json = nlohmann::ordered_json;

// Game files by game-root-relative path ("MISSIONS/SCRIPTS/default.scr"; the world's VFS folds case).
// "Not found" is nullopt - the varset fallback depends on it - and any other failure is an error.
class ScriptFiles {
public:
    virtual ~ScriptFiles() = default;
    [[nodiscard]] virtual Result<std::optional<Bytes>> read(std::string_view path) const = 0;
};

// ScriptFiles over an in-memory tree (the demo, benchmarks, packed test missions); paths fold ASCII case.
class MapScriptFiles final : public ScriptFiles {
public:
    MapScriptFiles& add(std::string_view path, Bytes bytes);
    MapScriptFiles& add(std::string_view path, std::string_view text) {
        return add(path, Bytes(text.begin(), text.end()));
    }
    [[nodiscard]] Result<std::optional<Bytes>> read(std::string_view path) const override;

private:
    std::map<std::string, Bytes, std::less<>> mFiles;
};

// The one generator every Behavior instance draws from (so clan order changes the values). World3D passes one of
// its named streams; `draws` is that stream's call counter, carried by every trace event.
class SharedRandom {
public:
    virtual ~SharedRandom() = default;
    // Uniform in [0, bound).
    virtual std::uint32_t below(std::uint32_t bound) = 0;
    [[nodiscard]] virtual std::uint64_t draws() const = 0;
    [[nodiscard]] virtual std::string_view stream() const = 0;
};

// SharedRandom over a vestige::RngStreams stream, counting its draws.
class StreamRandom final : public SharedRandom {
public:
    StreamRandom(RngStreams& streams, std::string name) : mRng(&streams.stream(name)), mName(std::move(name)) {}
    std::uint32_t below(std::uint32_t bound) override {
        ++mDraws;
        return mRng->below(bound);
    }
    [[nodiscard]] std::uint64_t draws() const override { return mDraws; }
    [[nodiscard]] std::string_view stream() const override { return mName; }

private:
    Pcg32* mRng;
    std::string mName;
    std::uint64_t mDraws = 0;
};

// Where AI/Behavior trace events go; the world adds its tick and phase (TraceSinkAdapter does for a TraceSink).
class AiTrace {
public:
    virtual ~AiTrace() = default;
    virtual void event(std::string_view subsystem, std::string_view payloadJson) = 0;
};

class TraceSinkAdapter final : public AiTrace {
public:
    TraceSinkAdapter(TraceSink& sink, const std::uint64_t& tick, std::string phase = "CalculateWorldQueue")
        : mSink(&sink), mTick(&tick), mPhase(std::move(phase)) {}
    void event(std::string_view subsystem, std::string_view payloadJson) override {
        mSink->event(*mTick, mPhase, subsystem, payloadJson);
    }

private:
    TraceSink* mSink;
    const std::uint64_t* mTick;
    std::string mPhase;
};

// Emits one event with the shared stream's name and counter attached ({"...", "rng": {"stream", "draws"}}).
// Both pointers may be null (no trace; no generator yet).
struct Tracer {
    AiTrace* sink = nullptr;
    const SharedRandom* rng = nullptr;
    void emit(std::string_view subsystem, Json payload) const;
    [[nodiscard]] bool on() const { return sink != nullptr; }
};

// A world object's 32-bit bit pattern as JSON: {"bits": n, "value": <float text>} (floats as the trace renders them).
[[nodiscard]] Json floatBits(std::uint32_t bits);

}  // namespace vestige::iron3d::ai
