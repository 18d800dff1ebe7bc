let o = object (self) val x = self method m = 1 end
