for i=1,3 do if i != 2 && !x || y then continue end local z = [[a // b]] end // c
/* d */