//! Code generation for the Ampere-style GEMM path: cp.async multi-stage pipeline into shared
//! memory, fragment loads derived from the iTex operand maps, mma.sync for tensor pieces and
//! FFMA/HFMA2 outer products for vector pieces (both in the same warp when the plan mixes them),
//! the plan's reduction strategy, and an epilogue with bounds checks and `alpha`/`beta`.

use std::collections::{BTreeMap, BTreeSet};

use emit_ptx::ast::{
    Entry, Instr, Module, Op, Operand, Param, ParamType, Reg, RegClass, Shared, Stmt,
};
use itex::{DType, InstrOperand, Instruction, Unit};
use tessellate::{GemmDType, Plan, Reduction, Region, Split};

use crate::builder::{Builder, addr, f32imm, imm, r, sym, vec};
use crate::frag::{self, Elem, SmemTile, SplitMap};
use crate::{CodegenError, CompileOptions, Kernel, MatLayout};

/// Largest static shared memory per CTA (PTX `.shared` without opt-in), bytes. Above it the
/// kernel declares dynamic (`.extern`) shared memory and the launcher opts in.
const STATIC_SMEM: i64 = 48 * 1024;

/// Per-operand facts of the global->shared copy.
struct TileCopy {
    tile: SmemTile,
    /// Kernel parameter holding the global pointer (after cvta).
    ptr: Reg,
    /// Global pitch in elements between rows (the non-contiguous coordinate).
    gpitch: i64,
    /// Whether the k coordinate is the row (true) or the contiguous one (false).
    k_is_row: bool,
    /// Static origin of the non-k coordinate (m_cta or n_cta).
    other_origin: Reg,
    /// Limits (problem extents) of the row and contiguous coordinates.
    row_limit: i64,
    col_limit: i64,
    /// Byte offset of this operand's tile inside a stage.
    stage_off: i64,
}

/// Element type of fragments and accumulators.
fn input_elem(d: GemmDType) -> Elem {
    match d.input().bytes() {
        1 => Elem::B8,
        2 => Elem::B16,
        _ => Elem::B32,
    }
}

fn acc_class(d: GemmDType) -> RegClass {
    match d.acc() {
        DType::F32 => RegClass::F32,
        _ => RegClass::B32,
    }
}

/// Key of an accumulator set: region and instance origin `(m, n)` (k folded).
type AccKey = (usize, i64, i64);

/// Builds the kernel for `plan`.
pub fn build(plan: &Plan, opts: &CompileOptions) -> Result<Kernel, CodegenError> {
    match build_with(plan, opts, true) {
        Err(CodegenError::Unsupported(m)) if m == NEEDS_LINEAR => build_with(plan, opts, false),
        k => k,
    }
}

/// Largest grid z extent (CUDA, "Compute capabilities": maximum y- or z-dimension of a grid).
const MAX_GRID_Z: i64 = 65535;

/// [`build`] with swizzled shared-memory tiles where their rows allow (`swizzle`), padded
/// ones otherwise.
fn build_with(plan: &Plan, opts: &CompileOptions, swizzle: bool) -> Result<Kernel, CodegenError> {
    let p = plan.problem;
    if plan.worker_threads != 32 {
        return Err(CodegenError::Unsupported(
            "warpgroup (wgmma) plans: the Hopper path is not implemented yet".into(),
        ));
    }
    let ptx_target =
        emit_ptx::ptx_target(&plan.target).map_err(|e| CodegenError::Unsupported(e.to_string()))?;
    let pdl = match opts.pdl {
        crate::Pdl::Auto | crate::Pdl::Off => false,
        crate::Pdl::On if ptx_target.has_griddepcontrol() => true,
        crate::Pdl::On => {
            return Err(CodegenError::TargetLacks {
                target: plan.target.clone(),
                what: "griddepcontrol (sm_90 or later), which programmatic dependent launch (--pdl on) needs".into(),
            });
        }
        crate::Pdl::Prefetch => {
            return Err(CodegenError::Unsupported(
                "--pdl prefetch (a TMA prefetch into L2) for a warp-level (mma.sync or FFMA) plan"
                    .into(),
            ));
        }
    };
    // Grid z is the batch, and a grid's z extent is at most 65535 (CUDA).
    if p.batch > MAX_GRID_Z {
        return Err(CodegenError::Unsupported(format!(
            "a warp kernel of {} batches (grid z = batch, at most {MAX_GRID_Z})",
            p.batch
        )));
    }
    for reg in &plan.regions {
        match reg.piece.instruction() {
            Instruction::Mma { .. } | Instruction::Ffma | Instruction::Hfma2 => {}
            i => return Err(CodegenError::Unsupported(format!("instruction {i}"))),
        }
    }
    let dt = p.dtype;
    let eb = dt.input_bytes();
    // C's element type: the accumulator's, or the inputs' 16-bit type over f32 accumulators.
    let c_ty = match (opts.half_c, dt.input(), dt.acc()) {
        (false, _, acc) => acc,
        (true, input @ (DType::F16 | DType::BF16), DType::F32) => input,
        (true, ..) => {
            return Err(CodegenError::Unsupported(format!("a 16-bit C for {dt}")));
        }
    };
    let [bm, bn, bk] = plan.cta_tile;
    let [wm_n, wn_n] = plan.workers;
    let [wm, wn, _] = plan.worker_tile();
    // Warps tile the CTA exactly (the epilogue's even-column test relies on it too).
    debug_assert_eq!([bm, bn], [wm * wm_n, wn * wn_n]);
    let threads = plan.threads();
    let kt_count = (p.k + bk - 1) / bk;

    let a_contig = if opts.a_layout == MatLayout::RowMajor {
        1
    } else {
        0
    };
    let b_contig = if opts.b_layout == MatLayout::RowMajor {
        1
    } else {
        0
    };
    let tile = |ext: [i64; 2], contig: usize| {
        swizzle
            .then(|| SmemTile::swizzled(ext, contig, eb))
            .flatten()
            .unwrap_or_else(|| SmemTile::new(ext, contig, eb))
    };
    let a_tile = tile([bm, bk], a_contig);
    let b_tile = tile([bk, bn], b_contig);
    let stage_bytes = a_tile.bytes() + b_tile.bytes();
    let limit = i64::from(opts.smem_limit);
    let mut stages = opts.stages.map_or(plan.stages, i64::from).max(2);
    while stages > 2 && stages * stage_bytes > limit {
        stages -= 1;
    }
    let reduce_scratch = if plan.split == Split::Reduction {
        wm_n * wn_n * wm * wn * 4
    } else {
        0
    };
    let smem_bytes = (stages * stage_bytes).max(reduce_scratch);
    if smem_bytes > limit {
        return Err(CodegenError::Unsupported(format!(
            "{smem_bytes} bytes of shared memory per CTA (limit {limit})"
        )));
    }
    let dynamic = smem_bytes > STATIC_SMEM;

    let mut b = Builder::default();
    if pdl {
        // A warp-level kernel has no barrier set-up or tensor maps to overlap before its
        // wait, only its launch.
        b.programmatic_prologue();
    }
    let s32_scalars = dt == GemmDType::S8;
    let scalar_ty = if s32_scalars {
        ParamType::U32
    } else {
        ParamType::F32
    };
    let params = vec![
        Param {
            ty: ParamType::U64,
            name: "A".into(),
        },
        Param {
            ty: ParamType::U64,
            name: "B".into(),
        },
        Param {
            ty: ParamType::U64,
            name: "C".into(),
        },
        Param {
            ty: ParamType::U32,
            name: "M".into(),
        },
        Param {
            ty: ParamType::U32,
            name: "N".into(),
        },
        Param {
            ty: ParamType::U32,
            name: "K".into(),
        },
        Param {
            ty: scalar_ty,
            name: "alpha".into(),
        },
        Param {
            ty: scalar_ty,
            name: "beta".into(),
        },
    ];

    // Setup: pointers, scalars, thread coordinates.
    let ptrs: Vec<Reg> = ["A", "B", "C"]
        .iter()
        .map(|name| b.global_ptr_param(name))
        .collect();
    // Batched GEMM: CTA z computes batch z, whose A, B and C follow the previous batch's
    // (strides M*K, K*N and M*N elements).
    if p.batch > 1 {
        let z32 = b.reg(RegClass::B32);
        b.emit(Op::Mov, "u32", vec![r(z32), sym("%ctaid.z")]);
        let z = b.reg(RegClass::B64);
        b.emit(Op::Cvt, "u64.u32", vec![r(z), r(z32)]);
        let ob = i64::from(c_ty.bytes());
        for (&x, bytes) in ptrs
            .iter()
            .zip([p.m * p.k * eb, p.k * p.n * eb, p.m * p.n * ob])
        {
            let off = b.reg(RegClass::B64);
            b.emit(Op::Mul, "lo.u64", vec![r(off), r(z), imm(bytes)]);
            b.emit(Op::Add, "s64", vec![r(x), r(x), r(off)]);
        }
    }
    let scal_class = if s32_scalars {
        RegClass::B32
    } else {
        RegClass::F32
    };
    let scal_ty = if s32_scalars {
        "param.u32"
    } else {
        "param.f32"
    };
    let alpha = b.reg(scal_class);
    let beta = b.reg(scal_class);
    b.emit(
        Op::Ld,
        scal_ty,
        vec![
            r(alpha),
            Operand::Addr {
                base: Box::new(sym("alpha")),
                offset: 0,
            },
        ],
    );
    b.emit(
        Op::Ld,
        scal_ty,
        vec![
            r(beta),
            Operand::Addr {
                base: Box::new(sym("beta")),
                offset: 0,
            },
        ],
    );
    let beta_nz = b.reg(RegClass::Pred);
    if s32_scalars {
        b.emit(Op::Setp, "ne.s32", vec![r(beta_nz), r(beta), imm(0)]);
    } else {
        b.emit(Op::Setp, "neu.f32", vec![r(beta_nz), r(beta), f32imm(0.0)]);
    }
    let tid = b.reg(RegClass::B32);
    b.emit(Op::Mov, "u32", vec![r(tid), sym("%tid.x")]);
    let lane = b.reg(RegClass::B32);
    b.emit(Op::And, "b32", vec![r(lane), r(tid), imm(31)]);
    let warp = b.reg(RegClass::B32);
    b.emit(Op::Shr, "u32", vec![r(warp), r(tid), imm(5)]);
    let wi = b.digit(warp, 1, wm_n);
    let wj = b.digit(warp, wm_n, wn_n);
    let ctax = b.reg(RegClass::B32);
    let ctay = b.reg(RegClass::B32);
    b.emit(Op::Mov, "u32", vec![r(ctax), sym("%ctaid.x")]);
    b.emit(Op::Mov, "u32", vec![r(ctay), sym("%ctaid.y")]);
    let m_cta = b.reg(RegClass::B32);
    b.emit(Op::Mul, "lo.u32", vec![r(m_cta), r(ctay), imm(bm)]);
    let n_cta = b.reg(RegClass::B32);
    b.emit(Op::Mul, "lo.u32", vec![r(n_cta), r(ctax), imm(bn)]);
    let sbase = b.reg(RegClass::B32);
    b.emit(Op::Mov, "u32", vec![r(sbase), sym("smem")]);

    let a_op = TileCopy {
        tile: a_tile,
        ptr: ptrs[0],
        gpitch: if a_contig == 1 { p.k } else { p.m },
        k_is_row: a_contig == 0,
        other_origin: m_cta,
        row_limit: if a_contig == 1 { p.m } else { p.k },
        col_limit: if a_contig == 1 { p.k } else { p.m },
        stage_off: 0,
    };
    let b_op = TileCopy {
        tile: b_tile,
        ptr: ptrs[1],
        gpitch: if b_contig == 1 { p.n } else { p.k },
        k_is_row: b_contig == 1,
        other_origin: n_cta,
        row_limit: if b_contig == 1 { p.k } else { p.n },
        col_limit: if b_contig == 1 { p.n } else { p.k },
        stage_off: a_tile.bytes(),
    };

    // Per-region fragment bases (lane part + warp offset), computed once.
    let elem = input_elem(dt);
    let mut regions = Vec::new();
    for reg in &plan.regions {
        regions.push(RegionCode::new(
            &mut b, reg, lane, wi, wj, wm, wn, &a_op.tile, &b_op.tile, elem,
        )?);
    }

    let fast = (
        FastLoader::new(&mut b, &a_op, tid, threads, sbase, p.k, bk),
        FastLoader::new(&mut b, &b_op, tid, threads, sbase, p.k, bk),
    );
    let load = |b: &mut Builder, swr: Reg, kload: Reg| -> Result<(), CodegenError> {
        match &fast.0 {
            Some(f) => f.issue(b, swr),
            None => load_tile(b, &a_op, tid, threads, sbase, swr, kload)?,
        }
        match &fast.1 {
            Some(f) => f.issue(b, swr),
            None => load_tile(b, &b_op, tid, threads, sbase, swr, kload)?,
        }
        Ok(())
    };
    // Prologue: fill stages 0..S-1.
    b.comment(&format!(
        "pipeline: {stages} stages of {stage_bytes} bytes, {kt_count} k-tiles of {bk}"
    ));
    let kload = b.const_u32(0);
    let swr = b.const_u32(0);
    for s in 0..stages - 1 {
        if s < kt_count {
            load(&mut b, swr, kload)?;
        }
        b.emit(Op::CpAsync, "commit_group", vec![]);
        b.emit(Op::Add, "u32", vec![r(kload), r(kload), imm(bk)]);
        advance_stage(&mut b, swr, stage_bytes, stages);
    }

    // Accumulators, zeroed.
    let acc_cls = acc_class(dt);
    let mut accs: BTreeMap<AccKey, Vec<Reg>> = BTreeMap::new();
    for (ri, rc) in regions.iter().enumerate() {
        for &(m0, n0) in &rc.mn_origins {
            let regs = b.regs(acc_cls, rc.acc_regs);
            for &x in &regs {
                let ty = if acc_cls == RegClass::F32 {
                    "f32"
                } else {
                    "b32"
                };
                let zero = if acc_cls == RegClass::F32 {
                    f32imm(0.0)
                } else {
                    imm(0)
                };
                b.emit(Op::Mov, ty, vec![r(x), zero]);
            }
            accs.insert((ri, m0, n0), regs);
        }
    }

    // Main loop, software-pipelined over k-slices: the fragments of slice j + 1 load while
    // slice j computes, and the last slice of a k-tile computes after the barrier that makes
    // the next k-tile visible, overlapping that tile's first fragment loads. Slice 0's
    // fragments live in fixed registers across the back edge.
    let steps = k_steps(&regions);
    let srd = b.const_u32(0);
    let stage = b.reg(RegClass::B32);
    b.emit(Op::CpAsync, "wait_group", vec![imm((stages - 2).max(0))]);
    b.emit(Op::Bar, "sync", vec![imm(0)]);
    b.emit(Op::Add, "u32", vec![r(stage), r(sbase), r(srd)]);
    let head = load_step(&mut b, &regions, &steps[0], stage, &a_op, &b_op, dt);
    let kt = b.const_u32(0);
    b.label("KLOOP");
    let p_load = b.reg(RegClass::Pred);
    b.emit(
        Op::Setp,
        "lt.u32",
        vec![r(p_load), r(kload), imm(kt_count * bk)],
    );
    b.emit_if(p_load, true, Op::Bra, "uni", vec![sym("KSKIP")]);
    load(&mut b, swr, kload)?;
    b.label("KSKIP");
    b.emit(Op::CpAsync, "commit_group", vec![]);
    b.emit(Op::Add, "u32", vec![r(kload), r(kload), imm(bk)]);
    advance_stage(&mut b, swr, stage_bytes, stages);
    let mut cur = head.clone();
    for j in 0..steps.len() {
        let last = j + 1 == steps.len();
        if last {
            advance_stage(&mut b, srd, stage_bytes, stages);
            b.emit(Op::CpAsync, "wait_group", vec![imm((stages - 2).max(0))]);
            b.emit(Op::Bar, "sync", vec![imm(0)]);
            b.emit(Op::Add, "u32", vec![r(stage), r(sbase), r(srd)]);
        }
        let start = b.body.len();
        let next = load_step(
            &mut b,
            &regions,
            &steps[(j + 1) % steps.len()],
            stage,
            &a_op,
            &b_op,
            dt,
        );
        for ((ri, k0), f) in steps[j].iter().zip(&cur) {
            regions[*ri].compute_slice(&mut b, *ri, *k0, f, &accs)?;
        }
        let body = b.body.split_off(start);
        schedule_into(&mut b, body, opts.policy);
        cur = if last {
            for (h, n) in head.iter().zip(&next) {
                h.copy_from(&mut b, n);
            }
            head.clone()
        } else {
            next
        };
    }
    b.emit(Op::Add, "u32", vec![r(kt), r(kt), imm(1)]);
    let p_more = b.reg(RegClass::Pred);
    b.emit(Op::Setp, "lt.u32", vec![r(p_more), r(kt), imm(kt_count)]);
    b.emit_if(p_more, false, Op::Bra, "uni", vec![sym("KLOOP")]);
    b.emit(Op::CpAsync, "wait_group", vec![imm(0)]);
    b.emit(Op::Bar, "sync", vec![imm(0)]);

    // Reduction of the vector partial sums into the tensor accumulators.
    let mut stored: Vec<usize> = (0..regions.len()).collect();
    if plan.split == Split::Reduction && regions.len() == 2 {
        let how = plan.reduction.unwrap_or(Reduction::SharedMemory);
        reduce(&mut b, &regions, &accs, how, sbase, warp, wm, wn, dt)?;
        stored = vec![0];
    }

    // Epilogue.
    let c = ptrs[2];
    for &ri in &stored {
        regions[ri].store(
            &mut b, ri, &accs, c, m_cta, n_cta, wi, wj, wm, wn, &p, c_ty, alpha, beta, beta_nz,
        )?;
    }
    b.emit(Op::Ret, "", vec![]);

    let entry = Entry {
        name: "mosaic_gemm".into(),
        params,
        max_ntid: Some(threads as u32),
        min_ctas_per_sm: None,
        cluster_x: None,
        regs: b.decls(),
        shared: vec![Shared {
            name: "smem".into(),
            align: 128,
            bytes: if dynamic { 0 } else { smem_bytes as u32 },
        }],
        body: b.body,
    };
    let version = ptx_target.min_version.max((7, 0));
    let module = Module {
        version,
        target: plan.target.clone(),
        consts: vec![],
        entries: vec![entry],
    };
    let ptx = emit_ptx::print::print_module(&module);
    Ok(Kernel {
        ptx,
        module,
        entry: "mosaic_gemm".into(),
        grid: [
            ((p.n + bn - 1) / bn) as u32,
            ((p.m + bm - 1) / bm) as u32,
            p.batch as u32,
        ],
        block: [threads as u32, 1, 1],
        smem_bytes: smem_bytes as u32,
        dynamic_smem_bytes: if dynamic { smem_bytes as u32 } else { 0 },
        stages: stages as u32,
        tensor_maps: Vec::new(),
        workspace_bytes: 0,
        cluster_order: None,
        resident_clusters: None,
        programmatic_launch: pdl,
        padded: Vec::new(),
    })
}

/// `off = (off + stage_bytes) mod (stages * stage_bytes)`.
fn advance_stage(b: &mut Builder, off: Reg, stage_bytes: i64, stages: i64) {
    b.emit(Op::Add, "u32", vec![r(off), r(off), imm(stage_bytes)]);
    let p = b.reg(RegClass::Pred);
    b.emit(
        Op::Setp,
        "ge.u32",
        vec![r(p), r(off), imm(stage_bytes * stages)],
    );
    b.emit(Op::Selp, "b32", vec![r(off), imm(0), r(off), r(p)]);
}

/// The fragments one region needs for one k-slice: A by instance m origin, B by n origin.
#[derive(Clone, Default)]
struct SliceFrags {
    a: BTreeMap<i64, Vec<Reg>>,
    b: BTreeMap<i64, Vec<Reg>>,
}

impl SliceFrags {
    /// `self = src`, register by register (ptxas coalesces the moves).
    fn copy_from(&self, b: &mut Builder, src: &SliceFrags) {
        let pairs = self.a.values().zip(src.a.values());
        for (d, s) in pairs.chain(self.b.values().zip(src.b.values())) {
            for (&x, &y) in d.iter().zip(s) {
                let ty = match x.class {
                    RegClass::F32 => "f32",
                    RegClass::B16 => "b16",
                    RegClass::B64 => "b64",
                    _ => "b32",
                };
                b.emit(Op::Mov, ty, vec![r(x), r(y)]);
            }
        }
    }
}

/// The k-loop's steps: `(region, k0)` slices grouped by `k0 / kq`, `kq` being the widest
/// instruction k among the regions, so each step holds one tensor k-slice and the vector
/// slices beside it (which the scheduler may interleave).
fn k_steps(regions: &[RegionCode]) -> Vec<Vec<(usize, i64)>> {
    let kq = regions
        .iter()
        .filter_map(|rc| rc.instr.mnk().map(|(_, _, k)| i64::from(k)))
        .max()
        .unwrap_or(1)
        .max(1);
    let mut by: BTreeMap<i64, Vec<(usize, i64)>> = BTreeMap::new();
    for (ri, rc) in regions.iter().enumerate() {
        for k0 in rc.k_slices() {
            by.entry(k0 / kq).or_default().push((ri, k0));
        }
    }
    by.into_values().collect()
}

/// Loads the fragments of every slice in `step` from the stage at `stage`.
fn load_step(
    b: &mut Builder,
    regions: &[RegionCode],
    step: &[(usize, i64)],
    stage: Reg,
    a_op: &TileCopy,
    b_op: &TileCopy,
    dt: GemmDType,
) -> Vec<SliceFrags> {
    step.iter()
        .map(|&(ri, k0)| regions[ri].load_slice(b, stage, k0, a_op.stage_off, b_op.stage_off, dt))
        .collect()
}

/// The steady-state copy of one operand when k is not ragged (`K % bk == 0`) and rows are
/// 4-byte aligned: addresses, predicates and byte counts are loop invariants computed once;
/// each k-tile costs one shared-address add, and per 16-byte chunk an address add (plus a
/// select where the chunk may fall outside the problem) and the cp.async itself.
struct FastLoader {
    /// Shared address of the thread's first chunk, without the stage offset.
    sthread: Reg,
    /// Global address of the thread's first chunk in the next k-tile to load.
    gptr: Reg,
    /// Global byte step from one k-tile to the next.
    kstep_bytes: i64,
    /// Per chunk: shared offset, global offset, and its guard if it can be partial or zero
    /// (else the full chunk).
    chunks: Vec<(i64, i64, Option<ChunkGuard>)>,
    w: i64,
    base: Reg,
}

/// When a chunk of a ragged tile loads fewer bytes than its width.
#[derive(Clone, Copy)]
enum ChunkGuard {
    /// A byte count and its `!= 0` predicate, computed once (the chunks of a thread share
    /// one column range).
    Fixed(Reg, Reg),
    /// A chunk `ri` rows below the thread's first, whole while `rows_left > ri` (rows left
    /// before the limit, signed), else zero-filled. One register per thread, the predicate
    /// made at each copy: kept per chunk (a byte count and a predicate each, 16 registers
    /// for a 128x64 f16 A tile), the guards spilled the k-loop of sm_80 128x128 kernels
    /// where M and N are both ragged (ptxas 13.0: 1000x1002x512, 136 bytes).
    Row { rows_left: Reg, ri: i64 },
}

impl FastLoader {
    /// Sets up the loader, or `None` when the fast path does not apply.
    fn new(
        b: &mut Builder,
        o: &TileCopy,
        tid: Reg,
        threads: i64,
        sbase: Reg,
        k: i64,
        bk: i64,
    ) -> Option<Self> {
        let t = &o.tile;
        let eb = t.eb;
        let row_bytes = t.cols * eb;
        let w = [16, 8, 4]
            .into_iter()
            .find(|&w| (o.gpitch * eb) % w == 0 && row_bytes % w == 0)?;
        if k % bk != 0 {
            return None;
        }
        let epc = w / eb;
        let cpr = row_bytes / w;
        let total = t.rows * cpr;
        if total % threads != 0 || threads % cpr != 0 {
            return None;
        }
        let iters = total / threads;
        let row_t = b.digit(tid, cpr, threads / cpr);
        let col_t = b.digit(tid, 1, cpr);
        // Origins at k = 0.
        let zero = b.const_u32(0);
        let (row_o, col_o) = if o.k_is_row {
            (zero, o.other_origin)
        } else {
            (o.other_origin, zero)
        };
        let (row0, col0, gptr) = chunk_origin(b, o, row_o, col_o, row_t, col_t, epc);
        // Each thread's later chunks are whole 8-row groups below its first, so a swizzled
        // tile moves them by a constant too.
        let row_step = threads / cpr;
        if t.swizzle && (w != 16 || row_step % 8 != 0) {
            return None;
        }
        let logical = b.reg(RegClass::B32);
        b.emit(Op::Mul, "lo.u32", vec![r(logical), r(row_t), imm(t.pitch)]);
        b.emit(
            Op::Mad,
            "lo.u32",
            vec![r(logical), r(col_t), imm(w), r(logical)],
        );
        let sthread = t.emit_physical(b, logical);
        b.emit(Op::Add, "u32", vec![r(sthread), r(sthread), r(sbase)]);
        // The non-k coordinate can leave the problem only if its limit is ragged.
        let (limit, tile_ext) = if o.k_is_row {
            (o.col_limit, t.cols)
        } else {
            (o.row_limit, t.rows)
        };
        let ragged = limit % tile_ext != 0;
        let guard_of = |b: &mut Builder, bytes: Reg| {
            let ok = b.reg(RegClass::Pred);
            b.emit(Op::Setp, "ne.u32", vec![r(ok), r(bytes), imm(0)]);
            ChunkGuard::Fixed(bytes, ok)
        };
        // Where k runs along rows, a thread's chunks are rows of one column range, so they
        // share one guard: clamp(limit - col, 0, epc) elements, computed once (ptxas merged
        // the per-chunk copies already: registers and spills are unchanged).
        let column_guard = (ragged && o.k_is_row).then(|| {
            let bytes = b.reg(RegClass::B32);
            b.emit(Op::Sub, "s32", vec![r(bytes), imm(o.col_limit), r(col0)]);
            b.emit(Op::Max, "s32", vec![r(bytes), r(bytes), imm(0)]);
            b.emit(Op::Min, "s32", vec![r(bytes), r(bytes), imm(epc)]);
            b.emit(Op::Mul, "lo.u32", vec![r(bytes), r(bytes), imm(eb)]);
            guard_of(b, bytes)
        });
        // Rows (m or n) left before the limit from the thread's first row.
        let rows_left = (ragged && !o.k_is_row).then(|| {
            let left = b.reg(RegClass::B32);
            b.emit(Op::Sub, "s32", vec![r(left), imm(o.row_limit), r(row0)]);
            left
        });
        let mut chunks = Vec::new();
        for i in 0..iters {
            let ri = i * threads / cpr;
            let soff = o.stage_off + t.split_offset(ri * t.pitch).1;
            let goff = ri * o.gpitch * eb;
            let guard = match rows_left {
                Some(rows_left) => Some(ChunkGuard::Row { rows_left, ri }),
                None => column_guard,
            };
            chunks.push((soff, goff, guard));
        }
        let kstep_bytes = bk * if o.k_is_row { o.gpitch } else { 1 } * eb;
        Some(FastLoader {
            sthread,
            gptr,
            kstep_bytes,
            chunks,
            w,
            base: o.ptr,
        })
    }

    /// Issues the copies of the next k-tile into stage offset `swr`.
    fn issue(&self, b: &mut Builder, swr: Reg) {
        let s = b.reg(RegClass::B32);
        b.emit(Op::Add, "u32", vec![r(s), r(self.sthread), r(swr)]);
        let cache = if self.w == 16 { "cg" } else { "ca" };
        let mods = format!("{cache}.shared.global");
        for &(soff, goff, guard) in &self.chunks {
            let ga = b.reg(RegClass::B64);
            b.emit(Op::Add, "s64", vec![r(ga), r(self.gptr), imm(goff)]);
            let guard = guard.map(|g| match g {
                ChunkGuard::Fixed(bytes, ok) => (bytes, ok),
                ChunkGuard::Row { rows_left, ri } => {
                    let (bytes, ok) = (b.reg(RegClass::B32), b.reg(RegClass::Pred));
                    b.emit(Op::Setp, "gt.s32", vec![r(ok), r(rows_left), imm(ri)]);
                    b.emit(Op::Selp, "b32", vec![r(bytes), imm(self.w), imm(0), r(ok)]);
                    (bytes, ok)
                }
            });
            match guard {
                Some((bytes, ok)) => {
                    b.emit(Op::Selp, "b64", vec![r(ga), r(ga), r(self.base), r(ok)]);
                    b.emit(
                        Op::CpAsync,
                        &mods,
                        vec![addr(s, soff), addr(ga, 0), imm(self.w), r(bytes)],
                    );
                }
                None => b.emit(
                    Op::CpAsync,
                    &mods,
                    vec![addr(s, soff), addr(ga, 0), imm(self.w)],
                ),
            }
        }
        b.emit(
            Op::Add,
            "s64",
            vec![r(self.gptr), r(self.gptr), imm(self.kstep_bytes)],
        );
    }
}

/// A thread's first chunk: its row `row_o + row_t`, its first contiguous element
/// `col_o + col_t * epc`, and that element's global byte address.
fn chunk_origin(
    b: &mut Builder,
    o: &TileCopy,
    row_o: Reg,
    col_o: Reg,
    row_t: Reg,
    col_t: Reg,
    epc: i64,
) -> (Reg, Reg, Reg) {
    let row0 = b.reg(RegClass::B32);
    b.emit(Op::Add, "u32", vec![r(row0), r(row_o), r(row_t)]);
    let col0 = b.reg(RegClass::B32);
    b.emit(
        Op::Mad,
        "lo.u32",
        vec![r(col0), r(col_t), imm(epc), r(col_o)],
    );
    let g = b.reg(RegClass::B64);
    b.emit(Op::Mul, "wide.u32", vec![r(g), r(row0), imm(o.gpitch)]);
    let cw = b.reg(RegClass::B64);
    b.emit(Op::Cvt, "u64.u32", vec![r(cw), r(col0)]);
    b.emit(Op::Add, "s64", vec![r(g), r(g), r(cw)]);
    b.emit(Op::Mul, "lo.s64", vec![r(g), r(g), imm(o.tile.eb)]);
    b.emit(Op::Add, "s64", vec![r(g), r(g), r(o.ptr)]);
    (row0, col0, g)
}

/// Issues the copies of one operand's k-tile starting at k = `kpos` into stage offset `swr`.
/// cp.async with zero fill (`src-size`) when rows are 4-byte aligned in global memory,
/// otherwise element loads and shared stores. Out-of-bounds elements become zeros.
fn load_tile(
    b: &mut Builder,
    o: &TileCopy,
    tid: Reg,
    threads: i64,
    sbase: Reg,
    swr: Reg,
    kpos: Reg,
) -> Result<(), CodegenError> {
    let t = &o.tile;
    if t.swizzle {
        return Err(CodegenError::Unsupported(NEEDS_LINEAR.into()));
    }
    let eb = t.eb;
    let row_bytes = t.cols * eb;
    let w = [16, 8, 4]
        .into_iter()
        .find(|&w| (o.gpitch * eb) % w == 0 && row_bytes % w == 0)
        .unwrap_or(eb);
    let epc = w / eb; // elements per chunk
    let cpr = row_bytes / w;
    let total = t.rows * cpr;
    let iters = (total + threads - 1) / threads;
    // Lane-dependent (row, chunk) and per-iteration immediates.
    let (row_t, col_t, per_iter): (Reg, Reg, Vec<(i64, i64)>) = if threads % cpr == 0 {
        let rt = b.digit(tid, cpr, threads / cpr);
        let ct = b.digit(tid, 1, cpr);
        (rt, ct, (0..iters).map(|i| (i * threads / cpr, 0)).collect())
    } else {
        let per_row = cpr / threads;
        let rt = b.const_u32(0);
        (
            rt,
            tid,
            (0..iters)
                .map(|i| (i / per_row, (i % per_row) * threads))
                .collect(),
        )
    };
    // Origins of this tile's row and contiguous coordinates.
    let (row_o, col_o) = if o.k_is_row {
        (kpos, o.other_origin)
    } else {
        (o.other_origin, kpos)
    };
    let (row0, col0, gidx) = chunk_origin(b, o, row_o, col_o, row_t, col_t, epc);
    // Shared address of (row_t, col_t) in the write stage.
    let sa = b.reg(RegClass::B32);
    b.emit(
        Op::Mad,
        "lo.u32",
        vec![r(sa), r(row_t), imm(t.pitch), r(swr)],
    );
    b.emit(Op::Mad, "lo.u32", vec![r(sa), r(col_t), imm(w), r(sa)]);
    b.emit(Op::Add, "u32", vec![r(sa), r(sa), r(sbase)]);
    let p_row = b.reg(RegClass::Pred);
    let p_in = b.reg(RegClass::Pred);
    let rowi = b.reg(RegClass::B32);
    let coli = b.reg(RegClass::B32);
    let bytes = b.reg(RegClass::B32);
    let ga = b.reg(RegClass::B64);
    for (i, &(ri, ci)) in per_iter.iter().enumerate() {
        let chunk_guard = (i as i64 + 1) * threads > total;
        let skip = b.fresh_label("LSKIP");
        if chunk_guard {
            // Threads past the last chunk in the final iteration do nothing.
            let pc = b.reg(RegClass::Pred);
            b.emit(
                Op::Setp,
                "ge.u32",
                vec![r(pc), r(tid), imm(total - i as i64 * threads)],
            );
            b.emit_if(pc, false, Op::Bra, "", vec![sym(&skip)]);
        }
        b.emit(Op::Add, "u32", vec![r(rowi), r(row0), imm(ri)]);
        b.emit(
            Op::Setp,
            "lt.u32",
            vec![r(p_row), r(rowi), imm(o.row_limit)],
        );
        b.emit(Op::Add, "u32", vec![r(coli), r(col0), imm(ci * epc)]);
        // Elements of this chunk inside the problem: clamp(limit - col, 0, epc).
        b.emit(Op::Sub, "s32", vec![r(bytes), imm(o.col_limit), r(coli)]);
        b.emit(Op::Max, "s32", vec![r(bytes), r(bytes), imm(0)]);
        b.emit(Op::Min, "s32", vec![r(bytes), r(bytes), imm(epc)]);
        b.emit(Op::Selp, "b32", vec![r(bytes), r(bytes), imm(0), r(p_row)]);
        let goff = (ri * o.gpitch + ci * epc) * eb;
        b.emit(Op::Add, "s64", vec![r(ga), r(gidx), imm(goff)]);
        let soff = o.stage_off + ri * t.pitch + ci * w;
        if w >= 4 {
            b.emit(Op::Mul, "lo.u32", vec![r(bytes), r(bytes), imm(eb)]);
            // A chunk with no bytes in bounds reads nothing; point it at the base anyway.
            b.emit(Op::Setp, "ne.u32", vec![r(p_in), r(bytes), imm(0)]);
            b.emit(Op::Selp, "b64", vec![r(ga), r(ga), r(o.ptr), r(p_in)]);
            let cache = if w == 16 { "cg" } else { "ca" };
            b.emit(
                Op::CpAsync,
                &format!("{cache}.shared.global"),
                vec![addr(sa, soff), addr(ga, 0), imm(w), r(bytes)],
            );
        } else {
            b.emit(Op::Setp, "ne.u32", vec![r(p_in), r(bytes), imm(0)]);
            let (ld, st, cls) = if eb == 2 {
                ("global.b16", "shared.b16", RegClass::B16)
            } else {
                ("global.u8", "shared.u8", RegClass::B32)
            };
            let v = b.reg(cls);
            let zero_ty = if eb == 2 { "b16" } else { "b32" };
            b.emit(Op::Mov, zero_ty, vec![r(v), imm(0)]);
            b.emit_if(p_in, false, Op::Ld, ld, vec![r(v), addr(ga, 0)]);
            b.emit(Op::St, st, vec![addr(sa, soff), r(v)]);
        }
        if chunk_guard {
            b.label(&skip);
        }
    }
    Ok(())
}

/// One region's fragment addressing and instance lists.
struct RegionCode {
    region: Region,
    instr: Instruction,
    a: SplitMap,
    b: SplitMap,
    c: SplitMap,
    /// Per-lane byte offsets (plus warp offset) of A and B within their stage tiles.
    a_lane: (Reg, i64),
    b_lane: (Reg, i64),
    a_tile: SmemTile,
    b_tile: SmemTile,
    /// `ldmatrix` plans and lane offsets (with the warp offset) for A and B, where possible.
    a_ldm: Option<LdmAddr>,
    b_ldm: Option<LdmAddr>,
    /// Distinct instance origins in (m, n).
    mn_origins: Vec<(i64, i64)>,
    /// Accumulator registers per instance.
    acc_regs: usize,
    acc_per_reg: usize,
    elem: Elem,
}

impl RegionCode {
    #[allow(clippy::too_many_arguments)]
    fn new(
        b: &mut Builder,
        region: &Region,
        lane: Reg,
        wi: Reg,
        wj: Reg,
        wm: i64,
        wn: i64,
        a_tile: &SmemTile,
        b_tile: &SmemTile,
        elem: Elem,
    ) -> Result<Self, CodegenError> {
        let itex = &region.piece.itex;
        let instr = itex.instruction;
        let threads = i64::from(instr.threads());
        let get = |op: InstrOperand| {
            itex.map(op)
                .ok_or_else(|| CodegenError::Map(format!("{instr}: no map for {op:?}")))
        };
        let a = frag::split(get(InstrOperand::A)?, threads)?;
        let bm = frag::split(get(InstrOperand::B)?, threads)?;
        let c = frag::split(get(InstrOperand::D)?, threads)?;
        // Lane offsets plus the warp's offset: A rows move with the warp's m, B with its n.
        let (a_off, a_al) = frag::lane_offset(b, lane, &a, a_tile.coef());
        b.emit(
            Op::Mad,
            "lo.u32",
            vec![r(a_off), r(wi), imm(wm * a_tile.coef()[0]), r(a_off)],
        );
        let (b_off, b_al) = frag::lane_offset(b, lane, &bm, b_tile.coef());
        b.emit(
            Op::Mad,
            "lo.u32",
            vec![r(b_off), r(wj), imm(wn * b_tile.coef()[1]), r(b_off)],
        );
        let mut mn: Vec<(i64, i64)> = region
            .instance_origins()
            .iter()
            .map(|o| (o[0], o[1]))
            .collect();
        mn.sort_unstable();
        mn.dedup();
        let (acc_regs, acc_per_reg) = match instr {
            Instruction::Hfma2 => (1, 2),
            Instruction::Mma {
                acc: DType::F16, ..
            } => (c.values.len() / 2, 2),
            _ => (c.values.len(), 1),
        };
        let instances = region.instance_origins();
        let a_origins: BTreeSet<[i64; 2]> = instances.iter().map(|o| [o[0], o[2]]).collect();
        let b_origins: BTreeSet<[i64; 2]> = instances.iter().map(|o| [o[2], o[1]]).collect();
        let tensor = instr.unit() == Unit::Tensor;
        let a_ldm = LdmAddr::new(
            b,
            tensor,
            lane,
            &a,
            a_tile,
            elem,
            (wi, wm * a_tile.coef()[0]),
            &a_origins,
            (0, instr.mnk().map_or(1, |t| i64::from(t.0))),
        );
        let b_ldm = LdmAddr::new(
            b,
            tensor,
            lane,
            &bm,
            b_tile,
            elem,
            (wj, wn * b_tile.coef()[1]),
            &b_origins,
            (1, instr.mnk().map_or(1, |t| i64::from(t.1))),
        );
        if (a_tile.swizzle && a_ldm.is_none()) || (b_tile.swizzle && b_ldm.is_none()) {
            return Err(CodegenError::Unsupported(NEEDS_LINEAR.into()));
        }
        Ok(RegionCode {
            region: region.clone(),
            instr,
            a,
            b: bm,
            c,
            a_lane: (a_off, a_al.min(wm_align(wm * a_tile.coef()[0]))),
            b_lane: (b_off, b_al.min(wm_align(wn * b_tile.coef()[1]))),
            a_tile: *a_tile,
            b_tile: *b_tile,
            a_ldm,
            b_ldm,
            mn_origins: mn,
            acc_regs,
            acc_per_reg,
            elem,
        })
    }

    /// The origins `k0` of this region's k-slices within the CTA's k-tile, ascending.
    fn k_slices(&self) -> Vec<i64> {
        let mut ks: Vec<i64> = self
            .region
            .instance_origins()
            .iter()
            .map(|o| o[2])
            .collect();
        ks.sort_unstable();
        ks.dedup();
        ks
    }

    /// The instances of slice `k0` in zig-zag order: rows of instances alternate n direction,
    /// so consecutive instructions share the A fragment within a row and the B fragment at
    /// each turn.
    fn zigzag(&self, k0: i64) -> Vec<(i64, i64)> {
        let mut inst: Vec<(i64, i64)> = self
            .region
            .instance_origins()
            .iter()
            .filter(|o| o[2] == k0)
            .map(|o| (o[0], o[1]))
            .collect();
        inst.sort_unstable();
        let mut ms: Vec<i64> = inst.iter().map(|x| x.0).collect();
        ms.dedup();
        let mut order = Vec::new();
        for (row, &m0) in ms.iter().enumerate() {
            let mut ns: Vec<(i64, i64)> = inst.iter().copied().filter(|x| x.0 == m0).collect();
            if row % 2 == 1 {
                ns.reverse();
            }
            order.extend(ns);
        }
        order
    }

    /// Loads every A and B fragment of slice `k0` from the stage at shared address `stage`,
    /// in the order the zig-zag first uses them.
    #[allow(clippy::too_many_arguments)]
    fn load_slice(
        &self,
        b: &mut Builder,
        stage: Reg,
        k0: i64,
        a_stage_off: i64,
        b_stage_off: i64,
        dt: GemmDType,
    ) -> SliceFrags {
        let a_base = b.reg(RegClass::B32);
        b.emit(Op::Add, "u32", vec![r(a_base), r(stage), r(self.a_lane.0)]);
        let b_base = b.reg(RegClass::B32);
        b.emit(Op::Add, "u32", vec![r(b_base), r(stage), r(self.b_lane.0)]);
        let tensor = self.instr.unit() == Unit::Tensor;
        let mut f = SliceFrags::default();
        for (m0, n0) in self.zigzag(k0) {
            if let (Some(l), false) = (&self.a_ldm, f.a.contains_key(&m0)) {
                f.a.extend(l.load(b, stage, &self.a_tile, a_stage_off, [l.leader(m0), k0]));
            }
            f.a.entry(m0).or_insert_with(|| {
                {
                    self.load_operand(
                        b,
                        &self.a,
                        &self.a_tile,
                        a_base,
                        self.a_lane.1,
                        a_stage_off,
                        [m0, k0],
                        dt,
                        tensor,
                    )
                }
            });
            if let (Some(l), false) = (&self.b_ldm, f.b.contains_key(&n0)) {
                f.b.extend(l.load(b, stage, &self.b_tile, b_stage_off, [k0, l.leader(n0)]));
            }
            f.b.entry(n0).or_insert_with(|| {
                {
                    self.load_operand(
                        b,
                        &self.b,
                        &self.b_tile,
                        b_base,
                        self.b_lane.1,
                        b_stage_off,
                        [k0, n0],
                        dt,
                        tensor,
                    )
                }
            });
        }
        f
    }

    /// The instances of slice `k0` in zig-zag order, reading fragments `f` from
    /// [`Self::load_slice`].
    fn compute_slice(
        &self,
        b: &mut Builder,
        ri: usize,
        k0: i64,
        f: &SliceFrags,
        accs: &BTreeMap<AccKey, Vec<Reg>>,
    ) -> Result<(), CodegenError> {
        for (m0, n0) in self.zigzag(k0) {
            let acc = &accs[&(ri, m0, n0)];
            let (fa, fb) = (&f.a[&m0], &f.b[&n0]);
            match self.instr {
                Instruction::Mma {
                    m,
                    n,
                    k,
                    ab,
                    acc: at,
                } => {
                    let mods = format!("sync.aligned.m{m}n{n}k{k}.row.col.{at}.{ab}.{ab}.{at}");
                    b.emit(Op::Mma, &mods, vec![vec(acc), vec(fa), vec(fb), vec(acc)]);
                }
                Instruction::Ffma => {
                    b.emit(
                        Op::Fma,
                        "rn.f32",
                        vec![r(acc[0]), r(fa[0]), r(fb[0]), r(acc[0])],
                    );
                }
                Instruction::Hfma2 => {
                    b.emit(
                        Op::Fma,
                        "rn.f16x2",
                        vec![r(acc[0]), r(fa[0]), r(fb[0]), r(acc[0])],
                    );
                }
                i => return Err(CodegenError::Unsupported(format!("instruction {i}"))),
            }
        }
        Ok(())
    }

    /// Loads one operand fragment at operand-coordinate origin `origin`.
    #[allow(clippy::too_many_arguments)]
    fn load_operand(
        &self,
        b: &mut Builder,
        s: &SplitMap,
        tile: &SmemTile,
        base: Reg,
        align: i64,
        stage_off: i64,
        origin: [i64; 2],
        dt: GemmDType,
        tensor: bool,
    ) -> Vec<Reg> {
        if tensor || self.instr == Instruction::Hfma2 {
            let per = if self.instr == Instruction::Hfma2 {
                2
            } else {
                self.elem.per_reg()
            };
            let offs = frag::register_offsets(s, tile, origin, per);
            return offs
                .iter()
                .map(|o| {
                    let o: Vec<i64> = o.iter().map(|x| x + stage_off).collect();
                    frag::load_register(b, base, align, &o, self.elem, RegClass::B32)
                })
                .collect();
        }
        // FFMA: one f32 operand per lane, converted from 16-bit inputs.
        let offs = frag::register_offsets(s, tile, origin, 1);
        offs.iter()
            .map(|o| {
                let off = o[0] + stage_off;
                let f = b.reg(RegClass::F32);
                match dt.input() {
                    DType::F16 => {
                        let h = b.reg(RegClass::B16);
                        b.emit(Op::Ld, "shared.b16", vec![r(h), addr(base, off)]);
                        b.emit(Op::Cvt, "f32.f16", vec![r(f), r(h)]);
                    }
                    DType::BF16 => {
                        // bf16 -> f32 is exact: the 16 bits become the high half.
                        let t = b.reg(RegClass::B32);
                        b.emit(Op::Ld, "shared.u16", vec![r(t), addr(base, off)]);
                        b.emit(Op::Shl, "b32", vec![r(t), r(t), imm(16)]);
                        b.emit(Op::Mov, "b32", vec![r(f), r(t)]);
                    }
                    _ => b.emit(Op::Ld, "shared.f32", vec![r(f), addr(base, off)]),
                }
                f
            })
            .collect()
    }

    /// The accumulator elements of this region: `(key, register index, sub-element, (m, n))`
    /// with `(m, n)` relative to the worker box minus the lane part.
    fn acc_elements(&self, ri: usize) -> Vec<(AccKey, usize, usize, [i64; 2])> {
        let mut out = Vec::new();
        for &(m0, n0) in &self.mn_origins {
            for (v, c) in self.c.values.iter().enumerate() {
                out.push((
                    (ri, m0, n0),
                    v / self.acc_per_reg,
                    v % self.acc_per_reg,
                    [m0 + c[0], n0 + c[1]],
                ));
            }
        }
        out
    }

    /// Stores this region's accumulators: `C = alpha * acc + beta * C`, bounds-checked.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &self,
        b: &mut Builder,
        ri: usize,
        accs: &BTreeMap<AccKey, Vec<Reg>>,
        c: Reg,
        m_cta: Reg,
        n_cta: Reg,
        wi: Reg,
        wj: Reg,
        wm: i64,
        wn: i64,
        p: &tessellate::GemmProblem,
        c_ty: DType,
        alpha: Reg,
        beta: Reg,
        beta_nz: Reg,
    ) -> Result<(), CodegenError> {
        let lane = sym_lane(b);
        let ml = frag::lane_coord(b, lane, &self.c, 0);
        let nl = frag::lane_coord(b, lane, &self.c, 1);
        let rowb = b.mad_u32(wi, wm, ml);
        b.emit(Op::Add, "u32", vec![r(rowb), r(rowb), r(m_cta)]);
        let colb = b.mad_u32(wj, wn, nl);
        b.emit(Op::Add, "u32", vec![r(colb), r(colb), r(n_cta)]);
        let ob = i64::from(c_ty.bytes());
        let cptr = b.reg(RegClass::B64);
        b.emit(Op::Mul, "wide.u32", vec![r(cptr), r(rowb), imm(p.n)]);
        let cw = b.reg(RegClass::B64);
        b.emit(Op::Cvt, "u64.u32", vec![r(cw), r(colb)]);
        b.emit(Op::Add, "s64", vec![r(cptr), r(cptr), r(cw)]);
        b.emit(Op::Mul, "lo.s64", vec![r(cptr), r(cptr), imm(ob)]);
        b.emit(Op::Add, "s64", vec![r(cptr), r(cptr), r(c)]);
        let mut prow: BTreeMap<i64, Reg> = BTreeMap::new();
        let mut pcol: BTreeMap<i64, Reg> = BTreeMap::new();
        let t = b.reg(RegClass::B32);
        // Two accumulators of adjacent columns, the first even, go out as one access (8-byte
        // `st.global.v2.f32` / `.v2.s32`, or one `b32` of two f16): a warp's f32 store then
        // writes whole 32-byte sectors (the m16n8 fragments give each lane columns 2t and
        // 2t + 1 of a row) instead of two halves of each at different times. 4096 x 4096 x
        // 64 f16 on an H100 took 76.7-77.1 us with one scalar store per element and 34.8 us
        // paired, against cuBLAS's 27.7 (docs/BENCHMARKS.md run 11-c).
        // With `n` even and every column origin even, `col < n` implies `col + 1 < n`, so the
        // pair shares the first element's predicate; C's base must be aligned to the pair.
        // (The CTA's column origin is a multiple of `wn`: its tile is `wn` times its warps.)
        let even_cols = p.n % 2 == 0
            && wn % 2 == 0
            && self
                .c
                .lane
                .iter()
                .all(|&(_, ext, c)| ext == 1 || c[1] % 2 == 0);
        let elements = self.acc_elements(ri);
        let per_reg = self.acc_per_reg;
        let mut i = 0;
        while i < elements.len() {
            let (key, reg, sub, [mi, ni]) = elements[i];
            // The next element is the same row's next column, in the next register (32-bit
            // accumulators) or the other half of this one (f16).
            let pair = even_cols
                && ni % 2 == 0
                && elements.get(i + 1).is_some_and(|&(k2, r2, s2, [m2, n2])| {
                    let next = if per_reg == 1 {
                        r2 == reg + 1
                    } else {
                        r2 == reg && sub == 0 && s2 == 1
                    };
                    k2 == key && m2 == mi && n2 == ni + 1 && next
                });
            let len = if pair { 2 } else { 1 };
            let group: Vec<(Reg, usize)> = elements[i..i + len]
                .iter()
                .map(|&(k, rg, sb, _)| (accs[&k][rg], sb))
                .collect();
            i += len;
            let pr = *prow.entry(mi).or_insert_with(|| {
                let q = b.reg(RegClass::Pred);
                b.emit(Op::Add, "u32", vec![r(t), r(rowb), imm(mi)]);
                b.emit(Op::Setp, "lt.u32", vec![r(q), r(t), imm(p.m)]);
                q
            });
            let pc = *pcol.entry(ni).or_insert_with(|| {
                let q = b.reg(RegClass::Pred);
                b.emit(Op::Add, "u32", vec![r(t), r(colb), imm(ni)]);
                b.emit(Op::Setp, "lt.u32", vec![r(q), r(t), imm(p.n)]);
                q
            });
            let ok = b.reg(RegClass::Pred);
            b.emit(Op::And, "pred", vec![r(ok), r(pr), r(pc)]);
            let ld_ok = b.reg(RegClass::Pred);
            b.emit(Op::And, "pred", vec![r(ld_ok), r(ok), r(beta_nz)]);
            let at = addr(cptr, (mi * p.n + ni) * ob);
            let types = (p.dtype.acc(), c_ty);
            store_elements(b, types, &group, at, ok, ld_ok, alpha, beta)?;
        }
        Ok(())
    }
}

/// `C = alpha * acc + beta * C` for one or two adjacent elements of a row of C at `at`
/// (`group`: each element's accumulator register and, for f16, its half), C read only under
/// `ld_ok` and written under `ok`. Two elements go out as one access: `v2` of f32 / s32 (8
/// bytes) or one `b32` of two 16-bit halves; the caller guarantees its alignment. `(acc,
/// c)`: the accumulator's type and C's, the same or f32 over a 16-bit C.
#[allow(clippy::too_many_arguments)]
fn store_elements(
    b: &mut Builder,
    (acc, c): (DType, DType),
    group: &[(Reg, usize)],
    at: Operand,
    ok: Reg,
    ld_ok: Reg,
    alpha: Reg,
    beta: Reg,
) -> Result<(), CodegenError> {
    let two = group.len() == 2;
    if acc != c {
        return store_narrowed(b, c, group, at, (ok, ld_ok), alpha, beta);
    }
    match acc {
        DType::F32 | DType::S32 => {
            // (register class, type, zero, multiply, multiply-add) of the accumulator type.
            let (class, ty, zero, mul, (fma, fma_ty)) = if acc == DType::F32 {
                (
                    RegClass::F32,
                    "f32",
                    f32imm(0.0),
                    "rn.f32",
                    (Op::Fma, "rn.f32"),
                )
            } else {
                (RegClass::B32, "s32", imm(0), "lo.s32", (Op::Mad, "lo.s32"))
            };
            let old = b.regs(class, group.len());
            for &o in &old {
                b.emit(Op::Mov, ty, vec![r(o), zero.clone()]);
            }
            let (space, old_op) = if two {
                (format!("global.v2.{ty}"), vec(&old))
            } else {
                (format!("global.{ty}"), r(old[0]))
            };
            b.emit_if(ld_ok, false, Op::Ld, &space, vec![old_op, at.clone()]);
            let out = b.regs(class, group.len());
            for (j, &(a, _)) in group.iter().enumerate() {
                b.emit(Op::Mul, mul, vec![r(out[j]), r(beta), r(old[j])]);
                b.emit(fma, fma_ty, vec![r(out[j]), r(alpha), r(a), r(out[j])]);
            }
            let out_op = if two { vec(&out) } else { r(out[0]) };
            b.emit_if(ok, false, Op::St, &space, vec![at, out_op]);
        }
        DType::F16 => {
            let oldh = load_halves(b, group.len(), &at, ld_ok);
            // A group's elements are halves of one accumulator register (a pair is both).
            let hs = b.regs(RegClass::B16, 2);
            b.emit(Op::Mov, "b32", vec![vec(&hs), r(group[0].0)]);
            let oh = b.regs(RegClass::B16, group.len());
            for (j, &(_, sub)) in group.iter().enumerate() {
                let f = b.reg(RegClass::F32);
                b.emit(Op::Cvt, "f32.f16", vec![r(f), r(hs[sub])]);
                let old = b.reg(RegClass::F32);
                b.emit(Op::Cvt, "f32.f16", vec![r(old), r(oldh[j])]);
                let out = b.reg(RegClass::F32);
                b.emit(Op::Mul, "rn.f32", vec![r(out), r(beta), r(old)]);
                b.emit(Op::Fma, "rn.f32", vec![r(out), r(alpha), r(f), r(out)]);
                b.emit(Op::Cvt, "rn.f16.f32", vec![r(oh[j]), r(out)]);
            }
            store_halves(b, &oh, at, ok);
        }
        d => return Err(CodegenError::Unsupported(format!("accumulator type {d}"))),
    }
    Ok(())
}

/// [`store_elements`] of f32 accumulators into a 16-bit C of type `c` (f16 or bf16): C's
/// old value widened exactly ([`Builder::widen_half`]), the sum formed in f32 and rounded
/// once to nearest even (`cvt.rn`).
fn store_narrowed(
    b: &mut Builder,
    c: DType,
    group: &[(Reg, usize)],
    at: Operand,
    (ok, ld_ok): (Reg, Reg),
    alpha: Reg,
    beta: Reg,
) -> Result<(), CodegenError> {
    let ty = match c {
        DType::F16 => "f16",
        DType::BF16 => "bf16",
        d => {
            return Err(CodegenError::Unsupported(format!(
                "f32 accumulators into a {d} C"
            )));
        }
    };
    let oldh = load_halves(b, group.len(), &at, ld_ok);
    let oh = b.regs(RegClass::B16, group.len());
    let narrow = format!("rn.{ty}.f32");
    for (j, &(a, _)) in group.iter().enumerate() {
        let old = b.reg(RegClass::F32);
        b.widen_half(old, oldh[j], ty);
        let out = b.reg(RegClass::F32);
        b.emit(Op::Mul, "rn.f32", vec![r(out), r(beta), r(old)]);
        b.emit(Op::Fma, "rn.f32", vec![r(out), r(alpha), r(a), r(out)]);
        b.emit(Op::Cvt, &narrow, vec![r(oh[j]), r(out)]);
    }
    store_halves(b, &oh, at, ok);
    Ok(())
}

/// C's old 16-bit values at `at`, `count` (1 or 2) adjacent elements, in fresh `.b16`
/// registers: zero unless `ld_ok`, a pair as one `b32` load, else one `b16`.
fn load_halves(b: &mut Builder, count: usize, at: &Operand, ld_ok: Reg) -> Vec<Reg> {
    let oldh = b.regs(RegClass::B16, count);
    for &o in &oldh {
        b.emit(Op::Mov, "b16", vec![r(o), imm(0)]);
    }
    if count == 2 {
        let w = b.reg(RegClass::B32);
        b.emit(Op::Mov, "b32", vec![r(w), imm(0)]);
        b.emit_if(ld_ok, false, Op::Ld, "global.b32", vec![r(w), at.clone()]);
        b.emit(Op::Mov, "b32", vec![vec(&oldh), r(w)]);
    } else {
        let ld = vec![r(oldh[0]), at.clone()];
        b.emit_if(ld_ok, false, Op::Ld, "global.b16", ld);
    }
    oldh
}

/// Stores 16-bit values `oh` (1 or 2 adjacent elements) at `at` where `ok`: a pair as one
/// `b32`, else one `b16`.
fn store_halves(b: &mut Builder, oh: &[Reg], at: Operand, ok: Reg) {
    if let [h] = oh {
        return b.emit_if(ok, false, Op::St, "global.b16", vec![at, r(*h)]);
    }
    let w = b.reg(RegClass::B32);
    b.emit(Op::Mov, "b32", vec![r(w), vec(oh)]);
    b.emit_if(ok, false, Op::St, "global.b32", vec![at, r(w)]);
}

/// Shown by [`build_with`] when a swizzled tile meets a path that addresses it linearly; the
/// caller retries with padded tiles.
const NEEDS_LINEAR: &str = "fragment or copy path needs a linear shared-memory layout";

/// How one operand's fragments are addressed through `ldmatrix`: the plan for one fragment,
/// optionally a plan loading two neighbours along the non-k coordinate at once (`.x4` for two
/// `.x2` B fragments of m16n8k16), and per swizzle key (see [`SmemTile::split_offset`]) a
/// register holding the lane's physical offset within the stage, warp offset included.
/// Padded tiles have the single key 0.
#[derive(Clone)]
struct LdmAddr {
    plan: frag::LdmPlan,
    /// `(plan, partner)`: `partner[x]` is the non-k coordinate loaded together with `x`
    /// (`x` the smaller of the two).
    pair: Option<(frag::LdmPlan, BTreeMap<i64, i64>)>,
    /// Which operand coordinate is not k (0 for A, 1 for B).
    dim: usize,
    /// `(paired, key)` -> register.
    keys: BTreeMap<(bool, i64), Reg>,
}

impl LdmAddr {
    /// `None` when the map does not fit `ldmatrix`, or the warp offset `(warp, bytes per
    /// warp)` is not a whole number of swizzle groups (or 16 bytes when padded). `origins`
    /// are the fragment origins the region loads; `step` the instance extent along `dim`.
    #[allow(clippy::too_many_arguments)]
    fn new(
        b: &mut Builder,
        tensor: bool,
        lane: Reg,
        s: &SplitMap,
        tile: &SmemTile,
        elem: Elem,
        (warp, wofs): (Reg, i64),
        origins: &BTreeSet<[i64; 2]>,
        (dim, step): (usize, i64),
    ) -> Option<Self> {
        if !tensor {
            return None;
        }
        let plan = frag::ldmatrix_plan(s, tile, elem)?;
        let (wkey, wshift) = tile.split_offset(wofs);
        if wkey != 0 || wshift % 16 != 0 {
            return None;
        }
        let pair = (plan.regs <= 2)
            .then(|| {
                let mut values = s.values.clone();
                values.extend(s.values.iter().map(|v| {
                    let mut v = *v;
                    v[dim] += step;
                    v
                }));
                let joined = SplitMap {
                    lane: s.lane.clone(),
                    values,
                };
                let p = frag::ldmatrix_plan(&joined, tile, elem)?;
                let xs: BTreeSet<i64> = origins.iter().map(|o| o[dim]).collect();
                let mut partner = BTreeMap::new();
                let mut it = xs.iter().copied().peekable();
                while let Some(x) = it.next() {
                    if it.peek() == Some(&(x + step)) {
                        partner.insert(x, x + step);
                        it.next();
                    }
                }
                (!partner.is_empty()).then_some((p, partner))
            })
            .flatten();
        let l = frag::ldmatrix_lane(b, lane, &plan);
        let lp = pair.as_ref().map(|(p, _)| frag::ldmatrix_lane(b, lane, p));
        let mut keys = BTreeMap::new();
        let mut key_reg = |b: &mut Builder, key: (bool, i64), l: Reg| {
            keys.entry(key).or_insert_with(|| {
                let x = b.add_u32(l, key.1);
                let x = if tile.swizzle {
                    tile.emit_physical(b, x)
                } else {
                    x
                };
                b.emit(Op::Mad, "lo.u32", vec![r(x), r(warp), imm(wshift), r(x)]);
                x
            });
        };
        for &o in origins {
            match (&pair, lp) {
                (Some((p, partner)), Some(lp)) if partner.contains_key(&o[dim]) => {
                    key_reg(b, (true, tile.split_offset(tile.offset(o) + p.base).0), lp)
                }
                (Some((_, partner)), _) if partner.values().any(|&x| x == o[dim]) => {}
                _ => key_reg(
                    b,
                    (false, tile.split_offset(tile.offset(o) + plan.base).0),
                    l,
                ),
            }
        }
        Some(LdmAddr {
            plan,
            pair,
            dim,
            keys,
        })
    }

    /// The fragments at operand-coordinate `origin` from the stage at shared address `stage`:
    /// one, or two (`origin` and its partner along `dim`, in that order) when paired.
    fn load(
        &self,
        b: &mut Builder,
        stage: Reg,
        tile: &SmemTile,
        stage_off: i64,
        origin: [i64; 2],
    ) -> Vec<(i64, Vec<Reg>)> {
        let x = origin[self.dim];
        let (p, tag, partner) = match &self.pair {
            Some((p, partner)) if partner.contains_key(&x) => (p, true, Some(partner[&x])),
            _ => (&self.plan, false, None),
        };
        let (key, shift) = tile.split_offset(tile.offset(origin) + p.base);
        let base = b.reg(RegClass::B32);
        b.emit(
            Op::Add,
            "u32",
            vec![r(base), r(stage), r(self.keys[&(tag, key)])],
        );
        let regs = b.regs(RegClass::B32, p.regs);
        let mods = format!(
            "sync.aligned.m8n8.x{}{}.shared.b16",
            p.regs,
            if p.trans { ".trans" } else { "" }
        );
        b.emit(
            Op::Ldmatrix,
            &mods,
            vec![vec(&regs), addr(base, shift + stage_off)],
        );
        match partner {
            Some(y) => {
                let (lo, hi) = regs.split_at(p.regs / 2);
                vec![(x, lo.to_vec()), (y, hi.to_vec())]
            }
            None => vec![(x, regs)],
        }
    }

    /// The coordinate whose load also brings `x` (itself when unpaired).
    fn leader(&self, x: i64) -> i64 {
        match &self.pair {
            Some((_, partner)) => partner
                .iter()
                .find(|&(_, &y)| y == x)
                .map_or(x, |(&l, _)| l),
            None => x,
        }
    }
}

fn wm_align(bytes: i64) -> i64 {
    if bytes == 0 {
        16
    } else {
        1 << bytes.trailing_zeros().min(4)
    }
}

/// The lane id, recomputed (cheap) so the epilogue does not keep the setup register alive.
fn sym_lane(b: &mut Builder) -> Reg {
    let t = b.reg(RegClass::B32);
    b.emit(Op::Mov, "u32", vec![r(t), sym("%tid.x")]);
    b.emit(Op::And, "b32", vec![r(t), r(t), imm(31)]);
    t
}

/// Folds region 1's (vector) partial sums into region 0's (tensor) accumulators.
#[allow(clippy::too_many_arguments)]
fn reduce(
    b: &mut Builder,
    regions: &[RegionCode],
    accs: &BTreeMap<AccKey, Vec<Reg>>,
    how: Reduction,
    sbase: Reg,
    warp: Reg,
    wm: i64,
    wn: i64,
    dt: GemmDType,
) -> Result<(), CodegenError> {
    let (into, from) = (&regions[0], &regions[1]);
    let half = dt.acc() == DType::F16;
    let es = if half { 2 } else { 4 };
    b.comment(&format!("reduction tessellation: {how:?}"));
    if how != Reduction::SharedMemory {
        return reduce_in_registers(b, into, from, accs, how, dt);
    }
    let lane = sym_lane(b);
    let scratch = b.reg(RegClass::B32);
    b.emit(
        Op::Mad,
        "lo.u32",
        vec![r(scratch), r(warp), imm(wm * wn * es), r(sbase)],
    );
    let coef = [wn * es, es];
    let (from_off, _) = frag::lane_offset(b, lane, &from.c, coef);
    b.emit(Op::Add, "u32", vec![r(from_off), r(from_off), r(scratch)]);
    let (into_off, _) = frag::lane_offset(b, lane, &into.c, coef);
    b.emit(Op::Add, "u32", vec![r(into_off), r(into_off), r(scratch)]);
    for (key, reg, sub, [m, n]) in from.acc_elements(1) {
        let acc = accs[&key][reg];
        let off = m * coef[0] + n * coef[1];
        if half {
            let hs = b.regs(RegClass::B16, 2);
            b.emit(Op::Mov, "b32", vec![vec(&hs), r(acc)]);
            b.emit(Op::St, "shared.b16", vec![addr(from_off, off), r(hs[sub])]);
        } else {
            b.emit(Op::St, "shared.f32", vec![addr(from_off, off), r(acc)]);
        }
    }
    b.emit(Op::Bar, "warp.sync", vec![imm(0xffff_ffff)]);
    for (key, reg, sub, [m, n]) in into.acc_elements(0) {
        let acc = accs[&key][reg];
        let off = m * coef[0] + n * coef[1];
        if half {
            let hs = b.regs(RegClass::B16, 2);
            b.emit(Op::Mov, "b32", vec![vec(&hs), r(acc)]);
            let x = b.reg(RegClass::B16);
            b.emit(Op::Ld, "shared.b16", vec![r(x), addr(into_off, off)]);
            b.emit(Op::Add, "rn.f16", vec![r(hs[sub]), r(hs[sub]), r(x)]);
            b.emit(Op::Mov, "b32", vec![r(acc), vec(&hs)]);
        } else if dt.acc() == DType::S32 {
            return Err(CodegenError::Unsupported(
                "s32 reduction tessellation".into(),
            ));
        } else {
            let x = b.reg(RegClass::F32);
            b.emit(Op::Ld, "shared.f32", vec![r(x), addr(into_off, off)]);
            b.emit(Op::Add, "rn.f32", vec![r(acc), r(acc), r(x)]);
        }
    }
    Ok(())
}

/// One accumulator element: `(key, register index, 16-bit half)`.
type AccElem = (AccKey, usize, usize);

/// Where each element of `from` goes in `into`: per source element, the destination element
/// (the same for every lane) and, per destination lane, the source lane. `None` when some
/// element's destination register depends on the lane, or the lanes do not permute.
fn register_moves(
    into: &RegionCode,
    from: &RegionCode,
) -> Option<Vec<(AccElem, AccElem, [i64; 32])>> {
    let lane_part = |c: &SplitMap, l: i64| -> [i64; 2] {
        let mut p = [0; 2];
        for &(div, ext, k) in &c.lane {
            p[0] += ((l / div) % ext) * k[0];
            p[1] += ((l / div) % ext) * k[1];
        }
        p
    };
    let mut owner: BTreeMap<[i64; 2], (i64, AccElem)> = BTreeMap::new();
    for (key, reg, sub, pos) in into.acc_elements(0) {
        for l in 0..32 {
            let q = lane_part(&into.c, l);
            owner.insert([pos[0] + q[0], pos[1] + q[1]], (l, (key, reg, sub)));
        }
    }
    let mut out = Vec::new();
    for (key, reg, sub, pos) in from.acc_elements(1) {
        let mut dst = None;
        let mut src_of = [-1i64; 32];
        for l in 0..32 {
            let q = lane_part(&from.c, l);
            let &(dl, e) = owner.get(&[pos[0] + q[0], pos[1] + q[1]])?;
            if *dst.get_or_insert(e) != e || src_of[dl as usize] >= 0 {
                return None;
            }
            src_of[dl as usize] = l;
        }
        out.push(((key, reg, sub), dst?, src_of));
    }
    Some(out)
}

/// Direct and shuffle reduction tessellation (Mosaic 5.1): every partial sum of `from` is
/// added to the `into` register holding the same output element, read from the lane that
/// holds it — the same lane (direct), or through one `shfl.sync.idx` per source register
/// whose source lane is affine in the lane-id bits (shuffle).
fn reduce_in_registers(
    b: &mut Builder,
    into: &RegionCode,
    from: &RegionCode,
    accs: &BTreeMap<AccKey, Vec<Reg>>,
    how: Reduction,
    dt: GemmDType,
) -> Result<(), CodegenError> {
    let unsupported = |why: &str| CodegenError::Unsupported(format!("{how:?} reduction: {why}"));
    let moves = register_moves(into, from)
        .ok_or_else(|| unsupported("the two accumulator layouts are not a lane permutation"))?;
    let identity: [i64; 32] = std::array::from_fn(|l| l as i64);
    if how == Reduction::Direct && moves.iter().any(|m| m.2 != identity) {
        return Err(unsupported("partial sums live in other lanes"));
    }
    let acc = dt.acc();
    let add = |b: &mut Builder, d: Reg, x: Reg| match acc {
        DType::S32 => b.emit(Op::Add, "s32", vec![r(d), r(d), r(x)]),
        _ => b.emit(Op::Add, "rn.f32", vec![r(d), r(d), r(x)]),
    };
    if acc == DType::F16 {
        // Halves: direct only, element by element.
        if how != Reduction::Direct {
            return Err(unsupported(
                "f16 accumulators are reduced directly or through shared memory",
            ));
        }
        for ((fk, fr, fs), (ik, ir, is), _) in moves {
            let (src, dst) = (accs[&fk][fr], accs[&ik][ir]);
            let hs = b.regs(RegClass::B16, 2);
            b.emit(Op::Mov, "b32", vec![vec(&hs), r(src)]);
            let hd = b.regs(RegClass::B16, 2);
            b.emit(Op::Mov, "b32", vec![vec(&hd), r(dst)]);
            b.emit(Op::Add, "rn.f16", vec![r(hd[is]), r(hd[is]), r(hs[fs])]);
            b.emit(Op::Mov, "b32", vec![r(dst), vec(&hd)]);
        }
        return Ok(());
    }
    let lane = sym_lane(b);
    let mut src_lane: BTreeMap<[i64; 32], Reg> = BTreeMap::new();
    for ((fk, fr, _), (ik, ir, _), perm) in moves {
        let (src, dst) = (accs[&fk][fr], accs[&ik][ir]);
        if perm == identity {
            add(b, dst, src);
            continue;
        }
        let sl = match src_lane.get(&perm) {
            Some(&x) => x,
            None => {
                let c: Vec<i64> = (0..5).map(|bit| perm[1 << bit] - perm[0]).collect();
                let affine = (0..32).all(|l| {
                    perm[l]
                        == perm[0]
                            + (0..5)
                                .map(|bit| ((l as i64 >> bit) & 1) * c[bit])
                                .sum::<i64>()
                });
                if !affine {
                    return Err(unsupported("source lane is not affine in the lane-id bits"));
                }
                let x = b.const_u32(perm[0]);
                for (bit, &cb) in c.iter().enumerate() {
                    if cb != 0 {
                        let d = b.digit(lane, 1 << bit, 2);
                        b.emit(Op::Mad, "lo.s32", vec![r(x), r(d), imm(cb), r(x)]);
                    }
                }
                src_lane.insert(perm, x);
                x
            }
        };
        let t = b.reg(src.class);
        b.emit(
            Op::Shfl,
            "sync.idx.b32",
            vec![r(t), r(src), r(sl), imm(0x1f), imm(0xffff_ffff)],
        );
        add(b, dst, t);
    }
    Ok(())
}

/// Register id for the scheduler.
fn reg_id(x: Reg) -> u32 {
    let c = RegClass::ALL
        .iter()
        .position(|&k| k == x.class)
        .unwrap_or(0) as u32;
    (c << 24) | x.n
}

fn regs_of(o: &Operand, out: &mut Vec<u32>) {
    match o {
        Operand::Reg(x) => out.push(reg_id(*x)),
        Operand::Addr { base, .. } => regs_of(base, out),
        Operand::Vec(v) => v.iter().for_each(|e| regs_of(e, out)),
        _ => {}
    }
}

/// Orders a straight-line compute body with `sched` and appends it.
fn schedule_into(b: &mut Builder, body: Vec<Stmt>, policy: sched::Policy) {
    let instrs: Vec<Instr> = body
        .into_iter()
        .filter_map(|s| match s {
            Stmt::Instr(i) => Some(i),
            _ => None,
        })
        .collect();
    let nodes: Vec<sched::Node> = instrs
        .iter()
        .map(|i| {
            let mut defs = Vec::new();
            let mut uses = Vec::new();
            let stores = matches!(i.op, Op::St);
            for (j, o) in i.operands.iter().enumerate() {
                if j == 0 && !stores {
                    regs_of(o, &mut defs);
                } else {
                    regs_of(o, &mut uses);
                }
            }
            if let Some(g) = i.guard {
                uses.push(reg_id(g.pred));
            }
            let class = match i.op {
                Op::Ld | Op::Ldmatrix => sched::Class::Load,
                Op::Mma => sched::Class::Tensor,
                Op::Fma => sched::Class::Vector,
                _ => sched::Class::Other,
            };
            sched::Node { class, defs, uses }
        })
        .collect();
    let order = sched::schedule(&nodes, policy).order;
    for i in order {
        b.push(instrs[i].clone());
    }
}
