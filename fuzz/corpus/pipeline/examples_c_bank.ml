(* Bank-account simulation with mutable records and exceptions *)
type account = {
  id : int;
  owner : string;
  mutable balance : int;
  mutable history : (string * int) list;
  mutable frozen : bool;
}

exception Insufficient_funds of int * int   (* balance, requested *)
exception Account_frozen of string
exception No_such_account of int

let accounts : account list ref = ref []
let next_id = ref 100

let open_account owner initial =
  if initial < 0 then invalid_arg "open_account: negative deposit";
  let a = { id = !next_id; owner; balance = initial; history = [("open", initial)]; frozen = false } in
  incr next_id;
  accounts := !accounts @ [a];
  a

let find id =
  try List.find (fun a -> a.id = id) !accounts
  with Not_found -> raise (No_such_account id)

let check a = if a.frozen then raise (Account_frozen a.owner)

let deposit id amount =
  let a = find id in
  check a;
  a.balance <- a.balance + amount;
  a.history <- ("deposit", amount) :: a.history

let withdraw id amount =
  let a = find id in
  check a;
  if amount > a.balance then raise (Insufficient_funds (a.balance, amount));
  a.balance <- a.balance - amount;
  a.history <- ("withdraw", amount) :: a.history

let transfer src dst amount =
  let s = find src and d = find dst in
  let saved_s = s.balance and saved_d = d.balance in
  try
    withdraw src amount;
    deposit dst amount
  with e ->
    (* roll back *)
    s.balance <- saved_s;
    d.balance <- saved_d;
    raise e

let report () =
  List.iter
    (fun { id; owner; balance; frozen; _ } ->
       Printf.printf "  #%d %-6s %6d%s\n" id owner balance (if frozen then " (frozen)" else ""))
    !accounts

let attempt descr f =
  Printf.printf "%s: " descr;
  try f (); print_endline "ok" with
  | Insufficient_funds (have, want) ->
    Printf.printf "insufficient funds (have %d, want %d)\n" have want
  | Account_frozen who -> Printf.printf "account of %s is frozen\n" who
  | No_such_account n -> Printf.printf "no account #%d\n" n
  | Invalid_argument msg -> Printf.printf "invalid argument: %s\n" msg

let () =
  let alice = open_account "alice" 500 in
  let bob = open_account "bob" 50 in
  let carol = open_account "carol" 0 in
  attempt "deposit 100 to alice" (fun () -> deposit alice.id 100);
  attempt "withdraw 80 from bob" (fun () -> withdraw bob.id 80);
  attempt "transfer 250 alice->carol" (fun () -> transfer alice.id carol.id 250);
  attempt "transfer 10 to #999" (fun () -> transfer alice.id 999 10);
  carol.frozen <- true;
  attempt "transfer 100 bob->carol" (fun () -> transfer bob.id carol.id 30);
  attempt "open with -5" (fun () -> ignore (open_account "dave" (-5)));
  report ();
  let total = List.fold_left (fun acc a -> acc + a.balance) 0 !accounts in
  Printf.printf "total = %d\n" total;
  let richest =
    List.fold_left (fun best a -> if a.balance > best.balance then a else best)
      (List.hd !accounts) !accounts
  in
  Printf.printf "richest: %s\n" richest.owner;
  let upgraded = { richest with owner = String.concat "" ["Dr. "; richest.owner] } in
  Printf.printf "%s / %s, same balance: %b, physically equal: %b\n"
    upgraded.owner richest.owner (upgraded.balance = richest.balance) (upgraded == richest);
  List.iter (fun a ->
      Printf.printf "%s:" a.owner;
      List.iter (fun (what, n) -> Printf.printf " %s(%d)" what n) (List.rev a.history);
      print_newline ()) !accounts;
  (* finally an uncaught one *)
  withdraw carol.id 1
