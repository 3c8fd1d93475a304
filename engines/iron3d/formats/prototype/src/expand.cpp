// In-place parent expansion of registry references (spec section 4.1, step 2).
#include <fmt/format.h>

#include "vestige/core/text.hpp"
#include "vestige/iron3d/prototype/names.hpp"
#include "vestige/iron3d/prototype/registry.hpp"

namespace vestige::iron3d::prototype {
namespace {

struct Walk {
    const Registry& registry;
    Expansion& out;
    std::vector<std::string> stack;  // keys being expanded, root first

    Status collect(const std::string& key, std::size_t entry, std::size_t depth) {
        if (depth > kMaxInheritanceDepth)
            return Error("prototype.depth", "the parent chain is deeper than the inheritance limit")
                .in("prototype", key)
                .expected(fmt::format("at most {} parent levels", kMaxInheritanceDepth))
                .actual(fmt::format("level {}", depth));
        for (const auto& k : stack)
            if (iequals(k, key)) {
                std::string chain;
                for (const auto& s : stack) chain += s + " -> ";
                return Error("prototype.cycle", "a prototype is its own ancestor")
                    .in("prototype", key)
                    .actual(chain + key);
            }
        VESTIGE_TRY(const std::vector<ObjectRef> refs, registry.refs(entry).in("prototype", key));
        stack.push_back(key);
        for (std::size_t i = 0; i < refs.size(); ++i) {
            const ObjectRef& ref = refs[i];
            if (!ref.isParent()) {
                out.refs.push_back({ref, stack, entry, i});
                continue;
            }
            const std::string parent(ref.resourceName());
            const auto parentEntry = registry.find(parent);
            if (!parentEntry)
                return Error("prototype.missing_parent", "a parent prototype named by the registry does not exist")
                    .in("parent", parent)
                    .record(i)
                    .in("prototype", key);
            ++out.parents;
            out.maxDepth = std::max(out.maxDepth, depth + 1);
            auto st = collect(parent, *parentEntry, depth + 1);
            if (!st) return std::move(st).error().record(i).in("prototype", key);
        }
        stack.pop_back();
        return {};
    }
};

}  // namespace

Result<std::optional<Expansion>> Registry::expand(std::string_view key) const {
    const std::string trimmed(trimAscii(key));
    const auto entry = find(trimmed);
    if (!entry) return std::optional<Expansion>{};
    Expansion e;
    e.key = trimmed;
    e.entry = *entry;
    Walk walk{*this, e, {}};
    VESTIGE_CHECK(walk.collect(trimmed, *entry, 0));
    return std::optional<Expansion>(std::move(e));
}

}  // namespace vestige::iron3d::prototype
