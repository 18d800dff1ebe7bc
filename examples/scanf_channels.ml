(* Scanf from files (Scanning.open_in, from_file_bin), Stdlib channels (from_channel, fscanf,
   kfscanf), functions and strings; kscanf error functions; partial applications sharing a
   buffer. *)
open Scanf
let () =
  let file = Sys.argv.(0) ^ ".scanf.tmp" in
  let oc = open_out file in
  output_string oc "10 20\nhello 3.5\nline two\n";
  close_out oc;
  let ib = Scanning.open_in file in
  bscanf ib "%d %d" (fun a b -> Printf.printf "%d %d\n" a b);
  bscanf ib " %s %f" (fun s f -> Printf.printf "%s %g\n" s f);
  bscanf ib " %[^\n]" (fun s -> Printf.printf "[%s]\n" s);
  Printf.printf "name=%b eoi=%b\n" (Scanning.name_of_input ib = file) (Scanning.end_of_input ib);
  (try bscanf ib " %d" (fun x -> print_int x) with End_of_file -> print_endline "eof");
  Scanning.close_in ib;
  let ic = open_in file in
  let ib = Scanning.from_channel ic in
  print_endline (Scanning.name_of_input ib);
  kscanf ib (fun _ e -> print_endline ("err " ^ Printexc.to_string e); 0) "%d %s" (fun a _ -> a) |> Printf.printf "%d\n";
  kscanf ib (fun _ e -> print_endline ("err " ^ Printexc.to_string e); 0) " %d" (fun a -> a) |> Printf.printf "%d\n";
  close_in ic;
  let ic = open_in file in
  let a = fscanf ic "%d" (fun x -> x) in
  let b = fscanf ic " %d" (fun x -> x) in
  let c = kfscanf ic (fun _ _ -> "bad") " %s" (fun x -> x) in
  Printf.printf "%d %d %s\n" a b c;
  close_in ic;
  let cnt = ref 0 in
  let ib = Scanning.from_function (fun () -> incr cnt; if !cnt > 5 then raise End_of_file else Char.chr (48 + !cnt)) in
  print_endline (Scanning.name_of_input ib);
  Printf.printf "boi=%b\n" (Scanning.beginning_of_input ib);
  bscanf ib "%2d%d" (fun a b -> Printf.printf "%d %d\n" a b);
  Printf.printf "boi=%b\n" (Scanning.beginning_of_input ib);
  let ib = Scanning.from_file_bin file in
  bscanf ib "%s@\n%s@\n" (fun a b -> Printf.printf "[%s][%s]\n" a b);
  (try ignore (Scanning.open_in "/nonexistent/x") with Sys_error m -> print_endline m);
  let s = Scanning.from_string "1 2 3" in
  let r = bscanf s "%d" in
  r (fun x -> Printf.printf "%d\n" x);
  bscanf s " %d" (fun x -> Printf.printf "%d\n" x);
  let g = sscanf "7 8" "%d" in
  g (fun x -> Printf.printf "%d\n" x);
  (try g (fun x -> Printf.printf "%d\n" x) with e -> print_endline (Printexc.to_string e));
  Sys.remove file
