-- The standalone base of "anim" scripted entities (our own code), derived from base_entity as in GMod's base gamemode.
AddCSLuaFile()  -- sent to clients, as GMod's own base files send themselves
ENT.Type = "anim"
ENT.Base = "base_entity"
