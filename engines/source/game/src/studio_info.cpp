// The studio-model facts the entity API reads (skins, body groups), cached per model path. Body groups pack into
// CBaseAnimating::m_nBody as the SDK's ::SetBodygroup does: each body part has a base, and its choice is
// (body / base) % models.
#include <algorithm>

#include "vestige/core/text.hpp"
#include "vestige/source/game/world.hpp"
#include "vestige/source/mdl/mdl.hpp"

namespace vestige::source::game {

const World::StudioInfo* World::studioInfo(std::string_view model) {
    if (model.empty() || model[0] == '*') return nullptr;  // brush models have no studio header
    const std::string key = asciiLower(model);
    auto it = mStudioInfo.find(key);
    if (it == mStudioInfo.end()) {
        std::optional<StudioInfo> info;
        const std::optional<Bytes> bytes = mOptions.gameFile ? mOptions.gameFile(model) : std::nullopt;
        if (bytes) {
            if (auto mdl = mdl::readMdl(*bytes)) {
                info.emplace();
                info->skinFamilies = std::max(1, mdl->header.numSkinFamilies);
                for (const mdl::BodyPart& part : mdl->bodyParts)
                    info->bodyGroups.push_back({part.name, part.numModels, part.base});
            } else {
                // Visible, never silent: an unreadable model has no skins or body groups here.
                Error err = mdl.error();
                err.file(std::string(model)).in("note", "read with no skins or body groups");
                warn(std::move(err));
            }
        }
        it = mStudioInfo.emplace(key, std::move(info)).first;
    }
    return it->second ? &*it->second : nullptr;
}

void World::setBodygroup(Entity& e, int group, int value) {
    const StudioInfo* info = studioInfo(e.model);
    if (!info || group < 0 || static_cast<std::size_t>(group) >= info->bodyGroups.size()) return;
    const BodyGroupInfo& g = info->bodyGroups[static_cast<std::size_t>(group)];
    if (value < 0 || value >= g.models || g.base <= 0) return;
    const int current = (e.body / g.base) % g.models;
    e.body += (value - current) * g.base;
    e.touched();
}

int World::bodygroup(const Entity& e, int group) {
    const StudioInfo* info = studioInfo(e.model);
    if (!info || group < 0 || static_cast<std::size_t>(group) >= info->bodyGroups.size()) return 0;
    const BodyGroupInfo& g = info->bodyGroups[static_cast<std::size_t>(group)];
    if (g.models <= 1 || g.base <= 0) return 0;
    return (e.body / g.base) % g.models;
}

}  // namespace vestige::source::game
