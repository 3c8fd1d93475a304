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
