let () =
  Util.greet "main";
  let q = Pqueue.(push 3 "c" (push 1 "a" (push 2 "b" empty))) in
  let ((p, x), q) = Pqueue.pop q in
  Printf.printf "%d %s %d\n" p x (Pqueue.size q);
  (try ignore (Pqueue.pop (snd (Pqueue.pop (snd (Pqueue.pop q))))) with Pqueue.Empty -> print_endline "empty");
  Util.check (Pqueue.size q = 2);
  ignore (Pqueue.pop Pqueue.empty)
