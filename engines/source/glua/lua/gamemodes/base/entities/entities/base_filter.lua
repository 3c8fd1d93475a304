-- The standalone base of "filter" scripted entities (our own code), derived from base_entity as in GMod's base gamemode.
AddCSLuaFile()  -- sent to clients, as GMod's own base files send themselves
ENT.Type = "filter"
ENT.Base = "base_entity"
