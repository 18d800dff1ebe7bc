(* Unifying recursive polymorphic-variant types whose cycle goes through rows the
   unification builds (from typing-labels/mixin.ml): egret's typer once recursed without
   end here. *)
let f subst_rec subst = function
    `Var s as x -> (try List.assoc s subst with Not_found -> x)
  | `Abs t ->
      if List.exists (fun (_, u) -> u == t) subst then `Abs (subst_rec (("y", `Var "y") :: subst) t)
      else `Abs t
let rec g subst = f g subst

let rec show = function
  | `Var s -> s
  | `Abs t -> "(fun " ^ show t ^ ")"

let () =
  let t = `Var "x" in
  print_endline (show (g [("x", `Var "z")] (`Abs t)));
  print_endline (show (g [("x", t)] (`Abs t)));
  print_endline (show (g [] (`Var "w")));
  print_endline "ok"
