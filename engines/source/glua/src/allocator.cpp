// The Lua allocator: every GC object of a state (ffi cdata included) goes through it, so Options::memoryLimit is a
// ceiling on the whole Lua heap. Over it the allocation fails and LuaJIT raises "not enough memory"; the call fails
// cleanly and the state keeps working. Small blocks are recycled per size class (SmallBlocks, internal.hpp).
#include <cstdlib>
#include <cstring>

#include "internal.hpp"

namespace vestige::source::glua {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kCacheBlocks = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kCacheBlocks = false;
#else
constexpr bool kCacheBlocks = true;
#endif
#else
constexpr bool kCacheBlocks = true;
#endif

}  // namespace

SmallBlocks::~SmallBlocks() {
    for (void*& head : heads) {
        while (head) {
            void* next = *static_cast<void**>(head);
            std::free(head);
            head = next;
        }
    }
}

void* SmallBlocks::take(std::size_t n) {
    const std::size_t c = classOf(n);
    if (void* p = heads[c]; p && kCacheBlocks) {
        heads[c] = *static_cast<void**>(p);
        return p;
    }
    return std::malloc((c + 1) * kGranule);
}

void SmallBlocks::give(void* p, std::size_t n) {
    if (!kCacheBlocks) {
        std::free(p);
        return;
    }
    const std::size_t c = classOf(n);
    *static_cast<void**>(p) = heads[c];
    heads[c] = p;
}

void* luaAllocate(void* ud, void* ptr, std::size_t oldSize, std::size_t newSize) {
    auto& impl = *static_cast<Runtime::Impl*>(ud);
    SmallBlocks& blocks = impl.blocks;
    if (ptr == nullptr) oldSize = 0;
    if (newSize == 0) {
        if (ptr) {
            if (SmallBlocks::small(oldSize))
                blocks.give(ptr, oldSize);
            else
                std::free(ptr);
        }
        impl.memUsed -= oldSize;
        return nullptr;
    }
    const std::size_t limit = impl.owner->options().memoryLimit;
    if (limit != 0 && newSize > oldSize && impl.memUsed - oldSize + newSize > limit)
        return nullptr;  // LuaJIT raises "not enough memory"
    void* p = nullptr;
    const bool wasSmall = SmallBlocks::small(oldSize), isSmall = SmallBlocks::small(newSize);
    if (!ptr) {
        p = isSmall ? blocks.take(newSize) : std::malloc(newSize);
    } else if (wasSmall && isSmall && SmallBlocks::classOf(oldSize) == SmallBlocks::classOf(newSize)) {
        p = ptr;
    } else if (!wasSmall && !isSmall) {
        p = std::realloc(ptr, newSize);
    } else {
        p = isSmall ? blocks.take(newSize) : std::malloc(newSize);
        if (p) {
            std::memcpy(p, ptr, oldSize < newSize ? oldSize : newSize);
            if (wasSmall)
                blocks.give(ptr, oldSize);
            else
                std::free(ptr);
        }
    }
    if (p) impl.memUsed = impl.memUsed - oldSize + newSize;
    return p;
}

}  // namespace vestige::source::glua
