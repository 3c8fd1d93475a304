-- Vestige standalone draw module (client realm), our own code following GMod's lua/includes/modules/draw.lua
-- behaviour for the functions it has: GetFontHeight, SimpleText and the TEXT_ALIGN_* constants. With a GMod
-- install its own module runs instead. RoundedBox, DrawText and the outlined/textured helpers are absent: they need
-- textures Vestige does not draw yet.
draw = {}
-- The same values as the TEXT_ALIGN enumeration.
draw.TEXT_ALIGN_LEFT, draw.TEXT_ALIGN_CENTER, draw.TEXT_ALIGN_RIGHT = 0, 1, 2
draw.TEXT_ALIGN_TOP, draw.TEXT_ALIGN_BOTTOM = 3, 4
local LEFT, CENTER, RIGHT, TOP, BOTTOM = 0, 1, 2, 3, 4

local heights = {}

-- The height of one line of `font` (the height GetTextSize gives "W"), cached per font name.
function draw.GetFontHeight(font)
	if heights[font] == nil then
		surface.SetFont(font)
		local _, h = surface.GetTextSize("W")
		heights[font] = h
	end
	return heights[font]
end

-- Text at (x, y) aligned by xalign/yalign (left/top by default), white unless a colour is given; returns its size.
function draw.SimpleText(text, font, x, y, colour, xalign, yalign)
	text = tostring(text)
	font = font or "DermaDefault"
	x = x or 0
	y = y or 0
	xalign = xalign or LEFT
	yalign = yalign or TOP
	surface.SetFont(font)
	local w, h = surface.GetTextSize(text)
	if xalign == CENTER then x = x - w / 2 elseif xalign == RIGHT then x = x - w end
	if yalign == CENTER then y = y - h / 2 elseif yalign == BOTTOM then y = y - h end
	surface.SetTextPos(math.ceil(x), math.ceil(y))
	if colour ~= nil then
		surface.SetTextColor(colour.r, colour.g, colour.b, colour.a)
	else
		surface.SetTextColor(255, 255, 255, 255)
	end
	surface.DrawText(text)
	return w, h
end
