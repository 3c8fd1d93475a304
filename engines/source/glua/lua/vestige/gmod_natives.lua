-- GMod install mode only: stand-ins for native libraries the headless server does not implement yet
-- (networking, SQL, physics environment...). Every function of a stub library is a no-op returning
-- nothing, so GMod's own lua/includes can load; real implementations replace these one by one.
local function stubLibrary(name)
	local lib = _G[name] or {}
	setmetatable(lib, { __index = function(t, k)
		local f = function() end
		rawset(t, k, f)
		return f
	end })
	_G[name] = lib
end

for _, name in ipairs({ "net", "umsg", "sql", "physenv", "sound", "resource", "navmesh", "steamworks",
	"debugoverlay", "system", "gameevent", "duplicator_native", "construct_native", "spawnmenu_native",
	"achievements", "serverlist", "permissions", "ai", "constraint_native", "hammer", "cvars_native" }) do
	stubLibrary(name)
end
-- Extend (not replace) native libraries that exist but are incomplete.
for _, name in ipairs({ "util", "game", "engine", "ents", "player", "timer", "file" }) do
	stubLibrary(name)
end

function system.IsWindows() return false end
function system.IsLinux() return true end
function system.IsOSX() return false end
function sql.Query() return nil end
function sql.LastError() return "sql is not available in Vestige yet" end

TEAM_CONNECTING, TEAM_UNASSIGNED, TEAM_SPECTATOR = 0, 1001, 1002

-- Metatables of native types not implemented yet: present (so extensions can add methods), empty.
for _, name in ipairs({ "Weapon", "Vehicle", "NPC", "NextBot", "PhysObj", "CTakeDamageInfo", "CMoveData",
	"CUserCmd", "CEffectData", "IMaterial", "ITexture", "IMesh", "VMatrix", "File", "CRecipientFilter",
	"CSoundPatch", "CNavArea", "CNavLadder", "CLuaLocomotion", "PathFollower", "bf_read", "IVideoWriter",
	"ISave", "IRestore", "SurfaceInfo", "ProjectedTexture", "PhysCollide", "CNewParticleEffect", "Panel" }) do
	if not FindMetaTable(name) then
		local meta = { MetaName = name }
		meta.__index = meta
		RegisterMetaTable(name, meta)
	end
end

-- Native enums not provided yet: PREFIX_NAME constants read as 0, enum tables (SENSORBONE, ...) as all-zero
-- tables; the names are kept in VESTIGE_MISSING_ENUMS. Only ALL-CAPS names, only in install mode.
VESTIGE_MISSING_ENUMS = {}
setmetatable(_G, { __index = function(_, k)
	if type(k) == "string" and k:match("^[A-Z][A-Z0-9_]+$") and k ~= "GM" and k ~= "GAMEMODE" and k ~= "ENT" and k ~= "SWEP" then
		VESTIGE_MISSING_ENUMS[k] = true
		if k:find("_", 1, true) then return 0 end
		return setmetatable({}, { __index = function() return 0 end })
	end
end })

-- Player/Entity methods the base and sandbox gamemodes call on spawn; no engine state behind them yet.
do
	local player, entity = FindMetaTable("Player"), FindMetaTable("Entity")
	local teams = {}
	function player:SetTeam(t) teams[self] = t end
	function player:Team() return teams[self] or TEAM_UNASSIGNED end
	local classes = {}
	function player:SetClassID(id) classes[self] = id end
	function player:GetClassID() return classes[self] or 0 end
	for _, name in ipairs({ "UnSpectate", "Spectate", "StripWeapons", "StripAmmo", "RemoveAllAmmo", "SetupHands",
		"SetNoCollideWithTeammates", "SetAvoidPlayers", "AllowFlashlight", "SetWalkSpeed", "SetRunSpeed",
		"SetSlowWalkSpeed", "SetLadderClimbSpeed", "SetCrouchedWalkSpeed", "SetDuckSpeed", "SetUnDuckSpeed",
		"SetJumpPower", "SetArmor", "SetViewOffset", "SetViewOffsetDucked", "SetHull", "SetHullDuck",
		"ShouldDropWeapon", "SetPlayerColor", "SetWeaponColor", "SetCanZoom", "CrosshairEnable", "SwitchToDefaultWeapon",
		"SelectWeapon", "SendLua", "ConCommand", "SetDSP", "SendHint", "SuppressHint", "SetEyeTarget", "SetCanWalk",
		"DrawViewModel", "DrawWorldModel", "SetFOV", "SetAllowFullRotation", "SetMaxSpeed", "Freeze",
		"SetObserverMode", "AddCount", "AddCleanup", "AddFrozenPhysicsObject", "PhysgunUnfreeze", "GiveAmmo",
		"SetDrivingEntity", "ResetHull", "SetStepSize" }) do
		if not rawget(player, name) then player[name] = function() end end
	end
	for _, name in ipairs({ "SetMaxHealth", "SetCollisionGroup", "SetSkin", "SetBodygroup", "SetRenderMode",
		"SetMaterial", "SetPlaybackRate", "SetPoseParameter", "ResetSequence", "SetVar", "DrawShadow",
		"SetCustomCollisionCheck", "SetTrigger", "SetNotSolid", "SetParent", "SetKeyValue", "Fire", "Input",
		"EmitSound", "StopSound", "SetCollisionBounds", "SetGravity", "SetElasticity", "SetFriction" }) do
		if not rawget(entity, name) then entity[name] = function() end end
	end
	function player:GetInfo() return "" end
	function player:GetInfoNum(_, default) return default or 0 end
	function player:InVehicle() return false end
	function player:GetVehicle() return NULL end
	function player:GetActiveWeapon() return NULL end
	function player:GetWeapons() return {} end
	function player:HasWeapon() return false end
	function player:Give() return NULL end
	function player:Armor() return 0 end
	function player:Crouching() return false end
	function player:IsPlayingTaunt() return false end
	function player:GetViewEntity() return self end
	function player:GetDrivingEntity() return NULL end
	function player:GetHands() return NULL end
	function player:GetObserverMode() return 0 end
	function player:GetObserverTarget() return NULL end
	function player:GetRagdollEntity() return NULL end
	function player:GetViewModel() return NULL end
	function entity:OnGround() return true end
	function entity:GetSkin() return 0 end
	function entity:GetNumBodyGroups() return 0 end
	function entity:WaterLevel() return 0 end
	function entity:GetMoveType() return 0 end
	function entity:IsOnFire() return false end
end

-- ents.Create of a scripted class: the entity's table gets the registered ENT members (methods are then
-- found through Entity.__index -> GetTable, as in GMod). Initialize runs on Spawn.
do
	local nativeCreate = rawget(ents, "Create")
	local entity = FindMetaTable("Entity")
	local nativeSpawn = rawget(entity, "Spawn")
	function ents.Create(class)
		local e = nativeCreate(class)
		local sent = scripted_ents and scripted_ents.Get and scripted_ents.Get(class)
		if sent and IsValid(e) then
			local t = e:GetTable()
			for k, v in pairs(sent) do
				if t[k] == nil then t[k] = v end
			end
		end
		return e
	end
	function entity:Spawn()
		nativeSpawn(self)
		local init = self:GetTable().Initialize
		if init then init(self) end
	end
end

-- Materials and particles are client-side resources; the headless server hands out inert objects.
do
	local matMeta = FindMetaTable("IMaterial")
	setmetatable(matMeta, { __index = function() return function() end end })
	function Material(name) return setmetatable({ name = name }, matMeta), 0 end
	function PrecacheParticleSystem() end
	function ParticleEffect() end
	function ParticleEffectAttach() end
	local player = FindMetaTable("Player")
	function player:SetHands() end
	function player:GetHands() return NULL end
end

do
	local entity = FindMetaTable("Entity")
	for _, name in ipairs({ "SetBodyGroups", "SetBodygroup", "SetupBones", "SetLagCompensated", "SetupDataTables" }) do
		if not rawget(entity, name) then entity[name] = function() end end
	end
	function entity:GetPersistent() return false end
	function entity:GetUnFreezable() return false end
	function entity:GetVar(key, default) local v = self:GetTable()[key] if v == nil then return default end return v end
	function entity:SetVar(key, value) self:GetTable()[key] = value end
end

do
	local entity = FindMetaTable("Entity")
	local owners = setmetatable({}, { __mode = "k" })
	function entity:SetOwner(o) owners[self] = o end
	function entity:GetOwner() return owners[self] or NULL end
	for _, name in ipairs({ "AddEffects", "RemoveEffects", "SetNoDraw", "SetMoveType", "SetSolid", "SetColor",
		"DeleteOnRemove", "DontDeleteOnRemove", "AddEFlags", "RemoveEFlags", "AddFlags", "RemoveFlags",
		"SetTransmitWithParent", "SetPredictable", "SetSequence", "SetCycle", "SetModelScale", "PhysWake",
		"SetLocalPos", "SetLocalAngles", "FollowBone", "SetAbsVelocity", "SetAnimation" }) do
		entity[name] = function() end
	end
end
