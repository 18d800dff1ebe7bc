(* An ocamllex lexer reading stdin (`Lexing.from_channel`, refilled 512 bytes at a time):
   examples/lexing_stdin.ml is this file's output (OCaml 4.13's `ocamllex -q`). *)
{
let words = Hashtbl.create 16
}

rule line_tokens acc = parse
  | ['a'-'z' 'A'-'Z']+ as w
      { Hashtbl.replace words w (1 + try Hashtbl.find words w with Not_found -> 0);
        line_tokens (`Word w :: acc) lexbuf }
  | ['0'-'9']+ as n { line_tokens (`Num (int_of_string n) :: acc) lexbuf }
  | [' ' '\t']+ { line_tokens acc lexbuf }
  | '\n' { Lexing.new_line lexbuf; Some (List.rev acc) }
  | eof { if acc = [] then None else Some (List.rev acc) }
  | _ as c { line_tokens (`Other c :: acc) lexbuf }

{
let () =
  let lexbuf = Lexing.from_channel stdin in
  let rec loop () =
    let line = lexbuf.Lexing.lex_curr_p.Lexing.pos_lnum in
    let start = Lexing.lexeme_end lexbuf in
    match line_tokens [] lexbuf with
    | None -> ()
    | Some toks ->
        let sum = List.fold_left (fun s -> function `Num n -> s + n | _ -> s) 0 toks in
        let others = List.filter_map (function `Other c -> Some c | _ -> None) toks in
        Printf.printf "line %d at %d: %d tokens, sum %d, others %S\n" line start
          (List.length toks) sum (String.of_seq (List.to_seq others));
        loop ()
  in
  loop ();
  let ws = Hashtbl.fold (fun w n acc -> (w, n) :: acc) words [] in
  List.iter (fun (w, n) -> Printf.printf "%s %d\n" w n) (List.sort compare ws);
  Printf.printf "%d bytes\n" (Lexing.lexeme_end lexbuf)
}
