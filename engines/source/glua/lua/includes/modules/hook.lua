-- hook: named event lists. hook.Call runs every hook of an event in the order the identifiers were
-- first added (GMod leaves the order unspecified and walks pairs(); LuaJIT seeds its string hash per
-- state, so pairs() order changes from run to run and would break deterministic replays), stops at
-- the first hook returning a non-nil first value and returns all of that hook's values; otherwise it
-- calls GM[event](GM, ...). Identifiers are strings or objects with IsValid (the object is passed
-- first; invalid ones are dropped when met).
hook = {}

local type, select, unpack = type, select, unpack
local events = {}  -- event -> { [id] = fn }: the table hook.GetTable() exposes, as in GMod
local orders = {}  -- event -> array of ids; replaced (copy on write) on every Add of a new id or Remove,
                   -- so a walk in progress keeps its own snapshot while hooks add or remove hooks
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
	if list[id] == nil then
		local old = orders[event] or {}
		local new = {}
		for i = 1, #old do
			if old[i] ~= id and list[old[i]] ~= nil then new[#new + 1] = old[i] end
		end
		new[#new + 1] = id
		orders[event] = new
	end
	list[id] = fn
end

function hook.Remove(event, id)
	local list = events[event]
	if not list or id == nil or list[id] == nil then return end
	list[id] = nil
	local old = orders[event] or {}
	local new = {}
	for i = 1, #old do
		if old[i] ~= id then new[#new + 1] = old[i] end
	end
	orders[event] = new
end

local iterate, iterate4

-- Decides after one hook ran: its results follow the fixed parameters.
local function decide(order, i, list, event, gm, args, n, first, ...)
	if first ~= nil then return first, ... end
	return iterate(order, i + 1, list, event, gm, args, n)
end

iterate = function(order, i, list, event, gm, args, n)
	local id = order[i]
	while id ~= nil do
		local fn = list[id]
		if fn ~= nil then
			if type(id) == "string" then
				return decide(order, i, list, event, gm, args, n, fn(unpack(args, 1, n)))
			end
			if IsValid(id) then
				return decide(order, i, list, event, gm, args, n, fn(id, unpack(args, 1, n)))
			end
			hook.Remove(event, id)
		end
		i = i + 1
		id = order[i]
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

local function decide4(order, i, list, event, gm, n, a, b, c, d, first, ...)
	if first ~= nil then return first, ... end
	return iterate4(order, i + 1, list, event, gm, n, a, b, c, d)
end

iterate4 = function(order, i, list, event, gm, n, a, b, c, d)
	local id = order[i]
	while id ~= nil do
		local fn = list[id]
		if fn ~= nil then
			if type(id) == "string" then
				return decide4(order, i, list, event, gm, n, a, b, c, d, call4(fn, nil, n, a, b, c, d))
			end
			if IsValid(id) then
				return decide4(order, i, list, event, gm, n, a, b, c, d, call4(fn, id, n, a, b, c, d))
			end
			hook.Remove(event, id)
		end
		i = i + 1
		id = order[i]
	end
	if gm then
		local method = gm[event]
		if method then return call4(method, gm, n, a, b, c, d) end
	end
end

function hook.Call(event, gm, ...)
	counts[event] = (counts[event] or 0) + 1
	local list = events[event]
	local order = orders[event]
	if list and order and order[1] ~= nil then
		local n = select("#", ...)
		if n <= 4 then
			local a, b, c, d = ...
			return iterate4(order, 1, list, event, gm, n, a, b, c, d)
		end
		return iterate(order, 1, list, event, gm, { ... }, n)
	end
	if gm then
		local method = gm[event]
		if method then return method(gm, ...) end
	end
end

function hook.Run(event, ...)
	return hook.Call(event, GAMEMODE, ...)
end
