//! The command line: argument parsing (clap) and the subcommands.

mod compile;
mod gpu;
mod plans;
mod simulate;
mod suite;

use clap::{Args, Parser, Subcommand};
use tessellate::{GemmDType, GemmProblem};

/// mosaic: a tessellation-based GPU kernel compiler.
#[derive(Parser, Debug)]
#[command(name = "mosaic", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Rank tessellation plans for a task on a target.
    Plans {
        /// The task.
        #[command(subcommand)]
        task: PlansTask,
    },
    /// Compile a task to PTX (or a cubin) for a target.
    Compile {
        /// The task.
        #[command(subcommand)]
        task: CompileTask,
    },
    /// Compile, run on the current GPU and check against cuBLAS and a float64 reference.
    Verify {
        /// The task.
        #[command(subcommand)]
        task: VerifyTask,
    },
    /// Compile and time against cuBLAS in the same process.
    Bench {
        /// The task.
        #[command(subcommand)]
        task: BenchTask,
    },
    /// Compile, run on the CPU PTX simulator and check against the exact reference (no GPU:
    /// values, not time).
    Simulate {
        /// The task.
        #[command(subcommand)]
        task: SimulateTask,
    },
}

/// Tasks `simulate` understands.
#[derive(Subcommand, Debug)]
pub enum SimulateTask {
    /// GEMM (see `compile gemm`).
    #[command(
        mut_arg("m", suite_shape),
        mut_arg("n", suite_shape),
        mut_arg("k", suite_shape)
    )]
    Gemm(simulate::SimulateArgs),
    /// Batched GEMM (see `compile bmm`).
    Bmm(simulate::SimulateArgs),
}

/// `--m`, `--n` and `--k` of a task with `--suite`, which ignores them: required without it.
fn suite_shape(a: clap::Arg) -> clap::Arg {
    a.required(false)
        .required_unless_present("suite")
        .default_value("0")
}

/// Tasks `verify` understands.
#[derive(Subcommand, Debug)]
pub enum VerifyTask {
    /// GEMM (see `compile gemm`).
    #[command(
        mut_arg("m", suite_shape),
        mut_arg("n", suite_shape),
        mut_arg("k", suite_shape)
    )]
    Gemm(gpu::VerifyArgs),
    /// Batched GEMM (see `compile bmm`), against cuBLAS's strided-batched GEMM.
    Bmm(gpu::VerifyArgs),
}

/// Tasks `bench` understands.
#[derive(Subcommand, Debug)]
pub enum BenchTask {
    /// GEMM (see `compile gemm`).
    #[command(
        mut_arg("m", suite_shape),
        mut_arg("n", suite_shape),
        mut_arg("k", suite_shape)
    )]
    Gemm(gpu::BenchArgs),
    /// Batched GEMM (see `compile bmm`), against cuBLAS's strided-batched GEMM.
    Bmm(gpu::BenchArgs),
}

/// Tasks `plans` understands.
#[derive(Subcommand, Debug)]
pub enum PlansTask {
    /// C = A B with A m x k, B k x n.
    Gemm(GemmArgs),
    /// Batched GEMM: `--batch` independent GEMMs.
    Bmm(GemmArgs),
}

/// Tasks `compile` understands.
#[derive(Subcommand, Debug)]
pub enum CompileTask {
    /// C = alpha A B + beta C with A m x k, B k x n, C m x n row-major.
    Gemm(compile::CompileArgs),
    /// Batched GEMM: `--batch` independent GEMMs, each batch's A, B and C right after the
    /// previous one's (strides m*k, k*n and m*n elements): on sm_90a wgmma plans (one grid
    /// over every batch's tiles, 3-D tensor maps) are ranked with the warp plans where the
    /// wgmma path takes the dtype, layouts and pitches; a warp (mma.sync / FFMA) kernel has
    /// grid z = batch.
    Bmm(compile::CompileArgs),
}

/// The problem and target flags shared by every subcommand. Sizes are taken as text and
/// validated by mosaic, so negative, zero and overflowing values get mosaic's own errors.
#[derive(Args, Debug, Clone)]
pub struct ShapeArgs {
    /// Rows of A and C.
    #[arg(long, allow_hyphen_values = true)]
    pub m: String,
    /// Columns of B and C.
    #[arg(long, allow_hyphen_values = true)]
    pub n: String,
    /// Reduction depth.
    #[arg(long, allow_hyphen_values = true)]
    pub k: String,
    /// Batch count (bmm only; gemm is batch 1).
    #[arg(long, allow_hyphen_values = true)]
    pub batch: Option<String>,
    /// Element type: f16, f16acc, bf16, tf32, f32, s8.
    #[arg(long, default_value = "f16")]
    pub dtype: String,
    /// Target architecture: sm_80, sm_86, sm_89, sm_90a, sm_100a, sm_103a, sm_120a, sm_121a.
    #[arg(long)]
    pub target: String,
    /// GPU part where several share the architecture (default: the first listed).
    #[arg(long)]
    pub gpu: Option<String>,
}

impl ShapeArgs {
    /// Validates the flags into a problem and a target.
    ///
    /// # Errors
    /// [`CliError`] for bad sizes, dtype, target or GPU.
    pub fn problem(&self, is_bmm: bool) -> Result<(GemmProblem, hw_models::Target), CliError> {
        let (m, n, k) = (
            parse_int("m", &self.m)?,
            parse_int("n", &self.n)?,
            parse_int("k", &self.k)?,
        );
        let batch = match (&self.batch, is_bmm) {
            (Some(b), true) => parse_int("batch", b)?,
            (None, true) => return Err(bad("bmm needs --batch")),
            (Some(_), false) => return Err(bad("--batch is for bmm; gemm has batch 1")),
            (None, false) => 1,
        };
        let dtype = GemmDType::parse(&self.dtype).ok_or_else(|| {
            bad(format!(
                "unknown dtype '{}' (expected one of {})",
                self.dtype,
                GemmDType::NAMES.join(", ")
            ))
        })?;
        let problem = GemmProblem::new(m, n, k, batch, dtype).map_err(|e| bad(e.to_string()))?;
        let target =
            hw_models::target(&self.target, self.gpu.as_deref()).map_err(|e| bad(e.to_string()))?;
        Ok((problem, target))
    }
}

/// Flags of `plans gemm|bmm`.
#[derive(Args, Debug)]
pub struct GemmArgs {
    /// Problem and target.
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// Vector:tensor multiply-add ratio to force (0 = tensor only, inf = vector only).
    #[arg(long, allow_hyphen_values = true, conflicts_with = "only")]
    pub ratio: Option<String>,
    /// Keep only pure plans on one unit: `tensor` or `vector`.
    #[arg(long, value_parser = ["tensor", "vector"])]
    pub only: Option<String>,
    /// Number of plans to print.
    #[arg(long, default_value = "5", allow_hyphen_values = true)]
    pub top: String,
    /// Most ILPs to solve before stopping (the stop is reported, not an error).
    #[arg(long, default_value = "4096", allow_hyphen_values = true)]
    pub budget: String,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Rank stream-K warpgroup plans instead of the others (as `compile --stream-k on`).
    #[arg(long)]
    pub stream_k: bool,
    /// Layout of A, as `compile --a-layout` (which warpgroup plans the Hopper path lowers).
    #[arg(long, default_value = "row", value_parser = ["row", "col"])]
    pub a_layout: String,
    /// Layout of B, as `compile --b-layout`.
    #[arg(long, default_value = "row", value_parser = ["row", "col"])]
    pub b_layout: String,
}

/// A CLI failure: one line for the user, and the exit code.
#[derive(Debug)]
pub struct CliError {
    /// The message (one line).
    pub message: String,
    /// Process exit code: 2 for bad input.
    pub code: i32,
}

pub(crate) fn bad(message: impl Into<String>) -> CliError {
    CliError {
        message: message.into(),
        code: 2,
    }
}

/// `--ratio`: a number, or `inf` / `infinity` for vector only.
pub(crate) fn parse_ratio(s: &str) -> Result<f64, CliError> {
    match s.trim() {
        "inf" | "infinity" => Ok(f64::INFINITY),
        t => t
            .parse::<f64>()
            .map_err(|_| bad(format!("--ratio expects a number or inf, got '{s}'"))),
    }
}

pub(crate) fn parse_int(flag: &str, s: &str) -> Result<i64, CliError> {
    s.trim().parse::<i64>().map_err(|e| {
        use std::num::IntErrorKind::{NegOverflow, PosOverflow};
        match e.kind() {
            PosOverflow | NegOverflow => bad(format!("--{flag} {s} does not fit in 64 bits")),
            _ => bad(format!("--{flag} expects an integer, got '{s}'")),
        }
    })
}

/// Runs a parsed command and returns what to print on stdout.
///
/// # Errors
/// [`CliError`] with a one-line message for bad input or an impossible request.
pub fn run(cli: Cli) -> Result<String, CliError> {
    match cli.command {
        Command::Plans { task } => match task {
            PlansTask::Gemm(a) => plans::run(&a, false),
            PlansTask::Bmm(a) => plans::run(&a, true),
        },
        Command::Compile { task } => match task {
            CompileTask::Gemm(a) => compile::run(&a, false),
            CompileTask::Bmm(a) => compile::run(&a, true),
        },
        Command::Verify { task } => match task {
            VerifyTask::Gemm(a) => gpu::verify(&a, false),
            VerifyTask::Bmm(a) => gpu::verify(&a, true),
        },
        Command::Bench { task } => match task {
            BenchTask::Gemm(a) => gpu::bench(&a, false),
            BenchTask::Bmm(a) => gpu::bench(&a, true),
        },
        Command::Simulate { task } => match task {
            SimulateTask::Gemm(a) => simulate::run(&a, false),
            SimulateTask::Bmm(a) => simulate::run(&a, true),
        },
    }
}
