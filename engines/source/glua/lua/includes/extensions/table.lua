-- table extensions (GMod names, our implementation).
local pairs, next, type = pairs, next, type

function table.Count(t)
	local n = 0
	for _ in pairs(t) do n = n + 1 end
	return n
end

function table.HasValue(t, value)
	for _, v in pairs(t) do
		if v == value then return true end
	end
	return false
end

function table.KeyFromValue(t, value)
	for k, v in pairs(t) do
		if v == value then return k end
	end
end

function table.RemoveByValue(t, value)
	for i = 1, #t do
		if t[i] == value then
			table.remove(t, i)
			return i
		end
	end
	return false
end

function table.IsEmpty(t)
	return next(t) == nil
end

function table.Empty(t)
	for k in pairs(t) do t[k] = nil end
end

-- Deep copy; Vectors and Angles are copied, cycles are preserved.
function table.Copy(t, seen)
	if t == nil then return nil end
	seen = seen or {}
	if seen[t] then return seen[t] end
	local out = {}
	seen[t] = out
	setmetatable(out, getmetatable(t))
	for k, v in pairs(t) do
		local tv = type(v)
		if tv == "table" then
			out[k] = table.Copy(v, seen)
		elseif tv == "Vector" then
			out[k] = Vector(v)
		elseif tv == "Angle" then
			out[k] = Angle(v)
		else
			out[k] = v
		end
	end
	return out
end

function table.Merge(dest, src)
	for k, v in pairs(src) do
		if type(v) == "table" and type(dest[k]) == "table" then
			table.Merge(dest[k], v)
		else
			dest[k] = v
		end
	end
	return dest
end

function table.Add(dest, src)
	if type(src) ~= "table" then return dest end
	for _, v in pairs(src) do dest[#dest + 1] = v end
	return dest
end

function table.Inherit(t, base)
	for k, v in pairs(base) do
		if t[k] == nil then t[k] = v end
	end
	t.BaseClass = base
	return t
end

function table.GetKeys(t)
	local keys, n = {}, 0
	for k in pairs(t) do
		n = n + 1
		keys[n] = k
	end
	return keys
end

function table.Reverse(t)
	local out, n = {}, #t
	for i = 1, n do out[i] = t[n - i + 1] end
	return out
end

function table.Random(t)
	local n = table.Count(t)
	if n == 0 then return nil end
	local pick, i = math.random(1, n), 0
	for k, v in pairs(t) do
		i = i + 1
		if i == pick then return v, k end
	end
end

function table.IsSequential(t)
	local i = 0
	for _ in pairs(t) do
		i = i + 1
		if t[i] == nil then return false end
	end
	return true
end

function table.ClearKeys(t, saveKeys)
	local out = {}
	for k, v in pairs(t) do
		if saveKeys and type(v) == "table" then v.__key = k end
		out[#out + 1] = v
	end
	return out
end

function table.SortByMember(t, member, ascending)
	table.sort(t, function(a, b)
		if ascending then return a[member] < b[member] end
		return a[member] > b[member]
	end)
end

local function keyLess(a, b)
	local ta, tb = type(a), type(b)
	if ta ~= tb then return ta < tb end
	if ta == "number" or ta == "string" then return a < b end
	return tostring(a) < tostring(b)
end

-- Keys in sorted order (numbers, then strings), so iteration is deterministic.
function table.SortedPairs(t, descending)
	local keys = table.GetKeys(t)
	table.sort(keys, descending and function(a, b) return keyLess(b, a) end or keyLess)
	local i = 0
	return function()
		i = i + 1
		local k = keys[i]
		if k ~= nil then return k, t[k] end
	end
end
SortedPairs = table.SortedPairs

function table.GetFirstKey(t)
	return (next(t))
end

function table.GetFirstValue(t)
	local _, v = next(t)
	return v
end

function table.ToString(t, name, nice)
	local parts = {}
	for k, v in SortedPairs(t) do
		parts[#parts + 1] = tostring(k) .. " = " .. tostring(v)
	end
	return (name and (name .. " = ") or "") .. "{" .. table.concat(parts, nice and ",\n" or ", ") .. "}"
end
