(* Obj.Extension_constructor and [%extension_constructor C] (extension-constructor/test). *)
type t = ..

module M = struct
  type t += A
  type t += B of int
end

type t += C
type t += D of int * string

let () =
  assert (Obj.Extension_constructor.of_val M.A == [%extension_constructor M.A]);
  assert (Obj.Extension_constructor.of_val (M.B 42) == [%extension_constructor M.B]);
  assert (Obj.Extension_constructor.of_val C == [%extension_constructor C]);
  assert (Obj.Extension_constructor.of_val (D (42, "")) == [%extension_constructor D]);
  assert (Obj.Extension_constructor.of_val C != [%extension_constructor D])

let () =
  List.iter
    (fun x -> print_endline (Obj.Extension_constructor.name (Obj.Extension_constructor.of_val x)))
    [ M.A; M.B 1; C; D (1, "x") ];
  print_endline (Obj.Extension_constructor.name [%extension_constructor Not_found]);
  print_endline (Obj.Extension_constructor.name (Obj.Extension_constructor.of_val (Failure "f")));
  let exception L of int in
  print_endline (Obj.Extension_constructor.name [%extension_constructor L]);
  print_endline (Obj.Extension_constructor.name (Obj.Extension_constructor.of_val (L 1)));
  try ignore (Obj.Extension_constructor.of_val 3) with Invalid_argument m -> print_endline m
