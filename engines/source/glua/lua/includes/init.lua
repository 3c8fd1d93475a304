-- Vestige standalone GLua base library: entry point (our own code, written from GMod's documented
-- behaviour). The engine runs this file first; a GMod install runs its own lua/includes/init.lua.
include("extensions/string.lua")
include("extensions/table.lua")
include("extensions/math.lua")
include("util.lua")
include("extensions/net.lua")
include("modules/baseclass.lua")
include("modules/hook.lua")
include("modules/concommand.lua")
include("modules/gamemode.lua")
include("modules/scripted_ents.lua")
include("modules/weapons.lua")
if CLIENT then include("modules/draw.lua") end
