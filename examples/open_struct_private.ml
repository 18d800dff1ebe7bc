(* `open struct ... end` keeps helpers private; the values a structure exports may use its
   types when they are abbreviations, or when the type stays inside (a local use). *)
module Counter = struct
  open struct
    let counter = ref 0
    type step = Up | Down
    let apply = function Up -> incr counter | Down -> decr counter
  end
  let inc () = apply Up
  let dec () = apply Down
  let current () = !counter
end

module Ints = struct
  open struct
    type t = int
    let double (x : t) : t = 2 * x
  end
  let quadruple (x : t) = double (double x)
end

include struct
  open struct
    type shape = Circle of int | Square of int
    let area = function Circle r -> 3 * r * r | Square s -> s * s
  end
  let total = area (Circle 2) + area (Square 3)
end

module Nested = struct
  open struct
    open struct
      let base = 10
    end
    let plus x = base + x
  end
  let eleven = plus 1
end

let () =
  Counter.inc ();
  Counter.inc ();
  Counter.dec ();
  Printf.printf "%d %d %d %d\n" (Counter.current ()) (Ints.quadruple 5) total Nested.eleven
