-- math extensions with GMod's documented formulas (spec section 6.2).
local floor, abs, min, max, random, sqrt = math.floor, math.abs, math.min, math.max, math.random, math.sqrt

function math.Clamp(v, lo, hi)
	return min(max(v, lo), hi)
end

-- floor(x * 10^idp + 0.5) / 10^idp, so math.Round(-2.5) == -2.
function math.Round(x, idp)
	local mult = 10 ^ (idp or 0)
	return floor(x * mult + 0.5) / mult
end

function math.Truncate(x, idp)
	local mult = 10 ^ (idp or 0)
	local f = x < 0 and math.ceil or floor
	return f(x * mult) / mult
end

function math.Remap(v, inMin, inMax, outMin, outMax)
	return outMin + (v - inMin) / (inMax - inMin) * (outMax - outMin)
end

function math.Approach(cur, target, inc)
	inc = abs(inc)
	if cur < target then return min(cur + inc, target) end
	if cur > target then return max(cur - inc, target) end
	return target
end

function math.NormalizeAngle(a)
	return (a + 180) % 360 - 180
end

function math.AngleDifference(a, b)
	local d = math.NormalizeAngle(a - b)
	if d < 180 then return d end
	return d - 360
end

function math.ApproachAngle(cur, target, inc)
	local d = math.AngleDifference(target, cur)
	return math.Approach(cur, cur + d, inc)
end

function math.Rand(lo, hi)
	return lo + (hi - lo) * random()
end

function math.Dist(x1, y1, x2, y2)
	local dx, dy = x2 - x1, y2 - y1
	return sqrt(dx * dx + dy * dy)
end
math.Distance = math.Dist

function math.DistanceSqr(x1, y1, x2, y2)
	local dx, dy = x2 - x1, y2 - y1
	return dx * dx + dy * dy
end

function math.SnapTo(v, step)
	return floor(v / step + 0.5) * step
end

function math.IsNearlyEqual(a, b, tol)
	return abs(a - b) <= (tol or 1e-6)
end

function math.TimeFraction(start, finish, cur)
	return (cur - start) / (finish - start)
end

function math.EaseInOut(t, easeIn, easeOut)
	if t == 0 or t == 1 then return t end
	easeIn, easeOut = easeIn or 0, easeOut or 0
	local total = easeIn + easeOut
	if total == 0 then return t end
	if total > 1 then easeIn, easeOut = easeIn / total, easeOut / total end
	local k = 1 / (2 - easeIn - easeOut)
	if t < easeIn then return k / easeIn * t * t end
	if t < 1 - easeOut then return k * (2 * t - easeIn) end
	local r = 1 - t
	return 1 - k / easeOut * r * r
end
