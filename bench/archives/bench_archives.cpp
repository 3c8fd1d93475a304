// Archive throughput, each read against memcpy of the same bytes in the same run:
//  - extract every stored entry of a 64 MiB synthetic NRes (lookup by name + copy out) vs memcpy;
//  - NRes parse + validation of a 100k-entry archive vs memcpy of its bytes (the reader copies its input);
//  - RsLi load (decode) per storage method on 4 MiB of text-like data, vs memcpy of the output size.
#include <benchmark/benchmark.h>

#include <malloc.h>

#include <cstring>
#include <string>

#include "vestige/iron3d/nres/nres.hpp"
#include "vestige/iron3d/rsli/rsli.hpp"

namespace {

using namespace vestige;
using namespace vestige::iron3d;

// Keep freed blocks in the heap so per-iteration allocations do not pay first-touch page faults.
void warmHeap() {
    static const bool done = [] {
        mallopt(M_MMAP_THRESHOLD, 1 << 30);
        mallopt(M_TRIM_THRESHOLD, 1 << 30);
        return true;
    }();
    (void)done;
}

Bytes textLike(std::size_t n, std::uint32_t seed) {
    static const char* kWords[] = {"tank ", "turret ", "IRON ", "strategy ", "0.25 ", "metal_plate ", "\n", "lod ",
                                   "state ", "Texm ", "MAT0 ", "wheel "};
    Bytes b;
    b.reserve(n);
    std::uint32_t x = seed * 2654435761u + 1;
    while (b.size() < n) {
        x = x * 1664525u + 1013904223u;
        const char* w = kWords[(x >> 24) % 12];
        for (const char* p = w; *p && b.size() < n; ++p) b.push_back(static_cast<std::uint8_t>(*p));
    }
    return b;
}

struct BigNres {
    nres::Archive archive;
    std::vector<std::string> names;
    std::uint64_t payloadBytes = 0;
    Bytes out;
    BigNres() {
        constexpr std::size_t kEntries = 1024, kSize = 64 * 1024;  // 64 MiB of payloads
        std::vector<nres::NewEntry> list;
        for (std::size_t i = 0; i < kEntries; ++i) {
            nres::NewEntry e;
            e.name = "ENTRY_" + std::to_string(i) + ".TEX";
            e.data.assign(kSize, static_cast<std::uint8_t>(i));
            names.push_back(e.name);
            payloadBytes += kSize;
            list.push_back(std::move(e));
        }
        auto bytes = nres::writeCanonical(list);
        if (!bytes) std::abort();
        auto a = nres::Archive::read(std::move(*bytes));
        if (!a) std::abort();
        archive = std::move(*a);
        out.assign(payloadBytes, 0);
    }
};

BigNres& big() {
    static BigNres f;
    return f;
}

void BM_Memcpy64MiB(benchmark::State& state) {
    auto& f = big();
    // The same bytes the extractor copies: the payload region of the archive.
    const auto* src = f.archive.bytes().data() + nres::kHeaderSize;
    for (auto _ : state) {
        std::memcpy(f.out.data(), src, f.payloadBytes);
        benchmark::DoNotOptimize(f.out.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * f.payloadBytes));
}
BENCHMARK(BM_Memcpy64MiB)->Unit(benchmark::kMillisecond);

void BM_NresExtractStored64MiB(benchmark::State& state) {
    auto& f = big();
    for (auto _ : state) {
        std::size_t at = 0;
        for (const auto& name : f.names) {
            const auto idx = f.archive.find(name);
            const auto p = f.archive.payload(*idx);
            std::memcpy(f.out.data() + at, p.data(), p.size());
            at += p.size();
        }
        benchmark::DoNotOptimize(f.out.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * f.payloadBytes));
    state.counters["entries"] = static_cast<double>(f.names.size());
}
BENCHMARK(BM_NresExtractStored64MiB)->Unit(benchmark::kMillisecond);

struct ManyNres {
    Bytes bytes;
    std::size_t entries = 100'000;
    ManyNres() {
        std::vector<nres::NewEntry> list;
        list.reserve(entries);
        for (std::size_t i = 0; i < entries; ++i)
            list.push_back({static_cast<std::uint32_t>(i % 21), 0, 0, 0, "n" + std::to_string((i * 7919) % entries),
                            std::nullopt, Bytes(16, 1)});
        auto b = nres::writeCanonical(list);
        if (!b) std::abort();
        bytes = std::move(*b);
    }
};

ManyNres& many() {
    static ManyNres f;
    return f;
}

void BM_MemcpyManyBaseline(benchmark::State& state) {
    warmHeap();
    auto& f = many();
    for (auto _ : state) {
        Bytes copy(f.bytes.begin(), f.bytes.end());
        benchmark::DoNotOptimize(copy.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * f.bytes.size()));
}
BENCHMARK(BM_MemcpyManyBaseline)->Unit(benchmark::kMillisecond);

void BM_NresParse100kEntries(benchmark::State& state) {
    warmHeap();
    auto& f = many();
    for (auto _ : state) {
        auto a = nres::Archive::read(ByteView(f.bytes));
        if (!a) state.SkipWithError("parse failed");
        benchmark::DoNotOptimize(a->size());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * f.bytes.size()));
    state.counters["entries/s"] =
        benchmark::Counter(static_cast<double>(f.entries) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_NresParse100kEntries)->Unit(benchmark::kMillisecond);

struct Methods {
    rsli::Archive archive;
    Bytes plain = textLike(4 << 20, 7);
    Methods() {
        std::vector<rsli::NewEntry> list;
        for (auto m : {rsli::Method::Stored, rsli::Method::Xor, rsli::Method::Lzss, rsli::Method::XorLzss,
                       rsli::Method::Lzhuf, rsli::Method::XorLzhuf, rsli::Method::Deflate}) {
            rsli::NewEntry e;
            e.name = std::string(rsli::methodName(static_cast<std::uint16_t>(m)));
            for (auto& c : e.name) c = (c == '+') ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            e.flags = static_cast<std::uint16_t>(m);
            e.data = plain;
            list.push_back(std::move(e));
        }
        auto b = rsli::write(list);
        if (!b) std::abort();
        auto limits = rsli::Limits{};
        auto a = rsli::Archive::read(std::move(*b), rsli::Profile::Strict, limits);
        if (!a) std::abort();
        archive = std::move(*a);
    }
};

Methods& methods() {
    static Methods f;
    return f;
}

void BM_RsliMemcpy4MiB(benchmark::State& state) {
    warmHeap();
    auto& f = methods();
    for (auto _ : state) {
        Bytes copy(f.plain.begin(), f.plain.end());
        benchmark::DoNotOptimize(copy.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * f.plain.size()));
}
BENCHMARK(BM_RsliMemcpy4MiB)->Unit(benchmark::kMillisecond);

void BM_RsliLoad(benchmark::State& state) {
    warmHeap();
    auto& f = methods();
    const auto index = static_cast<std::size_t>(state.range(0));
    const auto& e = f.archive.entries()[index];
    state.SetLabel(std::string(rsli::methodName(e.method())));
    for (auto _ : state) {
        auto d = f.archive.load(index);
        if (!d) state.SkipWithError("load failed");
        benchmark::DoNotOptimize(d->data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * e.unpackedSize));  // output bytes
    state.counters["ratio"] = static_cast<double>(e.packedSize) / static_cast<double>(e.unpackedSize);
}
BENCHMARK(BM_RsliLoad)->DenseRange(0, 6)->Unit(benchmark::kMillisecond);

}  // namespace
