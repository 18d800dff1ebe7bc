(* Marshal's format, byte for byte as ocamlopt's: values written here are printed in hex,
   values written by an ocamlopt-built program (the string literals below) are read back. *)
type t = { name : string; id : int; tags : string list; score : int64 }
type v = A | B of int | C of string * int | D of v list
type point = { x : float; y : float; z : float }
type many =
  | M0 of int | M1 of int | M2 of int | M3 of int | M4 of int | M5 of int | M6 of int
  | M7 of int | M8 of int | M9 of int | M10 of int | M11 of int | M12 of int | M13 of int
  | M14 of int | M15 of int | M16 of int | M17 of int
type tree = Leaf | Node of tree * int * tree

let hex s = String.concat "" (List.map (fun c -> Printf.sprintf "%02x" (Char.code c)) (List.of_seq (String.to_seq s)))

let show name v flags =
  let s = Marshal.to_string v flags in
  Printf.printf "%s (%d bytes, data %d): %s\n" name (String.length s)
    (Marshal.data_size (Bytes.unsafe_of_string s) 0) (hex s)

let rec build n = if n = 0 then Leaf else Node (build (n - 1), n, build (n - 1))

let () =
  show "ints" [0; 1; 63; 64; 127; 128; -1; -128; -129; 32767; 32768; -32768; -32769;
               1 lsl 30 - 1; 1 lsl 30; - (1 lsl 30); - (1 lsl 30) - 1; max_int; min_int] [];
  show "strings" ["", "a", String.make 31 'b', String.make 32 'c', String.make 255 'd',
                  String.make 256 'e'] [];
  show "float" 2.5 [];
  show "floats" [1.5; -0.; infinity; 1e-300; nan] [];
  let ft = (1.5, -2.) in
  Printf.printf "float tuple: %b\n" (Marshal.from_string (Marshal.to_string ft []) 0 = ft);
  show "float tuple" ft [];
  show "float option" (Some 1.5) [];
  show "float ref" (ref 0.25) [];
  show "float array" [| 1.0; 2.5; -3.25 |] [];
  show "float record" { x = 1.; y = 2.; z = 3. } [];
  show "empty arrays" ([||] : int array) [];
  show "record" { name = "x"; id = 1 lsl 40; tags = ["a"; "b"]; score = -5L } [];
  show "variants" [| A; B 1; C ("c", -1000); D [A; D []] |] [];
  show "tag 17" [M0 0; M15 15; M16 16; M17 17] [];
  show "big block" (Array.init 10 (fun i -> i * i)) [];
  show "boxed ints" (1l, 2n, 3L, -2147483648n, 1234567890123n, Int64.min_int) [];
  let s = "shared" in
  show "sharing" (s, s, [s; s]) [];
  show "no sharing" (s, s, [s; s]) [Marshal.No_sharing];
  let t = build 3 in
  show "shared tree" (t, t) [];
  show "unshared tree" (t, t) [Marshal.No_sharing];
  let rec cycle = 1 :: 2 :: cycle in
  show "cycle" cycle [];
  show "long list" (List.init 300 (fun i -> i)) [];
  show "compat" (1, "x") [Marshal.Compat_32];
  (match Marshal.to_string (1 lsl 40) [Marshal.Compat_32] with
   | _ -> print_endline "no error"
   | exception Failure m -> Printf.printf "Failure %s\n" m);
  (match Marshal.to_string (fun x -> x + 1) [] with
   | _ -> print_endline "no error"
   | exception Invalid_argument m -> Printf.printf "Invalid_argument %s\n" m);
  (match Marshal.to_string (Weak.create 2) [] with
   | _ -> print_endline "no error"
   | exception Invalid_argument m -> Printf.printf "Invalid_argument %s\n" m)

(* Written by ocamlopt 4.13's Marshal.to_string. *)
let from_ocamlopt = [
  "\132\149\166\190\000\000\000\017\000\000\000\006\000\000\000\018\000\000\000\017\176\144\160A\160B\160C@%hello\000\214";
  "\132\149\166\190\000\000\000\031\000\000\000\007\000\000\000\021\000\000\000\020\192!x\003\000\000\001\000\000\000\000\000\160!a\160!b@\025_j\000\255\255\255\255\255\255\255\251";
  "\132\149\166\190\000\000\000\017\000\000\000\b\000\000\000\022\000\000\000\022\192@\144A\161!c\001\252\024\146\160@\160\146@@";
  "\132\149\166\190\000\000\0004\000\000\000\006\000\000\000\022\000\000\000\021\208\025_i\000\000\000\000\001\025_n\000\001\000\000\000\002\025_j\000\000\000\000\000\000\000\000\003\025_n\000\001\128\000\000\000\025_n\000\002\000\000\001\031q\251\004\203";
]

let () =
  match from_ocamlopt with
  | [a; b; c; d] ->
      let (l, s, n) : int list option * string * int = Marshal.from_string a 0 in
      Printf.printf "%s %s %d\n" (match l with Some l -> String.concat "," (List.map string_of_int l) | None -> "-") s n;
      let r : t = Marshal.from_string b 0 in
      Printf.printf "%s %d [%s] %Ld\n" r.name r.id (String.concat ";" r.tags) r.score;
      let vs : v array = Marshal.from_string c 0 in
      Printf.printf "%b\n" (vs = [| A; B 1; C ("c", -1000); D [A; D []] |]);
      let (i32, n, i64, m, big) : int32 * nativeint * int64 * nativeint * nativeint = Marshal.from_string d 0 in
      Printf.printf "%ld %nd %Ld %nd %nd\n" i32 n i64 m big
  | _ -> ()

(* Round trips: bytes with an offset, buffers, channels. *)
let () =
  let v = (build 4, [| 0.5; 1.5 |], { x = 4.; y = 5.; z = 6. }, "text", 7L) in
  let b = Marshal.to_bytes v [] in
  let padded = Bytes.cat (Bytes.of_string "prefix") b in
  let v' = Marshal.from_bytes padded 6 in
  Printf.printf "from_bytes: %b, total_size %d = %d\n" (v = v')
    (Marshal.total_size padded 6) (Bytes.length b);
  let buf = Bytes.make 1000 '\000' in
  let n = Marshal.to_buffer buf 10 990 v [] in
  Printf.printf "to_buffer: %d bytes, %b\n" n (Marshal.from_bytes buf 10 = v);
  (match Marshal.to_buffer buf 0 20 v [] with
   | _ -> print_endline "no error"
   | exception Failure m -> Printf.printf "Failure %s\n" m);
  (match Marshal.from_string "not marshaled data at all" 0 with
   | () -> print_endline "no error"
   | exception Failure m -> Printf.printf "Failure %s\n" m);
  (match Marshal.from_string "short" 0 with
   | () -> print_endline "no error"
   | exception Invalid_argument m -> Printf.printf "Invalid_argument %s\n" m);
  let file = "marshal_format.tmp" in
  let oc = open_out_bin file in
  Marshal.to_channel oc v [];
  output_value oc [1; 2; 3];
  Marshal.to_channel oc "last" [Marshal.No_sharing];
  close_out oc;
  let ic = open_in_bin file in
  let v' = Marshal.from_channel ic in
  let l : int list = input_value ic in
  let s : string = Marshal.from_channel ic in
  Printf.printf "channel: %b [%s] %s\n" (v = v') (String.concat ";" (List.map string_of_int l)) s;
  (match (Marshal.from_channel ic : int) with
   | _ -> print_endline "no error"
   | exception End_of_file -> print_endline "End_of_file");
  close_in ic;
  Sys.remove file
