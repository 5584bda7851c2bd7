//! `mosaic compile`: plan -> schedule -> PTX (and optionally a cubin through ptxas).

use std::fmt::Write as _;

use clap::Args;
use codegen::{CompileOptions, MatLayout};
use tessellate::{Options, plans};

use super::{CliError, ShapeArgs, bad, parse_int};

/// Flags of `compile gemm`.
#[derive(Args, Debug, Clone)]
pub struct CompileArgs {
    /// Problem and target.
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// Layout of A: `row` (k fastest) or `col` (m fastest).
    #[arg(long, default_value = "row", value_parser = ["row", "col"])]
    pub a_layout: String,
    /// Layout of B: `row` (n fastest) or `col` (k fastest).
    #[arg(long, default_value = "row", value_parser = ["row", "col"])]
    pub b_layout: String,
    /// Which ranked plan to compile (1 = best).
    #[arg(long, default_value = "1", allow_hyphen_values = true)]
    pub plan: String,
    /// Vector:tensor multiply-add ratio to force on the ranking `--plan` picks from, as
    /// `plans --ratio` (0 = tensor only, inf = vector only); default: the ILP chooses.
    #[arg(long, allow_hyphen_values = true)]
    pub ratio: Option<String>,
    /// Output: `ptx` text or a `cubin` assembled by ptxas.
    #[arg(long, default_value = "ptx", value_parser = ["ptx", "cubin"])]
    pub emit: String,
    /// Output file (default: mosaic_gemm_<m>x<n>x<k>_<dtype>_<target>.<ptx|cubin>).
    #[arg(short = 'o', long)]
    pub output: Option<String>,
    /// Pipeline stages (default: the plan's; reduced to fit shared memory).
    #[arg(long)]
    pub stages: Option<u32>,
    /// L2 prefetch for warpgroup (sm_90a) kernels: the producer has the TMA engine bring
    /// each k-tile's boxes into L2 this many k-tiles before the stage ring would load them
    /// (`cp.async.bulk.prefetch.tensor`), so that loads from DRAM-resident operands hit L2.
    /// 0: none, the default (0.78-0.80x at 18 M = 128 shapes on an H100: docs/BENCHMARKS.md
    /// run 41-a)
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=4096))]
    pub l2_prefetch: u32,
    /// Two consumer warpgroups share each tile of a one-warpgroup warpgroup (sm_90a) plan by
    /// its k-tiles, even and odd, and add their partial tiles before the epilogue, as
    /// cuBLAS's 64x64 kernels at M = 128 do (docs/BENCHMARKS.md run 41-a; 0.978x the default
    /// at 25 M = 128 shapes on an H100, run 41-b): `on` (non-persistent plans without split-K,
    /// stream-K, ping-pong or FFMA columns, two k-tiles or more, three stages or more) or
    /// `off`, the default
    #[arg(long, default_value = "off", value_parser = ["on", "off"])]
    pub k_pair: String,
    /// Programmatic dependent launch (sm_90 and later): `on` launches the kernel so that it
    /// may start while the previous kernel in the stream finishes (its threads run
    /// `griddepcontrol.wait` before touching global memory; 1.09-1.20x for warpgroup kernels
    /// at decode shapes on an H100, docs/BENCHMARKS.md run 42); `prefetch` (warpgroup
    /// kernels) also has each one-tile CTA ask for its first k-tiles into L2 before that
    /// wait (slower than `on`); `off`; `auto`, the default: `on` for warpgroup plans, `off`
    /// for warp-level ones
    #[arg(long, default_value = "auto", value_parser = ["auto", "off", "on", "prefetch"])]
    pub pdl: String,
    /// Persistent tile scheduling for warpgroup (sm_90a) kernels: `auto` (the plan's
    /// choice), `on` or `off`. Split-K plans are never persistent.
    #[arg(long, default_value = "auto", value_parser = ["auto", "on", "off"])]
    pub persistent: String,
    /// TMA multicast across a 2-CTA cluster for warpgroup (sm_90a) kernels: `auto` (the
    /// plan's choice, which on a lone grid may share B over four tile rows, on a decode
    /// grid of two 64-row tile rows or a lone grid above 128 rows A and B over 2 x 2
    /// blocks, at M = 128 over 4 x 2 blocks of a transposed 64x64 grid, and on some decode
    /// split-K grids B over the two tile rows), `on` (B, shared
    /// by two tile rows, also where the plan shares it over four), `a` (A, shared by two tile
    /// columns: not with stream-K, ping-pong or `--cluster-order on`; on a transposed plan
    /// its A is the caller's B),
    /// `ab` (both, over a 4-CTA cluster taking a 2 x 2 block of tiles; the same limits as
    /// `a`; 0.83x cuBLAS at 4096^3 on an H100 and an H200, which hold 30 such clusters at
    /// once: docs/BENCHMARKS.md run 24), `abRxC` (both, over a block of R tile rows x C tile
    /// columns, powers of two, at most 8 CTAs and no larger than the plan's grid: `ab2x4`)
    /// or `off`. With split-K the cluster holds one such group per k-split, at most 8 CTAs
    /// (run 36).
    #[arg(long, default_value = "auto", value_parser = parse_multicast)]
    pub multicast: String,
    /// The TMA-store epilogue of warpgroup (sm_90a) kernels: `auto` (wherever C's row pitch
    /// is a multiple of 16 bytes, the tile a multiple of 32 columns, 64 with a 16-bit C, and
    /// shared memory has room beside the stages; but not for a transposed decode plan with
    /// an f32 C, measured faster with direct stores), `on` (taking stages where needed) or
    /// `off` (direct stores). Used only when beta is 0.
    #[arg(long, default_value = "auto", value_parser = ["auto", "on", "off"])]
    pub tma_store: String,
    /// Stream-K tails for warpgroup (sm_90a) kernels: `on` ranks stream-K plans only (no
    /// split-K; B multicast off) and puts a stream-K tail on a `--plan` without one; `auto`
    /// and `off` rank none (measured slower at most shapes; faster at tf32 128x5120x13824 on
    /// an H100, slower there on an H200; docs/BENCHMARKS.md run 16). A stream-K kernel takes
    /// a zero-filled global workspace of one flag per CTA (`verify` and `bench` allocate it).
    /// Not for batched GEMMs (`bmm`): refused.
    #[arg(long, default_value = "auto", value_parser = ["auto", "on", "off"])]
    pub stream_k: String,
    /// Swizzle span of warpgroup (sm_90a) plans' shared-memory tiles, bytes: 128 (default),
    /// 64 or 32. The k-step is one span, so narrower spans give smaller, more numerous stages.
    #[arg(long, default_value = "128", value_parser = ["128", "64", "32"])]
    pub swizzle: String,
    /// Tile rows per group of the warpgroup (sm_90a) kernels' launch order (multicast pairs
    /// of rows where B is multicast): within a group tiles go m fastest, so that a wave of
    /// CTAs shares A and B slabs in L2. Where the order goes n fastest (`--raster-order`;
    /// `auto` takes it on some lone grids), tile columns per group instead, so give
    /// `--raster-order m` with it to keep groups of rows. With a GPC-major cluster order,
    /// tile columns per band instead (column fastest within a band). Default 8.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub raster_group: Option<u32>,
    /// Launch order of warpgroup (sm_90a) kernels: `m` (m fastest in groups of
    /// `--raster-group` tile rows), `n` (n fastest in groups of tile columns; refused with a
    /// GPC-major cluster order, which `--cluster-order off` turns off, and with stream-K), or
    /// `auto`: `n` on a grid of one batch, no split-K and at most one CTA per SM, of tiles of
    /// at least 128 rows, whose tile rows span more of m than its tile columns span of n (a
    /// transposed plan's: with at most four tile columns), so that CTAs launched together
    /// share the larger operand's slab (measured 1.03-1.04x in geomean there, up to 1.23x, on
    /// an H100: docs/BENCHMARKS.md run 30; split-K grids ran 1.05x faster m fastest, run 31),
    /// `m` elsewhere.
    #[arg(long, default_value = "auto", value_parser = ["auto", "m", "n"])]
    pub raster_order: String,
    /// GPC-major cluster order for persistent warpgroup (sm_90a) kernels: the kernel takes a
    /// table, cluster -> logical index, that `verify` and `bench` fill from where this GPU
    /// places the grid's clusters, so that each GPC's clusters read the same A slabs at once
    /// (its L2 request coalescer merges them); tiles go in bands of `--raster-group` columns.
    /// `auto`: where B is multicast from one CTA per SM (measured 0.2-0.8% faster at 4096^3
    /// on H100s and an H200: docs/BENCHMARKS.md run 18); `on` (persistent kernels without split-K or
    /// stream-K, one batch) or `off`. The PTX holds the identity table (launch order).
    #[arg(long, default_value = "auto", value_parser = ["auto", "on", "off"])]
    pub cluster_order: String,
    /// Ping-pong consumers for one-warpgroup warpgroup (sm_90a) plans: `on` runs two consumer
    /// warpgroups that take the CTA's tiles in turn, one's epilogue overlapping the other's
    /// main loop (persistent plans only); `auto` and `off`: none.
    #[arg(long, default_value = "auto", value_parser = ["auto", "on", "off"])]
    pub pingpong: String,
    /// Issue the next tile's first k-tiles during the TMA-store epilogue of persistent
    /// warpgroup (sm_90a) kernels: `auto` (2x128 where a tile has at most 64 k-tiles and the
    /// kernel can; measured faster or level there: docs/BENCHMARKS.md runs 17 and 20), `off`,
    /// or `KxCOLS` (K k-tiles, COLS accumulator columns at a time as their boxes are staged,
    /// a multiple of 64 dividing the tile's).
    #[arg(long, default_value = "auto", value_parser = parse_overlap)]
    pub epilogue_overlap: codegen::EpilogueOverlap,
    /// Type of C: `acc` (the accumulator's: f32; f16 for f16acc, s32 for s8), or `f16` /
    /// `bf16`, the inputs' own 16-bit type (`--dtype f16` / `bf16`, f32 accumulate, rounded
    /// to nearest even once, in the epilogue); not with `--stream-k on`.
    #[arg(long, default_value = "acc", value_parser = ["acc", "f16", "bf16"])]
    pub c_dtype: String,
    /// Instruction order: `interleave` (default), `eager` (loads hoisted without limit) or
    /// `linear` (program order).
    #[arg(long, default_value = "interleave", value_parser = ["interleave", "eager", "linear"])]
    pub schedule: String,
}

/// `col` -> column-major, anything else row-major (clap allows only `row` and `col`).
pub fn layout(s: &str) -> MatLayout {
    if s == "col" {
        MatLayout::ColMajor
    } else {
        MatLayout::RowMajor
    }
}

/// Compile options with the target's shared memory and SM count, every choice left to the
/// plan (`compile`'s defaults).
pub fn target_defaults(target: &hw_models::Target) -> CompileOptions {
    CompileOptions {
        smem_limit: target.smem_max_per_cta,
        smem_per_sm: target.smem_bytes_per_sm,
        sms: target.sms,
        ..CompileOptions::default()
    }
}

/// `--epilogue-overlap`: `auto`, `off` or `KxCOLS`.
fn parse_overlap(s: &str) -> Result<codegen::EpilogueOverlap, String> {
    use codegen::EpilogueOverlap::{Auto, Off, On};
    match s {
        "auto" => return Ok(Auto),
        "off" => return Ok(Off),
        _ => {}
    }
    let bad = || format!("`{s}`: expected `auto`, `off` or KxCOLS (e.g. 2x128)");
    let (k, c) = s.split_once('x').ok_or_else(bad)?;
    let k_tiles: u32 = k.parse().map_err(|_| bad())?;
    let cols: u32 = c.parse().map_err(|_| bad())?;
    if k_tiles == 0 || cols == 0 {
        return Err(bad());
    }
    Ok(On { k_tiles, cols })
}

/// Whether `--c-dtype` asks for a 16-bit C, which must be the inputs' own type.
///
/// # Errors
/// [`CliError`] when `--c-dtype f16` / `bf16` names another type than `--dtype`.
pub fn half_c(a: &CompileArgs, problem: &tessellate::GemmProblem) -> Result<bool, CliError> {
    match a.c_dtype.as_str() {
        "acc" => Ok(false),
        c if c == problem.dtype.name() => Ok(true),
        c => Err(bad(format!(
            "--c-dtype {c} needs --dtype {c} (a 16-bit C is the inputs' type, f32 accumulate); \
             got --dtype {}",
            problem.dtype
        ))),
    }
}

/// `--multicast`'s values: `auto`, `on`, `off`, `a`, `ab` or `abRxC` (R, C whole numbers).
fn parse_multicast(s: &str) -> Result<String, String> {
    if ["auto", "on", "off", "a", "ab"].contains(&s) || multicast_block(s).is_some() {
        Ok(s.to_string())
    } else {
        Err("expected auto, on, off, a, ab or abRxC (tile rows x columns, e.g. ab2x4)".into())
    }
}

/// The block of tiles `[rows, cols]` an `ab` or `abRxC` multicast cluster takes (`ab`: 2 x
/// 2); `None` for other values.
fn multicast_block(s: &str) -> Option<[i64; 2]> {
    if s == "ab" {
        return Some([2, 2]);
    }
    let (rows, cols) = s.strip_prefix("ab")?.split_once('x')?;
    Some([rows.parse().ok()?, cols.parse().ok()?])
}

/// `auto` -> `None` (the plan decides), `on` / `off` -> `Some`.
fn on_off(s: &str) -> Option<bool> {
    match s {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}

/// Compiles and returns the kernel with its plan, for `compile`, `verify` and `bench`.
///
/// # Errors
/// [`CliError`] for bad input or a plan the code generator cannot lower.
pub fn kernel(
    a: &CompileArgs,
    is_bmm: bool,
) -> Result<(tessellate::Plan, codegen::Kernel), CliError> {
    compiled(a, is_bmm).map(|(plan, _, k)| (plan, k))
}

/// [`kernel`], with the compile options it was built with.
///
/// # Errors
/// As [`kernel`].
pub fn compiled(
    a: &CompileArgs,
    is_bmm: bool,
) -> Result<(tessellate::Plan, CompileOptions, codegen::Kernel), CliError> {
    let (problem, target) = a.shape.problem(is_bmm)?;
    let which = parse_int("plan", &a.plan)?;
    if !(1..=100).contains(&which) {
        return Err(bad(format!(
            "--plan must be between 1 and 100, got {which}"
        )));
    }
    if a.stream_k == "on" && problem.batch > 1 {
        return Err(bad(
            "--stream-k on takes one batch: a stream-K schedule covers one GEMM's tiles"
                .to_string(),
        ));
    }
    let half_c = half_c(a, &problem)?;
    if half_c && a.stream_k == "on" {
        return Err(bad(
            "--stream-k on keeps an f32 C: its pieces add partial tiles into C, which a 16-bit \
             C would round once per piece"
                .to_string(),
        ));
    }
    let (a_layout, b_layout) = (layout(&a.a_layout), layout(&a.b_layout));
    let opts = Options {
        top: which as usize,
        ratio: a.ratio.as_deref().map(super::parse_ratio).transpose()?,
        swizzle: Some(parse_int("swizzle", &a.swizzle)?),
        stream_k: a.stream_k == "on",
        ..codegen::hopper::ranking_options(&problem, target.features.has_wgmma, a_layout, b_layout)
    };
    let ranking = plans(&problem, &target, &opts).map_err(|e| bad(e.to_string()))?;
    let plan = ranking
        .plans
        .get(which as usize - 1)
        .cloned()
        .ok_or_else(|| {
            bad(format!(
                "only {} plans exist; --plan {which} is out of range",
                ranking.plans.len()
            ))
        })?;
    // A stream-K kernel takes a workspace: never hand back a kernel without one silently.
    if a.stream_k == "on" && plan.worker_threads != 128 {
        return Err(bad(format!(
            "--stream-k on needs a warpgroup (wgmma) plan; plan {which} for {} is not one",
            target.name()
        )));
    }
    // Nor a kernel without the A multicast asked for.
    if (a.multicast == "a" || multicast_block(&a.multicast).is_some()) && plan.worker_threads != 128
    {
        return Err(bad(format!(
            "--multicast {} needs a warpgroup (wgmma) plan; plan {which} for {} is not one",
            a.multicast,
            target.name()
        )));
    }
    // Nor a block that pads the grid to mostly idle CTAs: one of more tile rows or columns
    // than the grid has (`ab2x4` on a transposed decode grid of one tile column launched
    // four times its CTAs and ran 5x slower, docs/BENCHMARKS.md run 39-c).
    if let Some([rows, cols]) = multicast_block(&a.multicast) {
        let [gm, gn, _] = plan.grid();
        if rows > gm || cols > gn {
            return Err(CliError {
                message: format!(
                    "--multicast {}: a block of {rows} x {cols} tiles is larger than plan \
                     {which}'s grid of {gm} x {gn} tiles: the padding CTAs would idle",
                    a.multicast
                ),
                code: 1,
            });
        }
    }
    let copts = CompileOptions {
        a_layout,
        b_layout,
        policy: match a.schedule.as_str() {
            "linear" => sched::Policy::Linear,
            "eager" => sched::Policy::Eager,
            _ => sched::Policy::Interleave,
        },
        stages: a.stages,
        persistent: on_off(&a.persistent),
        multicast: on_off(&a.multicast),
        multicast_a: (a.multicast == "a").then_some(true),
        multicast_ab: multicast_block(&a.multicast),
        tma_store: on_off(&a.tma_store),
        stream_k: on_off(&a.stream_k),
        raster_group: a.raster_group,
        raster_n_first: match a.raster_order.as_str() {
            "m" => Some(false),
            "n" => Some(true),
            _ => None,
        },
        cluster_order: on_off(&a.cluster_order),
        pingpong: on_off(&a.pingpong),
        epilogue_overlap: a.epilogue_overlap,
        l2_prefetch: Some(a.l2_prefetch).filter(|&d| d > 0),
        k_pair: a.k_pair == "on",
        pdl: match a.pdl.as_str() {
            "on" => codegen::Pdl::On,
            "prefetch" => codegen::Pdl::Prefetch,
            "off" => codegen::Pdl::Off,
            _ => codegen::Pdl::Auto,
        },
        half_c,
        ..target_defaults(&target)
    };
    // An option the target lacks is bad input (2); the rest is the code generator's (1).
    let k = codegen::compile(&plan, &copts).map_err(|e| CliError {
        code: if matches!(e, codegen::CodegenError::TargetLacks { .. }) {
            2
        } else {
            1
        },
        message: e.to_string(),
    })?;
    Ok((plan, copts, k))
}

/// The launch line of a compiled kernel: grid, block, shared memory (bytes), the ring's
/// stages as built (which can differ from the plan's: `--stages`, `--tma-store on`, or a
/// shared-memory limit tighter than the target's), and "programmatic launch" where the
/// kernel is to be launched as a programmatic dependent (`--pdl`); then one `copy` line per
/// operand copy the launcher runs first (`codegen::PaddedCopy`: rows whose pitch TMA cannot
/// take, or a tf32 operand stored MN-major, copied transposed).
pub fn kernel_line(k: &codegen::Kernel) -> String {
    let mut line = format!(
        "  kernel    {} grid {}x{}x{}, block {}, {} bytes shared, {} stages{}",
        k.entry,
        k.grid[0],
        k.grid[1],
        k.grid[2],
        k.block[0],
        k.smem_bytes,
        k.stages,
        if k.programmatic_launch {
            ", programmatic launch"
        } else {
            ""
        }
    );
    for c in &k.padded {
        let _ = write!(
            line,
            "\n  copy      {:?}: {} rows of {} bytes {}to a pitch of {} ({} bytes), {} grid {}x{}x{} \
             first",
            c.operand,
            c.rows,
            c.row_bytes,
            if c.transposed {
                format!("transposed into {} rows ", c.out_rows)
            } else {
                String::new()
            },
            c.pitch_bytes,
            c.bytes(),
            c.entry,
            c.grid[0],
            c.grid[1],
            c.grid[2]
        );
    }
    line
}

/// Runs `mosaic compile gemm` (`is_bmm`: `compile bmm`).
///
/// # Errors
/// [`CliError`] for bad input, a failing ptxas, or an unwritable output file.
pub fn run(a: &CompileArgs, is_bmm: bool) -> Result<String, CliError> {
    let (plan, k) = kernel(a, is_bmm)?;
    let p = &plan.user_problem();
    let ext = a.emit.as_str();
    let path = a.output.clone().unwrap_or_else(|| {
        let task = if is_bmm {
            format!("bmm_{}x", p.batch)
        } else {
            "gemm_".to_string()
        };
        format!(
            "mosaic_{task}{}x{}x{}_{}_{}.{ext}",
            p.m, p.n, p.k, p.dtype, plan.target
        )
    });
    let mut out = String::new();
    let _ = writeln!(out, "{p} on {}: plan {}", plan.target, a.plan);
    let _ = writeln!(out, "{plan}");
    let _ = writeln!(out, "{}", kernel_line(&k));
    // The plan's own line speaks of B multicast along m only.
    if a.multicast == "a" {
        let _ = writeln!(
            out,
            "  multicast A shared by a 2-CTA cluster along n (--multicast a; no B multicast)"
        );
    } else if let Some([rows, cols]) = multicast_block(&a.multicast) {
        let _ = writeln!(
            out,
            "  multicast A and B over {} of {rows} x {cols} tiles (--multicast {})",
            tessellate::plan::a_cluster(rows * cols),
            a.multicast
        );
    }
    if ext == "cubin" {
        let report = emit_ptx::ptxas::assemble(&k.ptx, &plan.target).map_err(|e| CliError {
            message: e.to_string(),
            code: 1,
        })?;
        std::fs::write(&path, &report.cubin).map_err(|e| CliError {
            message: format!("cannot write {path}: {e}"),
            code: 1,
        })?;
        let _ = writeln!(out, "  ptxas     {:?}", report.entries);
    } else {
        std::fs::write(&path, &k.ptx).map_err(|e| CliError {
            message: format!("cannot write {path}: {e}"),
            code: 1,
        })?;
    }
    let _ = writeln!(
        out,
        "wrote {path} ({:.1} TFLOP/s modeled)",
        plan.modeled.tflops
    );
    Ok(out)
}
