// Distributor membership, shares and the two-pass transfer.
#include "vestige/iron3d/ai/distributor.hpp"

#include <fmt/format.h>

#include <bit>

namespace vestige::iron3d::ai {
namespace {

Json handleJson(Handle h) { return {h.slot, h.generation}; }

}  // namespace

std::optional<std::uint32_t> unitClassWord(ByteView unitDat) {
    if (unitDat.size() < 8) return std::nullopt;
    return loadU32(unitDat.data() + 4);
}

std::vector<Membership> memberships(std::span<const PlacedUnit> units, const AiWorld& ai) {
    std::vector<Membership> out;
    for (const PlacedUnit& u : units) {
        if (!u.classWord || (*u.classWord & kRegistrationBit) == 0) continue;
        if (!ai.getSuperAi(u.rawAfterResource)) continue;  // no package for that slot: no list to join
        out.push_back({u.rawAfterResource, u.handle, u.tmaIndex});
    }
    return out;
}

const ShareRow* Distributor::find(Handle object) const {
    for (const auto& r : mRows)
        if (r.object == object) return &r;
    return nullptr;
}

AddEffect Distributor::add(Handle object, std::uint32_t tmaIndex, bool pinned, const Tracer& trace,
                           std::uint32_t slot) {
    if (find(object)) {
        if (trace.on())
            trace.emit("behavior",
                       {{"event", "distributor_duplicate"}, {"slot", slot}, {"object", handleJson(object)}});
        return AddEffect::Duplicate;
    }
    // Single precision throughout, as the game's x87 control word 0x007f computes it.
    const float share = 1.0f / static_cast<float>(mRows.size() + 1);
    float pinnedSum = 0.0f, freeSum = 0.0f;
    for (const auto& r : mRows) (r.pinned() ? pinnedSum : freeSum) += r.share;
    AddEffect effect = AddEffect::Added;
    if (!mRows.empty()) {
        if (freeSum == 0.0f) {
            effect = AddEffect::ZeroSum;
        } else {
            const float scale = (1.0f - share - pinnedSum) / freeSum;
            for (auto& r : mRows)
                if (!r.pinned()) r.share *= scale;
        }
    }
    ShareRow row;
    row.object = object;
    row.tmaIndex = tmaIndex;
    row.share = mRows.empty() ? 1.0f : share;
    row.tail[0] = pinned ? 1u : 0u;
    mRows.push_back(row);
    if (trace.on()) {
        Json shares = Json::array();
        for (const auto& r : mRows) shares.push_back(floatBits(std::bit_cast<std::uint32_t>(r.share)));
        trace.emit("behavior", {{"event", "distributor_add"},
                                {"slot", slot},
                                {"object", handleJson(object)},
                                {"tma", tmaIndex},
                                {"zero_sum", effect == AddEffect::ZeroSum},
                                {"shares", std::move(shares)}});
    }
    return effect;
}

TransferStep transfer(const Distributor& d, ResourceObjects& objects, float dt, std::uint32_t slot,
                      const Tracer& trace) {
    TransferStep step;
    if (dt == 0.0f) return step;
    const auto& rows = d.rows();
    // Read pass: the roles and the receivers' total weight.
    std::vector<std::uint8_t> role(rows.size(), 0);  // 0 out of the step, 1 producer, 2 receiver
    float receiverWeight = 0.0f;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ++step.lookups;
        ResourceParty* p = objects.find(rows[i].object);
        if (!p) {
            ++step.missing;
            continue;
        }
        if (p->transferSkipped()) {
            ++step.skipped;
            continue;
        }
        role[i] = p->rate() > 0.0f ? 1 : 2;
        if (role[i] == 2) receiverWeight += rows[i].share;
    }
    // Apply pass: every object looked up again, rates asked again.
    float pool = 0.0f;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ++step.lookups;
        ResourceParty* p = objects.find(rows[i].object);
        const bool gone = !p || p->transferSkipped();
        if (role[i] == 2 && gone) receiverWeight -= rows[i].share;
        if (role[i] == 0 || gone) continue;
        if (role[i] == 1) {
            const float made = std::max(p->rate(), 0.0f) * dt;
            pool += made;
            step.produced += made;
            continue;
        }
        const float take = receiverWeight > 0.0f ? pool * (rows[i].share / receiverWeight) : 0.0f;
        receiverWeight -= rows[i].share;
        pool -= take;
        step.delivered += take;
        const float before = p->amount();
        p->setAmount(before + take);
        if (trace.on())
            trace.emit("behavior", {{"event", "transfer"},
                                    {"slot", slot},
                                    {"object", handleJson(rows[i].object)},
                                    {"before", floatBits(std::bit_cast<std::uint32_t>(before))},
                                    {"after", floatBits(std::bit_cast<std::uint32_t>(p->amount()))}});
    }
    step.undelivered = pool;
    return step;
}

}  // namespace vestige::iron3d::ai
