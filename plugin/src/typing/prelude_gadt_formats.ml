(*! tuple-formats *)
(* Formats as OCaml's stdlib.ml defines them (typing/format_gadt/): a literal where a
   format6 is expected is its value of the format types of OCaml's stdlib unit. *)
type ('a, 'b, 'c, 'd, 'e, 'f) format6 =
  ('a, 'b, 'c, 'd, 'e, 'f) CamlinternalFormatBasics.format6
type ('a, 'b, 'c, 'd) format4 = ('a, 'b, 'c, 'c, 'c, 'd) format6
type ('a, 'b, 'c) format = ('a, 'b, 'c, 'c) format4
(*! tuple-format-functions *)
let string_of_format (CamlinternalFormatBasics.Format (_, str)) = str
external format_of_string :
  ('a, 'b, 'c, 'd, 'e, 'f) format6 -> ('a, 'b, 'c, 'd, 'e, 'f) format6 = "%identity"
let ( ^^ ) (CamlinternalFormatBasics.Format (fmt1, str1))
    (CamlinternalFormatBasics.Format (fmt2, str2)) =
  CamlinternalFormatBasics.Format
    (CamlinternalFormatBasics.concat_fmt fmt1 fmt2, str1 ^ "%," ^ str2)
