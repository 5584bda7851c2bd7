//! `mosaic verify` and `mosaic bench`: run compiled kernels on the current GPU against cuBLAS.

use std::fmt::Write as _;

use clap::Args;
use runtime::{
    BenchOpts, Compute, ElemType, EnergyOpts, EnergyReport, EnergyStat, GemmCall, KernelSpec,
    Layout, Runtime, RuntimeError, VerifyOpts,
};
use tessellate::{GemmDType, GemmProblem};

use super::compile::{CompileArgs, kernel};
use super::{CliError, bad, suite};

/// Flags of `verify gemm`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The kernel to compile (its --m/--n/--k are ignored with --suite, and optional there).
    #[command(flatten)]
    pub compile: CompileArgs,
    /// Run the verification suite: many shapes (ragged ones included), all four layout
    /// combinations, and alpha/beta != (1, 0). With `--dtype all`, every dtype the target has.
    #[arg(long)]
    pub suite: bool,
    /// alpha of `C = alpha A B + beta C`.
    #[arg(long, default_value = "1", allow_hyphen_values = true)]
    pub alpha: f64,
    /// beta of `C = alpha A B + beta C` (0: C is poisoned and must not be read).
    #[arg(long, default_value = "0", allow_hyphen_values = true)]
    pub beta: f64,
    /// Launch each kernel twice back to back on the same buffers (beta 0, then 1) and check
    /// that C ends as `2 alpha A B`: a kernel launched as a programmatic dependent (`--pdl`)
    /// that touched C before the launch before it had finished fails. With `--suite`, the
    /// cases of beta 0 only; otherwise it needs `--beta 0`.
    #[arg(long)]
    pub back_to_back: bool,
}

/// Flags of `bench gemm`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The kernel to compile (its --m/--n/--k are ignored with --suite, and optional there).
    #[command(flatten)]
    pub compile: CompileArgs,
    /// `llm`: Llama-3-8B / Mistral-7B and Llama-2-13B layer shapes at M = 4096, 128 and 16.
    #[arg(long, value_parser = ["llm"])]
    pub suite: Option<String>,
    /// Timed samples (at least 20).
    #[arg(long, default_value = "30")]
    pub samples: u32,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// After timing, run mosaic and cuBLAS back to back for this many seconds each: an
    /// unmeasured cuBLAS warm-up run, then four rounds (mosaic first in the first and
    /// third, cuBLAS first in the others), and report board energy per GEMM, power, SM
    /// clock and power-cap throttling (NVML). Where the card runs at its power limit,
    /// joules per GEMM decide the time.
    #[arg(long, value_name = "SECONDS")]
    pub energy: Option<f64>,
}

fn gpu_err(e: RuntimeError) -> CliError {
    CliError {
        message: e.to_string(),
        code: e.exit_code(),
    }
}

/// The runtime call matching a dtype (storage types, cuBLAS math) and layouts.
fn call_for(p: &GemmProblem, a: &CompileArgs, alpha: f64, beta: f64) -> GemmCall {
    let (dtype, m, n, k) = (p.dtype, p.m, p.n, p.k);
    let (ab, c, compute) = match dtype {
        GemmDType::F16 => (ElemType::F16, ElemType::F32, Compute::F32),
        GemmDType::F16Acc => (ElemType::F16, ElemType::F16, Compute::F16),
        GemmDType::BF16 => (ElemType::BF16, ElemType::F32, Compute::F32),
        GemmDType::TF32 => (ElemType::F32, ElemType::F32, Compute::F32Tf32),
        GemmDType::F32 => (ElemType::F32, ElemType::F32, Compute::F32Pedantic),
        GemmDType::S8 => (ElemType::S8, ElemType::S32, Compute::S32),
    };
    let lay = |s: &str| {
        if s == "col" {
            Layout::ColMajor
        } else {
            Layout::RowMajor
        }
    };
    // `kernel` has checked that a 16-bit C is the inputs' type.
    let c = if a.c_dtype == "acc" { c } else { ab };
    let mut call = GemmCall::new(m as u32, n as u32, k as u32, ab, c, compute);
    call.a_layout = lay(&a.a_layout);
    call.b_layout = lay(&a.b_layout);
    call.alpha = alpha;
    call.beta = beta;
    call.batch = p.batch as u32;
    call
}

/// The runtime's name for the buffer `op` covers.
fn map_operand(op: codegen::TmaOperand) -> runtime::MapOperand {
    match op {
        codegen::TmaOperand::A => runtime::MapOperand::A,
        codegen::TmaOperand::B => runtime::MapOperand::B,
        codegen::TmaOperand::C => runtime::MapOperand::C,
    }
}

fn spec(k: &codegen::Kernel) -> KernelSpec {
    KernelSpec {
        ptx: k.ptx.clone(),
        entry: k.entry.clone(),
        grid: k.grid,
        block: k.block,
        dynamic_smem_bytes: k.dynamic_smem_bytes,
        workspace_bytes: k.workspace_bytes,
        resident_clusters: k.resident_clusters,
        programmatic_launch: k.programmatic_launch,
        padded: k
            .padded
            .iter()
            .map(|c| runtime::CopyDesc {
                operand: map_operand(c.operand),
                entry: c.entry.clone(),
                grid: c.grid,
                block: c.block,
                bytes: c.bytes(),
                programmatic_launch: c.programmatic_launch,
            })
            .collect(),
        cluster_order: k.cluster_order.as_ref().map(|o| runtime::ClusterOrderDesc {
            symbol: o.symbol.clone(),
            clusters: o.clusters,
            cluster_ctas: o.cluster_ctas,
            ctas_per_sm: o.ctas_per_sm,
        }),
        tensor_maps: k
            .tensor_maps
            .iter()
            .map(|t| runtime::TensorMapDesc {
                operand: map_operand(t.operand),
                elem: match t.elem {
                    codegen::TmaElem::F16 => ElemType::F16,
                    codegen::TmaElem::BF16 => ElemType::BF16,
                    codegen::TmaElem::F32 => ElemType::F32,
                },
                dims: t.dims,
                stride_bytes: t.stride_bytes,
                box_dims: t.box_dims,
                swizzle_bytes: t.swizzle_bytes,
                batch: t.batch,
                batch_stride_bytes: t.batch_stride_bytes,
                l2_promotion_bytes: t.l2_promotion_bytes,
            })
            .collect(),
    }
}

/// Runs `mosaic verify gemm`.
///
/// # Errors
/// [`CliError`]: bad input (2), no GPU (3), a failed check or GPU error (1).
pub fn verify(v: &VerifyArgs, is_bmm: bool) -> Result<String, CliError> {
    if v.back_to_back && !v.suite && v.beta != 0.0 {
        return Err(bad(format!(
            "--back-to-back starts from a poisoned C: it needs --beta 0, not {}",
            v.beta
        )));
    }
    let rt = Runtime::new().map_err(gpu_err)?;
    let mut out = String::new();
    println!("device: {}", rt.info());
    let cases = if v.suite {
        suite::cases(&v.compile)?
    } else {
        suite::dtypes(&v.compile)?
            .into_iter()
            .map(|d| {
                let mut c = v.compile.clone();
                c.shape.dtype = d;
                (c, v.alpha, v.beta)
            })
            .collect()
    };
    let mut failed = 0;
    for (args, alpha, beta) in &cases {
        let (plan, k) = kernel(args, is_bmm)?;
        let p = plan.user_problem();
        let call = call_for(&p, args, *alpha, *beta);
        let spec = spec(&k);
        let opts = VerifyOpts {
            back_to_back: v.back_to_back && *beta == 0.0,
            ..VerifyOpts::default()
        };
        let rep = rt.verify(&spec, &call, &opts).map_err(gpu_err)?;
        // The probed order (cached by the runtime), for the record; not per suite kernel.
        let order = if v.suite {
            None
        } else {
            rt.cluster_order(&spec).map_err(gpu_err)?
        };
        if let Some(order) = order {
            let order: Vec<String> = order.iter().map(u16::to_string).collect();
            println!(
                "cluster order (GPC-major, logical index of each cluster): {}",
                order.join(" ")
            );
        }
        if !rep.passed {
            failed += 1;
        }
        let regions: Vec<String> = plan
            .mix_percent()
            .iter()
            .map(|(i, pct)| format!("{i} {pct:.0}%"))
            .collect();
        // Printed as it goes: a later GPU fault must not swallow the lines before it.
        println!(
            "{} [{}]{}  {rep}",
            if rep.passed { "ok  " } else { "FAIL" },
            regions.join(" + "),
            if opts.back_to_back {
                " back to back"
            } else {
                ""
            }
        );
    }
    let _ = writeln!(out, "{} passed, {failed} failed", cases.len() - failed);
    if failed > 0 {
        print!("{out}");
        return Err(CliError {
            message: format!("{failed} of {} kernels failed verification", cases.len()),
            code: 1,
        });
    }
    Ok(out)
}

/// Llama-3-8B (same as Mistral-7B) and Llama-2-13B projections `(n, k)`: fused QKV, attention
/// output, fused gate+up, down.
const LLM_LAYERS: &[(&str, i64, i64)] = &[
    ("llama3-8b/mistral-7b qkv", 6144, 4096),
    ("llama3-8b/mistral-7b o", 4096, 4096),
    ("llama3-8b/mistral-7b gate_up", 28672, 4096),
    ("llama3-8b/mistral-7b down", 4096, 14336),
    ("llama2-13b qkv", 15360, 5120),
    ("llama2-13b o", 5120, 5120),
    ("llama2-13b gate_up", 27648, 5120),
    ("llama2-13b down", 5120, 13824),
];

/// Runs `mosaic bench gemm`.
///
/// # Errors
/// [`CliError`]: bad input (2), no GPU (3), GPU error (1).
pub fn bench(bargs: &BenchArgs, is_bmm: bool) -> Result<String, CliError> {
    if is_bmm && bargs.suite.is_some() {
        return Err(bad(
            "--suite llm is a GEMM suite; bench bmm takes one shape",
        ));
    }
    if bargs.samples < 20 {
        return Err(bad(format!(
            "--samples must be at least 20, got {}",
            bargs.samples
        )));
    }
    if let Some(secs) = bargs.energy
        && !(0.2..=600.0).contains(&secs)
    {
        return Err(bad(format!(
            "--energy takes 0.2 to 600 seconds per run, got {secs}"
        )));
    }
    let rt = Runtime::new().map_err(gpu_err)?;
    let c = &bargs.compile;
    let mut shapes: Vec<(String, i64, i64, i64)> = Vec::new();
    if bargs.suite.is_some() {
        for m in [4096, 128, 16] {
            for &(name, n, k) in LLM_LAYERS {
                shapes.push((format!("{name} M={m}"), m, n, k));
            }
        }
    } else {
        let (p, _) = c.shape.problem(is_bmm)?;
        shapes.push(("".into(), p.m, p.n, p.k));
    }
    let opts = BenchOpts {
        samples: bargs.samples,
        energy: bargs.energy.map(|seconds| EnergyOpts {
            seconds,
            ..EnergyOpts::default()
        }),
        ..BenchOpts::default()
    };
    let mut rows = Vec::new();
    let mut out = String::new();
    let _ = writeln!(out, "device: {}", rt.info());
    let _ = writeln!(
        out,
        "| shape | m x n x k | dtype | C | mosaic TFLOP/s | cuBLAS TFLOP/s | ratio | paired ratio | plan |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|");
    let mut logs = Vec::new();
    let mut energy_rows = Vec::new();
    for (name, m, n, k) in shapes {
        let args = suite::with(c, m, n, k, &c.shape.dtype, &c.a_layout, &c.b_layout);
        let (plan, kern) = kernel(&args, is_bmm)?;
        let call = call_for(&plan.user_problem(), &args, 1.0, 0.0);
        let rep = rt.bench(&spec(&kern), &call, &opts).map_err(gpu_err)?;
        let cub = rep.cublas.as_ref().map(|t| t.tflops).ok();
        let mix: Vec<String> = plan
            .mix_percent()
            .iter()
            .map(|(i, pct)| format!("{i} {pct:.0}%"))
            .collect();
        let _ = writeln!(
            out,
            "| {name} | {m}x{n}x{k} | {} | {} | {:.1} | {} | {} | {} | {}x{}x{} {} |",
            plan.problem.dtype,
            call.c,
            rep.mosaic.tflops,
            cub.map_or("n/a".into(), |x| format!("{x:.1}")),
            rep.ratio.map_or("n/a".into(), |x| format!("{x:.3}")),
            rep.paired.map_or("n/a".into(), |p| p.to_string()),
            plan.cta_tile[0],
            plan.cta_tile[1],
            plan.cta_tile[2],
            mix.join(" + ")
        );
        logs.push(format!("{rep}"));
        rows.push(serde_json::json!({
            "shape": name, "m": m, "n": n, "k": k, "dtype": plan.problem.dtype.name(),
            "c_dtype": call.c.to_string(),
            "mosaic_tflops": rep.mosaic.tflops, "mosaic_median_us": rep.mosaic.median_us,
            "cublas_tflops": cub, "ratio": rep.ratio, "modeled_tflops": plan.modeled.tflops,
            "paired_ratio": rep.paired.map(|p| p.median),
            "paired_ci95": rep.paired.and_then(|p| p.ci95).map(|(lo, hi)| [lo, hi]),
            "cta_tile": plan.cta_tile, "ctas": rep.ctas, "programmatic": rep.programmatic,
            "mix": mix, "energy": rep.energy.as_ref().map(energy_json),
        }));
        if let Some(e) = &rep.energy {
            energy_rows.push(energy_row(&name, m, n, k, e));
        }
    }
    let ratios: Vec<f64> = rows.iter().filter_map(|r| r["ratio"].as_f64()).collect();
    if !ratios.is_empty() {
        let geo = (ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64).exp();
        let _ = writeln!(
            out,
            "geometric-mean ratio to cuBLAS over {} shapes: {geo:.3}",
            ratios.len()
        );
    }
    if bargs.json {
        return serde_json::to_string_pretty(
            &serde_json::json!({ "device": rt.info().to_string(), "rows": rows }),
        )
        .map_err(|e| CliError {
            message: e.to_string(),
            code: 1,
        });
    }
    if !energy_rows.is_empty() {
        let _ = writeln!(
            out,
            "\n| shape | m x n x k | mosaic J/GEMM | cuBLAS J/GEMM | cuBLAS J / mosaic J | \
             mosaic W, MHz, capped | cuBLAS W, MHz, capped | sustained time ratio |"
        );
        let _ = writeln!(out, "|---|---|---|---|---|---|---|---|");
        for r in energy_rows {
            let _ = writeln!(out, "{r}");
        }
    }
    for l in logs {
        let _ = writeln!(out, "  {l}");
    }
    Ok(out)
}

fn energy_json(e: &EnergyReport) -> serde_json::Value {
    let one = |s: &EnergyStat| {
        serde_json::json!({
            "joules_per_gemm": s.joules_per_gemm(), "us_per_gemm": s.us_per_gemm(),
            "watts": s.watts(), "sampled_watts": s.sampled_watts(), "sm_mhz": s.sm_mhz(),
            "power_capped": s.power_capped(), "samples": s.samples, "launches": s.launches,
            "wall_s": s.wall_s,
        })
    };
    serde_json::json!({
        "power_limit_w": e.power_limit_w, "mosaic": one(&e.mosaic),
        "cublas": e.cublas.as_ref().map(one), "joule_ratio": e.ratio(),
        "time_ratio": e.time_ratio(),
    })
}

/// One markdown row of the energy table: joules per GEMM, mean power and SM clock, the
/// fraction of samples under the power cap, and cuBLAS's sustained time over mosaic's.
fn energy_row(name: &str, m: i64, n: i64, k: i64, e: &EnergyReport) -> String {
    let w = |s: &EnergyStat| {
        format!(
            "{:.0} W, {:.0} MHz, {:.0}%",
            s.watts(),
            s.sm_mhz(),
            100.0 * s.power_capped()
        )
    };
    let opt = |f: &dyn Fn(&EnergyStat) -> String| e.cublas.as_ref().map_or("n/a".into(), f);
    format!(
        "| {name} | {m}x{n}x{k} | {:.4} | {} | {} | {} | {} | {} |",
        e.mosaic.joules_per_gemm(),
        opt(&|c| format!("{:.4}", c.joules_per_gemm())),
        e.ratio().map_or("n/a".into(), |r| format!("{r:.4}")),
        w(&e.mosaic),
        opt(&w),
        e.time_ratio().map_or("n/a".into(), |r| format!("{r:.4}")),
    )
}
