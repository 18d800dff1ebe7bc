(* A small stack-machine interpreter with an environment of variables *)
type instr =
  | Push of int
  | Add | Sub | Mul | Div
  | Dup | Swap | Drop
  | Load of string
  | Store of string
  | Jz of int
  | Jmp of int
  | Print
  | Halt

exception Vm_error of string

type state = {
  mutable pc : int;
  mutable stack : int list;
  mutable env : (string * int) list;
  mutable steps : int;
}

let rec nth_instr prog i =
  match prog with
  | [] -> raise (Vm_error ("pc out of range: " ^ string_of_int i))
  | x :: rest -> if i = 0 then x else nth_instr rest (i - 1)

let pop st =
  match st.stack with
  | [] -> raise (Vm_error "stack underflow")
  | x :: rest -> st.stack <- rest; x

let push st x = st.stack <- x :: st.stack

let binop st f =
  let b = pop st in
  let a = pop st in
  push st (f a b)

let run prog =
  let st = { pc = 0; stack = []; env = []; steps = 0 } in
  let continue_ = ref true in
  while !continue_ do
    st.steps <- st.steps + 1;
    let ins = nth_instr prog st.pc in
    st.pc <- st.pc + 1;
    match ins with
    | Push n -> push st n
    | Add -> binop st ( + )
    | Sub -> binop st ( - )
    | Mul -> binop st ( * )
    | Div -> binop st (fun a b -> if b = 0 then raise (Vm_error "division by zero") else a / b)
    | Dup -> let x = pop st in push st x; push st x
    | Swap -> let a = pop st in let b = pop st in push st a; push st b
    | Drop -> ignore (pop st)
    | Load v ->
      (try push st (List.assoc v st.env)
       with Not_found -> raise (Vm_error ("unbound " ^ v)))
    | Store v ->
      let x = pop st in
      st.env <- (v, x) :: List.filter (fun (k, _) -> k <> v) st.env
    | Jz target -> if pop st = 0 then st.pc <- target
    | Jmp target -> st.pc <- target
    | Print -> Printf.printf "out: %d\n" (pop st)
    | Halt -> continue_ := false
  done;
  st

(* factorial of 10 via a loop *)
let fact_prog = [
  Push 10; Store "n";
  Push 1; Store "acc";
  (* 4 *) Load "n"; Jz 13;
  Load "acc"; Load "n"; Mul; Store "acc";
  Load "n"; Push 1; Sub; Store "n"; (* oops index shift handled below *)
  Jmp 4;
  Load "acc"; Print; Halt
]

(* fix up the program: compute the real index of the "Load acc; Print" tail *)
let fixed_fact =
  let len = List.length fact_prog in
  List.map (function Jz _ -> Jz (len - 3) | i -> i) fact_prog

let () =
  let st = run fixed_fact in
  Printf.printf "steps=%d env=[%s]\n" st.steps
    (String.concat "; "
       (List.map (fun (k, v) -> k ^ "=" ^ string_of_int v)
          (List.sort compare st.env)))

let try_prog name prog =
  try
    let st = run prog in
    Printf.printf "%s: ok, stack depth %d\n" name (List.length st.stack)
  with Vm_error msg -> Printf.printf "%s: error: %s\n" name msg

;;
try_prog "underflow" [Push 1; Add; Halt];;
try_prog "divzero" [Push 1; Push 0; Div; Halt];;
try_prog "unbound" [Load "x"; Halt];;
try_prog "runaway" [Push 1; Jmp 7];;
try_prog "fine" [Push 6; Push 7; Mul; Dup; Print; Push 2; Swap; Halt];;
let () = print_endline "done"
