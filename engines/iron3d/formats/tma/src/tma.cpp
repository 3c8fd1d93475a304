// TMA mission reader and writer. Layout picture: tma.hpp.
#include "vestige/iron3d/tma/tma.hpp"

#include <fmt/format.h>

#include <cmath>

namespace vestige::iron3d::tma {
namespace {

// Cursor over the file with the section/record context of the current field.
class Cursor {
public:
    explicit Cursor(ByteView data) : mReader(data) {}

    ByteReader& reader() { return mReader; }

    Result<std::string> lp(std::string_view field) {
        const std::uint64_t at = mReader.absolute();
        VESTIGE_TRY(std::uint32_t len, mReader.u32(field));
        if (len > kMaxString)
            return Error("tma.string_too_long", "LpString longer than the 64 KiB limit")
                .field(std::string(field))
                .at(at)
                .expected(fmt::format("<= {}", kMaxString))
                .actual(std::to_string(len));
        VESTIGE_TRY(ByteView b, mReader.bytes(len, field));
        return std::string(asChars(b));
    }

    // A count whose records need at least `minRecord` bytes each: checked against what is left.
    Result<std::uint32_t> count(std::string_view field, std::uint64_t minRecord, std::uint64_t limit) {
        const std::uint64_t at = mReader.absolute();
        VESTIGE_TRY(std::uint32_t n, mReader.u32(field));
        std::uint64_t need = 0;
        if (n > limit || !checkedMul(n, minRecord, need) || need > mReader.remaining())
            return Error("tma.bad_count", "count cannot fit the bytes left (or exceeds the limit)")
                .field(std::string(field))
                .at(at)
                .expected(fmt::format("<= {} and {} x {} <= {} bytes left", limit, n, minRecord, mReader.remaining()))
                .actual(std::to_string(n));
        return n;
    }

    Status version(std::string_view field, std::uint32_t want, std::uint32_t& out) {
        const std::uint64_t at = mReader.absolute();
        VESTIGE_TRY(out, mReader.u32(field));
        if (out != want)
            return Error("tma.bad_version", "unsupported section version")
                .field(std::string(field))
                .at(at)
                .expected(std::to_string(want))
                .actual(std::to_string(out));
        return {};
    }

    Result<Vec3> vec3(std::string_view field, bool requireFinite) {
        const std::uint64_t at = mReader.absolute();
        Vec3 v;
        VESTIGE_TRY(v.x, mReader.f32(field));
        VESTIGE_TRY(v.y, mReader.f32(field));
        VESTIGE_TRY(v.z, mReader.f32(field));
        if (requireFinite && !isFinite(v))
            return Error("tma.not_finite", "transform component is NaN or infinite")
                .field(std::string(field))
                .at(at)
                .expected("finite floats")
                .actual(fmt::format("({}, {}, {})", v.x, v.y, v.z));
        return v;
    }

private:
    ByteReader mReader;
};

template <class T>
Result<T> inRecord(Result<T> r, const char* section, std::size_t index) {
    if (!r.ok()) return std::move(r).error().record(index).in("section", section);
    return r;
}

// Minimum bytes of one record per section (all LpStrings empty, all counts 0).
constexpr std::uint64_t kMinPath = 8;
constexpr std::uint64_t kMinClan =
    40;  // name, raw_id, anchor x/y, mode, res0, tag0/group_count, res1, tag1, relation_count
constexpr std::uint64_t kMinObject = 4 + 4 + 4 + 4 + 4 + 36 + 4 + 4 + 8 + 4 + 4;
constexpr std::uint64_t kMinProperty = 16 + 4;
constexpr std::uint64_t kMinRelation = 8;
constexpr std::uint64_t kExtraSize = 28;

Result<PathRecord> readPath(Cursor& c) {
    PathRecord p;
    auto& r = c.reader();
    VESTIGE_TRY(p.id, r.i32("path_id"));
    VESTIGE_TRY(std::uint32_t n, c.count("point_count", 12, kMaxPoints));
    p.points.resize(n);
    for (auto& pt : p.points) { VESTIGE_TRY(pt, c.vec3("point", false)); }
    return p;
}

Result<ClanRecord> readClan(Cursor& c) {
    ClanRecord k;
    auto& r = c.reader();
    VESTIGE_TRY(k.name, c.lp("name"));
    VESTIGE_TRY(k.rawId, r.i32("raw_id"));
    VESTIGE_TRY(k.anchorX, r.f32("anchor_x"));
    VESTIGE_TRY(k.anchorY, r.f32("anchor_y"));
    const std::uint64_t modeAt = r.absolute();
    VESTIGE_TRY(k.mode, r.u32("mode"));
    if (k.mode >= 1 && k.mode <= 3) {
        VESTIGE_TRY(k.res0, c.lp("res0"));
        VESTIGE_TRY(k.tag0, r.i32("tag0"));
    } else if (k.mode == 0) {
        VESTIGE_TRY(k.res0, c.lp("res0"));
        VESTIGE_TRY(std::uint32_t groups, c.count("group_count", 4, 0xFFFFFFFFu));
        k.groups.resize(groups);
        for (std::size_t g = 0; g < k.groups.size(); ++g) {
            auto n = c.count("record_count", 20, 0xFFFFFFFFu);
            if (!n) return std::move(n).error().in("group", std::to_string(g));
            k.groups[g].records.resize(*n);
            for (auto& rec : k.groups[g].records)
                for (auto& f : rec) { VESTIGE_TRY(f, r.f32("group_record")); }
        }
    } else {
        return Error("tma.bad_clan_mode", "clan mode must be 0..3")
            .field("mode")
            .at(modeAt)
            .expected("0, 1, 2 or 3")
            .actual(std::to_string(k.mode));
    }
    VESTIGE_TRY(k.res1, c.lp("res1"));
    VESTIGE_TRY(k.tag1, r.i32("tag1"));
    VESTIGE_TRY(std::uint32_t relations, c.count("relation_count", kMinRelation, 0xFFFFFFFFu));
    k.relations.resize(relations);
    for (std::size_t i = 0; i < k.relations.size(); ++i) {
        auto name = c.lp("other_clan");
        if (!name) return std::move(name).error().in("relation", std::to_string(i));
        k.relations[i].otherClan = std::move(*name);
        VESTIGE_TRY(k.relations[i].value, r.i32("value"));
    }
    return k;
}

Result<PlacedObject> readObject(Cursor& c) {
    PlacedObject o;
    auto& r = c.reader();
    VESTIGE_TRY(o.rawKind, r.u32("raw_kind"));
    const std::uint64_t classAt = r.absolute();
    VESTIGE_TRY(o.classOrFlags, r.u32("class_or_flags"));
    if (o.classOrFlags != kObjectClass)
        return Error("tma.bad_object_class", "class_or_flags is 0x80000002 in every known mission")
            .field("class_or_flags")
            .at(classAt)
            .expected("0x80000002")
            .actual(hex(o.classOrFlags));
    VESTIGE_TRY(o.resourceName, c.lp("resource_name"));
    VESTIGE_TRY(o.rawAfterResource, r.u32("raw_after_resource"));
    VESTIGE_TRY(o.identityOrClanRaw, r.u32("identity_or_clan_raw"));
    VESTIGE_TRY(o.position, c.vec3("position", true));
    VESTIGE_TRY(o.orientation, c.vec3("orientation", true));
    VESTIGE_TRY(o.scale, c.vec3("scale", true));
    VESTIGE_TRY(o.instanceName, c.lp("instance_name"));
    VESTIGE_TRY(o.rawAfterName, r.u32("raw_after_name"));
    VESTIGE_TRY(o.link0, r.i32("link0"));
    VESTIGE_TRY(o.link1, r.i32("link1"));
    std::uint32_t schema = 0;
    VESTIGE_CHECK(c.version("property_schema_version", kPropertySchemaVersion, schema));
    o.propertySchemaVersion = schema;
    VESTIGE_TRY(std::uint32_t n, c.count("property_count", kMinProperty, 0xFFFFFFFFu));
    o.properties.resize(n);
    for (std::size_t i = 0; i < o.properties.size(); ++i) {
        auto& p = o.properties[i];
        for (auto& w : p.raw) {
            auto v = r.u32("property.raw");
            if (!v) return std::move(v).error().in("property", std::to_string(i));
            w = *v;
        }
        auto name = c.lp("property.name");
        if (!name) return std::move(name).error().in("property", std::to_string(i));
        p.name = std::move(*name);
    }
    return o;
}

// Everything up to and including land_path.
Status readPrefix(Cursor& c, Mission& m) {
    VESTIGE_CHECK(c.version("format_version", kFormatVersion, m.formatVersion));
    VESTIGE_TRY(std::uint32_t paths, c.count("path_count", kMinPath, kMaxPaths));
    m.paths.resize(paths);
    for (std::size_t i = 0; i < m.paths.size(); ++i) { VESTIGE_TRY(m.paths[i], inRecord(readPath(c), "paths", i)); }
    VESTIGE_CHECK(c.version("clan_section_version", kClanSectionVersion, m.clanSectionVersion));
    VESTIGE_TRY(std::uint32_t clans, c.count("clan_count", kMinClan, 0xFFFFFFFFu));
    m.clans.resize(clans);
    for (std::size_t i = 0; i < m.clans.size(); ++i) { VESTIGE_TRY(m.clans[i], inRecord(readClan(c), "clans", i)); }
    VESTIGE_CHECK(c.version("object_section_version", kObjectSectionVersion, m.objectSectionVersion));
    VESTIGE_TRY(std::uint32_t objects, c.count("object_count", kMinObject, 0xFFFFFFFFu));
    m.objects.resize(objects);
    for (std::size_t i = 0; i < m.objects.size(); ++i) {
        VESTIGE_TRY(m.objects[i], inRecord(readObject(c), "objects", i));
    }
    VESTIGE_TRY(m.landPath, c.lp("land_path"));
    return {};
}

}  // namespace

Result<Mission> read(ByteView bytes) {
    Cursor c(bytes);
    Mission m;
    VESTIGE_CHECK(readPrefix(c, m));
    auto& r = c.reader();
    VESTIGE_TRY(m.missionFlag, r.u32("mission_flag"));
    VESTIGE_TRY(m.descriptionRaw, c.lp("description_raw"));
    VESTIGE_CHECK(c.version("extra_section_version", kExtraSectionVersion, m.extraSectionVersion));
    VESTIGE_TRY(std::uint32_t extras, c.count("extra_count", kExtraSize, 0xFFFFFFFFu));
    m.extras.resize(extras);
    for (std::size_t i = 0; i < m.extras.size(); ++i) {
        auto pos = c.vec3("extra.position", false);
        if (!pos) return std::move(pos).error().record(i).in("section", "extras");
        m.extras[i].position = *pos;
        for (auto& w : m.extras[i].raw) { VESTIGE_TRY(w, r.u32("extra.raw")); }
    }
    VESTIGE_CHECK(r.expectEnd("data.tma"));
    return m;
}

Result<std::string> readLandPath(ByteView bytes) {
    Cursor c(bytes);
    Mission m;
    VESTIGE_CHECK(readPrefix(c, m));
    return m.landPath;
}

Status validate(const Mission& m) {
    auto bad = [](const char* field, std::string expected, std::string actual) {
        return Error("tma.invalid", "mission field out of range")
            .field(field)
            .expected(std::move(expected))
            .actual(std::move(actual));
    };
    if (m.formatVersion != kFormatVersion) return bad("format_version", "1", std::to_string(m.formatVersion));
    if (m.clanSectionVersion != kClanSectionVersion)
        return bad("clan_section_version", "6", std::to_string(m.clanSectionVersion));
    if (m.objectSectionVersion != kObjectSectionVersion)
        return bad("object_section_version", "10", std::to_string(m.objectSectionVersion));
    if (m.extraSectionVersion != kExtraSectionVersion)
        return bad("extra_section_version", "1", std::to_string(m.extraSectionVersion));
    if (m.paths.size() > kMaxPaths)
        return bad("path_count", fmt::format("<= {}", kMaxPaths), std::to_string(m.paths.size()));
    auto str = [&](const std::string& s, const char* field) -> Status {
        if (s.size() > kMaxString) return bad(field, "<= 65536 bytes", std::to_string(s.size()));
        return {};
    };
    for (std::size_t i = 0; i < m.paths.size(); ++i)
        if (m.paths[i].points.size() > kMaxPoints)
            return std::move(bad("point_count", "<= 1000000", std::to_string(m.paths[i].points.size())).record(i));
    for (std::size_t i = 0; i < m.clans.size(); ++i) {
        const auto& k = m.clans[i];
        if (k.mode > 3) return std::move(bad("mode", "0..3", std::to_string(k.mode)).record(i).in("section", "clans"));
        if (k.mode != 0 && !k.groups.empty())
            return std::move(
                bad("groups", "none outside mode 0", std::to_string(k.groups.size())).record(i).in("section", "clans"));
        VESTIGE_CHECK(str(k.name, "name"));
        VESTIGE_CHECK(str(k.res0, "res0"));
        VESTIGE_CHECK(str(k.res1, "res1"));
        for (const auto& rel : k.relations) VESTIGE_CHECK(str(rel.otherClan, "other_clan"));
    }
    for (std::size_t i = 0; i < m.objects.size(); ++i) {
        const auto& o = m.objects[i];
        auto at = [&](Error e) { return std::move(e.record(i).in("section", "objects")); };
        if (o.classOrFlags != kObjectClass) return at(bad("class_or_flags", "0x80000002", hex(o.classOrFlags)));
        if (o.propertySchemaVersion != kPropertySchemaVersion)
            return at(bad("property_schema_version", "1", std::to_string(o.propertySchemaVersion)));
        if (!isFinite(o.position) || !isFinite(o.orientation) || !isFinite(o.scale))
            return at(bad("transform", "finite", "NaN or infinite"));
        VESTIGE_CHECK(str(o.resourceName, "resource_name"));
        VESTIGE_CHECK(str(o.instanceName, "instance_name"));
        for (const auto& p : o.properties) VESTIGE_CHECK(str(p.name, "property.name"));
    }
    VESTIGE_CHECK(str(m.landPath, "land_path"));
    VESTIGE_CHECK(str(m.descriptionRaw, "description_raw"));
    return {};
}

Result<Bytes> write(const Mission& m) {
    VESTIGE_CHECK(validate(m));
    ByteWriter w;
    auto v3 = [&](Vec3 v) {
        w.f32(v.x);
        w.f32(v.y);
        w.f32(v.z);
    };
    w.u32(m.formatVersion);
    w.u32(static_cast<std::uint32_t>(m.paths.size()));
    for (const auto& p : m.paths) {
        w.i32(p.id);
        w.u32(static_cast<std::uint32_t>(p.points.size()));
        for (const auto& pt : p.points) v3(pt);
    }
    w.u32(m.clanSectionVersion);
    w.u32(static_cast<std::uint32_t>(m.clans.size()));
    for (const auto& k : m.clans) {
        w.lpString32(k.name);
        w.i32(k.rawId);
        w.f32(k.anchorX);
        w.f32(k.anchorY);
        w.u32(k.mode);
        w.lpString32(k.res0);
        if (k.mode == 0) {
            w.u32(static_cast<std::uint32_t>(k.groups.size()));
            for (const auto& g : k.groups) {
                w.u32(static_cast<std::uint32_t>(g.records.size()));
                for (const auto& rec : g.records)
                    for (float f : rec) w.f32(f);
            }
        } else {
            w.i32(k.tag0);
        }
        w.lpString32(k.res1);
        w.i32(k.tag1);
        w.u32(static_cast<std::uint32_t>(k.relations.size()));
        for (const auto& rel : k.relations) {
            w.lpString32(rel.otherClan);
            w.i32(rel.value);
        }
    }
    w.u32(m.objectSectionVersion);
    w.u32(static_cast<std::uint32_t>(m.objects.size()));
    for (const auto& o : m.objects) {
        w.u32(o.rawKind);
        w.u32(o.classOrFlags);
        w.lpString32(o.resourceName);
        w.u32(o.rawAfterResource);
        w.u32(o.identityOrClanRaw);
        v3(o.position);
        v3(o.orientation);
        v3(o.scale);
        w.lpString32(o.instanceName);
        w.u32(o.rawAfterName);
        w.i32(o.link0);
        w.i32(o.link1);
        w.u32(o.propertySchemaVersion);
        w.u32(static_cast<std::uint32_t>(o.properties.size()));
        for (const auto& p : o.properties) {
            for (auto x : p.raw) w.u32(x);
            w.lpString32(p.name);
        }
    }
    w.lpString32(m.landPath);
    w.u32(m.missionFlag);
    w.lpString32(m.descriptionRaw);
    w.u32(m.extraSectionVersion);
    w.u32(static_cast<std::uint32_t>(m.extras.size()));
    for (const auto& e : m.extras) {
        v3(e.position);
        for (auto x : e.raw) w.u32(x);
    }
    return w.take();
}

Mat4 placement(Vec3 position, Vec3 orientation, Vec3 scale) {
    const Mat3 r = Mat3::rotationZ(orientation.z) * Mat3::rotationY(orientation.y) * Mat3::rotationX(orientation.x);
    return Mat4::fromMat3(r * Mat3::scale(scale), position);
}

Mat4 placement(const PlacedObject& o) { return placement(o.position, o.orientation, o.scale); }

LandFiles landFiles(std::string_view landPath) {
    const std::size_t cut = landPath.find_last_of("\\/");
    LandFiles f;
    const char sep = cut == std::string_view::npos ? '\\' : landPath[cut];
    f.directory = cut == std::string_view::npos ? std::string{} : std::string(landPath.substr(0, cut));
    const std::string prefix = f.directory.empty() ? std::string{} : f.directory + sep;
    f.mesh = prefix + "Land.msh";
    f.map = prefix + "Land.map";
    return f;
}

}  // namespace vestige::iron3d::tma
