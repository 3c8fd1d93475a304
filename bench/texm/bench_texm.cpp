// Texm decode throughput (RGBA8 output) per pixel format on a 512x512 level, and the full reader on a
// 256x256 8888 texture with mips, against memcpy of the same bytes (read the results as ratios).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <map>

#include "vestige/iron3d/texm/texm.hpp"

namespace {

using namespace vestige;
using namespace vestige::iron3d;

image::Image noise(std::uint32_t w, std::uint32_t h, bool fewColours) {
    image::Image img(w, h);
    std::uint32_t s = 12345;
    for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x) {
            s = s * 1664525u + 1013904223u;
            const auto v = static_cast<std::uint8_t>(fewColours ? (s >> 24) & 0xF0 : s >> 24);
            img.set(x, y, {v, static_cast<std::uint8_t>(fewColours ? v : s >> 16), static_cast<std::uint8_t>(fewColours ? v : s >> 8), 255});
        }
    return img;
}

const texm::Texture& fixture(texm::Format f) {
    static std::map<texm::Format, texm::Texture> cache;
    auto it = cache.find(f);
    if (it == cache.end()) {
        auto t = texm::encode(noise(512, 512, f == texm::Format::Indexed), {f, 1});
        if (!t) std::abort();
        it = cache.emplace(f, std::move(*t)).first;
    }
    return it->second;
}

// Decode of one level into a preallocated RGBA buffer; bytes processed = source bytes.
void BM_Decode(benchmark::State& state) {
    const auto f = texm::kFormats[static_cast<std::size_t>(state.range(0))];
    const auto& t = fixture(f);
    const auto& src = t.mips[0];
    Bytes out(512 * 512 * 4);
    for (auto _ : state) {
        texm::decodePixels(f, src.data(), 512 * 512, t.palette.data(), out.data());
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * src.size()));
    state.SetLabel(std::string(texm::formatName(f)));
}
BENCHMARK(BM_Decode)->DenseRange(0, 6);

// Baseline: memcpy of the same source bytes, and of the RGBA output size.
void BM_MemcpySource(benchmark::State& state) {
    const auto f = texm::kFormats[static_cast<std::size_t>(state.range(0))];
    const auto& src = fixture(f).mips[0];
    Bytes out(src.size());
    for (auto _ : state) {
        std::memcpy(out.data(), src.data(), src.size());
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * src.size()));
    state.SetLabel(std::string(texm::formatName(f)));
}
BENCHMARK(BM_MemcpySource)->Arg(0)->Arg(1)->Arg(6);

// The whole reader (validate + copy levels) on a 256x256 8888 texture with 9 mips.
void BM_ReadWithMips(benchmark::State& state) {
    static const Bytes bytes = [] {
        auto t = texm::encode(noise(256, 256, false), {texm::Format::Argb8888, 9});
        return texm::write(t.value()).value();
    }();
    for (auto _ : state) {
        auto t = texm::read(bytes);
        benchmark::DoNotOptimize(t);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_ReadWithMips);

void BM_MemcpyReadBaseline(benchmark::State& state) {
    static const Bytes bytes = [] {
        auto t = texm::encode(noise(256, 256, false), {texm::Format::Argb8888, 9});
        return texm::write(t.value()).value();
    }();
    Bytes out(bytes.size());
    for (auto _ : state) {
        std::memcpy(out.data(), bytes.data(), bytes.size());
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_MemcpyReadBaseline);

}  // namespace
