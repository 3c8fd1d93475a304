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
