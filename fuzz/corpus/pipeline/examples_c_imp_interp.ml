(* An interpreter for a small imperative language: mutually recursive expression/statement types *)
type expr =
  | Int of int
  | Bool of bool
  | Var of string
  | Binop of binop * expr * expr
  | Not of expr
  | Call of string * expr list
and binop = Plus | Minus | Times | Div | Mod | Lt | Le | Eq | And | Or

and stmt =
  | Assign of string * expr
  | If of expr * stmt list * stmt list
  | While of expr * stmt list
  | Print of expr
  | Return of expr

type value = VInt of int | VBool of bool

type func = { params : string list; body : stmt list }

exception Return_exn of value
exception Runtime_error of string

let funcs : (string * func) list ref = ref []

let string_of_value = function VInt n -> string_of_int n | VBool b -> string_of_bool b

let rec eval env e =
  match e with
  | Int n -> VInt n
  | Bool b -> VBool b
  | Var x -> (try !(List.assoc x env) with Not_found -> raise (Runtime_error ("unbound " ^ x)))
  | Not e -> (match eval env e with VBool b -> VBool (not b) | _ -> raise (Runtime_error "not: expected bool"))
  | Binop (And, a, b) -> (match eval env a with VBool false -> VBool false | VBool true -> eval env b | _ -> raise (Runtime_error "and"))
  | Binop (Or, a, b) -> (match eval env a with VBool true -> VBool true | VBool false -> eval env b | _ -> raise (Runtime_error "or"))
  | Binop (op, a, b) ->
    let va = eval env a in
    let vb = eval env b in
    (match op, va, vb with
     | Plus, VInt x, VInt y -> VInt (x + y)
     | Minus, VInt x, VInt y -> VInt (x - y)
     | Times, VInt x, VInt y -> VInt (x * y)
     | (Div | Mod), VInt _, VInt 0 -> raise (Runtime_error "division by zero")
     | Div, VInt x, VInt y -> VInt (x / y)
     | Mod, VInt x, VInt y -> VInt (x mod y)
     | Lt, VInt x, VInt y -> VBool (x < y)
     | Le, VInt x, VInt y -> VBool (x <= y)
     | Eq, x, y -> VBool (x = y)
     | _ -> raise (Runtime_error "type error in binop"))
  | Call (name, args) ->
    let f = try List.assoc name !funcs with Not_found -> raise (Runtime_error ("no function " ^ name)) in
    if List.length args <> List.length f.params then raise (Runtime_error ("arity mismatch calling " ^ name));
    let vals = List.map (eval env) args in
    let local = List.map2 (fun p v -> (p, ref v)) f.params vals in
    (try exec_block local f.body; VInt 0 with Return_exn v -> v)

and exec env s =
  match s with
  | Assign (x, e) ->
    let v = eval env e in
    (try (List.assoc x env) := v with Not_found -> raise (Runtime_error ("assignment to undeclared " ^ x)))
  | If (c, t, f) ->
    (match eval env c with
     | VBool true -> exec_block env t
     | VBool false -> exec_block env f
     | VInt _ -> raise (Runtime_error "if: expected bool"))
  | While (c, body) ->
    let rec loop () =
      match eval env c with
      | VBool true -> exec_block env body; loop ()
      | VBool false -> ()
      | VInt _ -> raise (Runtime_error "while: expected bool")
    in
    loop ()
  | Print e -> print_endline (string_of_value (eval env e))
  | Return e -> raise (Return_exn (eval env e))

and exec_block env stmts = List.iter (exec env) stmts

let def name params body = funcs := (name, { params; body }) :: !funcs

let () =
  let v x = Var x and i n = Int n in
  let ( +! ) a b = Binop (Plus, a, b) and ( -! ) a b = Binop (Minus, a, b) in
  let ( *! ) a b = Binop (Times, a, b) and ( <! ) a b = Binop (Lt, a, b) in
  def "fact" [ "n" ] [ If (Binop (Le, v "n", i 1), [ Return (i 1) ], [ Return (v "n" *! Call ("fact", [ v "n" -! i 1 ])) ]) ];
  def "fib" [ "n" ]
    [ Assign ("a", i 0); Assign ("b", i 1);
      While (i 0 <! v "n", [ Assign ("t", v "b"); Assign ("b", v "a" +! v "b"); Assign ("a", v "t"); Assign ("n", v "n" -! i 1) ]);
      Return (v "a") ];
  (* fib uses locals a, b, t: declare them as extra params with a wrapper *)
  def "fib" [ "n"; "a"; "b"; "t" ]
    [ While (i 0 <! v "n", [ Assign ("t", v "b"); Assign ("b", v "a" +! v "b"); Assign ("a", v "t"); Assign ("n", v "n" -! i 1) ]);
      Return (v "a") ];
  def "fibw" [ "n" ] [ Return (Call ("fib", [ v "n"; i 0; i 1; i 0 ])) ];
  def "gcd" [ "a"; "b" ] [ If (Binop (Eq, v "b", i 0), [ Return (v "a") ], [ Return (Call ("gcd", [ v "b"; Binop (Mod, v "a", v "b") ])) ]) ];
  def "is_prime" [ "n"; "d" ]
    [ If (Binop (Lt, v "n", i 2), [ Return (Bool false) ], []);
      Assign ("d", i 2);
      While (Binop (Le, v "d" *! v "d", v "n"),
             [ If (Binop (Eq, Binop (Mod, v "n", v "d"), i 0), [ Return (Bool false) ], []);
               Assign ("d", v "d" +! i 1) ]);
      Return (Bool true) ];
  let global = [ ("k", ref (VInt 0)); ("count", ref (VInt 0)) ] in
  let program = [
    Print (Call ("fact", [ i 20 ]));
    Print (Call ("fibw", [ i 50 ]));
    Print (Call ("gcd", [ i 1071; i 462 ]));
    While (v "k" <! i 100,
           [ If (Call ("is_prime", [ v "k"; i 0 ]), [ Assign ("count", v "count" +! i 1) ], []);
             Assign ("k", v "k" +! i 1) ]);
    Print (v "count");
    Print (Binop (And, Bool false, Binop (Div, i 1, i 0)));
    Print (Not (Binop (Eq, Call ("fact", [ i 5 ]), i 120)));
  ] in
  exec_block global program;
  List.iter
    (fun (label, s) ->
       try exec_block global [ s ] with
       | Runtime_error m -> Printf.printf "%s: runtime error: %s\n" label m
       | Return_exn v -> Printf.printf "%s: return at top level: %s\n" label (string_of_value v))
    [ ("div0", Print (Binop (Div, i 1, i 0)));
      ("unbound", Print (v "zz"));
      ("undeclared", Assign ("zz", i 1));
      ("nofun", Print (Call ("nope", [])));
      ("arity", Print (Call ("gcd", [ i 1 ])));
      ("types", Print (i 1 +! Bool true));
      ("toplevel return", Return (i 7)) ]
