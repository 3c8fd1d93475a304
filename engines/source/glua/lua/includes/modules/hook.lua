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

local iterate, iterate4

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

-- Fast path for up to four arguments: the same walk without packing them into a table.
-- `n` keeps select("#", ...) exact inside the hooks.
local function call4(fn, self, n, a, b, c, d)
	if self ~= nil then
		if n == 0 then return fn(self) elseif n == 1 then return fn(self, a) elseif n == 2 then return fn(self, a, b)
		elseif n == 3 then return fn(self, a, b, c) end
		return fn(self, a, b, c, d)
	end
	if n == 0 then return fn() elseif n == 1 then return fn(a) elseif n == 2 then return fn(a, b)
	elseif n == 3 then return fn(a, b, c) end
	return fn(a, b, c, d)
end

local function decide4(list, id, event, gm, n, a, b, c, d, first, ...)
	if first ~= nil then return first, ... end
	local nid, fn = next(list, id)
	return iterate4(list, nid, fn, event, gm, n, a, b, c, d)
end

iterate4 = function(list, id, fn, event, gm, n, a, b, c, d)
	while id ~= nil do
		if type(id) == "string" then
			return decide4(list, id, event, gm, n, a, b, c, d, call4(fn, nil, n, a, b, c, d))
		end
		if IsValid(id) then
			return decide4(list, id, event, gm, n, a, b, c, d, call4(fn, id, n, a, b, c, d))
		end
		local dead = id
		id, fn = next(list, id)
		list[dead] = nil
	end
	if gm then
		local method = gm[event]
		if method then return call4(method, gm, n, a, b, c, d) end
	end
end

function hook.Call(event, gm, ...)
	counts[event] = (counts[event] or 0) + 1
	local list = events[event]
	if list then
		local id, fn = next(list)
		if id ~= nil then
			local n = select("#", ...)
			if n <= 4 then
				local a, b, c, d = ...
				return iterate4(list, id, fn, event, gm, n, a, b, c, d)
			end
			return iterate(list, id, fn, event, gm, { ... }, n)
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
