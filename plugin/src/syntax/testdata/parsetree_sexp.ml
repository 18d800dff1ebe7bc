(* The reference side of a differential test of egret's parser: OCaml's own parser
   (compiler-libs) printing its parse tree in the S-expression form of `syntax/print.rs`
   (`print_item_compact`, one item per line), with egret's desugarings applied.

   Usage (OCaml 4.13):
     ocaml -I +compiler-libs ocamlcommon.cma parsetree_sexp.ml FILE.ml...
   (with several files, each one's items follow a line `;; FILE.ml`) and compare with `egret --emit=ast` (or the `print_item_compact` of each item).
   Constructs outside egret's subset print as `<unsupported>`. *)

open Parsetree

let buf = Buffer.create 4096
let out s = Buffer.add_string buf s

let escape_byte quote c =
  match c with
  | '\n' -> "\\n"
  | '\t' -> "\\t"
  | '\r' -> "\\r"
  | '\b' -> "\\b"
  | '\\' -> "\\\\"
  | c when c = quote -> Printf.sprintf "\\%c" c
  | ' ' .. '~' -> String.make 1 c
  | c -> Printf.sprintf "\\%03d" (Char.code c)

let constant = function
  | Pconst_integer (s, None) -> string_of_int (Misc.Int_literal_converter.int s)
  | Pconst_float (s, None) -> String.concat "" (String.split_on_char '_' s)
  | Pconst_char c -> "'" ^ escape_byte '\'' c ^ "'"
  | Pconst_string (s, _, _) ->
    let b = Buffer.create 16 in
    String.iter (fun c -> Buffer.add_string b (escape_byte '"' c)) s;
    "\"" ^ Buffer.contents b ^ "\""
  | _ -> "<unsupported>"

let lid l = String.concat "." (Longident.flatten l.Location.txt)

let rec type_text t =
  match t.ptyp_desc with
  | Ptyp_var v -> "'" ^ v
  | Ptyp_any -> "_"
  | Ptyp_constr (l, []) -> lid l
  | Ptyp_constr (l, [ a ]) -> type_text a ^ " " ^ lid l
  | Ptyp_constr (l, args) -> "(" ^ String.concat ", " (List.map type_text args) ^ ") " ^ lid l
  | Ptyp_tuple items -> "(" ^ String.concat " * " (List.map type_text items) ^ ")"
  | Ptyp_arrow (Asttypes.Nolabel, _, _) -> "(" ^ arrow_chain t ^ ")"
  | Ptyp_poly ([], t) -> type_text t
  | _ -> "<unsupported>"

and arrow_chain t =
  match t.ptyp_desc with
  | Ptyp_arrow (Asttypes.Nolabel, a, b) -> type_text a ^ " -> " ^ arrow_chain b
  | _ -> type_text t

let type_sexp t =
  let text = type_text t in
  match t.ptyp_desc with
  | Ptyp_tuple _ | Ptyp_arrow _ -> text
  | _ when String.contains text ' ' -> "(" ^ text ^ ")"
  | _ -> text

let rec list f sep = function
  | [] -> ()
  | [ x ] -> f x
  | x :: rest -> f x; out sep; list f sep rest

let rec pattern p =
  match p.ppat_desc with
  | Ppat_any -> out "_"
  | Ppat_var v -> out v.txt
  | Ppat_constant c -> out (constant c)
  | Ppat_interval (a, b) -> out (constant a ^ ".." ^ constant b)
  | Ppat_tuple ps -> out "(, "; list pattern " " ps; out ")"
  | Ppat_construct (c, None) -> out (lid c)
  | Ppat_construct (c, Some (_, { ppat_desc = Ppat_tuple [ a; b ]; _ })) when lid c = "::" ->
    out "(:: "; pattern a; out " "; pattern b; out ")"
  | Ppat_construct (c, Some (_, a)) -> out ("(" ^ lid c ^ " "); pattern a; out ")"
  | Ppat_record (fields, flag) ->
    out "(record";
    List.iter (fun (l, p) -> out (" (" ^ lid l ^ " "); pattern p; out ")") fields;
    if flag = Asttypes.Open then out " _";
    out ")"
  | Ppat_or (a, b) -> out "(| "; pattern a; out " "; pattern b; out ")"
  | Ppat_alias (p, x) -> out "(as "; pattern p; out (" " ^ x.txt ^ ")")
  | Ppat_constraint (p, { ptyp_desc = Ptyp_poly _; _ }) -> pattern p
  | Ppat_constraint (p, t) -> out "(: "; pattern p; out (" " ^ type_sexp t ^ ")")
  | Ppat_exception p -> out "(exception "; pattern p; out ")"
  | Ppat_lazy p -> out "(lazy "; pattern p; out ")"
  | Ppat_array [] -> out "(array)"
  | Ppat_array ps -> out "(array "; list pattern " " ps; out ")"
  | _ -> out "<unsupported>"

let rec expr e =
  match e.pexp_desc with
  | Pexp_constant c -> out (constant c)
  | Pexp_ident l -> out (lid l)
  | Pexp_construct (c, None) -> out (lid c)
  | Pexp_construct (c, Some { pexp_desc = Pexp_tuple [ a; b ]; _ }) when lid c = "::" ->
    out "(:: "; expr a; out " "; expr b; out ")"
  | Pexp_construct (c, Some a) -> out ("(" ^ lid c ^ " "); expr a; out ")"
  | Pexp_apply (f, args) ->
    out "("; expr f;
    List.iter (fun (_, a) -> out " "; expr a) args;
    out ")"
  | Pexp_fun (Asttypes.Nolabel, None, p, body) ->
    (* `fun x y -> e` nests ghost funs; egret keeps one `Fun` with all parameters. *)
    let rec params acc body =
      match body.pexp_desc with
      | Pexp_fun (Asttypes.Nolabel, None, p, b) when body.pexp_loc.loc_ghost -> params (p :: acc) b
      | _ -> (List.rev acc, body)
    in
    let ps, body = params [ p ] body in
    out "(fun ("; list pattern " " ps; out ") "; expr body; out ")"
  | Pexp_function cases -> out "(function"; List.iter case cases; out ")"
  | Pexp_let (flag, vbs, body) ->
    out (if flag = Asttypes.Recursive then "(let rec (" else "(let (");
    list binding " " vbs; out ") "; expr body; out ")"
  | Pexp_ifthenelse (c, a, b) ->
    out "(if "; expr c; out " "; expr a;
    Option.iter (fun b -> out " "; expr b) b;
    out ")"
  | Pexp_match (e, cases) -> out "(match "; expr e; List.iter case cases; out ")"
  | Pexp_try (e, cases) -> out "(try "; expr e; List.iter case cases; out ")"
  | Pexp_tuple es -> out "(, "; list expr " " es; out ")"
  | Pexp_record (fields, base) ->
    (match base with
     | None -> out "(record"
     | Some b -> out "(record-with "; expr b);
    List.iter (fun (l, e) -> out (" (" ^ lid l ^ " "); expr e; out ")") fields;
    out ")"
  | Pexp_field (e, f) -> out "(. "; expr e; out (" " ^ lid f ^ ")")
  | Pexp_setfield (e, f, v) -> out "(setfield "; expr e; out (" " ^ lid f ^ " "); expr v; out ")"
  | Pexp_sequence _ ->
    out "(seq";
    let rec go e =
      match e.pexp_desc with
      | Pexp_sequence (a, b) -> out " "; expr a; go b
      | _ -> out " "; expr e
    in
    go e; out ")"
  | Pexp_while (c, b) -> out "(while "; expr c; out " "; expr b; out ")"
  | Pexp_for (p, a, b, dir, body) ->
    out "(for "; pattern p; out " "; expr a;
    out (if dir = Asttypes.Upto then " to " else " downto ");
    expr b; out " "; expr body; out ")"
  | Pexp_assert e -> out "(assert "; expr e; out ")"
  | Pexp_constraint (e, t) -> out "(: "; expr e; out (" " ^ type_sexp t ^ ")")
  | Pexp_array es ->
    out "(Array.of_list ";
    List.iter (fun e -> out "(:: "; expr e; out " ") es;
    out "[]"; List.iter (fun _ -> out ")") es; out ")"
  | _ -> out "<unsupported>"

and case c =
  out " ("; pattern c.pc_lhs;
  Option.iter (fun g -> out " when "; expr g) c.pc_guard;
  out " -> "; expr c.pc_rhs; out ")"

and binding vb = out "("; pattern vb.pvb_pat; out " "; expr vb.pvb_expr; out ")"

let constructor name args =
  out ("(" ^ name);
  List.iter (fun t -> out (" " ^ type_sexp t)) args;
  out ")"

let type_decl d =
  let params = List.map (fun (t, _) -> t) d.ptype_params in
  let head = Ast_helper.Typ.constr (Location.mknoloc (Longident.Lident d.ptype_name.txt)) params in
  out ("(" ^ type_sexp head);
  (match d.ptype_kind, d.ptype_manifest with
   | Ptype_abstract, None -> ()
   | Ptype_abstract, Some t -> out (" = " ^ type_sexp t)
   | Ptype_variant cs, None ->
     out " (variant";
     List.iter
       (fun c ->
         match c.pcd_args with
         | Pcstr_tuple args -> out " "; constructor c.pcd_name.txt args
         | Pcstr_record _ -> out " <unsupported>")
       cs;
     out ")"
   | Ptype_record fields, None ->
     out " (record";
     List.iter
       (fun f ->
         out " (";
         if f.pld_mutable = Asttypes.Mutable then out "mutable ";
         out (f.pld_name.txt ^ " " ^ type_sexp f.pld_type ^ ")"))
       fields;
     out ")"
   | _ -> out " <unsupported>");
  out ")"

let item i =
  (match i.pstr_desc with
   | Pstr_value (flag, vbs) ->
     out (if flag = Asttypes.Recursive then "(let rec " else "(let ");
     list binding " " vbs; out ")"
   | Pstr_eval (e, _) -> out "(eval "; expr e; out ")"
   | Pstr_type (_, decls) -> out "(type "; list type_decl " " decls; out ")"
   | Pstr_exception { ptyexn_constructor = { pext_name; pext_kind = Pext_decl (Pcstr_tuple args, None); _ }; _ } ->
     out "(exception "; constructor pext_name.txt args; out ")"
   | _ -> out "<unsupported>");
  out "\n"

let () =
  for i = 1 to Array.length Sys.argv - 1 do
    let file = Sys.argv.(i) in
    if Array.length Sys.argv > 2 then out (";; " ^ Filename.basename file ^ "\n");
    let ic = open_in_bin file in
    let lexbuf = Lexing.from_channel ic in
    Location.init lexbuf file;
    List.iter item (Parse.implementation lexbuf);
    close_in ic
  done;
  print_string (Buffer.contents buf)
