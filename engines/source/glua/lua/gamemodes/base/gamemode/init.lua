-- Vestige base gamemode, server part: every engine event has a harmless default so derived
-- gamemodes can call self.BaseClass.<Event>(self, ...).
AddCSLuaFile("shared.lua")
include("shared.lua")

function GM:Initialize() end
function GM:InitPostEntity() end
function GM:PostGamemodeLoaded() end
function GM:Think() end
function GM:Tick() end
function GM:ShutDown() end
function GM:EntityRemoved(ent) end

function GM:PlayerInitialSpawn(ply) end

-- GMod's base has player_manager.OnPlayerSpawn apply the player's class; Vestige's base has no player_manager
-- yet and gives every player the values of GMod's player_default class (player_class/player_default.lua).
local player_default = {
	SlowWalkSpeed = 200, WalkSpeed = 400, RunSpeed = 600, CrouchedWalkSpeed = 0.3, DuckSpeed = 0.3,
	UnDuckSpeed = 0.3, JumpPower = 200, MaxHealth = 100, MaxArmor = 100, StartHealth = 100, StartArmor = 0,
}

function GM:PlayerSpawn(ply)
	local c = player_default
	ply:SetSlowWalkSpeed(c.SlowWalkSpeed)
	ply:SetWalkSpeed(c.WalkSpeed)
	ply:SetRunSpeed(c.RunSpeed)
	ply:SetCrouchedWalkSpeed(c.CrouchedWalkSpeed)
	ply:SetDuckSpeed(c.DuckSpeed)
	ply:SetUnDuckSpeed(c.UnDuckSpeed)
	ply:SetJumpPower(c.JumpPower)
	ply:SetMaxHealth(c.MaxHealth)
	ply:SetMaxArmor(c.MaxArmor)
	ply:SetHealth(c.StartHealth)
	ply:SetArmor(c.StartArmor)
	hook.Call("PlayerSetModel", GAMEMODE, ply)
	hook.Call("PlayerLoadout", GAMEMODE, ply)
end

function GM:PlayerSetModel(ply)
	ply:SetModel("models/player/kleiner.mdl")
end

function GM:PlayerLoadout(ply) end

-- The base gamemode's player rules (GMod's gamemodes/base/gamemode/player.lua), written here for Vestige:
-- mp_falldamage 1 is the SDK's realistic fall damage, else a flat 10; a dead player waits 2 seconds, then
-- attack, attack2 or jump respawns it.
function GM:GetFallDamage(ply, speed)
	if GetConVarNumber("mp_falldamage") > 0 then return (speed - 526.5) * (100 / 396) end
	return 10
end

-- GMod's base DoPlayerDeath also makes a ragdoll (not yet: Vestige has no ragdolls); the score is kept.
function GM:DoPlayerDeath(ply, attacker, dmginfo)
	ply:AddDeaths(1)
	if IsValid(attacker) and attacker:IsPlayer() then
		if attacker == ply then attacker:AddFrags(-1) else attacker:AddFrags(1) end
	end
end

function GM:EntityTakeDamage(ent, dmginfo) end
function GM:PlayerShouldTakeDamage(ply, attacker) return true end

function GM:PlayerDeath(ply, inflictor, attacker)
	ply.NextSpawnTime = CurTime() + 2
	ply.DeathTime = CurTime()
end

function GM:PlayerDeathThink(ply)
	if ply.NextSpawnTime and ply.NextSpawnTime > CurTime() then return end
	if ply:KeyPressed(IN_ATTACK) or ply:KeyPressed(IN_ATTACK2) or ply:KeyPressed(IN_JUMP) then ply:Spawn() end
end
