(* The egret standard library prelude, compiled in front of every program.
   Sections start with a line "(*! module Name *)"; names starting with "__" are private.
   Semantics follow OCaml 4.13's stdlib (stdlib/stdlib.ml, list.ml, string.ml, char.ml). *)

type ('a, 'b) result = Ok of 'a | Error of 'b
(* Formats as values (typing/printf/value.rs): a format literal where a format6 is expected
   is CamlinternalFormat_Format ((fun k -> fun args.. -> k items), scan ops, text): given the consumer's
   continuation, the function of the conversions' arguments, which gives the continuation
   the pieces as data in order (CamlinternalFormat's acc, output by the consumers in the
   pretty-printing section: naming it here would make every program elaborate it). *)
type ('b, 'c) __format_item =
  | CamlinternalFormat_string of string
  | CamlinternalFormat_flush
  | CamlinternalFormat_lit of string * string
  | CamlinternalFormat_fmt of string * int * int * int
  | CamlinternalFormat_box of string * string
  | CamlinternalFormat_delay of ('b -> 'c)
(* What the scanning functions read for a format value (typing/scanf/value.rs, interpreted
   by __scan_op in the scanning section): a literal, %!, a conversion (kind, conversion
   letter, width, precision, stopper or -1, char set, skipped), or what scanning rejects at
   run time (its Invalid_argument message). No module is named here: every program types
   this section and what it names (prelude::needed). *)
type __scan_op =
  | CamlinternalFormat_scan_lit of string
  | CamlinternalFormat_scan_end
  | CamlinternalFormat_scan of char * char * int * int * int * string * bool
  | CamlinternalFormat_scan_bad of string
(*! tuple-formats *)
(* A format value: the printing function, the scanning operations and the format's text. *)
type ('a, 'b, 'c, 'd, 'e, 'f) format6 =
  CamlinternalFormat_Format of
    ((('b, 'c) __format_item list -> 'f) -> 'a) * __scan_op list * string
type ('a, 'b, 'c, 'd) format4 = ('a, 'b, 'c, 'c, 'c, 'd) format6
type ('a, 'b, 'c) format = ('a, 'b, 'c, 'c) format4
(*! end tuple-formats *)
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
(*! tuple-format-functions *)
let format_of_string (fmt : ('a, 'b, 'c, 'd, 'e, 'f) format6) = fmt
let ( ^^ ) (fmt1 : ('a, 'b, 'c, 'd, 'e, 'f) format6) (fmt2 : ('f, 'b, 'c, 'e, 'g, 'h) format6)
  : ('a, 'b, 'c, 'd, 'g, 'h) format6 =
  match fmt1, fmt2 with
  | CamlinternalFormat_Format (f1, o1, s1), CamlinternalFormat_Format (f2, o2, s2) ->
    CamlinternalFormat_Format
      ((fun k -> f1 (fun acc1 -> f2 (fun acc2 -> k (acc1 @ acc2)))), o1 @ o2, s1 ^ "%," ^ s2)
(*! end tuple-format-functions *)
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
(*! module Printexc.Slot *)
(* Printexc's backtrace slots (printexc.ml): the runtime makes them from a raw backtrace
   (runtime/egret_backtrace.c, caml_convert_raw_backtrace); the type and the functions are
   OCaml's. *)
type location = {
  filename : string;
  line_number : int;
  start_char : int;
  end_char : int;
}
type t =
  | Known_location of { is_raise : bool; filename : string; line_number : int;
                        start_char : int; end_char : int; is_inline : bool;
                        defname : string }
  | Unknown_location of { is_raise : bool }
(* The printf functions come later in the prelude: the texts are concatenated. *)
let format pos slot =
  let info is_raise =
    if is_raise then
      if pos = 0 then "Raised at" else "Re-raised at"
    else
      if pos = 0 then "Raised by primitive operation at" else "Called from"
  in
  match slot with
  | Unknown_location l ->
      if l.is_raise then None
      else Some (info false ^ " unknown location")
  | Known_location l ->
      Some (info l.is_raise ^ " " ^ l.defname ^ " in file \"" ^ l.filename ^ "\""
            ^ (if l.is_inline then " (inlined)" else "")
            ^ ", line " ^ string_of_int l.line_number ^ ", characters "
            ^ string_of_int l.start_char ^ "-" ^ string_of_int l.end_char)
let is_raise = function
  | Known_location l -> l.is_raise
  | Unknown_location l -> l.is_raise
let is_inline = function
  | Known_location l -> l.is_inline
  | Unknown_location _ -> false
let location = function
  | Unknown_location _ -> None
  | Known_location l ->
    Some {
      filename = l.filename;
      line_number = l.line_number;
      start_char = l.start_char;
      end_char = l.end_char;
    }
let name = function
  | Unknown_location _
  | Known_location { defname = "" } -> None
  | Known_location l -> Some l.defname
(*! module Printexc *)
(* After OCaml 4.13's printexc.ml, over the runtime's backtraces (runtime/egret_backtrace.c:
   recorded when Printexc.record_backtrace or OCAMLRUNPARAM=b says so, with locations when the
   program is built with -g). A program that uses Printexc (or Fun, which uses it) has its
   uncaught exceptions printed by Printexc's handler, as with ocamlopt, where linking Printexc
   installs it. *)
type raw_backtrace
type raw_backtrace_slot
type raw_backtrace_entry = int
let __printers = ref []
let __locfmt file line char1 char2 msg =
  "File \"" ^ file ^ "\", line " ^ string_of_int line ^ ", characters "
  ^ string_of_int char1 ^ "-" ^ string_of_int char2 ^ ": " ^ msg
let to_string_default = function
  | Out_of_memory -> "Out of memory"
  | Stack_overflow -> "Stack overflow"
  | Match_failure (file, line, char) ->
    __locfmt file line char (char + 5) "Pattern matching failed"
  | Assert_failure (file, line, char) ->
    __locfmt file line char (char + 6) "Assertion failed"
  | Undefined_recursive_module (file, line, char) ->
    __locfmt file line char (char + 6) "Undefined recursive module"
  | x -> __format_exception x true
let __use_printers x =
  let rec conv = function
    | hd :: tl -> (match hd x with None | exception _ -> conv tl | Some s -> Some s)
    | [] -> None
  in
  conv !__printers
let to_string e = match __use_printers e with Some s -> s | None -> to_string_default e
let print fct arg =
  try fct arg with x ->
    prerr_string ("Uncaught exception: " ^ to_string x ^ "\n");
    flush stderr;
    raise x
let catch fct arg =
  try fct arg with x ->
    flush stdout;
    prerr_string ("Uncaught exception: " ^ to_string x ^ "\n");
    exit 2
let register_printer fn = __printers := fn :: !__printers
let use_printers = __use_printers
external raw_backtrace_entries : raw_backtrace -> raw_backtrace_entry array = "%identity"
external raw_backtrace_of_entries : raw_backtrace_entry array -> raw_backtrace = "%identity"
let __empty_backtrace = raw_backtrace_of_entries [||]
external record_backtrace : bool -> unit = "caml_record_backtrace"
external backtrace_status : unit -> bool = "caml_backtrace_status"
external get_raw_backtrace : unit -> raw_backtrace = "caml_get_exception_raw_backtrace"
external get_callstack : int -> raw_backtrace = "caml_get_current_callstack"
external raise_with_backtrace : exn -> raw_backtrace -> 'a = "%raise_with_backtrace"
external __convert_raw_backtrace : raw_backtrace -> Printexc.Slot.t array
  = "caml_convert_raw_backtrace"
let __convert bt = try Some (__convert_raw_backtrace bt) with Failure _ -> None
let raw_backtrace_length bt = Array.length (raw_backtrace_entries bt)
external get_raw_backtrace_slot : raw_backtrace -> int -> raw_backtrace_slot
  = "caml_raw_backtrace_slot"
external get_raw_backtrace_next_slot : raw_backtrace_slot -> raw_backtrace_slot option
  = "caml_raw_backtrace_next_slot"
external convert_raw_backtrace_slot : raw_backtrace_slot -> Printexc.Slot.t
  = "caml_convert_raw_backtrace_slot"
let __backtrace_lines = function
  | None -> ["(Program not linked with -g, cannot print stack backtrace)\n"]
  | Some a ->
    let lines = ref [] in
    for i = Array.length a - 1 downto 0 do
      match Printexc.Slot.format i a.(i) with
      | None -> ()
      | Some str -> lines := (str ^ "\n") :: !lines
    done;
    !lines
let print_raw_backtrace outchan raw_backtrace =
  List.iter (output_string outchan) (__backtrace_lines (__convert raw_backtrace))
let print_backtrace outchan = print_raw_backtrace outchan (get_raw_backtrace ())
let raw_backtrace_to_string raw_backtrace =
  String.concat "" (__backtrace_lines (__convert raw_backtrace))
let get_backtrace () = raw_backtrace_to_string (get_raw_backtrace ())
type location = Printexc.Slot.location
type backtrace_slot = Printexc.Slot.t
let backtrace_slots raw_backtrace =
  match __convert raw_backtrace with
  | None -> None
  | Some backtrace ->
    let usable_slot = function
      | Printexc.Slot.Unknown_location _ -> false
      | Printexc.Slot.Known_location _ -> true in
    let rec exists_usable = function
      | (-1) -> false
      | i -> usable_slot backtrace.(i) || exists_usable (i - 1) in
    if exists_usable (Array.length backtrace - 1) then Some backtrace else None
let backtrace_slots_of_raw_entry entry = backtrace_slots (raw_backtrace_of_entries [| entry |])
let format_backtrace_slot = Printexc.Slot.format
let backtrace_slot_is_raise = Printexc.Slot.is_raise
let backtrace_slot_is_inline = Printexc.Slot.is_inline
let backtrace_slot_location = Printexc.Slot.location
let backtrace_slot_defname = Printexc.Slot.name
(* The slot of an exception (its identity block: name, id), read as printexc.ml does;
   loosely typed so that this section does not name the module of the primitives (which
   would make every program elaborate it). *)
external __tag : exn -> int = "caml_obj_tag" [@@noalloc]
external __slot : exn -> int -> exn = "%obj_field"
external __name : exn -> int -> string = "%obj_field"
external __id : exn -> int -> int = "%obj_field"
let __exn_slot x = if __tag x = 0 then __slot x 0 else x
let exn_slot_id (x : exn) = __id (__exn_slot x) 1
let exn_slot_name (x : exn) = __name (__exn_slot x) 0
let default_uncaught_exception_handler exn raw_backtrace =
  prerr_string ("Fatal error: exception " ^ to_string exn ^ "\n");
  print_raw_backtrace stderr raw_backtrace;
  flush stderr
let __uncaught_exception_handler = ref default_uncaught_exception_handler
let set_uncaught_exception_handler fn = __uncaught_exception_handler := fn
(* An exception escaped the program: Printexc's handle_uncaught_exception when the program
   uses Printexc, else the runtime's default_fatal_uncaught_exception (the text is made
   before the exit functions run); then exit 2 without flushing. *)
let __uncaught linked exn =
  (* The trace before the exit functions run, which may raise. *)
  let raw = try get_raw_backtrace () with _ -> __empty_backtrace in
  if linked then begin
    (try do_at_exit () with _ -> ());
    try !__uncaught_exception_handler exn raw with exn' ->
      let raw' = try get_raw_backtrace () with _ -> __empty_backtrace in
      prerr_string ("Fatal error: exception " ^ to_string exn ^ "\n");
      print_raw_backtrace stderr raw;
      prerr_string
        ("Fatal error in uncaught exception handler: exception " ^ to_string exn' ^ "\n");
      print_raw_backtrace stderr raw';
      flush stderr
  end else begin
    (* The runtime's default_fatal_uncaught_exception: the trace if recording is on. *)
    let msg = __format_exception exn false in
    let active = backtrace_status () in
    (try do_at_exit () with _ -> ());
    prerr_string ("Fatal error: exception " ^ msg ^ "\n");
    if active then print_raw_backtrace stderr raw;
    (try flush stderr with _ -> ())
  end;
  __sys_exit 2
(*! unit Fun *)
(*! module Obj.Ephemeron *)
(* OCaml 4.13's Obj.Ephemeron over the runtime's ephemerons (runtime/egret_weak.c): a block of
   tag 251 (Abstract_tag, never scanned by the collector), field 0 the empty marker that every
   unset field holds (OCaml's caml_ephe_none; OCaml's field 0 is a link egret's collector does
   not need), field 1 the data, fields 2.. the keys. The collector is stop-the-world and
   clears dead keys (and then the data) itself, so the fields are read and written directly.
   The type is abstract in OCaml: here a record whose field is never used. *)
type t = { __ephemeron : unit }
type obj_t = Obj.t
let __additional_values = 2
let max_ephe_length = Sys.max_array_length - __additional_values
external __create : int -> t = "caml_ephe_create"
external __size : t -> int = "%obj_size"
external __field : t -> int -> Obj.t = "%obj_field"
external __set_field : t -> int -> Obj.t -> unit = "%obj_set_field"
external __is_int : Obj.t -> bool = "%obj_is_int"
external __tag : Obj.t -> int = "caml_obj_tag"
external __dup : Obj.t -> Obj.t = "caml_obj_dup"
let create l =
  if not (0 <= l && l <= max_ephe_length) then invalid_arg "Obj.Ephemeron.create";
  __create l
let length x = __size x - __additional_values
let __check_offset e o msg =
  if not (0 <= o && o < length e) then invalid_arg msg
let __get e i =
  let v = __field e i in
  if v == __field e 0 then None else Some v
(* caml_ephe_get_key_copy: a block is copied (one level), except a custom block. *)
let __get_copy e i =
  match __get e i with
  | Some v when not (__is_int v) && __tag v <> 255 -> Some (__dup v)
  | r -> r
(* Fields i1.. of e1 to i2.. of e2, overlapping as Array.blit; an unset field stays unset. *)
let __blit e1 i1 e2 i2 l =
  let none1 = __field e1 0 and none2 = __field e2 0 in
  let copy k =
    let v = __field e1 (i1 + k) in
    __set_field e2 (i2 + k) (if v == none1 then none2 else v)
  in
  if e1 == e2 && i1 < i2 then for k = l - 1 downto 0 do copy k done
  else for k = 0 to l - 1 do copy k done
let get_key e o =
  __check_offset e o "Obj.Ephemeron.get_key";
  __get e (o + 2)
let get_key_copy e o =
  __check_offset e o "Obj.Ephemeron.get_key_copy";
  __get_copy e (o + 2)
let set_key e o x =
  __check_offset e o "Obj.Ephemeron.set_key";
  __set_field e (o + 2) x
let unset_key e o =
  __check_offset e o "Obj.Ephemeron.unset_key";
  __set_field e (o + 2) (__field e 0)
let check_key e o =
  __check_offset e o "Obj.Ephemeron.check_key";
  __field e (o + 2) != __field e 0
let blit_key e1 o1 e2 o2 l =
  if l < 0 || o1 < 0 || o1 > length e1 - l
     || o2 < 0 || o2 > length e2 - l
  then invalid_arg "Obj.Ephemeron.blit_key"
  else if l <> 0 then __blit e1 (o1 + 2) e2 (o2 + 2) l
let get_data e = __get e 1
let get_data_copy e = __get_copy e 1
let set_data e x = __set_field e 1 x
let unset_data e = __set_field e 1 (__field e 0)
let check_data e = __field e 1 != __field e 0
let blit_data e1 e2 = __blit e1 1 e2 1 1

(*! module Obj.Extension_constructor *)
(* OCaml 4.13's Obj.Extension_constructor (before its parent's section: the primitives by
   their own names). *)
type t
external __repr : 'a -> Obj.t = "%identity"
external __obj : Obj.t -> 'a = "%identity"
external __is_int : Obj.t -> bool = "%obj_is_int"
external __tag : Obj.t -> int = "caml_obj_tag" [@@noalloc]
external __size : Obj.t -> int = "%obj_size"
external __field : Obj.t -> int -> Obj.t = "%obj_field"
let of_val x =
  let x = __repr x in
  let slot =
    if not (__is_int x) && __tag x <> 248 && __size x >= 1 then __field x 0
    else x
  in
  let name =
    if not (__is_int slot) && __tag slot = 248 then __field slot 0
    else invalid_arg "Obj.extension_constructor"
  in
  if __tag name = 252 then (__obj slot : t)
  else invalid_arg "Obj.extension_constructor"
let name (slot : t) = (__obj (__field (__repr slot) 0) : string)
let id (slot : t) = (__obj (__field (__repr slot) 1) : int)

(*! module Obj *)
(* OCaml 4.13's obj.ml: the runtime's primitives (runtime/egret_prims.c); the type Obj.t is
   predefined. egret represents closures (code pointer, arity, captured values) its own way:
   their sizes are not ocamlopt's. *)
external repr : 'a -> Obj.t = "%identity"
external obj : Obj.t -> 'a = "%identity"
external magic : 'a -> 'b = "%identity"
external is_int : Obj.t -> bool = "%obj_is_int"
let is_block a = not (is_int a)
external tag : Obj.t -> int = "caml_obj_tag" [@@noalloc]
external size : Obj.t -> int = "%obj_size"
external field : Obj.t -> int -> Obj.t = "%obj_field"
external set_field : Obj.t -> int -> Obj.t -> unit = "%obj_set_field"
external new_block : int -> int -> Obj.t = "caml_obj_block"
external dup : Obj.t -> Obj.t = "caml_obj_dup"
external with_tag : int -> Obj.t -> Obj.t = "caml_obj_with_tag"
external reachable_words : Obj.t -> int = "caml_obj_reachable_words"
let first_non_constant_constructor_tag = 0
let last_non_constant_constructor_tag = 245
let lazy_tag = 246
let closure_tag = 247
let object_tag = 248
let infix_tag = 249
let forward_tag = 250
let no_scan_tag = 251
let abstract_tag = 251
let string_tag = 252
let double_tag = 253
let double_array_tag = 254
let custom_tag = 255
let final_tag = custom_tag
let int_tag = 1000
let out_of_heap_tag = 1001
let unaligned_tag = 1002

(*! unit CamlinternalLazy *)
(*! unit Lazy *)
(*! unit Digest *)
(*! unit Random *)
(*! unit Lexing *)
(*! unit Parsing *)
(*! unit Marshal *)
(*! unit Hashtbl *)
(*! module CamlinternalFormat_egret *)
(* The conversions of format literals elaborated as values (typing/printf/value.rs), as the
   direct elaboration makes them (typing/printf/mod.rs). *)
external format_int : string -> int -> string = "egret_format_int"
external format_float : string -> float -> string = "egret_format_float"
external format_char : string -> char -> string = "egret_format_char"
external format_string : string -> string -> string = "egret_format_string"
external format_int32 : string -> int32 -> string = "egret_format_int32"
external format_int64 : string -> int64 -> string = "egret_format_int64"
external format_nativeint : string -> nativeint -> string = "egret_format_nativeint"
let format_bool spec b = format_string spec (if b then "true" else "false")
let format_caml_string spec s = format_string spec ("\"" ^ String.escaped s ^ "\"")
let format_caml_char c = "'" ^ Char.escaped c ^ "'"
let concat a b = a ^ b

(*! module Format *)
(* OCaml 4.13's format.ml: the pretty-printing engine (token queue, scanning and formatting
   stacks, boxes, breaks, tabulation boxes, margins, max_indent, max_boxes, tags), the
   predefined formatters and the pp_print_* functions. The printf family
   (Format.printf "@[%a@]@." ...) is elaborated by the typer from its literal format
   (typing/printf/) into calls of these functions, as CamlinternalFormat's output_acc
   would make them. format.ml's functions that format.mli does not export are private
   (__advance_left ...). The printf functions' consumers of format values (typing/printf/
   value.rs) are at the end. Left out: the deprecated formatter_tag_functions.
   Adapted where egret lacks a feature:
   - Size.t is int (no signatures): of_int and to_int are the identity, unknown is -1;
   - Pp_break's inline record is a pair of triples (fits, breaks);
   - stag is a closed type with the one constructor String_tag (no extensible variants), so
     a program cannot add tags of its own;
   - CamlinternalFormatBasics' block_type is box_type itself.
   The format values' conversions are those of CamlinternalFormat_egret (named so that a
   program using Format or printf elaborates that section). *)
type box_type = Pp_hbox | Pp_vbox | Pp_hvbox | Pp_hovbox | Pp_box | Pp_fits
type stag = String_tag of string
type tag = string
type tbox = Pp_tbox of int list ref
type pp_token =
  | Pp_text of string
  | Pp_break of (string * int * string) * (string * int * string)
  | Pp_tbreak of int * int
  | Pp_stab
  | Pp_begin of int * box_type
  | Pp_end
  | Pp_tbegin of tbox
  | Pp_tend
  | Pp_newline
  | Pp_if_newline
  | Pp_open_tag of stag
  | Pp_close_tag
type pp_queue_elem = {
  mutable size : int;
  token : pp_token;
  length : int;
}
type pp_scan_elem = {
  left_total : int;
  queue_elem : pp_queue_elem
}
type pp_format_elem = { box_type : box_type; width : int }
type formatter = {
  pp_scan_stack : pp_scan_elem Stack.t;
  pp_format_stack : pp_format_elem Stack.t;
  pp_tbox_stack : tbox Stack.t;
  pp_tag_stack : stag Stack.t;
  pp_mark_stack : stag Stack.t;
  mutable pp_margin : int;
  mutable pp_min_space_left : int;
  mutable pp_max_indent : int;
  mutable pp_space_left : int;
  mutable pp_current_indent : int;
  mutable pp_is_new_line : bool;
  mutable pp_left_total : int;
  mutable pp_right_total : int;
  mutable pp_curr_depth : int;
  mutable pp_max_boxes : int;
  mutable pp_ellipsis : string;
  mutable pp_out_string : string -> int -> int -> unit;
  mutable pp_out_flush : unit -> unit;
  mutable pp_out_newline : unit -> unit;
  mutable pp_out_spaces : int -> unit;
  mutable pp_out_indent : int -> unit;
  mutable pp_print_tags : bool;
  mutable pp_mark_tags : bool;
  mutable pp_mark_open_tag : stag -> string;
  mutable pp_mark_close_tag : stag -> string;
  mutable pp_print_open_tag : stag -> unit;
  mutable pp_print_close_tag : stag -> unit;
  pp_queue : pp_queue_elem Queue.t;
}
type formatter_stag_functions = {
  mark_open_stag : stag -> string;
  mark_close_stag : stag -> string;
  print_open_stag : stag -> unit;
  print_close_stag : stag -> unit;
}
type formatter_out_functions = {
  out_string : string -> int -> int -> unit;
  out_flush : unit -> unit;
  out_newline : unit -> unit;
  out_spaces : int -> unit;
  out_indent : int -> unit;
}
let __size_unknown = -1
let __size_is_known n = n >= 0
let __pp_enqueue state token =
  state.pp_right_total <- state.pp_right_total + token.length;
  Queue.add token state.pp_queue
let __pp_clear_queue state =
  state.pp_left_total <- 1; state.pp_right_total <- 1;
  Queue.clear state.pp_queue
let __pp_infinity = 1000000010
let __pp_output_string state s = state.pp_out_string s 0 (String.length s)
and __pp_output_newline state = state.pp_out_newline ()
and __pp_output_spaces state n = state.pp_out_spaces n
and __pp_output_indent state n = state.pp_out_indent n
let __format_pp_text state size text =
  state.pp_space_left <- state.pp_space_left - size;
  __pp_output_string state text;
  state.pp_is_new_line <- false
let __format_string state s =
  if s <> "" then __format_pp_text state (String.length s) s
let __break_new_line state (before, offset, after) width =
  __format_string state before;
  __pp_output_newline state;
  state.pp_is_new_line <- true;
  let indent = state.pp_margin - width + offset in
  let real_indent = Int.min state.pp_max_indent indent in
  state.pp_current_indent <- real_indent;
  state.pp_space_left <- state.pp_margin - state.pp_current_indent;
  __pp_output_indent state state.pp_current_indent;
  __format_string state after
let __break_line state width = __break_new_line state ("", 0, "") width
let __break_same_line state (before, width, after) =
  __format_string state before;
  state.pp_space_left <- state.pp_space_left - width;
  __pp_output_spaces state width;
  __format_string state after
let __pp_force_break_line state =
  match Stack.top_opt state.pp_format_stack with
  | None -> __pp_output_newline state
  | Some { box_type; width } ->
    if width > state.pp_space_left then
      match box_type with
      | Pp_fits | Pp_hbox -> ()
      | Pp_vbox | Pp_hvbox | Pp_hovbox | Pp_box -> __break_line state width
let __pp_skip_token state =
  match Queue.take_opt state.pp_queue with
  | None -> ()
  | Some { size; length; _ } ->
    state.pp_left_total <- state.pp_left_total - length;
    state.pp_space_left <- state.pp_space_left + size
let __format_pp_token state size = function
  | Pp_text s ->
    __format_pp_text state size s
  | Pp_begin (off, ty) ->
    let insertion_point = state.pp_margin - state.pp_space_left in
    if insertion_point > state.pp_max_indent then
      begin __pp_force_break_line state end;
    let width = state.pp_space_left - off in
    let box_type =
      match ty with
      | Pp_vbox -> Pp_vbox
      | Pp_hbox | Pp_hvbox | Pp_hovbox | Pp_box | Pp_fits ->
        if size > state.pp_space_left then ty else Pp_fits in
    Stack.push { box_type; width } state.pp_format_stack
  | Pp_end ->
    Stack.pop_opt state.pp_format_stack |> ignore
  | Pp_tbegin (Pp_tbox _ as tbox) ->
    Stack.push tbox state.pp_tbox_stack
  | Pp_tend ->
    Stack.pop_opt state.pp_tbox_stack |> ignore
  | Pp_stab ->
    begin match Stack.top_opt state.pp_tbox_stack with
    | None -> ()
    | Some (Pp_tbox tabs) ->
      let rec add_tab n = function
        | [] -> [n]
        | x :: l as ls -> if n < x then n :: ls else x :: add_tab n l in
      tabs := add_tab (state.pp_margin - state.pp_space_left) !tabs
    end
  | Pp_tbreak (n, off) ->
    let insertion_point = state.pp_margin - state.pp_space_left in
    begin match Stack.top_opt state.pp_tbox_stack with
    | None -> ()
    | Some (Pp_tbox tabs) ->
      let tab =
        match !tabs with
        | [] -> insertion_point
        | first :: _ ->
          let rec find = function
            | head :: tail ->
              if head >= insertion_point then head else find tail
            | [] -> first in
          find !tabs in
      let offset = tab - insertion_point in
      if offset >= 0
      then __break_same_line state ("", offset + n, "")
      else __break_new_line state ("", tab + off, "") state.pp_margin
    end
  | Pp_newline ->
    begin match Stack.top_opt state.pp_format_stack with
    | None -> __pp_output_newline state
    | Some { width; _} -> __break_line state width
    end
  | Pp_if_newline ->
    if state.pp_current_indent != state.pp_margin - state.pp_space_left
    then __pp_skip_token state
  | Pp_break (fits, breaks) ->
    let before, off, _ = breaks in
    begin match Stack.top_opt state.pp_format_stack with
    | None -> ()
    | Some { box_type; width } ->
      begin match box_type with
      | Pp_hovbox ->
        if size + String.length before > state.pp_space_left
        then __break_new_line state breaks width
        else __break_same_line state fits
      | Pp_box ->
        if state.pp_is_new_line then __break_same_line state fits else
        if size + String.length before > state.pp_space_left
          then __break_new_line state breaks width else
        if state.pp_current_indent > state.pp_margin - width + off
        then __break_new_line state breaks width
        else __break_same_line state fits
      | Pp_hvbox -> __break_new_line state breaks width
      | Pp_fits -> __break_same_line state fits
      | Pp_vbox -> __break_new_line state breaks width
      | Pp_hbox -> __break_same_line state fits
      end
    end
   | Pp_open_tag tag_name ->
     let marker = state.pp_mark_open_tag tag_name in
     __pp_output_string state marker;
     Stack.push tag_name state.pp_mark_stack
   | Pp_close_tag ->
     begin match Stack.pop_opt state.pp_mark_stack with
     | None -> ()
     | Some tag_name ->
       let marker = state.pp_mark_close_tag tag_name in
       __pp_output_string state marker
     end
let rec __advance_left state =
  match Queue.peek_opt state.pp_queue with
  | None -> ()
  | Some { size; token; length } ->
    let pending_count = state.pp_right_total - state.pp_left_total in
    if __size_is_known size || pending_count >= state.pp_space_left then begin
      Queue.take state.pp_queue |> ignore;
      let size = if __size_is_known size then size else __pp_infinity in
      __format_pp_token state size token;
      state.pp_left_total <- length + state.pp_left_total;
      __advance_left state
    end
let __enqueue_advance state tok = __pp_enqueue state tok; __advance_left state
let __enqueue_string_as state size s =
  __enqueue_advance state { size; token = Pp_text s; length = size }
let __enqueue_string state s =
  __enqueue_string_as state (String.length s) s
let __initialize_scan_stack stack =
  Stack.clear stack;
  let queue_elem = { size = __size_unknown; token = Pp_text ""; length = 0 } in
  Stack.push { left_total = -1; queue_elem } stack
let __set_size state ty =
  match Stack.top_opt state.pp_scan_stack with
  | None -> ()
  | Some { left_total; queue_elem } ->
    let size = queue_elem.size in
    if left_total < state.pp_left_total then
      __initialize_scan_stack state.pp_scan_stack
    else
      match queue_elem.token with
      | Pp_break _ | Pp_tbreak (_, _) ->
        if ty then begin
          queue_elem.size <- state.pp_right_total + size;
          Stack.pop_opt state.pp_scan_stack |> ignore
        end
      | Pp_begin (_, _) ->
        if not ty then begin
          queue_elem.size <- state.pp_right_total + size;
          Stack.pop_opt state.pp_scan_stack |> ignore
        end
      | Pp_text _ | Pp_stab | Pp_tbegin _ | Pp_tend | Pp_end
      | Pp_newline | Pp_if_newline | Pp_open_tag _ | Pp_close_tag ->
        ()
let __scan_push state b token =
  __pp_enqueue state token;
  if b then __set_size state true;
  let elem = { left_total = state.pp_right_total; queue_elem = token } in
  Stack.push elem state.pp_scan_stack
let __pp_open_box_gen state indent br_ty =
  state.pp_curr_depth <- state.pp_curr_depth + 1;
  if state.pp_curr_depth < state.pp_max_boxes then
    let size = - state.pp_right_total in
    let elem = { size; token = Pp_begin (indent, br_ty); length = 0 } in
    __scan_push state false elem else
  if state.pp_curr_depth = state.pp_max_boxes
  then __enqueue_string state state.pp_ellipsis
let __pp_open_sys_box state = __pp_open_box_gen state 0 Pp_hovbox
let pp_close_box state () =
  if state.pp_curr_depth > 1 then
  begin
    if state.pp_curr_depth < state.pp_max_boxes then
    begin
      __pp_enqueue state { size = 0; token = Pp_end; length = 0 };
      __set_size state true; __set_size state false
    end;
    state.pp_curr_depth <- state.pp_curr_depth - 1;
  end
let pp_open_stag state tag_name =
  if state.pp_print_tags then
  begin
    Stack.push tag_name state.pp_tag_stack;
    state.pp_print_open_tag tag_name
  end;
  if state.pp_mark_tags then
    let token = Pp_open_tag tag_name in
    __pp_enqueue state { size = 0; token; length = 0 }
let pp_close_stag state () =
  if state.pp_mark_tags then
    __pp_enqueue state { size = 0; token = Pp_close_tag; length = 0 };
  if state.pp_print_tags then
    match Stack.pop_opt state.pp_tag_stack with
    | None -> ()
    | Some tag_name ->
      state.pp_print_close_tag tag_name
let pp_open_tag state s = pp_open_stag state (String_tag s)
let pp_close_tag state () = pp_close_stag state ()
let pp_set_print_tags state b = state.pp_print_tags <- b
let pp_set_mark_tags state b = state.pp_mark_tags <- b
let pp_get_print_tags state () = state.pp_print_tags
let pp_get_mark_tags state () = state.pp_mark_tags
let pp_set_tags state b =
  pp_set_print_tags state b; pp_set_mark_tags state b
let pp_get_formatter_stag_functions state () = {
  mark_open_stag = state.pp_mark_open_tag;
  mark_close_stag = state.pp_mark_close_tag;
  print_open_stag = state.pp_print_open_tag;
  print_close_stag = state.pp_print_close_tag;
}
let pp_set_formatter_stag_functions state {
     mark_open_stag = mot;
     mark_close_stag = mct;
     print_open_stag = pot;
     print_close_stag = pct;
  } =
  state.pp_mark_open_tag <- mot;
  state.pp_mark_close_tag <- mct;
  state.pp_print_open_tag <- pot;
  state.pp_print_close_tag <- pct
let __pp_rinit state =
  __pp_clear_queue state;
  __initialize_scan_stack state.pp_scan_stack;
  Stack.clear state.pp_format_stack;
  Stack.clear state.pp_tbox_stack;
  Stack.clear state.pp_tag_stack;
  Stack.clear state.pp_mark_stack;
  state.pp_current_indent <- 0;
  state.pp_curr_depth <- 0;
  state.pp_space_left <- state.pp_margin;
  __pp_open_sys_box state
let __clear_tag_stack state =
  Stack.iter (fun _ -> pp_close_tag state ()) state.pp_tag_stack
let __pp_flush_queue state b =
  __clear_tag_stack state;
  while state.pp_curr_depth > 1 do
    pp_close_box state ()
  done;
  state.pp_right_total <- __pp_infinity;
  __advance_left state;
  if b then __pp_output_newline state;
  __pp_rinit state
let __pp_print_as_size state size s =
  if state.pp_curr_depth < state.pp_max_boxes
  then __enqueue_string_as state size s
let pp_print_as state isize s =
  __pp_print_as_size state isize s
let pp_print_string state s =
  pp_print_as state (String.length s) s
let pp_print_bytes state s =
  pp_print_as state (Bytes.length s) (Bytes.to_string s)
let pp_print_int state i = pp_print_string state (Int.to_string i)
let pp_print_float state f = pp_print_string state (string_of_float f)
let pp_print_bool state b = pp_print_string state (string_of_bool b)
let pp_print_char state c =
  pp_print_as state 1 (String.make 1 c)
let pp_open_hbox state () = __pp_open_box_gen state 0 Pp_hbox
and pp_open_vbox state indent = __pp_open_box_gen state indent Pp_vbox
and pp_open_hvbox state indent = __pp_open_box_gen state indent Pp_hvbox
and pp_open_hovbox state indent = __pp_open_box_gen state indent Pp_hovbox
and pp_open_box state indent = __pp_open_box_gen state indent Pp_box
let pp_print_newline state () =
  __pp_flush_queue state true; state.pp_out_flush ()
and pp_print_flush state () =
  __pp_flush_queue state false; state.pp_out_flush ()
let pp_force_newline state () =
  if state.pp_curr_depth < state.pp_max_boxes then
    __enqueue_advance state { size = 0; token = Pp_newline; length = 0 }
let pp_print_if_newline state () =
  if state.pp_curr_depth < state.pp_max_boxes then
    __enqueue_advance state
      { size = 0; token = Pp_if_newline; length = 0 }
let pp_print_custom_break state ~fits ~breaks =
  let before, width, after = fits in
  if state.pp_curr_depth < state.pp_max_boxes then
    let size = - state.pp_right_total in
    let token = Pp_break (fits, breaks) in
    let length = String.length before + width + String.length after in
    let elem = { size; token; length } in
    __scan_push state true elem
let pp_print_break state width offset =
  pp_print_custom_break state
    ~fits:("", width, "") ~breaks:("", offset, "")
let pp_print_space state () = pp_print_break state 1 0
and pp_print_cut state () = pp_print_break state 0 0
let pp_open_tbox state () =
  state.pp_curr_depth <- state.pp_curr_depth + 1;
  if state.pp_curr_depth < state.pp_max_boxes then
    let size = 0 in
    let elem = { size; token = Pp_tbegin (Pp_tbox (ref [])); length = 0 } in
    __enqueue_advance state elem
let pp_close_tbox state () =
  if state.pp_curr_depth > 1 then
  begin
   if state.pp_curr_depth < state.pp_max_boxes then
     let elem = { size = 0; token = Pp_tend; length = 0 } in
     __enqueue_advance state elem;
     state.pp_curr_depth <- state.pp_curr_depth - 1
  end
let pp_print_tbreak state width offset =
  if state.pp_curr_depth < state.pp_max_boxes then
    let size = - state.pp_right_total in
    let elem = { size; token = Pp_tbreak (width, offset); length = width } in
    __scan_push state true elem
let pp_print_tab state () = pp_print_tbreak state 0 0
let pp_set_tab state () =
  if state.pp_curr_depth < state.pp_max_boxes then
    let elem = { size = 0; token = Pp_stab; length = 0 } in
    __enqueue_advance state elem
let pp_set_max_boxes state n = if n > 1 then state.pp_max_boxes <- n
let pp_get_max_boxes state () = state.pp_max_boxes
let pp_over_max_boxes state () = state.pp_curr_depth = state.pp_max_boxes
let pp_set_ellipsis_text state s = state.pp_ellipsis <- s
and pp_get_ellipsis_text state () = state.pp_ellipsis
let __pp_limit n =
  if n < __pp_infinity then n else pred __pp_infinity
let __pp_set_min_space_left state n =
  if n >= 1 then
    let n = __pp_limit n in
    state.pp_min_space_left <- n;
    state.pp_max_indent <- state.pp_margin - state.pp_min_space_left;
    __pp_rinit state
let pp_set_max_indent state n =
  if n > 1 then
    __pp_set_min_space_left state (state.pp_margin - n)
let pp_get_max_indent state () = state.pp_max_indent
let pp_set_margin state n =
  if n >= 1 then
    let n = __pp_limit n in
    state.pp_margin <- n;
    let new_max_indent =
      if state.pp_max_indent <= state.pp_margin
      then state.pp_max_indent else
       Int.max (Int.max (state.pp_margin - state.pp_min_space_left)
                (state.pp_margin / 2)) 1 in
    pp_set_max_indent state new_max_indent
type geometry = { max_indent:int; margin: int}
let __validate_geometry {margin; max_indent} =
  if max_indent < 2 then
    Error "max_indent < 2"
  else if margin <= max_indent then
    Error "margin <= max_indent"
  else Ok ()
let check_geometry geometry =
  match __validate_geometry geometry with
  | Ok () -> true
  | Error _ -> false
let pp_get_margin state () = state.pp_margin
let __pp_set_full_geometry state {margin; max_indent} =
  pp_set_margin state margin;
  pp_set_max_indent state max_indent;
  ()
let pp_set_geometry state ~max_indent ~margin =
  let geometry = { max_indent; margin } in
  match __validate_geometry geometry with
  | Error msg ->
    raise (Invalid_argument ("Format.pp_set_geometry: " ^ msg))
  | Ok () ->
    __pp_set_full_geometry state geometry
let pp_safe_set_geometry state ~max_indent ~margin =
  let geometry = { max_indent; margin } in
  match __validate_geometry geometry with
  | Error _msg ->
     ()
  | Ok () ->
    __pp_set_full_geometry state geometry
let pp_get_geometry state () =
  { margin = pp_get_margin state (); max_indent = pp_get_max_indent state () }
let pp_update_geometry state update =
  let geometry = pp_get_geometry state () in
  __pp_set_full_geometry state (update geometry)
let pp_set_formatter_out_functions state {
      out_string = f;
      out_flush = g;
      out_newline = h;
      out_spaces = i;
      out_indent = j;
    } =
  state.pp_out_string <- f;
  state.pp_out_flush <- g;
  state.pp_out_newline <- h;
  state.pp_out_spaces <- i;
  state.pp_out_indent <- j
let pp_get_formatter_out_functions state () = {
  out_string = state.pp_out_string;
  out_flush = state.pp_out_flush;
  out_newline = state.pp_out_newline;
  out_spaces = state.pp_out_spaces;
  out_indent = state.pp_out_indent;
}
let pp_set_formatter_output_functions state f g =
  state.pp_out_string <- f; state.pp_out_flush <- g
let pp_get_formatter_output_functions state () =
  (state.pp_out_string, state.pp_out_flush)
let pp_set_all_formatter_output_functions state
    ~out:f ~flush:g ~newline:h ~spaces:i =
  pp_set_formatter_output_functions state f g;
  state.pp_out_newline <- h;
  state.pp_out_spaces <- i
let pp_get_all_formatter_output_functions state () =
  (state.pp_out_string, state.pp_out_flush,
   state.pp_out_newline, state.pp_out_spaces)
let __display_newline state () = state.pp_out_string "\n" 0  1
let __blank_line = String.make 80 ' '
let rec __display_blanks state n =
  if n > 0 then
  if n <= 80 then state.pp_out_string __blank_line 0 n else
  begin
    state.pp_out_string __blank_line 0 80;
    __display_blanks state (n - 80)
  end
let __display_indent = __display_blanks
let pp_set_formatter_out_channel state oc =
  state.pp_out_string <- output_substring oc;
  state.pp_out_flush <- (fun () -> flush oc);
  state.pp_out_newline <- __display_newline state;
  state.pp_out_spaces <- __display_blanks state;
  state.pp_out_indent <- __display_indent state
let __default_pp_mark_open_tag = function
  | String_tag s -> "<" ^ s ^ ">"
let __default_pp_mark_close_tag = function
  | String_tag s -> "</" ^ s ^ ">"
let __default_pp_print_open_tag = ignore
let __default_pp_print_close_tag = ignore
let __pp_make_formatter f g h i j =
  let pp_queue = Queue.create () in
  let sys_tok =
    { size = __size_unknown; token = Pp_begin (0, Pp_hovbox); length = 0 } in
  Queue.add sys_tok pp_queue;
  let scan_stack = Stack.create () in
  __initialize_scan_stack scan_stack;
  Stack.push { left_total = 1; queue_elem = sys_tok } scan_stack;
  let pp_margin = 78
  and pp_min_space_left = 10 in
  {
    pp_scan_stack = scan_stack;
    pp_format_stack = Stack.create ();
    pp_tbox_stack = Stack.create ();
    pp_tag_stack = Stack.create ();
    pp_mark_stack = Stack.create ();
    pp_margin = pp_margin;
    pp_min_space_left = pp_min_space_left;
    pp_max_indent = pp_margin - pp_min_space_left;
    pp_space_left = pp_margin;
    pp_current_indent = 0;
    pp_is_new_line = true;
    pp_left_total = 1;
    pp_right_total = 1;
    pp_curr_depth = 1;
    pp_max_boxes = max_int;
    pp_ellipsis = ".";
    pp_out_string = f;
    pp_out_flush = g;
    pp_out_newline = h;
    pp_out_spaces = i;
    pp_out_indent = j;
    pp_print_tags = false;
    pp_mark_tags = false;
    pp_mark_open_tag = __default_pp_mark_open_tag;
    pp_mark_close_tag = __default_pp_mark_close_tag;
    pp_print_open_tag = __default_pp_print_open_tag;
    pp_print_close_tag = __default_pp_print_close_tag;
    pp_queue = pp_queue;
  }
let formatter_of_out_functions out_funs =
  __pp_make_formatter
    out_funs.out_string
    out_funs.out_flush
    out_funs.out_newline
    out_funs.out_spaces
    out_funs.out_indent
let make_formatter output flush =
  let ppf = __pp_make_formatter output flush ignore ignore ignore in
  ppf.pp_out_newline <- __display_newline ppf;
  ppf.pp_out_spaces <- __display_blanks ppf;
  ppf.pp_out_indent <- __display_indent ppf;
  ppf
let formatter_of_out_channel oc =
  make_formatter (output_substring oc) (fun () -> flush oc)
let formatter_of_buffer b =
  make_formatter (Buffer.add_substring b) ignore
let __pp_buffer_size = 512
let __pp_make_buffer () = Buffer.create __pp_buffer_size
let stdbuf = __pp_make_buffer ()
let std_formatter = formatter_of_out_channel stdout
and err_formatter = formatter_of_out_channel stderr
and str_formatter = formatter_of_buffer stdbuf
let __flush_buffer_formatter buf ppf =
  __pp_flush_queue ppf false;
  let s = Buffer.contents buf in
  Buffer.reset buf;
  s
let flush_str_formatter () = __flush_buffer_formatter stdbuf str_formatter
type symbolic_output_item =
  | Output_flush
  | Output_newline
  | Output_string of string
  | Output_spaces of int
  | Output_indent of int
type symbolic_output_buffer = {
  mutable symbolic_output_contents : symbolic_output_item list;
}
let make_symbolic_output_buffer () =
  { symbolic_output_contents = [] }
let clear_symbolic_output_buffer sob =
  sob.symbolic_output_contents <- []
let get_symbolic_output_buffer sob =
  List.rev sob.symbolic_output_contents
let flush_symbolic_output_buffer sob =
  let items = get_symbolic_output_buffer sob in
  clear_symbolic_output_buffer sob;
  items
let add_symbolic_output_item sob item =
  sob.symbolic_output_contents <- item :: sob.symbolic_output_contents
let formatter_of_symbolic_output_buffer sob =
  let symbolic_flush sob () =
    add_symbolic_output_item sob Output_flush
  and symbolic_newline sob () =
    add_symbolic_output_item sob Output_newline
  and symbolic_string sob s i n =
    add_symbolic_output_item sob (Output_string (String.sub s i n))
  and symbolic_spaces sob n =
    add_symbolic_output_item sob (Output_spaces n)
  and symbolic_indent sob n =
    add_symbolic_output_item sob (Output_indent n) in
  let f = symbolic_string sob
  and g = symbolic_flush sob
  and h = symbolic_newline sob
  and i = symbolic_spaces sob
  and j = symbolic_indent sob in
  __pp_make_formatter f g h i j
let open_hbox = pp_open_hbox std_formatter
and open_vbox = pp_open_vbox std_formatter
and open_hvbox = pp_open_hvbox std_formatter
and open_hovbox = pp_open_hovbox std_formatter
and open_box = pp_open_box std_formatter
and close_box = pp_close_box std_formatter
and open_tag = pp_open_tag std_formatter
and close_tag = pp_close_tag std_formatter
and open_stag = pp_open_stag std_formatter
and close_stag = pp_close_stag std_formatter
and print_as = pp_print_as std_formatter
and print_string = pp_print_string std_formatter
and print_bytes = pp_print_bytes std_formatter
and print_int = pp_print_int std_formatter
and print_float = pp_print_float std_formatter
and print_char = pp_print_char std_formatter
and print_bool = pp_print_bool std_formatter
and print_break = pp_print_break std_formatter
and print_cut = pp_print_cut std_formatter
and print_space = pp_print_space std_formatter
and force_newline = pp_force_newline std_formatter
and print_flush = pp_print_flush std_formatter
and print_newline = pp_print_newline std_formatter
and print_if_newline = pp_print_if_newline std_formatter
and open_tbox = pp_open_tbox std_formatter
and close_tbox = pp_close_tbox std_formatter
and print_tbreak = pp_print_tbreak std_formatter
and set_tab = pp_set_tab std_formatter
and print_tab = pp_print_tab std_formatter
and set_margin = pp_set_margin std_formatter
and get_margin = pp_get_margin std_formatter
and set_max_indent = pp_set_max_indent std_formatter
and get_max_indent = pp_get_max_indent std_formatter
and set_geometry = pp_set_geometry std_formatter
and safe_set_geometry = pp_safe_set_geometry std_formatter
and get_geometry = pp_get_geometry std_formatter
and update_geometry = pp_update_geometry std_formatter
and set_max_boxes = pp_set_max_boxes std_formatter
and get_max_boxes = pp_get_max_boxes std_formatter
and over_max_boxes = pp_over_max_boxes std_formatter
and set_ellipsis_text = pp_set_ellipsis_text std_formatter
and get_ellipsis_text = pp_get_ellipsis_text std_formatter
and set_formatter_out_channel =
  pp_set_formatter_out_channel std_formatter
and set_formatter_out_functions =
  pp_set_formatter_out_functions std_formatter
and get_formatter_out_functions =
  pp_get_formatter_out_functions std_formatter
and set_formatter_output_functions =
  pp_set_formatter_output_functions std_formatter
and get_formatter_output_functions =
  pp_get_formatter_output_functions std_formatter
and set_formatter_stag_functions =
  pp_set_formatter_stag_functions std_formatter
and get_formatter_stag_functions =
  pp_get_formatter_stag_functions std_formatter
and set_print_tags =
  pp_set_print_tags std_formatter
and get_print_tags =
  pp_get_print_tags std_formatter
and set_mark_tags =
  pp_set_mark_tags std_formatter
and get_mark_tags =
  pp_get_mark_tags std_formatter
and set_tags =
  pp_set_tags std_formatter
let set_all_formatter_output_functions =
  pp_set_all_formatter_output_functions std_formatter
let get_all_formatter_output_functions =
  pp_get_all_formatter_output_functions std_formatter
let rec pp_print_list ?(pp_sep = pp_print_cut) pp_v ppf = function
  | [] -> ()
  | [v] -> pp_v ppf v
  | v :: vs ->
    pp_v ppf v;
    pp_sep ppf ();
    pp_print_list ~pp_sep pp_v ppf vs
let rec __pp_print_seq_in ~pp_sep pp_v ppf seq =
  match seq () with
  | Seq.Nil -> ()
  | Seq.Cons (v, seq) ->
    pp_sep ppf ();
    pp_v ppf v;
    __pp_print_seq_in ~pp_sep pp_v ppf seq
let pp_print_seq ?(pp_sep = pp_print_cut) pp_v ppf seq =
  match seq () with
  | Seq.Nil -> ()
  | Seq.Cons (v, seq) ->
    pp_v ppf v;
    __pp_print_seq_in ~pp_sep pp_v ppf seq
let pp_print_text ppf s =
  let len = String.length s in
  let left = ref 0 in
  let right = ref 0 in
  let flush () =
    pp_print_string ppf (String.sub s !left (!right - !left));
    incr right; left := !right;
  in
  while (!right <> len) do
    match s.[!right] with
      | '\n' ->
        flush ();
        pp_force_newline ppf ()
      | ' ' ->
        flush (); pp_print_space ppf ()
      | _ -> incr right
  done;
  if !left <> len then flush ()
let pp_print_option ?(none = fun _ () -> ()) pp_v ppf = function
| None -> none ppf ()
| Some v -> pp_v ppf v
let pp_print_result ~ok ~error ppf = function
| Ok v -> ok ppf v
| Error e -> error ppf e
let pp_print_either ~left ~right ppf = function
| Either.Left l -> left ppf l
| Either.Right r -> right ppf r
let __flush_standard_formatters () =
  pp_print_flush std_formatter ();
  pp_print_flush err_formatter ()
(* format.ml's initialisation registers this at_exit; egret's prelude is in every program,
   so the typer calls __link before the code of a program that uses Format, as ocamlopt links
   and initialises Format only then (a program without Format has no such exit function). *)
let __link () = at_exit __flush_standard_formatters
(* What the elaborations of the printf family call (typing/printf): @[<kind n> opens a box of
   kind 0 h, 1 v, 2 hv, 3 hov, 4 b; Format.sprintf, asprintf and their k-versions print on a
   buffer formatter of their own, as format.ml's ksprintf and kasprintf do. *)
let __open_box ppf indent kind =
  __pp_open_box_gen ppf indent
    (match kind with 0 -> Pp_hbox | 1 -> Pp_vbox | 2 -> Pp_hvbox | 3 -> Pp_hovbox | _ -> Pp_box)
(* CamlinternalFormat's open_box_of_string, for a box description known at run time
   (@[<%s 0>). *)
let __open_box_of_string ppf str =
  let indent, bty =
    if str = "" then (0, Pp_box) else
      let len = String.length str in
      let invalid_box () =
        failwith ("invalid box description \"" ^ String.escaped str ^ "\"") in
      let rec parse_spaces i =
        if i = len then i else
          match str.[i] with
          | ' ' | '\t' -> parse_spaces (i + 1)
          | _ -> i
      and parse_lword i j =
        if j = len then j else
          match str.[j] with
          | 'a' .. 'z' -> parse_lword i (j + 1)
          | _ -> j
      and parse_int i j =
        if j = len then j else
          match str.[j] with
          | '0' .. '9' | '-' -> parse_int i (j + 1)
          | _ -> j in
      let wstart = parse_spaces 0 in
      let wend = parse_lword wstart wstart in
      let box_name = String.sub str wstart (wend - wstart) in
      let nstart = parse_spaces wend in
      let nend = parse_int nstart nstart in
      let indent =
        if nstart = nend then 0 else
          try int_of_string (String.sub str nstart (nend - nstart))
          with Failure _ -> invalid_box () in
      let exp_end = parse_spaces nend in
      if exp_end <> len then invalid_box ();
      let box_type = match box_name with
        | "" | "b" -> Pp_box
        | "h"      -> Pp_hbox
        | "v"      -> Pp_vbox
        | "hv"     -> Pp_hvbox
        | "hov"    -> Pp_hovbox
        | _        -> invalid_box () in
      (indent, box_type) in
  __pp_open_box_gen ppf indent bty
let __buffer_output (print : formatter -> unit) =
  let b = __pp_make_buffer () in
  let ppf = formatter_of_buffer b in
  print ppf;
  __flush_buffer_formatter b ppf
(* The consumers of formats as values: what Printf and Format do with the pieces
   (CamlinternalFormat's output_acc, bufput_acc, strput_acc; format.ml's output_acc and
   strput_acc, with @<n> applying to the next string only). *)
let __printf_acc out_string flush delay acc =
  List.iter (function
      | CamlinternalFormat_string s -> out_string s
      | CamlinternalFormat_flush -> flush ()
      | CamlinternalFormat_lit (text, _) | CamlinternalFormat_fmt (text, _, _, _) -> out_string text
      | CamlinternalFormat_box (text, desc) -> out_string text; out_string "<"; out_string desc; out_string ">"
      | CamlinternalFormat_delay f -> delay f)
    acc
let __format_acc ppf delay acc =
  let magic = ref (-1) in
  List.iter (fun item ->
      let size = !magic in
      magic := -1;
      match item with
      | CamlinternalFormat_string s ->
        if size >= 0 then pp_print_as ppf size s else pp_print_string ppf s
      | CamlinternalFormat_flush -> pp_print_flush ppf ()
      | CamlinternalFormat_lit (_, text) -> pp_print_string ppf text
      | CamlinternalFormat_fmt (_, code, a, b) ->
        (match code with
         | 0 -> pp_close_box ppf ()
         | 1 -> pp_print_break ppf a b
         | 2 -> pp_print_flush ppf ()
         | 3 -> pp_force_newline ppf ()
         | 4 -> pp_print_newline ppf ()
         | 5 -> magic := a
         | 6 -> __open_box ppf a b
         | 7 -> pp_close_tag ppf ()
         | 8 -> pp_open_tag ppf ""
         | _ -> ())
      | CamlinternalFormat_box (text, desc) ->
        if text = "@{" then pp_open_tag ppf desc else __open_box_of_string ppf desc
      | CamlinternalFormat_delay f -> delay size f)
    acc
let __output_acc oc acc =
  __printf_acc (output_string oc) (fun () -> flush oc) (fun f -> f oc) acc
let __bufput_acc b acc =
  __printf_acc (Buffer.add_string b) ignore (fun f -> f b) acc
let __strput_acc b acc =
  __printf_acc (Buffer.add_string b) ignore (fun f -> Buffer.add_string b (f ())) acc
let __printf_printf (CamlinternalFormat_Format (f, _, _)) = f (__output_acc stdout)
let __printf_eprintf (CamlinternalFormat_Format (f, _, _)) = f (__output_acc stderr)
let __printf_fprintf oc (CamlinternalFormat_Format (f, _, _)) = f (__output_acc oc)
let __printf_kfprintf (k : out_channel -> 'd) (oc : out_channel)
    (fmt : ('b, out_channel, unit, 'd) format4) : 'b =
  match fmt with CamlinternalFormat_Format (f, _, _) ->
  f (fun acc -> __output_acc oc acc; k oc)
let __printf_ksprintf (k : string -> 'd) (fmt : ('b, unit, string, 'd) format4) : 'b =
  match fmt with CamlinternalFormat_Format (f, _, _) ->
  f (fun acc -> let b = Buffer.create 64 in __strput_acc b acc; k (Buffer.contents b))
let __printf_sprintf fmt = __printf_ksprintf (fun s -> s) fmt
let __printf_bprintf b (CamlinternalFormat_Format (f, _, _)) = f (__bufput_acc b)
let __printf_ifprintf (_ : 'b) (fmt : ('a, 'b, 'c, unit) format4) : 'a =
  match fmt with CamlinternalFormat_Format (f, _, _) -> f ignore
let __printf_ikfprintf (k : 'b -> 'd) (x : 'b) (fmt : ('a, 'b, 'c, 'd) format4) : 'a =
  match fmt with CamlinternalFormat_Format (f, _, _) -> f (fun _ -> k x)
let __printf_kbprintf (k : Buffer.t -> 'd) (b : Buffer.t)
    (fmt : ('b, Buffer.t, unit, 'd) format4) : 'b =
  match fmt with CamlinternalFormat_Format (f, _, _) ->
  f (fun acc -> __bufput_acc b acc; k b)
let __printf_ibprintf (_ : Buffer.t) (fmt : ('a, Buffer.t, unit) format) : 'a =
  match fmt with CamlinternalFormat_Format (f, _, _) -> f ignore
let __format_fprintf ppf (CamlinternalFormat_Format (f, _, _)) =
  f (__format_acc ppf (fun _ g -> g ppf))
let __format_printf fmt = __format_fprintf std_formatter fmt
let __format_eprintf fmt = __format_fprintf err_formatter fmt
let __format_kfprintf (k : formatter -> 'a) (ppf : formatter)
    (fmt : ('b, formatter, unit, 'a) format4) : 'b =
  match fmt with CamlinternalFormat_Format (f, _, _) ->
  f (fun acc -> __format_acc ppf (fun _ g -> g ppf) acc; k ppf)
let __format_ksprintf (k : string -> 'a) (fmt : ('b, unit, string, 'a) format4) : 'b =
  match fmt with CamlinternalFormat_Format (f, _, _) ->
  f (fun acc ->
      k (__buffer_output (fun ppf ->
          __format_acc ppf (fun size g ->
              let s = g () in
              if size >= 0 then pp_print_as ppf size s else pp_print_string ppf s) acc)))
let __format_sprintf fmt = __format_ksprintf (fun s -> s) fmt
let __format_kasprintf (k : string -> 'a) (fmt : ('b, formatter, unit, 'a) format4) : 'b =
  match fmt with CamlinternalFormat_Format (f, _, _) ->
  f (fun acc -> k (__buffer_output (fun ppf -> __format_acc ppf (fun _ g -> g ppf) acc)))
let __format_asprintf fmt = __format_kasprintf (fun s -> s) fmt
let __format_dprintf (fmt : ('a, formatter, unit, formatter -> unit) format4) : 'a =
  match fmt with CamlinternalFormat_Format (f, _, _) ->
  f (fun acc ppf -> __format_acc ppf (fun _ g -> g ppf) acc)
let __format_ifprintf (_ : formatter) (fmt : ('a, formatter, unit) format) : 'a =
  match fmt with CamlinternalFormat_Format (f, _, _) -> f ignore
let __format_ikfprintf (k : formatter -> 'd) (ppf : formatter)
    (fmt : ('a, formatter, unit, 'd) format4) : 'a =
  match fmt with CamlinternalFormat_Format (f, _, _) -> f (fun _ -> k ppf)
let __format_kdprintf (k : (formatter -> unit) -> 'a) (fmt : ('b, formatter, unit, 'a) format4) : 'b =
  match fmt with CamlinternalFormat_Format (f, _, _) ->
  f (fun acc -> k (fun ppf -> __format_acc ppf (fun _ g -> g ppf) acc))
(* The deprecated Format.bprintf: a formatter of its own on the buffer, flushed at the end. *)
let __format_bprintf b (CamlinternalFormat_Format (f, _, _)) =
  let ppf = formatter_of_buffer b in
  f (fun acc -> __format_acc ppf (fun _ g -> g ppf) acc; __pp_flush_queue ppf false)
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

(*! module Weak *)
(* OCaml 4.13's weak.ml: a weak array is an ephemeron whose data stays unset (Obj.Ephemeron
   above). The type is abstract (so invariant) in OCaml: here a record whose field is never
   used, mutable to make it invariant. *)
type 'a t = { mutable __weak : 'a }
external __ephe : 'a t -> Obj.Ephemeron.t = "%identity"
external __create : int -> 'a t = "caml_ephe_create"
let create l =
  if not (0 <= l && l <= Obj.Ephemeron.max_ephe_length) then invalid_arg "Weak.create";
  __create l
let length x = Obj.Ephemeron.length (__ephe x)
let __check_offset e o msg =
  if not (0 <= o && o < length e) then invalid_arg msg
let set (e : 'a t) o (x : 'a option) =
  __check_offset e o "Weak.set";
  match x with
  | None -> Obj.Ephemeron.unset_key (__ephe e) o
  | Some x -> Obj.Ephemeron.set_key (__ephe e) o (Obj.repr x)
let get (e : 'a t) o : 'a option =
  __check_offset e o "Weak.get";
  Obj.magic (Obj.Ephemeron.get_key (__ephe e) o)
let get_copy (e : 'a t) o : 'a option =
  __check_offset e o "Weak.get_copy";
  Obj.magic (Obj.Ephemeron.get_key_copy (__ephe e) o)
let check e o =
  __check_offset e o "Weak.check";
  Obj.Ephemeron.check_key (__ephe e) o
let blit (e1 : 'a t) o1 (e2 : 'a t) o2 l =
  if l < 0 || o1 < 0 || o1 > length e1 - l
     || o2 < 0 || o2 > length e2 - l
  then invalid_arg "Weak.blit"
  else if l <> 0 then Obj.Ephemeron.blit_key (__ephe e1) o1 (__ephe e2) o2 l
let fill (ar : 'a t) ofs len (x : 'a option) =
  if ofs < 0 || len < 0 || ofs > length ar - len
  then raise (Invalid_argument "Weak.fill")
  else begin
    for i = ofs to (ofs + len - 1) do
      set ar i x
    done
  end

let __additional_values = 2
module type S = sig
  type data
  type t
  val create : int -> t
  val clear : t -> unit
  val merge : t -> data -> data
  val add : t -> data -> unit
  val remove : t -> data -> unit
  val find : t -> data -> data
  val find_opt : t -> data -> data option
  val find_all : t -> data -> data list
  val mem : t -> data -> bool
  val iter : (data -> unit) -> t -> unit
  val fold : (data -> 'a -> 'a) -> t -> 'a -> 'a
  val count : t -> int
  val stats : t -> int * int * int * int * int * int
end

(* OCaml 4.13's Weak.Make, as weak.ml. *)
module Make (H : Hashtbl.HashedType) : (S with type data = H.t) = struct

  type 'a weak_t = 'a t
  let weak_create = create
  let emptybucket = weak_create 0

  type data = H.t

  type t = {
    mutable table : data weak_t array;
    mutable hashes : int array array;
    mutable limit : int;               (* bucket size limit *)
    mutable oversize : int;            (* number of oversize buckets *)
    mutable rover : int;               (* for internal bookkeeping *)
  }

  let get_index t h = (h land max_int) mod (Array.length t.table)

  let limit = 7
  let over_limit = 2

  let create sz =
    let sz = if sz < 7 then 7 else sz in
    let sz = if sz > Sys.max_array_length then Sys.max_array_length else sz in
    {
      table = Array.make sz emptybucket;
      hashes = Array.make sz [| |];
      limit = limit;
      oversize = 0;
      rover = 0;
    }

  let clear t =
    for i = 0 to Array.length t.table - 1 do
      t.table.(i) <- emptybucket;
      t.hashes.(i) <- [| |];
    done;
    t.limit <- limit;
    t.oversize <- 0


  let fold f t init =
    let rec fold_bucket i b accu =
      if i >= length b then accu else
      match get b i with
      | Some v -> fold_bucket (i+1) b (f v accu)
      | None -> fold_bucket (i+1) b accu
    in
    Array.fold_right (fold_bucket 0) t.table init


  let iter f t =
    let rec iter_bucket i b =
      if i >= length b then () else
      match get b i with
      | Some v -> f v; iter_bucket (i+1) b
      | None -> iter_bucket (i+1) b
    in
    Array.iter (iter_bucket 0) t.table


  let iter_weak f t =
    let rec iter_bucket i j b =
      if i >= length b then () else
      match check b i with
      | true -> f b t.hashes.(j) i; iter_bucket (i+1) j b
      | false -> iter_bucket (i+1) j b
    in
    Array.iteri (iter_bucket 0) t.table


  let rec count_bucket i b accu =
    if i >= length b then accu else
    count_bucket (i+1) b (accu + (if check b i then 1 else 0))


  let count t =
    Array.fold_right (count_bucket 0) t.table 0


  let next_sz n = Int.min (3 * n / 2 + 3) Sys.max_array_length
  let prev_sz n = ((n - 3) * 2 + 2) / 3

  let test_shrink_bucket t =
    let bucket = t.table.(t.rover) in
    let hbucket = t.hashes.(t.rover) in
    let len = length bucket in
    let prev_len = prev_sz len in
    let live = count_bucket 0 bucket 0 in
    if live <= prev_len then begin
      let rec loop i j =
        if j >= prev_len then begin
          if check bucket i then loop (i + 1) j
          else if check bucket j then begin
            blit bucket j bucket i 1;
            hbucket.(i) <- hbucket.(j);
            loop (i + 1) (j - 1);
          end else loop i (j - 1);
        end;
      in
      loop 0 (length bucket - 1);
      if prev_len = 0 then begin
        t.table.(t.rover) <- emptybucket;
        t.hashes.(t.rover) <- [| |];
      end else begin
        let newbucket = weak_create prev_len in
        blit bucket 0 newbucket 0 prev_len;
        t.table.(t.rover) <- newbucket;
        t.hashes.(t.rover) <- Array.sub hbucket 0 prev_len
      end;
      if len > t.limit && prev_len <= t.limit then t.oversize <- t.oversize - 1;
    end;
    t.rover <- (t.rover + 1) mod (Array.length t.table)


  let rec resize t =
    let oldlen = Array.length t.table in
    let newlen = next_sz oldlen in
    if newlen > oldlen then begin
      let newt = create newlen in
      let add_weak ob oh oi =
        let setter nb ni _ = blit ob oi nb ni 1 in
        let h = oh.(oi) in
        add_aux newt setter None h (get_index newt h);
      in
      iter_weak add_weak t;
      t.table <- newt.table;
      t.hashes <- newt.hashes;
      t.limit <- newt.limit;
      t.oversize <- newt.oversize;
      t.rover <- t.rover mod Array.length newt.table;
    end else begin
      t.limit <- max_int;             (* maximum size already reached *)
      t.oversize <- 0;
    end

  and add_aux t setter d h index =
    let bucket = t.table.(index) in
    let hashes = t.hashes.(index) in
    let sz = length bucket in
    let rec loop i =
      if i >= sz then begin
        let newsz =
          Int.min (3 * sz / 2 + 3) (Sys.max_array_length - __additional_values)
        in
        if newsz <= sz then failwith "Weak.Make: hash bucket cannot grow more";
        let newbucket = weak_create newsz in
        let newhashes = Array.make newsz 0 in
        blit bucket 0 newbucket 0 sz;
        Array.blit hashes 0 newhashes 0 sz;
        setter newbucket sz d;
        newhashes.(sz) <- h;
        t.table.(index) <- newbucket;
        t.hashes.(index) <- newhashes;
        if sz <= t.limit && newsz > t.limit then begin
          t.oversize <- t.oversize + 1;
          for _i = 0 to over_limit do test_shrink_bucket t done;
        end;
        if t.oversize > Array.length t.table / over_limit then resize t;
      end else if check bucket i then begin
        loop (i + 1)
      end else begin
        setter bucket i d;
        hashes.(i) <- h;
      end;
    in
    loop 0


  let add t d =
    let h = H.hash d in
    add_aux t set (Some d) h (get_index t h)


  let find_or t d ifnotfound =
    let h = H.hash d in
    let index = get_index t h in
    let bucket = t.table.(index) in
    let hashes = t.hashes.(index) in
    let sz = length bucket in
    let rec loop i =
      if i >= sz then ifnotfound h index
      else if h = hashes.(i) then begin
        match get_copy bucket i with
        | Some v when H.equal v d
           -> begin match get bucket i with
              | Some v -> v
              | None -> loop (i + 1)
              end
        | _ -> loop (i + 1)
      end else loop (i + 1)
    in
    loop 0


  let merge t d =
    find_or t d (fun h index -> add_aux t set (Some d) h index; d)


  let find t d = find_or t d (fun _h _index -> raise Not_found)

  let find_opt t d =
    let h = H.hash d in
    let index = get_index t h in
    let bucket = t.table.(index) in
    let hashes = t.hashes.(index) in
    let sz = length bucket in
    let rec loop i =
      if i >= sz then None
      else if h = hashes.(i) then begin
        match get_copy bucket i with
        | Some v when H.equal v d
           -> begin match get bucket i with
              | Some _ as v -> v
              | None -> loop (i + 1)
              end
        | _ -> loop (i + 1)
      end else loop (i + 1)
    in
    loop 0


  let find_shadow t d iffound ifnotfound =
    let h = H.hash d in
    let index = get_index t h in
    let bucket = t.table.(index) in
    let hashes = t.hashes.(index) in
    let sz = length bucket in
    let rec loop i =
      if i >= sz then ifnotfound
      else if h = hashes.(i) then begin
        match get_copy bucket i with
        | Some v when H.equal v d -> iffound bucket i
        | _ -> loop (i + 1)
      end else loop (i + 1)
    in
    loop 0


  let remove t d = find_shadow t d (fun w i -> set w i None) ()


  let mem t d = find_shadow t d (fun _w _i -> true) false


  let find_all t d =
    let h = H.hash d in
    let index = get_index t h in
    let bucket = t.table.(index) in
    let hashes = t.hashes.(index) in
    let sz = length bucket in
    let rec loop i accu =
      if i >= sz then accu
      else if h = hashes.(i) then begin
        match get_copy bucket i with
        | Some v when H.equal v d
           -> begin match get bucket i with
              | Some v -> loop (i + 1) (v :: accu)
              | None -> loop (i + 1) accu
              end
        | _ -> loop (i + 1) accu
      end else loop (i + 1) accu
    in
    loop 0 []


  let stats t =
    let len = Array.length t.table in
    let lens = Array.map length t.table in
    Array.sort compare lens;
    let totlen = Array.fold_left ( + ) 0 lens in
    (len, count t, totlen, lens.(0), lens.(len/2), lens.(len-1))


end
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
(*! module Scanf *)
(* OCaml 4.13's scanf.ml: the token scanners and their error reports, after its code. The
   scanning functions (Scanf.scanf " %d" f, sscanf, bscanf, kscanf, ksscanf, fscanf, kfscanf)
   are elaborated by the typer from their literal format (typing/scanf/): each conversion
   calls one of the __scan_* readers below (make_scanf's case for it), each literal
   __check_string, and the whole runs under __kscanf, which is kscanf: errors of the
   scanning (Scan_failure, Failure, End_of_file) go to the error function, the receiver is
   applied to the values outside it. Printf's %C and %i in the messages are written out
   (Char.escaped, string_of_int). *)
(* Scanning: OCaml 4.13's scanf.ml, module Scanning: the formatted input channels (scanning buffers):
   one character of lookahead (ic_current_char), the token buffer, the counters, and the
   sources (strings, functions, Stdlib input channels read 1024 bytes at a time, files).
   The type is abstract in OCaml: here the record itself. *)
module Scanning = struct
  type __stdlib_in_channel = in_channel
  type file_name = string
  type __in_channel_name =
    | From_channel of __stdlib_in_channel
    | From_file of file_name * __stdlib_in_channel
    | From_function
    | From_string
  type in_channel = {
    mutable ic_eof : bool;
    mutable ic_current_char : char;
    mutable ic_current_char_is_valid : bool;
    mutable ic_char_count : int;
    mutable ic_line_count : int;
    mutable ic_token_count : int;
    ic_get_next_char : unit -> char;
    ic_token_buffer : Buffer.t;
    ic_input_name : __in_channel_name;
  }
  type scanbuf = in_channel
  let __null_char = '\000'
  let __next_char ib =
    try
      let c = ib.ic_get_next_char () in
      ib.ic_current_char <- c;
      ib.ic_current_char_is_valid <- true;
      ib.ic_char_count <- succ ib.ic_char_count;
      if c = '\n' then ib.ic_line_count <- succ ib.ic_line_count;
      c with
    | End_of_file ->
      let c = __null_char in
      ib.ic_current_char <- c;
      ib.ic_current_char_is_valid <- false;
      ib.ic_eof <- true;
      c
  let __peek_char ib =
    if ib.ic_current_char_is_valid then ib.ic_current_char else __next_char ib
  let __checked_peek_char ib =
    let c = __peek_char ib in
    if ib.ic_eof then raise End_of_file;
    c
  let end_of_input ib =
    ignore (__peek_char ib);
    ib.ic_eof
  let __eof ib = ib.ic_eof
  let beginning_of_input ib = ib.ic_char_count = 0
  let name_of_input ib =
    match ib.ic_input_name with
    | From_channel _ic -> "unnamed Stdlib input channel"
    | From_file (fname, _ic) -> fname
    | From_function -> "unnamed function"
    | From_string -> "unnamed character string"
  let __char_count ib =
    if ib.ic_current_char_is_valid then ib.ic_char_count - 1 else ib.ic_char_count
  let __line_count ib = ib.ic_line_count
  let __reset_token ib = Buffer.reset ib.ic_token_buffer
  let __invalidate_current_char ib = ib.ic_current_char_is_valid <- false
  let __token ib =
    let token_buffer = ib.ic_token_buffer in
    let tok = Buffer.contents token_buffer in
    Buffer.clear token_buffer;
    ib.ic_token_count <- succ ib.ic_token_count;
    tok
  let __token_count ib = ib.ic_token_count
  let __skip_char width ib =
    __invalidate_current_char ib;
    width
  let __ignore_char width ib = __skip_char (width - 1) ib
  let __store_char width ib c =
    Buffer.add_char ib.ic_token_buffer c;
    __ignore_char width ib
  let __create iname next = {
    ic_eof = false;
    ic_current_char = __null_char;
    ic_current_char_is_valid = false;
    ic_char_count = 0;
    ic_line_count = 0;
    ic_token_count = 0;
    ic_get_next_char = next;
    ic_token_buffer = Buffer.create 1024;
    ic_input_name = iname;
  }
  let from_string s =
    let i = ref 0 in
    let len = String.length s in
    let next () =
      if !i >= len then raise End_of_file else
      let c = s.[!i] in
      incr i;
      c in
    __create From_string next
  let from_function f = __create From_function f
  let __file_buffer_size = ref 1024
  let __scan_close_at_end ic = Stdlib.close_in ic; raise End_of_file
  let __scan_raise_at_end _ic = raise End_of_file
  let __from_ic scan_close_ic iname ic =
    let len = !__file_buffer_size in
    let buf = Bytes.create len in
    let i = ref 0 in
    let lim = ref 0 in
    let eof = ref false in
    let next () =
      if !i < !lim then begin let c = Bytes.get buf !i in incr i; c end else
      if !eof then raise End_of_file else begin
        lim := Stdlib.input ic buf 0 len;
        if !lim = 0 then begin eof := true; scan_close_ic ic end else begin
          i := 1;
          Bytes.get buf 0
        end
      end in
    __create iname next
  let __from_ic_close_at_end iname ic = __from_ic __scan_close_at_end iname ic
  let __from_ic_raise_at_end iname ic = __from_ic __scan_raise_at_end iname ic
  let stdin = __from_ic __scan_raise_at_end (From_file ("-", Stdlib.stdin)) Stdlib.stdin
  let stdib = stdin
  let __open_in_file open_in fname =
    match fname with
    | "-" -> stdin
    | fname ->
      let ic = open_in fname in
      __from_ic_close_at_end (From_file (fname, ic)) ic
  let open_in fname = __open_in_file Stdlib.open_in fname
  let open_in_bin fname = __open_in_file Stdlib.open_in_bin fname
  let from_file = open_in
  let from_file_bin = open_in_bin
  let from_channel ic = __from_ic_raise_at_end (From_channel ic) ic
  let close_in ib =
    match ib.ic_input_name with
    | From_channel ic -> Stdlib.close_in ic
    | From_file (_fname, ic) -> Stdlib.close_in ic
    | From_function | From_string -> ()
  (* Obsolete (Scanf.fscanf): one scanning buffer per Stdlib channel, remembered. *)
  let __memo = ref []
  let __memo_from_channel ic =
    try List.assq ic !__memo with
    | Not_found ->
      let ib = __from_ic __scan_raise_at_end (From_channel ic) ic in
      __memo := (ic, ib) :: !__memo;
      ib
end
exception Scan_failure of string
type ('a, 'b, 'c, 'd) scanner =
  ('a, Scanning.in_channel, 'b, 'c, 'a -> 'd, 'd) format6 -> 'c
let __caml_char c = "'" ^ Char.escaped c ^ "'"
let __bad_input s = raise (Scan_failure s)
let __bad_input_escape c = __bad_input ("illegal escape character " ^ __caml_char c)
let __bad_token_length message =
  __bad_input
    ("scanning of " ^ message ^ " failed: the specified length was too short for token")
let __bad_end_of_input message =
  __bad_input
    ("scanning of " ^ message
     ^ " failed: premature end of file occurred before end of token")
let __bad_float () = __bad_input "no dot or exponent part found in float token"
let __bad_hex_float () = __bad_input "not a valid float in hexadecimal notation"
let __character_mismatch c ci =
  __bad_input ("looking for " ^ __caml_char c ^ ", found " ^ __caml_char ci)
let rec __skip_whites ib =
  let c = Scanning.__peek_char ib in
  if not (Scanning.__eof ib) then begin
    match c with
    | ' ' | '\t' | '\n' | '\r' ->
      Scanning.__invalidate_current_char ib; __skip_whites ib
    | _ -> ()
  end
let rec __check_char ib c =
  match c with
  | ' ' -> __skip_whites ib
  | '\n' -> __check_newline ib
  | c -> __check_this_char ib c
and __check_this_char ib c =
  let ci = Scanning.__checked_peek_char ib in
  if ci = c then Scanning.__invalidate_current_char ib else
  __character_mismatch c ci
and __check_newline ib =
  let ci = Scanning.__checked_peek_char ib in
  match ci with
  | '\n' -> Scanning.__invalidate_current_char ib
  | '\r' -> Scanning.__invalidate_current_char ib; __check_this_char ib '\n'
  | _ -> __character_mismatch '\n' ci
(* A literal of the format (String_literal, Char_literal, a formatting literal). *)
let __check_string ib str = String.iter (__check_char ib) str
let __token_char ib = (Scanning.__token ib).[0]
let __token_bool ib =
  match Scanning.__token ib with
  | "true" -> true
  | "false" -> false
  | s -> __bad_input ("invalid boolean '" ^ s ^ "'")
(* Integer conversions, as the format's letter: 'b' 'd' 'i' 'o' 'u' 'x' ('X' is 'x'). *)
let __token_int_literal conv ib =
  let tok =
    match conv with
    | 'd' | 'i' -> Scanning.__token ib
    | 'u' -> "0u" ^ Scanning.__token ib
    | 'o' -> "0o" ^ Scanning.__token ib
    | 'x' | 'X' -> "0x" ^ Scanning.__token ib
    | _ -> "0b" ^ Scanning.__token ib in
  let l = String.length tok in
  if l = 0 || tok.[0] <> '+' then tok else String.sub tok 1 (l - 1)
let rec __scan_decimal_digit_star width ib =
  if width = 0 then width else
  let c = Scanning.__peek_char ib in
  if Scanning.__eof ib then width else
  match c with
  | '0' .. '9' as c ->
    let width = Scanning.__store_char width ib c in
    __scan_decimal_digit_star width ib
  | '_' ->
    let width = Scanning.__ignore_char width ib in
    __scan_decimal_digit_star width ib
  | _ -> width
let __scan_decimal_digit_plus width ib =
  if width = 0 then __bad_token_length "decimal digits" else
  let c = Scanning.__checked_peek_char ib in
  match c with
  | '0' .. '9' ->
    let width = Scanning.__store_char width ib c in
    __scan_decimal_digit_star width ib
  | c ->
    __bad_input ("character " ^ __caml_char c ^ " is not a decimal digit")
let __scan_digit_star digitp width ib =
  let rec scan_digits width ib =
    if width = 0 then width else
    let c = Scanning.__peek_char ib in
    if Scanning.__eof ib then width else
    match c with
    | c when digitp c ->
      let width = Scanning.__store_char width ib c in
      scan_digits width ib
    | '_' ->
      let width = Scanning.__ignore_char width ib in
      scan_digits width ib
    | _ -> width in
  scan_digits width ib
let __scan_digit_plus basis digitp width ib =
  if width = 0 then __bad_token_length "digits" else
  let c = Scanning.__checked_peek_char ib in
  if digitp c then
    let width = Scanning.__store_char width ib c in
    __scan_digit_star digitp width ib
  else
    __bad_input ("character " ^ __caml_char c ^ " is not a valid " ^ basis ^ " digit")
let __is_binary_digit = function
  | '0' .. '1' -> true
  | _ -> false
let __scan_binary_int width ib = __scan_digit_plus "binary" __is_binary_digit width ib
let __is_octal_digit = function
  | '0' .. '7' -> true
  | _ -> false
let __scan_octal_int width ib = __scan_digit_plus "octal" __is_octal_digit width ib
let __is_hexa_digit = function
  | '0' .. '9' | 'a' .. 'f' | 'A' .. 'F' -> true
  | _ -> false
let __scan_hexadecimal_int width ib =
  __scan_digit_plus "hexadecimal" __is_hexa_digit width ib
let __scan_unsigned_decimal_int = __scan_decimal_digit_plus
let __scan_sign width ib =
  let c = Scanning.__checked_peek_char ib in
  match c with
  | '+' -> Scanning.__store_char width ib c
  | '-' -> Scanning.__store_char width ib c
  | _ -> width
let __scan_optionally_signed_decimal_int width ib =
  let width = __scan_sign width ib in
  __scan_unsigned_decimal_int width ib
let __scan_unsigned_int width ib =
  match Scanning.__checked_peek_char ib with
  | '0' as c ->
    let width = Scanning.__store_char width ib c in
    if width = 0 then width else
    let c = Scanning.__peek_char ib in
    if Scanning.__eof ib then width else
    begin match c with
    | 'x' | 'X' -> __scan_hexadecimal_int (Scanning.__store_char width ib c) ib
    | 'o' -> __scan_octal_int (Scanning.__store_char width ib c) ib
    | 'b' -> __scan_binary_int (Scanning.__store_char width ib c) ib
    | _ -> __scan_decimal_digit_star width ib end
  | _ -> __scan_unsigned_decimal_int width ib
let __scan_optionally_signed_int width ib =
  let width = __scan_sign width ib in
  __scan_unsigned_int width ib
let __scan_int_conversion conv width ib =
  match conv with
  | 'b' -> __scan_binary_int width ib
  | 'd' -> __scan_optionally_signed_decimal_int width ib
  | 'i' -> __scan_optionally_signed_int width ib
  | 'o' -> __scan_octal_int width ib
  | 'u' -> __scan_unsigned_decimal_int width ib
  | _ -> __scan_hexadecimal_int width ib
let __scan_fractional_part width ib =
  if width = 0 then width else
  let c = Scanning.__peek_char ib in
  if Scanning.__eof ib then width else
  match c with
  | '0' .. '9' as c ->
    __scan_decimal_digit_star (Scanning.__store_char width ib c) ib
  | _ -> width
let __scan_exponent_part width ib =
  if width = 0 then width else
  let c = Scanning.__peek_char ib in
  if Scanning.__eof ib then width else
  match c with
  | 'e' | 'E' as c ->
    __scan_optionally_signed_decimal_int (Scanning.__store_char width ib c) ib
  | _ -> width
let __scan_integer_part width ib =
  let width = __scan_sign width ib in
  __scan_decimal_digit_star width ib
let __scan_float width precision ib =
  let width = __scan_integer_part width ib in
  if width = 0 then width, precision else
  let c = Scanning.__peek_char ib in
  if Scanning.__eof ib then width, precision else
  match c with
  | '.' ->
    let width = Scanning.__store_char width ib c in
    let precision = Int.min width precision in
    let width = width - (precision - __scan_fractional_part precision ib) in
    __scan_exponent_part width ib, precision
  | _ ->
    __scan_exponent_part width ib, precision
let __check_case_insensitive_string width ib error str =
  let lowercase c =
    match c with
    | 'A' .. 'Z' ->
      char_of_int (int_of_char c - int_of_char 'A' + int_of_char 'a')
    | _ -> c in
  let len = String.length str in
  let width = ref width in
  for i = 0 to len - 1 do
    let c = Scanning.__peek_char ib in
    if lowercase c <> lowercase str.[i] then error ();
    if !width = 0 then error ();
    width := Scanning.__store_char !width ib c;
  done;
  !width
let __scan_hex_float width precision ib =
  if width = 0 || Scanning.end_of_input ib then __bad_hex_float ();
  let width = __scan_sign width ib in
  if width = 0 || Scanning.end_of_input ib then __bad_hex_float ();
  match Scanning.__peek_char ib with
  | '0' as c -> (
    let width = Scanning.__store_char width ib c in
    if width = 0 || Scanning.end_of_input ib then __bad_hex_float ();
    let width = __check_case_insensitive_string width ib __bad_hex_float "x" in
    if width = 0 || Scanning.end_of_input ib then width else
      let width = match Scanning.__peek_char ib with
        | '.' | 'p' | 'P' -> width
        | _ -> __scan_hexadecimal_int width ib in
      if width = 0 || Scanning.end_of_input ib then width else
        let width = match Scanning.__peek_char ib with
          | '.' as c -> (
            let width = Scanning.__store_char width ib c in
            if width = 0 || Scanning.end_of_input ib then width else
              match Scanning.__peek_char ib with
              | 'p' | 'P' -> width
              | _ ->
                let precision = Int.min width precision in
                width - (precision - __scan_hexadecimal_int precision ib)
          )
          | _ -> width in
        if width = 0 || Scanning.end_of_input ib then width else
          match Scanning.__peek_char ib with
          | 'p' | 'P' as c ->
            let width = Scanning.__store_char width ib c in
            if width = 0 || Scanning.end_of_input ib then __bad_hex_float ();
            __scan_optionally_signed_decimal_int width ib
          | _ -> width
  )
  | 'n' | 'N' as c ->
    let width = Scanning.__store_char width ib c in
    if width = 0 || Scanning.end_of_input ib then __bad_hex_float ();
    __check_case_insensitive_string width ib __bad_hex_float "an"
  | 'i' | 'I' as c ->
    let width = Scanning.__store_char width ib c in
    if width = 0 || Scanning.end_of_input ib then __bad_hex_float ();
    __check_case_insensitive_string width ib __bad_hex_float "nfinity"
  | _ -> __bad_hex_float ()
let __scan_caml_float_rest width precision ib =
  if width = 0 || Scanning.end_of_input ib then __bad_float ();
  let width = __scan_decimal_digit_star width ib in
  if width = 0 || Scanning.end_of_input ib then __bad_float ();
  let c = Scanning.__peek_char ib in
  match c with
  | '.' ->
    let width = Scanning.__store_char width ib c in
    let precision = Int.min width precision in
    let width_precision = __scan_fractional_part precision ib in
    let frac_width = precision - width_precision in
    let width = width - frac_width in
    __scan_exponent_part width ib
  | 'e' | 'E' ->
    __scan_exponent_part width ib
  | _ -> __bad_float ()
let __scan_caml_float width precision ib =
  if width = 0 || Scanning.end_of_input ib then __bad_float ();
  let width = __scan_sign width ib in
  if width = 0 || Scanning.end_of_input ib then __bad_float ();
  match Scanning.__peek_char ib with
  | '0' as c -> (
    let width = Scanning.__store_char width ib c in
    if width = 0 || Scanning.end_of_input ib then __bad_float ();
    match Scanning.__peek_char ib with
    | 'x' | 'X' as c -> (
      let width = Scanning.__store_char width ib c in
      if width = 0 || Scanning.end_of_input ib then __bad_float ();
      let width = __scan_hexadecimal_int width ib in
      if width = 0 || Scanning.end_of_input ib then __bad_float ();
      let width = match Scanning.__peek_char ib with
        | '.' as c -> (
          let width = Scanning.__store_char width ib c in
          if width = 0 || Scanning.end_of_input ib then width else
            match Scanning.__peek_char ib with
            | 'p' | 'P' -> width
            | _ ->
              let precision = Int.min width precision in
              width - (precision - __scan_hexadecimal_int precision ib)
        )
        | 'p' | 'P' -> width
        | _ -> __bad_float () in
      if width = 0 || Scanning.end_of_input ib then width else
        match Scanning.__peek_char ib with
        | 'p' | 'P' as c ->
          let width = Scanning.__store_char width ib c in
          if width = 0 || Scanning.end_of_input ib then __bad_hex_float ();
          __scan_optionally_signed_decimal_int width ib
        | _ -> width
    )
    | _ ->
      __scan_caml_float_rest width precision ib
  )
  | '1' .. '9' as c ->
    let width = Scanning.__store_char width ib c in
    if width = 0 || Scanning.end_of_input ib then __bad_float ();
    __scan_caml_float_rest width precision ib
  | _ -> __bad_float ()
(* The stopper is a char code, or -1 for none (scan_string's [stp] option). *)
let __scan_string stp width ib =
  let rec loop width =
    if width = 0 then width else
    let c = Scanning.__peek_char ib in
    if Scanning.__eof ib then width else
      if stp >= 0 then
        (if int_of_char c = stp then Scanning.__skip_char width ib
         else loop (Scanning.__store_char width ib c))
      else
        match c with
        | ' ' | '\t' | '\n' | '\r' -> width
        | _ -> loop (Scanning.__store_char width ib c) in
  loop width
let __scan_char width ib =
  Scanning.__store_char width ib (Scanning.__checked_peek_char ib)
let __char_for_backslash = function
  | 'n' -> '\010'
  | 'r' -> '\013'
  | 'b' -> '\008'
  | 't' -> '\009'
  | c -> c
let __decimal_value_of_char c = int_of_char c - int_of_char '0'
let __char_for_decimal_code c0 c1 c2 =
  let c =
    100 * __decimal_value_of_char c0 +
     10 * __decimal_value_of_char c1 +
          __decimal_value_of_char c2 in
  if c < 0 || c > 255 then
    __bad_input
      ("bad character decimal encoding \\" ^ String.make 1 c0 ^ String.make 1 c1
       ^ String.make 1 c2) else
  char_of_int c
let __hexadecimal_value_of_char c =
  let d = int_of_char c in
  if d >= int_of_char 'a' then d - 87 else
  if d >= int_of_char 'A' then d - 55 else
  d - int_of_char '0'
let __char_for_hexadecimal_code c1 c2 =
  let c =
    16 * __hexadecimal_value_of_char c1 +
         __hexadecimal_value_of_char c2 in
  if c < 0 || c > 255 then
    __bad_input
      ("bad character hexadecimal encoding \\" ^ String.make 1 c1 ^ String.make 1 c2) else
  char_of_int c
let __check_next_char message width ib =
  if width = 0 then __bad_token_length message else
  let c = Scanning.__peek_char ib in
  if Scanning.__eof ib then __bad_end_of_input message else
  c
let __check_next_char_for_char width ib = __check_next_char "a Char" width ib
let __check_next_char_for_string width ib = __check_next_char "a String" width ib
let __scan_backslash_char width ib =
  match __check_next_char_for_char width ib with
  | '\\' | '\'' | '\"' | 'n' | 't' | 'b' | 'r' as c ->
    Scanning.__store_char width ib (__char_for_backslash c)
  | '0' .. '9' as c ->
    let get_digit () =
      let c = Scanning.__next_char ib in
      match c with
      | '0' .. '9' as c -> c
      | c -> __bad_input_escape c in
    let c0 = c in
    let c1 = get_digit () in
    let c2 = get_digit () in
    Scanning.__store_char (width - 2) ib (__char_for_decimal_code c0 c1 c2)
  | 'x' ->
    let get_digit () =
      let c = Scanning.__next_char ib in
      match c with
      | '0' .. '9' | 'A' .. 'F' | 'a' .. 'f' as c -> c
      | c -> __bad_input_escape c in
    let c1 = get_digit () in
    let c2 = get_digit () in
    Scanning.__store_char (width - 2) ib (__char_for_hexadecimal_code c1 c2)
  | c ->
    __bad_input_escape c
let __scan_caml_char width ib =
  let rec find_start width =
    match Scanning.__checked_peek_char ib with
    | '\'' -> find_char (Scanning.__ignore_char width ib)
    | c -> __character_mismatch '\'' c
  and find_char width =
    match __check_next_char_for_char width ib with
    | '\\' ->
      find_stop (__scan_backslash_char (Scanning.__ignore_char width ib) ib)
    | c ->
      find_stop (Scanning.__store_char width ib c)
  and find_stop width =
    match __check_next_char_for_char width ib with
    | '\'' -> Scanning.__ignore_char width ib
    | c -> __character_mismatch '\'' c in
  find_start width
let __scan_caml_string width ib =
  let rec find_start width =
    match Scanning.__checked_peek_char ib with
    | '\"' -> find_stop (Scanning.__ignore_char width ib)
    | c -> __character_mismatch '\"' c
  and find_stop width =
    match __check_next_char_for_string width ib with
    | '\"' -> Scanning.__ignore_char width ib
    | '\\' -> scan_backslash (Scanning.__ignore_char width ib)
    | c -> find_stop (Scanning.__store_char width ib c)
  and scan_backslash width =
    match __check_next_char_for_string width ib with
    | '\r' -> skip_newline (Scanning.__ignore_char width ib)
    | '\n' -> skip_spaces (Scanning.__ignore_char width ib)
    | _ -> find_stop (__scan_backslash_char width ib)
  and skip_newline width =
    match __check_next_char_for_string width ib with
    | '\n' -> skip_spaces (Scanning.__ignore_char width ib)
    | _ -> find_stop (Scanning.__store_char width ib '\r')
  and skip_spaces width =
    match __check_next_char_for_string width ib with
    | ' ' -> skip_spaces (Scanning.__ignore_char width ib)
    | _ -> find_stop width in
  find_start width
let __scan_bool ib =
  let c = Scanning.__checked_peek_char ib in
  let m =
    match c with
    | 't' -> 4
    | 'f' -> 5
    | c ->
      __bad_input ("the character " ^ __caml_char c ^ " cannot start a boolean") in
  __scan_string (-1) m ib
(* A char set is CamlinternalFormat's: 32 bytes, bit [c land 7] of byte [c lsr 3]. *)
let __is_in_char_set char_set c =
  let ind = int_of_char c in
  let str_ind = ind lsr 3 and mask = 1 lsl (ind land 0b111) in
  int_of_char (String.get char_set str_ind) land mask <> 0
let __scan_chars_in_char_set char_set scan_indic width ib =
  let rec scan_chars i stp =
    let c = Scanning.__peek_char ib in
    if i > 0 && not (Scanning.__eof ib) &&
       __is_in_char_set char_set c &&
       int_of_char c <> stp then
      let _ = Scanning.__store_char max_int ib c in
      scan_chars (i - 1) stp in
  if scan_indic < 0 then scan_chars width (-1)
  else begin
    let c = char_of_int scan_indic in
    scan_chars width scan_indic;
    if not (Scanning.__eof ib) then
      let ci = Scanning.__peek_char ib in
      if c = ci
      then Scanning.__invalidate_current_char ib
      else __character_mismatch c ci
  end
let __scanf_bad_input ib = function
  | Scan_failure s | Failure s ->
    let i = Scanning.__char_count ib in
    __bad_input ("scanf: bad input at char number " ^ string_of_int i ^ ": " ^ s)
  | x -> raise x
(* make_scanf's cases, one per conversion: each scans its token and returns its value.
   [width] and [prec] are the format's, max_int when it has none. *)
let __scan_c ib = let _ = __scan_char 0 ib in __token_char ib
let __scan_caml_c ib = let _ = __scan_caml_char 0 ib in __token_char ib
let __scan_s stp width ib = let _ = __scan_string stp width ib in Scanning.__token ib
let __scan_caml_s width ib = let _ = __scan_caml_string width ib in Scanning.__token ib
let __scan_int conv width ib =
  let _ = __scan_int_conversion conv width ib in
  int_of_string (__token_int_literal conv ib)
let __scan_int32 conv width ib =
  let _ = __scan_int_conversion conv width ib in
  Int32.of_string (__token_int_literal conv ib)
let __scan_int64 conv width ib =
  let _ = __scan_int_conversion conv width ib in
  Int64.of_string (__token_int_literal conv ib)
let __scan_nativeint conv width ib =
  let _ = __scan_int_conversion conv width ib in
  Nativeint.of_string (__token_int_literal conv ib)
(* 'F' (OCaml syntax), 'h' (hexadecimal) or 'f' (the others). *)
let __scan_f kind width prec ib =
  let _ =
    match kind with
    | 'F' -> __scan_caml_float width prec ib
    | 'h' -> __scan_hex_float width prec ib
    | _ -> fst (__scan_float width prec ib) in
  float_of_string (Scanning.__token ib)
let __scan_b ib = let _ = __scan_bool ib in __token_bool ib
let __scan_char_set char_set stp width ib =
  __scan_chars_in_char_set char_set stp width ib;
  Scanning.__token ib
(* %l, %n, %N (%L): the line, character and token counters. *)
let __counter kind ib =
  match kind with
  | 'l' -> Scanning.__line_count ib
  | 'n' -> Scanning.__char_count ib
  | _ -> Scanning.__token_count ib
let __next_char ib = Scanning.__checked_peek_char ib
(* %! *)
let __end_of_input ib =
  if not (Scanning.end_of_input ib) then __bad_input "end of input not found"
(* kscanf: [scan ()] scans the values and returns the receiver's application to them. *)
let __kscanf ib ef str scan f =
  Scanning.__reset_token ib;
  match
    try Ok (scan ()) with
    | (Scan_failure _ | Failure _ | End_of_file) as exc -> Error exc
    | Invalid_argument msg ->
      invalid_arg (msg ^ " in format \"" ^ String.escaped str ^ "\"")
  with
  | Ok apply -> apply f
  | Error exc -> ef ib exc
let __bscanf_of_string s = Scanning.from_string s
let __fscanf_buffer ic = Scanning.__memo_from_channel ic
let unescaped s =
  let ib = Scanning.from_string ("\"" ^ s ^ "\"") in
  __kscanf ib __scanf_bad_input "%S%!"
    (fun () -> let x = __scan_caml_s max_int ib in __end_of_input ib; fun k -> k x)
    (fun x -> x)
(* Formats as values (a scanning function applied to a format that is not a literal, or used
   as a value): the format's scanning operations, made by the typer from its literal
   (typing/scanf/value.rs), are interpreted here; the values read are given to the receiver,
   whose type the format's type states, through Obj. *)
let __scan_op ib op =
  match op with
  | CamlinternalFormat_scan_lit s -> __check_string ib s; None
  | CamlinternalFormat_scan_end -> __end_of_input ib; None
  | CamlinternalFormat_scan_bad message -> invalid_arg message
  | CamlinternalFormat_scan (kind, conv, width, prec, stp, char_set, skip) ->
    let v =
      match kind with
      | 'i' -> Obj.repr (__scan_int conv width ib)
      | 'l' -> Obj.repr (__scan_int32 conv width ib)
      | 'L' -> Obj.repr (__scan_int64 conv width ib)
      | 'n' -> Obj.repr (__scan_nativeint conv width ib)
      | 'f' -> Obj.repr (__scan_f conv width prec ib)
      | 's' -> Obj.repr (__scan_s stp width ib)
      | 'S' -> Obj.repr (__scan_caml_s width ib)
      | 'b' -> Obj.repr (__scan_b ib)
      | 'c' -> Obj.repr (__scan_c ib)
      | 'C' -> Obj.repr (__scan_caml_c ib)
      | '0' -> Obj.repr (__next_char ib)
      | '[' -> Obj.repr (__scan_char_set char_set stp width ib)
      | _ -> Obj.repr (__counter conv ib) in
    if skip then None else Some v
let __scan_ops ib ops () =
  let rec read acc = function
    | [] -> List.rev acc
    | op :: ops ->
      (match __scan_op ib op with
       | Some v -> read (v :: acc) ops
       | None -> read acc ops) in
  let values = read [] ops in
  fun f ->
    Obj.obj
      (List.fold_left (fun f v -> (Obj.magic f : Obj.t -> Obj.t) v) (Obj.repr f) values)
let __kscanf_value ib ef (fmt : ('a, Scanning.in_channel, 'b, 'c, 'a -> 'd, 'd) format6) : 'c =
  match fmt with
  | CamlinternalFormat_Format (_, ops, str) ->
    Obj.magic (fun (f : 'a) -> (__kscanf ib ef str (__scan_ops ib ops) f : 'd))
let __bscanf_value ib fmt = __kscanf_value ib __scanf_bad_input fmt
let __sscanf_value s fmt = __kscanf_value (Scanning.from_string s) __scanf_bad_input fmt
let __scanf_value fmt = __kscanf_value Scanning.stdin __scanf_bad_input fmt
let __ksscanf_value s ef fmt = __kscanf_value (Scanning.from_string s) ef fmt
let __fscanf_value ic fmt =
  __kscanf_value (Scanning.__memo_from_channel ic) __scanf_bad_input fmt
let __kfscanf_value ic ef fmt = __kscanf_value (Scanning.__memo_from_channel ic) ef fmt
(*! unit Unit *)
(*! unit CamlinternalAtomic *)
(*! unit Atomic *)
(*! unit Stream *)
(*! unit Genlex *)
(*! module Pervasives *)
(* OCaml 4.13's pervasives.ml (deprecated, still Stdlib.Pervasives), its C externals as
   rebindings. Left out: output_value and input_value (no Marshal), string_of_format, and
   the location values (__LOC__ ..., which the typer elaborates by name). *)
external raise : exn -> 'a = "%raise"
external raise_notrace : exn -> 'a = "%raise_notrace"
let invalid_arg = invalid_arg
let failwith = failwith
exception Exit
external ( = ) : 'a -> 'a -> bool = "%equal"
external ( <> ) : 'a -> 'a -> bool = "%notequal"
external ( < ) : 'a -> 'a -> bool = "%lessthan"
external ( > ) : 'a -> 'a -> bool = "%greaterthan"
external ( <= ) : 'a -> 'a -> bool = "%lessequal"
external ( >= ) : 'a -> 'a -> bool = "%greaterequal"
external compare : 'a -> 'a -> int = "%compare"
let min = min
let max = max
external ( == ) : 'a -> 'a -> bool = "%eq"
external ( != ) : 'a -> 'a -> bool = "%noteq"
external not : bool -> bool = "%boolnot"
external ( && ) : bool -> bool -> bool = "%sequand"
external ( & ) : bool -> bool -> bool = "%sequand"
external ( || ) : bool -> bool -> bool = "%sequor"
external ( or ) : bool -> bool -> bool = "%sequor"
external ( |> ) : 'a -> ('a -> 'b) -> 'b = "%revapply"
external ( @@ ) : ('a -> 'b) -> 'a -> 'b = "%apply"
external ( ~- ) : int -> int = "%negint"
external ( ~+ ) : int -> int = "%identity"
external succ : int -> int = "%succint"
external pred : int -> int = "%predint"
external ( + ) : int -> int -> int = "%addint"
external ( - ) : int -> int -> int = "%subint"
external ( * ) : int -> int -> int = "%mulint"
external ( / ) : int -> int -> int = "%divint"
external ( mod ) : int -> int -> int = "%modint"
let abs = abs
let max_int = max_int
let min_int = min_int
external ( land ) : int -> int -> int = "%andint"
external ( lor ) : int -> int -> int = "%orint"
external ( lxor ) : int -> int -> int = "%xorint"
let lnot = lnot
external ( lsl ) : int -> int -> int = "%lslint"
external ( lsr ) : int -> int -> int = "%lsrint"
external ( asr ) : int -> int -> int = "%asrint"
external ( ~-. ) : float -> float = "%negfloat"
external ( ~+. ) : float -> float = "%identity"
external ( +. ) : float -> float -> float = "%addfloat"
external ( -. ) : float -> float -> float = "%subfloat"
external ( *. ) : float -> float -> float = "%mulfloat"
external ( /. ) : float -> float -> float = "%divfloat"
let ( ** ) = ( ** )
let sqrt = sqrt
let exp = exp
let log = log
let log10 = log10
let expm1 = expm1
let log1p = log1p
let cos = cos
let sin = sin
let tan = tan
let acos = acos
let asin = asin
let atan = atan
let atan2 = atan2
let hypot = hypot
let cosh = cosh
let sinh = sinh
let tanh = tanh
let ceil = ceil
let floor = floor
external abs_float : float -> float = "%absfloat"
let copysign = copysign
let mod_float = mod_float
let frexp = frexp
let ldexp = ldexp
let modf = modf
external float : int -> float = "%floatofint"
external float_of_int : int -> float = "%floatofint"
external truncate : float -> int = "%intoffloat"
external int_of_float : float -> int = "%intoffloat"
let infinity = infinity
let neg_infinity = neg_infinity
let nan = nan
let max_float = max_float
let min_float = min_float
let epsilon_float = epsilon_float
type nonrec fpclass = fpclass =
    FP_normal
  | FP_subnormal
  | FP_zero
  | FP_infinite
  | FP_nan
let classify_float = classify_float
let ( ^ ) = ( ^ )
external int_of_char : char -> int = "%identity"
let char_of_int = char_of_int
external ignore : 'a -> unit = "%ignore"
let string_of_bool = string_of_bool
let bool_of_string = bool_of_string
let bool_of_string_opt = bool_of_string_opt
let string_of_int = string_of_int
let int_of_string = int_of_string
let int_of_string_opt = int_of_string_opt
let string_of_float = string_of_float
let float_of_string = float_of_string
let float_of_string_opt = float_of_string_opt
external fst : 'a * 'b -> 'a = "%field0"
external snd : 'a * 'b -> 'b = "%field1"
let ( @ )  = ( @ )
type nonrec in_channel = in_channel
type nonrec out_channel = out_channel
let stdin = stdin
let stdout = stdout
let stderr = stderr
let print_char = print_char
let print_string = print_string
let print_bytes = print_bytes
let print_int = print_int
let print_float = print_float
let print_endline = print_endline
let print_newline = print_newline
let prerr_char = prerr_char
let prerr_string = prerr_string
let prerr_bytes = prerr_bytes
let prerr_int = prerr_int
let prerr_float = prerr_float
let prerr_endline = prerr_endline
let prerr_newline = prerr_newline
let read_line = read_line
let read_int = read_int
let read_int_opt = read_int_opt
let read_float = read_float
let read_float_opt = read_float_opt
type nonrec open_flag = open_flag =
    Open_rdonly
  | Open_wronly
  | Open_append
  | Open_creat
  | Open_trunc
  | Open_excl
  | Open_binary
  | Open_text
  | Open_nonblock
let open_out = open_out
let open_out_bin = open_out_bin
let open_out_gen = open_out_gen
let flush = flush
let flush_all = flush_all
let output_char = output_char
let output_string = output_string
let output_bytes = output_bytes
let output = output
let output_substring = output_substring
let output_byte = output_byte
let output_binary_int = output_binary_int
let seek_out = seek_out
let pos_out = pos_out
let out_channel_length = out_channel_length
let close_out = close_out
let close_out_noerr = close_out_noerr
let set_binary_mode_out = set_binary_mode_out
let open_in = open_in
let open_in_bin = open_in_bin
let open_in_gen = open_in_gen
let input_char = input_char
let input_line = input_line
let input = input
let really_input = really_input
let really_input_string = really_input_string
let input_byte = input_byte
let input_binary_int = input_binary_int
let seek_in = seek_in
let pos_in = pos_in
let in_channel_length = in_channel_length
let close_in = close_in
let close_in_noerr = close_in_noerr
let set_binary_mode_in = set_binary_mode_in
module LargeFile = LargeFile
type nonrec 'a ref = 'a ref = { mutable contents : 'a }
external ref : 'a -> 'a ref = "%makemutable"
external ( ! ) : 'a ref -> 'a = "%field0"
external ( := ) : 'a ref -> 'a -> unit = "%setfield0"
let incr = incr
let decr = decr
type nonrec ('a,'b) result = ('a,'b) result = Ok of 'a | Error of 'b
type nonrec ('a, 'b, 'c, 'd, 'e, 'f) format6 = ('a, 'b, 'c, 'd, 'e, 'f) format6
type nonrec ('a, 'b, 'c, 'd) format4 = ('a, 'b, 'c, 'd) format4
type nonrec ('a, 'b, 'c) format = ('a, 'b, 'c) format
external format_of_string :
  ('a, 'b, 'c, 'd, 'e, 'f) format6 ->
  ('a, 'b, 'c, 'd, 'e, 'f) format6 = "%identity"
let ( ^^ ) = ( ^^ )
let exit = exit
let at_exit = at_exit
let valid_float_lexem = valid_float_lexem
let do_at_exit = do_at_exit
