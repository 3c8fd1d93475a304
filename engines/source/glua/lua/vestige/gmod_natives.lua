-- GMod install mode only, run before the install's lua/includes/init.lua. Nothing here is a silent stub:
-- * STAND_INS lists every function Vestige does not implement yet but that GMod's own loaders call; each one is a
--   counted stand-in (Runtime::standInCalls, the report's standInCalls). Anything else Vestige lacks is absent,
--   and calling it fails with Lua's "attempt to call a nil value", as a missing function does in GMod.
-- * Metatables of native types Vestige has no objects of yet exist and are empty, so GMod's extensions can add
--   their methods to them (as they do in GMod before any object exists).
-- * A native whose behaviour is not there yet is a counted stand-in too (standins.cpp's list); an entry here replaces
--   it when it keeps state the native cannot (SetOwner/GetOwner).
local standIn, isStandIn = ...

for _, name in ipairs({ "Vehicle", "NPC", "NextBot", "CMoveData",
	"CUserCmd", "CEffectData", "ITexture", "IMesh", "VMatrix", "CRecipientFilter",
	"CSoundPatch", "CNavArea", "CNavLadder", "CLuaLocomotion", "PathFollower", "bf_read", "IVideoWriter",
	"ISave", "IRestore", "SurfaceInfo", "ProjectedTexture", "PhysCollide", "CNewParticleEffect", "Panel" }) do
	if not FindMetaTable(name) then
		local meta = { MetaName = name }
		meta.__index = meta
		RegisterMetaTable(name, meta)
	end
end

-- The stand-ins, by "Meta:Method" or "Global": false = does nothing, returns nothing; a function = its body. Native
-- names GMod's Lua (gamemodes, weapons, tools) calls that have no behaviour in Vestige yet; every call shows in the
-- report. Booting base or sandbox calls none of them.
local STAND_INS = {
	-- Player methods of the client's view, vehicles, taunts and ragdolls.
	["Player:SetCanZoom"] = false, ["Player:CrosshairEnable"] = false,
	["Player:SendLua"] = false,
	["Player:SetDSP"] = false,
	["Player:SetEyeTarget"] = false, ["Player:DrawViewModel"] = false,
	["Player:SetFOV"] = false,
	["Player:InVehicle"] = function() return false end,
	["Player:GetVehicle"] = function() return NULL end,
	["Player:IsPlayingTaunt"] = function() return false end,
	["Player:GetViewEntity"] = function(self) return self end,
	["Player:GetRagdollEntity"] = function() return NULL end,
	["Player:CreateRagdoll"] = false,
	-- Entity methods of models, physics and networking the gamemodes and scripted entities call.
	["Entity:SetRenderMode"] = false,
	["Entity:SetPlaybackRate"] = false, ["Entity:SetPoseParameter"] = false, ["Entity:ResetSequence"] = false,
	["Entity:SetCustomCollisionCheck"] = false,
	["Entity:SetFriction"] = false, ["Entity:SetupBones"] = false, ["Entity:SetLagCompensated"] = false,
	["Entity:AddEFlags"] = false, ["Entity:RemoveEFlags"] = false, ["Entity:SetPredictable"] = false,
	["Entity:SetSequence"] = false, ["Entity:SetCycle"] = false, ["Entity:SetModelScale"] = false,
	["Entity:FollowBone"] = false, ["Entity:SetAnimation"] = false,
	["Entity:IsOnFire"] = function() return false end,
	["Entity:GetPersistent"] = function() return false end,
	-- Particles are client effects; the server only names them.
	["ParticleEffect"] = false, ["ParticleEffectAttach"] = false,
}

local names = {}
for name in pairs(STAND_INS) do names[#names + 1] = name end
table.sort(names)  -- registration order is the report's order: deterministic
for _, name in ipairs(names) do
	local body = STAND_INS[name] or nil
	local meta, method = name:match("^(%w+):(%w+)$")
	if meta then
		local t = FindMetaTable(meta)
		local present = rawget(t, method)
		if present == nil or isStandIn(present) then rawset(t, method, standIn(name, body)) end
	elseif rawget(_G, name) == nil then
		rawset(_G, name, standIn(name, body))
	end
end
