//! Pattern matching: random patterns over the generated types and `match` expressions.

use super::*;

impl Gen<'_> {
    // Pattern matching
    // ---------------------------------------------------------------------------------

    /// A pattern of type `ty`; variables it binds are added to `binds` (only if `vars`).
    pub(super) fn pattern(
        &mut self,
        ty: &Ty,
        vars: bool,
        depth: u32,
        binds: &mut Vec<(String, Ty)>,
    ) -> String {
        if self.rng.chance(15) {
            return "_".into();
        }
        if vars && self.rng.chance(20) {
            let x = self.name("p");
            binds.push((x.clone(), ty.clone()));
            return x;
        }
        if depth > 0 && vars && self.rng.chance(8) {
            let x = self.name("q");
            let p = self.pattern(ty, vars, depth - 1, binds);
            binds.push((x.clone(), ty.clone()));
            return format!("({p} as {x})");
        }
        if depth > 0 && self.rng.chance(10) {
            // An or-pattern binding nothing.
            let a = self.pattern(ty, false, depth - 1, binds);
            let b = self.pattern(ty, false, depth - 1, binds);
            return format!("({a} | {b})");
        }
        let d = depth.saturating_sub(1);
        match ty {
            Ty::Int => int_lit(self.rng.range(-2, 5)),
            Ty::Bool => if self.rng.chance(50) { "true" } else { "false" }.into(),
            Ty::Char => {
                if self.rng.chance(30) {
                    "('a' .. 'm')".into()
                } else {
                    char_lit(self.char_const())
                }
            }
            Ty::Str => self.string_const(),
            Ty::Unit => "()".into(),
            Ty::List(el) => match self.rng.below(3) {
                0 => "[]".into(),
                1 if depth > 0 => {
                    let h = self.pattern(el, vars, d, binds);
                    let tl = self.pattern(ty, vars, d, binds);
                    format!("({h} :: {tl})")
                }
                _ => {
                    let a = self.pattern(el, vars, d, binds);
                    format!("[{a}]")
                }
            },
            Ty::Option(el) => {
                if self.rng.chance(30) {
                    "None".into()
                } else {
                    let p = self.pattern(el, vars, d, binds);
                    format!("(Some {p})")
                }
            }
            Ty::Tuple(ts) => {
                let ps: Vec<String> = ts
                    .clone()
                    .iter()
                    .map(|et| self.pattern(et, vars, d, binds))
                    .collect();
                format!("({})", ps.join(", "))
            }
            Ty::Ref(el) => {
                let p = self.pattern(el, vars, d, binds);
                format!("{{ contents = {p} }}")
            }
            Ty::Adt(i) => {
                let k = self.rng.below(self.adts[*i].ctors.len());
                let (c, args) = self.adts[*i].ctors[k].clone();
                if args.is_empty() {
                    c
                } else {
                    let ps: Vec<String> = args
                        .iter()
                        .map(|a| self.pattern(a, vars, d, binds))
                        .collect();
                    format!("({c} ({}))", ps.join(", "))
                }
            }
            Ty::Rec(i) => {
                let fields: Vec<(String, Ty)> = self.recs[*i]
                    .fields
                    .iter()
                    .map(|(f, ty, _)| (f.clone(), ty.clone()))
                    .collect();
                let (f, ft) = self.rng.pick(&fields).clone();
                let p = self.pattern(&ft, vars, d, binds);
                format!("{{ {f} = {p}; _ }}")
            }
            Ty::Fun(..) => "_".into(),
        }
    }

    pub(super) fn match_expr(&mut self, ty: &Ty, env: &Env, d: u32) -> Node {
        let st = self.data_type(2);
        let scrut = self.expr(&st, env, d);
        let mut v = vec![t("(match "), scrut, t(" with")];
        for _ in 0..self.rng.range(1, 4) {
            let mut binds = vec![];
            let p = self.pattern(&st, true, 2, &mut binds);
            let mut e2 = env.clone();
            for (n, bt) in &binds {
                e2 = e2.with(n, bt.clone());
            }
            let guard = if self.rng.chance(25) {
                let g = self.expr(&Ty::Bool, &e2, d.min(2));
                cat(vec![t(" when "), g])
            } else {
                t("")
            };
            let body = self.expr(ty, &e2, d);
            v.push(item(cat(vec![
                t(format!(" | {p}")),
                guard,
                t(" -> "),
                body,
            ])));
        }
        // Without a last catch-all arm the match may raise Match_failure.
        if !self.rng.chance(4) {
            let e = self.expr(ty, env, d);
            v.push(cat(vec![t(" | _ -> "), e]));
        }
        v.push(t(")"));
        self.ex(ty, v)
    }
}
