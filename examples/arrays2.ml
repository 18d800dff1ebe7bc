let sieve n =
  let is_prime = Array.make (n + 1) true in
  is_prime.(0) <- false; is_prime.(1) <- false;
  for i = 2 to n do
    if is_prime.(i) then begin
      let j = ref (i * i) in
      while !j <= n do is_prime.(!j) <- false; j := !j + i done
    end
  done;
  let count = ref 0 in
  Array.iter (fun b -> if b then incr count) is_prime;
  !count

let matmul a b =
  let n = Array.length a and m = Array.length b.(0) and k = Array.length b in
  let c = Array.make_matrix n m 0 in
  for i = 0 to n - 1 do
    for j = 0 to m - 1 do
      for l = 0 to k - 1 do
        c.(i).(j) <- c.(i).(j) + a.(i).(l) * b.(l).(j)
      done
    done
  done;
  c

let lcs a b =
  let n = String.length a and m = String.length b in
  let dp = Array.make_matrix (n + 1) (m + 1) 0 in
  for i = 1 to n do
    for j = 1 to m do
      dp.(i).(j) <- if a.[i-1] = b.[j-1] then dp.(i-1).(j-1) + 1 else max dp.(i-1).(j) dp.(i).(j-1)
    done
  done;
  dp.(n).(m)


let () =
  Printf.printf "%d\n" (sieve 100000);
  let a = [| [| 1; 2 |]; [| 3; 4 |] |] in
  let c = matmul a a in
  Array.iter (fun row -> Array.iter (Printf.printf "%d ") row; print_newline ()) c;
  Printf.printf "%d\n" (lcs "AGGTABQWERTY" "GXTXAYBWRT");
  let pairs = Array.init 50 (fun i -> ((i * 7) mod 5, i)) in
  let p1 = Array.copy pairs in
  Array.sort (fun (a, _) (b, _) -> compare a b) p1;
  Array.iter (fun (a, b) -> Printf.printf "%d/%d " a b) p1; print_newline ();
  let p2 = Array.copy pairs in
  Array.stable_sort (fun (a, _) (b, _) -> compare a b) p2;
  Array.iter (fun (a, b) -> Printf.printf "%d/%d " a b) p2; print_newline ();
  let cmps = ref 0 in
  let p3 = Array.init 1000 (fun i -> (i * 7919) mod 1009) in
  Array.sort (fun a b -> incr cmps; compare a b) p3;
  Printf.printf "cmps=%d first=%d last=%d\n" !cmps p3.(0) p3.(999);
  let x = Array.init 10 (fun i -> i) in
  Array.blit x 0 x 3 5;
  Array.iter print_int x; print_newline ();
  let y = Array.init 10 (fun i -> i) in
  Array.blit y 3 y 0 5;
  Array.iter print_int y; print_newline ();
  Printf.printf "%b %b\n" ([|1;2|] = [|1;2|]) (compare [|1;2|] [|1;3|] < 0);
  let e = [||] in
  Printf.printf "%d %d\n" (Array.length e) (Array.length (Array.append e [|1|]));
  let z = Array.concat [[|1|]; [||]; [|2; 3|]] in
  Array.iter print_int z; print_newline ();
  let (q, r) = Array.split [| (1, 'a'); (2, 'b') |] in
  Printf.printf "%d %c\n" q.(1) r.(0);
  (try ignore (Array.make (-1) 0) with Invalid_argument s -> print_endline s);
  (try ignore (Array.sub [|1|] 0 3) with Invalid_argument s -> print_endline s);
  let strs = [| "pear"; "apple"; "fig" |] in
  Array.sort compare strs;
  print_endline (String.concat " " (Array.to_list strs));
  Printf.printf "%d\n" (Array.fold_left max 0 (Array.mapi (fun i x -> i * x) [|5; 6; 7|]));
  let arr = Array.make 3 [] in
  arr.(0) <- [1]; arr.(1) <- 2 :: arr.(0);
  Printf.printf "%d\n" (List.length arr.(1));
  print_int a.(5).(0)
