//! Canonical iTex: each instruction's own semantics, with fragment maps taken from the PTX ISA.
//!
//! [`canonical`] gives, for one [`Instruction`], the task one instance computes and one
//! [`OperandMap`] per instruction operand `a, b, c, d` (in that order). Every map is a
//! [`Layout`] whose top level is `(thread, value)`:
//!
//! - the **thread** mode enumerates the lanes of the warp (32) or of the warpgroup (128), with the
//!   lane id as its colex index. For tensor-core instructions it is split the way the ISA writes
//!   its formulas: `(threadID_in_group:4, groupID:8)` for a warp (`lane = tig + 4*groupID`, i.e.
//!   `groupID = %laneid >> 2`, `threadID_in_group = %laneid % 4`), and
//!   `(threadID_in_group:4, groupID:8, warp:4)` for a warpgroup (thread `t` of the warpgroup is
//!   lane `t % 32` of warp `t / 32`, the warp's rank in the warpgroup, `%warpid % 4`);
//! - the **value** mode enumerates the elements one thread holds, numbered exactly as the ISA
//!   numbers them (`a0, a1, ...`; two f16 elements share one `.f16x2` register, four s8 elements
//!   one `.b32` register, lowest element in the lowest bits), split into the bit fields that the
//!   ISA row/column formulas use;
//! - the codomain is the task operand's coordinates: `(m, k)` for A, `(k, n)` for B, `(m, n)` for
//!   C and D (`E0` = first coordinate, `E1` = second), as in [`Task::gemm`].
//!
//! So `map.eval(t + threads * v)` is the operand coordinate of element `v` held by thread `t`,
//! where `threads = map.mode(0).size()` (see [`OperandMap`]).
//!
//! ## Sources (PTX ISA section numbers as in release 9.0/9.1; the anchors are stable)
//!
//! | instruction | table |
//! | --- | --- |
//! | FFMA | [`FFMA_SECTION`] |
//! | HFMA2 | [`HFMA2_SECTION`] |
//! | `mma.m16n8k8` `.tf32` | [`MMA_M16N8K8_SECTION`] |
//! | `mma.m16n8k16` `.f16`/`.bf16` | [`MMA_M16N8K16_SECTION`] |
//! | `mma.m16n8k32` `.s8` | [`MMA_M16N8K32_SECTION`] |
//! | `wgmma m64nNk16` | [`WGMMA_M64NNK16_SECTION`] |
//! | `wgmma m64nNk8` | [`WGMMA_M64NNK8_SECTION`] |
//! | wgmma shared-memory operands | [`WGMMA_SMEM_SECTION`] |
//!
//! The `mma` sections give the fragment layouts as row/column formulas; the encodings below are
//! those formulas factored into bit fields. The wgmma sections give them only as figures
//! (148–151): per warp, A is the `mma.m16n8k16` (resp. `m16n8k8` tf32) A fragment shifted down by
//! `16 * warp` rows, and D repeats the `m16n8` C fragment every 8 columns
//! (`d_i`: `row = 16*warp + groupID + 8*((i >> 1) & 1)`,
//! `col = 8*(i >> 2) + 2*threadID_in_group + (i & 1)`); CUTLASS writes the same maps as
//! `GMMA::ALayout_64x16`, `GMMA::ALayout_64x8` and `GMMA::CLayout_64xN`
//! (`include/cute/atom/mma_traits_sm90_gmma.hpp`).
//!
//! ## wgmma B (and why A is modelled in registers)
//!
//! wgmma reads B from shared memory through a 64-bit matrix descriptor (start address, leading
//! and stride byte offsets, swizzle mode; [`WGMMA_SMEM_SECTION`]). The descriptor is the same for
//! every thread, so the canonical B map has **one "thread"** and `k * N` values, and is the
//! identity onto the `(k, N)` tile: value `v = k + K * n` is `B[k][n]`
//! (shape `(1, (K, N))`, stride `(0, (E0, E1))`). How the tile sits in shared memory (K- or
//! N-major, swizzle atoms) is left to the PTX emitter, which must build a descriptor whose
//! canonical layout covers this tile. A uses the register-fragment form (`wgmma ... RS`), so its
//! map is a real per-thread fragment; the shared-memory form of A would be modelled like B.
//!
//! ## FFMA, HFMA2, ex2
//!
//! FFMA is one `fma.rn.f32` per thread: task `FMA(32)`, lane `t` holds `q = t` in every operand.
//! HFMA2 is `fma.rn.f16x2`: the ISA computes `d[i] = a[i] * b[i] + c[i]` for the half words
//! `i = 0` (bits 0..15) and `i = 1` (bits 16..31); value `v` of lane `t` is `q = 2t + v`, so one
//! lane's two halves are adjacent in `q` (a packed `.b32` load of two consecutive f16 elements).
//! `ex2` has no multiply-accumulate semantics, so it has no canonical iTex ([`canonical`] returns
//! `None`); the MUFU work is modelled elsewhere.

use crate::instr::{DType, Instruction};
use crate::itex::{ITex, InstrOperand, OperandMap, Origin};
use crate::layout::{Layout, Stride};
use crate::task::Task;

/// PTX ISA source of the FFMA iTex: `fma.rn.f32 d, a, b, c` computes `d = a * b + c` per thread.
pub const FFMA_SECTION: &str =
    "PTX ISA 9.7.3.6 Floating Point Instructions: fma (#floating-point-instructions-fma)";

/// PTX ISA source of the HFMA2 iTex: `fma.rn.f16x2` computes `d[i] = a[i] * b[i] + c[i]` for the
/// half words `i = 0` (bits 0..15) and `i = 1` (bits 16..31).
pub const HFMA2_SECTION: &str = "PTX ISA 9.7.4.4 Half Precision Floating Point Instructions: fma \
     (#half-precision-floating-point-instructions-fma)";

/// PTX ISA table for `mma.m16n8k8` (`.tf32` A/B, f32 C/D).
pub const MMA_M16N8K8_SECTION: &str = "PTX ISA 9.7.14.5.7 Matrix Fragments for mma.m16n8k8 \
     (#warp-level-matrix-fragment-mma-1688), Figures 72 (A .tf32), 75 (B .tf32), 77 (C/D)";

/// PTX ISA table for `mma.m16n8k16` with `.f16`/`.bf16` A/B and f32 or f16 C/D.
pub const MMA_M16N8K16_SECTION: &str = "PTX ISA 9.7.14.5.8 Matrix Fragments for mma.m16n8k16 with \
     floating point type (#warp-level-matrix-fragment-mma-16816-float), Figures 79 (A), 81 (B), \
     83 (C/D)";

/// PTX ISA table for `mma.m16n8k32` with `.s8` A/B and s32 C/D.
pub const MMA_M16N8K32_SECTION: &str = "PTX ISA 9.7.14.5.10 Matrix Fragments for mma.m16n8k32 \
     (#warp-level-matrix-fragment-mma-16832), Figures 88 (A .s8), 90-91 (B .s8), 92 (C/D)";

/// PTX ISA register fragments of `wgmma.mma_async.m64nNk16` (`.f16`/`.bf16`).
pub const WGMMA_M64NNK16_SECTION: &str = "PTX ISA 9.7.15.5.1.1.1 Matrix Fragments for \
     wgmma.mma_async.m64nNk16 (#asynchronous-warpgroup-level-matrix-register-fragment-wgmma-64n16), \
     Figures 148 (A in registers), 149 (D)";

/// PTX ISA register fragments of `wgmma.mma_async.m64nNk8` (`.tf32`).
pub const WGMMA_M64NNK8_SECTION: &str = "PTX ISA 9.7.15.5.1.1.2 Matrix Fragments for \
     wgmma.mma_async.m64nNk8 (#asynchronous-warpgroup-level-matrix-register-fragment-wgmma-64n8), \
     Figures 150 (A in registers), 151 (D)";

/// PTX ISA section on the shared-memory operands of wgmma (matrix descriptors, swizzle atoms).
pub const WGMMA_SMEM_SECTION: &str = "PTX ISA 9.7.15.5.1.2 Shared Memory Matrix Layout \
     (#asynchronous-warpgroup-level-matrix-shared-memory-layout)";

/// The PTX ISA section whose table the canonical iTex of `instr` follows (`None` for `ex2`).
pub fn isa_section(instr: Instruction) -> Option<&'static str> {
    Some(match instr {
        Instruction::Ffma => FFMA_SECTION,
        Instruction::Hfma2 => HFMA2_SECTION,
        Instruction::Mma {
            ab: DType::TF32, ..
        } => MMA_M16N8K8_SECTION,
        Instruction::Mma { ab: DType::S8, .. } => MMA_M16N8K32_SECTION,
        Instruction::Mma { .. } => MMA_M16N8K16_SECTION,
        Instruction::Wgmma {
            ab: DType::TF32, ..
        } => WGMMA_M64NNK8_SECTION,
        Instruction::Wgmma { .. } => WGMMA_M64NNK16_SECTION,
        Instruction::Ex2 => return None,
    })
}

/// `c * E_mode`.
fn e(mode: usize, c: i64) -> Stride {
    Stride::basis(mode, c)
}

/// The `(thread, value)` layout with the given flat thread and value modes (fastest first).
fn tv(threads: &[(i64, Stride)], values: &[(i64, Stride)]) -> Layout {
    // The modes are fixed, positive and small: construction cannot fail.
    let t = Layout::flat_strides(threads).expect("canonical thread modes are valid");
    let v = Layout::flat_strides(values).expect("canonical value modes are valid");
    Layout::concat(&[t, v])
}

/// Thread modes of one warp as the ISA splits the lane id: `(threadID_in_group:4, groupID:8)`,
/// with the given coordinate contributions. A warpgroup appends `warp:4`.
fn warp_threads(tig: Stride, group: Stride, warp: Option<Stride>) -> Vec<(i64, Stride)> {
    let mut t = vec![(4, tig), (8, group)];
    if let Some(w) = warp {
        t.push((4, w));
    }
    t
}

/// The A fragment, `(m, k)` codomain, for each A/B type: of `mma.m16n8kK` (`warp = None`), or
/// of wgmma with A in registers (`warp = Some(16 E0)`: warp `w` owns rows `16w .. 16w + 15`).
fn a_fragment(ab: DType, warp: Option<Stride>) -> Layout {
    match ab {
        // m16n8k8 .tf32 (and wgmma m64nNk8 per warp):
        //   row = groupID + 8*(i & 1), col = threadID_in_group + 4*(i >> 1).
        DType::TF32 => tv(
            &warp_threads(e(1, 1), e(0, 1), warp),
            &[(2, e(0, 8)), (2, e(1, 4))],
        ),
        // m16n8k32 .s8: row = groupID + 8*((i >> 2) & 1),
        //   col = 4*threadID_in_group + (i & 3) + 16*(i >> 3).
        DType::S8 => tv(
            &warp_threads(e(1, 4), e(0, 1), warp),
            &[(4, e(1, 1)), (2, e(0, 8)), (2, e(1, 16))],
        ),
        // m16n8k16 .f16/.bf16 (and wgmma m64nNk16 per warp):
        //   row = groupID + 8*((i >> 1) & 1), col = 2*threadID_in_group + (i & 1) + 8*(i >> 2).
        _ => tv(
            &warp_threads(e(1, 2), e(0, 1), warp),
            &[(2, e(1, 1)), (2, e(0, 8)), (2, e(1, 8))],
        ),
    }
}

/// B map of `mma.m16n8kK`, `(k, n)` codomain: the ISA's B fragment for each A/B type.
fn mma_b_fragment(ab: DType) -> Layout {
    match ab {
        // m16n8k8 .tf32: row = threadID_in_group + 4*i, col = groupID.
        DType::TF32 => tv(&warp_threads(e(0, 1), e(1, 1), None), &[(2, e(0, 4))]),
        // m16n8k32 .s8: row = 4*threadID_in_group + (i & 3) + 16*(i >> 2), col = groupID.
        DType::S8 => tv(
            &warp_threads(e(0, 4), e(1, 1), None),
            &[(4, e(0, 1)), (2, e(0, 16))],
        ),
        // m16n8k16 .f16/.bf16: row = 2*threadID_in_group + (i & 1) + 8*(i >> 1), col = groupID.
        _ => tv(
            &warp_threads(e(0, 2), e(1, 1), None),
            &[(2, e(0, 1)), (2, e(0, 8))],
        ),
    }
}

/// C/D map, `(m, n)` codomain. `n_blocks = N / 8` column blocks of 8; `warp = Some(16 E0)` for
/// wgmma. Per block: row = groupID + 8*((i >> 1) & 1), col = 2*threadID_in_group + (i & 1);
/// block `i >> 2` adds `8 * (i >> 2)` to the column (wgmma only; `mma.m16n8` has one block).
fn cd_fragment(n_blocks: i64, warp: Option<Stride>) -> Layout {
    let mut values = vec![(2, e(1, 1)), (2, e(0, 8))];
    if warp.is_some() {
        values.push((n_blocks, e(1, 8)));
    }
    tv(&warp_threads(e(1, 2), e(0, 1), warp), &values)
}

/// The wgmma B operand: one "thread" (the descriptor is warpgroup-uniform) and `k * n` values,
/// identity onto the `(k, n)` tile (value `v = k + K * n`). See the module docs.
fn wgmma_b_tile(k: i64, n: i64) -> Layout {
    tv(&[(1, Stride::int(0))], &[(k, e(0, 1)), (n, e(1, 1))])
}

fn itex(instruction: Instruction, task: Task, [a, b, c]: [Layout; 3]) -> ITex {
    ITex {
        instruction,
        origin: Origin::Canonical,
        task,
        maps: vec![
            OperandMap {
                operand: InstrOperand::A,
                layout: a,
            },
            OperandMap {
                operand: InstrOperand::B,
                layout: b,
            },
            OperandMap {
                operand: InstrOperand::C,
                layout: c.clone(),
            },
            OperandMap {
                operand: InstrOperand::D,
                layout: c,
            },
        ],
    }
}

/// The canonical iTex of `instr`: its task and its `a, b, c, d` fragment maps (in that order),
/// following the PTX ISA tables named by [`isa_section`]; `origin` is [`Origin::Canonical`].
///
/// - FFMA: `FMA(32)`, every map `(32, 1) : (E0, 0)` (lane `t` -> `q = t`).
/// - HFMA2: `FMA(64)`, every map `(32, 2) : (2E0, E0)` (half `v` of lane `t` -> `q = 2t + v`).
/// - `mma.m16n8kK`: `GEMM(16, 8, K)`; A `(m, k)`, B `(k, n)`, C = D `(m, n)` fragment maps
///   over 32 threads.
/// - wgmma `m64nNkK`: `GEMM(64, N, K)`; A (registers) and C = D fragment maps over 128 threads;
///   B is the shared-memory tile, one "thread" and `K * N` values (module docs).
///
/// Returns `None` only for `ex2`, which has no multiply-accumulate semantics. Instructions
/// built by hand with a shape the ISA does not have (use [`Instruction::mma`] and
/// [`Instruction::wgmma`]) also give `None`.
pub fn canonical(instr: Instruction) -> Option<ITex> {
    match instr {
        Instruction::Ffma => {
            let id = tv(&[(32, e(0, 1))], &[(1, Stride::int(0))]);
            let task = Task::fma(32).ok()?;
            Some(itex(instr, task, [id.clone(), id.clone(), id]))
        }
        Instruction::Hfma2 => {
            let m = tv(&[(32, e(0, 2))], &[(2, e(0, 1))]);
            let task = Task::fma(64).ok()?;
            Some(itex(instr, task, [m.clone(), m.clone(), m]))
        }
        Instruction::Mma { m, n, k, ab, acc } => {
            if Instruction::mma(ab, acc).ok()? != instr {
                return None;
            }
            let task = Task::gemm(i64::from(m), i64::from(n), i64::from(k)).ok()?;
            Some(itex(
                instr,
                task,
                [
                    a_fragment(ab, None),
                    mma_b_fragment(ab),
                    cd_fragment(1, None),
                ],
            ))
        }
        Instruction::Wgmma { n, ab, acc } => {
            if Instruction::wgmma(n, ab, acc).ok()? != instr {
                return None;
            }
            let (m, n, k) = instr.mnk()?;
            let (m, n, k) = (i64::from(m), i64::from(n), i64::from(k));
            let task = Task::gemm(m, n, k).ok()?;
            let warp = || Some(e(0, 16));
            Some(itex(
                instr,
                task,
                [
                    a_fragment(ab, warp()),
                    wgmma_b_tile(k, n),
                    cd_fragment(n / 8, warp()),
                ],
            ))
        }
        Instruction::Ex2 => None,
    }
}

/// The `mma.sync` instructions that have canonical iTex, in [`all_canonical`] order.
pub fn mma_instructions() -> Vec<Instruction> {
    [
        (DType::TF32, DType::F32),
        (DType::F16, DType::F32),
        (DType::F16, DType::F16),
        (DType::BF16, DType::F32),
        (DType::S8, DType::S32),
    ]
    .into_iter()
    .filter_map(|(ab, acc)| Instruction::mma(ab, acc).ok())
    .collect()
}

/// The wgmma instructions that have canonical iTex (every type pair, N = 8, 16, ..., 256), in
/// [`all_canonical`] order: type pair outer, N inner.
pub fn wgmma_instructions() -> Vec<Instruction> {
    let pairs = [
        (DType::F16, DType::F32),
        (DType::F16, DType::F16),
        (DType::BF16, DType::F32),
        (DType::TF32, DType::F32),
    ];
    pairs
        .into_iter()
        .flat_map(|(ab, acc)| (1..=32).filter_map(move |i| Instruction::wgmma(8 * i, ab, acc).ok()))
        .collect()
}

/// Every canonical iTex, in a fixed order: FFMA, HFMA2, the `mma.sync` instructions
/// ([`mma_instructions`]), then the wgmma instructions ([`wgmma_instructions`]).
pub fn all_canonical() -> Vec<ITex> {
    [Instruction::Ffma, Instruction::Hfma2]
        .into_iter()
        .chain(mma_instructions())
        .chain(wgmma_instructions())
        .filter_map(canonical)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tf32_a_is_the_documented_layout() {
        let it = canonical(Instruction::mma(DType::TF32, DType::F32).unwrap()).unwrap();
        let a = it.map(InstrOperand::A).unwrap();
        assert_eq!(a.to_string(), "((4,8),(2,2)):((E1,E0),(8E0,4E1))");
        assert_eq!(it.task.to_string(), "gemm(m=16, n=8, k=8)");
    }

    #[test]
    fn ex2_has_none_and_order_is_stable() {
        assert!(canonical(Instruction::Ex2).is_none());
        let all = all_canonical();
        assert_eq!(all.len(), 2 + 5 + 4 * 32);
        assert_eq!(all[0].instruction, Instruction::Ffma);
        assert_eq!(all, all_canonical());
    }
}
