(* `with module type` constraints and local `module type S := MT` substitutions (OCaml 4.13),
   with code run through each constrained signature. *)

module type SHOW = sig type t val sample : t val show : t -> string end

(* A signature parameterised by a module type. *)
module type CONTAINER = sig
  module type ELT
  module Elt : ELT
  module Make : functor (E : ELT) -> sig val describe : string end
end

(* `=`: the module type is defined, the module keeps its name. *)
module type INT_CONTAINER = CONTAINER with module type ELT = SHOW

module Ints : INT_CONTAINER = struct
  module type ELT = SHOW
  module Elt = struct type t = int let sample = 42 let show = string_of_int end
  module Make (E : ELT) = struct let describe = "made" end
end

(* `:=`: the module type is gone, its uses are the new one. *)
module type STRING_CONTAINER =
  CONTAINER with module type ELT := sig type t = string val show : t -> string end

module Strings : STRING_CONTAINER = struct
  module Elt = struct type t = string let show s = "\"" ^ s ^ "\"" end
  module Make (E : sig type t = string val show : t -> string end) = struct
    let describe = E.show "made"
  end
end

(* A functor type over the module type. *)
module type ENDO = sig
  module Inner : sig
    module type T
    module F : T -> T
  end
end

module type SHOW_ENDO = ENDO with module type Inner.T := SHOW

module Twice : SHOW_ENDO = struct
  module Inner = struct
    module F (X : SHOW) = struct
      type t = X.t
      let sample = X.sample
      let show x = X.show x ^ X.show x
    end
  end
end

module Doubled = Twice.Inner.F (Ints.Elt)

(* A first-class module type replaced by another path. *)
module type PACKED = sig
  module type T
  val pack : int -> (module T)
end

module type PACKED_SHOW = PACKED with module type T := SHOW

module Packer : PACKED_SHOW = struct
  let pack n =
    (module struct
      type t = int
      let sample = n
      let show i = "#" ^ string_of_int i
    end : SHOW)
end

(* A local substitution inside a signature. *)
module type PAIR = sig
  module type S := sig type t val zero : t val add : t -> t -> t end
  module Left : S
  module Right : S with type t = int
end

module Pair : PAIR = struct
  module Left = struct type t = float let zero = 0. let add = ( +. ) end
  module Right = struct type t = int let zero = 0 let add = ( + ) end
end

let () =
  print_endline (Ints.Elt.show Ints.Elt.sample);
  let module M = Ints.Make (Ints.Elt) in
  print_endline M.describe;
  print_endline (Strings.Elt.show "hello");
  let module N = Strings.Make (Strings.Elt) in
  print_endline N.describe;
  print_endline (Doubled.show Doubled.sample);
  let (module P) = Packer.pack 3 in
  print_endline (P.show P.sample);
  print_int (Pair.Right.add Pair.Right.zero 5);
  print_newline ()
