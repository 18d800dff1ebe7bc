let o = object method private p = 1 method m = 2 end
let x = o#p
