(* Printf's float conversions against ocamlopt: flags, widths, precisions, special values. *)
let values = [0.; -0.; 1.; -1.; 0.1; 1.5; 2.5; 123456.789; 1e-7; 1e21; 5e-324; 2.2250738585072014e-308;
              1.7976931348623157e308; infinity; neg_infinity; nan; 0.000123; 999999.5; 1e15; 1e16; 3.0e-5]
let () =
  List.iter (fun x ->
    Printf.printf "[%f] [%e] [%E] [%g] [%G] [%F] [%h] [%H]\n" x x x x x x x x;
    Printf.printf "[%.0f] [%.1e] [%.3g] [%.10g] [%.17g] [%.2F] [%.3h] [%#.0f]\n" x x x x x x x x;
    Printf.printf "[%12.4f] [%-12.4f] [%012.4f] [%+g] [% g] [%+012.3e] [%#g] [%#F]\n" x x x x x x x x;
    Printf.printf "%s %s\n" (string_of_float x) (Printf.sprintf "%5.1f" x))
    values;
  let s = Printf.sprintf "%.2f + %.2f = %.2f" 0.125 0.375 (0.125 +. 0.375) in
  print_endline s;
  Printf.eprintf "%g\n" 2.5;
  List.iter (fun s ->
    match float_of_string_opt s with
    | Some f -> Printf.printf "%S -> %h\n" s f
    | None -> Printf.printf "%S -> error\n" s)
    ["1"; "1."; ".5"; "-.5e-3"; "1e400"; "-1e-400"; "0x1p-1074"; "0x1.fffffffffffffp1023"; "0x.8"; "0X1P+2";
     "inf"; "-infinity"; "nan"; "NaN"; " 12"; "12 "; "1_2.3_4"; "_1"; "1e"; "e5"; ""; "+3"; "0x"; "1.5f"]
