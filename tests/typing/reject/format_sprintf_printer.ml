let pp ppf n = Format.fprintf ppf "%d" n
let s = Format.sprintf "%a" pp 3
