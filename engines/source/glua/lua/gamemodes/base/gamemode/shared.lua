-- Vestige base gamemode, shared part (our own minimal gamemode).
GM.Name = "Base"
GM.Author = "Vestige"
GM.TeamBased = false

-- Events both realms have.
function GM:Initialize() end
function GM:InitPostEntity() end
function GM:PostGamemodeLoaded() end
function GM:Think() end
function GM:Tick() end

-- GMod's base rule for the noclip command: leaving noclip is always allowed, entering it only in single player
-- and alive.
function GM:PlayerNoClip(ply, on)
	if not on then return true end
	return game.SinglePlayer() and IsValid(ply) and ply:Alive()
end
