//! The command line: argument parsing (clap) and the `plans` subcommand.

use std::fmt::Write as _;

use clap::{Args, Parser, Subcommand};
use tessellate::{GemmDType, GemmProblem, Options, Plan, Ranking, StopReason, check_plan, plans};

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
}

/// Tasks `plans` understands.
#[derive(Subcommand, Debug)]
pub enum PlansTask {
    /// C = A B with A m x k, B k x n.
    Gemm(GemmArgs),
    /// Batched GEMM: `--batch` independent GEMMs.
    Bmm(GemmArgs),
}

/// Flags of a GEMM-family task. Sizes are taken as text and validated by mosaic, so
/// negative, zero and overflowing values get mosaic's own one-line errors.
#[derive(Args, Debug)]
pub struct GemmArgs {
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
}

/// A CLI failure: one line for the user, and the exit code.
#[derive(Debug)]
pub struct CliError {
    /// The message (one line).
    pub message: String,
    /// Process exit code: 2 for bad input.
    pub code: i32,
}

fn bad(message: impl Into<String>) -> CliError {
    CliError {
        message: message.into(),
        code: 2,
    }
}

fn parse_int(flag: &str, s: &str) -> Result<i64, CliError> {
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
        Command::Plans { task } => {
            let (args, is_bmm) = match task {
                PlansTask::Gemm(a) => (a, false),
                PlansTask::Bmm(a) => (a, true),
            };
            run_plans(&args, is_bmm)
        }
    }
}

fn run_plans(a: &GemmArgs, is_bmm: bool) -> Result<String, CliError> {
    let (m, n, k) = (
        parse_int("m", &a.m)?,
        parse_int("n", &a.n)?,
        parse_int("k", &a.k)?,
    );
    let batch = match (&a.batch, is_bmm) {
        (Some(b), true) => parse_int("batch", b)?,
        (None, true) => return Err(bad("bmm needs --batch")),
        (Some(_), false) => return Err(bad("--batch is for bmm; gemm has batch 1")),
        (None, false) => 1,
    };
    let dtype = GemmDType::parse(&a.dtype).ok_or_else(|| {
        bad(format!(
            "unknown dtype '{}' (expected one of {})",
            a.dtype,
            GemmDType::NAMES.join(", ")
        ))
    })?;
    let problem = GemmProblem::new(m, n, k, batch, dtype).map_err(|e| bad(e.to_string()))?;
    let target = hw_models::target(&a.target, a.gpu.as_deref()).map_err(|e| bad(e.to_string()))?;
    let ratio = match (&a.ratio, a.only.as_deref()) {
        (Some(r), _) => {
            let v = match r.trim() {
                "inf" | "infinity" => f64::INFINITY,
                t => t
                    .parse::<f64>()
                    .map_err(|_| bad(format!("--ratio expects a number or inf, got '{r}'")))?,
            };
            Some(v)
        }
        (None, Some("tensor")) => Some(0.0),
        (None, Some(_)) => Some(f64::INFINITY),
        (None, None) => None,
    };
    let top = parse_int("top", &a.top)?;
    if !(1..=1000).contains(&top) {
        return Err(bad(format!("--top must be between 1 and 1000, got {top}")));
    }
    let budget = parse_int("budget", &a.budget)?;
    if budget < 1 {
        return Err(bad(format!("--budget must be at least 1, got {budget}")));
    }
    let opts = Options {
        ratio,
        top: top as usize,
        budget: budget as usize,
    };
    let ranking = plans(&problem, &target, &opts).map_err(|e| bad(e.to_string()))?;
    if a.json {
        json(&ranking, &target.name())
    } else {
        Ok(text(&problem, &ranking, &target.name()))
    }
}

fn text(problem: &GemmProblem, r: &Ranking, target: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{problem} on {target}: {} plans ranked by modeled cycles",
        r.plans.len()
    );
    for (i, p) in r.plans.iter().enumerate() {
        let v = check_plan(p);
        let _ = writeln!(
            s,
            "\nplan {} — {:.1} TFLOP/s modeled",
            i + 1,
            p.modeled.tflops
        );
        let _ = writeln!(s, "{p}");
        let verdict = if v.exact { "yes" } else { "NO" };
        let _ = writeln!(
            s,
            "  exact cover: {verdict} ({}, {} points checked)",
            v.method, v.points_checked
        );
        for problem in &v.problems {
            let _ = writeln!(s, "    {problem}");
        }
    }
    let stop = match r.stop {
        StopReason::Exhausted => "all candidates explored".to_string(),
        StopReason::Budget => format!("search budget reached after {} ILPs", r.explored),
    };
    let _ = writeln!(s, "\nsearch: {} ILPs solved, {stop}", r.explored);
    s
}

#[derive(serde::Serialize)]
struct JsonPlan<'a> {
    rank: usize,
    plan: &'a Plan,
    mix_percent: Vec<(String, f64)>,
    ratio: Option<f64>,
    boundary: [tessellate::plan::Boundary; 3],
    exact_cover: tessellate::Verdict,
}

#[derive(serde::Serialize)]
struct JsonOut<'a> {
    target: &'a str,
    stop: StopReason,
    explored: usize,
    plans: Vec<JsonPlan<'a>>,
}

fn json(r: &Ranking, target: &str) -> Result<String, CliError> {
    let plans = r
        .plans
        .iter()
        .enumerate()
        .map(|(i, p)| JsonPlan {
            rank: i + 1,
            plan: p,
            mix_percent: p
                .mix_percent()
                .into_iter()
                .map(|(i, v)| (i.to_string(), v))
                .collect(),
            ratio: Some(p.ratio()).filter(|x| x.is_finite()),
            boundary: p.boundary(),
            exact_cover: check_plan(p),
        })
        .collect();
    let out = JsonOut {
        target,
        stop: r.stop,
        explored: r.explored,
        plans,
    };
    serde_json::to_string_pretty(&out).map_err(|e| CliError {
        message: e.to_string(),
        code: 1,
    })
}
