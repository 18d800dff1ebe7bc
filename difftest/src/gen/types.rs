//! The generated programs' types: random data types, the variant and record declarations with
//! their `show_` printers, and the exceptions with `show_exn`.

use super::*;

impl Gen<'_> {
    // ---------------------------------------------------------------------------------
    // Types
    // ---------------------------------------------------------------------------------

    /// A random type of data (no functions), `depth` limits nesting.
    pub(super) fn data_type(&mut self, depth: u32) -> Ty {
        let n = if depth == 0 { 5 } else { 12 };
        match self.rng.below(n) {
            0 | 1 => Ty::Int,
            2 => Ty::Bool,
            3 => Ty::Char,
            4 => Ty::Str,
            5 | 6 => Ty::list(self.data_type(depth - 1)),
            7 => Ty::option(self.data_type(depth - 1)),
            8 => Ty::Tuple(vec![self.data_type(depth - 1), self.data_type(depth - 1)]),
            9 | 10 if !self.adts.is_empty() => Ty::Adt(self.rng.below(self.adts.len())),
            11 if !self.recs.is_empty() => Ty::Rec(self.rng.below(self.recs.len())),
            _ => Ty::Int,
        }
    }

    /// A type for a value, a parameter or a result: mostly data, sometimes a function.
    pub(super) fn any_type(&mut self, depth: u32) -> Ty {
        if depth > 0 && self.rng.chance(12) {
            let n = self.rng.range(1, 2) as usize;
            let args = (0..n).map(|_| self.data_type(depth - 1)).collect();
            Ty::fun(args, self.data_type(depth - 1))
        } else {
            self.data_type(depth)
        }
    }

    // ---------------------------------------------------------------------------------
    // Declarations
    // ---------------------------------------------------------------------------------

    pub(super) fn declare_types(&mut self) -> Vec<Node> {
        let mut items = vec![];
        for i in 0..self.rng.range(0, 3) as usize {
            // Constructors: the first constant, then some with arguments (possibly recursive).
            let n = self.rng.range(2, 5) as usize;
            let mut ctors = vec![(format!("C{i}_0"), vec![])];
            // Arguments mention earlier types, or this one directly (`t`, `t list`).
            for j in 1..n {
                let args = match self.rng.below(6) {
                    0 => vec![],
                    1 | 2 => vec![self.data_type(1)],
                    3 => vec![Ty::Int, self.data_type(1)],
                    4 => vec![Ty::Adt(i), self.data_type(0)],
                    _ => vec![Ty::list(Ty::Adt(i))],
                };
                ctors.push((format!("C{i}_{j}"), args));
            }
            let text = ctors
                .iter()
                .map(|(c, args)| {
                    if args.is_empty() {
                        c.clone()
                    } else {
                        format!(
                            "{c} of {}",
                            args.iter()
                                .map(|a| a.ocaml_atom())
                                .collect::<Vec<_>>()
                                .join(" * ")
                        )
                    }
                })
                .collect::<Vec<_>>()
                .join(" | ");
            self.adts.push(AdtDecl { ctors });
            items.push(item(t(format!("type t{i} = {text}\n"))));
            items.push(item(self.show_adt(i)));
        }
        for i in 0..self.rng.range(0, 2) as usize {
            let n = self.rng.range(1, 3) as usize;
            let fields: Vec<(String, Ty, bool)> = (0..n)
                .map(|j| (format!("r{i}_f{j}"), self.data_type(1), self.rng.chance(50)))
                .collect();
            let text = fields
                .iter()
                .map(|(f, ty, m)| {
                    format!("{}{f} : {}", if *m { "mutable " } else { "" }, ty.ocaml())
                })
                .collect::<Vec<_>>()
                .join("; ");
            items.push(item(t(format!("type r{i} = {{ {text} }}\n"))));
            self.recs.push(RecDecl { fields });
            items.push(item(self.show_rec(i)));
        }
        items
    }

    /// `let rec show_tI v = match v with ...`
    pub(super) fn show_adt(&mut self, i: usize) -> Node {
        let ctors = self.adts[i].ctors.clone();
        let mut s = format!("let rec show_t{i} (v : t{i}) : string = match v with\n");
        for (c, args) in &ctors {
            if args.is_empty() {
                s.push_str(&format!("  | {c} -> \"{c}\"\n"));
            } else {
                let names: Vec<String> = (0..args.len()).map(|k| format!("a{k}")).collect();
                let shown: Vec<String> = args
                    .iter()
                    .zip(&names)
                    .map(|(ty, n)| self.show(ty, n))
                    .collect();
                s.push_str(&format!(
                    "  | {c} ({}) -> \"{c}(\" ^ {} ^ \")\"\n",
                    names.join(", "),
                    shown.join(" ^ \",\" ^ ")
                ));
            }
        }
        t(s)
    }

    pub(super) fn show_rec(&mut self, i: usize) -> Node {
        let fields: Vec<(String, Ty)> = self.recs[i]
            .fields
            .iter()
            .map(|(f, ty, _)| (f.clone(), ty.clone()))
            .collect();
        let parts: Vec<String> = fields
            .iter()
            .map(|(f, ty)| format!("\"{f}=\" ^ {}", self.show(ty, &format!("v.{f}"))))
            .collect();
        t(format!(
            "let show_r{i} (v : r{i}) : string = \"{{\" ^ {} ^ \"}}\"\n",
            parts.join(" ^ \";\" ^ ")
        ))
    }

    /// A string expression showing the value of the (atomic) expression `e` of type `ty`.
    pub(super) fn show(&mut self, ty: &Ty, e: &str) -> String {
        match ty {
            Ty::Int => format!("string_of_int {e}"),
            Ty::Bool => format!("string_of_bool {e}"),
            Ty::Char => format!("String.make 1 {e}"),
            Ty::Str => format!("(\"\\\"\" ^ {e} ^ \"\\\"\")"),
            Ty::Unit => format!("(ignore {e}; \"()\")"),
            Ty::List(el) => {
                let x = self.name("x");
                format!(
                    "(\"[\" ^ String.concat \";\" (List.map (fun {x} -> {}) {e}) ^ \"]\")",
                    self.show(el, &x)
                )
            }
            Ty::Option(el) => {
                let x = self.name("x");
                format!(
                    "(match {e} with None -> \"None\" | Some {x} -> \"Some(\" ^ {} ^ \")\")",
                    self.show(el, &x)
                )
            }
            Ty::Ref(el) => format!("(\"ref \" ^ {})", self.show(el, &format!("(!{e})"))),
            Ty::Tuple(ts) => {
                let names: Vec<String> = ts.iter().map(|_| self.name("p")).collect();
                let shown: Vec<String> = ts
                    .iter()
                    .zip(&names)
                    .map(|(ty, n)| self.show(ty, n))
                    .collect();
                format!(
                    "(let ({}) = {e} in \"(\" ^ {} ^ \")\")",
                    names.join(", "),
                    shown.join(" ^ \",\" ^ ")
                )
            }
            Ty::Adt(i) => format!("show_t{i} {e}"),
            Ty::Rec(i) => format!("show_r{i} {e}"),
            Ty::Fun(..) => "\"<fun>\"".into(),
        }
    }

    pub(super) fn declare_exceptions(&mut self) -> Vec<Node> {
        let mut items = vec![];
        let n = self.rng.range(1, 3) as usize;
        for i in 0..n {
            let args = match self.rng.below(4) {
                0 => vec![],
                1 => vec![Ty::Int],
                2 => vec![Ty::Str, Ty::Int],
                _ => vec![Ty::Str],
            };
            let name = format!("E{i}");
            let text = if args.is_empty() {
                format!("exception {name}\n")
            } else {
                format!(
                    "exception {name} of {}\n",
                    args.iter()
                        .map(|a| a.ocaml())
                        .collect::<Vec<_>>()
                        .join(" * ")
                )
            };
            items.push(item(t(text)));
            self.exns.push((name, args));
        }
        let mut s = String::from("let show_exn (e : exn) : string = match e with\n");
        for (name, args) in self.exns.clone() {
            if args.is_empty() {
                s.push_str(&format!("  | {name} -> \"{name}\"\n"));
            } else {
                let names: Vec<String> = (0..args.len()).map(|k| format!("a{k}")).collect();
                let shown: Vec<String> = args
                    .iter()
                    .zip(&names)
                    .map(|(ty, n)| self.show(ty, n))
                    .collect();
                s.push_str(&format!(
                    "  | {name} ({}) -> \"{name}(\" ^ {} ^ \")\"\n",
                    names.join(", "),
                    shown.join(" ^ \",\" ^ ")
                ));
            }
        }
        s.push_str(
            "  | Not_found -> \"Not_found\"\n  | Failure s -> \"Failure(\" ^ s ^ \")\"\n  \
             | Invalid_argument s -> \"Invalid_argument(\" ^ s ^ \")\"\n  \
             | Division_by_zero -> \"Division_by_zero\"\n  | Exit -> \"Exit\"\n  \
             | _ -> \"?\"\n",
        );
        let special =
            "  | Match_failure (f, l, c) -> Printf.sprintf \"Match_failure(%s,%d,%d)\" f l c\n  \
             | Assert_failure (f, l, c) -> Printf.sprintf \"Assert_failure(%s,%d,%d)\" f l c\n";
        let at = s.rfind("  | _ -> ").unwrap();
        s.insert_str(at, special);
        items.push(item(t(s)));
        items
    }
}
