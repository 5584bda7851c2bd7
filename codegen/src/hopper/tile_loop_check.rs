//! Runs the stream-K tile loop that [`Shape::open_tiles`] and [`Shape::close_tiles`] emit
//! in the PTX simulator (`ptx-sim`), for every CTA of a schedule, and checks it visits
//! exactly the units [`StreamK::units`] lists, in that order, at the tile origins of the
//! launch order. The kernel's loop is PTX integer arithmetic; the schedule's proofs (exact
//! cover, the order of a tile's pieces) are about `units`; this ties the two together.

use std::sync::OnceLock;

use emit_ptx::ast::{Entry, Module, Op, Operand, Param, ParamType, RegClass};
use proptest::prelude::*;
use ptx_sim::{Arg, Global, Launch};
use tessellate::{GemmDType, GemmProblem, Plan};

use super::Shape;
use super::stream_k::StreamK;
use crate::CompileOptions;
use crate::builder::{Builder, addr, imm, r, sym, vec};

/// A one-thread kernel of `sh`'s tile loop whose body writes `(m0, n0, kbeg, count)` of
/// each visit to the CTA's next 16-byte slot of `out` (`slots` per CTA).
fn loop_kernel(sh: &Shape, slots: i64) -> Module {
    let mut b = Builder::default();
    let (out, next) = (b.reg(RegClass::B64), b.reg(RegClass::B64));
    b.emit(
        Op::Ld,
        "param.u64",
        vec![r(out), Operand::addr(sym("out"), 0)],
    );
    let cta = b.reg(RegClass::B32);
    b.emit(Op::Mov, "u32", vec![r(cta), sym("%ctaid.x")]);
    b.emit(Op::Mul, "wide.u32", vec![r(next), r(cta), imm(slots * 16)]);
    b.emit(Op::Add, "u64", vec![r(next), r(next), r(out)]);
    let (lp, at) = sh.open_tiles(&mut b, "T");
    let visit = vec(&[at.m0, at.n0, at.kbeg, at.count]);
    b.emit(Op::St, "global.v4.u32", vec![addr(next, 0), visit]);
    b.emit(Op::Add, "u64", vec![r(next), r(next), imm(16)]);
    sh.close_tiles(&mut b, lp);
    b.emit(Op::Ret, "", vec![]);
    let mut entry = Entry::new("tile_loop");
    entry.params = vec![Param::new(ParamType::U64, "out")];
    entry.regs = b.decls();
    entry.body = b.body;
    Module {
        version: (8, 0),
        target: "sm_90a".into(),
        entries: vec![entry],
    }
}

/// Runs the loop on `ctas` one-thread CTAs of `slots` slots each (all-ones until written);
/// each CTA's visits.
fn run(module: &Module, ctas: i64, slots: i64) -> Vec<Vec<[u32; 4]>> {
    let mut g = Global::default();
    let out = g.alloc(vec![0xFF; (ctas * slots * 16) as usize]);
    let launch = Launch {
        grid: [ctas as u32, 1, 1],
        block: [1, 1, 1],
        dynamic_smem: 0,
    };
    ptx_sim::run(module, "tile_loop", &launch, &[Arg::U64(out)], &mut g).unwrap();
    let words = g.words(out).unwrap();
    words
        .chunks((slots * 4) as usize)
        .map(|cta| {
            cta.chunks(4)
                .map(|v| [v[0], v[1], v[2], v[3]])
                .take_while(|v| *v != [u32::MAX; 4])
                .collect()
        })
        .collect()
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
    // One slot more than any CTA's units, so a loop that ran on would write past them.
    let slots = (0..ctas)
        .map(|g| sk.units(g).len() as i64)
        .max()
        .unwrap_or(0)
        + 1;
    let seen = run(&loop_kernel(&sh, slots), ctas, slots);
    for (g, seen) in seen.iter().enumerate() {
        let want: Vec<[u32; 4]> = sk
            .units(g as i64)
            .iter()
            .map(|u| {
                let (m, n) = raster(u.tile, gm, gn, group);
                [m * bm, n * bn, u.k0, u.count].map(|x| x as u32)
            })
            .collect();
        assert_eq!(seen, &want, "{sk:?} CTA {g}");
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
