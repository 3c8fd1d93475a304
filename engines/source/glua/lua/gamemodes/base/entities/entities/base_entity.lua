-- The standalone root of scripted entities (our own code): GMod's base gamemode names base_entity as the base of
-- base_anim and of every SENT without one. It carries no behaviour: a SENT's own methods do the work.
AddCSLuaFile()  -- sent to clients, as GMod's own base files send themselves
ENT.Type = "anim"
ENT.Base = "base_entity"
ENT.Spawnable = false
ENT.AdminOnly = false
