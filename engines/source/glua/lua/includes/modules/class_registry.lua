-- The registry behind our scripted_ents and weapons modules (our own code, written from the GMod wiki's two
-- libraries, which behave alike): include() returns a function that builds one library.
--   kind: "entity" or "weapon" (the ERROR line GMod prints for a missing base), preHook: PreRegisterSENT/SWEP,
--   wrap(t, name): the stored record, table(record): the class table, base(record, copy): its Base name.

-- Fills the members t lacks from base (sub-tables such as Primary merged member by member), BaseClass = base.
local function inherit(t, base)
	for k, v in pairs(base) do
		if t[k] == nil then
			t[k] = v
		elseif k ~= "BaseClass" and type(t[k]) == "table" and type(v) == "table" then
			inherit(t[k], v)
		end
	end
	t.BaseClass = base
	return t
end

return function(kind, preHook, wrap, tableOf, baseOf)
	local lib, stored = {}, {}

	function lib.Register(t, name)
		if hook.Run(preHook, t, name) == false then return end
		if type(t.ClassNameOverride) == "string" then name = t.ClassNameOverride end
		t.ClassName = name
		stored[name] = wrap(t, name)
	end

	function lib.GetStored(name)
		return stored[name]
	end

	-- A copy of the registered table merged with its Base chain.
	function lib.Get(name)
		local s = stored[name]
		if not s then return nil end
		local t = {}
		for k, v in pairs(tableOf(s)) do
			t[k] = type(v) == "table" and table.Copy(v) or v
		end
		local base = baseOf(s, t)
		if base and base ~= name then
			local b = lib.Get(base)
			if not b then
				Msg("ERROR: Trying to derive " .. kind .. " " .. tostring(name) .. " from non existant " ..
					(kind == "weapon" and "SWEP " or "entity ") .. tostring(base) .. "!\n")
			else
				t = inherit(t, b)
			end
		end
		return t
	end

	function lib.IsBasedOn(name, base)
		local s = stored[name]
		if not s then return false end
		local b = tableOf(s).Base
		if kind == "entity" then b = s.Base end
		if b == name then return false end
		if b == base then return true end
		return lib.IsBasedOn(b, base)
	end

	-- Every script is in: the baseclass table of each class (DEFINE_BASECLASS) gets its merged members.
	function lib.OnLoaded()
		for name in pairs(stored) do baseclass.Set(name, lib.Get(name)) end
	end

	return lib, stored
end
