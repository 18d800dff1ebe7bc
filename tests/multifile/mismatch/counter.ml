let size = 3
