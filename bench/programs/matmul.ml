(* Dense matrix multiply, the classic triple loop over float arrays of arrays (after the
   "matmul" kernel of the programming-language-benchmarks suites), 300 x 300. *)
let n = 300

let make_matrix f = Array.init n (fun i -> Array.init n (fun j -> f i j))

let mul a b =
  let c = Array.make_matrix n n 0. in
  for i = 0 to n - 1 do
    let ai = a.(i) and ci = c.(i) in
    for j = 0 to n - 1 do
      let s = ref 0. in
      for k = 0 to n - 1 do s := !s +. ai.(k) *. b.(k).(j) done;
      ci.(j) <- !s
    done
  done;
  c

let () =
  let a = make_matrix (fun i j -> float (i - j) /. float n) in
  let b = make_matrix (fun i j -> float (i + j) /. float n) in
  let c = mul a b in
  let c = mul c a in
  let tr = ref 0. in
  for i = 0 to n - 1 do tr := !tr +. c.(i).(i) done;
  Printf.printf "trace %.6f\n" !tr
