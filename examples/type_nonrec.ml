type t = int
module M = struct
  type nonrec t = t list
  let x : t = [1; 2]
end
type nonrec u = A of t | B
let () = print_int (List.length M.x); match A 3 with A n -> print_int n | B -> ()
