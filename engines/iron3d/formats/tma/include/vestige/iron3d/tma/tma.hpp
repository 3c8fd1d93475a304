#pragma once
// Iron3D mission `MISSIONS/<name>/data.tma`: read strictly in sequence with a bounded cursor (no signature
// scanning) and it must end exactly at EOF. All strings are LpString (u32 length + bytes, no terminator,
// CP1251; kept raw, NULs included).
//
//   u32 format_version = 1
//   u32 path_count        PathRecord   { i32 path_id; u32 point_count; f32 points[point_count][3] }
//   u32 clan_section_version = 6
//   u32 clan_count        ClanRecord   { Lp name; i32 raw_id; f32 anchor_x, anchor_y; u32 mode;
//                                        mode 1..3: Lp res0; i32 tag0; Lp res1; i32 tag1
//                                        mode 0:    Lp res0; u32 group_count;
//                                                   { u32 record_count; f32 rec[record_count][5] } x group_count;
//                                                   Lp res1; i32 tag1
//                                        other modes: error
//                                        u32 relation_count; { Lp other_clan; i32 value } x relation_count }
//   u32 object_section_version = 10
//   u32 object_count      PlacedObject { u32 raw_kind; u32 class_or_flags (= 0x80000002); Lp resource_name;
//                                        u32 raw_after_resource [?]; u32 identity_or_clan_raw [?];
//                                        f32 position[3], orientation[3], scale[3] (finite);
//                                        Lp instance_name; u32 raw_after_name [?]; i32 link0, link1 [?];
//                                        u32 property_schema_version (= 1);
//                                        u32 property_count; { u32 raw[4] [?]; Lp name } x property_count }
//   Lp  land_path                 e.g. "DATA\MAPS\Tut_1\land"
//   u32 mission_flag
//   Lp  description_raw           may hold service bytes / NULs
//   u32 extra_section_version = 1
//   u32 extra_count       ExtraRecord28 { f32 position[3]; u32 raw[4] [?] }
//
// Properties are an ordered bag (duplicates allowed, never sorted). Limits (a corrupt count must not make us
// allocate): LpString <= 64 KiB, paths <= 16384, points per path <= 1e6, and every count is checked against the
// bytes left before anything is reserved.
// Specification: ../shared/specs/iron3d.md sections 11 and 12.4.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"

namespace vestige::iron3d::tma {

constexpr std::uint32_t kFormatVersion = 1;
constexpr std::uint32_t kClanSectionVersion = 6;
constexpr std::uint32_t kObjectSectionVersion = 10;
constexpr std::uint32_t kPropertySchemaVersion = 1;
constexpr std::uint32_t kExtraSectionVersion = 1;
constexpr std::uint32_t kObjectClass = 0x80000002;
constexpr std::size_t kMaxString = 64 * 1024;
constexpr std::uint32_t kMaxPaths = 16384;
constexpr std::uint32_t kMaxPoints = 1'000'000;

struct PathRecord {
    std::int32_t id = 0;  // scripts refer to the id, not the index; may be negative or non-sequential
    std::vector<Vec3> points;
};

struct ClanGroup {
    std::vector<std::array<float, 5>> records;  // [?] meaning; record_count is 1 in live files
};

struct Relation {
    std::string otherClan;
    std::int32_t value = 0;
};

struct ClanRecord {
    std::string name;
    std::int32_t rawId = -1;
    float anchorX = 0, anchorY = 0;
    std::uint32_t mode = 1;         // 0..3
    std::string res0;               // script / formula base
    std::int32_t tag0 = 0;          // modes 1..3 only
    std::vector<ClanGroup> groups;  // mode 0 only
    std::string res1;               // TRF or empty
    std::int32_t tag1 = 0;
    std::vector<Relation> relations;
};

struct Property {
    std::array<std::uint32_t, 4> raw{};  // 16-byte value; typing depends on the consumer [?]
    std::string name;
};

struct PlacedObject {
    std::uint32_t rawKind = 0;
    std::uint32_t classOrFlags = kObjectClass;
    std::string resourceName;  // a prototype key or a unit .dat path
    std::uint32_t rawAfterResource = 0;
    std::uint32_t identityOrClanRaw = 0;
    Vec3 position;
    Vec3 orientation;  // radians, applied Rz * Ry * Rx
    Vec3 scale{1, 1, 1};
    std::string instanceName;
    std::uint32_t rawAfterName = 0;
    std::int32_t link0 = 0, link1 = 0;
    std::uint32_t propertySchemaVersion = kPropertySchemaVersion;
    std::vector<Property> properties;
};

struct ExtraRecord {
    Vec3 position;
    std::array<std::uint32_t, 4> raw{};
};

struct Mission {
    std::uint32_t formatVersion = kFormatVersion;
    std::vector<PathRecord> paths;
    std::uint32_t clanSectionVersion = kClanSectionVersion;
    std::vector<ClanRecord> clans;
    std::uint32_t objectSectionVersion = kObjectSectionVersion;
    std::vector<PlacedObject> objects;
    std::string landPath;
    std::uint32_t missionFlag = 0;
    std::string descriptionRaw;
    std::uint32_t extraSectionVersion = kExtraSectionVersion;
    std::vector<ExtraRecord> extras;
};

// Strict full read: every version, class word, finite transform and the exact EOF checked.
[[nodiscard]] Result<Mission> read(ByteView bytes);
// The cheap prefix decode: parses paths, clans and objects only to reach land_path.
[[nodiscard]] Result<std::string> readLandPath(ByteView bytes);
// Serialises every field in file order; read(write(m)) == m and write(read(b)) == b.
[[nodiscard]] Result<Bytes> write(const Mission& mission);
// The checks read() makes, on decoded data (record and field named).
[[nodiscard]] Status validate(const Mission& mission);

// Mission placement (section 12.4): world = R * (scale . local) + position, R = Rz(o.z) * Ry(o.y) * Rx(o.x).
// The one composition of that rule; the World3D transform view uses it too.
[[nodiscard]] Mat4 placement(Vec3 position, Vec3 orientation, Vec3 scale);
[[nodiscard]] Mat4 placement(const PlacedObject& object);
// The terrain files of a land_path: its last segment dropped, then "Land.msh" / "Land.map" (separator kept).
struct LandFiles {
    std::string directory;
    std::string mesh;
    std::string map;
};
[[nodiscard]] LandFiles landFiles(std::string_view landPath);

}  // namespace vestige::iron3d::tma
