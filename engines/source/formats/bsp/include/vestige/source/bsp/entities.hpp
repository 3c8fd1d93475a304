#pragma once
// The entity lump: KeyValues-style text.
//
//   { "key" "value" ... }   { ... }   NUL
//
// Every block becomes an Entity with its pairs in file order; repeated keys (I/O outputs such as OnTrigger)
// are all kept. No escape sequences exist in this text; a value cannot contain '"'.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/source/base/entity_keys.hpp"

namespace vestige::source::bsp {

struct Entity {
    std::vector<base::KeyValue> keys;  // file order, duplicates kept
    std::uint64_t offset = 0;          // absolute offset of the '{' (0 for entities built in memory)

    // The engine's key rules (lookup, numbers, origin, angles, brush model): vestige/source/base/entity_keys.hpp.
    [[nodiscard]] base::EntityKeys view() const { return base::EntityKeys(keys); }
    // First value of `key` (ASCII case-insensitive, as the engine looks keys up).
    [[nodiscard]] std::optional<std::string_view> get(std::string_view key) const { return view().get(key); }
    [[nodiscard]] std::string_view value(std::string_view key, std::string_view fallback = {}) const {
        return view().value(key, fallback);
    }
    [[nodiscard]] std::vector<std::string_view> all(std::string_view key) const { return view().all(key); }
    [[nodiscard]] std::string_view className() const { return view().className(); }
    // "x y z" parsed as three floats; nullopt when the key is absent or malformed.
    [[nodiscard]] std::optional<Vec3> vec3(std::string_view key) const { return view().vec3(key); }
    // Pairs only: the offset is where the text came from, not part of the entity.
    friend bool operator==(const Entity& a, const Entity& b) { return a.keys == b.keys; }
};

// Parses entity text. `baseOffset` is the absolute file offset of text[0] (for error offsets).
// Text stops at the first NUL (the lump terminator); anything but whitespace/NULs after the last block fails.
// Errors: bsp.entities with the absolute offset of the bad byte.
[[nodiscard]] Result<std::vector<Entity>> parseEntities(std::string_view text, std::uint64_t baseOffset = 0);

// The lump text for a list of entities, NUL-terminated. Fails (bsp.entities) for a key or value that
// contains '"' or a NUL, since the format cannot express them.
[[nodiscard]] Result<std::string> writeEntities(const std::vector<Entity>& entities);

}  // namespace vestige::source::bsp
