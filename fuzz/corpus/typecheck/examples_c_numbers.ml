(* Number theory: Collatz, sieve, gcd/lcm, modular exponentiation, wrapping arithmetic *)
let rec collatz_len n = if n = 1 then 1 else 1 + collatz_len (if n mod 2 = 0 then n / 2 else 3 * n + 1)

let longest_collatz limit =
  let best = ref (1, 1) in
  for i = 1 to limit do
    let l = collatz_len i in
    if l > snd !best then best := (i, l)
  done;
  !best

let sieve n =
  let rec range a b = if a > b then [] else a :: range (a + 1) b in
  let rec go = function
    | [] -> []
    | p :: rest -> p :: go (List.filter (fun x -> x mod p <> 0) rest)
  in
  go (range 2 n)

let rec gcd a b = if b = 0 then abs a else gcd b (a mod b)
let lcm a b = if a = 0 || b = 0 then 0 else abs (a / gcd a b * b)

let rec power b e = if e = 0 then 1 else
    let h = power b (e / 2) in
    if e mod 2 = 0 then h * h else h * h * b

let rec powmod b e m =
  if e = 0 then 1 mod m
  else
    let h = powmod b (e / 2) m in
    let h2 = h * h mod m in
    if e land 1 = 1 then h2 * (b mod m) mod m else h2

let rec digits n = if n < 10 then [n] else digits (n / 10) @ [n mod 10]

let is_perfect n =
  let s = ref 0 in
  for d = 1 to n - 1 do if n mod d = 0 then s := !s + d done;
  !s = n

let rec fib_pair n = if n = 0 then (0, 1) else
    let (a, b) = fib_pair (n - 1) in (b, a + b)

let () =
  let (n, l) = longest_collatz 10000 in
  Printf.printf "longest collatz below 10000: %d (length %d)\n" n l;
  let ps = sieve 200 in
  let last k l = let n = List.length l in List.filter (fun x -> x > List.nth l (n - k - 1)) l in
  Printf.printf "%d primes <= 200, last five: %s\n" (List.length ps)
    (String.concat "," (List.map string_of_int (last 5 ps)));
  Printf.printf "gcd(1071, 462) = %d, lcm(21, 6) = %d, gcd(-12, 18) = %d\n"
    (gcd 1071 462) (lcm 21 6) (gcd (-12) 18);
  Printf.printf "2^62 = %d\n2^63 = %d\n2^64 = %d\n" (power 2 62) (power 2 63) (power 2 64);
  Printf.printf "max_int + 1 = %d, min_int - 1 = %d\n" (max_int + 1) (min_int - 1);
  Printf.printf "max_int * 2 = %d, - min_int = %d, abs min_int = %d\n" (max_int * 2) (- min_int) (abs min_int);
  Printf.printf "3^200 mod 1000007 = %d\n" (powmod 3 200 1000007);
  Printf.printf "7^(10^18) mod 13 = %d\n" (powmod 7 1_000_000_000_000_000_000 13);
  Printf.printf "digits of 9876543210: %s\n" (String.concat " " (List.map string_of_int (digits 9876543210)));
  Printf.printf "perfect numbers < 10000: %s\n"
    (String.concat " " (List.map string_of_int (List.filter is_perfect (List.init 9999 (fun i -> i + 1)))));
  let (f90, _) = fib_pair 90 in
  Printf.printf "fib 90 = %d\n" f90;
  let (f100, _) = fib_pair 100 in
  Printf.printf "fib 100 (wrapped) = %d\n" f100;
  Printf.printf "-7 / 2 = %d, -7 mod 2 = %d, 7 / -2 = %d, 7 mod -2 = %d\n" (-7 / 2) (-7 mod 2) (7 / -2) (7 mod -2);
  Printf.printf "0x7f land 0b1010 = %d, 1 lsl 62 = %d, -1 lsr 1 = %d, -16 asr 2 = %d, 5 lxor 3 = %d, 0o17 lor 64 = %d\n"
    (0x7f land 0b1010) (1 lsl 62) (-1 lsr 1) (-16 asr 2) (5 lxor 3) (0o17 lor 64);
  Printf.printf "hex %x %X %o | %d\n" 255 48879 8 (if -1 lsr 1 = max_int then 1 else 0)
