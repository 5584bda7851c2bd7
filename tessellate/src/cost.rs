//! Instruction counts of one worker's k-step, per region, as the code generator will emit them.
//! Counts are warp-level instructions issued by one warp (for a warpgroup worker, by each of
//! its four warps); they are linear in the region sizes, which is what the ILP needs.

use itex::Instruction;

/// Warp-level instruction counts for one k-step of one warp.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Counts {
    /// Tensor instructions (mma.sync, or wgmma issued by this warp).
    pub tensor: f64,
    /// Vector FMA instructions (FFMA or HFMA2).
    pub vector: f64,
    /// `ldmatrix.x4` (512 bytes per warp instruction).
    pub ldmatrix: f64,
    /// 128-bit shared loads `ld.shared.v4` of the vector micro-kernel. In the 4x8 lane grid, 8
    /// lanes share each A address and 4 each B address, so one such load moves a single
    /// 128-byte wavefront (broadcast), not 512 bytes.
    pub lds128: f64,
    /// Conversions (f16/bf16 -> f32 for FFMA operands).
    pub cvt: f64,
    /// Global -> shared copies: 16-byte `cp.async` per thread (512 bytes per warp instruction).
    pub cp_async: f64,
    /// TMA / mbarrier / wgmma fence-commit-wait bookkeeping instructions.
    pub sync: f64,
    /// Integer and control instructions (addresses, loop, predicates).
    pub int_alu: f64,
}

impl Counts {
    /// `self + other * s`.
    pub fn add_scaled(&mut self, o: &Counts, s: f64) {
        self.tensor += o.tensor * s;
        self.vector += o.vector * s;
        self.ldmatrix += o.ldmatrix * s;
        self.lds128 += o.lds128 * s;
        self.cvt += o.cvt * s;
        self.cp_async += o.cp_async * s;
        self.sync += o.sync * s;
        self.int_alu += o.int_alu * s;
    }
}

/// Counts for a tensor region `(mt, nt, kt)` of one worker's k-step.
/// mma.sync: `mt/16 * nt/8 * kt/k` per warp, operands through ldmatrix (A `mt x kt`, B
/// `kt x nt`, 512 B per ldmatrix.x4). wgmma: each of the 4 warps issues `mt/64 * kt/k`
/// instructions reading A and B from shared memory through descriptors (no register loads).
pub fn tensor_region(instr: Instruction, ext: [i64; 3], elem_bytes: i64) -> Counts {
    let [mt, nt, kt] = ext.map(|x| x as f64);
    let eb = elem_bytes as f64;
    let (im, inn, ik) = instr
        .mnk()
        .map_or((1.0, 1.0, 1.0), |(a, b, c)| (a as f64, b as f64, c as f64));
    match instr {
        Instruction::Wgmma { .. } => Counts {
            tensor: (mt / im) * (kt / ik),
            ..Counts::default()
        },
        _ => {
            let bytes = (mt * kt + kt * nt) * eb;
            Counts {
                tensor: (mt / im) * (nt / inn) * (kt / ik),
                ldmatrix: bytes / 512.0,
                int_alu: bytes / 512.0,
                ..Counts::default()
            }
        }
    }
}

/// Counts for a vector region `(mv, nv, kv)` computed by `warps` warps (1 for a warp worker, 4
/// for a warpgroup, split along m). Each lane owns a `tm x tn` register tile
/// (`tm = mv / (4 warps)`, `tn = nv / 8` for FFMA's 4x8 lane grid); per k it loads `tm + tn`
/// contiguous elements with 128-bit shared loads, converts them to f32 when the inputs are
/// 16-bit, and issues `tm * tn` FMAs (HFMA2 does two per instruction).
pub fn vector_region(instr: Instruction, ext: [i64; 3], elem_bytes: i64, warps: i64) -> Counts {
    let [mv, nv, kv] = ext.map(|x| x as f64);
    let w = warps as f64;
    let eb = elem_bytes as f64;
    let per_lane = if instr == Instruction::Hfma2 {
        2.0
    } else {
        1.0
    };
    let tm = mv / (4.0 * w);
    let tn = nv / 8.0;
    let cvt = if matches!(instr, Instruction::Ffma) && elem_bytes == 2 {
        kv * (tm + tn)
    } else {
        0.0
    };
    Counts {
        vector: tm * tn * kv / per_lane,
        lds128: kv * (tm + tn) * eb / 16.0,
        cvt,
        int_alu: kv * 0.5,
        ..Counts::default()
    }
}

/// Per-warp counts shared by every plan: the global->shared copy of the CTA's `(bm + bn) x bk`
/// operand slab split over the CTA's warps (cp.async, or a TMA issued by one thread when
/// `tma`), one barrier, and loop bookkeeping.
pub fn kstep_overhead(cta: [i64; 3], warps_per_cta: i64, elem_bytes: i64, tma: bool) -> Counts {
    let bytes = ((cta[0] + cta[1]) * cta[2] * elem_bytes) as f64;
    let w = warps_per_cta as f64;
    Counts {
        cp_async: if tma { 0.0 } else { bytes / 512.0 / w },
        sync: if tma { 6.0 } else { 2.0 },
        int_alu: 6.0,
        ..Counts::default()
    }
}

/// Accumulator registers per thread for a region (f32/s32: one per element; f16: two per
/// register), over `threads` threads.
pub fn acc_regs(ext: [i64; 3], threads: i64, acc_bytes: i64) -> f64 {
    (ext[0] * ext[1]) as f64 * acc_bytes as f64 / 4.0 / threads as f64
}

/// Registers per consumer thread that a warpgroup box's FFMA columns need beside their
/// accumulators (the Hopper code generator's layout, `codegen::hopper::ffma`): one 4-value A
/// chunk per owned row (2 per 64-row piece of the `wm` rows), one B chunk per owned column
/// (2 per 8-column chunk of the `cols`), and 16 for offsets and addresses (with 8, a 64x128
/// tile at two CTAs per SM, 128 registers, spilled 20 bytes with direct stores: ptxas 13.0,
/// codegen's hopper_matrix). 0 without FFMA columns.
pub fn ffma_column_regs(wm: i64, cols: i64) -> i64 {
    if cols == 0 {
        0
    } else {
        8 * (wm / 64) + 8 * (cols / 8) + 16
    }
}
