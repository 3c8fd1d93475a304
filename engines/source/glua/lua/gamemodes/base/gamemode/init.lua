-- Vestige base gamemode, server part: every engine event has a harmless default so derived
-- gamemodes can call self.BaseClass.<Event>(self, ...).
AddCSLuaFile("cl_init.lua")
AddCSLuaFile("shared.lua")
include("shared.lua")

function GM:ShutDown() end
function GM:EntityRemoved(ent) end

function GM:PlayerInitialSpawn(ply) end

function GM:PlayerSpawn(ply)
	ply:SetHealth(100)
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
-- The kill command: base lets every player take their own life.
function GM:CanPlayerSuicide(ply) return true end

function GM:PlayerDeath(ply, inflictor, attacker)
	ply.NextSpawnTime = CurTime() + 2
	ply.DeathTime = CurTime()
end

function GM:PlayerDeathThink(ply)
	if ply.NextSpawnTime and ply.NextSpawnTime > CurTime() then return end
	if ply:KeyPressed(IN_ATTACK) or ply:KeyPressed(IN_ATTACK2) or ply:KeyPressed(IN_JUMP) then ply:Spawn() end
end
