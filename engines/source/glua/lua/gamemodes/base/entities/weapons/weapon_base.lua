-- The standalone base weapon (our own code): the member values GMod's base gamemode gives its weapon_base
-- (gamemodes/base/entities/weapons/weapon_base/shared.lua: clips of 8, 32 rounds given, semi-automatic, "Pistol"
-- ammo for both attacks), so weapons derived from it start from the same numbers. Its behaviour (bullets, sounds,
-- view model animations) is not here: PrimaryAttack and the other methods are absent, so a weapon relying on them
-- does nothing, visibly (the engine only calls methods a weapon has).
AddCSLuaFile()  -- sent to clients, as GMod's own base files send themselves
SWEP.PrintName = "Scripted Weapon"
SWEP.Spawnable = false
SWEP.AdminOnly = false
SWEP.Primary.ClipSize = 8
SWEP.Primary.DefaultClip = 32
SWEP.Primary.Automatic = false
SWEP.Primary.Ammo = "Pistol"
SWEP.Secondary.ClipSize = 8
SWEP.Secondary.DefaultClip = 32
SWEP.Secondary.Automatic = false
SWEP.Secondary.Ammo = "Pistol"
