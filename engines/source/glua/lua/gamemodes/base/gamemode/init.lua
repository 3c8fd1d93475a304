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

function GM:PlayerSpawn(ply)
	ply:SetHealth(100)
	hook.Call("PlayerSetModel", GAMEMODE, ply)
	hook.Call("PlayerLoadout", GAMEMODE, ply)
end

function GM:PlayerSetModel(ply)
	ply:SetModel("models/player/kleiner.mdl")
end

function GM:PlayerLoadout(ply) end
