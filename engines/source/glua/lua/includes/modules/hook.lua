-- hook: named event lists. hook.Call runs every hook of an event in the order the identifiers were
-- first added (GMod leaves the order unspecified and walks pairs(); LuaJIT seeds its string hash per
-- state, so pairs() order changes from run to run and would break deterministic replays), stops at
-- the first hook returning a non-nil first value and returns all of that hook's values; otherwise it
-- calls GM[event](GM, ...). Identifiers are strings or objects with IsValid (the object is passed
-- first; invalid ones are dropped when met).
--
-- Dispatch cost: every Add/Remove rebuilds a flat per-event record {n, fn1..fnN, ids = {...}} (copy on
-- write, so a walk in progress keeps its snapshot). A call walks that array with the arguments as `...`
-- (never packed into a table); a hook's results go through `found` only to test the first value.
hook = {}

local type, select, unpack = type, select, unpack
local events = {}  -- event -> { [id] = fn }: the table hook.GetTable() exposes, as in GMod
local orders = {}  -- event -> array of ids in insertion order
local flat = {}    -- event -> { n = count, [i] = fn, ids = array of ids or nil when all ids are strings }
local counts = debug.getregistry()["vestige.hookCounts"]
local boundSet = {} -- event -> setter of the engine's bound closure's record (see bind below)

function hook.GetTable()
	return events
end

local function rebuild(event)
	local list, order = events[event], orders[event]
	local rec = { n = #order, order = order, objs = false }
	for i = 1, #order do
		local id = order[i]
		rec[i] = list[id]
		if type(id) ~= "string" then rec.objs = true end
	end
	flat[event] = rec.n > 0 and rec or nil
	local bound = boundSet[event]
	if bound then bound(flat[event]) end
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
	rebuild(event)
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
	rebuild(event)
end

-- Results of a hook: kept (all of them) only when the first is non-nil.
local kept, keptN = {}, 0
local function found(first, ...)
	if first == nil then return false end
	keptN = select("#", ...) + 1
	kept[1] = first
	for i = 2, keptN do kept[i] = (select(i - 1, ...)) end
	return true
end
local function release(...)
	for i = 1, keptN do kept[i] = nil end
	keptN = 0
	return ...
end

-- Slow path: object ids (IsValid checks), or the rest of a walk after a hook changed the lists. It walks
-- the snapshot's ids and looks functions up live, so a hook removed or replaced by an earlier one in the
-- same walk is skipped or replaced.
local function walk(event, rec, i, ...)
	local order = rec.order
	for j = i, rec.n do
		local id = order[j]
		local list = events[event]
		local fn = list and list[id]
		if fn ~= nil then
			if type(id) == "string" then
				if found(fn(...)) then return true end
			elseif IsValid(id) then
				if found(fn(id, ...)) then return true end
			else
				hook.Remove(event, id)
			end
		end
	end
	return false
end

-- Fast path for string ids: recursion rather than a loop, so a trace entering at hook.Run stays one trace
-- (LuaJIT aborts a root trace that leaves a loop). `false` = no hook returned a value.
local function step(event, rec, i, ...)
	local fn = rec[i]
	if fn == nil then return false end
	if found(fn(...)) then return true end
	if rec ~= flat[event] then return walk(event, rec, i + 1, ...) end  -- a hook changed the lists
	return step(event, rec, i + 1, ...)
end

local function Call(event, gm, ...)
	local c = counts[event]
	counts[event] = (c or 0) + 1
	local rec = flat[event]
	if rec ~= nil then
		local hit
		if rec.objs then hit = walk(event, rec, 1, ...) else hit = step(event, rec, 1, ...) end
		if hit then return release(unpack(kept, 1, keptN)) end
	end
	if gm then
		local method = gm[event]
		if method then return method(gm, ...) end
	end
end
hook.Call = Call

function hook.Run(event, ...)
	return Call(event, GAMEMODE, ...)
end

-- The engine's entry for events without arguments (Think, Tick, Initialize...): hook.Call(event, GAMEMODE)
-- with fixed arity, because LuaJIT never starts a trace in a vararg function called from C. An addon's
-- replacement of hook.Call still receives every engine event.
function hook._VestigeEngineCall(event)
	local h = hook
	if h == nil or h.Call ~= Call then return h.Call(event, GAMEMODE) end
	local c = counts[event]
	counts[event] = (c or 0) + 1
	local rec = flat[event]
	if rec ~= nil then
		local hit
		if rec.objs then hit = walk(event, rec, 1) else hit = step(event, rec, 1) end
		if hit then return release(unpack(kept, 1, keptN)) end
	end
	local gm = GAMEMODE
	if gm then
		local method = gm[event]
		if method then return method(gm) end
	end
end

-- Interpreter (an instruction budget switches the JIT off): a plain loop beats the recursion the JIT needs, and
-- the engine drops the results, so only the first value of each hook is looked at.
if not (jit and jit.status and jit.status()) then
	function hook._VestigeEngineCall(event)
		local h = hook
		if h == nil or h.Call ~= Call then return h.Call(event, GAMEMODE) end
		counts[event] = (counts[event] or 0) + 1
		local rec = flat[event]
		if rec ~= nil then
			if rec.objs then
				if walk(event, rec, 1) then release() return end
			else
				for i = 1, rec.n do
					if rec[i]() ~= nil then return end
					if rec ~= flat[event] then
						if walk(event, rec, i + 1) then release() return end
						break
					end
				end
			end
		end
		local gm = GAMEMODE
		if gm then
			local method = gm[event]
			if method then method(gm) end
		end
	end
end

-- The engine's entry (Runtime::callHook, standalone mode). bind(event, set) hands the engine, through set(fn),
-- a zero-argument closure that runs the event's dispatch, and hands it a new one whenever the event's hooks
-- change: the engine's call is one lua_pcall of one function, like a raw call of a hook. The closure is made
-- for the record's shape, so the common case (one hook with a string id) is straight-line code: no walk, no
-- record lookup. The engine passes its message handler to that lua_pcall (it records an error with its traceback
-- where it happened; the error ends the dispatch, as an error in hook.Call does) and counts the event itself, so
-- the closure only dispatches. It drops the results, so only the first value of each hook is looked at. The
-- engine takes bind at boot and unlinks the table.
local engine = debug.getregistry()["vestige.hookEngine"]
if type(engine) == "table" and engine.engine then
	engine.engine = nil
	-- An addon replaced hook.Call: it gets the event; the engine's count is taken back here, since the
	-- replacement reaches our hook.Call (which counts) only if it calls it.
	local function replaced(h, event)
		counts[event] = (counts[event] or 0) - 1
		return h.Call(event, GAMEMODE)
	end
	local jitOn = jit and jit.status and jit.status()

	-- After the hooks: the gamemode's method (a tail call; the JIT inlines it).
	local function gamemodeMethod(event)
		local gm = GAMEMODE
		if gm then
			local method = gm[event]
			if method then method(gm) end
		end
	end

	-- No hooks: the gamemode's method only.
	local function makeEmpty(event)
		return function()
			local h = hook
			if h == nil or h.Call ~= Call then return replaced(h, event) end
			return gamemodeMethod(event)
		end
	end

	-- One hook with a string id: nothing can follow it in the walk, so no list-change check either. The
	-- common shape: the gamemode's method is written out (the interpreter pays ≈ 6 ns for the call).
	local function makeOne(event, fn)
		return function()
			local h = hook
			if h == nil or h.Call ~= Call then return replaced(h, event) end
			if fn() ~= nil then return end
			local gm = GAMEMODE
			if gm then
				local method = gm[event]
				if method then method(gm) end
			end
		end
	end

	-- Object ids (IsValid checks): the general walk.
	local function makeObjs(event, rec)
		return function()
			local h = hook
			if h == nil or h.Call ~= Call then return replaced(h, event) end
			if walk(event, rec, 1) then release() return end
			return gamemodeMethod(event)
		end
	end

	-- Several string ids. `rec ~= flat[event]` after a hook means it changed the lists: the rest of the walk
	-- uses the snapshot's ids with live lookups.
	local function makeMany(event, rec)
		if jitOn then
			-- Recursion rather than a loop, so the trace entering at the closure stays one trace.
			local function step(i)
				local fn = rec[i]
				if fn == nil then return false end
				if fn() ~= nil then return true end
				if rec ~= flat[event] then
					if walk(event, rec, i + 1) then release() return true end
					return false
				end
				return step(i + 1)
			end
			return function()
				local h = hook
				if h == nil or h.Call ~= Call then return replaced(h, event) end
				if step(1) then return end
				return gamemodeMethod(event)
			end
		end
		-- Interpreter: a plain loop beats the recursion the JIT needs.
		return function()
			local h = hook
			if h == nil or h.Call ~= Call then return replaced(h, event) end
			for i = 1, rec.n do
				if rec[i]() ~= nil then return end
				if rec ~= flat[event] then
					if walk(event, rec, i + 1) then release() return end
					break
				end
			end
			return gamemodeMethod(event)
		end
	end

	engine.bind = function(event, set)
		boundSet[event] = function(rec)
			if rec == nil then set(makeEmpty(event))
			elseif rec.objs then set(makeObjs(event, rec))
			elseif rec.n == 1 then set(makeOne(event, rec[1]))
			else set(makeMany(event, rec)) end
		end
		boundSet[event](flat[event])
	end
end
