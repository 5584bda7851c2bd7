//! `mosaic simulate`: the kernel `mosaic compile` writes for the same flags, run on the CPU
//! PTX simulator (`ptx-sim`) against the exact reference: no GPU needed, values and not
//! time (`codegen::simulate`).

use std::fmt::Write as _;
use std::time::Instant;

use clap::Args;

use super::compile::{CompileArgs, compiled, kernel_line};
use super::{CliError, bad};

/// Flags of `simulate gemm`.
#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// The kernel to compile (its --emit and -o are ignored).
    #[command(flatten)]
    pub compile: CompileArgs,
    /// alpha of `C = alpha A B + beta C`.
    #[arg(long, default_value = "1", allow_hyphen_values = true)]
    pub alpha: f64,
    /// beta of `C = alpha A B + beta C` (0: C starts poisoned and must not be read).
    #[arg(long, default_value = "0", allow_hyphen_values = true)]
    pub beta: f64,
    /// Seed of the small-integer inputs.
    #[arg(long, default_value = "1")]
    pub seed: u64,
}

/// Most multiply-adds a simulation takes (about 15 s): the simulator runs each thread's
/// instructions one at a time on one core, measured 7.9e7 multiply-adds a second at
/// 16 x 4096 x 4096 (3.4 s) and 2.1e8 at 128 x 2048 x 1024 (1.3 s) on the 2-core CI kind
/// (`mosaic simulate gemm ... --target sm_90a`, docs/BENCHMARKS.md run 40).
pub const MAX_MACS: i64 = 1 << 30;

/// Runs `mosaic simulate gemm` (`is_bmm`: `simulate bmm`).
///
/// # Errors
/// [`CliError`] (exit 2) for bad input or a problem too large to simulate; exit 1 where the
/// kernel does not compile, the simulator stops (bad access, deadlock, an instruction it
/// does not model) or C differs from the reference.
pub fn run(a: &SimulateArgs, is_bmm: bool) -> Result<String, CliError> {
    let (problem, _) = a.compile.shape.problem(is_bmm)?;
    let macs = problem
        .m
        .saturating_mul(problem.n)
        .saturating_mul(problem.k)
        .saturating_mul(problem.batch);
    if macs > MAX_MACS {
        return Err(bad(format!(
            "{problem}: {macs} multiply-adds are too many to simulate (at most {MAX_MACS})"
        )));
    }
    let (plan, opts, k) = compiled(&a.compile, is_bmm)?;
    let p = plan.user_problem();
    let start = Instant::now();
    codegen::simulate::check_kernel(&k, &plan, &opts, (a.alpha, a.beta), a.seed).map_err(|e| {
        CliError {
            message: format!("{p} on {}: plan {}: {e}", plan.target, a.compile.plan),
            code: 1,
        }
    })?;
    let mut out = String::new();
    let _ = writeln!(out, "{p} on {}: plan {}", plan.target, a.compile.plan);
    let _ = writeln!(out, "{plan}");
    let _ = writeln!(out, "{}", kernel_line(&k));
    let _ = writeln!(
        out,
        "simulated: C matches the exact reference at all {} x {} x {} elements \
         (small-integer inputs, seed {}, alpha {}, beta {}) in {:.1} s",
        p.batch,
        p.m,
        p.n,
        a.seed,
        a.alpha,
        a.beta,
        start.elapsed().as_secs_f64()
    );
    Ok(out)
}
