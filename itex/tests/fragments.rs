//! Canonical iTex fragment maps against an independent oracle.
//!
//! The oracle below is the PTX ISA's row/column formulas written out literally, per element index
//! `i`, `groupID = %laneid >> 2` and `threadID_in_group = %laneid % 4` (and, for wgmma, the warp's
//! rank in the warpgroup). It shares no code with `itex::canonical`: it never builds a layout.
//!
//! Sources:
//! - PTX ISA 9.7.14.5.7 Matrix Fragments for mma.m16n8k8 (.tf32 A, B; C/D);
//! - PTX ISA 9.7.14.5.8 Matrix Fragments for mma.m16n8k16 with floating point type;
//! - PTX ISA 9.7.14.5.10 Matrix Fragments for mma.m16n8k32 (.s8 A, B; C/D);
//! - PTX ISA 9.7.15.5.1.1.1 / 9.7.15.5.1.1.2 wgmma m64nNk16 / m64nNk8 register fragments
//!   (Figures 148-151; the ISA gives these only as pictures: warp `w` of the warpgroup owns rows
//!   `16w .. 16w+15`, laid out like the mma.m16n8 fragments; D repeats the 8-column C pattern
//!   N/8 times along n);
//! - PTX ISA 9.7.3.6 / 9.7.4.4 `fma` (.f32; .f16x2: `d[i] = a[i]*b[i] + c[i]`, half word i).

use itex::canonical::{all_canonical, canonical};
use itex::{DType, ITex, InstrOperand, Instruction, Layout, TaskKind};

/// `(row, col)` of an element in its matrix (A: `(m, k)`, B: `(k, n)`, C/D: `(m, n)`).
type Rc = (i64, i64);

/// One ISA formula: `(thread, element index) -> (row, col)`.
type Formula = fn(i64, i64) -> Rc;

fn group_id(lane: i64) -> i64 {
    lane >> 2
}

fn thread_in_group(lane: i64) -> i64 {
    lane % 4
}

// ---- mma.m16n8k8, .tf32 (9.7.14.5.7) ----------------------------------------------------------

fn m16n8k8_tf32_a(lane: i64, i: i64) -> Rc {
    let (g, t) = (group_id(lane), thread_in_group(lane));
    let row = if i == 0 || i == 2 { g } else { g + 8 };
    let col = if i == 0 || i == 1 { t } else { t + 4 };
    (row, col)
}

fn m16n8k8_tf32_b(lane: i64, i: i64) -> Rc {
    let (g, t) = (group_id(lane), thread_in_group(lane));
    let row = if i == 0 { t } else { t + 4 };
    (row, g)
}

// ---- C/D of mma.m16n8kK (identical in 9.7.14.5.7, .8 and .10) ---------------------------------

fn m16n8_cd(lane: i64, i: i64) -> Rc {
    let (g, t) = (group_id(lane), thread_in_group(lane));
    let row = if i < 2 { g } else { g + 8 };
    let col = t * 2 + (i & 0x1);
    (row, col)
}

// ---- mma.m16n8k16, .f16/.bf16 (9.7.14.5.8) ----------------------------------------------------

fn m16n8k16_f16_a(lane: i64, i: i64) -> Rc {
    let (g, t) = (group_id(lane), thread_in_group(lane));
    let row = if (0..2).contains(&i) || (4..6).contains(&i) {
        g
    } else {
        g + 8
    };
    let col = if i < 4 {
        t * 2 + (i & 0x1)
    } else {
        t * 2 + (i & 0x1) + 8
    };
    (row, col)
}

fn m16n8k16_f16_b(lane: i64, i: i64) -> Rc {
    let (g, t) = (group_id(lane), thread_in_group(lane));
    let row = if i < 2 {
        t * 2 + (i & 0x1)
    } else {
        t * 2 + (i & 0x1) + 8
    };
    (row, g)
}

// ---- mma.m16n8k32, .s8 (9.7.14.5.10) ----------------------------------------------------------

fn m16n8k32_s8_a(lane: i64, i: i64) -> Rc {
    let (g, t) = (group_id(lane), thread_in_group(lane));
    let row = if (0..4).contains(&i) || (8..12).contains(&i) {
        g
    } else {
        g + 8
    };
    let col = if i < 8 {
        t * 4 + (i & 0x3)
    } else {
        t * 4 + (i & 0x3) + 16
    };
    (row, col)
}

fn m16n8k32_s8_b(lane: i64, i: i64) -> Rc {
    let (g, t) = (group_id(lane), thread_in_group(lane));
    let row = if i < 4 {
        t * 4 + (i & 0x3)
    } else {
        t * 4 + (i & 0x3) + 16
    };
    (row, g)
}

// ---- wgmma register fragments (9.7.15.5.1.1.1 / .2, Figures 148-151) --------------------------
// Thread `tid` of the warpgroup is lane `tid % 32` of warp `tid / 32`.

fn wgmma_k16_a(tid: i64, i: i64) -> Rc {
    let (warp, lane) = (tid / 32, tid % 32);
    let (g, t) = (group_id(lane), thread_in_group(lane));
    let row = 16 * warp + if i % 4 < 2 { g } else { g + 8 };
    let col = if i < 4 {
        t * 2 + i % 2
    } else {
        t * 2 + i % 2 + 8
    };
    (row, col)
}

fn wgmma_k8_tf32_a(tid: i64, i: i64) -> Rc {
    let (warp, lane) = (tid / 32, tid % 32);
    let (g, t) = (group_id(lane), thread_in_group(lane));
    let row = 16 * warp + if i % 2 == 0 { g } else { g + 8 };
    let col = if i < 2 { t } else { t + 4 };
    (row, col)
}

fn wgmma_d(tid: i64, i: i64) -> Rc {
    let (warp, lane) = (tid / 32, tid % 32);
    let (g, t) = (group_id(lane), thread_in_group(lane));
    let row = 16 * warp + if i % 4 < 2 { g } else { g + 8 };
    let col = (i / 4) * 8 + t * 2 + i % 2;
    (row, col)
}

/// B of wgmma is the shared-memory `(K, N)` tile itself: one "thread", value `v = k + K * n`.
fn wgmma_b(k_extent: i64) -> impl Fn(i64, i64) -> Rc {
    move |_t, v| (v % k_extent, v / k_extent)
}

// ---- the expected table, per instruction ------------------------------------------------------

/// What one operand map must be: thread count, values per thread, tile extents, and the oracle.
struct Expect {
    threads: i64,
    values: i64,
    /// Extents of the operand tile; every map hits each tile point exactly once.
    tile: Vec<i64>,
    oracle: Box<dyn Fn(i64, i64) -> Vec<i64>>,
}

fn rc(f: impl Fn(i64, i64) -> Rc + 'static) -> Box<dyn Fn(i64, i64) -> Vec<i64>> {
    Box::new(move |t, v| {
        let (r, c) = f(t, v);
        vec![r, c]
    })
}

fn expect(
    threads: i64,
    values: i64,
    tile: &[i64],
    oracle: Box<dyn Fn(i64, i64) -> Vec<i64>>,
) -> Expect {
    Expect {
        threads,
        values,
        tile: tile.to_vec(),
        oracle,
    }
}

/// Expected `[a, b, c, d]` maps and task extents for `instr`, written from the ISA tables.
fn table(instr: Instruction) -> (Vec<i64>, [Expect; 4]) {
    match instr {
        Instruction::Ffma => {
            let f = || expect(32, 1, &[32], Box::new(|t, _v| vec![t]));
            (vec![32], [f(), f(), f(), f()])
        }
        Instruction::Hfma2 => {
            // fma.f16x2: half word v (0 = bits 0..15) of lane t is element q = 2t + v.
            let f = || expect(32, 2, &[64], Box::new(|t, v| vec![2 * t + v]));
            (vec![64], [f(), f(), f(), f()])
        }
        Instruction::Mma { ab, .. } => {
            let (k, a, b, av, bv): (i64, Formula, Formula, i64, i64) = match ab {
                DType::TF32 => (8, m16n8k8_tf32_a, m16n8k8_tf32_b, 4, 2),
                DType::F16 | DType::BF16 => (16, m16n8k16_f16_a, m16n8k16_f16_b, 8, 4),
                DType::S8 => (32, m16n8k32_s8_a, m16n8k32_s8_b, 16, 8),
                other => panic!("no mma for {other}"),
            };
            (
                vec![16, 8, k],
                [
                    expect(32, av, &[16, k], rc(a)),
                    expect(32, bv, &[k, 8], rc(b)),
                    expect(32, 4, &[16, 8], rc(m16n8_cd)),
                    expect(32, 4, &[16, 8], rc(m16n8_cd)),
                ],
            )
        }
        Instruction::Wgmma { n, ab, .. } => {
            let n = i64::from(n);
            let (k, a, av): (i64, Formula, i64) = match ab {
                DType::TF32 => (8, wgmma_k8_tf32_a, 4),
                DType::F16 | DType::BF16 => (16, wgmma_k16_a, 8),
                other => panic!("no wgmma for {other}"),
            };
            (
                vec![64, n, k],
                [
                    expect(128, av, &[64, k], rc(a)),
                    expect(1, k * n, &[k, n], rc(wgmma_b(k))),
                    expect(128, n / 2, &[64, n], rc(wgmma_d)),
                    expect(128, n / 2, &[64, n], rc(wgmma_d)),
                ],
            )
        }
        Instruction::Ex2 => panic!("ex2 has no table"),
    }
}

/// Instructions with canonical iTex, listed independently of `itex::canonical`.
fn expected_instructions() -> Vec<Instruction> {
    let mut v = vec![Instruction::Ffma, Instruction::Hfma2];
    for (m, n, k, ab, acc) in [
        (16, 8, 8, DType::TF32, DType::F32),
        (16, 8, 16, DType::F16, DType::F32),
        (16, 8, 16, DType::F16, DType::F16),
        (16, 8, 16, DType::BF16, DType::F32),
        (16, 8, 32, DType::S8, DType::S32),
    ] {
        v.push(Instruction::Mma { m, n, k, ab, acc });
    }
    for (ab, acc) in [
        (DType::F16, DType::F32),
        (DType::F16, DType::F16),
        (DType::BF16, DType::F32),
        (DType::TF32, DType::F32),
    ] {
        for n in (8..=256).step_by(8) {
            v.push(Instruction::Wgmma { n, ab, acc });
        }
    }
    v
}

/// Pads an `eval` result with zeros up to the tile's rank (trailing zero modes are dropped).
fn padded(mut x: Vec<i64>, rank: usize) -> Vec<i64> {
    assert!(
        x.len() <= rank,
        "codomain rank {} > tile rank {rank}",
        x.len()
    );
    x.resize(rank, 0);
    x
}

/// Checks one map against its expectation over the whole `(thread, value)` domain.
fn check_map(instr: Instruction, op: InstrOperand, layout: &Layout, ex: &Expect) {
    let ctx = format!("{instr} {op:?} {layout}");
    assert_eq!(layout.rank(), 2, "{ctx}: top level must be (thread, value)");
    let threads = layout.mode(0).unwrap().size();
    let values = layout.mode(1).unwrap().size();
    assert_eq!(threads, ex.threads, "{ctx}: thread count");
    assert_eq!(values, ex.values, "{ctx}: values per thread");
    let tile_size: i64 = ex.tile.iter().product();
    assert_eq!(
        threads * values,
        tile_size,
        "{ctx}: domain size != tile size"
    );
    // Colex index of each tile point, first coordinate fastest.
    let mut hit = vec![false; tile_size as usize];
    for v in 0..values {
        for t in 0..threads {
            let got = padded(layout.eval(t + threads * v), ex.tile.len());
            let want = (ex.oracle)(t, v);
            assert_eq!(got, want, "{ctx}: thread {t} value {v}");
            let mut idx = 0;
            let mut scale = 1;
            for (c, e) in got.iter().zip(&ex.tile) {
                assert!(
                    (0..*e).contains(c),
                    "{ctx}: {got:?} outside tile {:?}",
                    ex.tile
                );
                idx += c * scale;
                scale *= e;
            }
            assert!(!hit[idx as usize], "{ctx}: {got:?} hit twice");
            hit[idx as usize] = true;
        }
    }
    // Domain size == tile size and no point hit twice, so every point is hit exactly once.
    assert!(hit.iter().all(|&h| h), "{ctx}: tile not covered");
}

fn check_itex(it: &ITex) {
    let instr = it.instruction;
    let (extents, expects) = table(instr);
    assert_eq!(it.origin, itex::Origin::Canonical, "{instr}");
    assert_eq!(it.task.extents, extents, "{instr}: task extents");
    match instr.mnk() {
        Some((m, n, k)) => {
            assert_eq!(it.task.kind, TaskKind::Gemm, "{instr}");
            let mnk = vec![i64::from(m), i64::from(n), i64::from(k)];
            assert_eq!(it.task.extents, mnk, "{instr}: task extents vs mnk()");
        }
        None => assert_eq!(it.task.kind, TaskKind::Fma, "{instr}"),
    }
    let ops = [
        InstrOperand::A,
        InstrOperand::B,
        InstrOperand::C,
        InstrOperand::D,
    ];
    assert_eq!(
        it.maps.iter().map(|m| m.operand).collect::<Vec<_>>(),
        ops,
        "{instr}: maps in a, b, c, d order"
    );
    for (op, ex) in ops.into_iter().zip(&expects) {
        let layout = it.map(op).unwrap();
        // The map's tile is the task operand space it feeds.
        let operand = it.task.operand(op.role()).unwrap();
        assert_eq!(operand.extents, ex.tile, "{instr} {op:?}: operand extents");
        if op == InstrOperand::D && it.map(InstrOperand::C) == Some(layout) {
            // d and c have the same table; an identical layout was checked point by point
            // as c (this halves the test's run time).
            continue;
        }
        check_map(instr, op, layout, ex);
    }
}

/// Checks every canonical iTex whose instruction satisfies `pick` (split so tests run in parallel).
fn check_all(pick: impl Fn(Instruction) -> bool) {
    let mut n = 0;
    for it in all_canonical().iter().filter(|it| pick(it.instruction)) {
        check_itex(it);
        assert_eq!(
            canonical(it.instruction).as_ref(),
            Some(it),
            "{}",
            it.instruction
        );
        n += 1;
    }
    assert!(n > 0, "nothing picked");
}

#[test]
fn all_canonical_lists_every_instruction_once_in_order() {
    let listed: Vec<Instruction> = all_canonical().iter().map(|it| it.instruction).collect();
    assert_eq!(listed, expected_instructions());
}

#[test]
fn fma_and_mma_maps_match_the_isa_oracle() {
    check_all(|i| !matches!(i, Instruction::Wgmma { .. }));
}

#[test]
fn wgmma_f16_maps_match_the_isa_oracle() {
    check_all(|i| matches!(i, Instruction::Wgmma { ab: DType::F16, .. }));
}

#[test]
fn wgmma_bf16_maps_match_the_isa_oracle() {
    check_all(|i| {
        matches!(
            i,
            Instruction::Wgmma {
                ab: DType::BF16,
                ..
            }
        )
    });
}

#[test]
fn wgmma_tf32_maps_match_the_isa_oracle() {
    check_all(|i| {
        matches!(
            i,
            Instruction::Wgmma {
                ab: DType::TF32,
                ..
            }
        )
    });
}

#[test]
fn ex2_has_no_canonical_itex() {
    assert!(canonical(Instruction::Ex2).is_none());
}

#[test]
fn all_canonical_is_deterministic() {
    assert_eq!(all_canonical(), all_canonical());
}

#[test]
fn the_oracle_itself_covers_each_tile_once() {
    // Sanity of the oracle, independent of the layouts: every mma/wgmma fragment (A, B and C/D)
    // partitions its tile.
    let cases: Vec<(i64, i64, [i64; 2], Formula)> = vec![
        (32, 4, [16, 8], m16n8k8_tf32_a),
        (32, 2, [8, 8], m16n8k8_tf32_b),
        (32, 8, [16, 16], m16n8k16_f16_a),
        (32, 4, [16, 8], m16n8k16_f16_b),
        (32, 16, [16, 32], m16n8k32_s8_a),
        (32, 8, [32, 8], m16n8k32_s8_b),
        (32, 4, [16, 8], m16n8_cd),
        (128, 8, [64, 16], wgmma_k16_a),
        (128, 4, [64, 8], wgmma_k8_tf32_a),
        (128, 128, [64, 256], wgmma_d),
    ];
    for (threads, values, [rows, cols], f) in cases {
        let mut seen = vec![false; (rows * cols) as usize];
        for t in 0..threads {
            for v in 0..values {
                let (r, c) = f(t, v);
                assert!(r < rows && c < cols);
                let idx = (r * cols + c) as usize;
                assert!(!seen[idx], "({r},{c}) twice");
                seen[idx] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
