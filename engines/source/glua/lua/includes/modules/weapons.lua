-- weapons: the scripted weapon registry (our own code, written from the GMod wiki's weapons library and
-- Structures/SWEP). The engine's loader runs every SWEP script and hands its table to Register.
local stored
weapons, stored = include("class_registry.lua")("weapon", "PreRegisterSWEP",
	function(t) return t end,
	function(t) return t end,
	function(_, copy)  -- Base defaults to weapon_base, as in GMod
		copy.Base = copy.Base or "weapon_base"
		return copy.Base
	end)

function weapons.GetList()
	local out = {}
	for _, t in pairs(stored) do out[#out + 1] = t end
	return out
end
