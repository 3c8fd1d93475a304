-- string extensions (GMod names, our implementation).
local sub, find, len, gsub, lower, rep = string.sub, string.find, string.len, string.gsub, string.lower, string.rep

-- Explode(separator, text, usePattern): an empty separator gives single characters.
function string.Explode(sep, text, usePattern)
	local out = {}
	if sep == "" then
		for i = 1, #text do out[i] = sub(text, i, i) end
		return out
	end
	local plain = not usePattern
	local pos, n = 1, 0
	while true do
		local s, e = find(text, sep, pos, plain)
		if not s then break end
		if e < s then e = s end -- an empty pattern match still advances
		n = n + 1
		out[n] = sub(text, pos, s - 1)
		pos = e + 1
		if pos > #text + 1 then break end
	end
	out[n + 1] = sub(text, pos)
	return out
end

function string.Split(text, sep)
	return string.Explode(sep, text)
end

function string.Implode(sep, t)
	return table.concat(t, sep)
end

function string.PatternSafe(s)
	return (gsub(s, "[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0"))
end

function string.Trim(s, char)
	char = char and string.PatternSafe(char) or "%s"
	return (string.match(s, "^" .. char .. "*(.-)" .. char .. "*$")) or s
end

function string.TrimLeft(s, char)
	char = char and string.PatternSafe(char) or "%s"
	return (gsub(s, "^" .. char .. "*", ""))
end

function string.TrimRight(s, char)
	char = char and string.PatternSafe(char) or "%s"
	return (gsub(s, char .. "*$", ""))
end

function string.StartsWith(s, prefix)
	return sub(s, 1, #prefix) == prefix
end
string.StartWith = string.StartsWith

function string.EndsWith(s, suffix)
	return suffix == "" or sub(s, -#suffix) == suffix
end

function string.Replace(s, from, to)
	return table.concat(string.Explode(from, s), to)
end

function string.Left(s, n) return sub(s, 1, n) end
function string.Right(s, n) return sub(s, -n) end
function string.GetChar(s, i) return sub(s, i, i) end

function string.SetChar(s, i, c)
	return sub(s, 1, i - 1) .. c .. sub(s, i + 1)
end

function string.ToTable(s)
	local t = {}
	for i = 1, #s do t[i] = sub(s, i, i) end
	return t
end

function string.GetExtensionFromFilename(path)
	return string.match(path, "%.([^%./\\]+)$")
end

function string.StripExtension(path)
	local dot = string.match(path, "^.*()%.[^%./\\]*$")
	if dot then return sub(path, 1, dot - 1) end
	return path
end

function string.GetFileFromFilename(path)
	return string.match(path, "[^/\\]*$")
end

function string.GetPathFromFilename(path)
	return string.match(path, "^(.*[/\\])") or ""
end

function string.Comma(n, sep)
	sep = sep or ","
	local s = tostring(n)
	local int, frac = string.match(s, "^(-?%d+)(.*)$")
	if not int then return s end
	local k
	repeat
		int, k = gsub(int, "^(-?%d+)(%d%d%d)", "%1" .. sep .. "%2")
	until k == 0
	return int .. frac
end

function string.NiceSize(bytes)
	bytes = tonumber(bytes) or 0
	if bytes < 1024 then return bytes .. " Bytes" end
	if bytes < 1024 * 1024 then return math.Round(bytes / 1024, 2) .. " KB" end
	if bytes < 1024 * 1024 * 1024 then return math.Round(bytes / (1024 * 1024), 2) .. " MB" end
	return math.Round(bytes / (1024 * 1024 * 1024), 2) .. " GB"
end

function string.FormattedTime(seconds, fmt)
	seconds = seconds or 0
	local h = math.floor(seconds / 3600)
	local m = math.floor(seconds / 60) % 60
	local s = math.floor(seconds) % 60
	local ms = math.floor((seconds - math.floor(seconds)) * 100)
	if fmt then return string.format(fmt, m, s, ms) end
	return { h = h, m = m, s = s, ms = ms }
end

-- ("abc")[2] == "b": numeric indexing through the string metatable.
local meta = getmetatable("")
meta.__index = function(s, k)
	if type(k) == "number" then return sub(s, k, k) end
	return string[k]
end
