//! Runs the stream-K tile loop that [`Shape::open_tiles`] and [`Shape::close_tiles`] emit,
//! instruction by instruction on the host, for every CTA of a schedule, and checks it visits
//! exactly the units [`StreamK::units`] lists, in that order, at the tile origins of the
//! launch order. The kernel's loop is PTX integer arithmetic; the schedule's proofs (exact
//! cover, the order of a tile's pieces) are about `units`; this ties the two together.

use std::collections::HashMap;
use std::sync::OnceLock;

use emit_ptx::ast::{Op, Operand, Reg, Stmt};
use proptest::prelude::*;
use tessellate::{GemmDType, GemmProblem, Plan};

use super::stream_k::StreamK;
use super::{Shape, TileAt};
use crate::CompileOptions;
use crate::builder::Builder;

/// Marks the loop body in the emitted statements.
const BODY: &str = "tile loop body";

/// Emits the loop of `sh` with a marked body.
fn emit(sh: &Shape) -> (Vec<Stmt>, TileAt) {
    let mut b = Builder::default();
    let (lp, at) = sh.open_tiles(&mut b, "T");
    b.comment(BODY);
    sh.close_tiles(&mut b, lp);
    (b.body, at)
}

/// The value of an operand: a register, an immediate, or `%ctaid.x` / `%nctaid.x`.
fn value(regs: &HashMap<Reg, u32>, o: &Operand, cta: u32, grid: u32) -> u32 {
    match o {
        Operand::Reg(x) => *regs
            .get(x)
            .unwrap_or_else(|| panic!("{x:?} read before set")),
        Operand::Imm(v) => *v as u32,
        Operand::Sym(s) if s == "%ctaid.x" => cta,
        Operand::Sym(s) if s == "%nctaid.x" => grid,
        other => panic!("operand {other:?}"),
    }
}

/// Runs the loop for CTA `cta` of `grid`; the `(m0, n0, kbeg, count)` of every body visit.
fn run(body: &[Stmt], at: &TileAt, cta: u32, grid: u32) -> Vec<[u32; 4]> {
    let labels: HashMap<&str, usize> = body
        .iter()
        .enumerate()
        .filter_map(|(i, s)| match s {
            Stmt::Label(l) => Some((l.as_str(), i)),
            _ => None,
        })
        .collect();
    let mut regs: HashMap<Reg, u32> = HashMap::new();
    let mut seen = Vec::new();
    let mut pc = 0;
    let mut steps = 0;
    while pc < body.len() {
        steps += 1;
        assert!(steps < 1_000_000, "CTA {cta}: the loop does not end");
        let i = match &body[pc] {
            Stmt::Comment(c) if c == BODY => {
                seen.push([at.m0, at.n0, at.kbeg, at.count].map(|x| regs[&x]));
                pc += 1;
                continue;
            }
            Stmt::Instr(i) => i,
            _ => {
                pc += 1;
                continue;
            }
        };
        pc += 1;
        if let Some(g) = i.guard
            && (regs[&g.pred] != 0) == g.negated
        {
            continue;
        }
        let v = |k: usize| value(&regs, &i.operands[k], cta, grid);
        let mods: Vec<&str> = i.mods.iter().map(String::as_str).collect();
        let out = match (i.op, mods.as_slice()) {
            (Op::Bra, _) => {
                let Operand::Sym(l) = &i.operands[0] else {
                    panic!("{i:?}")
                };
                pc = labels[l.as_str()];
                continue;
            }
            (Op::Trap, _) => panic!("CTA {cta}: trap"),
            (Op::Mov, _) => v(1),
            (Op::Add, _) => v(1).wrapping_add(v(2)),
            (Op::Sub, _) => v(1).wrapping_sub(v(2)),
            (Op::Mul, ["lo", _]) => v(1).wrapping_mul(v(2)),
            (Op::Mad, ["lo", _]) => v(1).wrapping_mul(v(2)).wrapping_add(v(3)),
            (Op::Div, _) => v(1) / v(2),
            (Op::Rem, _) => v(1) % v(2),
            (Op::Min, _) => v(1).min(v(2)),
            (Op::Max, _) => v(1).max(v(2)),
            (Op::Selp, _) => {
                if v(3) != 0 {
                    v(1)
                } else {
                    v(2)
                }
            }
            (Op::Setp, [cmp, rest @ ..]) => {
                let (a, b) = (v(1), v(2));
                let t = match *cmp {
                    "eq" => a == b,
                    "ne" => a != b,
                    "lt" => a < b,
                    "le" => a <= b,
                    "ge" => a >= b,
                    "gt" => a > b,
                    other => panic!("setp.{other}"),
                };
                let t = if rest.first() == Some(&"and") {
                    t && v(3) != 0
                } else {
                    t
                };
                u32::from(t)
            }
            (op, m) => panic!("not interpreted: {op:?} {m:?}"),
        };
        let Operand::Reg(d) = i.operands[0] else {
            panic!("{i:?}")
        };
        regs.insert(d, out);
    }
    seen
}

/// The launch order's tile `(m, n)` of linear tile `t` (`raster` with one CTA per tile).
fn raster(t: i64, gm: i64, gn: i64, group: i64) -> (i64, i64) {
    let per_group = group * gn;
    let first = t / per_group * group;
    let size = (gm - first).min(group);
    let within = t % per_group;
    (within % size + first, within / size)
}

/// A 4096^3 f16 stream-K shape to vary (its plan ranked once).
fn base_shape() -> Shape {
    static PLAN: OnceLock<(Plan, CompileOptions)> = OnceLock::new();
    let (plan, copts) = PLAN.get_or_init(|| {
        let t = hw_models::target("sm_90a", None).unwrap();
        let p = GemmProblem::new(4096, 4096, 4096, 1, GemmDType::F16).unwrap();
        let opts = tessellate::Options {
            stream_k: true,
            ..tessellate::Options::default()
        };
        let plan = tessellate::plans(&p, &t, &opts).unwrap().plans.remove(0);
        let copts = CompileOptions {
            smem_limit: t.smem_max_per_cta,
            smem_per_sm: t.smem_bytes_per_sm,
            sms: t.sms,
            stream_k: Some(true),
            ..CompileOptions::default()
        };
        (plan, copts)
    });
    Shape::of(plan, copts).unwrap()
}

/// Checks every CTA of `gm x gn` tiles of `kt` k-tiles on `ctas` CTAs, launch-order groups
/// of `group` tile rows.
fn check(gm: i64, gn: i64, kt: i64, ctas: i64, group: i64) {
    let mut sh = base_shape();
    let sk = StreamK::new(gm * gn, kt, ctas);
    (sh.gm, sh.gn, sh.kt_count, sh.raster_group, sh.sk) = (gm, gn, kt, group, Some(sk));
    let (bm, bn) = (sh.stage_readers() * sh.wm, sh.bn);
    let (body, at) = emit(&sh);
    for g in 0..ctas {
        let want: Vec<[u32; 4]> = sk
            .units(g)
            .iter()
            .map(|u| {
                let (m, n) = raster(u.tile, gm, gn, group);
                [m * bm, n * bn, u.k0, u.count].map(|x| x as u32)
            })
            .collect();
        assert_eq!(
            run(&body, &at, g as u32, ctas as u32),
            want,
            "{sk:?} CTA {g}"
        );
    }
}

#[test]
fn the_4096_cube_loop_visits_the_schedule() {
    check(32, 16, 64, 132, 8);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn emitted_loops_visit_the_schedule(
        gm in 1i64..20, gn in 1i64..20, kt in 1i64..70, ctas in 1i64..140, group in 1i64..10
    ) {
        check(gm, gn, kt, ctas, group);
    }
}
