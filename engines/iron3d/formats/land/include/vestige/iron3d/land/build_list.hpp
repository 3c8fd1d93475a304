#pragma once
// Iron3D `BuildDat.lst` (text at the game root): building categories and their unit paths.
//
//   // comment lines and blank lines are skipped (lines are trimmed first)
//   Generator 2                      <- header: exactly two tokens, a known category and a decimal count
//   "UNITS\BUILDS\AI\gen1.dat"       <- `count` lines, each one double-quoted path of [A-Za-z0-9_./\-]
//   "UNITS\BUILDS\AI\gen2.dat"
//
// Categories and masks: Bunker_Small 0x80010000, Bunker_Medium 0x80020000, Bunker_Large 0x80040000,
// Generator 0x80000002, Mine 0x80000004, Storage 0x80000008, Plant 0x80000010, Hangar 0x80000040,
// MainTeleport 0x80000200, Institute 0x80000400, Tower_Medium 0x80100000, Tower_Large 0x80200000.
// An unknown category is an error (never a zero mask). The raw text is kept, so a read file writes back
// byte for byte; the builder renders the canonical form (CRLF line ends, the game's Windows text).
// Specification: ../shared/specs/iron3d.md section 12.3.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::iron3d::land {

// The mask of a category name (exact spelling), or nullopt when unknown.
[[nodiscard]] std::optional<std::uint32_t> categoryMask(std::string_view category);

struct BuildCategory {
    std::string name;
    std::uint32_t mask = 0;
    std::vector<std::string> paths;  // without the quotes, as written
    std::uint32_t line = 0;          // 1-based line of the header (0 when built in memory)
};

class BuildList {
public:
    [[nodiscard]] static Result<BuildList> read(ByteView bytes);
    [[nodiscard]] const std::vector<BuildCategory>& categories() const { return mCategories; }
    [[nodiscard]] std::size_t pathCount() const;
    [[nodiscard]] const Bytes& raw() const { return mRaw; }
    // The original bytes (lossless).
    [[nodiscard]] const Bytes& write() const { return mRaw; }

private:
    std::vector<BuildCategory> mCategories;
    Bytes mRaw;
};

// Canonical text for these categories (header "<name> <count>", quoted paths, CRLF); checks every name and path.
[[nodiscard]] Result<Bytes> buildBuildList(const std::vector<BuildCategory>& categories);

}  // namespace vestige::iron3d::land
