-- scripted_ents: the scripted entity registry (our own code, written from the GMod wiki's scripted_ents library).
-- The engine's loader runs every SENT script and hands its ENT table to Register; entities of a registered class get
-- Get(class)'s members when they are created.
local baseOfType = { anim = "base_anim", point = "base_point", brush = "base_brush", filter = "base_filter" }
local stored
scripted_ents, stored = include("class_registry.lua")("entity", "PreRegisterSENT",
	function(t, name)  -- the record GMod keeps: { t = ENT, Base = its base (by Type when unset), type = ENT.Type }
		local base = t.Base or baseOfType[t.Type]
		if not base then Msg("WARNING: Scripted entity " .. name .. " has an invalid base entity!\n") end
		return { t = t, Base = base, type = t.Type }
	end,
	function(s) return s.t end,
	function(s) return s.Base end)

function scripted_ents.GetList()
	local out = {}
	for name, s in pairs(stored) do out[name] = s end
	return out
end

function scripted_ents.GetType(name)
	local s = stored[name]
	return s and s.type
end
