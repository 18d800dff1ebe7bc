let o = object val x = 1 val y = x + 1 method m = y end
