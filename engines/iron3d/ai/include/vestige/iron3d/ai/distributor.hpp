#pragma once
// Behavior's resource distributor (seed 002 "Откуда берутся объекты распределителя", "Регулярная передача
// ресурсов").
//
// Membership: a placed object with a known Unit DAT whose class word (the DAT's second u32, offset +4) has the high
// bit set joins the list of GetSuperAI slot `raw_after_resource` (the first DWORD after its resource name) - only
// when that slot exists, never renumbered. Rows hang on the world's ObjectHandle, not on the TMA selector nor on
// Behavior's internal registration keys (0x80000003...).
//
// Shares (recovered on the original Behavior.dll at x87 control word 0x007f, single precision): one member holds 1;
// adding the n-th member gives it 1/n and rescales the other non-pinned members so the total stays 1; a pinned row
// (its first tail word non-zero) keeps its weight; adding an object already present adds no row and changes
// nothing. When no non-pinned weight is left to rescale the original's branch is not recovered: the row is added
// with 1/n and the add reports ZeroSum.
//
// Transfer, one step: a read pass over the rows, then an apply pass that looks every object up again (its state or
// its getter's answer may have changed in between). dt == 0 does nothing; an object whose state skips the transfer
// is skipped before any resource query. The seed's synthetic run (rows 41, 42 looked up 41, 42, 41, 42; the
// producer answers rate 4, then 1; the receiver goes 6 -> 7) is reproduced. How amounts are split is our model
// [P]: the read pass fixes the roles (rate > 0 produces), the apply pass pools each producer's fresh rate x dt and
// hands the pool to the receivers met after it, by share; what no receiver took is reported as undelivered.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "vestige/core/handles.hpp"
#include "vestige/iron3d/ai/superai.hpp"

namespace vestige::iron3d::ai {

constexpr std::uint32_t kRegistrationBit = 0x80000000u;

// A placed mission object as World3D hands it to Behavior.
struct PlacedUnit {
    Handle handle;
    std::uint32_t tmaIndex = 0;              // OriginalObjectId
    std::uint32_t rawAfterResource = 0;      // TMA: the GetSuperAI slot it belongs to
    std::optional<std::uint32_t> classWord;  // Unit DAT +4, when the object has a Unit DAT
    std::vector<tma::Property> properties;   // the TMA property bag, in order
};

// The class word of a Unit DAT (its second u32); nullopt when the file is shorter than 8 bytes.
[[nodiscard]] std::optional<std::uint32_t> unitClassWord(ByteView unitDat);

struct Membership {
    std::uint32_t slot = 0;
    Handle handle;
    std::uint32_t tmaIndex = 0;
};
[[nodiscard]] std::vector<Membership> memberships(std::span<const PlacedUnit> units, const AiWorld& ai);

struct ShareRow {
    Handle object;
    std::uint32_t tmaIndex = 0;
    float share = 0;
    std::array<std::uint32_t, 5> tail{};  // raw; tail[0] != 0 pins the row (the one word with a known use)
    [[nodiscard]] bool pinned() const { return tail[0] != 0; }
};

enum class AddEffect { Added, Duplicate, ZeroSum };

class Distributor {
public:
    AddEffect add(Handle object, std::uint32_t tmaIndex, bool pinned = false, const Tracer& trace = {},
                  std::uint32_t slot = 0);
    [[nodiscard]] const std::vector<ShareRow>& rows() const { return mRows; }
    [[nodiscard]] const ShareRow* find(Handle object) const;

private:
    std::vector<ShareRow> mRows;
};

// The resource side of a world object (ore stock, production rate), looked up by handle each pass.
class ResourceParty {
public:
    virtual ~ResourceParty() = default;
    [[nodiscard]] virtual bool transferSkipped() const = 0;  // its state skips the row before any query
    virtual float rate() = 0;                                // production per unit of dt; > 0 produces
    [[nodiscard]] virtual float amount() const = 0;
    virtual void setAmount(float v) = 0;
};

class ResourceObjects {
public:
    virtual ~ResourceObjects() = default;
    virtual ResourceParty* find(Handle object) = 0;  // null: gone
};

// A plain stock with a fixed rate, and a table of them indexed by handle slot: what the demo and the benchmark run
// the distributor on before World3D provides real objects.
class StockParty final : public ResourceParty {
public:
    [[nodiscard]] bool transferSkipped() const override { return skipped; }
    float rate() override { return producing; }
    [[nodiscard]] float amount() const override { return value; }
    void setAmount(float v) override { value = v; }
    float producing = 0, value = 0;
    bool skipped = false;
};

class StockObjects final : public ResourceObjects {
public:
    explicit StockObjects(std::size_t slots = 0) : parties(slots) {}
    ResourceParty* find(Handle object) override {
        return object.slot < parties.size() ? &parties[object.slot] : nullptr;
    }
    std::vector<StockParty> parties;
};

struct TransferStep {
    std::uint32_t lookups = 0, skipped = 0, missing = 0;
    float produced = 0, delivered = 0, undelivered = 0;
};

[[nodiscard]] TransferStep transfer(const Distributor& d, ResourceObjects& objects, float dt, std::uint32_t slot = 0,
                                    const Tracer& trace = {});

}  // namespace vestige::iron3d::ai
