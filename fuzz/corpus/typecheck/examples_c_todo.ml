(* A to-do list manager with variants, records and functional updates *)
type priority = Low | Medium | High | Urgent

type status = Todo | In_progress of int (* percent *) | Done | Cancelled of string

type task = {
  id : int;
  title : string;
  prio : priority;
  status : status;
  tags : string list;
}

type command =
  | Add of string * priority * string list
  | Start of int
  | Progress of int * int
  | Finish of int
  | Cancel of int * string
  | Retag of int * string list

let string_of_prio = function Low -> "low" | Medium -> "medium" | High -> "high" | Urgent -> "URGENT"

let string_of_status = function
  | Todo -> "todo"
  | In_progress p -> Printf.sprintf "%d%%" p
  | Done -> "done"
  | Cancelled why -> "cancelled: " ^ why

exception Bad_command of string

let update id f tasks =
  if not (List.exists (fun t -> t.id = id) tasks) then
    raise (Bad_command (Printf.sprintf "no task %d" id));
  List.map (fun t -> if t.id = id then f t else t) tasks

let apply (next, tasks) cmd =
  match cmd with
  | Add (title, prio, tags) ->
    (next + 1, tasks @ [ { id = next; title; prio; status = Todo; tags } ])
  | Start id ->
    (next, update id (fun t ->
         match t.status with
         | Todo -> { t with status = In_progress 0 }
         | _ -> raise (Bad_command ("cannot start " ^ t.title))) tasks)
  | Progress (id, p) ->
    (next, update id (fun t ->
         match t.status with
         | In_progress old when p > old && p < 100 -> { t with status = In_progress p }
         | In_progress _ when p >= 100 -> { t with status = Done }
         | In_progress old -> raise (Bad_command (Printf.sprintf "progress must increase (%d -> %d)" old p))
         | Todo | Done | Cancelled _ -> raise (Bad_command "not in progress")) tasks)
  | Finish id -> (next, update id (fun t -> { t with status = Done }) tasks)
  | Cancel (id, why) ->
    (next, update id (fun t ->
         match t with
         | { status = Done; _ } -> raise (Bad_command "already done")
         | _ -> { t with status = Cancelled why }) tasks)
  | Retag (id, tags) -> (next, update id (fun t -> { t with tags }) tasks)

let show t =
  Printf.printf "#%-2d %-22s [%-6s] %-18s %s\n" t.id t.title (string_of_prio t.prio)
    (string_of_status t.status) (String.concat "," t.tags)

let script = [
  Add ("write report", High, [ "work" ]);
  Add ("buy milk", Low, [ "home"; "shopping" ]);
  Add ("fix bug #42", Urgent, [ "work"; "code" ]);
  Add ("call mom", Medium, []);
  Start 3;
  Progress (3, 50);
  Progress (3, 40);
  Start 1;
  Progress (1, 30);
  Finish 2;
  Cancel (2, "changed my mind");
  Cancel (4, "no time");
  Start 7;
  Retag (1, [ "work"; "q3" ]);
  Progress (3, 100);
  Start 3;
]

let () =
  let (_, tasks) =
    List.fold_left
      (fun state cmd ->
         try apply state cmd
         with Bad_command msg -> Printf.printf "error: %s\n" msg; state)
      (1, []) script
  in
  print_endline "--- by id";
  List.iter show tasks;
  print_endline "--- by priority (desc), stable";
  List.iter show (List.stable_sort (fun a b -> compare b.prio a.prio) tasks);
  print_endline "--- open work tasks";
  tasks
  |> List.filter (fun t -> List.mem "work" t.tags)
  |> List.filter (function { status = Done | Cancelled _; _ } -> false | _ -> true)
  |> List.iter show;
  let counts =
    List.fold_left
      (fun (todo, prog, done_, canc) t ->
         match t.status with
         | Todo -> (todo + 1, prog, done_, canc)
         | In_progress _ -> (todo, prog + 1, done_, canc)
         | Done -> (todo, prog, done_ + 1, canc)
         | Cancelled _ -> (todo, prog, done_, canc + 1))
      (0, 0, 0, 0) tasks
  in
  let (a, b, c, d) = counts in
  Printf.printf "todo=%d in-progress=%d done=%d cancelled=%d\n" a b c d;
  Printf.printf "Urgent > High: %b; max prio: %s\n" (Urgent > High)
    (string_of_prio (List.fold_left (fun m t -> max m t.prio) Low tasks))
