-- baseclass: named tables that derived classes look up by name.
baseclass = {}

local classes = {}

function baseclass.Get(name)
	local t = classes[name]
	if not t then
		t = {}
		classes[name] = t
	end
	return t
end

function baseclass.Set(name, tab)
	local t = baseclass.Get(name)
	for k in pairs(t) do t[k] = nil end
	for k, v in pairs(tab) do t[k] = v end
end
