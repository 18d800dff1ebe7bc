(* A JSON-like value type with a pretty-printer, a compact printer, and queries *)
type json =
  | Null
  | Bool of bool
  | Int of int
  | String of string
  | List of json list
  | Object of (string * json) list

let escape s =
  let b = ref [] in
  String.iter
    (fun c ->
       let piece =
         match c with
         | '"' -> "\\\""
         | '\\' -> "\\\\"
         | '\n' -> "\\n"
         | '\t' -> "\\t"
         | c when Char.code c < 32 -> Printf.sprintf "\\u%04x" (Char.code c)
         | c -> String.make 1 c
       in
       b := piece :: !b)
    s;
  "\"" ^ String.concat "" (List.rev !b) ^ "\""

let rec compact = function
  | Null -> "null"
  | Bool b -> string_of_bool b
  | Int n -> string_of_int n
  | String s -> escape s
  | List l -> "[" ^ String.concat "," (List.map compact l) ^ "]"
  | Object fields ->
    "{" ^ String.concat "," (List.map (fun (k, v) -> escape k ^ ":" ^ compact v) fields) ^ "}"

let rec pretty indent v =
  let pad n = String.make n ' ' in
  match v with
  | List [] -> print_string "[]"
  | Object [] -> print_string "{}"
  | List items ->
    print_string "[\n";
    List.iteri
      (fun i x ->
         print_string (pad (indent + 2));
         pretty (indent + 2) x;
         if i < List.length items - 1 then print_string ",";
         print_newline ())
      items;
    print_string (pad indent ^ "]")
  | Object fields ->
    print_string "{\n";
    let last = List.length fields - 1 in
    List.iteri
      (fun i (k, x) ->
         Printf.printf "%s%s: " (pad (indent + 2)) (escape k);
         pretty (indent + 2) x;
         print_string (if i < last then ",\n" else "\n"))
      fields;
    print_string (pad indent ^ "}")
  | scalar -> print_string (compact scalar)

exception Path_error of string

let rec get path v =
  match path, v with
  | [], v -> v
  | key :: rest, Object fields ->
    let v = try List.assoc key fields with Not_found -> raise (Path_error ("missing " ^ key)) in
    get rest v
  | key :: rest, List items ->
    let i = try int_of_string key with Failure _ -> raise (Path_error ("not an index: " ^ key)) in
    let v = try List.nth items i with Failure _ | Invalid_argument _ -> raise (Path_error ("index " ^ key)) in
    get rest v
  | key :: _, _ -> raise (Path_error ("not a container at " ^ key))

let rec count_nodes = function
  | List l -> List.fold_left (fun n x -> n + count_nodes x) 1 l
  | Object f -> List.fold_left (fun n (_, x) -> n + count_nodes x) 1 f
  | Null | Bool _ | Int _ | String _ -> 1

let rec depth = function
  | List l -> 1 + List.fold_left (fun m x -> max m (depth x)) 0 l
  | Object f -> 1 + List.fold_left (fun m (_, x) -> max m (depth x)) 0 f
  | _ -> 0

let doc =
  Object [
    "name", String "egret";
    "version", List [ Int 0; Int 1; Int 0 ];
    "stable", Bool false;
    "license", Null;
    "description", String "An \"ahead-of-time\" compiler\n\tfor OCaml\\subset";
    "authors", List [
        Object [ "name", String "Ann"; "commits", Int 1234 ];
        Object [ "name", String "Bo"; "commits", Int (-5); "tags", List [] ];
      ];
    "empty", Object [];
    "ctrl", String "\001\031";
  ]

let () =
  print_endline (compact doc);
  pretty 0 doc;
  print_newline ();
  Printf.printf "nodes=%d depth=%d\n" (count_nodes doc) (depth doc);
  List.iter
    (fun path ->
       Printf.printf "%-24s -> " (String.concat "/" path);
       try print_endline (compact (get path doc))
       with Path_error m -> Printf.printf "error: %s\n" m)
    [ [ "name" ]; [ "authors"; "1"; "commits" ]; [ "version"; "2" ]; [ "version"; "7" ];
      [ "authors"; "x" ]; [ "stable"; "deep" ]; [ "nope" ]; [ "version"; "-1" ] ]
