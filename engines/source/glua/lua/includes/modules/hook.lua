-- hook: named event lists. hook.Call runs every hook of an event (pairs order, as GMod leaves it
-- unspecified), stops at the first one returning a non-nil first value and returns all of that
-- hook's values; otherwise it calls GM[event](GM, ...). Identifiers are strings or objects with
-- IsValid (the object is passed first; invalid ones are dropped lazily).
hook = {}

local next, type, select, unpack = next, type, select, unpack
local events = {}
local counts = debug.getregistry()["vestige.hookCounts"]

function hook.GetTable()
	return events
end

function hook.Add(event, id, fn)
	if type(event) ~= "string" then ErrorNoHalt("hook.Add: event name must be a string\n") return end
	if type(fn) ~= "function" then ErrorNoHalt("hook.Add: callback must be a function\n") return end
	local kind = type(id)
	if id == nil or kind == "number" or kind == "boolean" or kind == "function" then
		ErrorNoHalt("hook.Add: identifier must be a string or an object with IsValid\n")
		return
	end
	local list = events[event]
	if not list then
		list = {}
		events[event] = list
	end
	list[id] = fn
end

function hook.Remove(event, id)
	local list = events[event]
	if list and id ~= nil then list[id] = nil end
end

local iterate

-- Decides after one hook ran: its results follow the fixed parameters.
local function decide(list, id, event, gm, args, n, first, ...)
	if first ~= nil then return first, ... end
	local nid, fn = next(list, id)
	return iterate(list, nid, fn, event, gm, args, n)
end

iterate = function(list, id, fn, event, gm, args, n)
	while id ~= nil do
		if type(id) == "string" then
			return decide(list, id, event, gm, args, n, fn(unpack(args, 1, n)))
		end
		if IsValid(id) then
			return decide(list, id, event, gm, args, n, fn(id, unpack(args, 1, n)))
		end
		local dead = id
		id, fn = next(list, id)
		list[dead] = nil
	end
	if gm then
		local method = gm[event]
		if method then return method(gm, unpack(args, 1, n)) end
	end
end

function hook.Call(event, gm, ...)
	counts[event] = (counts[event] or 0) + 1
	local list = events[event]
	if list then
		local id, fn = next(list)
		if id ~= nil then
			return iterate(list, id, fn, event, gm, { ... }, select("#", ...))
		end
	end
	if gm then
		local method = gm[event]
		if method then return method(gm, ...) end
	end
end

function hook.Run(event, ...)
	return hook.Call(event, GAMEMODE, ...)
end
