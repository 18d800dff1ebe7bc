(* Immediate objects: instance variables (immutable and mutable, of every kind of value),
   public and private methods, self calls, methods with arguments, objects passed to
   functions that only know some of their methods, and objects inside objects. *)

let counter =
  object (self)
    val mutable n = 0
    val step = 2
    method incr = n <- n + step
    method add k = n <- n + k
    method get = n
    method private twice = self#get * 2
    method show = Printf.printf "n=%d twice=%d\n" self#get self#twice
  end

let point x0 y0 =
  object
    val x = x0
    val y = y0
    val mutable scale = 1.0
    method x = x *. scale
    method y = y *. scale
    method zoom k = scale <- scale *. k
    method norm = sqrt ((x *. scale) ** 2. +. (y *. scale) ** 2.)
    method to_string = Printf.sprintf "(%g, %g)" (x *. scale) (y *. scale)
  end

(* Any object with a [get] method. *)
let next o = o#get + 1
let describe o = print_endline o#to_string

let stack () =
  object
    val mutable items = []
    method push (v : string) = items <- v :: items
    method pop =
      match items with
      | [] -> None
      | v :: rest ->
          items <- rest;
          Some v
    method size = List.length items
  end

let () =
  counter#incr;
  counter#incr;
  counter#add 5;
  counter#show;
  Printf.printf "next: %d\n" (next counter);
  let p = point 3. 4. in
  describe p;
  Printf.printf "norm %g\n" p#norm;
  p#zoom 2.;
  describe p;
  Printf.printf "norm %g x %g y %g\n" p#norm p#x p#y;
  let s = stack () in
  List.iter s#push [ "a"; "b"; "c" ];
  Printf.printf "size %d\n" s#size;
  (match s#pop with Some v -> print_endline v | None -> print_endline "empty");
  Printf.printf "size %d\n" s#size;
  (* Two objects built by one function have their own variables. *)
  let s2 = stack () in
  s2#push "z";
  Printf.printf "sizes %d %d\n" s#size s2#size;
  (* Closures inside methods see the variables of the moment they run. *)
  let acc =
    object
      val mutable total = 0
      method add_all l = List.iter (fun v -> total <- total + v) l
      method total = total
    end
  in
  acc#add_all [ 1; 2; 3; 4 ];
  acc#add_all [ 10 ];
  Printf.printf "total %d\n" acc#total;
  (* An object whose method returns another object that reads the outer one's variable. *)
  let outer =
    object
      val mutable level = 1
      method up = level <- level + 1
      method inner =
        object
          method report = Printf.printf "outer level %d\n" level
        end
    end
  in
  let i = outer#inner in
  i#report;
  outer#up;
  i#report;
  (* Objects in a list, used through a common method. *)
  let shapes =
    [
      object method area = 2.0 method name = "a" end;
      object val r = 1.0 method area = 3.14 *. r *. r method name = "disc" end;
    ]
  in
  List.iter (fun o -> Printf.printf "%s %.2f\n" o#name o#area) shapes
