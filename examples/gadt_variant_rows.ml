(* GADT constructors whose result is a polymorphic variant type with a row variable
   (`[< inkind > `Nonlink ] inline_t`): the variable is the constructor's own, as OCaml
   quantifies it. *)

type inkind = [ `Link | `Nonlink ]

type _ inline_t =
  | Text : string -> [< inkind > `Nonlink ] inline_t
  | Bold : 'a inline_t list -> 'a inline_t
  | Link : string -> [< inkind > `Link ] inline_t
  | Mref : string * [ `Nonlink ] inline_t list -> [< inkind > `Link ] inline_t

let rec process : type a. a inline_t -> a inline_t = function
  | Text txt -> Text (String.uppercase_ascii txt)
  | Bold xs -> Bold (List.map process xs)
  | Link lnk -> Link lnk
  | Mref (lnk, xs) -> Mref (lnk, List.map process xs)

let rec show : type a. a inline_t -> string = function
  | Text t -> t
  | Bold xs -> "*" ^ String.concat " " (List.map show xs) ^ "*"
  | Link l -> "<" ^ l ^ ">"
  | Mref (l, xs) -> "[" ^ l ^ ": " ^ String.concat " " (List.map show xs) ^ "]"

let doc = [ Bold [ Text "hello"; Text "world" ]; Text "plain" ]
let links = [ Link "a.html"; Mref ("b.html", [ Text "see"; Bold [ Text "this" ] ]) ]

type any = [ `A | `B | `C ]

type _ letter =
  | A : [< any > `A ] letter
  | B : [< any > `B ] letter
  | C : [< any > `C ] letter

type _ cased = Up : 'a letter -> ([< any ] as 'a) cased | Lo : 'a letter -> ([< any ] as 'a) cased

let letter_char : type a. a letter -> char = function A -> 'a' | B -> 'b' | C -> 'c'

let cased_char : type a. a cased -> char = function
  | Up l -> Char.uppercase_ascii (letter_char l)
  | Lo l -> letter_char l

type ab = [ `A | `B ] cased

let word : ab list = [ Up A; Lo B; Lo A ]

let () =
  List.iter (fun x -> print_endline (show (process x))) doc;
  List.iter (fun x -> print_endline (show (process x))) links;
  List.iter (fun c -> print_char (cased_char c)) word;
  print_newline ()
