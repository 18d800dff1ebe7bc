let o = object val x = 1 val x = 2 method m = x end
