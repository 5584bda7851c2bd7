//! Runs generated kernels on the CPU PTX simulator (`ptx-sim`) against the reference GEMM:
//! inputs are small integers, so every product and partial sum is exact in every dtype and
//! the comparison is exact. C is poisoned (NaN, or `i32::MIN` for s32) where beta is 0.

use codegen::{CompileOptions, Kernel, MatLayout, TensorMapSpec, TmaElem, TmaOperand, compile};
use half::{bf16, f16};
use ptx_sim::{Arg, Global, Launch, TensorMap};
use tessellate::{GemmDType, Plan};

struct Rng(u64);
impl Rng {
    fn small(&mut self, lo: i64, hi: i64) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (lo + (self.0 % (hi - lo + 1) as u64) as i64) as f64
    }
}

fn encode(d: GemmDType, x: f64) -> Vec<u8> {
    match d {
        GemmDType::F16 | GemmDType::F16Acc => f16::from_f64(x).to_bits().to_le_bytes().to_vec(),
        GemmDType::BF16 => bf16::from_f64(x).to_bits().to_le_bytes().to_vec(),
        GemmDType::S8 => vec![x as i8 as u8],
        _ => (x as f32).to_le_bytes().to_vec(),
    }
}

fn decode_c(d: GemmDType, b: &[u8], i: usize) -> f64 {
    match d {
        GemmDType::F16Acc => f16::from_bits(u16::from_le_bytes([b[2 * i], b[2 * i + 1]])).to_f64(),
        GemmDType::S8 => f64::from(i32::from_le_bytes(b[4 * i..4 * i + 4].try_into().unwrap())),
        _ => f64::from(f32::from_le_bytes(b[4 * i..4 * i + 4].try_into().unwrap())),
    }
}

/// Compiles `plan` with `opts`, runs it in the simulator on fresh small-integer inputs
/// (`seed`) with `alpha`, `beta`, and compares with the reference; `Err` is the first
/// mismatch or the simulator's error. With `opts.half_c`, C is in the inputs' 16-bit type and
/// the reference is the exact result rounded once to nearest even in that type (what the
/// kernel's exact f32 sum rounded by `cvt.rn` gives).
pub fn check(
    plan: &Plan,
    opts: &CompileOptions,
    (alpha, beta): (f64, f64),
    seed: u64,
) -> Result<(), String> {
    let kern = compile(plan, opts).map_err(|e| e.to_string())?;
    check_kernel(&kern, plan, opts, (alpha, beta), seed)
}

/// [`check`] of a compiled kernel: `kern` is `plan` compiled with `opts`.
pub fn check_kernel(
    kern: &Kernel,
    plan: &Plan,
    opts: &CompileOptions,
    (alpha, beta): (f64, f64),
    seed: u64,
) -> Result<(), String> {
    let p = plan.problem;
    // A transposed plan's problem is the caller's n x m x k (`Plan::transposed`); the
    // kernel takes the caller's buffers and sizes.
    let (m, n) = if plan.transposed {
        (p.n as usize, p.m as usize)
    } else {
        (p.m as usize, p.n as usize)
    };
    let k = p.k as usize;
    let nb = p.batch as usize;
    let (al, bl, half_c) = (opts.a_layout, opts.b_layout, opts.half_c);
    let mut rng = Rng(seed | 1);
    let (lo, hi) = if p.dtype == GemmDType::F16Acc {
        (-2, 2)
    } else {
        (-3, 3)
    };
    let a: Vec<f64> = (0..nb * m * k).map(|_| rng.small(lo, hi)).collect();
    let b: Vec<f64> = (0..nb * k * n).map(|_| rng.small(lo, hi)).collect();
    let c0: Vec<f64> = (0..nb * m * n).map(|_| rng.small(-4, 4)).collect();
    // a[z*m*k + i*k + kk] is A(i, kk) of batch z; stored per layout, batches one after
    // another.
    let a_at = |i: usize, kk: usize| {
        if al == MatLayout::RowMajor {
            i * k + kk
        } else {
            i + kk * m
        }
    };
    let b_at = |kk: usize, j: usize| {
        if bl == MatLayout::RowMajor {
            kk * n + j
        } else {
            kk + j * k
        }
    };
    let eb = p.dtype.input_bytes() as usize;
    let mut abytes = vec![0u8; nb * m * k * eb];
    let mut bbytes = vec![0u8; nb * k * n * eb];
    for z in 0..nb {
        for i in 0..m {
            for kk in 0..k {
                let o = (z * m * k + a_at(i, kk)) * eb;
                abytes[o..o + eb].copy_from_slice(&encode(p.dtype, a[z * m * k + i * k + kk]));
            }
        }
        for kk in 0..k {
            for j in 0..n {
                let o = (z * k * n + b_at(kk, j)) * eb;
                bbytes[o..o + eb].copy_from_slice(&encode(p.dtype, b[z * k * n + kk * n + j]));
            }
        }
    }
    let mut cbytes = Vec::new();
    for &x in &c0 {
        let v = if beta == 0.0 { f64::NAN } else { x };
        if half_c {
            cbytes.extend(encode(p.dtype, v));
            continue;
        }
        cbytes.extend(match p.dtype {
            GemmDType::F16Acc => f16::from_f64(v).to_bits().to_le_bytes().to_vec(),
            GemmDType::S8 => (if beta == 0.0 { i32::MIN } else { x as i32 })
                .to_le_bytes()
                .to_vec(),
            _ => (v as f32).to_le_bytes().to_vec(),
        });
    }
    let mut g = Global::default();
    let (pa, pb, pc) = (g.alloc(abytes), g.alloc(bbytes), g.alloc(cbytes));
    let scal = |x: f64| {
        if p.dtype == GemmDType::S8 {
            Arg::U32(x as i32 as u32)
        } else {
            Arg::F32(x as f32)
        }
    };
    let mut args = vec![
        Arg::U64(pa),
        Arg::U64(pb),
        Arg::U64(pc),
        Arg::U32(m as u32),
        Arg::U32(n as u32),
        Arg::U32(k as u32),
        scal(alpha),
        scal(beta),
    ];
    for t in &kern.tensor_maps {
        args.push(Arg::TensorMap(tensor_map(t, [pa, pb, pc])));
    }
    if kern.workspace_bytes > 0 {
        args.push(Arg::U64(g.alloc(vec![0; kern.workspace_bytes as usize])));
    }
    let launch = Launch {
        grid: kern.grid,
        block: kern.block,
        dynamic_smem: kern.dynamic_smem_bytes,
    };
    ptx_sim::run(&kern.module, &kern.entry, &launch, &args, &mut g).map_err(|e| e.to_string())?;
    let out = g.get(pc).unwrap();
    for z in 0..nb {
        let (a, b, c0) = (&a[z * m * k..], &b[z * k * n..], &c0[z * m * n..]);
        for i in 0..m {
            for j in 0..n {
                let s: f64 = (0..k).map(|kk| a[i * k + kk] * b[kk * n + j]).sum();
                let mut want = alpha * s + beta * c0[i * n + j];
                let at = z * m * n + i * n + j;
                let got = if half_c {
                    let h = u16::from_le_bytes([out[2 * at], out[2 * at + 1]]);
                    if p.dtype == GemmDType::BF16 {
                        want = bf16::from_f64(want).to_f64();
                        bf16::from_bits(h).to_f64()
                    } else {
                        want = f16::from_f64(want).to_f64();
                        f16::from_bits(h).to_f64()
                    }
                } else {
                    decode_c(p.dtype, out, at)
                };
                if got != want {
                    return Err(format!("batch {z} C[{i},{j}] = {got}, expected {want}"));
                }
            }
        }
    }
    Ok(())
}

/// The simulator's tensor map for `t` over the buffers `[A, B, C]`, as the runtime encodes it.
fn tensor_map(t: &TensorMapSpec, [a, b, c]: [u64; 3]) -> TensorMap {
    TensorMap {
        base: match t.operand {
            TmaOperand::A => a,
            TmaOperand::B => b,
            TmaOperand::C => c,
        },
        elem_bytes: if t.elem == TmaElem::F32 { 4 } else { 2 },
        dims: [t.dims[0], t.dims[1], t.batch.max(1)],
        strides: [t.stride_bytes, t.batch_stride_bytes],
        box_dims: [t.box_dims[0], t.box_dims[1], 1],
        swizzle_bytes: t.swizzle_bytes,
    }
}
