//! `mosaic plans`: rank tessellation plans.

use std::fmt::Write as _;

use tessellate::{GemmProblem, Options, Plan, Ranking, StopReason, check_plan, plans};

use super::{CliError, GemmArgs, bad, parse_int};

/// Runs `mosaic plans gemm|bmm`.
pub fn run(a: &GemmArgs, is_bmm: bool) -> Result<String, CliError> {
    let (problem, target) = a.shape.problem(is_bmm)?;
    let ratio = match (&a.ratio, a.only.as_deref()) {
        (Some(r), _) => Some(super::parse_ratio(r)?),
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
    // Warpgroup and transposed plans as `mosaic compile` ranks them with the same layouts,
    // so that plan N here is `compile --plan N`'s.
    let (a_layout, b_layout) = (
        super::compile::layout(&a.a_layout),
        super::compile::layout(&a.b_layout),
    );
    let opts = Options {
        ratio,
        top: top as usize,
        budget: budget as usize,
        stream_k: a.stream_k,
        ..codegen::hopper::ranking_options(&problem, target.features.has_wgmma, a_layout, b_layout)
    };
    let ranking = plans(&problem, &target, &opts).map_err(|e| bad(e.to_string()))?;
    // The kernels `mosaic compile --plan N` builds with its default flags (and `--ratio` /
    // `--only` / `--budget` left alone), for the launch figures the plan alone does not fix
    // (grid, block, shared memory, the stages that fit).
    let copts = codegen::CompileOptions {
        a_layout,
        b_layout,
        ..super::compile::target_defaults(&target)
    };
    let kernel = |p: &Plan| codegen::compile(p, &copts).map_err(|e| e.to_string());
    if a.json {
        json(&ranking, &target.name(), kernel)
    } else {
        let line = |p: &Plan| match kernel(p) {
            Ok(k) => super::compile::kernel_line(&k),
            Err(e) => format!("  kernel    not built: {e}"),
        };
        Ok(text(&problem, &ranking, &target.name(), line))
    }
}

fn text(
    problem: &GemmProblem,
    r: &Ranking,
    target: &str,
    kernel: impl Fn(&Plan) -> String,
) -> String {
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
        let _ = writeln!(s, "{}", kernel(p));
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

/// The launch of the kernel `compile --plan N` builds for a plan, or why it is not built.
#[derive(serde::Serialize)]
#[serde(untagged)]
enum JsonKernel {
    Built {
        entry: String,
        grid: [u32; 3],
        block: [u32; 3],
        /// Shared memory per CTA, bytes.
        smem_bytes: u32,
        stages: u32,
        /// Launched as a programmatic dependent (`codegen::Kernel::programmatic_launch`).
        programmatic_launch: bool,
    },
    NotBuilt {
        not_built: String,
    },
}

impl JsonKernel {
    fn of(k: Result<codegen::Kernel, String>) -> Self {
        match k {
            Ok(k) => JsonKernel::Built {
                entry: k.entry,
                grid: k.grid,
                block: k.block,
                smem_bytes: k.smem_bytes,
                stages: k.stages,
                programmatic_launch: k.programmatic_launch,
            },
            Err(not_built) => JsonKernel::NotBuilt { not_built },
        }
    }
}

#[derive(serde::Serialize)]
struct JsonPlan<'a> {
    rank: usize,
    plan: &'a Plan,
    kernel: JsonKernel,
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

fn json(
    r: &Ranking,
    target: &str,
    kernel: impl Fn(&Plan) -> Result<codegen::Kernel, String>,
) -> Result<String, CliError> {
    let plans = r
        .plans
        .iter()
        .enumerate()
        .map(|(i, p)| JsonPlan {
            rank: i + 1,
            plan: p,
            kernel: JsonKernel::of(kernel(p)),
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
