-- Vestige base gamemode, shared part (our own minimal gamemode).
GM.Name = "Base"
GM.Author = "Vestige"
GM.TeamBased = false
