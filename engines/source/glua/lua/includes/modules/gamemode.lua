-- gamemode: registry of loaded gamemodes. The engine loads gamemodes/<name>/gamemode/init.lua with
-- a fresh global GM and then calls gamemode.Register(GM, name, base); members the gamemode does
-- not define come from its base, which is also reachable as GM.BaseClass.
gamemode = {}

local registered = {}

function gamemode.Register(t, name, base)
	if base and base ~= name then
		local parent = registered[base]
		if parent then
			for k, v in pairs(parent) do
				if t[k] == nil then t[k] = v end
			end
			t.BaseClass = parent
		else
			ErrorNoHalt("gamemode '" .. tostring(name) .. "' derives from unknown gamemode '" .. tostring(base) .. "'\n")
		end
	end
	registered[name] = t
	baseclass.Set("gamemode_" .. name, t)
end

function gamemode.Get(name)
	return registered[name]
end

function gamemode.Call(event, ...)
	local gm = GAMEMODE
	if gm and gm[event] == nil then return false end
	return hook.Call(event, gm, ...)
end
