//! Every encoder form, over many registers and addressing special cases, decoded by iced-x86
//! and compared with the text egret's printer gives for the same instruction.

use crate::backend::x64::encode::{self, AluEnc, Mem};
use crate::backend::x64::inst::{Amode, Cond, Gpr, Reg, ShiftKind, ALL_GPRS};
use crate::backend::x64::print::{show_amode, show_imm};
use iced_x86::{Decoder, DecoderOptions, Formatter, IntelFormatter, MemorySizeOptions};

fn formatter() -> IntelFormatter {
    let mut f = IntelFormatter::new();
    let o = f.options_mut();
    o.set_space_after_operand_separator(true);
    o.set_hex_prefix("0x");
    o.set_hex_suffix("");
    o.set_uppercase_hex(false);
    o.set_small_hex_numbers_in_decimal(false);
    o.set_signed_immediate_operands(true);
    o.set_signed_memory_displacements(true);
    o.set_memory_size_options(MemorySizeOptions::Always);
    o.set_rip_relative_addresses(true);
    o.set_branch_leading_zeros(false);
    o.set_displacement_leading_zeros(false);
    o.set_leading_zeros(false);
    f
}

/// Decodes `bytes` as exactly one instruction and formats it.
fn decode(bytes: &[u8]) -> String {
    let mut d = Decoder::with_ip(64, bytes, 0, DecoderOptions::NONE);
    let inst = d.decode();
    let mut s = String::new();
    if inst.is_invalid() || inst.len() != bytes.len() {
        return format!(
            "<invalid or wrong length {} of {}: {bytes:02x?}>",
            inst.len(),
            bytes.len()
        );
    }
    formatter().format(&inst, &mut s);
    s
}

struct Check {
    n: usize,
    failures: Vec<String>,
}

impl Check {
    fn case(&mut self, want: String, enc: impl FnOnce(&mut Vec<u8>)) {
        let mut v = Vec::new();
        enc(&mut v);
        let got = decode(&v);
        self.n += 1;
        if got != want {
            self.failures
                .push(format!("want `{want}`, iced decodes {v:02x?} as `{got}`"));
        }
    }
}

fn amode_text(base: Gpr, index: Option<(Gpr, u8)>, disp: i32, size: &str) -> String {
    let a = Amode {
        base: Reg::phys(base),
        index: index.map(|(i, s)| (Reg::phys(i), s)),
        disp,
    };
    show_amode(&a, size)
}

/// `(base, index and shift, displacement)`.
type Addressing = (Gpr, Option<(Gpr, u8)>, i32);

fn addressing_modes() -> Vec<Addressing> {
    let mut v = Vec::new();
    for base in ALL_GPRS {
        for disp in [0, 8, -8, 127, 128, -129, 0x12345] {
            v.push((base, None, disp));
        }
        for index in ALL_GPRS.iter().filter(|g| **g != Gpr::Rsp) {
            for shift in [0, 1, 2, 3] {
                v.push((
                    base,
                    Some((*index, shift)),
                    if shift == 2 { -2 } else { 0x40 },
                ));
            }
        }
    }
    v
}

#[test]
fn encoder_forms_decode_as_printed() {
    let mut c = Check {
        n: 0,
        failures: Vec::new(),
    };
    let q = |g: Gpr| g.name(8);
    for d in ALL_GPRS {
        for s in ALL_GPRS {
            c.case(format!("mov {}, {}", q(d), q(s)), |v| {
                encode::mov_rr(v, d, s)
            });
            for (op, name) in [
                (AluEnc::Add, "add"),
                (AluEnc::Or, "or"),
                (AluEnc::And, "and"),
                (AluEnc::Sub, "sub"),
                (AluEnc::Xor, "xor"),
                (AluEnc::Cmp, "cmp"),
            ] {
                c.case(format!("{name} {}, {}", q(d), q(s)), |v| {
                    encode::alu_rr(v, op, d, s)
                });
            }
            c.case(format!("test {}, {}", q(d), q(s)), |v| {
                encode::test_rr(v, d, s)
            });
            c.case(format!("imul {}, {}", q(d), q(s)), |v| {
                encode::imul_rr(v, d, s)
            });
            c.case(format!("movzx {}, {}", d.name(4), s.name(1)), |v| {
                encode::movzx_r8(v, d, s)
            });
            for imm in [3, -100, 0x12345] {
                let srcs = if d == s {
                    String::new()
                } else {
                    format!(" {},", q(s))
                };
                c.case(
                    format!("imul {},{srcs} {}", q(d), show_imm(imm as i64)),
                    |v| encode::imul_rri(v, d, s, imm),
                );
            }
        }
        for imm in [
            0i64,
            1,
            0x7fff_ffff,
            0xffff_ffff,
            -1,
            -0x8000_0000,
            0x1_0000_0000,
            i64::MIN,
        ] {
            // iced shows a 32-bit immediate signed.
            let (name, shown) = if (0..=u32::MAX as i64).contains(&imm) {
                (d.name(4), imm as u32 as i32 as i64)
            } else {
                (q(d), imm)
            };
            c.case(format!("mov {name}, {}", show_imm(shown)), |v| {
                encode::mov_ri(v, d, imm)
            });
        }
        for imm in [1, -1, 127, 128, -128, -129, 0x1234_5678] {
            for (op, name) in [
                (AluEnc::Add, "add"),
                (AluEnc::Sub, "sub"),
                (AluEnc::Cmp, "cmp"),
                (AluEnc::Xor, "xor"),
            ] {
                c.case(format!("{name} {}, {}", q(d), show_imm(imm as i64)), |v| {
                    encode::alu_ri(v, op, d, imm)
                });
            }
            c.case(format!("test {}, {}", q(d), show_imm(imm as i64)), |v| {
                encode::test_ri(v, d, imm)
            });
        }
        for (k, name) in [
            (ShiftKind::Shl, "shl"),
            (ShiftKind::Shr, "shr"),
            (ShiftKind::Sar, "sar"),
        ] {
            c.case(format!("{name} {}, 0x1", q(d)), |v| {
                encode::shift_ri(v, k, d, 1)
            });
            c.case(format!("{name} {}, 0x9", q(d)), |v| {
                encode::shift_ri(v, k, d, 9)
            });
            c.case(format!("{name} {}, cl", q(d)), |v| {
                encode::shift_rcl(v, k, d)
            });
        }
        c.case(format!("neg {}", q(d)), |v| encode::neg(v, d));
        c.case(format!("idiv {}", q(d)), |v| encode::idiv(v, d));
        c.case(format!("imul {}", q(d)), |v| encode::imul1(v, d));
        c.case(format!("push {}", q(d)), |v| encode::push(v, d));
        c.case(format!("pop {}", q(d)), |v| encode::pop(v, d));
        c.case(format!("call {}", q(d)), |v| encode::call_r(v, d));
        c.case(format!("jmp {}", q(d)), |v| encode::jmp_r(v, d));
        for cc in (0..16).map(Cond::from_enc) {
            c.case(format!("set{} {}", cc.suffix(), d.name(1)), |v| {
                encode::setcc(v, cc, d)
            });
        }
        c.case(format!("lea {}, [rip+0x10]", q(d)), |v| {
            encode::lea(v, d, &Mem::Rip { disp: 0x10 });
        });
        let rip = Mem::Rip { disp: 0x10 };
        c.case(format!("mov {}, qword ptr [rip+0x10]", q(d)), |v| {
            encode::load(v, d, &rip);
        });
        c.case(format!("mov qword ptr [rip+0x10], {}", q(d)), |v| {
            encode::store(v, &rip, d);
        });
        c.case(format!("cmp {}, qword ptr [rip+0x10]", q(d)), |v| {
            encode::alu_rm(v, AluEnc::Cmp, d, &rip);
        });
        for (base, index, disp) in addressing_modes() {
            let m = Mem::Base { base, index, disp };
            let qm = amode_text(base, index, disp, "qword");
            c.case(format!("mov {}, {qm}", q(d)), |v| {
                encode::load(v, d, &m);
            });
            c.case(format!("mov {qm}, {}", q(d)), |v| {
                encode::store(v, &m, d);
            });
            let lm = amode_text(base, index, disp, "");
            c.case(format!("lea {}, {lm}", q(d)), |v| {
                encode::lea(v, d, &m);
            });
            if d == Gpr::Rax || d == Gpr::R13 {
                let bm = amode_text(base, index, disp, "byte");
                c.case(format!("movzx {}, {bm}", d.name(4)), |v| {
                    encode::movzx_load8(v, d, &m);
                });
                let dm = amode_text(base, index, disp, "dword");
                c.case(format!("movsxd {}, {dm}", q(d)), |v| {
                    encode::movsxd_load32(v, d, &m);
                });
                c.case(format!("mov {qm}, -0x3"), |v| encode::store_imm(v, &m, -3));
                for (op, name) in [(AluEnc::Cmp, "cmp"), (AluEnc::Add, "add")] {
                    c.case(format!("{name} {}, {qm}", q(d)), |v| {
                        encode::alu_rm(v, op, d, &m);
                    });
                }
            }
        }
    }
    c.case("cqo".into(), encode::cqo);
    c.case("ret".into(), encode::ret);
    c.case("ud2".into(), encode::ud2);
    // Branches at ip 0: the target is the end of the instruction plus the displacement.
    c.case("jmp 0x105".into(), |v| {
        encode::jmp_rel32(v, 0x100);
    });
    c.case("call 0x5".into(), |v| {
        encode::call_rel32(v, 0);
    });
    c.case("jmp short 0x12".into(), |v| {
        encode::jmp_rel8(v, 0x10);
    });
    for cc in (0..16).map(Cond::from_enc) {
        c.case(format!("j{} 0x26", cc.suffix()), |v| {
            encode::jcc_rel32(v, cc, 0x20);
        });
        c.case(format!("j{} short 0x2", cc.suffix()), |v| {
            encode::jcc_rel8(v, cc, 0);
        });
    }
    assert!(c.n > 10_000, "{} cases", c.n);
    assert!(
        c.failures.is_empty(),
        "{} of {} forms differ:\n{}",
        c.failures.len(),
        c.n,
        c.failures[..c.failures.len().min(60)].join("\n")
    );
}

#[test]
fn sse_forms_decode_as_printed() {
    use crate::backend::x64::inst::{FAluOp, Xmm};
    let mut c = Check {
        n: 0,
        failures: Vec::new(),
    };
    let x = |n: u8| Xmm(n).name();
    for d in 0..16u8 {
        for s in 0..16u8 {
            let (xd, xs) = (Xmm(d), Xmm(s));
            c.case(format!("movapd {}, {}", x(d), x(s)), |v| {
                encode::movapd(v, xd, xs)
            });
            for op in [FAluOp::Add, FAluOp::Sub, FAluOp::Mul, FAluOp::Div] {
                c.case(format!("{} {}, {}", op.name(), x(d), x(s)), |v| {
                    encode::falu(v, op, xd, xs)
                });
            }
            c.case(format!("sqrtsd {}, {}", x(d), x(s)), |v| {
                encode::sqrtsd(v, xd, xs)
            });
            c.case(format!("ucomisd {}, {}", x(d), x(s)), |v| {
                encode::ucomisd(v, xd, xs)
            });
            c.case(format!("xorpd {}, {}", x(d), x(s)), |v| {
                encode::xorpd(v, xd, xs)
            });
        }
        for g in ALL_GPRS {
            let xd = Xmm(d);
            c.case(format!("movq {}, {}", x(d), g.name(8)), |v| {
                encode::movq_to_xmm(v, xd, g)
            });
            c.case(format!("movq {}, {}", g.name(8), x(d)), |v| {
                encode::movq_from_xmm(v, g, xd)
            });
            c.case(format!("cvtsi2sd {}, {}", x(d), g.name(8)), |v| {
                encode::cvtsi2sd(v, xd, g)
            });
            c.case(format!("cvttsd2si {}, {}", g.name(8), x(d)), |v| {
                encode::cvttsd2si(v, g, xd)
            });
        }
        for (base, index, disp) in addressing_modes() {
            let m = Mem::Base { base, index, disp };
            let xd = Xmm(d);
            c.case(
                format!("movsd {}, {}", x(d), amode_text(base, index, disp, "qword")),
                |v| {
                    encode::movsd_load(v, xd, &m);
                },
            );
            c.case(
                format!("movsd {}, {}", amode_text(base, index, disp, "qword"), x(d)),
                |v| {
                    encode::movsd_store(v, &m, xd);
                },
            );
        }
    }
    for g in ALL_GPRS {
        c.case(format!("btc {}, 0x3f", g.name(8)), |v| {
            encode::bt_ri(v, true, g, 63)
        });
        c.case(format!("btr {}, 0x3f", g.name(8)), |v| {
            encode::bt_ri(v, false, g, 63)
        });
    }
    assert!(c.n > 10_000, "{} cases", c.n);
    assert!(
        c.failures.is_empty(),
        "{} of {} forms:\n{}",
        c.failures.len(),
        c.n,
        c.failures[..c.failures.len().min(20)].join("\n")
    );
}
