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
    /// Also print the PTX instructions the kernel's threads executed, per CTA (guarded-off
    /// ones included), by opcode and by the section of the kernel each statement follows (its
    /// last label): a dynamic count of PTX per thread, not of SASS per warp (a warp's
    /// instruction counts 32 times where all its lanes run it, once in the producer's one
    /// thread).
    #[arg(long)]
    pub profile: bool,
    /// Simulate `verify --suite`'s cases instead of the one kernel (its --m/--n/--k, --alpha
    /// and --beta ignored; `--dtype all` for every dtype): one line each; cases above the
    /// size limit are listed as skipped, dtypes the target lacks left out (`suite::cases`).
    #[arg(long)]
    pub suite: bool,
}

/// Most multiply-adds a simulation takes (about a minute at most): the simulator runs each thread's
/// instructions one at a time on one core, measured 7.9e7 multiply-adds a second at
/// 16 x 4096 x 4096 (3.4 s) and 2.1e8 at 128 x 2048 x 1024 (1.3 s) on the 2-core CI kind
/// (`mosaic simulate gemm ... --target sm_90a`, docs/BENCHMARKS.md run 40).
pub const MAX_MACS: i64 = 1 << 32;

/// Multiply-adds of `p` (saturating).
fn macs(p: &tessellate::GemmProblem) -> i64 {
    p.m.saturating_mul(p.n)
        .saturating_mul(p.k)
        .saturating_mul(p.batch)
}

/// Runs `mosaic simulate gemm` (`is_bmm`: `simulate bmm`).
///
/// # Errors
/// [`CliError`] (exit 2) for bad input or a problem too large to simulate; exit 1 where the
/// kernel does not compile, the simulator stops (bad access, deadlock, an instruction it
/// does not model) or C differs from the reference.
pub fn run(a: &SimulateArgs, is_bmm: bool) -> Result<String, CliError> {
    if a.suite {
        return run_suite(a, is_bmm);
    }
    let (problem, _) = a.compile.shape.problem(is_bmm)?;
    let macs = macs(&problem);
    if macs > MAX_MACS {
        return Err(bad(format!(
            "{problem}: {macs} multiply-adds are too many to simulate (at most {MAX_MACS})"
        )));
    }
    let (plan, opts, k) = compiled(&a.compile, is_bmm)?;
    let p = plan.user_problem();
    let start = Instant::now();
    let counts = codegen::simulate::check_kernel(&k, &plan, &opts, (a.alpha, a.beta), a.seed)
        .map_err(|e| CliError {
            message: format!("{p} on {}: plan {}: {e}", plan.target, a.compile.plan),
            code: 1,
        })?
        .counts;
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
    if a.profile {
        let ctas = k.grid.iter().product::<u32>();
        out.push_str(&profile(&k.module.entries[0].body, &counts, ctas));
    }
    Ok(out)
}

/// The `--profile` table: thread instructions per CTA by opcode (the 15 most executed) and by
/// section (the last label before each statement, less its numeric suffix; `WAIT_*` loops
/// count in the section around them).
fn profile(body: &[emit_ptx::ast::Stmt], counts: &[u64], ctas: u32) -> String {
    use emit_ptx::ast::Stmt;
    use std::collections::BTreeMap;
    let (mut by_op, mut by_section) = (BTreeMap::new(), BTreeMap::new());
    let mut section = "ENTRY".to_string();
    for (s, &n) in body.iter().zip(counts) {
        match s {
            // A wait loop's label is not a section of its own.
            Stmt::Label(l) if !l.starts_with("WAIT") => {
                section = l
                    .trim_end_matches(|c: char| c.is_ascii_digit() || c == '_')
                    .into();
            }
            Stmt::Instr(i) => {
                let op = match i.mods.first() {
                    Some(m) => format!("{}.{m}", i.op.name()),
                    None => i.op.name().to_string(),
                };
                *by_op.entry(op).or_insert(0u64) += n;
                *by_section.entry(section.clone()).or_insert(0u64) += n;
            }
            _ => {}
        }
    }
    let per_cta = |n: u64| n as f64 / f64::from(ctas.max(1));
    let total: u64 = by_op.values().sum();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "profile   {:.0} PTX thread instructions per CTA ({ctas} CTAs)",
        per_cta(total)
    );
    let mut ranked = |m: BTreeMap<String, u64>, what: &str, top: usize| {
        let mut v: Vec<_> = m.into_iter().collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        for (name, n) in v.into_iter().take(top) {
            let _ = writeln!(
                out,
                "  {what:<8} {name:<32} {:>10.0} {:>5.1}%",
                per_cta(n),
                100.0 * n as f64 / total.max(1) as f64
            );
        }
    };
    ranked(by_op, "opcode", 15);
    ranked(by_section, "section", usize::MAX);
    out
}

/// `simulate --suite`: every case of `verify --suite` that fits [`MAX_MACS`], a line each
/// (printed as it finishes), then the count.
///
/// # Errors
/// [`CliError`] (exit 1) where any case fails; bad input as [`run`].
fn run_suite(a: &SimulateArgs, is_bmm: bool) -> Result<String, CliError> {
    let (mut passed, mut skipped, mut failed) = (0, 0, 0);
    for (args, alpha, beta) in super::suite::cases(&a.compile)? {
        let (problem, _) = args.shape.problem(is_bmm)?;
        let what = format!(
            "{problem} A {} B {} alpha {alpha} beta {beta}",
            args.a_layout, args.b_layout
        );
        if macs(&problem) > MAX_MACS {
            println!("{what}: skipped (too large to simulate)");
            skipped += 1;
            continue;
        }
        let one = SimulateArgs {
            compile: args,
            alpha,
            beta,
            seed: a.seed,
            profile: false,
            suite: false,
        };
        let start = Instant::now();
        match run(&one, is_bmm) {
            Ok(_) => {
                passed += 1;
                println!("{what}: ok ({:.1} s)", start.elapsed().as_secs_f64());
            }
            Err(e) => {
                failed += 1;
                println!("{what}: FAILED: {}", e.message);
            }
        }
    }
    let summary = format!(
        "simulated suite: {passed} kernels match the exact reference, {failed} failed, \
         {skipped} skipped as too large"
    );
    if failed > 0 {
        return Err(CliError {
            message: summary,
            code: 1,
        });
    }
    Ok(summary + "\n")
}
