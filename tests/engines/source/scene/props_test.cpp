// Studio models in the map scene (props.hpp): 'sprp' static props and model entities through content mounts, drawn
// headless (llvmpipe). The test model is an asymmetric box (a marker sticking out on its +X side) from our mdl
// builder, with unlit materials so a pixel shows its texture's colour exactly.
//
// Parity numbers: Source's AngleMatrix / AngleVectors (SDK 2013 mathlib): positive yaw turns +X towards +Y, positive
// pitch turns +X down (forward.z = -sin(pitch)), positive roll turns +Y (left) up; the rotation is
// yaw(Z) * pitch(Y) * roll(X). The studio renderer uses skin family 0 when a prop's skin is past the table.
// Pixel colours are the textures' own bytes (UnlitGeneric draws $basetexture unchanged).
#include <gtest/gtest.h>

#include <cstring>
#include <memory>

#include "gl_fixture.hpp"
#include "memory_provider.hpp"
#include "vestige/scene/camera.hpp"
#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/content/mounts.hpp"
#include "vestige/source/mdl/builder.hpp"
#include "vestige/source/scene/scene.hpp"
#include "vestige/source/vtf/vtf.hpp"

namespace vestige::source::scene {
namespace {

namespace vs = ::vestige::scene;
using image::Rgba8;

constexpr Rgba8 kRed{200, 30, 30, 255}, kGreen{30, 200, 30, 255}, kBlue{30, 30, 200, 255}, kGrey{90, 90, 90, 255};
constexpr const char* kModel = "models/test/marker_box.mdl";

// Six faces of an axis-aligned box, clockwise seen from outside (Source's front).
void addBox(mdl::BuildMesh& mesh, Vec3 min, Vec3 max) {
    const Vec3 c = (min + max) * 0.5f, h = (max - min) * 0.5f;
    const Vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    for (int a = 0; a < 3; ++a)
        for (float s : {1.0f, -1.0f}) {
            const Vec3 n = axes[a] * s;
            const Vec3 u = axes[(a + 1) % 3] * s, v = axes[(a + 2) % 3];  // u x v = n
            const float hn = a == 0 ? h.x : a == 1 ? h.y : h.z;
            const float hu = a == 0 ? h.y : a == 1 ? h.z : h.x, hv = a == 0 ? h.z : a == 1 ? h.x : h.y;
            const auto base = static_cast<std::uint16_t>(mesh.vertices.size());
            for (auto [su, sv] : {std::pair{-1.0f, -1.0f}, {1.0f, -1.0f}, {1.0f, 1.0f}, {-1.0f, 1.0f}}) {
                mdl::BuildVertex x;
                x.pos = c + n * hn + u * (su * hu) + v * (sv * hv);
                x.normal = n;
                x.uv = {su * 0.5f + 0.5f, sv * 0.5f + 0.5f};
                mesh.vertices.push_back(x);
            }
            // The corners run counter-clockwise seen from outside; Source stores the reverse.
            mesh.triangles.insert(mesh.triangles.end(),
                                  {base, static_cast<std::uint16_t>(base + 2), static_cast<std::uint16_t>(base + 1),
                                   base, static_cast<std::uint16_t>(base + 3), static_cast<std::uint16_t>(base + 2)});
        }
}

// Body 32 x 32 x 16 at the origin (skin column 0), marker x 16..48 on the +X side (column 1).
mdl::BuildSpec markerBoxSpec() {
    mdl::BuildSpec s;
    s.name = "test/marker_box.mdl";
    s.bones = {{"root", -1, {0, 0, 0}, {0, 0, 0}}};
    s.cdTextures = {"models/none/", "models/test/"};  // the first directory has nothing: the second is used
    s.textures = {"red", "green", "blue"};
    s.skinFamilies = {{0, 1}, {2, 1}};
    mdl::BuildMesh body, marker;
    body.material = 0;
    marker.material = 1;
    addBox(body, {-16, -16, 0}, {16, 16, 16});
    addBox(marker, {16, -8, 0}, {48, 8, 8});
    s.bodyParts = {{"body", {{"box", {body, marker}}}}};
    return s;
}

Bytes solidVtf(Rgba8 c) {
    vtf::BuildSpec spec;
    spec.width = spec.height = 4;
    auto v = vtf::buildVtf(spec, [&](std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t) {
        image::Image img(4, 4);
        for (std::uint32_t y = 0; y < 4; ++y)
            for (std::uint32_t x = 0; x < 4; ++x) img.set(x, y, c);
        return img;
    });
    EXPECT_TRUE(v.ok());
    auto bytes = vtf::writeVtf(*v);
    EXPECT_TRUE(bytes.ok());
    return *bytes;
}

Bytes text(std::string_view s) { return Bytes(s.begin(), s.end()); }

std::shared_ptr<test::MemoryProvider> content() {
    auto p = std::make_shared<test::MemoryProvider>();
    auto model = mdl::buildModel(markerBoxSpec());
    EXPECT_TRUE(model.ok()) << model.error().render();
    p->add(kModel, model->mdl);
    p->add("models/test/marker_box.vvd", model->vvd);
    p->add("models/test/marker_box.dx90.vtx", model->vtx);
    for (auto [name, c] : {std::pair{"red", kRed}, {"green", kGreen}, {"blue", kBlue}, {"grey", kGrey}}) {
        const std::string dir = std::string(name) == "grey" ? "test/" : "models/test/";
        p->add("materials/" + dir + name + ".vtf", solidVtf(c));
        p->add("materials/" + dir + name + ".vmt", text("UnlitGeneric { $basetexture " + dir + name + " }"));
    }
    return p;
}

content::Mounts mountsOf(std::shared_ptr<test::MemoryProvider> p) {
    content::Mounts m;
    content::Mount mount;
    mount.name = "test";
    mount.provider = std::move(p);
    m.add(std::move(mount));
    return m;
}

bsp::MapBuilder room() {
    bsp::MapBuilder map;
    map.setWorldspawnKey("skyname", "");
    map.addRoom({-256, -256, 0}, {256, 256, 256}, 16, "test/grey");
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 0"}});
    return map;
}

MapScene sceneOf(const bsp::MapBuilder& map, const content::Mounts& mounts, bool props = true) {
    auto bytes = map.write();
    EXPECT_TRUE(bytes.ok()) << bytes.error().render();
    SceneOptions o;
    o.mounts = &mounts;
    o.props = props;
    auto s = toScene(ByteView(*bytes), o);
    EXPECT_TRUE(s.ok()) << s.error().render();
    return s ? std::move(*s) : MapScene{};
}

// The scene mesh of a prop model (name = its path), in scene order.
std::vector<const vs::Mesh*> propMeshes(const MapScene& m) {
    std::vector<const vs::Mesh*> out;
    for (const auto& mesh : m.scene.meshes)
        if (mesh.name == kModel) out.push_back(&mesh);
    return out;
}

void expectNear(Vec3 a, Vec3 b, const char* what) {
    EXPECT_NEAR(a.x, b.x, 1e-3f) << what;
    EXPECT_NEAR(a.y, b.y, 1e-3f) << what;
    EXPECT_NEAR(a.z, b.z, 1e-3f) << what;
}

TEST(StaticProps, QAnglesTurnTheMarkerAsSourceDoes) {
    const content::Mounts mounts = mountsOf(content());
    // The marker's far end centre in model space: (48, 0, 4).
    const struct {
        Vec3 angles, expected;
        const char* what;
    } cases[] = {
        {{0, 0, 0}, {48, 0, 4}, "identity"},
        {{0, 90, 0}, {0, 48, 4}, "yaw 90: +X turns to +Y"},
        {{90, 0, 0}, {4, 0, -48}, "pitch 90: +X turns down, +Z to +X"},
        {{0, 0, 90}, {48, -4, 0}, "roll 90: +Y turns up, so +Z turns to -Y"},
        // yaw(Z) * pitch(Y) * roll(X): roll about the model's own X leaves the marker, yaw then turns it to +Y.
        {{0, 90, 90}, {4, 48, 0}, "yaw 90 + roll 90"},
        {{90, 90, 0}, {0, 4, -48}, "pitch 90 + yaw 90: down, the model top towards +Y"},
        {{30, 0, 0}, {48 * 0.8660254f + 4 * 0.5f, 0, -48 * 0.5f + 4 * 0.8660254f}, "pitch 30"},
    };
    for (const auto& c : cases) {
        bsp::MapBuilder map = room();
        map.addStaticProp(kModel, {10, 20, 30}, c.angles);
        const MapScene m = sceneOf(map, mounts);
        const auto meshes = propMeshes(m);
        ASSERT_EQ(meshes.size(), 1u) << c.what;
        expectNear(meshes[0]->placement.transformPoint({48, 0, 4}), c.expected + Vec3{10, 20, 30}, c.what);
    }
}

TEST(StaticProps, ReportCountsDrawnLoadedAndMissing) {
    const content::Mounts mounts = mountsOf(content());
    bsp::MapBuilder map = room();
    map.addStaticProp(kModel, {-80, 0, 0}, {0, 0, 0});
    map.addStaticProp(kModel, {80, 0, 0}, {0, 90, 0}, 1);
    map.addStaticProp("models/test/nothere.mdl", {0, -80, 0}, {0, 0, 0});
    map.addStaticProp("models/test/nothere.mdl", {0, -120, 0}, {0, 0, 0});
    map.addEntity({{"classname", "prop_dynamic"}, {"model", kModel}, {"origin", "0 80 0"}, {"angles", "0 180 0"}});
    map.addEntity({{"classname", "prop_physics"}, {"model", "models/test/gone.mdl"}, {"origin", "0 0 0"}});
    map.addEntity({{"classname", "prop_dynamic"}, {"model", kModel}, {"StartDisabled", "1"}});  // never drawn
    // A brush entity ("*1") is the map mesh's, never a studio prop.
    map.addBrushEntity({{"classname", "func_brush"}}, {bsp::MapBuilder::box({0, 0, 0}, {8, 8, 8}, "test/grey")});
    const MapScene m = sceneOf(map, mounts);
    ASSERT_TRUE(m.props);
    const PropReport& r = *m.props;
    EXPECT_EQ(r.staticProps, 4u);
    EXPECT_EQ(r.entityProps, 2u);
    EXPECT_EQ(r.drawn, 3u);
    EXPECT_EQ(r.notDrawn, 3u);
    EXPECT_EQ(r.modelsLoaded, 1u);  // one conversion shared by the three instances
    EXPECT_EQ(r.triangles, 3u * 24u);
    ASSERT_EQ(r.missingModels.size(), 2u);
    EXPECT_EQ(r.missingModels[0].model, "models/test/gone.mdl");
    EXPECT_EQ(r.missingModels[0].instances, 1u);
    EXPECT_EQ(r.missingModels[1].model, "models/test/nothere.mdl");
    EXPECT_EQ(r.missingModels[1].instances, 2u);
    EXPECT_EQ(r.missingModels[1].code, "model.missing");
    EXPECT_NE(r.missingModels[1].reason.find("models/test/nothere.mdl"), std::string::npos);
    // The materials came through the second $cdmaterials directory; nothing is missing there.
    ASSERT_TRUE(m.materials);
    EXPECT_TRUE(m.materials->missingMaterials.empty()) << materialReportJson(m);
    EXPECT_TRUE(m.materials->missingTextures.empty());
    const std::string json = materialReportJson(m);
    EXPECT_NE(json.find(R"("props":{"badPlacement":0,"drawn":3,"entities":2)"), std::string::npos) << json;
    EXPECT_NE(json.find(R"("model":"models/test/nothere.mdl")"), std::string::npos) << json;

    // Without props: no report, no prop meshes.
    const MapScene none = sceneOf(map, mounts, false);
    EXPECT_FALSE(none.props);
    EXPECT_TRUE(propMeshes(none).empty());
}

TEST(StaticProps, SceneIsTheSameEveryBuild) {
    const content::Mounts mounts = mountsOf(content());
    bsp::MapBuilder map = room();
    for (int i = 0; i < 6; ++i)
        map.addStaticProp(kModel, {-120.0f + 40.0f * static_cast<float>(i), 0, 0}, {0, 30.0f * i, 0}, i % 2);
    map.addEntity({{"classname", "prop_physics"}, {"model", kModel}, {"origin", "0 90 0"}, {"skin", "1e30"}});
    const MapScene a = sceneOf(map, mounts), b = sceneOf(map, mounts);
    ASSERT_EQ(a.scene.meshes.size(), b.scene.meshes.size());
    for (std::size_t i = 0; i < a.scene.meshes.size(); ++i) {
        const auto &x = a.scene.meshes[i], &y = b.scene.meshes[i];
        EXPECT_EQ(x.name, y.name);
        EXPECT_EQ(x.indices, y.indices);
        EXPECT_EQ(std::memcmp(&x.placement, &y.placement, sizeof x.placement), 0) << i;
        ASSERT_EQ(x.ranges.size(), y.ranges.size());
        for (std::size_t r = 0; r < x.ranges.size(); ++r) EXPECT_EQ(x.ranges[r].material, y.ranges[r].material);
    }
    EXPECT_EQ(materialReportJson(a), materialReportJson(b));
    EXPECT_EQ(a.props->drawn, 7u);
    // A skin far past the table (clamped, then family 0) draws the red body.
    const auto meshes = propMeshes(a);
    EXPECT_EQ(a.scene.materials[meshes.back()->ranges[0].material].name, "models/test/red");
}

TEST(StaticProps, ModelWithoutItsVertexFileIsListedWithTheFile) {
    auto files = content();
    files->files.erase("models/test/marker_box.vvd");
    const content::Mounts mounts = mountsOf(files);
    bsp::MapBuilder map = room();
    map.addStaticProp(kModel, {0, 0, 0}, {0, 0, 0});
    const MapScene m = sceneOf(map, mounts);
    ASSERT_TRUE(m.props);
    EXPECT_EQ(m.props->drawn, 0u);
    ASSERT_EQ(m.props->missingModels.size(), 1u);
    EXPECT_NE(m.props->missingModels[0].reason.find("marker_box.vvd"), std::string::npos);
}

TEST(StaticProps, EverySprpVersionTheBuilderWritesPlacesTheProps) {
    const content::Mounts mounts = mountsOf(content());
    for (std::uint16_t version : {4, 5, 6, 10}) {
        bsp::MapBuilder map = room();
        map.setStaticPropVersion(version);
        map.addStaticProp(kModel, {-80, 10, 0}, {0, 0, 0});
        map.addStaticProp(kModel, {80, -10, 0}, {0, 90, 0}, 1);
        const MapScene m = sceneOf(map, mounts);
        ASSERT_TRUE(m.props) << version;
        EXPECT_EQ(m.props->drawn, 2u) << version;
        const auto meshes = propMeshes(m);
        ASSERT_EQ(meshes.size(), 2u) << version;
        expectNear(meshes[0]->placement.transformPoint({}), {-80, 10, 0}, "first prop origin");
        expectNear(meshes[1]->placement.transformPoint({48, 0, 4}), {80, 38, 4}, "second prop yawed");
        // Skin 1 survives every record layout: the second prop's body is blue.
        const auto& body = m.scene.materials[meshes[1]->ranges[0].material];
        EXPECT_EQ(body.name, "models/test/blue") << version;
    }
    bsp::MapBuilder bad = room();
    bad.setStaticPropVersion(7);
    EXPECT_FALSE(bad.write().ok());
}

// ---- pixels ----

class StaticPropPixels : public test::OffscreenGlTest<256, 192> {
protected:
    static image::Image render(const MapScene& m, const vs::Camera& cam) {
        EXPECT_TRUE(sOff->renderer->setScene(m.scene).ok());
        EXPECT_TRUE(sOff->renderer->draw(cam).ok());
        auto img = sOff->renderer->readColor();
        return img ? *img : image::Image();
    }
    // The pixel a world point lands on (row 0 = top).
    static std::pair<std::uint32_t, std::uint32_t> pixelOf(const vs::Camera& cam, Vec3 p) {
        const Vec4 c = cam.viewProjection(static_cast<float>(kW) / static_cast<float>(kH)) * Vec4{p.x, p.y, p.z, 1};
        const float x = (c.x / c.w * 0.5f + 0.5f) * kW, y = (0.5f - c.y / c.w * 0.5f) * kH;
        return {static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)};
    }
    static Rgba8 at(const image::Image& img, const vs::Camera& cam, Vec3 p) {
        const auto [x, y] = pixelOf(cam, p);
        return img.at(x, y);
    }
};

void expectColor(Rgba8 a, Rgba8 b, const char* what) {
    EXPECT_NEAR(a.r, b.r, 2) << what;
    EXPECT_NEAR(a.g, b.g, 2) << what;
    EXPECT_NEAR(a.b, b.b, 2) << what;
}

TEST_F(StaticPropPixels, PropsShowTheirTexturesWhereTheirAnglesPutThem) {
    const content::Mounts mounts = mountsOf(content());
    bsp::MapBuilder map = room();
    map.addStaticProp(kModel, {-100, 0, 0}, {0, 0, 0});       // skin 0: red body, marker towards +X
    map.addStaticProp(kModel, {100, -60, 0}, {0, 90, 0}, 1);  // skin 1: blue body, marker towards +Y
    map.addStaticProp(kModel, {100, 100, 0}, {0, 0, 0}, 7);   // skin past the table: family 0
    map.addEntity({{"classname", "prop_dynamic"}, {"model", kModel}, {"origin", "0 100 0"}, {"angles", "0 180 0"}});
    const MapScene m = sceneOf(map, mounts);
    ASSERT_TRUE(m.props);
    ASSERT_EQ(m.props->drawn, 4u);
    // Straight down from under the ceiling.
    const vs::Camera cam = vs::sourceCamera({0, 0, 240}, {90, 0, 0}, 90);
    const image::Image img = render(m, cam);

    expectColor(at(img, cam, {-100, 0, 16}), kRed, "static prop 1 body (skin 0)");
    expectColor(at(img, cam, {-100 + 36, 0, 8}), kGreen, "static prop 1 marker on +X");
    expectColor(at(img, cam, {-100, 36, 8}), kGrey, "nothing on +Y of prop 1");

    expectColor(at(img, cam, {100, -60, 16}), kBlue, "static prop 2 body (skin 1)");
    expectColor(at(img, cam, {100, -60 + 36, 8}), kGreen, "yaw 90: marker on +Y");
    expectColor(at(img, cam, {100 + 36, -60, 8}), kGrey, "yaw 90: nothing left on +X");

    expectColor(at(img, cam, {100, 100, 16}), kRed, "skin 7 of 2: family 0");

    expectColor(at(img, cam, {0, 100, 16}), kRed, "prop_dynamic body");
    expectColor(at(img, cam, {-36, 100, 8}), kGreen, "prop_dynamic yaw 180: marker on -X");
    expectColor(at(img, cam, {36, 100, 8}), kGrey, "prop_dynamic: nothing on +X");
}

TEST_F(StaticPropPixels, PakfileModelIsFoundFirst) {
    // The map's pakfile carries the model and a green body texture; the folder mount has the red one.
    auto model = mdl::buildModel(markerBoxSpec());
    ASSERT_TRUE(model.ok());
    bsp::MapBuilder map = room();
    map.addPakFile(kModel, model->mdl);
    map.addPakFile("models/test/marker_box.vvd", model->vvd);
    map.addPakFile("models/test/marker_box.dx90.vtx", model->vtx);
    map.addPakFile("materials/models/test/red.vmt", text("UnlitGeneric { $basetexture models/test/green }"));
    map.addStaticProp(kModel, {0, 0, 0}, {0, 0, 0});
    auto bytes = map.write();
    ASSERT_TRUE(bytes.ok());
    auto files = content();
    files->files.erase(kModel);  // only the pakfile has the model now
    auto bsp = bsp::readBsp(*bytes);
    ASSERT_TRUE(bsp.ok());
    content::Mounts mounts = mountsOf(files);
    ASSERT_TRUE(mounts.addPakfile(bsp->lumps[bsp::kLumpPakfile].data, "maps/test.bsp").ok());
    SceneOptions o;
    o.mounts = &mounts;
    auto m = toScene(*bsp, o);
    ASSERT_TRUE(m.ok()) << m.error().render();
    ASSERT_EQ(m->props->drawn, 1u);
    const vs::Camera cam = vs::sourceCamera({0, 0, 240}, {90, 0, 0}, 90);
    const image::Image img = render(*m, cam);
    expectColor(at(img, cam, {0, 0, 16}), kGreen, "the pakfile's red.vmt wins");
}

}  // namespace
}  // namespace vestige::source::scene
