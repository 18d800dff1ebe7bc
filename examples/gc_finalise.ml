(* Gc.finalise and Gc.finalise_last: a finaliser runs when its value is found unreachable by a
   collection (here the ones Gc.full_major makes), finalise's with the value, finalise_last's
   without; values found unreachable in the same cycle are finalised in the reverse order of
   the calls to finalise; a reachable value is not finalised; the alarms of create_alarm run
   at the end of each major cycle until deleted. The values are made and dropped inside
   functions called through Sys.opaque_identity (never inlined), so that no register or stack
   slot of the caller still holds them. *)

let call f x = (Sys.opaque_identity f) x

let log = ref []
let say s = log := s :: !log
let flush_log () =
  List.iter print_endline (List.rev !log);
  log := []

(* Held until [holder] is emptied, so that they die in the same cycle. *)
let holder = ref []

let register name =
  let v = Sys.opaque_identity (ref (String.length name)) in
  holder := v :: !holder;
  Gc.finalise (fun r -> say (Printf.sprintf "finalise %s (%d)" name !r)) v

let register_last name =
  let v = Sys.opaque_identity (Array.make 3 name) in
  Gc.finalise_last (fun () -> say ("finalise_last " ^ name)) v

let kept = ref []

let register_kept name =
  let v = Sys.opaque_identity (ref 0) in
  kept := v :: !kept;
  Gc.finalise (fun _ -> say ("finalise kept " ^ name)) v

(* A finaliser receives the value and may keep it alive again. *)
let resurrected = ref None

let register_resurrect () =
  let v = Sys.opaque_identity (ref 42) in
  Gc.finalise (fun r -> resurrected := Some r) v

let () =
  call register "a";
  call register "bb";
  call register_kept "d";
  call register_resurrect ();
  Printf.printf "holding %d\n" (call (fun () -> List.length !holder) ());
  holder := [];
  Gc.full_major ();
  flush_log ();
  (match !resurrected with
   | Some r -> Printf.printf "resurrected: %d\n" !r
   | None -> print_endline "not resurrected");
  call register_last "c";
  Gc.full_major ();
  flush_log ();
  Printf.printf "kept: %d\n" (List.length !kept);
  kept := [];
  Gc.full_major ();
  flush_log ()

(* Gc.finalise refuses what is not a heap block. *)
let () =
  (try Gc.finalise ignore 3; print_endline "no error"
   with Invalid_argument m -> print_endline ("Invalid_argument " ^ m));
  (try Gc.finalise ignore (Sys.opaque_identity 1.5 +. 1.0); print_endline "no error"
   with Invalid_argument m -> print_endline ("Invalid_argument " ^ m))

let count = ref 0

let () =
  let alarm = call Gc.create_alarm (fun () -> incr count) in
  for _ = 1 to 3 do Gc.full_major (); Printf.printf "alarm: %d\n" !count done;
  Gc.delete_alarm alarm;
  Gc.full_major ();
  Gc.full_major ();
  Printf.printf "deleted alarm stopped: %b\n" (!count <= 4)
