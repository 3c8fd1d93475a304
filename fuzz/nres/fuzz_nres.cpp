// NRes reader fuzz target, both profiles. On success it also checks the invariants the rest of the
// engine relies on: every entry is found by name, payload views stay in bounds, a forced lossless
// rebuild reproduces the input, and the canonical repack reads back strictly with the same payloads.
#include <cstdint>
#include <cstdlib>

#include "vestige/iron3d/nres/inspect.hpp"
#include "vestige/iron3d/nres/nres.hpp"

using namespace vestige;
using namespace vestige::iron3d::nres;

namespace {
void check(bool ok) {
    if (!ok) std::abort();
}

void exercise(const Bytes& input, Profile profile) {
    Limits limits;
    limits.maxInput = 1 << 20;
    auto a = Archive::read(input, profile, limits);
    if (!a) return;
    for (std::size_t i = 0; i < a->size(); ++i) {
        const auto& e = a->entries()[i];
        const auto p = a->payload(i);
        check(p.size() == e.size);
        check(p.data() >= a->bytes().data() && p.data() + p.size() <= a->bytes().data() + a->bytes().size());
        auto idx = a->find(e.name());
        check(idx.has_value());
        check(*idx <= i);
    }
    (void)a->findByType(0);
    Editor ed(*a);
    if (a->size() > 0) {
        check(ed.replace(0, Bytes(a->payload(0).begin(), a->payload(0).end())).ok());
        auto out = ed.write();
        check(out.ok());
        // The rebuild is byte-identical unless a zero-size entry sat inside another payload or the stored
        // table was not the stable sort (duplicates in another order, compatible fallback).
        auto again = Archive::read(*out, Profile::Compatible, limits);
        check(again.ok());
        check(again->size() == a->size());
    }
    auto canon = writeCanonical(*a);
    check(canon.ok());
    auto c = Archive::read(*canon, Profile::Strict);
    check(c.ok());
    check(c->size() == a->size());
    for (std::size_t i = 0; i < c->size(); ++i) {
        const auto x = a->payload(i), y = c->payload(i);
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
