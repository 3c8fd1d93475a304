// RsLi reader fuzz target, both profiles: read, look every entry up, decode every entry (bounded
// sizes), rewrite from the packed streams and read the result back with the same packed bytes.
#include <cstdint>
#include <cstdlib>

#include "vestige/iron3d/rsli/inspect.hpp"
#include "vestige/iron3d/rsli/rsli.hpp"

using namespace vestige;
using namespace vestige::iron3d::rsli;

namespace {
void check(bool ok) {
    if (!ok) std::abort();
}

void exercise(const Bytes& input, Profile profile) {
    Limits limits;
    limits.maxPacked = 1 << 20;
    limits.maxUnpacked = 1 << 20;
    auto a = Archive::read(input, profile, limits);
    if (!a) return;
    for (std::size_t i = 0; i < a->size(); ++i) {
        const auto& e = a->entries()[i];
        const auto p = a->packed(i);
        check(p.size() == e.packedAvailable);
        check(p.data() >= a->bytes().data() && p.data() + p.size() <= a->bytes().data() + a->bytes().size());
        check(a->find(e.name()).has_value() || a->findNoCase(e.name()).has_value());
        auto d = a->load(i);
        if (d) check(d->size() == e.unpackedSize);
    }
    auto again = rewrite(*a);
    if (!again) return;  // e.g. more than 4 GiB declared; rewrite reports it
    auto b = Archive::read(*again, Profile::Compatible, limits);
    check(b.ok());
    check(b->size() == a->size());
    for (std::size_t i = 0; i < a->size(); ++i) {
        check(a->entries()[i].unpackedSize == b->entries()[i].unpackedSize);
        // XOR methods are re-keyed if the table changed; others keep their packed bytes.
        const auto m = a->entries()[i].method();
        if (m == 0x020 || m == 0x060 || m == 0x0A0) continue;
        const auto x = a->packed(i), y = b->packed(i);
        check(x.size() == y.size() && std::equal(x.begin(), x.end(), y.begin()));
    }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const Bytes input(data, data + size);
    if (size <= (1u << 16)) (void)describe(input, "fuzz");  // the `info` path: JSON must never throw
    exercise(input, Profile::Strict);
    exercise(input, Profile::Compatible);
    return 0;
}
