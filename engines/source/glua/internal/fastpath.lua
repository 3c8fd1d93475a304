-- Internal chunk of the JIT mode (chunk name "=[vestige]"), run once by openFastPath() (src/fastpath.cpp) before any
-- script. It lives outside lua/ and is embedded at build time (embed.cmake), so it is never on the scripts' search
-- path. It receives the private ffi module and a table of natives; it keeps only ctypes, ffi.istype and cast function
-- pointers in upvalues (the debug library refuses every function whose source is "=[vestige]", and the registry is
-- hidden), and returns its exports.
local ffi, nat = ...
local rawtype, error, tostring, tonumber, select, setmetatable = type, error, tostring, tonumber, select, setmetatable
local rawgetmetatable, fmt = getmetatable, string.format
local dgetmetatable, dsetmetatable = debug.getmetatable, debug.setmetatable
local sqrt, abs, atan2, sin, cos, fmod, huge, pi = math.sqrt, math.abs, math.atan2, math.sin, math.cos, math.fmod,
	math.huge, math.pi
local istype, metatype = ffi.istype, ffi.metatype
ffi.cdef[[
typedef struct { float x, y, z; } vestige_Vector;
typedef struct { union { float p; float pitch; }; union { float y; float yaw; }; union { float r; float roll; }; } vestige_Angle;
typedef const float* (*vestige_entvec_fn)(void*, int32_t, uint32_t, int);
typedef int (*vestige_entset_fn)(void*, int32_t, uint32_t, int, float, float, float);
]]
local VecT = ffi.typeof("vestige_Vector")
local AngT = ffi.typeof("vestige_Angle")
local entVec = ffi.cast("vestige_entvec_fn", nat.entVec)
local entSet = ffi.cast("vestige_entset_fn", nat.entSet)
-- A cdata pointer, not the lightuserdata: the JIT compiles only the former into a call argument.
local rt = ffi.cast("void*", nat.rt)
local handles, udtype, udtypeid, parse3, entFallback = nat.handles, nat.udtype, nat.udtypeid, nat.parse3,
	nat.entFallback
local EntityMeta, PlayerMeta = nat.EntityMeta, nat.PlayerMeta
ffi = nil  -- nothing below may reach the module
nat = nil

local VectorMeta = { MetaName = "Vector", MetaID = 10 }
local AngleMeta = { MetaName = "Angle", MetaID = 11 }

-- float rounding (GMod computes in float): a store into a float field and a load back.
local F = VecT()
local function f32(n) F.x = n return F.x end

-- GMod's type names (Vector, Angle, Entity...) for error messages.
local function typename(v)
	local t = rawtype(v)
	if t == "cdata" then
		if istype(VecT, v) then return "Vector" elseif istype(AngT, v) then return "Angle" end
	elseif t == "userdata" then
		return udtype(v)
	end
	return t
end

local function bad(i, fname, expected, v)
	return fmt("bad argument #%d to '%s' (%s expected, got %s)", i, fname, expected, typename(v))
end

-- luaL_checknumber / luaL_optnumber semantics (numeric strings accepted); `level` reaches the script.
local function checknum(v, i, fname)
	if rawtype(v) == "number" then return v end
	local n = rawtype(v) == "string" and tonumber(v)
	if n then return n end
	error(bad(i, fname, "number", v), 3)
end
local function optnum(v, i, fname)
	if rawtype(v) == "number" then return v end
	if v == nil then return 0 end
	local n = rawtype(v) == "string" and tonumber(v)
	if n then return n end
	error(bad(i, fname, "number", v), 3)
end

-- "%f" per component; nan/inf spelled the same on every host.
local function comp(c)
	if c ~= c then return "nan" end
	if c == huge then return "inf" elseif c == -huge then return "-inf" end
	return fmt("%f", c)
end

-- Components of either type (the shared helpers accept both, as GMod's do).
local function tri(v)
	if istype(VecT, v) then return v.x, v.y, v.z end
	if istype(AngT, v) then return v.p, v.y, v.r end
end
local function settri(v, a, b, c)
	if istype(VecT, v) then v.x, v.y, v.z = a, b, c else v.p, v.y, v.r = a, b, c end
end
local function checktri(v, i, fname)
	if not (istype(VecT, v) or istype(AngT, v)) then error(bad(i, fname, "Vector or Angle", v), 3) end
end

local function tostr(v)
	local a, b, c = tri(v)
	if a == nil then error(bad(1, "__tostring", "Vector or Angle", v), 2) end
	return comp(a) .. " " .. comp(b) .. " " .. comp(c)
end

local function catpart(x)
	local t = rawtype(x)
	if t == "string" or t == "number" then return x end
	if t == "cdata" or t == "userdata" then return tostring(x) end
	error("attempt to concatenate a " .. typename(x) .. " value", 3)
end
local function concat(a, b) return catpart(a) .. catpart(b) end

-- == never errors: anything that is not the same type compares unequal (v == nil is false).
local function eq(a, b)
	if istype(VecT, a) then
		return istype(VecT, b) and a.x == b.x and a.y == b.y and a.z == b.z
	end
	if istype(AngT, a) then
		return istype(AngT, b) and a.p == b.p and a.y == b.y and a.r == b.r
	end
	return false
end

-- ---- Vector ----
local function Vector(x, y, z)
	if rawtype(x) == "number" and rawtype(y) == "number" and rawtype(z) == "number" then return VecT(x, y, z) end
	if istype(VecT, x) then return VecT(x.x, x.y, x.z) end
	if rawtype(x) == "string" then return VecT(parse3(x)) end
	return VecT(optnum(x, 1, "Vector"), optnum(y, 2, "Vector"), optnum(z, 3, "Vector"))
end

local V = VectorMeta
function V.__add(a, b)
	if istype(VecT, a) and istype(VecT, b) then return VecT(a.x + b.x, a.y + b.y, a.z + b.z) end
	if not istype(VecT, a) then error(bad(1, "__add", "Vector", a), 2) end
	error(bad(2, "__add", "Vector", b), 2)
end
function V.__sub(a, b)
	if istype(VecT, a) and istype(VecT, b) then return VecT(a.x - b.x, a.y - b.y, a.z - b.z) end
	if not istype(VecT, a) then error(bad(1, "__sub", "Vector", a), 2) end
	error(bad(2, "__sub", "Vector", b), 2)
end
function V.__unm(a)
	if not istype(VecT, a) then error(bad(1, "__unm", "Vector", a), 2) end
	return VecT(-a.x, -a.y, -a.z)
end
function V.__mul(a, b)
	if istype(VecT, a) then
		if istype(VecT, b) then return VecT(a.x * b.x, a.y * b.y, a.z * b.z) end
		local s = f32(checknum(b, 2, "__mul"))
		return VecT(a.x * s, a.y * s, a.z * s)
	end
	if not istype(VecT, b) then error(bad(2, "__mul", "Vector", b), 2) end
	local s = f32(checknum(a, 1, "__mul"))
	return VecT(b.x * s, b.y * s, b.z * s)
end
function V.__div(a, b)
	if not istype(VecT, a) then error(bad(1, "__div", "Vector", a), 2) end
	if istype(VecT, b) then return VecT(a.x / b.x, a.y / b.y, a.z / b.z) end
	local s = f32(checknum(b, 2, "__div"))  -- IEEE: /0 gives inf or nan, as GMod
	return VecT(a.x / s, a.y / s, a.z / s)
end
V.__eq = eq
V.__tostring = tostr
V.__concat = concat

local function vindex(v, k)
	local m = VectorMeta[k]
	if m ~= nil then return m end
	if k == 1 then return v.x elseif k == 2 then return v.y elseif k == 3 then return v.z end
	return nil
end
local function vnewindex(v, k, val)
	if k == 1 then v.x = checknum(val, 3, "__newindex")
	elseif k == 2 then v.y = checknum(val, 3, "__newindex")
	elseif k == 3 then v.z = checknum(val, 3, "__newindex")
	else error(fmt("cannot set field '%s'", tostring(k)), 2) end
end
V.__index = vindex
V.__newindex = vnewindex

local function cv(v, i, fname)
	if not istype(VecT, v) then error(bad(i, fname, "Vector", v), 3) end
	return v
end
local function ca(v, i, fname)
	if not istype(AngT, v) then error(bad(i, fname, "Angle", v), 3) end
	return v
end

function V.Length(v) cv(v, 1, "Length") return f32(sqrt(v.x * v.x + v.y * v.y + v.z * v.z)) end
function V.LengthSqr(v) cv(v, 1, "LengthSqr") return f32(v.x * v.x + v.y * v.y + v.z * v.z) end
function V.Length2D(v) cv(v, 1, "Length2D") return f32(sqrt(v.x * v.x + v.y * v.y)) end
function V.Length2DSqr(v) cv(v, 1, "Length2DSqr") return f32(v.x * v.x + v.y * v.y) end
function V.Distance(a, b)
	cv(a, 1, "Distance") cv(b, 2, "Distance")
	local x, y, z = a.x - b.x, a.y - b.y, a.z - b.z
	return f32(sqrt(x * x + y * y + z * z))
end
function V.DistToSqr(a, b)
	cv(a, 1, "DistToSqr") cv(b, 2, "DistToSqr")
	local x, y, z = a.x - b.x, a.y - b.y, a.z - b.z
	return f32(x * x + y * y + z * z)
end
function V.Distance2D(a, b)
	cv(a, 1, "Distance2D") cv(b, 2, "Distance2D")
	local x, y = a.x - b.x, a.y - b.y
	return f32(sqrt(x * x + y * y))
end
function V.Distance2DSqr(a, b)
	cv(a, 1, "Distance2DSqr") cv(b, 2, "Distance2DSqr")
	local x, y = a.x - b.x, a.y - b.y
	return f32(x * x + y * y)
end
-- core::normalize: scale by the largest component first; zero (never NaN) for a zero or non-finite length.
local function normalized(x, y, z)
	local m = abs(x)
	if abs(y) > m then m = abs(y) end
	if abs(z) > m then m = abs(z) end
	if not (m > 0) or m == huge then return 0, 0, 0 end
	x, y, z = f32(x / m), f32(y / m), f32(z / m)
	local len = f32(sqrt(x * x + y * y + z * z))
	return x / len, y / len, z / len
end
function V.Normalize(v) cv(v, 1, "Normalize") v.x, v.y, v.z = normalized(v.x, v.y, v.z) end
function V.GetNormalized(v) cv(v, 1, "GetNormalized") return VecT(normalized(v.x, v.y, v.z)) end
V.GetNormal = V.GetNormalized
function V.Dot(a, b) cv(a, 1, "Dot") cv(b, 2, "Dot") return f32(a.x * b.x + a.y * b.y + a.z * b.z) end
V.DotProduct = V.Dot
function V.Cross(a, b)
	cv(a, 1, "Cross") cv(b, 2, "Cross")
	return VecT(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
end
-- Source's VectorAngles: pitch and yaw in [0, 360).
function V.Angle(v)
	cv(v, 1, "Angle")
	local x, y, z = v.x, v.y, v.z
	local pitch, yaw = 0, 0
	if x == 0 and y == 0 then
		pitch = z > 0 and 270 or 90
	else
		yaw = atan2(y, x) * 180 / pi
		if yaw < 0 then yaw = yaw + 360 end
		pitch = atan2(-z, sqrt(x * x + y * y)) * 180 / pi
		if pitch < 0 then pitch = pitch + 360 end
		if pitch == 0 then pitch = 0 end  -- no "-0.000000" from atan2(-0, x)
	end
	return AngT(pitch, yaw, 0)
end
function V.Add(a, b) cv(a, 1, "Add") cv(b, 2, "Add") a.x, a.y, a.z = a.x + b.x, a.y + b.y, a.z + b.z end
function V.Sub(a, b) cv(a, 1, "Sub") cv(b, 2, "Sub") a.x, a.y, a.z = a.x - b.x, a.y - b.y, a.z - b.z end
function V.Mul(a, b)
	cv(a, 1, "Mul")
	if istype(VecT, b) then a.x, a.y, a.z = a.x * b.x, a.y * b.y, a.z * b.z return end
	local s = f32(checknum(b, 2, "Mul"))
	a.x, a.y, a.z = a.x * s, a.y * s, a.z * s
end
function V.Div(a, b)
	cv(a, 1, "Div")
	if istype(VecT, b) then a.x, a.y, a.z = a.x / b.x, a.y / b.y, a.z / b.z return end
	local s = f32(checknum(b, 2, "Div"))
	a.x, a.y, a.z = a.x / s, a.y / s, a.z / s
end
function V.Negate(v) cv(v, 1, "Negate") v.x, v.y, v.z = -v.x, -v.y, -v.z end
function V.GetNegated(v) cv(v, 1, "GetNegated") return VecT(-v.x, -v.y, -v.z) end
function V.WithinAABox(v, a, b)
	cv(v, 1, "WithinAABox") cv(a, 2, "WithinAABox") cv(b, 3, "WithinAABox")
	local lx, ly, lz = a.x < b.x and a.x or b.x, a.y < b.y and a.y or b.y, a.z < b.z and a.z or b.z
	local hx, hy, hz = a.x > b.x and a.x or b.x, a.y > b.y and a.y or b.y, a.z > b.z and a.z or b.z
	return v.x >= lx and v.x <= hx and v.y >= ly and v.y <= hy and v.z >= lz and v.z <= hz
end

-- Source's AngleVectors; components below 1e-6 snap to 0 (cos 90 degrees is not exactly 0).
local d2r = pi / 180
local function snap(c) if abs(c) < 1e-6 then return 0 end return c end
local function forward(p, y)
	local sp, cp, sy, cy = sin(p * d2r), cos(p * d2r), sin(y * d2r), cos(y * d2r)
	return snap(cp * cy), snap(cp * sy), snap(-sp)
end
local function right(p, y, r)
	local sp, cp, sy, cy, sr, cr = sin(p * d2r), cos(p * d2r), sin(y * d2r), cos(y * d2r), sin(r * d2r), cos(r * d2r)
	return snap(-sr * sp * cy + cr * sy), snap(-sr * sp * sy - cr * cy), snap(-sr * cp)
end
local function up(p, y, r)
	local sp, cp, sy, cy, sr, cr = sin(p * d2r), cos(p * d2r), sin(y * d2r), cos(y * d2r), sin(r * d2r), cos(r * d2r)
	return snap(cr * sp * cy + sr * sy), snap(cr * sp * sy - sr * cy), snap(cr * cp)
end
function V.Rotate(v, a)
	cv(v, 1, "Rotate") ca(a, 2, "Rotate")
	local fx, fy, fz = forward(a.p, a.y)
	local rx, ry, rz = right(a.p, a.y, a.r)
	local ux, uy, uz = up(a.p, a.y, a.r)
	fx, fy, fz, rx, ry, rz, ux, uy, uz = f32(fx), f32(fy), f32(fz), f32(rx), f32(ry), f32(rz), f32(ux), f32(uy), f32(uz)
	-- Columns forward, left (= -right), up: model space X forward, Y left, Z up.
	local x, y, z = v.x, v.y, v.z
	v.x, v.y, v.z = fx * x - rx * y + ux * z, fy * x - ry * y + uy * z, fz * x - rz * y + uz * z
end

-- ---- shared helpers (either type) ----
local function Set(a, b)
	checktri(a, 1, "Set") checktri(b, 2, "Set")
	settri(a, tri(b))
end
local function SetUnpacked(a, x, y, z)
	checktri(a, 1, "SetUnpacked")
	settri(a, optnum(x, 2, "SetUnpacked"), optnum(y, 3, "SetUnpacked"), optnum(z, 4, "SetUnpacked"))
end
local function Zero(a) checktri(a, 1, "Zero") settri(a, 0, 0, 0) end
local function IsZero(a)
	checktri(a, 1, "IsZero")
	local x, y, z = tri(a)
	return x == 0 and y == 0 and z == 0
end
local function Unpack(a) checktri(a, 1, "Unpack") return tri(a) end
local function ToTable(a) checktri(a, 1, "ToTable") return { tri(a) } end
local function IsEqualTol(a, b, tol)
	checktri(a, 1, "IsEqualTol") checktri(b, 2, "IsEqualTol")
	tol = f32(checknum(tol, 3, "IsEqualTol"))
	local ax, ay, az = tri(a)
	local bx, by, bz = tri(b)
	return abs(f32(ax - bx)) <= tol and abs(f32(ay - by)) <= tol and abs(f32(az - bz)) <= tol
end
for _, M in ipairs({ VectorMeta, AngleMeta }) do
	M.Set, M.SetUnpacked, M.Zero, M.IsZero, M.Unpack, M.ToTable, M.IsEqualTol =
		Set, SetUnpacked, Zero, IsZero, Unpack, ToTable, IsEqualTol
end

-- ---- Angle ----
local function Angle(p, y, r)
	if rawtype(p) == "number" and rawtype(y) == "number" and rawtype(r) == "number" then return AngT(p, y, r) end
	if istype(AngT, p) then return AngT(p.p, p.y, p.r) end
	if rawtype(p) == "string" then return AngT(parse3(p)) end
	return AngT(optnum(p, 1, "Angle"), optnum(y, 2, "Angle"), optnum(r, 3, "Angle"))
end

local A = AngleMeta
function A.__add(a, b)
	if istype(AngT, a) and istype(AngT, b) then return AngT(a.p + b.p, a.y + b.y, a.r + b.r) end
	if not istype(AngT, a) then error(bad(1, "__add", "Angle", a), 2) end
	error(bad(2, "__add", "Angle", b), 2)
end
function A.__sub(a, b)
	if istype(AngT, a) and istype(AngT, b) then return AngT(a.p - b.p, a.y - b.y, a.r - b.r) end
	if not istype(AngT, a) then error(bad(1, "__sub", "Angle", a), 2) end
	error(bad(2, "__sub", "Angle", b), 2)
end
function A.__unm(a)
	if not istype(AngT, a) then error(bad(1, "__unm", "Angle", a), 2) end
	return AngT(-a.p, -a.y, -a.r)
end
function A.__mul(a, b)
	if istype(AngT, a) then
		local s = f32(checknum(b, 2, "__mul"))
		return AngT(a.p * s, a.y * s, a.r * s)
	end
	if not istype(AngT, b) then error(bad(2, "__mul", "Angle", b), 2) end
	local s = f32(checknum(a, 1, "__mul"))
	return AngT(b.p * s, b.y * s, b.r * s)
end
function A.__div(a, b)
	if not istype(AngT, a) then error(bad(1, "__div", "Angle", a), 2) end
	local s = f32(checknum(b, 2, "__div"))
	return AngT(a.p / s, a.y / s, a.r / s)
end
A.__eq = eq
A.__tostring = tostr
A.__concat = concat
local function aindex(a, k)
	local m = AngleMeta[k]
	if m ~= nil then return m end
	if k == 1 then return a.p elseif k == 2 then return a.y elseif k == 3 then return a.r end
	return nil
end
local function anewindex(a, k, val)
	if k == 1 then a.p = checknum(val, 3, "__newindex")
	elseif k == 2 then a.y = checknum(val, 3, "__newindex")
	elseif k == 3 then a.r = checknum(val, 3, "__newindex")
	else error(fmt("cannot set field '%s'", tostring(k)), 2) end
end
A.__index = aindex
A.__newindex = anewindex
function A.Forward(a) ca(a, 1, "Forward") return VecT(forward(a.p, a.y)) end
function A.Right(a) ca(a, 1, "Right") return VecT(right(a.p, a.y, a.r)) end
function A.Up(a) ca(a, 1, "Up") return VecT(up(a.p, a.y, a.r)) end
local function normdeg(d)
	local r = fmod(d + 180, 360)
	if r < 0 then r = r + 360 end
	return r - 180
end
function A.Normalize(a) ca(a, 1, "Normalize") a.p, a.y, a.r = normdeg(a.p), normdeg(a.y), normdeg(a.r) end

-- The ffi metatables stay private and fixed (LuaJIT specialises traces to them); methods are looked up in the
-- public VectorMeta/AngleMeta at call time, so methods addons add to FindMetaTable("Vector") work on vectors.
local function private(M, index, newindex)
	return { __index = index, __newindex = newindex, __add = M.__add, __sub = M.__sub, __mul = M.__mul,
		__div = M.__div, __unm = M.__unm, __eq = M.__eq, __tostring = M.__tostring, __concat = M.__concat }
end
metatype(VecT, private(VectorMeta, vindex, vnewindex))
metatype(AngT, private(AngleMeta, aindex, anewindex))
metatype = nil

-- ---- Entity fast paths: the position is read through one FFI call, no Lua C function and no userdata ----
-- `handles` maps every genuine Entity/Player userdata (weak keys) to {index, serial}; C checks both.
local function nullErr() error("Tried to use a NULL entity!", 0) end
local function entVecGetter(which, fname)
	return function(e)
		local h = handles[e]
		if h == nil then error(bad(1, fname, "Entity", e), 2) end
		local p = entVec(rt, h[1], h[2], which)
		if p == nil then nullErr() end
		return VecT(p[0], p[1], p[2])
	end
end
local function entAngGetter(which, fname)
	return function(e)
		local h = handles[e]
		if h == nil then error(bad(1, fname, "Entity", e), 2) end
		local p = entVec(rt, h[1], h[2], which)
		if p == nil then nullErr() end
		return AngT(p[0], p[1], p[2])
	end
end
-- which: 0 position, 1 angles, 2 velocity, 3 the view (SetEyeAngles), 4 the view angles (EyeAngles, get only);
-- non-finite values are refused in C.
local function entSetter(which, fname, T, tname)
	local angle = tname == "Angle"
	return function(e, v)
		local h = handles[e]
		if h == nil then error(bad(1, fname, "Entity", e), 2) end
		if not istype(T, v) then
			if entVec(rt, h[1], h[2], 0) == nil then nullErr() end
			error(bad(2, fname, tname, v), 2)
		end
		local a, b, c
		if angle then a, b, c = v.p, v.y, v.r else a, b, c = v.x, v.y, v.z end
		if entSet(rt, h[1], h[2], which, a, b, c) == 0 then nullErr() end
	end
end
EntityMeta.GetPos = entVecGetter(0, "GetPos")
EntityMeta.EyePos = entVecGetter(0, "EyePos")
EntityMeta.GetAngles = entAngGetter(1, "GetAngles")
EntityMeta.GetVelocity = entVecGetter(2, "GetVelocity")
EntityMeta.SetPos = entSetter(0, "SetPos", VecT, "Vector")
EntityMeta.SetAngles = entSetter(1, "SetAngles", AngT, "Angle")
EntityMeta.SetVelocity = entSetter(2, "SetVelocity", VecT, "Vector")
PlayerMeta.SetEyeAngles = entSetter(3, "SetEyeAngles", AngT, "Angle")
EntityMeta.EyeAngles = entAngGetter(4, "EyeAngles")

-- Method lookup in Lua (a C __index would cost a C call per method): metatable, then Player -> Entity, then
-- the entity's own table (entFallback, C). GMod's own entity.lua replaces these in install mode.
EntityMeta.__index = function(e, k)
	local m = EntityMeta[k]
	if m ~= nil then return m end
	return entFallback(e, k)
end
PlayerMeta.__index = function(e, k)
	local m = PlayerMeta[k]
	if m ~= nil then return m end
	m = EntityMeta[k]
	if m ~= nil then return m end
	return entFallback(e, k)
end

-- ---- globals that must know the ffi types ----
local function gtype(...)
	local o = ...
	local t = rawtype(o)
	if t == "cdata" then
		if istype(VecT, o) then return "Vector" elseif istype(AngT, o) then return "Angle" end
		return t
	elseif t == "userdata" then
		return udtype(o)
	elseif t == "nil" and select("#", ...) == 0 then
		error("bad argument #1 to 'type' (value expected)", 2)
	end
	return t
end
local typeIds = { ["nil"] = 0, boolean = 1, number = 3, string = 4, table = 5, ["function"] = 6, thread = 8 }
local function TypeID(...)
	local o = ...
	local t = rawtype(o)
	if t == "cdata" then
		if istype(VecT, o) then return 10 elseif istype(AngT, o) then return 11 end
		return -1
	elseif t == "userdata" then
		return udtypeid(o)
	elseif t == "nil" and select("#", ...) == 0 then
		error("bad argument #1 to 'TypeID' (value expected)", 2)
	end
	return typeIds[t]
end
local function getmeta(o)
	if rawtype(o) == "cdata" then
		if istype(VecT, o) then return VectorMeta elseif istype(AngT, o) then return AngleMeta end
		return nil
	end
	return rawgetmetatable(o)
end
local function debugGetmeta(o)
	if rawtype(o) == "cdata" then return getmeta(o) end
	return dgetmetatable(o)
end
local function debugSetmeta(o, mt)
	if rawtype(o) == "cdata" then error("cannot change the metatable of a " .. typename(o), 2) end
	return dsetmetatable(o, mt)
end
local function isvector(v) return istype(VecT, v) end
local function isangle(v) return istype(AngT, v) end

-- Exports for the C side (registry refs) and the globals openFastPath installs.
local function unpackVector(v) if istype(VecT, v) then return v.x, v.y, v.z end end
local function unpackAngle(v) if istype(AngT, v) then return v.p, v.y, v.r end end
local function newVector(x, y, z) return VecT(x, y, z) end
local function newAngle(p, y, r) return AngT(p, y, r) end
return {
	Vector = Vector, Angle = Angle, VectorMeta = VectorMeta, AngleMeta = AngleMeta, type = gtype, TypeID = TypeID,
	getmetatable = getmeta, debugGetmetatable = debugGetmeta, debugSetmetatable = debugSetmeta, isvector = isvector, isangle = isangle, unpackVector = unpackVector,
	unpackAngle = unpackAngle, newVector = newVector, newAngle = newAngle,
}
