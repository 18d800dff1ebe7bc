(* The egret standard library prelude, compiled in front of every program.
   Sections start with a line "(*! module Name *)"; names starting with "__" are private.
   Semantics follow OCaml 4.13's stdlib (stdlib/stdlib.ml, list.ml, string.ml, char.ml). *)

type ('a, 'b) result = Ok of 'a | Error of 'b
(* OCaml's predefined type of [%extension_constructor C] (Predef), which obj.ml's
   Extension_constructor.t equals. *)
type extension_constructor
(* Formats as OCaml's stdlib.ml defines them (typing/format_gadt/): a literal where a
   format6 is expected is its value of the format types of OCaml's stdlib unit. *)
type ('a, 'b, 'c, 'd, 'e, 'f) format6 =
  ('a, 'b, 'c, 'd, 'e, 'f) CamlinternalFormatBasics.format6
type ('a, 'b, 'c, 'd) format4 = ('a, 'b, 'c, 'c, 'c, 'd) format6
type ('a, 'b, 'c) format = ('a, 'b, 'c, 'c) format4
let max_int = 4611686018427387903
let min_int = -4611686018427387904
let stdout = __channel 1
let stderr = __channel 2
let failwith s = raise (Failure s)
let invalid_arg s = raise (Invalid_argument s)
external raise_notrace : exn -> 'a = "%raise_notrace"
let fst (a, _) = a
let snd (_, b) = b
let ignore _ = ()
let succ n = n + 1
let pred n = n - 1
let abs x = if x >= 0 then x else - x
let min a b = if a <= b then a else b
let max a b = if a >= b then a else b
let lnot x = x lxor (-1)
let incr r = r := !r + 1
let decr r = r := !r - 1
let rec ( @ ) l1 l2 = match l1 with [] -> l2 | h1 :: t1 -> h1 :: (t1 @ l2)
let string_of_format (CamlinternalFormatBasics.Format (_, str)) = str
external format_of_string :
  ('a, 'b, 'c, 'd, 'e, 'f) format6 -> ('a, 'b, 'c, 'd, 'e, 'f) format6 = "%identity"
let ( ^^ ) (CamlinternalFormatBasics.Format (fmt1, str1))
    (CamlinternalFormatBasics.Format (fmt2, str2)) =
  CamlinternalFormatBasics.Format
    (CamlinternalFormatBasics.concat_fmt fmt1 fmt2, str1 ^ "%," ^ str2)
let string_of_bool b = if b then "true" else "false"
let bool_of_string = function
  | "true" -> true
  | "false" -> false
  | _ -> invalid_arg "bool_of_string"
let bool_of_string_opt = function "true" -> Some true | "false" -> Some false | _ -> None
let int_of_string_opt s = try Some (int_of_string s) with Failure _ -> None
let int_of_char c = __int_of_char c
let char_of_int n = if n < 0 || n > 255 then invalid_arg "char_of_int" else __char_of_int n
let print_bytes b = print_string (__string_of_bytes b)
let prerr_char c = prerr_string (String.make 1 c)
let prerr_bytes b = prerr_string (__string_of_bytes b)
(* Channels: the runtime's numbers (0 stdin, 1 stdout, 2 stderr, 3.. opened files; buffered
   as OCaml's io.c, runtime/egret_runtime.c). Semantics as OCaml 4.13's stdlib.ml. *)
external __output_string : out_channel -> string -> unit = "egret_output_string"
let output_string oc s =
  match __channel_id oc with
  | 1 -> print_string s
  | 2 -> prerr_string s
  | _ -> __output_string oc s
let output_bytes oc b = output_string oc (__string_of_bytes b)
let output_char oc c =
  match __channel_id oc with
  | 1 -> print_char c
  | 2 -> prerr_char c
  | _ -> __output_string oc (String.make 1 c)
let stdin = __in_channel 0
external __open_out : string -> int = "egret_open_out"
external __open_in : string -> int = "egret_open_in"
external __close_channel : int -> unit = "egret_close_channel"
external __flush_opened : unit -> unit = "egret_flush_all"
let open_out name = __channel (__open_out name)
let open_out_bin name = __channel (__open_out name)
let close_out oc = flush oc; __close_channel (__channel_id oc)
let close_out_noerr oc =
  (try flush oc with _ -> ());
  (try __close_channel (__channel_id oc) with _ -> ())
let open_in name = __in_channel (__open_in name)
let open_in_bin name = __in_channel (__open_in name)
let close_in ic = __close_channel (__in_channel_id ic)
let close_in_noerr ic = (try close_in ic with _ -> ())
external __input_char : in_channel -> int = "egret_input_char"
let input_char ic =
  let c = __input_char ic in
  if c < 0 then raise End_of_file else __char_of_int c
let input_byte ic =
  let c = __input_char ic in
  if c < 0 then raise End_of_file else c
external __input : in_channel -> int -> string = "egret_input"
external in_channel_length : in_channel -> int = "egret_in_channel_length"
(* caml_ml_input: the bytes read are blitted into [s]. *)
let __unsafe_input ic s ofs len =
  let got = __input ic len in
  let n = String.length got in
  __blit_string got 0 s ofs n;
  n
let input ic b ofs len =
  let s = __string_of_bytes b in
  if ofs < 0 || len < 0 || ofs > String.length s - len then invalid_arg "input"
  else __unsafe_input ic s ofs len
let rec __unsafe_really_input ic s ofs len =
  if len <= 0 then () else begin
    let r = __unsafe_input ic s ofs len in
    if r = 0 then raise End_of_file
    else __unsafe_really_input ic s (ofs + r) (len - r)
  end
let unsafe_really_input ic b ofs len =
  __unsafe_really_input ic (__string_of_bytes b) ofs len
let really_input ic b ofs len =
  let s = __string_of_bytes b in
  if ofs < 0 || len < 0 || ofs > String.length s - len then invalid_arg "really_input"
  else __unsafe_really_input ic s ofs len
let really_input_string ic len =
  let s = __bytes_create len in
  really_input ic (__bytes_of_string s) 0 len;
  s
(* Marshal's format (runtime/egret_marshal.c). *)
external __marshal_to_channel : out_channel -> 'a -> unit list -> unit = "caml_output_value"
let output_value chan v = __marshal_to_channel chan v []
external input_value : in_channel -> 'a = "caml_input_value"
external __input_scan_line : in_channel -> int = "egret_input_scan_line"
let input_line chan =
  let rec build_result buf pos = function
    [] -> buf
  | hd :: tl ->
      let len = String.length hd in
      __blit_string hd 0 buf (pos - len) len;
      build_result buf (pos - len) tl in
  let rec scan accu len =
    let n = __input_scan_line chan in
    if n = 0 then begin
      match accu with
        [] -> raise End_of_file
      | _  -> build_result (__bytes_create len) len accu
    end else if n > 0 then begin
      let res = __bytes_create (n - 1) in
      ignore (__unsafe_input chan res 0 (n - 1));
      ignore (input_char chan);
      match accu with
        [] -> res
      |  _ -> let len = len + n - 1 in
              build_result (__bytes_create len) len (res :: accu)
    end else begin
      let beg = __bytes_create (-n) in
      ignore (__unsafe_input chan beg 0 (-n));
      scan (beg :: accu) (len - n)
    end
  in scan [] 0
let output_substring oc s ofs len =
  if ofs < 0 || len < 0 || ofs > String.length s - len then invalid_arg "output_substring"
  else output_string oc (String.sub s ofs len)
let output oc b ofs len =
  if ofs < 0 || len < 0 || ofs > String.length (__string_of_bytes b) - len then invalid_arg "output"
  else output_string oc (String.sub (__string_of_bytes b) ofs len)
(* As OCaml's: a channel that cannot be flushed is skipped. *)
let flush_all () =
  (try flush stdout with Sys_error _ -> ());
  (try flush stderr with Sys_error _ -> ());
  __flush_opened ()
let prerr_newline () = prerr_string "\n"; flush stderr
(* OCaml's caml_ml_output_char takes the int's low 8 bits; caml_ml_output_int writes the 32
   low bits big-endian, byte by byte; caml_ml_input_int reads 4 bytes (End_of_file after
   consuming what there was) and sign-extends the 32-bit result. Every channel is binary on
   Unix, so set_binary_mode_* do nothing there (caml_ml_set_binary_mode). *)
let output_byte oc n = output_char oc (__char_of_int (n land 255))
let output_binary_int oc n =
  output_byte oc (n asr 24);
  output_byte oc (n asr 16);
  output_byte oc (n asr 8);
  output_byte oc n
let input_binary_int ic =
  let b1 = input_byte ic in
  let b2 = input_byte ic in
  let b3 = input_byte ic in
  let b4 = input_byte ic in
  (((b1 lsl 24) lor (b2 lsl 16) lor (b3 lsl 8) lor b4) lsl 31) asr 31
let set_binary_mode_out (_ : out_channel) (_ : bool) = ()
let set_binary_mode_in (_ : in_channel) (_ : bool) = ()
(* Positions: the runtime keeps OCaml's channel offsets (runtime/egret_runtime.c). *)
external seek_out : out_channel -> int -> unit = "egret_seek_out"
external pos_out : out_channel -> int = "egret_pos_out"
external out_channel_length : out_channel -> int = "egret_out_channel_length"
external seek_in : in_channel -> int -> unit = "egret_seek_in"
external pos_in : in_channel -> int = "egret_pos_in"
type open_flag =
    Open_rdonly | Open_wronly | Open_append
  | Open_creat | Open_trunc | Open_excl
  | Open_binary | Open_text | Open_nonblock
(* caml_sys_open takes the flag list; the runtime's egret_sys_open takes it as a bit set. *)
let rec __open_flag_bits = function
  | [] -> 0
  | f :: rest ->
    let i = match f with
      | Open_rdonly -> 0 | Open_wronly -> 1 | Open_append -> 2 | Open_creat -> 3
      | Open_trunc -> 4 | Open_excl -> 5 | Open_binary -> 6 | Open_text -> 7
      | Open_nonblock -> 8 in
    (1 lsl i) lor __open_flag_bits rest
external __sys_open : string -> int -> int -> int = "egret_sys_open"
external __sys_close : int -> unit = "egret_sys_close"
external __open_descriptor_out : int -> int = "egret_open_descriptor_out"
external __open_descriptor_in : int -> int = "egret_open_descriptor_in"
let __open_desc name mode perm = __sys_open name (__open_flag_bits mode) perm
let open_out_gen mode perm name = __channel (__open_descriptor_out (__open_desc name mode perm))
let open_in_gen mode perm name = __in_channel (__open_descriptor_in (__open_desc name mode perm))
let infinity = float_of_string "inf"
let neg_infinity = float_of_string "-inf"
external __float_of_bits : int64 -> float = "caml_int64_float_of_bits"
(* OCaml 4.13's bits (a signalling NaN), which Marshal and Int64.bits_of_float show. *)
let nan = __float_of_bits 0x7FF0_0000_0000_0001L
let max_float = 0x1.fffffffffffffp+1023
let min_float = 0x1p-1022
let epsilon_float = 0x1p-52
type fpclass = FP_normal | FP_subnormal | FP_zero | FP_infinite | FP_nan
(* OCaml's floatarray is a distinct type; here it is float array, the same representation. *)
type floatarray = float array
let classify_float x =
  match __classify_float x with
  | 0 -> FP_normal | 1 -> FP_subnormal | 2 -> FP_zero | 3 -> FP_infinite | _ -> FP_nan
let float_of_string_opt s = try Some (float_of_string s) with Failure _ -> None
let valid_float_lexem s =
  let l = String.length s in
  let rec loop i =
    if i >= l then s ^ "." else
    match s.[i] with
    | '0' .. '9' | '-' -> loop (i + 1)
    | _ -> s
  in
  loop 0
let print_float f = print_string (string_of_float f)
let prerr_float f = prerr_string (string_of_float f)
let read_line () = flush stdout; input_line stdin
let read_int () = int_of_string (read_line ())
let read_int_opt () = int_of_string_opt (read_line ())
let read_float () = float_of_string (read_line ())
let read_float_opt () = float_of_string_opt (read_line ())
(* at_exit as OCaml 4.13's stdlib.ml: the exit function runs the registered functions, last
   registered first, each at most once (MPR#7253), then flushes the standard channels. The
   program's code ends with do_at_exit; an exception escaping it goes to
   Printexc.__uncaught. *)
let __flush_std_buffers () =
  (try flush stdout with _ -> ());
  (try flush stderr with _ -> ())
let __exit_function = ref flush_all
let at_exit f =
  let f_yet_to_run = ref true in
  let old_exit = !__exit_function in
  let new_exit () =
    if !f_yet_to_run then begin f_yet_to_run := false; f () end;
    old_exit ()
  in
  __exit_function := new_exit
let do_at_exit () = !__exit_function ()
let exit retcode = do_at_exit (); __sys_exit retcode
(* An exception escaped the program (OCaml's runtime/printexc.c, caml_fatal_uncaught_exception):
   the handler the Printexc unit registered as "Printexc.handle_uncaught_exception" when the
   program links it, else the runtime's default_fatal_uncaught_exception (the text and the
   trace taken before the exit functions run, which may raise; the trace printed as
   backtrace.c's caml_print_exception_backtrace when recording is on); then exit 2 without
   flushing. The trace's slots are read as the runtime's blocks (tag 0: is_raise, filename,
   line, first and last character, is_inline, defname; tag 1: is_raise), loosely typed so
   that this section names no module. *)
external __named_value : string -> 'a option = "egret_named_value"
external __backtrace_status : unit -> bool = "caml_backtrace_status"
external __raw_backtrace : unit -> int array = "caml_get_exception_raw_backtrace"
external __backtrace_slots : int array -> exn array = "caml_convert_raw_backtrace"
external __slots_length : exn array -> int = "%array_length"
external __slot_at : exn array -> int -> exn = "%array_unsafe_get"
external __slot_tag : exn -> int = "caml_obj_tag" [@@noalloc]
external __slot_string : exn -> int -> string = "%obj_field"
external __slot_int : exn -> int -> int = "%obj_field"
external __slot_bool : exn -> int -> bool = "%obj_field"
let __print_exception_backtrace raw =
  let slots = __backtrace_slots raw in
  for i = 0 to __slots_length slots - 1 do
    let s = __slot_at slots i in
    let is_raise = __slot_bool s 0 in
    let info =
      if is_raise then (if i = 0 then "Raised at" else "Re-raised at")
      else if i = 0 then "Raised by primitive operation at"
      else "Called from"
    in
    if __slot_tag s = 0 then
      prerr_string
        (info ^ " " ^ __slot_string s 6 ^ " in file \"" ^ __slot_string s 1 ^ "\""
         ^ (if __slot_bool s 5 then " (inlined)" else "")
         ^ ", line " ^ string_of_int (__slot_int s 2) ^ ", characters "
         ^ string_of_int (__slot_int s 3) ^ "-" ^ string_of_int (__slot_int s 4) ^ "\n")
    else if not is_raise then prerr_string (info ^ " unknown location\n")
  done
let __uncaught exn =
  match (__named_value "Printexc.handle_uncaught_exception" : (exn -> bool -> unit) option) with
  | Some handle -> handle exn false; __sys_exit 2
  | None ->
    let raw = __raw_backtrace () in
    let msg = __format_exception exn false in
    let active = __backtrace_status () in
    (try do_at_exit () with _ -> ());
    prerr_string ("Fatal error: exception " ^ msg ^ "\n");
    if active then __print_exception_backtrace raw;
    (try flush stderr with _ -> ());
    __sys_exit 2

(*! unit Sys *)
(*! unit Char *)
(*! unit Uchar *)
(*! unit Seq *)
(*! unit Either *)
(*! unit Int *)
(*! unit Bytes *)
(*! unit String *)
(*! unit List *)
(*! unit Option *)
(*! unit Result *)
(*! unit Bool *)
(*! unit Array *)
(*! unit Buffer *)
(*! unit CamlinternalFormatBasics *)
(*! unit CamlinternalFormat *)
(*! unit Printf *)
(*! unit Stack *)
(*! unit Queue *)
(*! unit Int32 *)
(*! unit Int64 *)
(*! unit Nativeint *)
(*! unit Complex *)
(*! unit Bigarray *)
(*! module LargeFile *)
(* Stdlib.LargeFile: positions and lengths as int64. *)
let seek_out oc pos = seek_out oc (Int64.to_int pos)
let pos_out oc = Int64.of_int (pos_out oc)
let out_channel_length oc = Int64.of_int (out_channel_length oc)
let seek_in ic pos = seek_in ic (Int64.to_int pos)
let pos_in ic = Int64.of_int (pos_in ic)
let in_channel_length ic = Int64.of_int (in_channel_length ic)
(*! unit Float *)
(*! unit CamlinternalAtomic *)
(*! unit Atomic *)
(*! unit Marshal *)
(*! unit Obj *)
(*! unit Printexc *)
(*! unit Fun *)
(*! unit CamlinternalLazy *)
(*! unit Lazy *)
(*! unit Digest *)
(*! unit Random *)
(*! unit Lexing *)
(*! unit Parsing *)
(*! unit Hashtbl *)
(*! unit Format *)
(*! unit Filename *)
(*! module Gc *)
(* OCaml 4.13's gc.ml: its externals are the runtime's primitives (runtime/egret_gc.c,
   runtime/egret_weak.c). minor_words returns a boxed float (OCaml's is [@unboxed]): the box is
   allocated after the counter is read, so it counts in the next reading. The runtime cannot
   call OCaml code, so the finalisers due after a collection are run here, by
   __run_finalisers: after each collection a function of this module makes, and at each
   finalise and finalise_last (a collection an allocation makes leaves them due until then).
   Not yet: Memprof, get_bucket, get_credit, huge_fallback_count, the eventlog. *)
type stat = {
  minor_words : float;
  promoted_words : float;
  major_words : float;
  minor_collections : int;
  major_collections : int;
  heap_words : int;
  heap_chunks : int;
  live_words : int;
  live_blocks : int;
  free_words : int;
  free_blocks : int;
  largest_free : int;
  fragments : int;
  compactions : int;
  top_heap_words : int;
  stack_size : int;
  forced_major_collections: int;
}
type control = {
  mutable minor_heap_size : int;
  mutable major_heap_increment : int;
  mutable space_overhead : int;
  mutable verbose : int;
  mutable max_overhead : int;
  mutable stack_limit : int;
  mutable allocation_policy : int;
  window_size : int;
  custom_major_ratio : int;
  custom_minor_ratio : int;
  custom_minor_max_size : int;
}
external stat : unit -> stat = "caml_gc_stat"
external quick_stat : unit -> stat = "caml_gc_quick_stat"
external counters : unit -> (float * float * float) = "caml_gc_counters"
external minor_words : unit -> float = "caml_gc_minor_words"
external get : unit -> control = "caml_gc_get"
external set : control -> unit = "caml_gc_set"
external get_minor_free : unit -> int = "caml_get_minor_free"
external __final_next : unit -> Obj.t = "egret_final_next"
(* Whether a finaliser is running (OCaml's running_finalisation_function): finalisers do not
   nest, unless the running one calls finalise_release. *)
let __finalising = ref false
external __final_pending : unit -> bool = "egret_final_pending"
let rec __run_due () =
  let p = __final_next () in
  if Obj.is_block p then begin
    let f : Obj.t -> unit = Obj.obj (Obj.field p 0) in
    f (Obj.field p 1);
    __run_due ()
  end
(* Allocates nothing when no finaliser is due (a try would: egret boxes its result), and keeps
   the finalisers' values in __run_due's frame only, not in its caller's (the collector finds
   roots conservatively on the stack). *)
let __run_finalisers () =
  if not !__finalising && __final_pending () then begin
    __finalising := true;
    (match __run_due () with
     | () -> __finalising := false
     | exception e -> __finalising := false; raise e)
  end
external __minor : unit -> unit = "caml_gc_minor"
external __major_slice : int -> int = "caml_gc_major_slice"
external __major : unit -> unit = "caml_gc_major"
external __full_major : unit -> unit = "caml_gc_full_major"
external __compact : unit -> unit = "caml_gc_compaction"
let minor () = __minor (); __run_finalisers ()
let major_slice n = let r = __major_slice n in __run_finalisers (); r
let major () = __major (); __run_finalisers ()
let full_major () = __full_major (); __run_finalisers ()
let compact () = __compact (); __run_finalisers ()
(* Printf.fprintf is not available inside the prelude (sprintf, then output_string), nor a
   width given as an argument (%*d: __pad right-justifies). *)
let __out c s = output_string c s
let __pad w s =
  let n = String.length s in
  if n >= w then s else String.make (w - n) ' ' ^ s
let print_stat c =
  let st = stat () in
  __out c (Printf.sprintf "minor_collections:      %d\n" st.minor_collections);
  __out c (Printf.sprintf "major_collections:      %d\n" st.major_collections);
  __out c (Printf.sprintf "compactions:            %d\n" st.compactions);
  __out c (Printf.sprintf "forced_major_collections: %d\n" st.forced_major_collections);
  __out c "\n";
  let l1 = String.length (Printf.sprintf "%.0f" st.minor_words) in
  __out c ("minor_words:    " ^ __pad l1 (Printf.sprintf "%.0f" st.minor_words) ^ "\n");
  __out c ("promoted_words: " ^ __pad l1 (Printf.sprintf "%.0f" st.promoted_words) ^ "\n");
  __out c ("major_words:    " ^ __pad l1 (Printf.sprintf "%.0f" st.major_words) ^ "\n");
  __out c "\n";
  let l2 = String.length (Printf.sprintf "%d" st.top_heap_words) in
  __out c ("top_heap_words: " ^ __pad l2 (string_of_int st.top_heap_words) ^ "\n");
  __out c ("heap_words:     " ^ __pad l2 (string_of_int st.heap_words) ^ "\n");
  __out c ("live_words:     " ^ __pad l2 (string_of_int st.live_words) ^ "\n");
  __out c ("free_words:     " ^ __pad l2 (string_of_int st.free_words) ^ "\n");
  __out c ("largest_free:   " ^ __pad l2 (string_of_int st.largest_free) ^ "\n");
  __out c ("fragments:      " ^ __pad l2 (string_of_int st.fragments) ^ "\n");
  __out c "\n";
  __out c (Printf.sprintf "live_blocks: %d\n" st.live_blocks);
  __out c (Printf.sprintf "free_blocks: %d\n" st.free_blocks);
  __out c (Printf.sprintf "heap_chunks: %d\n" st.heap_chunks)
let allocated_bytes () =
  let (mi, pro, ma) = counters () in
  (mi +. ma -. pro) *. float_of_int (Sys.word_size / 8)
external __finalise : ('a -> unit) -> 'a -> unit = "caml_final_register"
external __finalise_last : (unit -> unit) -> 'a -> unit =
  "caml_final_register_called_without_value"
let finalise f v = __finalise f v; __run_finalisers ()
let finalise_last f v = __finalise_last f v; __run_finalisers ()
let finalise_release () = __finalising := false
type alarm = bool ref
type alarm_rec = {active : alarm; f : unit -> unit}
let rec call_alarm arec =
  if !(arec.active) then begin
    finalise call_alarm arec;
    arec.f ();
  end
let create_alarm f =
  let arec = { active = ref true; f = f } in
  finalise call_alarm arec;
  arec.active
let delete_alarm a = a := false

(*! unit Weak *)
(*! unit Ephemeron *)
(*! unit Callback *)
(*! unit ListLabels *)
(*! unit ArrayLabels *)
(*! unit StringLabels *)
(*! unit BytesLabels *)
(*! unit StdLabels *)
(*! unit Arg *)
(*! unit Map *)
(*! unit Set *)
(*! unit MoreLabels *)
(*! unit Scanf *)
(*! unit Unit *)
(*! unit Stream *)
(*! unit Genlex *)
(*! unit Pervasives *)
