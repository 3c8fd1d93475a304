// GMA fuzz target, both profiles: the raw writer reproduces the input, lookups find every file, payloads
// stay in bounds, and the canonical writer's output reads back strictly with the same files.
#include <cstdint>
#include <cstdlib>

#include "vestige/source/gma/gma.hpp"
#include "vestige/source/gma/inspect.hpp"

using namespace vestige;
using namespace vestige::source::gma;

namespace {
void check(bool ok) {
    if (!ok) std::abort();
}

void exercise(const Bytes& input, Profile profile) {
    Limits limits;
    limits.maxInput = 1 << 20;
    limits.maxFiles = 1 << 14;
    auto a = Addon::read(input, profile, limits);
    if (!a) {
        check(!a.error().code().empty());
        return;
    }
    auto again = writeRaw(a->raw());
    check(again.ok() && *again == input);
    std::vector<NewFile> files;
    for (std::size_t i = 0; i < a->size(); ++i) {
        const auto& f = a->files()[i];
        auto idx = a->find(f.path);
        check(idx.has_value() && *idx <= i);
        const auto p = a->payload(i);
        check(p.size() == static_cast<std::uint64_t>(f.size));
        check(p.data() >= a->raw().data.data() && p.data() + p.size() <= a->raw().data.data() + a->raw().data.size());
        auto loaded = a->load(i, true);
        check(loaded.ok() == (crc32(p) == f.crc32));
        files.push_back({f.path, Bytes(p.begin(), p.end())});
    }
    auto canon = write(a->header(), files);
    if (!canon) return;  // empty paths or NUL-free checks our writer enforces
    auto c = Addon::read(*canon, Profile::Compatible);
    check(c.ok());
    check(c->size() == files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        auto d = c->load(i, true);
        check(d.ok() && *d == files[i].data);
    }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const Bytes input(data, data + size);
    // `info` must never throw; its JSON touches thousands of edges, which makes libFuzzer's per-feature
    // bookkeeping dominate, so only a fixed quarter of the inputs (chosen by size, deterministic) go through it.
    if (size <= 4096 && size % 4 == 0) (void)describe(input, "fuzz.gma");
    exercise(input, Profile::Strict);
    exercise(input, Profile::Compatible);
    return 0;
}
