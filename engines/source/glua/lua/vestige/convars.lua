-- Runs before includes/init.lua in both modes (GMod's CreateConVar & co. are native).
-- Console variables: a small Lua registry (no engine cvars in the headless runtime).
local convars = {}
local ConVarMeta = {}
ConVarMeta.__index = ConVarMeta
ConVarMeta.MetaName = "ConVar"
function ConVarMeta:GetString() return self.value end
function ConVarMeta:GetFloat() return tonumber(self.value) or 0 end
function ConVarMeta:GetInt() return math.floor(tonumber(self.value) or 0) end
function ConVarMeta:GetBool() return self:GetInt() ~= 0 end
function ConVarMeta:GetDefault() return self.default end
function ConVarMeta:GetName() return self.name end
function ConVarMeta:GetHelpText() return self.help end
function ConVarMeta:SetString(v) self.value = tostring(v) end
function ConVarMeta:SetFloat(v) self.value = tostring(v) end
function ConVarMeta:SetInt(v) self.value = tostring(math.floor(tonumber(v) or 0)) end
function ConVarMeta:SetBool(v) self.value = v and "1" or "0" end
RegisterMetaTable("ConVar", ConVarMeta)

FCVAR_NONE, FCVAR_ARCHIVE, FCVAR_NOTIFY, FCVAR_REPLICATED = 0, 128, 256, 8192
FCVAR_CHEAT, FCVAR_SERVER_CAN_EXECUTE, FCVAR_PROTECTED = 16384, 268435456, 32

function CreateConVar(name, default, flags, help, min, max)
	local key = string.lower(name)
	if convars[key] then return convars[key] end
	local cv = setmetatable({ name = name, value = tostring(default), default = tostring(default), help = help or "" }, ConVarMeta)
	convars[key] = cv
	return cv
end

function GetConVar(name)
	return convars[string.lower(name)]
end
GetConVar_Internal = GetConVar

function ConVarExists(name)
	return convars[string.lower(name)] ~= nil
end

function GetConVarNumber(name)
	local cv = GetConVar(name)
	return cv and cv:GetFloat() or 0
end

function GetConVarString(name)
	local cv = GetConVar(name)
	return cv and cv:GetString() or ""
end
