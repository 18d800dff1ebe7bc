//! The top level: functions, recursion templates, top-level statements under handlers, and the
//! whole program.

use super::*;

impl Gen<'_> {
    // ---------------------------------------------------------------------------------
    // Top level
    // ---------------------------------------------------------------------------------

    pub(super) fn function(&mut self, env: &Env) -> (Node, Var) {
        let f = self.name("f");
        let n = self.rng.range(1, 3) as usize;
        let params: Vec<(String, Ty)> = (0..n)
            .map(|_| {
                let x = self.name("x");
                let ty = self.any_type(1);
                (x, ty)
            })
            .collect();
        let ret = self.any_type(1);
        let mut e2 = env.clone();
        let mut head = format!("let {f}");
        for (x, ty) in &params {
            head.push_str(&format!(" ({x} : {})", ty.ocaml()));
            e2 = e2.with(x, ty.clone());
        }
        head.push_str(&format!(" : {} =\n  ", ret.ocaml()));
        let body = self.expr(&ret, &e2, self.cfg.expr_depth);
        let ty = Ty::fun(params.into_iter().map(|p| p.1).collect(), ret);
        self.functions.push(f.clone());
        (item(cat(vec![t(head), body, t("\n")])), Var { name: f, ty })
    }

    /// A small expression without effects (a step of a long recursion must not print).
    pub(super) fn pure_step(&mut self, env: &Env) -> Node {
        let a = self.atom(&Ty::Int, env);
        let b = self.atom(&Ty::Int, env);
        let op = *self
            .rng
            .pick(&["+", "-", "*", "land", "lor", "lxor", "asr"]);
        if op == "asr" {
            self.ex(&Ty::Int, vec![t("("), a, t(" asr ("), b, t(" land 63))")])
        } else {
            self.ex(&Ty::Int, vec![t("("), a, t(format!(" {op} ")), b, t(")")])
        }
    }

    /// A recursion template and a statement calling it.
    pub(super) fn recursion(&mut self, env: &Env) -> (Node, Node) {
        let f = self.name("r");
        let mut e1 = Env {
            restricted: true,
            ..Env::default()
        };
        for v in &env.vars {
            if !self.functions.contains(&v.name) {
                e1.vars.push(v.clone());
            }
        }
        let n = self.name("n");
        let acc = self.name("acc");
        let en = e1.with(&n, Ty::Int);
        match self.rng.below(4) {
            0 => {
                // Deep non-tail recursion.
                let base = self.atom(&Ty::Int, &en);
                let x = self.name("x");
                let comb = self.pure_step(&en.with(&x, Ty::Int));
                let k = self.rng.range(1, self.cfg.deep_max);
                let def = cat(vec![
                    t(format!(
                        "let rec {f} ({n} : int) : int =\n  if {n} <= 0 then "
                    )),
                    base,
                    t(format!(" else let {x} = {f} ({n} - 1) in ({x} + ")),
                    comb,
                    t(")\n"),
                ]);
                let call = t(format!("Printf.printf \"{f} %d\\n\" ({f} {k})"));
                (item(def), call)
            }
            1 => {
                // Tail recursion with an accumulator.
                let step = self.pure_step(&en.with(&acc, Ty::Int));
                let k = self.rng.range(1, self.cfg.tail_max);
                let def = cat(vec![
                    t(format!(
                        "let rec {f} ({n} : int) ({acc} : int) : int =\n  if {n} = 0 then {acc} else {f} ({n} - 1) ({acc} lxor "
                    )),
                    step,
                    t(")\n"),
                ]);
                let call = t(format!("Printf.printf \"{f} %d\\n\" ({f} {k} 0)"));
                (item(def), call)
            }
            2 => {
                // Mutual tail recursion.
                let g = self.name("r");
                let a = self.pure_step(&en.with(&acc, Ty::Int));
                let b = self.pure_step(&en.with(&acc, Ty::Int));
                let k = self.rng.range(1, self.cfg.tail_max);
                let def = cat(vec![
                    t(format!("let rec {f} ({n} : int) ({acc} : int) : int =\n  if {n} <= 0 then {acc} else {g} ({n} - 1) ({acc} + ")),
                    a,
                    t(format!(")\nand {g} ({n} : int) ({acc} : int) : int =\n  if {n} <= 0 then {acc} * 2 else {f} ({n} - 1) ({acc} lxor ")),
                    b,
                    t(")\n"),
                ]);
                let call = t(format!("Printf.printf \"{f} %d\\n\" ({f} {k} 1)"));
                (item(def), call)
            }
            _ => {
                // Build a long list without tail calls, then fold it.
                let x = self.pure_step(&en);
                let k = self.rng.range(1, self.cfg.deep_max);
                let def = cat(vec![
                    t(format!(
                        "let rec {f} ({n} : int) : int list =\n  if {n} = 0 then [] else "
                    )),
                    x,
                    t(format!(" :: {f} ({n} - 1)\n")),
                ]);
                let call = t(format!(
                    "(let l = {f} {k} in Printf.printf \"{f} %d %d\\n\" (List.length l) (List.fold_left (fun a b -> a * 31 + b) 0 (List.map (fun x -> x land 1023) l)))"
                ));
                (item(def), call)
            }
        }
    }

    /// `let () = try ... with e -> print_string (show_exn e)`.
    pub(super) fn top_statement(&mut self, env: &Env, body: Option<Node>) -> Node {
        let body = match body {
            Some(b) => cat(vec![b, t(";\n  ")]),
            None => {
                let d = self.cfg.expr_depth;
                let mut v = vec![];
                let mut env = env.clone();
                for _ in 0..self.rng.range(1, 4) {
                    if self.rng.chance(30) {
                        let (b, x, xt) = self.binding(&env, d);
                        v.push(item(b));
                        env = env.with(&x, xt);
                    } else {
                        let s = self.stmt(&env, d);
                        v.push(item(cat(vec![s, t(";\n  ")])));
                    }
                }
                cat(v)
            }
        };
        if !self.cfg.exceptions {
            return item(cat(vec![
                t("let () =\n  "),
                body,
                t("print_string \"--\\n\"\n"),
            ]));
        }
        let guarded = self.ex(
            &Ty::Unit,
            vec![
                t("(try\n  "),
                body,
                t("()\n  with e -> print_string (\"!\" ^ show_exn e ^ \"\\n\"))"),
            ],
        );
        item(cat(vec![
            t("let () =\n  "),
            guarded,
            t(";\n  print_string \"--\\n\"\n"),
        ]))
    }

    pub fn program(&mut self) -> Node {
        let mut items = vec![];
        items.extend(self.declare_types());
        items.extend(self.declare_exceptions());
        let mut env = Env::default();
        // Globals.
        for _ in 0..self.rng.range(0, 3) {
            let x = self.name("g");
            let ty = if self.rng.chance(30) {
                Ty::Ref(Box::new(Ty::Int))
            } else {
                self.data_type(2)
            };
            self.no_raise = false;
            let e = self.expr(&ty, &env, 2);
            self.no_raise = false;
            items.push(item(cat(vec![
                t(format!("let {x} : {} = ", ty.ocaml())),
                e,
                t("\n"),
            ])));
            env.vars.push(Var { name: x, ty });
        }
        let nf = self.rng.range(1, self.cfg.max_functions as i64);
        let ns = self.rng.range(1, self.cfg.max_statements as i64);
        let mut steps: Vec<u8> = (0..nf).map(|_| 0).chain((0..ns).map(|_| 1)).collect();
        // Interleave functions and statements, functions first on the whole.
        for i in 1..steps.len() {
            if self.rng.chance(30) {
                steps.swap(i - 1, i);
            }
        }
        for s in steps {
            if s == 0 {
                if self.rng.chance(30) {
                    let (def, call) = self.recursion(&env);
                    items.push(def);
                    items.push(self.top_statement(&env, Some(call)));
                } else {
                    let (def, v) = self.function(&env);
                    items.push(def);
                    env.vars.push(v);
                }
            } else {
                items.push(self.top_statement(&env, None));
            }
        }
        if self.cfg.allow_abnormal_exit && self.rng.chance(10) {
            let end = match self.rng.below(5) {
                0 => "let () = exit 3\n".to_string(),
                1 => "let () = raise Not_found\n".to_string(),
                2 => "let () = failwith \"the end\"\n".to_string(),
                3 => "let () = prerr_string \"stderr text\\n\"; exit 0\n".to_string(),
                _ if self.rng.chance(50) => "let () = raise (E0_never_declared)\n"
                    .replace("E0_never_declared", &self.exns[0].0.clone()),
                _ => "let () = invalid_arg \"last\"\n".to_string(),
            };
            // A user exception with arguments would need them: only the constant ones.
            let end = if end.contains("raise (E") && !self.exns[0].1.is_empty() {
                "let () = raise Exit\n".to_string()
            } else {
                end
            };
            items.push(item(t(end)));
        }
        cat(items)
    }
}
