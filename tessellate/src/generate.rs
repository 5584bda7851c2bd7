//! Algorithm 1 (Mosaic, section 4.3): selection and tiling, non-uniform tessellation, and
//! hierarchy tessellation, with an ILP choosing each candidate's tensor/vector mix.
//!
//! For every hierarchy candidate (CTA tile, workers, k-step) and every split strategy
//! (independent along m or n, reduction along k), an integer program picks how many granules of
//! the split dimension go to the tensor iTex and how many to the vector iTex so that the
//! worker box is covered exactly and the modeled cycles per k-step are minimal (see [`crate::ilp`]).
//! Pure-tensor and pure-vector plans of every candidate are kept too, so rankings show what the
//! mix buys. Exhausting the search budget is a [`StopReason`], not an error.

use hw_models::Target;
use itertools::Itertools;
use itex::{Instruction, Unit};

use crate::block;
use crate::cost::{self, Counts};
use crate::decode;
use crate::half_rows;
use crate::ilp::{self, Granule, Mix};
use crate::plan::{Modeled, PlacedItex, Plan, Region, Split};
use crate::problem::{GemmDType, GemmProblem, ceil_div};
use crate::ring;
use crate::select::{self, SelectError};

/// Options of the plan search.
#[derive(Clone, Debug)]
pub struct Options {
    /// Force the vector:tensor multiply-add ratio (0 = tensor only, `f64::INFINITY` = vector
    /// only); `None` lets the ILP choose.
    pub ratio: Option<f64>,
    /// How many ranked plans to return.
    pub top: usize,
    /// Largest number of (hierarchy candidate, split) ILPs to solve.
    pub budget: usize,
    /// Whether warpgroup (wgmma) candidates are considered where the target has wgmma.
    /// `mosaic compile` turns this off where the Hopper code generator cannot take the
    /// problem (dtype, operand majors, TMA pitch alignment).
    pub warpgroups: bool,
    /// Whether transposed warpgroup plans ([`Plan::transposed`]) are ranked too: at decode
    /// shapes (`M <= 128`) and, at one CTA per SM, above (tiles 128 to 256 wide along m).
    /// Off by default: the caller turns it on where the Hopper code generator takes the
    /// transposed problem (`mosaic compile` checks `n x m x k` with the operand majors
    /// swapped).
    pub transposed_warpgroups: bool,
    /// Swizzle span of warpgroup plans' shared-memory tiles, bytes (128, 64 or 32; `None`:
    /// 128). The k-step is one span (`span / element bytes`); narrower spans halve or
    /// quarter the stage, so more stages fit.
    pub swizzle: Option<i64>,
    /// Rank stream-K warpgroup plans ([`Plan::stream_k`]) instead of the others: every
    /// split-K-free warpgroup candidate takes a stream-K tail and split-K candidates are
    /// dropped. Off by default: on an H100 stream-K measured 0.86-0.98x of the whole-tile
    /// default kernels at 4096^3, 2048^3 and decode shapes, 1.04x at tf32 128x5120x13824
    /// (0.97x there on an H200; docs/BENCHMARKS.md run 16), and the model cannot yet tell
    /// those apart.
    pub stream_k: bool,
    /// Whether warpgroup candidates may also take B tiles of 96 columns (one wgmma
    /// `m64n96`; cuBLAS's decode tile width, which makes 128 CTAs of N = 6144) and, with
    /// [`Options::b_k_major`], of 80 (128 CTAs of N = 5120). Off by default; `mosaic
    /// compile` turns it on. The Hopper code generator holds them in both B layouts, a
    /// row-major (MN-major) B as whole 64-column chunks and a tail box at 128-byte spans
    /// (`codegen::hopper::layout`).
    pub narrow_b_tiles: bool,
    /// Bytes between consecutive rows of B as stored (row-major B: `n * element bytes`;
    /// column-major: `k * element bytes`); `None`: row-major. Where it is not a multiple of
    /// 128, warpgroup candidates share B by multicast at any K (see [`b_multicast_pays`]).
    pub b_pitch_bytes: Option<i64>,
    /// B is stored column-major (k fastest; its TMA boxes are K-major). `false`: row-major.
    /// Set it with a column-major `b_pitch_bytes`: the straddle charge ([`b_straddles`])
    /// applies to row-major B only.
    pub b_k_major: bool,
    /// Whether warpgroup candidates may be heterogeneous: the last columns of each
    /// warpgroup's box on FFMA beside a narrower wgmma (an independent tessellation along n,
    /// of whole 8-column granules; 128-byte spans, one whole-K tile per CTA's turn: no
    /// split-K, no stream-K). Off by default: the Hopper code generator lowers such tiles
    /// only for tf32 (K-major operands, f32 FFMA), and `mosaic compile` turns it on there.
    pub warpgroup_vector: bool,
    /// DRAM bytes each copy of an unaligned operand reads and writes before a warpgroup
    /// kernel (`codegen::hopper::pad_copies`: TMA takes only row pitches of 16-byte
    /// multiples, and a tf32 B stored MN-major is transposed), one entry per copy; charged
    /// to every plain warpgroup plan ([`charge_operand_copies`]). Empty: none.
    pub pad_copies: Vec<i64>,
    /// The same for transposed warpgroup plans, whose kernel reads the caller's B as its A
    /// and the caller's A as its B (`codegen::hopper::pad_copies` of the transposed problem).
    pub transposed_pad_copies: Vec<i64>,
    /// Transposed warpgroup plans read their B (the caller's A) MN-major: a column-major
    /// 16-bit A read as stored (`codegen::hopper::read_layouts` of the transposed layouts),
    /// held in whole chunks of a swizzle span ([`ring::held_extent`]). `false`: K-major (a
    /// row-major A, or a tf32 one through its transposing copy).
    pub transposed_b_mn_major: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            ratio: None,
            top: 5,
            budget: 4096,
            warpgroups: true,
            transposed_warpgroups: false,
            swizzle: None,
            stream_k: false,
            narrow_b_tiles: false,
            b_pitch_bytes: None,
            b_k_major: false,
            warpgroup_vector: false,
            pad_copies: Vec::new(),
            transposed_pad_copies: Vec::new(),
            transposed_b_mn_major: false,
        }
    }
}

/// Why the search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum StopReason {
    /// Every candidate was explored.
    Exhausted,
    /// The budget ran out first; the ranking covers what was explored.
    Budget,
}

/// Ranked plans, best (fewest modeled cycles) first.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Ranking {
    /// Plans, best first.
    pub plans: Vec<Plan>,
    /// Why the search stopped.
    pub stop: StopReason,
    /// ILPs solved.
    pub explored: usize,
}

/// Errors of the plan search.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GenerateError {
    /// The target has no instruction for this element type.
    #[error("target {target} has no instruction for dtype {dtype}")]
    DTypeUnsupported {
        /// Target name.
        target: String,
        /// The dtype asked for.
        dtype: GemmDType,
    },
    /// `--ratio` asks for a unit the dtype or target lacks.
    #[error("ratio {ratio} needs {needs} iTexes, but {dtype} on {target} has none")]
    RatioUnreachable {
        /// Ratio asked for.
        ratio: f64,
        /// `tensor` or `vector`.
        needs: &'static str,
        /// The dtype.
        dtype: GemmDType,
        /// Target name.
        target: String,
    },
    /// Negative or NaN ratio.
    #[error("ratio must be a number >= 0, got {0}")]
    BadRatio(f64),
    /// iTex selection failed.
    #[error(transparent)]
    Select(#[from] SelectError),
    /// A swizzle span other than 128, 64 or 32 bytes.
    #[error("swizzle must be 128, 64 or 32 bytes, got {0}")]
    BadSwizzle(i64),
    /// No candidate fits the target's registers and shared memory.
    #[error("no plan fits the target's registers and shared memory")]
    NoPlan,
}

/// One hierarchy candidate: CTA tile, workers, and the tensor instruction for it.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    pub(crate) cta: [i64; 3],
    pub(crate) workers: [i64; 2],
    pub(crate) threads_per_worker: i64,
    pub(crate) tensor: Option<Instruction>,
    pub(crate) stages: i64,
    pub(crate) tma: bool,
    /// k-splits of one output tile, reduced inside a thread-block cluster (1 = none).
    pub(crate) split_k: i64,
    /// Persistent tile loop (see [`Plan::persistent`]).
    pub(crate) persistent: bool,
    /// CTAs per cluster sharing B by TMA multicast (see [`Plan::multicast`]).
    pub(crate) multicast: i64,
    /// Stream-K tail (see [`Plan::stream_k`]).
    pub(crate) stream_k: bool,
    /// A row-major B's rows are not whole 128-byte lines (see [`b_straddles`]): TMA tiles.
    pub(crate) b_straddles: bool,
    /// An unpaired grid offered beside the paired one ([`pad_costs_wave`]): the L2 fill term
    /// charges its B as a pair's multicast would be, since the GPU's L2 request coalescer
    /// merges the same B reads of tiles in one raster group, and its cycles carry
    /// [`UNPAIRED_FACTOR`].
    pub(crate) b_merged: bool,
    /// A transposed candidate of a problem with more than 128 rows ([`TRANSPOSED_WIDTHS`]):
    /// its cycles carry [`TRANSPOSED_FACTOR`] above [`TRANSPOSED_FREE_ROUNDS`], and
    /// [`TRANSPOSED_MN_MAJOR_B_FACTOR`] where its B is MN-major.
    pub(crate) large_m_transposed: bool,
    /// B is n-fastest in shared memory (MN-major; [`BLoad::mn_major`]).
    pub(crate) b_mn_major: bool,
    /// Columns of B a stage holds in shared memory: `cta[1]`, or more where a row-major B's
    /// last swizzle chunk is read in part ([`ring::held_extent`]).
    pub(crate) held_n: i64,
}

impl Candidate {
    /// CTAs of the whole grid: a split-K tile is `split_k` CTAs, each with its share of the
    /// k-steps, and multicast clusters pad the tile rows to a multiple of the cluster.
    pub(crate) fn grid_ctas(&self, problem: &GemmProblem) -> i64 {
        if self.stream_k {
            return problem.batch
                * ceil_div(problem.m, self.cta[0])
                * ceil_div(problem.n, self.cta[1]);
        }
        let rows = cluster_rows(ceil_div(problem.m, self.cta[0]), self.multicast);
        problem.batch * rows * ceil_div(problem.n, self.cta[1]) * self.split_k
    }

    /// Shared memory one stage holds, bytes: the A tile and [`Candidate::held_n`] columns
    /// of B, `cta[2]` deep.
    pub(crate) fn stage_bytes(&self, problem: &GemmProblem) -> i64 {
        ring::stage_bytes(problem, self.cta, self.held_n)
    }
}

/// Whether `target` has an instruction for GEMMs of `dtype`: an `mma.sync`, a `wgmma`
/// (where `warpgroups` allows warpgroup plans) or a vector FMA. [`plans`] refuses the
/// others with [`GenerateError::DTypeUnsupported`]; the CLI's suites leave them out.
pub fn dtype_supported(target: &Target, dtype: GemmDType, warpgroups: bool) -> bool {
    wgmma_ok(target, dtype, warpgroups)
        || select::tensor_instruction(dtype).is_some_and(|i| target.supports(i))
        || dtype
            .vector_instruction()
            .is_some_and(|i| target.supports(i))
}

/// Whether warpgroup plans (`warpgroups`) can take a `wgmma` of `dtype` on `target`.
fn wgmma_ok(target: &Target, dtype: GemmDType, warpgroups: bool) -> bool {
    warpgroups
        && target.features.has_wgmma
        && Instruction::wgmma(8, dtype.input(), dtype.acc()).is_ok_and(|i| target.supports(i))
}

/// Ranks plans for `problem` on `target`.
///
/// # Errors
/// [`GenerateError`] when the target lacks the dtype, the ratio is unreachable or invalid,
/// or no candidate fits.
pub fn plans(
    problem: &GemmProblem,
    target: &Target,
    opts: &Options,
) -> Result<Ranking, GenerateError> {
    let dtype = problem.dtype;
    let tname = target.arch.to_string();
    let mma = select::tensor_instruction(dtype).filter(|&i| target.supports(i));
    let wgmma_ok = wgmma_ok(target, dtype, opts.warpgroups);
    let vector = dtype.vector_instruction().filter(|&i| target.supports(i));
    if !dtype_supported(target, dtype, opts.warpgroups) {
        return Err(GenerateError::DTypeUnsupported {
            target: tname,
            dtype,
        });
    }
    if let Some(r) = opts.ratio {
        if r.is_nan() || r < 0.0 {
            return Err(GenerateError::BadRatio(r));
        }
        let (needs, have) = if r > 0.0 {
            ("vector", vector.is_some())
        } else {
            ("tensor", mma.is_some() || wgmma_ok)
        };
        let both = r > 0.0 && r.is_finite();
        if !have || (both && !(mma.is_some() || wgmma_ok)) {
            let needs = if have { "tensor" } else { needs };
            return Err(GenerateError::RatioUnreachable {
                ratio: r,
                needs,
                dtype,
                target: tname,
            });
        }
    }

    let span = opts.swizzle.unwrap_or(128);
    if ![128, 64, 32].contains(&span) {
        return Err(GenerateError::BadSwizzle(span));
    }
    // 96- and 80-column tiles only where whole tiles cover N. Measured (docs/BENCHMARKS.md
    // run 10-f, H200): at N = 6144 64x96 tiles (128 CTAs) ran 2.7-6% faster than 128x64 (96
    // CTAs), at N = 5120 (a last column a third used, 108 CTAs) 3-4.6% slower. At N = 5120
    // 64x80 tiles (128 CTAs) with a column-major B ran 1.4-3.5% faster than 128x64 (80 CTAs)
    // at K = 5120 and level to 1% faster at K = 13824 (run 23-e, 23-f, H100); with a
    // row-major B, whose 80 columns take a 16-column tail box, slower in five rounds of six,
    // by up to 12%. Where 96 also divides N (15360), 96-column tiles are offered instead.
    // Decode grids of two tile rows take 96-column tiles at any N where they share A and B
    // in blocks ([`decode::ragged_96`]).
    let mut wns = vec![64, 128, 192, 256];
    if opts.narrow_b_tiles {
        if problem.n % 96 == 0 {
            wns.push(96);
        } else {
            if opts.b_k_major && problem.n % 80 == 0 {
                wns.push(80);
            }
            if decode::ragged_96(problem, opts) {
                wns.push(96);
            }
        }
    }
    wns.sort_unstable();
    let cands = candidates(
        dtype,
        mma,
        wgmma_ok,
        &wns,
        target,
        problem,
        span,
        opts.stream_k,
        BLoad {
            multicast: b_multicast_pays(problem, opts),
            straddles: b_straddles(problem, opts),
            mn_major: !opts.b_k_major,
            any_grid: false,
        },
        max_warp_acc_regs(problem, opts),
    );
    let mut out: Vec<Plan> = Vec::new();
    let mut explored = 0usize;
    let mut stop = StopReason::Exhausted;
    'outer: for c in &cands {
        let mixed_wg = opts.warpgroup_vector && span == 128;
        for split in splits(c, vector.is_some(), mixed_wg) {
            if explored >= opts.budget {
                stop = StopReason::Budget;
                break 'outer;
            }
            explored += 1;
            for mix in mixes(problem, target, c, split, vector, opts)? {
                if let Some(plan) = build(problem, target, c, split, vector, &mix)? {
                    out.push(plan);
                }
            }
        }
    }
    // Pure wgmma plans, so only where the caller's ratio allows tensor-only mixes.
    let tensor_only_ok = opts.ratio.is_none_or(|r| r == 0.0);
    if opts.transposed_warpgroups && wgmma_ok && tensor_only_ok {
        let pt = problem.transposed();
        // At a decode shape n (the caller's m) in one instruction of a multiple of 8
        // columns; above 128 rows, tiles of [`TRANSPOSED_WIDTHS`] along it.
        let large_m = problem.m > 128;
        let decode_wn = [ceil_div(pt.n, 8) * 8];
        // At 128 rows also half of M, set aside for one rule (`half_rows`).
        let halves = [pt.n / 2, pt.n];
        let wns: &[i64] = if large_m {
            &TRANSPOSED_WIDTHS
        } else if problem.m == half_rows::HALF_ROWS_M {
            &halves
        } else {
            &decode_wn
        };
        // Their B is the caller's A: row-major (k fastest) or a 16-bit column-major one
        // ([`Options::transposed_b_mn_major`], held in whole chunks); not charged for rows
        // straddling lines (see [`b_straddles`]). Above 128 rows shared by pairs of tile
        // rows where its rows straddle 32-byte sectors ([`transposed_b_multicast_pays`]); at
        // decode shapes multicast of the activations ran slower (run 7-f, 0.81-0.99x of the
        // same tiles without it).
        let b = BLoad {
            multicast: large_m && transposed_b_multicast_pays(problem),
            straddles: false,
            mn_major: opts.transposed_b_mn_major,
            any_grid: large_m,
        };
        for c in wgmma_candidates(dtype, target, &pt, wns, b, span, opts.stream_k) {
            // Not one consumer warpgroup 256 wide above 128 rows: each of the six such
            // defaults timed (shared or not) ran 0.67-0.95x the plan it replaced
            // (docs/BENCHMARKS.md run 27, H100).
            if large_m && c.workers[0] == 1 && c.cta[1] == 256 {
                continue;
            }
            let c = Candidate {
                large_m_transposed: large_m,
                ..c
            };
            for mix in mixes(&pt, target, &c, Split::Uniform, None, opts)? {
                let Some(mut plan) = build(&pt, target, &c, Split::Uniform, None, &mix)? else {
                    continue;
                };
                // Not two or more CTAs per SM above 128 rows: such transposed grids ran at
                // 0.76-0.98x the plain default's speed in 13 of 17 shapes (all with
                // k < 700), where grids of one CTA per SM ran faster or level in 24 of 25
                // (docs/BENCHMARKS.md run 26-b, H100).
                if large_m && plan.modeled.ctas_per_sm > 1 {
                    continue;
                }
                plan.transposed = true;
                out.push(plan);
            }
        }
    }
    charge_operand_copies(&mut out, target, &opts.pad_copies, false);
    charge_operand_copies(&mut out, target, &opts.transposed_pad_copies, true);
    charge_plain_launches(&mut out, target);
    let half = half_rows::take(&mut out, problem);
    if out.is_empty() {
        return Err(GenerateError::NoPlan);
    }
    // At equal modeled cycles (bandwidth-bound grids), a single-iTex plan before a mixed
    // one: at decode shapes the heterogeneous warpgroup tiles tie with their pure tiles on
    // the DRAM bound, and measured 0.5-0.6x of them (docs/BENCHMARKS.md run 14-b).
    // At decode shapes (M <= 128, transposed plans of one tile row) then the plan with
    // the widest tensor instruction: an `m64nNk16` reads `(64 + N) x 16` operand elements
    // from shared memory for `64 x N x 16` multiply-adds, so wider pieces read fewer bytes
    // per flop; then a transposed plan. At 128x5120x{5120,13824} (row-major B) the
    // transposed 64x128 tiles (one m64n128 per k-step, 9 stages) ran faster than the 128x64
    // tiles (two m64n64) they tie with in 15 of 16 paired rounds (f16 and bf16, an H100 and
    // an H200; -0.6% to +7.2%), and 6-10% faster than the plain 64x128 tiles (6 stages);
    // at 128x15360x5120 64x256 tiles ran -1.3% to +3.4% against
    // 128x128 (run 23-j, 23-k, 23-l). Other problems keep the order below: their ties
    // (64x256 against 128x128 at M = 1000, say; batched grids) were not measured.
    let decode = decode::is_decode(problem, opts);
    if decode {
        decode::adjust(&mut out, problem);
    }
    block::share_ab(&mut out, problem, opts, target);
    block::share_b_past_blocks(&mut out, problem, opts, target);
    if decode::ragged_96(problem, opts) {
        out.retain(decode::ragged_96_kept);
    }
    let wide_first = |a: &Plan, b: &Plan| {
        if decode {
            decode::wide_first(a, b)
        } else {
            std::cmp::Ordering::Equal
        }
    };
    out.sort_by(|a, b| {
        a.modeled
            .cycles
            .total_cmp(&b.modeled.cycles)
            .then_with(|| a.regions.len().cmp(&b.regions.len()))
            .then_with(|| wide_first(a, b))
            .then_with(|| order_key(a).cmp(&order_key(b)))
    });
    out.dedup_by(|a, b| key(a) == key(b));
    if decode {
        let resident = resident_cluster_ctas(target);
        decode::blocks_before_split_k(&mut out, problem, resident);
        decode::transposed_split_k_first(&mut out, problem, resident);
        decode::lone_row_split_k4_first(&mut out, problem, resident);
        half_rows::block_first(&mut out, half, problem, resident);
        decode::small_grid_split_k2_first(&mut out, problem);
    }
    out.truncate(opts.top.max(1));
    Ok(Ranking {
        plans: out,
        stop,
        explored,
    })
}

/// An operand copy's DRAM rate, of the datasheet's: 2.8-3.0 TB/s of an H100's 3.35 for
/// copies of 32-116 MB (ncu durations of `mosaic_pad_*`, docs/BENCHMARKS.md run 44-c).
const PAD_DRAM_FRACTION: f64 = 0.87;
/// Fixed cost of one operand copy, microseconds: its ramp-up and drain, which overlap
/// nothing (copies of 0.4-7 MB took 3.0-5.1 us, of 32-116 MB 1-2 us more than their bytes
/// at [`PAD_DRAM_FRACTION`]; run 44-c).
const PAD_LAUNCH_US: f64 = 1.5;

/// The rate of C stores one element at a time from accumulator fragments (an f32 C of odd
/// `n`), of the datasheet's DRAM bandwidth: about 0.45 TB/s of an H100's 3.35. Measured on
/// an H100 with an f32 C (docs/BENCHMARKS.md run 45-b): the mma.sync default at
/// 1752x2557x288 took 52.9 us for 17.9 MB of C (0.34 TB/s), warpgroup kernels storing
/// their fragments so 57.8 us at 3088x2089x272 (25.8 MB, 0.45 TB/s) and 515 us at
/// 8192x8191x256 (268 MB, 0.52 TB/s), 2.0-2.25x what the same kernels took writing C
/// through staged rows (`codegen::hopper::epilogue::RowStores`), which warpgroup plans do
/// wherever C's pitch rules out a TMA store.
const SCATTERED_C_DRAM_FRACTION: f64 = 0.134;

/// The rate of C stores as aligned pairs from warp-level accumulator fragments (even `n`),
/// of the datasheet's DRAM bandwidth: about 1.2 TB/s of an H100's 3.35. Measured on an H100
/// with an f32 C (docs/BENCHMARKS.md run 46-c, short k): the fastest mma.sync kernels wrote
/// their C at 1.01-1.19 TB/s (2568x1808x192 18.4 us for 18.6 MB, 3784x1488x192 19.0 us for
/// 22.5 MB, 2641x2168x170 22.2 us for 22.9 MB), where the first warpgroup plans ran
/// 1.16-1.54x faster; the model had priced the C at the whole DRAM bandwidth and ranked the
/// mma.sync plans first. Out of sample (run 46-d, 24 moved short-k defaults): 1.068x, 1.21x
/// where the warpgroup plan copies no operand, 1.00x where it does (0.77-0.80x at k of
/// 131-150, where the copies' fixed cost weighs).
const PAIRED_C_DRAM_FRACTION: f64 = 0.36;

/// Adds the operand copies (each `copies` entry's bytes read and written at
/// [`PAD_DRAM_FRACTION`] of the DRAM bandwidth, plus [`PAD_LAUNCH_US`]) to the modeled cycles
/// of every warpgroup plan, transposed or plain as `transposed` says: they run before the
/// kernel, on the whole GPU. Warp-level plans read the caller's rows directly.
fn charge_operand_copies(plans: &mut [Plan], target: &Target, copies: &[i64], transposed: bool) {
    if copies.is_empty() {
        return;
    }
    let bytes_per_clk =
        PAD_DRAM_FRACTION * target.dram_bytes_per_clk_per_sm() * f64::from(target.sms);
    let cycles: f64 = copies
        .iter()
        .map(|&b| b as f64 / bytes_per_clk + PAD_LAUNCH_US * target.clock_mhz)
        .sum();
    for p in plans
        .iter_mut()
        .filter(|p| p.worker_threads == 128 && p.transposed == transposed)
    {
        add_cycles(&mut p.modeled, cycles);
    }
}

/// Adds `cycles` that overlap nothing to a modeled plan, its TFLOP/s scaled to match.
fn add_cycles(m: &mut Modeled, cycles: f64) {
    m.tflops *= m.cycles / (m.cycles + cycles);
    m.cycles += cycles;
}

/// The launch gap, microseconds, that a kernel launched plainly pays in a stream of
/// back-to-back GEMMs against one launched as a programmatic dependent (`codegen::Pdl`),
/// whose launch overlaps the previous kernel's tail. Measured on an H100 (docs/BENCHMARKS.md
/// run 47), the same kernels with and without PDL: warpgroup defaults 0.74-2.08 us faster
/// with it at four short-k shapes (47-a), mma.sync plans 0.76-1.31 us at six (47-b).
const PLAIN_LAUNCH_US: f64 = 1.2;

/// Adds [`PLAIN_LAUNCH_US`] to every warp-level plan's modeled cycles where warpgroup plans,
/// launched with PDL by default, compete with them (wgmma targets); warp-level kernels
/// launch plainly by default (their PDL measured mixed, run 47-b).
fn charge_plain_launches(plans: &mut [Plan], target: &Target) {
    if !target.features.has_wgmma {
        return;
    }
    let cycles = PLAIN_LAUNCH_US * target.clock_mhz;
    for p in plans.iter_mut().filter(|p| p.worker_threads == 32) {
        add_cycles(&mut p.modeled, cycles);
    }
}

/// Whether a row-major A's rows (`k` elements) are not a whole number of 32-byte L2 sectors,
/// so that each 128-byte row of a TMA box touches five sectors instead of four.
pub(crate) fn a_rows_straddle_sectors(problem: &GemmProblem) -> bool {
    problem.k * problem.dtype.input_bytes() % 32 != 0
}

/// Whether B's rows as stored ([`Options::b_pitch_bytes`]: `n` elements of a row-major B,
/// `k` of a column-major one) are not a whole number of 32-byte L2 sectors, as
/// [`a_rows_straddle_sectors`] for A.
pub(crate) fn b_rows_straddle_sectors(problem: &GemmProblem, opts: &Options) -> bool {
    b_pitch(problem, opts) % 32 != 0
}

/// A stable identity of a plan for ordering ties and removing duplicates.
fn key(p: &Plan) -> String {
    key_with(p, [p.multicast, p.multicast_a])
}

/// The tie-break order of a plan: its [`key`], except that a plain lone grid sharing B
/// ([`lone_b_share`]: not transposed, not persistent; or A and B, [`crate::block`]) orders
/// as the same grid unshared.
/// That rule adds sharing where the model charges no L2 fill, and must not reorder the
/// ties between a plain plan and its transposed mirror (run 30-f). (The padded rows can
/// still move a DRAM-bound grid's cycles, which then decide as they would.)
fn order_key(p: &Plan) -> String {
    let lone_shared = p.multicast > 1 && !p.transposed && !p.persistent;
    if lone_shared {
        key_with(p, [1, 1])
    } else {
        key(p)
    }
}

/// [`key`] with `[multicast, multicast_a]` in place of the plan's own.
fn key_with(p: &Plan, [multicast, multicast_a]: [i64; 2]) -> String {
    let regions: Vec<String> = p
        .regions
        .iter()
        .map(|r| format!("{:?}{:?}{}", r.lo, r.hi, r.piece.instruction()))
        .collect();
    format!(
        "{:?}{:?}{}{}s{}k{}p{}c{}a{}t{}sk{}",
        p.cta_tile,
        p.workers,
        p.worker_threads,
        regions.join(""),
        p.stages,
        p.split_k,
        p.persistent,
        multicast,
        multicast_a,
        p.transposed,
        p.stream_k
    )
}

/// Accumulator registers per thread that an mma.sync warp box may hold: all 128 the largest
/// boxes take, or fewer where B's row pitch is not a multiple of 4 bytes. There the code
/// generator's loader copies B element by element (no cp.async chunk fits), each copy with
/// its own bounds, and s8 64x64 boxes spilled 8 bytes at N = 1002 and 4002 on sm_80, sm_86
/// and sm_89 (ptxas 13.0, docs/BENCHMARKS.md run 15). With 4- or 8-byte chunks the largest
/// boxes still pay: sm_89 f16acc 64x128 boxes at N = 4002 spill 20 bytes but ran 8% faster
/// than the 64x64 boxes that do not (run 15-i, PTX JIT-compiled on an H100).
fn max_warp_acc_regs(problem: &GemmProblem, opts: &Options) -> f64 {
    if b_pitch(problem, opts) % 4 == 0 {
        128.0
    } else {
        64.0
    }
}

/// Step 3's hierarchy: CTA tiles, worker grids and k-steps for each tensor path; vector-only
/// candidates for dtypes without a tensor iTex. `max_acc`: accumulator registers per thread
/// a warp box may hold ([`max_warp_acc_regs`]).
#[allow(clippy::too_many_arguments)]
fn candidates(
    dtype: GemmDType,
    mma: Option<Instruction>,
    wgmma: bool,
    wns: &[i64],
    target: &Target,
    problem: &GemmProblem,
    span: i64,
    stream_k: bool,
    b_load: BLoad,
    max_acc: f64,
) -> Vec<Candidate> {
    let k = problem.k;
    let eb = dtype.input_bytes();
    let acc_bytes = i64::from(dtype.acc().bytes());
    let mut out = Vec::new();
    let cp_async = target.features.has_cp_async;
    // mma.sync path: warps; k-step of 64 or 128 bytes per row (two or four 16-byte ldmatrix
    // row pieces). The longer step halves the barriers per k and lets shared memory use the
    // 128-byte swizzle, but it is offered only when it divides K: a ragged last k-tile needs
    // per-chunk bounds in the loader, which at this step pushes 64x64 warp tiles past 255
    // registers (ptxas spills, CI matrix).
    let steps: Vec<i64> = [64 / eb, 128 / eb]
        .into_iter()
        .filter(|&bk| bk == 64 / eb || k % bk == 0)
        .collect();
    // Decode-like problems also get CTA tiles of 16 or 32 rows that take all of m in one
    // tile row: a 64-row tile computes 48 masked rows at m = 16. Offered only as measured
    // (sm_90a, H100, tf32, docs/BENCHMARKS.md runs 48-d and 48-e): 16x256x32 tiles of four
    // warps ran 1.09-1.12x the 64x128 default at 16x28672x4096 and 16x27648x5120, while tiles
    // whose warp boxes were 16 columns wide (32x64 of eight warps) ran 0.81-0.89x at eight
    // seeded shapes and 16x256 tiles in two tile rows 0.81x (32x21296x2432). As restricted
    // here, out of sample: 1.13-1.34x at the four of 108 seeded shapes they move (48-e).
    let short_m: Vec<(i64, i64)> = if target.features.has_wgmma {
        [(16, 128), (16, 256), (32, 128), (32, 256)]
            .into_iter()
            .filter(|&(bm, _)| problem.m <= bm)
            .collect()
    } else {
        Vec::new()
    };
    let tiles = [
        (128, 128),
        (128, 256),
        (256, 128),
        (128, 64),
        (64, 128),
        (64, 64),
    ];
    for (bk, &(bm, bn)) in steps
        .into_iter()
        .cartesian_product(tiles.iter().chain(&short_m))
    {
        for workers in [[2, 2], [2, 4], [4, 2], [4, 4], [1, 4], [1, 8]] {
            // (Short-m tiles' warp boxes at least 32 columns wide: see `short_m`.)
            let short = bm <= SHORT_TILE_ROWS;
            if (workers[0] == 1 && !short) || (short && bn / workers[1] < 32) {
                continue;
            }
            let (wm, wn) = (bm / workers[0], bn / workers[1]);
            if !(16..=128).contains(&wm) || !(16..=128).contains(&wn) {
                continue;
            }
            if cost::acc_regs([wm, wn, bk], 32, acc_bytes) > max_acc {
                continue;
            }
            out.push(Candidate {
                cta: [bm, bn, bk],
                workers,
                threads_per_worker: 32,
                tensor: mma,
                stages: if cp_async { 3 } else { 2 },
                tma: false,
                split_k: 1,
                persistent: false,
                multicast: 1,
                stream_k: false,
                b_straddles: false,
                b_merged: false,
                large_m_transposed: false,
                b_mn_major: false,
                held_n: bn,
            });
        }
    }
    if wgmma {
        out.extend(wgmma_candidates(
            dtype, target, problem, wns, b_load, span, stream_k,
        ));
    }
    out
}

/// The most rows of a decode-like warp-level CTA tile (`candidates`' `short_m`): such tiles
/// take one row of warps at most two deep and no reduction mixes ([`splits`]).
const SHORT_TILE_ROWS: i64 = 32;

/// How the warpgroup candidates load B.
#[derive(Clone, Copy, Debug)]
struct BLoad {
    /// Whether B may be shared across a cluster of tile rows (TMA multicast; see
    /// [`b_multicast_pays`]).
    multicast: bool,
    /// A row-major B's rows are not whole 128-byte lines (see [`b_straddles`]).
    straddles: bool,
    /// B is n-fastest (row-major, MN-major in shared memory), which sets the columns a stage
    /// holds ([`ring::held_extent`]).
    mn_major: bool,
    /// B is shared by the rule of transposed tiles above 128 rows
    /// ([`transposed_b_shared`]), at any grid size and tile width, instead of from two
    /// waves of tiles on.
    any_grid: bool,
}

/// K up to which B multicast is not offered where B's rows are whole 128-byte lines (see
/// [`b_multicast_pays`]).
const MULTICAST_MAX_SHORT_K: i64 = 1024;

/// Whether warpgroup candidates may share B across a 2-CTA cluster (TMA multicast): where
/// K is above [`MULTICAST_MAX_SHORT_K`], or B's stored row pitch is not a multiple of 128
/// bytes. Measured on an H100 (docs/BENCHMARKS.md run 13, multicast on against off, same
/// run): with 128-byte rows and K <= 1024 multicast cost 2-9% (4096x4096x1024 0.996 /
/// 1.016x cuBLAS; 16 x 1024^3 0.985 / 1.006; 8 x 1024^3 0.831 / 0.870; 32 x 512^3 0.858 /
/// 0.937; tf32 8 x 1024^3 1.030 / 1.071); with B rows of 2000 or 8000 bytes, which
/// straddle 128-byte lines, it gained 5-30% (16 x 1000^3 0.871 / 0.672; 4000x4000x1000
/// 1.135 / 1.079); at K >= 4096 the two were level within the runs' spread (13-e).
pub(crate) fn b_multicast_pays(problem: &GemmProblem, opts: &Options) -> bool {
    problem.k > MULTICAST_MAX_SHORT_K || b_pitch(problem, opts) % 128 != 0
}

/// Whether a row-major B's rows straddle 128-byte L2 lines (its row pitch is not a multiple
/// of 128 bytes), so that each 128-byte row of a TMA box touches two lines (measured with
/// 128-byte swizzle spans; narrower spans are charged alike). The L2 fill term
/// then counts B's rows twice for grids of two or more CTAs per SM. Measured on an H100
/// (docs/BENCHMARKS.md run 17-e, 17-g, 17-h): the 64x128 one-warpgroup grid at 2 CTAs/SM ran
/// 2048x2000x1024 f16 (4000-byte B rows) at 0.75x cuBLAS against 0.97x at 2048x2048x1024
/// and 0.985x with a column-major B, while the 128x256 grid at one CTA per SM ran it at
/// 0.99x, as fast as with aligned rows; A's 2000-byte rows at 2048x2048x1000 cost nothing
/// measurable (0.965x). Charging the one-CTA grids too, or column-major B (tf32), moved
/// defaults that then ran 2-7% slower (17-h: 6000x6000x2000 f16 and tf32, 8000x8000x1000
/// and 5000x3000x2000 tf32).
pub(crate) fn b_straddles(problem: &GemmProblem, opts: &Options) -> bool {
    !opts.b_k_major && b_pitch(problem, opts) % 128 != 0
}

/// Bytes between consecutive rows of B as stored: [`Options::b_pitch_bytes`], or a row-major
/// B's `n` elements where the caller gave none.
fn b_pitch(problem: &GemmProblem, opts: &Options) -> i64 {
    opts.b_pitch_bytes
        .unwrap_or(problem.n * problem.dtype.input_bytes())
}

/// The wgmma path: 1 to 3 consumer warpgroups along m (3 only of 64 rows), each 64 or 128
/// rows x one of `wns`
/// columns; k-step of one `span`-byte swizzle row, B's tiles loaded as `b` says.
/// `stream_k`: the split-K-free candidates with stream-K tails (and no split-K ones)
/// instead.
fn wgmma_candidates(
    dtype: GemmDType,
    target: &Target,
    problem: &GemmProblem,
    wns: &[i64],
    b: BLoad,
    span: i64,
    stream_k: bool,
) -> Vec<Candidate> {
    let eb = dtype.input_bytes();
    let bk = span / eb;
    let kts = ceil_div(problem.k, bk);
    let mut out = Vec::new();
    // Four or three 128-byte stages' worth of bytes in flight, in stages of one span.
    let depth = [4, 3].map(|s| s * 128 / span);
    // Three consumer warpgroups only of 64 rows: a 192-row tile (cuBLAS's 192-row tiles fill
    // an H100 in one wave at 3072x1024x3072 where 128 and 256 rows leave SMs idle; run 17-n).
    let shapes = itertools::iproduct!([1, 2, 3], [64, 128], wns.iter().copied(), depth, [1, 2, 4])
        .filter(|&(wg, wm, ..)| wg < 3 || wm == 64);
    for (wg, wm, wn, stages, split_k) in shapes {
        if !ring::tile_loads(wn, span, eb, b.mn_major) {
            continue;
        }
        let held_n = ring::held_extent(wn, span, eb, b.mn_major);
        let tile = [wg, wm, wn, held_n];
        if !wgmma_candidate_fits(target, problem, tile, stages, split_k, kts, span) {
            continue;
        }
        // More tiles than SMs: loop over them in resident CTAs, so one tile's epilogue
        // and the next tile's pipeline fill overlap the stage ring. Two or more waves of
        // tiles: pairs of tile rows share B through a 2-CTA cluster, unless the pairs'
        // padding (an odd last row of tiles) would waste more than a tenth of the rows.
        // Lone grids: by [`lone_b_share`]. (Every batch's tiles: a batched grid runs them
        // all.)
        let (gm, gn) = (ceil_div(problem.m, wg * wm), ceil_div(problem.n, wn));
        let tiles = problem.batch * gm * gn;
        // A lone grid's ring is deeper than the plan's default (see [`ring`]).
        let cta = [wg * wm, wn, bk];
        // (Not 80- or 96-column tiles: 96-column ones with B multicast ran correct but 4-5%
        // slower at 128x6144x4096, runs 22-f and 23-d; 80-column ones never ran with it.)
        // CTAs of a tile column sharing each B tile (1: none).
        let share = if !b.multicast || split_k > 1 {
            1
        } else if b.any_grid {
            if transposed_b_shared(target, gm, tiles) {
                2
            } else {
                1
            }
        } else if wn % 64 != 0 {
            1
        } else if tiles >= 2 * i64::from(target.sms) && (gm % 2 == 0 || gm >= 9) {
            2
        } else {
            lone_b_share(target, problem, b, cta, gm, gn)
        };
        let shared = share > 1;
        // A transposed grid above 128 rows keeps one staging buffer per consumer warpgroup
        // beside its ring where the caller's C rows (the kernel's m) suit a TMA store;
        // split-K, the buffer its splits' quads land in (and no staging: direct stores).
        let reserve = if split_k > 1 {
            ring::split_k_bytes(split_k, wg, wm, wn)
        } else if b.any_grid && problem.m % 4 == 0 {
            wg * ring::STAGING_BUFFER_BYTES
        } else {
            0
        };
        let stages = if ring::is_lone(target.sms, tiles * split_k) {
            ring::lone_stages(problem, target, cta, held_n, split_k, stages, reserve)
        } else {
            stages
        };
        let c = Candidate {
            cta,
            workers: [wg, 1],
            threads_per_worker: 128,
            tensor: Instruction::wgmma(8, dtype.input(), dtype.acc()).ok(),
            stages,
            tma: true,
            split_k,
            persistent: split_k == 1 && tiles > i64::from(target.sms),
            multicast: share,
            stream_k: false,
            b_straddles: b.straddles,
            b_merged: false,
            large_m_transposed: false,
            b_mn_major: b.mn_major,
            held_n,
        };
        match (stream_k, split_k) {
            (false, _) => {
                // The unpaired grid as well where padding an odd last tile row costs a wave
                // of CTAs. Measured on an H100 (docs/BENCHMARKS.md run 25-b, f16 and bf16):
                // unpaired 128x256 tiles ran 1.009-1.015x cuBLAS at 4224x4096x4096,
                // 6272x4096x4096 and 4224x5120x4096, where the paired 128x192 tiles the
                // model had ranked first ran 0.89-0.96x and paired 128x256 0.83-0.89x. Of 18
                // other defaults it moved, 16 ran 0.5-14% faster and two 0.2-3.4% slower
                // (runs 25-e, 25-f).
                if shared && pad_costs_wave(target, gm, tiles) {
                    out.push(Candidate {
                        multicast: 1,
                        b_merged: true,
                        ..c.clone()
                    });
                }
                out.push(c);
            }
            // (A stream-K schedule covers one batch's tiles.)
            (true, 1) if problem.batch == 1 => out.push(Candidate {
                persistent: true,
                multicast: 1,
                stream_k: true,
                ..c
            }),
            (true, _) => {}
        }
    }
    out
}

/// Whether a transposed grid above 128 rows of `gm` tile rows and `tiles` tiles, whose B
/// may be shared ([`transposed_b_multicast_pays`]), shares it across pairs of tile rows: at
/// any grid size, lone grids included, and any tile width (a K-major B box is cut along
/// its rows, 80 of 160 each), unless padding an odd row count costs a wave of CTAs. Measured
/// on an H100 (docs/BENCHMARKS.md run 27-b, `--multicast on` against off on the same
/// transposed plans): where padding cost a wave, 0.66-0.77x (five shapes).
fn transposed_b_shared(target: &Target, gm: i64, tiles: i64) -> bool {
    gm >= 2 && !pad_costs_wave(target, gm, tiles)
}

/// Whether a transposed plan above 128 rows ([`Candidate::large_m_transposed`]) may share
/// its B, the caller's row-major A, by multicast: where A's rows (`k` elements) are not a
/// whole number of 32-byte L2 sectors, so that every 128-byte row of a TMA box touches five
/// sectors (TMA needs only 16-byte aligned rows), and K is above
/// [`TRANSPOSED_MULTICAST_MIN_K`]. cuBLAS's kernel at 4864x1024x4480 shares the same operand
/// over 2-CTA clusters (run 25-n). Measured on an H100 (docs/BENCHMARKS.md runs 27-b, 27-c,
/// `--multicast on` against off on the same transposed plans, K > 1536, padding costing no
/// wave): with such rows 20 of 20 shapes ran faster, 1.02-1.34x, 1.17x in geomean; with rows
/// of whole sectors 0.88-1.18x, 0.98x in geomean over 21 shapes. Out of sample (run 27-d, 600
/// seeded random f16 shapes): the 19 defaults this moved ran 1.128x the old ones in geomean,
/// 16 faster, 0.87-1.36x; with [`TRANSPOSED_MULTICAST_FACTOR`] 15 move, all faster
/// (1.06-1.36x, 1.18x).
fn transposed_b_multicast_pays(problem: &GemmProblem) -> bool {
    a_rows_straddle_sectors(problem) && problem.k > TRANSPOSED_MULTICAST_MIN_K
}

/// K up to which transposed grids above 128 rows do not share B
/// ([`transposed_b_multicast_pays`]): at K of 504 to 1464 multicast ran 0.85-1.11x of the
/// same plans without it, 0.94x in geomean over the 12 shapes whose padding cost no wave
/// (run 27-b).
const TRANSPOSED_MULTICAST_MIN_K: i64 = 1536;

/// CTAs of a tile column that share each B tile in a plain lone grid (one batch, at most
/// one CTA per SM with its tile rows padded to the cluster) of `gm x gn` tiles of `tile`
/// (rows x columns x k-step): 1 (none), 2, or 4 where at least four tile
/// rows, padded to a multiple of four, fit the 4-CTA clusters the GPU holds at once
/// ([`hw_models::Target::quad_clusters`]) and a quarter of the k-step is a whole 8-row
/// swizzle atom (the code generator cuts each row-major B box along its k rows: at 32-byte
/// spans, 16 f16 rows, only pairs). Shared only where B's rows straddle 128-byte lines
/// ([`b_straddles`]), K is above [`LONE_MULTICAST_MIN_K`] and the tiles are at least 128 x
/// 128.
///
/// The model charges a lone grid no L2 fill, so it sees neither what sharing saves nor what
/// it costs; this is a measured rule. Measured on an H100 (docs/BENCHMARKS.md):
/// - run 31-b, `--multicast on` (pairs) against the default on every such f16 default
///   among 600 seeded random shapes and four more: with straddling rows and K > 1536, 13 of
///   14 ran faster, 1.015-1.27x (3896x984x9376 140.5 -> 110.9 us, 0.73 -> 0.96 of cuBLAS;
///   768x2344x9336 1.23x), one 0.84x (2279x736x7616); with B rows of whole lines all six ran
///   slower (0.79-0.95x: 1617x1024x1984, 4272x384x1544), as did four of five with K <= 1464;
///   64-column tiles ran 0.72x (1144x800x5584, 31-a);
/// - run 31-c, out of sample (pairs): the 38 defaults this rule and the split-K launch order
///   changed among 1400 fresh seeded shapes (f16 and bf16) ran 1.095x in geomean, 31
///   faster (up to 1.39x: 1264x3088x6600 0.69 -> 0.96 of cuBLAS), six 0.89-0.99x;
/// - run 31-d, four tile rows (cuBLAS's 1x4 clusters at 2872x528x4280, 31-c) against pairs:
///   at seven grids of at most 120 CTAs, 1.07x in geomean, six faster (2872x528x4280 1.16x),
///   2279x736x7616 0.97x; at 3896x984x9376 (32 clusters of four, two more than the GPU
///   holds) 0.57x;
/// - runs 31-e (H100) and 31-f (H200), out of sample, this rule against no sharing at 32
///   changed defaults of 750 fresh f16 and bf16 shapes and 31-c's: over four rows 1.18x and
///   1.11x in geomean (20 cases; 2880x568x9008 0.58 -> 0.85 of cuBLAS), pairs 1.04x and
///   1.00x (12 cases). Pairs lose badly at some grids on both cards (bf16 632x2640x6592
///   1.21 -> 0.73 of cuBLAS, and its neighbours, 31-g; 328x5776x5312 0.81 -> 0.59 on an H200,
///   31-h) for a cause not found.
fn lone_b_share(
    target: &Target,
    problem: &GemmProblem,
    b: BLoad,
    tile: [i64; 3],
    gm: i64,
    gn: i64,
) -> i64 {
    let padded = |share: i64| cluster_rows(gm, share) * gn;
    let pays = problem.batch == 1
        && b.straddles
        && problem.k > LONE_MULTICAST_MIN_K
        && tile[0] >= 128
        && tile[1] >= 128
        && gm >= 2
        && ring::is_lone(target.sms, padded(2));
    let quads_fit = quad_cluster_ctas(target).is_some_and(|ctas| padded(4) <= ctas);
    if !pays {
        1
    } else if gm >= 4 && quads_fit && (tile[2] / 4) % 8 == 0 {
        4
    } else {
        2
    }
}

/// K up to which plain lone grids do not share B ([`lone_b_share`]) nor any grid A and B
/// ([`crate::block::AB_BLOCK`]): with K of 680 to 1464, four of five ran 0.96-0.99x of the
/// same grids without sharing (run 31-b); decode blocks at K of 1536 or less 0.981x in
/// geomean (run 33-c, 18 shapes); lone blocks above 128 rows at K of 512 to 1536 slower at 8
/// of 11 (run 34-i).
pub(crate) const LONE_MULTICAST_MIN_K: i64 = 1536;

/// CTAs the GPU runs at once in 4-CTA clusters of one CTA per SM: four times
/// [`hw_models::Target::quad_clusters`], where measured.
pub(crate) fn quad_cluster_ctas(target: &Target) -> Option<i64> {
    target.quad_clusters.map(|q| 4 * i64::from(q))
}

/// CTAs `target` holds at once, one CTA per SM, in clusters of one or two (its SMs), of
/// four and of eight ([`hw_models::Target::quad_clusters`],
/// [`hw_models::Target::oct_clusters`]), where known.
fn resident_cluster_ctas(target: &Target) -> [Option<i64>; 3] {
    [
        Some(i64::from(target.sms)),
        quad_cluster_ctas(target),
        target.oct_clusters.map(|o| 8 * i64::from(o)),
    ]
}

/// `gm` tile rows padded to whole clusters of `share` rows (B multicast groups).
pub(crate) fn cluster_rows(gm: i64, share: i64) -> i64 {
    ceil_div(gm, share) * share
}

/// Whether pairing `gm` tile rows for B multicast, which pads an odd count to the next even
/// one, takes more waves of one CTA per SM than `tiles` unpaired tiles (each batch pads its
/// own rows).
fn pad_costs_wave(target: &Target, gm: i64, tiles: i64) -> bool {
    let sms = i64::from(target.sms);
    let padded = tiles / gm * cluster_rows(gm, 2);
    gm % 2 == 1 && ceil_div(padded, sms) > ceil_div(tiles, sms)
}

/// Whether a warpgroup candidate of `wg` consumers of `wm x wn` (its stages holding `held_n`
/// columns of B, [`ring::held_extent`]), `stages` deep, split `split_k` ways over `kts`
/// k-tiles is worth ranking:
/// - at most 128 accumulators per thread (more do not fit beside the addressing in a
///   consumer's 232 registers);
/// - three stages only where that lets two CTAs share an SM (one's epilogue then overlaps the
///   other's main loop) and four would not: their shared memory (with 1 KiB alignment slack
///   each) and, since ptxas allocates under the entry cap, accumulators plus ~40 addressing
///   registers within `65536 / (2 * threads)`. Where four stages fit two CTAs too, four
///   measured 3-15% faster on decode shapes (docs/BENCHMARKS.md run 6);
/// - split-K only where output tiles leave SMs idle and every split keeps at least `S`
///   k-tiles; split-K 4 only where its 4-CTA clusters fit the GPU at once, one CTA per SM.
fn wgmma_candidate_fits(
    target: &Target,
    problem: &GemmProblem,
    [wg, wm, wn, held_n]: [i64; 4],
    stages: i64,
    split_k: i64,
    kts: i64,
    span: i64,
) -> bool {
    let acc = wm * wn / 128;
    // Tiles come in whole kilobytes (each starts 1024-aligned, the widest swizzle atom).
    if acc > 128 || (wn * span) % 1024 != 0 {
        return false;
    }
    let cap = 65536 / (2 * 128 * (wg + 1)) / 8 * 8;
    let stage = ring::stage_bytes(
        problem,
        [wg * wm, wn, span / problem.dtype.input_bytes()],
        held_n,
    );
    let two_fit = |st: i64| 2 * (st * stage + 1024) <= i64::from(target.smem_bytes_per_sm);
    let (three, four) = (3 * 128 / span, 4 * 128 / span);
    if stages == three && (!two_fit(three) || two_fit(four) || acc + 40 > cap) {
        return false;
    }
    let tiles = problem.batch * ceil_div(problem.m, wg * wm) * ceil_div(problem.n, wn);
    // Four-CTA clusters only where they all fit one per SM at once: at two CTAs per SM an
    // H100 holds at most 62 of them (ncu, docs/BENCHMARKS.md run 6), and split-K 4 lost to
    // split-K 2 wherever both were measured; at one per SM the GPCs hold
    // [`Target::quad_clusters`] (30 on an H100 or H200, not 33), and 32 or 33 such clusters
    // ran in two waves: 680x456x7472 split-K 4 38.1-41.2 us, split-K 2 on 96 CTAs 28.3 us
    // (run 32-a, H100).
    let sms = i64::from(target.sms);
    let quad_ctas = quad_cluster_ctas(target).unwrap_or(sms);
    split_k == 1
        || (tiles < sms
            && kts >= split_k * split_k
            && (split_k <= 2 || tiles * split_k <= quad_ctas))
}

/// The split strategies worth solving for a candidate. A warpgroup (TMA) candidate is split
/// only along n, and only where `mixed_wg` allows heterogeneous warpgroup plans and the
/// candidate takes whole-K tiles (see [`Options::warpgroup_vector`]): a wgmma covers 64 whole
/// rows, and the consumers' FFMA columns are extra chunks of the wgmma accumulator fragment.
fn splits(c: &Candidate, has_vector: bool, mixed_wg: bool) -> Vec<Split> {
    if c.tma {
        return if has_vector && mixed_wg && c.split_k == 1 && !c.stream_k {
            vec![Split::Independent { dim: 1 }]
        } else {
            vec![Split::Uniform]
        };
    }
    match (c.tensor.is_some(), has_vector) {
        // Decode-like CTA tiles of 16 or 32 rows take no reduction mixes: ptxas 13.0 gave
        // 16x16 tf32 boxes with FFMA over part of k 94-96 registers where the model counts
        // 80 (it counts no FFMA operands per k step), so it expected a CTA per SM more than
        // fit (docs/BENCHMARKS.md run 48-d); the wider boxes offered were not measured so.
        (true, true) if c.cta[0] <= SHORT_TILE_ROWS => {
            vec![Split::Independent { dim: 1 }, Split::Independent { dim: 0 }]
        }
        (true, true) => vec![
            Split::Independent { dim: 1 },
            Split::Independent { dim: 0 },
            Split::Reduction,
        ],
        _ => vec![Split::Uniform],
    }
}

/// Tensor granule along dimension `d` of a worker box: the iTex extent, except wgmma's n
/// which the plan chooses in steps of 8.
fn tensor_granule(c: &Candidate, d: usize) -> i64 {
    let Some(t) = c.tensor else { return 1 };
    let (m, n, k) = t.mnk().unwrap_or((1, 1, 1));
    match (t, d) {
        (Instruction::Wgmma { .. }, 1) => 8,
        (_, 0) => i64::from(m),
        (_, 1) => i64::from(n),
        _ => i64::from(k),
    }
}

/// Vector granule along `d`: one lane grid (4 x 8 lanes, or 4 x 16 values for HFMA2) per warp;
/// a warpgroup splits m over its 4 warps.
fn vector_granule(c: &Candidate, v: Instruction, d: usize) -> i64 {
    let s = select::vector_shape(v);
    let warps = c.threads_per_worker / 32;
    match d {
        0 => s[0] * warps,
        1 => s[1],
        _ => 1,
    }
}

/// FFMA columns a heterogeneous warpgroup box may take: one to four 8-column chunks of the
/// accumulator fragment (each costs 8 or more registers per thread beside the wgmma's, and
/// every such plan measured slower than the pure tile, docs/BENCHMARKS.md run 14).
const WARPGROUP_FFMA_COLUMNS: [i64; 4] = [8, 16, 24, 32];

/// The mixes to build for one (candidate, split): the ILP optimum, plus the pure plans.
fn mixes(
    problem: &GemmProblem,
    target: &Target,
    c: &Candidate,
    split: Split,
    vector: Option<Instruction>,
    opts: &Options,
) -> Result<Vec<Mix>, GenerateError> {
    let w = [c.cta[0] / c.workers[0], c.cta[1] / c.workers[1], c.cta[2]];
    let d = match split {
        Split::Independent { dim } => dim,
        Split::Reduction => 2,
        Split::Uniform => 1,
    };
    let g = Granule {
        extent: w[d],
        tensor: c.tensor.map(|_| tensor_granule(c, d)),
        vector: vector.map(|v| vector_granule(c, v, d)),
    };
    let model = ilp::Model::new(problem, target, c, split, vector);
    let mut out = Vec::new();
    if split == Split::Uniform {
        // The candidate's one unit, unless a forced ratio asks for the other.
        let tensor = c.tensor.is_some();
        let wanted = opts
            .ratio
            .is_none_or(|r| if tensor { r == 0.0 } else { r.is_infinite() });
        if wanted {
            out.extend(model.pure(&g, tensor));
        }
        return Ok(out);
    }
    if c.tma {
        // Warpgroup boxes: a few whole FFMA chunks beside the wgmma, each priced exactly.
        let r = opts.ratio.filter(|r| *r > 0.0 && r.is_finite());
        if opts.ratio.is_none_or(|x| x == 0.0) {
            out.extend(model.pure(&g, true));
        }
        if opts.ratio.is_none() || r.is_some() {
            out.extend(model.enumerate(&g, &WARPGROUP_FFMA_COLUMNS, r));
        }
        return Ok(out);
    }
    match opts.ratio {
        None => {
            for tensor in [true, false] {
                out.extend(model.pure(&g, tensor));
            }
            out.extend(model.solve(&g, None));
        }
        Some(0.0) => out.extend(model.pure(&g, true)),
        Some(r) if r.is_infinite() => out.extend(model.pure(&g, false)),
        Some(r) => out.extend(model.solve(&g, Some(r))),
    }
    Ok(out)
}

/// Builds the plan for one mix, or `None` when it does not fit registers or shared memory.
fn build(
    problem: &GemmProblem,
    target: &Target,
    c: &Candidate,
    split: Split,
    vector: Option<Instruction>,
    mix: &Mix,
) -> Result<Option<Plan>, GenerateError> {
    let w = [c.cta[0] / c.workers[0], c.cta[1] / c.workers[1], c.cta[2]];
    let d = match split {
        Split::Independent { dim } => dim,
        Split::Reduction => 2,
        Split::Uniform => 1,
    };
    let mut regions = Vec::new();
    let mut lo = [0i64; 3];
    let parts = [(mix.tensor_extent, c.tensor), (mix.vector_extent, vector)];
    for (extent, instr) in parts {
        let (Some(instr), true) = (instr, extent > 0) else {
            continue;
        };
        let mut hi = w;
        hi[d] = lo[d] + extent;
        let ext = [0, 1, 2].map(|j| hi[j] - lo[j]);
        let piece = place(instr, ext, c.threads_per_worker)?;
        regions.push(Region { lo, hi, piece });
        lo[d] += extent;
    }
    let split = if regions.len() == 1 {
        Split::Uniform
    } else {
        split
    };
    let reduction = (split == Split::Reduction)
        .then(|| crate::reduce::choose(&regions[0], &regions[1], c.threads_per_worker));
    let Some(modeled) = mix.modeled.clone() else {
        return Ok(None);
    };
    Ok(Some(Plan {
        problem: *problem,
        target: target.arch.to_string(),
        cta_tile: c.cta,
        workers: c.workers,
        worker_threads: c.threads_per_worker,
        regions,
        split,
        reduction,
        stages: c.stages,
        split_k: c.split_k,
        persistent: c.persistent,
        multicast: c.multicast,
        multicast_a: 1,
        stream_k: c.stream_k,
        transposed: false,
        modeled,
    }))
}

/// Places an iTex over a region of extent `ext`: tensor iTexes densely (wgmma with n equal to
/// the region's n), vector iTexes re-strided so each lane owns a contiguous register tile.
fn place(
    instr: Instruction,
    ext: [i64; 3],
    worker_threads: i64,
) -> Result<PlacedItex, GenerateError> {
    match instr.unit() {
        Unit::Tensor => {
            let instr = match instr {
                Instruction::Wgmma { ab, acc, .. } => Instruction::wgmma(ext[1] as u32, ab, acc)
                    .map_err(|e| SelectError::Derive(instr.to_string(), e.to_string()))?,
                i => i,
            };
            let (m, n, k) = instr.mnk().unwrap_or((1, 1, 1));
            let extent = [i64::from(m), i64::from(n), i64::from(k)];
            let itex = select::gemm_itex(instr, extent)?;
            Ok(PlacedItex {
                itex,
                extent,
                stride: [1, 1, 1],
            })
        }
        _ => {
            let extent = select::vector_shape(instr);
            let warps = worker_threads / 32;
            let stride = [ext[0] / (extent[0] * warps), ext[1] / extent[1], 1];
            // The transformed iTex: re-strided so each lane owns a contiguous register tile.
            let mut itex = select::gemm_itex(instr, extent)?;
            for (d, &s) in stride.iter().enumerate().take(2) {
                if s > 1 {
                    itex = itex::derive::restride(&itex, d, s)
                        .map_err(|e| SelectError::Derive(instr.to_string(), e.to_string()))?;
                }
            }
            Ok(PlacedItex {
                itex,
                extent,
                stride,
            })
        }
    }
}

/// Streaming SMs over which the DRAM bandwidth a warpgroup grid misses (`1 - reach`) falls
/// by a factor `e` (see [`modeled`]).
const DRAM_REACH_SMS: f64 = 16.0;

/// Cycles a split-K grid loses to each wave's cluster reduction beyond the partial tiles'
/// shared-memory traffic: the splits wait for the slowest, then each stores its share.
/// Charged where the part's DRAM latency is known (it was fitted with it). First fitted on
/// an H100 at 2000 with the reduction of runs 6-34 (split 0 read every other split's tile
/// and stored it alone; docs/BENCHMARKS.md runs 9-d, 10-a, 10-e). Since the reduce-scatter
/// of run 35 (each split owns `1/S` of the tile, the Hopper code generator's `split_k`) the split-K
/// kernels ran 1.20x faster (35-c), and at 30 seeded shapes whose best split-K and best
/// unsplit plans the model put within 15% of each other, split-K ran faster at 22; the
/// charge orders 18 of the 30 pairs as measured from 0 to 1000 cycles (11 at 2000, and the
/// rest disagree for other terms' errors), and 1000 is that range's end nearest the old fit
/// (H200, run 35-d).
const SPLIT_K_CYCLES: f64 = 1000.0;

/// Cycles a persistent warpgroup CTA's tensor pipe idles at each switch to its next tile:
/// the consumers drain their last wgmma group, convert and store the accumulators, and
/// refill the wgmma queue from the stages the producer loaded meanwhile. Fitted on an H100
/// (docs/BENCHMARKS.md run 9-i, f16): at 4096x6144x4096 the 128x256 tiles (6 per CTA) ran
/// 288.0-288.7 us against 292.5-293.2 us for 128x192 (8 per CTA), which the model had
/// 2400 cycles ahead; 2000 is the least that orders them as measured (the 4.5 us
/// measured is more than two switches at 2000 explain: the wider wgmma may gain too), and
/// also moves 4096x15360x5120 to 128x256 (measured 888.5-897.1 us against 900.6-906.9).
/// Charged, like the exposed epilogue, only to grids of one CTA per SM on targets with a
/// measured L2 fill rate (sm_90a); with a stream-K tail the count of switches is fractional.
const TILE_SWITCH_CYCLES: f64 = 2000.0;

/// What an unpaired grid offered beside its paired one ([`Candidate::b_merged`]) costs at
/// equal waves, as a factor on its cycles: B multicast off ran 0.8% slower timed and 1.3-1.4%
/// sustained at 4096^3 f16 on an H100 (docs/BENCHMARKS.md run 19-a). Without it the model
/// ranked unpaired 128x192 tiles 0.03% ahead of paired 128x256 at 8320x14336x4096, which
/// ran 3-4% slower (run 25-c).
const UNPAIRED_FACTOR: f64 = 1.01;

/// Widths along the caller's m (wgmma's n) of transposed tiles at problems of more than 128
/// rows. There a tile's 64-row granule sits on the caller's n, so a narrow-N problem gets
/// its tile width choice along the wide side: cuBLAS's kernel at 4864x1024x4480 f16 has
/// 160-wide tiles along M (ncu, docs/BENCHMARKS.md run 25-n). Measured on an H100 (runs
/// 25-p, 26-a): transposed 192x160 tiles ran 142.5 us at 5464x1296x6224 against 177.4 us for
/// the plain default (128x128) and 116.9 us at 5808x1056x5168 against 141.0 us (where in
/// run 28 the model ranked plain 256x96 tiles first, a miss that [`TRANSPOSED_FREE_ROUNDS`]
/// mends: run 29-b, 114.2 against 128.1 us).
const TRANSPOSED_WIDTHS: [i64; 4] = [128, 160, 192, 256];

/// What a transposed plan above 128 rows ([`Candidate::large_m_transposed`]) of more than
/// [`TRANSPOSED_FREE_ROUNDS`] rounds costs beyond the model's terms, as a factor on its
/// cycles. Fitted when such plans stored C with direct stores (since run 29 they stage it
/// through transposed TMA-store boxes, which ran 1.01-1.14x faster on the same plans, H100,
/// docs/BENCHMARKS.md run 29-a); at 7 to 16 rounds the TMA-store kernels still ran
/// 0.81-0.98x the plain plans they would replace at 1.0 (29-b), so the factor stays there.
/// Before run 29: transposed tiles ran 3.3-7.9% slower than the same plain tiles at four M = 4096
/// LLM shapes (H100, docs/BENCHMARKS.md run 26-a). Refitted with the round-wise L2 term
/// ([`l2_rounds`]) on 74 timed cases (H100, runs 28-a to 28-d): at 1.0 transposed grids rank
/// first at 14 more of them; of the ten timed, seven ran 0.90-0.97x the plain default
/// (7992x5368x2840, 7512x1544x416, 552x5376x3248, ...) and three faster (5808x1056x5168
/// 1.13x, 3528x2152x1104 1.03x, 6544x624x2272 1.02x). From 1.025 plain tiles rank first
/// again at 1224x3944x3984, where the transposed 128x160 grid ran 1.11x (f16) and 1.14x
/// (bf16) faster, at 5040x6008x512 (where it ran 0.85x) and at 4864x1024x4480 (where it ran
/// 1.22x the old default; as fitted, before [`SHARED_SM_ROUND_KSTEPS`], the plain tiles
/// there were 64x128 tiles of two CTAs per SM, which ran 0.66x cuBLAS against the transposed
/// grid's 0.94x, 28-d). Transposed grids still ranked first at 1.02 ran 0.81-0.98x at four shapes of many
/// rounds or small k (7136x3264x5832, 5040x6008x512, 1656x5928x456, 2936x1624x1256; 28-b).
const TRANSPOSED_FACTOR: f64 = 1.02;

/// What a transposed plan above 128 rows whose B is the caller's 16-bit column-major A read
/// MN-major ([`Options::transposed_b_mn_major`]) costs beyond the model's terms, as a factor
/// on its cycles (on top of [`TRANSPOSED_FACTOR`]). Fitted on an H100 (docs/BENCHMARKS.md run
/// 52-a): without it, the transposed defaults at 35 seeded shapes (129 to 5656 rows, f16
/// and bf16, B either layout) ran 1.041x the plain ones in geomean but 0.80-0.99x at 14;
/// those the plain plan's modeled cycles exceed by at most 4% ran 0.96x in geomean (ten
/// shapes: mirror-image grids of equal modeled cycles 0.95x, 3523x596x4422 0.80x,
/// 1160x2702x3232 0.86x), those it exceeds by more 1.076x (25, 0.91-1.29x).
const TRANSPOSED_MN_MAJOR_B_FACTOR: f64 = 1.04;

/// Most rounds of CTAs (waves) at which a transposed plan above 128 rows is charged no
/// [`TRANSPOSED_FACTOR`] (nor, since run 30, [`TRANSPOSED_MULTICAST_FACTOR`]): with its
/// TMA-store epilogue it runs as the model's terms say.
/// Measured on an H100 (docs/BENCHMARKS.md run 29-b), the transposed defaults a factor of
/// 1.0 chooses against those of 1.02, at 17 seeded random shapes and 10 of run 28-a: at
/// 1 to 4 rounds 23 shapes, 1.064x in geomean, 17 faster (up to 1.43x: 8805x1584x408 and
/// 1697x9112x2632 0.72 and 0.69 -> 1.02 and 0.93 of cuBLAS), four slower (0.91-0.99x:
/// 552x5376x3248, 8656x1096x600, 368x6256x880, 3384x4624x552); at 6.7 to 16 rounds all
/// four slower (6072x8088x600 0.81x, where the transposed grid gave up B multicast).
const TRANSPOSED_FREE_ROUNDS: f64 = 4.0;

/// What sharing B across a 2-CTA cluster costs a transposed plan above 128 rows of more than
/// [`TRANSPOSED_FREE_ROUNDS`] rounds beyond the L2 fill the model's term saves, as a factor
/// on its cycles (on top of [`TRANSPOSED_FACTOR`]): where the caller's A rows are whole
/// 32-byte sectors, multicast on the same transposed plans ran 0.98x in geomean over 21
/// shapes (H100, docs/BENCHMARKS.md runs 27-b, 27-c), the cost of coupling two CTAs'
/// pipelines where the L2 request coalescer already merges the shared reads; at
/// 7992x5368x2840 (16 rounds) shared transposed 128x160 tiles ran 0.90x the plain 128x192
/// ones (27-d). At most four rounds it carries none (run 30-c, H100): at 1.0 there the
/// defaults that moved among 1200 seeded random f16 shapes, with 3000x1000x3000, ran 1.10x
/// in geomean, 12 of 13 faster (1.01-1.37x; 3000x1000x3000 46.8 -> 36.9 us, 0.75 -> 0.95 of
/// cuBLAS; 7828x1544x4264 0.93x).
const TRANSPOSED_MULTICAST_FACTOR: f64 = 1.02;

/// Least k-steps per tile at which CTAs sharing an SM are charged the L2 fill round by round
/// ([`l2_rounds`]) like grids of one CTA per SM: their main loops then run side by side and
/// ask the fill together, where shorter ones interleave with each other's epilogues. Measured
/// on an H100 (docs/BENCHMARKS.md runs 28-d, 28-e), 64x128 tiles of two CTAs per SM, which
/// whole-grid sums ranked first or second: at 17 to 70 k-steps the plans behind them ran
/// 1.26-1.42x faster (4176x1792x1040 128x256 tiles 33.7 against 43.0 us; 2320x1976x2816
/// with a column-major B and tf32 2936x1624x1256, transposed 128x160 tiles; 4864x1024x4480
/// 98.5 against 70 us). At 6 to 8 k-steps the 64x128 grid ran 1.11-1.18x faster than the
/// tiles charging it by rounds chose (2393x2040x344, 2824x1416x376, 4773x392x472: runs
/// 28-a, 28-e). Between, 16 moves none of 600 random f16 defaults and of 250 bf16 ones, one
/// of 250 tf32 and three of 250 f16 with a column-major B (run 28-f).
const SHARED_SM_ROUND_KSTEPS: f64 = 16.0;

/// Cycles of a grid's main loops, round by round: `tiles` CTAs run `slots` at a time, and
/// each round takes the longer of one CTA's k-steps (`round_compute`) and its CTAs' L2 fill
/// (`l2_per_cta` cycles each at the whole-GPU rate, so a partial round's fewer CTAs share
/// the whole rate). Also whether the first round is bound by the fill.
///
/// Whole-grid sums (`max(compute, l2)` over all rounds) let a partial last round's idle
/// fill rate pay for the full rounds' excess. Measured on an H100 (docs/BENCHMARKS.md run
/// 26-a): 128x128 tiles sharing B at 4864x1024x4480 (two full rounds of 132 CTAs, then 40)
/// ran 85.3 us, their k-steps 1.57x the tensor pipe's ideal, where the sums had them bound
/// by the tensor pipe at 63.5 us: each full round asks 48 bytes per cycle per SM of an L2
/// that fills 41 (10 TB/s at 1830 MHz over 132 SMs). Transposed 128x160 tiles there (132
/// and 116 CTAs, both rounds bound by the fill: 64 us of fill, 69.7 us modeled in all) ran
/// 71.0 us.
/// Charged round by round (with [`TRANSPOSED_FACTOR`] 1.02), the first plan moved at 19
/// of 1000 fresh random f16 shapes; timed against the summed terms' plans with 16 more
/// bf16, tf32 and column-major B cases and 5808x1056x5168 (run 28-b), 1.088x in geomean, 26
/// of 36 faster (up to 1.46x), 10 slower (0.81-0.98x; at 5808x1056x5168 plain 256x96 tiles
/// then ranked first and ran 0.88x the transposed 192x160 ones). Grids of two or more CTAs per
/// SM keep the sums below [`SHARED_SM_ROUND_KSTEPS`] k-steps per tile, where their main
/// loops and epilogues interleave: charged round by round there too, their small-k defaults
/// moved to smaller tiles and ran 0.86-0.90x (4773x392x472, 2824x1416x376, 2393x2040x344;
/// run 28-a).
fn l2_rounds(tiles: i64, slots: i64, round_compute: f64, l2_per_cta: f64) -> (f64, bool) {
    let round = |ctas: i64| round_compute.max(ctas as f64 * l2_per_cta);
    let (full, tail) = (tiles / slots, tiles % slots);
    let tail_cycles = if tail > 0 { round(tail) } else { 0.0 };
    let first = slots.min(tiles) as f64 * l2_per_cta;
    (
        full as f64 * round(slots) + tail_cycles,
        first > round_compute,
    )
}

/// Whether a lone grid (at most one CTA per SM, [`ring::is_lone`]) of `problem` (as the plan
/// computes it: transposed plans swap m and n) is charged the L2 fill: where both m and n
/// exceed [`LONE_L2_MIN_ROWS`], so that many CTAs read each A and each B slab, and the main
/// loop is long (k at least [`LONE_L2_MIN_K`]).
///
/// Not a decode grid, one CTA per SM streaming B from DRAM: it ran faster than the fill
/// rate allows. At 128x4096x4096 the 64x64 tiles' 134 MB of tile loads (the term's count)
/// took 17.6-17.8 us on an H100 and 14.9-15.1 us on an H200 in all, launch and epilogue
/// included, 0.99x and 1.02x cuBLAS, while the term ranked them below split-K 2 of 128x64
/// tiles, which ran 0.89x and 0.96x (docs/BENCHMARKS.md run 9-d, 9-g).
///
/// Above 128 rows, without the term, the model priced a lone grid by its tensor work alone
/// and ranked first the grids that spread it most evenly over the SMs, often of small
/// tiles (256x64, 64x160 of one warpgroup) that read the most bytes per multiply-add. On an
/// H100 (docs/BENCHMARKS.md run 43-b, f16, 13 mid-M shapes, each shape's first 8 plans
/// timed) the timed lone grids moved their tile loads at 5-9 TB/s whatever their tensor
/// work, so the grid with the fewest bytes ran fastest (944x2104x3120: the 256x64 grid
/// ranked first ran 40.9 us, the 192x160 split-K 2 grid the term ranks first 27.9 us).
/// Out of sample (run 43-c, the 61 defaults the term moved among 400 seeded random
/// shapes) it ran 1.031x in geomean over all k but lost at short k (0.65-0.81x at
/// 2160x1048x688, 1584x320x1240, 1786x608x600, 848x4096x1616), where the pipeline fill,
/// the epilogue and the launch, which the term does not see, weigh more than the loop; at
/// k >= 3072 the 26 moved defaults ran 1.187x (6 slower). With the bound, out of sample
/// (43-d, 46 defaults moved among 600 fresh f16 and bf16 shapes) 1.100x, 31 faster; at the
/// eleven shapes of earlier rules' tests that it moves (43-f) 1.04x, slower (0.87-0.90x)
/// where a 2 x 2 block shared A and B, which `block::share_ab` sets after ranking, so the
/// term charges such plans their unshared bytes.
fn lone_grid_fills_from_l2(problem: &GemmProblem) -> bool {
    problem.m.min(problem.n) > LONE_L2_MIN_ROWS && problem.k >= LONE_L2_MIN_K
}

/// See [`lone_grid_fills_from_l2`]: the decode shapes' bound (`decode::is_decode`).
const LONE_L2_MIN_ROWS: i64 = 128;

/// See [`lone_grid_fills_from_l2`]: 48 k-steps of 64 (fitted on run 43-c, H100).
const LONE_L2_MIN_K: i64 = 3072;

/// Model figures for a finished mix: total cycles over waves and k-steps, and TFLOP/s.
pub(crate) fn modeled(
    problem: &GemmProblem,
    target: &Target,
    c: &Candidate,
    kstep_cycles: f64,
    bound: String,
    ctas_per_sm: i64,
    regs: i64,
) -> Modeled {
    let (cta, split_k, mc) = (c.cta, c.split_k, c.multicast);
    let tiles = c.grid_ctas(problem);
    let sms = i64::from(target.sms);
    // A warpgroup grid of at most one CTA per SM runs one CTA per SM with a deeper ring
    // ([`ring`]; a stream-K one too, so its `G` is the SM count).
    let lone = c.tma && ring::is_lone(target.sms, tiles);
    // The part's fitted DRAM latency in cycles at the modeled clock.
    let latency = target
        .dram_latency_ns
        .map(|ns| ns * 1e-3 * target.clock_mhz);
    let ctas_per_sm = if lone { 1 } else { ctas_per_sm };
    let slots = sms * ctas_per_sm;
    // A stream-K tail spreads the last partial wave's k-steps evenly over every slot.
    let waves = if c.stream_k {
        tiles as f64 / slots as f64
    } else {
        ceil_div(tiles, slots) as f64
    };
    let ksteps = ceil_div(ceil_div(problem.k, cta[2]), split_k) as f64;
    let compute = waves * ksteps * kstep_cycles;
    // DRAM floor. L2 keeps the operands one wave of resident CTAs shares: a wave rasterized
    // as a near-square block of `rows x cols` tiles reads `rows` A slabs and `cols` B slabs
    // from DRAM once each; C is written once.
    let eb = problem.dtype.input_bytes() as f64;
    let ob = f64::from(problem.dtype.acc().bytes()).min(4.0);
    let (gm, gn) = (ceil_div(problem.m, cta[0]), ceil_div(problem.n, cta[1]));
    let per_wave = slots.min(gm * gn);
    // (Rows again after the columns are clamped, so that a one-column grid's wave still
    // counts every row slab it reads.)
    let square = ((per_wave as f64).sqrt().ceil() as i64).clamp(1, gm);
    let cols = ceil_div(per_wave, square).min(gn);
    let rows = ceil_div(per_wave, cols).min(gm);
    let k = problem.k as f64;
    // A split-K decode grid (warpgroup tiles, one wave of at most one CTA per SM) whose B is
    // larger than L2 streams B once per row of tiles: the rows reading a B slab do not meet
    // in L2. Measured on an H100: 64x192 tiles in two rows with split-K 2 ran 0.857-0.864x
    // cuBLAS at tf32 128x5120x13824 (283 MB of B) in runs 7-d, 7-j and 8-g, one-row 128x64
    // tiles 1.001x (7-a) and 128x128 split-K 2 1.060x (7-b); at f16 128x5120x13824 64x192
    // and 64x256 split-K 2 0.857x and 0.839x against 1.022x for 128x128 split-K 2 (7-d).
    // Unsplit rows do meet: 64x128 tiles in two rows ran 0.985x there (7-d), and 64x64
    // tiles in two rows 1.13-1.15x at 128x4096x14336 against split-K 2's 1.085-1.10x (9-d);
    // docs/BENCHMARKS.md runs 8 and 10.
    let b_bytes = (problem.k * problem.n) as f64 * eb;
    let b_reads = if lone && split_k > 1 && b_bytes > target.l2_bytes as f64 {
        rows as f64
    } else {
        1.0
    };
    let wave_bytes = (rows * cta[0]) as f64 * k * eb + b_reads * (cols * cta[1]) as f64 * k * eb;
    let bytes = problem.batch as f64
        * (ceil_div(gm * gn, per_wave) as f64 * wave_bytes + (problem.m * problem.n) as f64 * ob);
    let mut dram = bytes / (target.dram_bytes_per_clk_per_sm() * f64::from(target.sms));
    // Warpgroup grids stream unevenly when the CTAs do not spread evenly over the SMs: the
    // busiest SM holds `ceil(tiles / SMs)` CTAs while the average holds `tiles / SMs` (or
    // each active SM one), and the kernel ends with it. Measured on an H100 (f16, M = 16,
    // docs/BENCHMARKS.md run 7): 160 CTAs of 64x64 at 16x5120x5120 took 30.0 us against
    // 24.6 us for 80 CTAs of 64x128 moving the same bytes; 192 CTAs at 16x6144x4096 31.9 us
    // against 27.3 us for 96.
    //
    // And fewer SMs than all pull less than the whole DRAM bandwidth: `n` streaming SMs
    // reach about `1 - exp(-n / 16)` of it, fitted to transposed decode plans of 16, 32, 64
    // and 128 CTAs at 16x4096x14336 (about 1.8, 2.5, 2.9 and 2.8 TB/s; run 7-c: 0.62, 0.86,
    // 1.0 and 0.97 of the most, against 0.63, 0.86, 0.98 and 1.0). Run 7 fitted
    // `n / (n + 13)` (0.61, 0.78, 0.91 and 1.0 relative to 128), which has 64 SMs 9% short
    // of 128 where they measured level (no default kernel changed with the refit; run 9).
    // Relative to all SMs streaming, so that a grid covering the GPU keeps the datasheet
    // bandwidth the warp plans are modeled with.
    if c.tma {
        let reach = |n: i64| 1.0 - (-(n as f64) / DRAM_REACH_SMS).exp();
        let active = if c.stream_k {
            sms
        } else {
            let active = tiles.min(sms).max(1);
            dram *= (ceil_div(tiles, sms) * active) as f64 / tiles.max(1) as f64;
            active
        };
        dram *= reach(sms) / reach(active);
        // A lone grid streams at most the bytes its rings hold per DRAM latency (Little's
        // law): every active CTA's ring, `stages` stages of the streamed operand deep. CTAs
        // whose slabs meet in L2 count too; counting only distinct slabs picks the same
        // H100 kernels, and on an H200 neither count matched the measurements
        // (docs/BENCHMARKS.md run 10-c).
        if let (true, Some(latency)) = (lone, latency) {
            let ring_bytes = c.stages * ring::streamed_stage_bytes(problem, cta);
            dram = dram.max(bytes * latency / (active * ring_bytes) as f64);
        }
    }
    // L2 -> shared memory: every CTA loads its A and B slabs for every k-step (B once per
    // multicast cluster). Not for lone decode grids ([`lone_grid_fills_from_l2`]).
    let l2_per_cta = match target.l2_fill_gb_per_s {
        Some(gbps) if !lone || lone_grid_fills_from_l2(problem) => {
            let b_rows = if c.b_straddles && ctas_per_sm > 1 {
                2
            } else {
                1
            };
            // An unpaired grid's B merged in L2 as multicast would share it: ncu at 4096^3
            // f16 (run 18-a, raster groups of 8) counted 34.5 M sectors sent to L2 without
            // multicast against 32.4 M with it, where this term had charged 1.5 times.
            let share = if c.b_merged { 2 } else { mc };
            let slab = (cta[0] + cta[1] * b_rows / share) * cta[2];
            ksteps * slab as f64 * eb / (gbps * 1e9 / (target.clock_mhz * 1e6))
        }
        _ => 0.0,
    };
    let (mut cycles, mut bound) = (compute, bound);
    if l2_per_cta > 0.0 {
        // A stream-K grid's pieces spread the last round over every slot, and CTAs sharing
        // an SM interleave short main loops with their epilogues: whole-grid sums.
        let (l2, l2_bound) = if c.stream_k || (ctas_per_sm > 1 && ksteps < SHARED_SM_ROUND_KSTEPS) {
            let l2 = tiles as f64 * l2_per_cta;
            (compute.max(l2), l2 > compute)
        } else {
            l2_rounds(tiles, slots, ksteps * kstep_cycles, l2_per_cta)
        };
        cycles = l2;
        if l2_bound {
            bound = "l2".to_string();
        }
    }
    if dram > cycles {
        (cycles, bound) = (dram, "dram".to_string());
    }
    // A warp-level kernel stores C from its mma fragments; with an odd `n` no two adjacent
    // elements share an aligned 8-byte store, so every element is a store of its own and a
    // warp's store touches 8 rows at 8-byte strides ([`SCATTERED_C_DRAM_FRACTION`]). With an
    // even `n` the stores are pairs ([`PAIRED_C_DRAM_FRACTION`], measured where the L2 fill
    // rate was: a warp-level plan only competes with warpgroup plans there).
    let fraction = if problem.n % 2 == 1 {
        Some(SCATTERED_C_DRAM_FRACTION)
    } else {
        target.l2_fill_gb_per_s.map(|_| PAIRED_C_DRAM_FRACTION)
    };
    if let (false, Some(fraction)) = (c.tma, fraction) {
        let c_bytes = (problem.batch * problem.m * problem.n) as f64 * ob;
        let rate = fraction * target.dram_bytes_per_clk_per_sm() * sms as f64;
        if c_bytes / rate > cycles {
            (cycles, bound) = (c_bytes / rate, "c-stores".to_string());
        }
    }

    // With one CTA per SM nothing hides the epilogue: each wave ends with every SM writing
    // its C tile at its share of DRAM bandwidth. Calibrated with the L2 fill rate on the
    // same sm_90a sweep, so applied only where that rate was measured. A persistent CTA
    // loads its next tile while it stores this one, so only the last epilogue is exposed;
    // but its consumers, which issue the wgmma, stop at every tile switch.
    if ctas_per_sm == 1 && target.l2_fill_gb_per_s.is_some() {
        let exposed = if c.persistent { 1.0 } else { waves };
        cycles += exposed * (cta[0] * cta[1]) as f64 * ob / target.dram_bytes_per_clk_per_sm();
        if c.persistent {
            cycles += (waves - 1.0).max(0.0) * TILE_SWITCH_CYCLES;
        }
    }
    // A grid of one-shot CTAs in several waves starts each wave with every CTA waiting on its
    // first loads at once, with nothing streaming behind them: one DRAM latency per wave past
    // the first, which a persistent grid pays once. Measured on an H100 at 4096x4096x64 f16
    // (docs/BENCHMARKS.md): 1024 CTAs of 128x128 mma.sync tiles (4 waves of 2 per SM) took
    // 34.8 us (run 11-c) against 28.2-29.1 us for persistent 128x128, 128x256, 64x128 and
    // 256x128 wgmma grids (run 11-b), all writing the same 64 MB of C, and cuBLAS's 27.7 us
    // (11-c; 28.1-28.5 us in 11-b). The
    // latency is [`hw_models::Target::dram_latency_ns`], fitted to the lone decode grids'
    // ring bound, not to this; three of its 1.5 us make up most of the gap.
    if let (false, false, Some(latency)) = (c.persistent, c.stream_k, latency) {
        cycles += (waves - 1.0).max(0.0) * latency;
    }
    // Split-K: each split takes in the other splits' f32 values of its `1/S` of the tile
    // through distributed shared memory, at most one shared-memory line rate, and waits for
    // the slowest split ([`SPLIT_K_CYCLES`]; a 600-cycle cost without the ring bound lost
    // on the H200, where split-K's deeper rings win: docs/BENCHMARKS.md run 9-g).
    if split_k > 1 {
        let intake = ((split_k - 1) * cta[0] * cta[1] * 4) as f64 / split_k as f64;
        cycles += waves * intake / target.smem_bytes_per_clk_per_sm;
        if target.dram_latency_ns.is_some() {
            cycles += waves * SPLIT_K_CYCLES;
        }
    }
    // Stream-K: a CTA whose range starts inside a tile adds that partial f32 tile into C
    // (a second epilogue through the SM's write path) after the piece before it has been
    // written completely, which its writer waits for. A tile's pieces reach C one after
    // another, so the chain is as long as the most pieces a tile has, `ceil(kt / range)`
    // for ranges of `range` k-steps (33 at 128x128x16384), and at least the owner's store
    // and one add; each counted as one f32 tile at the SM's share of the L2 rate (or
    // DRAM's where no L2 rate is known), on the critical path at the end of the kernel.
    // (Run 16-a: 4096^3 with 128x256 tiles ran 1.7% slower than whole tiles, where the
    // tail's idle eighth of a tile is 3% of the kernel.)
    if c.stream_k && tiles % slots != 0 {
        let tail = if tiles < slots { tiles } else { tiles % slots };
        let range = (tail as f64 * ksteps / slots as f64).max(1.0);
        let chain = (ksteps / range).ceil().max(2.0);
        let per_sm_clk = target
            .l2_fill_gb_per_s
            .map_or(target.dram_bytes_per_clk_per_sm(), |g| {
                g * 1e9 / (target.clock_mhz * 1e6) / f64::from(target.sms)
            });
        cycles += chain * (cta[0] * cta[1] * 4) as f64 / per_sm_clk;
    }
    if c.b_merged {
        cycles *= UNPAIRED_FACTOR;
    }
    if c.large_m_transposed && waves > TRANSPOSED_FREE_ROUNDS {
        cycles *= TRANSPOSED_FACTOR;
        if c.multicast > 1 {
            cycles *= TRANSPOSED_MULTICAST_FACTOR;
        }
    }
    if c.large_m_transposed && c.b_mn_major {
        cycles *= TRANSPOSED_MN_MAJOR_B_FACTOR;
    }
    let secs = cycles / (target.clock_mhz * 1e6);
    Modeled {
        cycles,
        tflops: problem.flops() / secs / 1e12,
        bound,
        ctas_per_sm,
        regs_per_thread: regs,
    }
}

/// Counts of one k-step of one warp for a region, by unit.
pub(crate) fn region_counts(
    instr: Instruction,
    ext: [i64; 3],
    eb: i64,
    worker_threads: i64,
) -> Counts {
    match instr.unit() {
        Unit::Tensor => cost::tensor_region(instr, ext, eb),
        _ => cost::vector_region(instr, ext, eb, worker_threads / 32),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`dtype_supported`] is the rule [`plans`] refuses dtypes by, on every modeled target
    /// and dtype, with and without warpgroup plans.
    #[test]
    fn dtype_supported_is_what_plans_refuse() {
        for arch in hw_models::archs() {
            let target = hw_models::target(arch, None).unwrap();
            for name in GemmDType::NAMES {
                let dtype = GemmDType::parse(name).unwrap();
                let problem = GemmProblem::new(64, 64, 64, 1, dtype).unwrap();
                for warpgroups in [false, true] {
                    let opts = Options {
                        top: 1,
                        budget: 1,
                        warpgroups: warpgroups && target.features.has_wgmma,
                        ..Options::default()
                    };
                    let refused = matches!(
                        plans(&problem, &target, &opts),
                        Err(GenerateError::DTypeUnsupported { .. })
                    );
                    let has = dtype_supported(&target, dtype, opts.warpgroups);
                    assert_eq!(has, !refused, "{arch} {name} warpgroups {warpgroups}");
                }
            }
        }
    }

    /// [`charge_plain_launches`] adds [`PLAIN_LAUNCH_US`] to the warp-level plans of a wgmma
    /// target, and to nothing where every plan is warp-level.
    #[test]
    fn plain_launches_are_charged_beside_warpgroup_plans() {
        let problem = GemmProblem::new(2568, 1808, 192, 1, GemmDType::F16).unwrap();
        for (arch, charged) in [("sm_90a", true), ("sm_80", false)] {
            let target = hw_models::target(arch, None).unwrap();
            let opts = Options {
                top: 80,
                ..Options::default()
            };
            let ranked = plans(&problem, &target, &opts).unwrap().plans;
            let mut after = ranked.clone();
            charge_plain_launches(&mut after, &target);
            assert!(ranked.iter().any(|p| p.worker_threads == 32), "{arch}");
            for (p, q) in ranked.iter().zip(&after) {
                let added = q.modeled.cycles - p.modeled.cycles;
                let want = if charged && p.worker_threads == 32 {
                    PLAIN_LAUNCH_US * target.clock_mhz
                } else {
                    0.0
                };
                assert!(
                    (added - want).abs() < 1e-6,
                    "{arch}: {added} against {want}"
                );
            }
        }
    }
}
