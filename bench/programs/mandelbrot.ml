(* The Computer Language Benchmarks Game: mandelbrot, after the OCaml program by Christophe
   Papazian and Troestler Christophe (BSD licence), 1,000 x 1,000, printed as a checksum of the
   bitmap instead of the PBM bytes. *)
let niter = 50
let limit = 4.

let () =
  let w = 1000 in
  let h = w and fw = float w /. 2. and fh = float w /. 2. in
  let sum = ref 0 and bits = ref 0 and count = ref 0 in
  for y = 0 to h - 1 do
    let ci = float y /. fh -. 1. in
    for x = 0 to w - 1 do
      let cr = float x /. fw -. 1.5
      and zr = ref 0. and zi = ref 0. and trmti = ref 0. and n = ref 0 in
      begin try
        while true do
          zi := 2. *. !zr *. !zi +. ci;
          zr := !trmti +. cr;
          let tr = !zr *. !zr and ti = !zi *. !zi in
          if tr +. ti > limit then begin
            bits := !bits lsl 1; raise Exit
          end else if incr n; !n = niter then begin
            bits := (!bits lsl 1) lor 1; raise Exit
          end;
          trmti := tr -. ti
        done
      with Exit -> () end;
      incr count;
      if !count = 8 then begin
        sum := (!sum * 31 + !bits) land 0xFFFFFF; bits := 0; count := 0
      end
    done
  done;
  Printf.printf "P4 %d %d checksum %d\n" w h !sum
