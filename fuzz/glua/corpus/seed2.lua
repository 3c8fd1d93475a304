repeat local a = 1 if a then continue end local b = 2 until b
while true do continue end