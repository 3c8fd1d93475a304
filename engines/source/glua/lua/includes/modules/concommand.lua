-- concommand: Lua console commands; the engine routes RunConsoleCommand to concommand.Run.
concommand = {}

local commands, completions = {}, {}

function concommand.Add(name, fn, autocomplete, help, flags)
	local key = string.lower(name)
	commands[key] = fn
	completions[key] = autocomplete
	AddConsoleCommand(name, help, flags)
end

function concommand.Remove(name)
	local key = string.lower(name)
	commands[key] = nil
	completions[key] = nil
end

function concommand.GetTable()
	return commands, completions
end

function concommand.Run(ply, cmd, args, argStr)
	local fn = commands[string.lower(cmd)]
	if not fn then return false end
	fn(ply, cmd, args or {}, argStr or "")
	return true
end

function concommand.AutoComplete(cmd, argStr)
	local fn = completions[string.lower(cmd)]
	if fn then return fn(cmd, argStr) end
end
