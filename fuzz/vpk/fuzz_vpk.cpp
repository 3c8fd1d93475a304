// VPK directory fuzz target, both profiles. On success it checks what the engine relies on: the raw
// writer reproduces the input byte for byte, every entry is found by its path, loads stay in bounds (the
// input doubles as chunk 0 and 1 so chunk ranges are exercised), and the canonical writer's output of the
// loadable entries reads back strictly with the same contents.
#include <cstdint>
#include <cstdlib>

#include "vestige/source/vpk/inspect.hpp"
#include "vestige/source/vpk/vpk.hpp"

using namespace vestige;
using namespace vestige::source::vpk;

namespace {
void check(bool ok) {
    if (!ok) std::abort();
}

void exercise(const Bytes& input, Profile profile, const MemoryChunks& chunks) {
    Limits limits;
    limits.maxDirectory = 1 << 20;
    limits.maxEntries = 1 << 14;
    auto a = Archive::read(input, profile, limits);
    if (!a) {
        check(!a.error().code().empty());
        return;
    }
    auto again = writeRaw(a->raw());
    check(again.ok() && *again == input);
    std::vector<NewFile> files;
    std::size_t total = 0;
    for (std::size_t i = 0; i < a->size(); ++i) {
        const auto& e = a->entries()[i];
        auto idx = a->find(e.path);
        check(idx.has_value() && *idx <= i);
        auto data = a->load(i, &chunks, false);
        if (!data) continue;
        check(data->size() == e.size());
        auto verified = a->load(i, &chunks, true);
        check(verified.ok() == (crc32(*data) == e.raw->crc32));
        total += data->size();
        if (total < (1u << 20)) files.push_back({e.path, std::move(*data), 0});
    }
    (void)a->verifyArchiveMd5(chunks);
    auto canon = write(files, {});
    if (!canon) return;  // stored paths our writer refuses (empty segments, no name before '.', duplicates)
    auto c = Archive::read(canon->directory, Profile::Strict);
    check(c.ok());
    check(c->size() == files.size());
    for (const auto& f : files) {
        auto idx = c->find(f.path);
        check(idx.has_value());
        auto d = c->load(*idx, nullptr, true);
        check(d.ok() && *d == f.data);
    }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const Bytes input(data, data + size);
    MemoryChunks chunks;
    chunks.set(0, input);
    chunks.set(1, Bytes(input.begin() + static_cast<long>(size / 2), input.end()));
    // `info` must never throw; its JSON is costly under the sanitizers, so only a fixed quarter of the inputs
    // (chosen by size, deterministic) go through it.
    if (size <= 4096 && size % 4 == 0) (void)describe(input, "fuzz_dir.vpk", std::make_shared<MemoryChunks>(chunks));
    (void)probe(input, "fuzz_000.vpk");
    exercise(input, Profile::Strict, chunks);
    exercise(input, Profile::Compatible, chunks);
    return 0;
}
