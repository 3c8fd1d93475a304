-- Vestige base gamemode, client part: the client realm's events with harmless defaults, so derived gamemodes can
-- call self.BaseClass.<Event>(self, ...). The HUD GMod's base draws (health, ammo, crosshair) is not drawn yet.
include("shared.lua")

function GM:PreDrawHUD() end
function GM:HUDPaint() end
function GM:HUDShouldDraw(name) return true end
