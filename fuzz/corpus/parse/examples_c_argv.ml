(* Command-line arguments via Sys.argv; exits with a non-zero code chosen by the arguments *)
type options = { verbose : bool; repeat : int; words : string list }

exception Usage of string

let parse_args () =
  let n = Array.length Sys.argv in
  let rec go i opts =
    if i >= n then { opts with words = List.rev opts.words }
    else
      match Sys.argv.(i) with
      | "-v" | "--verbose" -> go (i + 1) { opts with verbose = true }
      | "-n" ->
        if i + 1 >= n then raise (Usage "-n needs an argument");
        let k = try int_of_string Sys.argv.(i + 1) with Failure _ -> raise (Usage ("bad number " ^ Sys.argv.(i + 1))) in
        go (i + 2) { opts with repeat = k }
      | w when String.length w > 0 && w.[0] = '-' -> raise (Usage ("unknown option " ^ w))
      | w -> go (i + 1) { opts with words = w :: opts.words }
  in
  go 1 { verbose = false; repeat = 1; words = [] }

let () =
  let opts =
    try parse_args ()
    with Usage msg ->
      Printf.eprintf "error: %s\n" msg;
      exit 64
  in
  Printf.printf "%d arguments after the program name\n" (Array.length Sys.argv - 1);
  if opts.verbose then Printf.printf "verbose; repeat=%d; %d words\n" opts.repeat (List.length opts.words);
  List.iteri
    (fun i w ->
       for _ = 1 to opts.repeat do
         Printf.printf "%d:%s " i (String.concat "" [ w; "!" ])
       done;
       print_newline ())
    opts.words;
  let total = List.fold_left (fun acc w -> acc + String.length w) 0 opts.words in
  Printf.printf "total length %d\n" total;
  flush stdout;
  prerr_endline "exiting with the total length as the code";
  exit (total mod 256)
