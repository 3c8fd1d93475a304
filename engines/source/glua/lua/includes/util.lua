-- Global helpers GMod defines in Lua: type predicates, IsValid, Color, PrintTable, Lerp,
-- AccessorFunc, console variables (kept in Lua: the headless runtime has no cvar system).
local type, TypeID = type, TypeID

function isstring(v) return type(v) == "string" end
function isnumber(v) return type(v) == "number" end
function istable(v) return type(v) == "table" end
function isfunction(v) return type(v) == "function" end
function isbool(v) return type(v) == "boolean" end
function isvector(v) return type(v) == "Vector" end
function isangle(v) return type(v) == "Angle" end
function isentity(v) return TypeID(v) == TYPE_ENTITY end
function ismatrix(v) return type(v) == "VMatrix" end
function ispanel(v) return type(v) == "Panel" end
IsEntity = isentity

function IsValid(obj)
	if not obj then return false end
	local t = type(obj)
	if t ~= "table" and TypeID(obj) < TYPE_USERDATA then return false end
	local f = obj.IsValid
	if not f then return false end
	return f(obj) and true or false
end

function tobool(v)
	if v == nil or v == false or v == 0 or v == "0" or v == "false" or v == "" then return false end
	return true
end

function Either(cond, a, b)
	if cond then return a end
	return b
end

function Lerp(t, a, b)
	return a + (b - a) * t
end

function LerpVector(t, a, b)
	return a + (b - a) * t
end

function LerpAngle(t, a, b)
	return Angle(
		a.p + math.AngleDifference(b.p, a.p) * t,
		a.y + math.AngleDifference(b.y, a.y) * t,
		a.r + math.AngleDifference(b.r, a.r) * t)
end

function VectorRand(lo, hi)
	lo, hi = lo or -1, hi or 1
	return Vector(math.Rand(lo, hi), math.Rand(lo, hi), math.Rand(lo, hi))
end

function AngleRand(lo, hi)
	lo, hi = lo or -90, hi or 90
	return Angle(math.Rand(lo, hi), math.Rand(-180, 180), math.Rand(-180, 180))
end

function Model(s) return s end
function Sound(s) return s end
function Particle(s) return s end

function SafeRemoveEntity(ent)
	if IsValid(ent) and not ent:IsPlayer() then ent:Remove() end
end

function SafeRemoveEntityDelayed(ent, delay)
	timer.Simple(delay or 0, function() SafeRemoveEntity(ent) end)
end

-- Color: {r, g, b, a} with the "Color" metatable; components are capped at 255 (no lower clamp).
local ColorMeta = {}
ColorMeta.__index = ColorMeta
ColorMeta.MetaName = "Color"
RegisterMetaTable("Color", ColorMeta)

function ColorMeta:__tostring()
	return string.format("%d %d %d %d", self.r, self.g, self.b, self.a)
end

function ColorMeta:__eq(other)
	return self.r == other.r and self.g == other.g and self.b == other.b and self.a == other.a
end

function ColorMeta:Unpack()
	return self.r, self.g, self.b, self.a
end

function ColorMeta:ToTable()
	return { self.r, self.g, self.b, self.a }
end

function Color(r, g, b, a)
	a = a or 255
	return setmetatable({
		r = math.min(tonumber(r), 255),
		g = math.min(tonumber(g), 255),
		b = math.min(tonumber(b), 255),
		a = math.min(tonumber(a), 255),
	}, ColorMeta)
end

function IsColor(v)
	return getmetatable(v) == ColorMeta
end

color_white = Color(255, 255, 255)
color_black = Color(0, 0, 0)
color_transparent = Color(255, 255, 255, 0)
-- The shared constant vectors GMod's util.lua makes (wiki: Global variables).
vector_origin = Vector(0, 0, 0)
vector_up = Vector(0, 0, 1)
angle_zero = Angle(0, 0, 0)

function PrintTable(t, indent, seen)
	indent = indent or 0
	seen = seen or {}
	seen[t] = true
	for k, v in SortedPairs(t) do
		local pad = string.rep("\t", indent)
		if type(v) == "table" and not seen[v] then
			Msg(pad .. tostring(k) .. ":\n")
			PrintTable(v, indent + 2, seen)
		else
			Msg(pad .. tostring(k) .. "\t=\t" .. tostring(v) .. "\n")
		end
	end
end

-- AccessorFunc(tab, "m_key", "Name", force): tab:GetName()/tab:SetName(v).
FORCE_STRING, FORCE_NUMBER, FORCE_BOOL = 1, 2, 3
function AccessorFunc(tab, key, name, force)
	tab["Get" .. name] = function(self) return self[key] end
	if force == FORCE_STRING then
		tab["Set" .. name] = function(self, v) self[key] = tostring(v) end
	elseif force == FORCE_NUMBER then
		tab["Set" .. name] = function(self, v) self[key] = tonumber(v) end
	elseif force == FORCE_BOOL then
		tab["Set" .. name] = function(self, v) self[key] = tobool(v) end
	else
		tab["Set" .. name] = function(self, v) self[key] = v end
	end
end
