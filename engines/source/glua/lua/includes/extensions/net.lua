-- Vestige standalone base: the Lua half of GMod's net library (our own code from the wiki's documented behaviour).
-- The engine hands every arriving message to net.Incoming(bits, sender); its first 16 bits are the message name's
-- id in the network string table. Receivers are kept by lower-case name. On the client `sender` is nil.

net.Receivers = {}

function net.Receive(name, func)
	net.Receivers[string.lower(name)] = func
end

function net.Incoming(len, client)
	local name = util.NetworkIDToString(net.ReadHeader())
	if not name then return end
	local func = net.Receivers[string.lower(name)]
	if not func then return end
	func(len - 16, client)
end

net.WriteBool = net.WriteBit
function net.ReadBool() return net.ReadBit() == 1 end

-- Entities travel as their index in MAX_EDICT_BITS (0: NULL), players in MAX_PLAYER_BITS.
function net.WriteEntity(ent)
	net.WriteUInt(IsValid(ent) and ent:EntIndex() or 0, MAX_EDICT_BITS)
end
function net.ReadEntity()
	local i = net.ReadUInt(MAX_EDICT_BITS)
	if i == 0 then return NULL end
	return Entity(i)
end
function net.WritePlayer(ply)
	net.WriteUInt(IsValid(ply) and ply:IsPlayer() and ply:EntIndex() or 0, MAX_PLAYER_BITS)
end
function net.ReadPlayer() return Entity(net.ReadUInt(MAX_PLAYER_BITS)) end

-- A colour is four bytes r, g, b and (unless told not to) a.
function net.WriteColor(col, writeAlpha)
	net.WriteUInt(col.r, 8)
	net.WriteUInt(col.g, 8)
	net.WriteUInt(col.b, 8)
	if writeAlpha ~= false then net.WriteUInt(col.a, 8) end
end
function net.ReadColor(readAlpha)
	local r, g, b = net.ReadUInt(8), net.ReadUInt(8), net.ReadUInt(8)
	local a = 255
	if readAlpha ~= false then a = net.ReadUInt(8) end
	return Color(r, g, b, a)
end

-- Typed values: an 8-bit TYPE_* id, then the value; a table is its key/value pairs ended by a nil, or with `seq`
-- a 32-bit count and the values.
local writers, readers = {}, {}
writers[TYPE_NIL] = function() end
writers[TYPE_STRING] = function(v) net.WriteString(v) end
writers[TYPE_NUMBER] = function(v) net.WriteDouble(v) end
writers[TYPE_BOOL] = function(v) net.WriteBool(v) end
writers[TYPE_ENTITY] = function(v) net.WriteEntity(v) end
writers[TYPE_VECTOR] = function(v) net.WriteVector(v) end
writers[TYPE_ANGLE] = function(v) net.WriteAngle(v) end
writers[TYPE_COLOR] = function(v) net.WriteColor(v) end
readers[TYPE_NIL] = function() return nil end
readers[TYPE_STRING] = function() return net.ReadString() end
readers[TYPE_NUMBER] = function() return net.ReadDouble() end
readers[TYPE_BOOL] = function() return net.ReadBool() end
readers[TYPE_ENTITY] = function() return net.ReadEntity() end
readers[TYPE_VECTOR] = function() return net.ReadVector() end
readers[TYPE_ANGLE] = function() return net.ReadAngle() end
readers[TYPE_COLOR] = function() return net.ReadColor() end

local putValue

local function writeTable(tab, seq, seen)
	if seen[tab] then error("net.WriteTable: Cyclic table detected. Cannot write tables with cyclic references.", 3) end
	seen[tab] = true
	if seq then
		net.WriteUInt(#tab, 32)
		for i = 1, #tab do putValue(tab[i], seen) end
	else
		for k, v in pairs(tab) do
			putValue(k, seen)
			putValue(v, seen)
		end
		net.WriteUInt(TYPE_NIL, 8)
	end
	seen[tab] = nil
end

putValue = function(v, seen)
	local id = IsColor(v) and TYPE_COLOR or TypeID(v)
	if id == TYPE_TABLE then
		net.WriteUInt(id, 8)
		writeTable(v, false, seen)
		return
	end
	local w = writers[id]
	if not w then error("net.WriteType: Couldn't write " .. type(v) .. " (type " .. id .. ")", 3) end
	net.WriteUInt(id, 8)
	w(v)
end

function net.WriteTable(tab, seq) writeTable(tab, seq, {}) end
function net.WriteType(v) putValue(v, {}) end

function net.ReadTable(seq)
	local tab = {}
	if seq then
		for i = 1, net.ReadUInt(32) do tab[i] = net.ReadType() end
	else
		while true do
			local k = net.ReadType()
			if k == nil then break end
			tab[k] = net.ReadType()
		end
	end
	return tab
end
function net.ReadType(typeid)
	typeid = typeid or net.ReadUInt(8)
	if typeid == TYPE_TABLE then return net.ReadTable() end
	local r = readers[typeid]
	if r then return r() end
	error("net.ReadType: Couldn't read type " .. tostring(typeid))
end
