(* try whose body raises only by its own raise (no call): the raise jumps to the handler in
   the same frame. Nested tries, re-raising, values and mutable variables across the jump. *)
exception Found of int
let find a x =
  let r = ref (-1) in
  (try for i = 0 to Array.length a - 1 do if a.(i) = x then raise (Found i) done with Found i -> r := i);
  !r
let f n =
  let acc = ref 0 and k = ref 0 in
  (try while true do
     incr k; acc := !acc + !k;
     if !k > n then raise Exit;
     if !acc > 1000 then raise (Failure "big")
   done with Exit -> acc := - !acc | Failure m -> print_endline m);
  !acc
let g x = try if x > 3 then raise Not_found else x * 2 with Not_found -> -1
let h x = try (try if x then raise Exit else 1 with Not_found -> 2) with Exit -> 3
let fl n = let z = ref 0. in (try while true do z := !z +. 1.5; if !z > float n then raise Exit done with Exit -> ()); !z
let nested n = let c = ref 0 in (try for i = 1 to n do (try if i mod 3 = 0 then raise Exit with Exit -> incr c); if i = 7 then raise Not_found done with Not_found -> c := !c * 100); !c
let reraise () = try (try raise Exit with Not_found -> 1) with Exit -> 42
let () =
  Printf.printf "%d %d %d %d %d %d %d %g %d %d\n" (find [|1;2;3|] 3) (find [|1|] 5) (f 10) (f 100) (g 2) (g 5) (h true) (fl 10) (nested 10) (reraise ());
  let u = try raise (Invalid_argument "x") with Invalid_argument s -> s ^ "!" in print_endline u;
  (try raise Exit with Not_found -> ()); print_endline "unreached"
