//! The mix ILP (good_lp, pure-Rust microlp backend): for one hierarchy candidate and split,
//! choose `x_t` tensor granules and `x_v` vector granules along the split dimension so that
//! `g_t x_t + g_v x_v = extent` (exact cover of the worker box) and the modeled cycles of one
//! k-step on one SMSP are minimal.
//!
//! Every hw-models bound (issue slots, each unit's busy time, shared-memory bandwidth, co-issue
//! interference) is a linear function of the instruction mix, and the mix is affine in
//! `(y_t, x_t, y_v, x_v)` (`y` = the unit is used at all, which carries the fixed costs such as
//! the A-fragment loads of an n-split). So each bound is evaluated at a few points to get its
//! affine coefficients, and the ILP is `min T` s.t. `T >= bound_i(x)` for all `i`.

use good_lp::{Expression, Solution, SolverModel, constraint, microlp, variable, variables};
use hw_models::Target;
use itex::Instruction;

use crate::cost::{self, Counts};
use crate::generate::{Candidate, modeled, region_counts};
use crate::hwcost;
use crate::plan::{Modeled, Split};
use crate::problem::GemmProblem;

/// The split dimension's extent and each iTex's granule along it (`None`: unit not offered).
#[derive(Clone, Copy, Debug)]
pub struct Granule {
    /// Extent of the worker box along the split dimension.
    pub extent: i64,
    /// Tensor granule.
    pub tensor: Option<i64>,
    /// Vector granule.
    pub vector: Option<i64>,
}

/// A chosen mix: extents along the split dimension, and the model figures (`None` when it does
/// not fit registers or shared memory).
#[derive(Clone, Debug)]
pub struct Mix {
    /// Extent given to the tensor iTex.
    pub tensor_extent: i64,
    /// Extent given to the vector iTex.
    pub vector_extent: i64,
    /// Model figures.
    pub modeled: Option<Modeled>,
}

/// Everything the ILP needs about one (candidate, split).
pub struct Model<'a> {
    problem: &'a GemmProblem,
    target: &'a Target,
    c: &'a Candidate,
    split: Split,
    vector: Option<Instruction>,
}

/// Registers per thread not holding accumulators in a warpgroup box: addresses, loop state
/// (its operands come from shared memory through descriptors). An estimate (typical of
/// CUTLASS sm80 kernels' ptxas reports).
const BASE_REGS: f64 = 40.0;

/// Registers per thread of a warp-level (mma.sync, FFMA) box beside its accumulators and
/// operand fragments (`Model::regs`): addresses, bounds and loop state. With the
/// fragments at `(wm + wn) / 2` (an mma.sync `m16nNkK` A fragment holds `16 K` elements
/// over 32 lanes, 4 registers at K x element bytes = 32, B's 2 per 8 columns; both held
/// for two k-slices, the next loading while the current one's mma.sync run), this fits
/// ptxas 13.0's counts of the code generator's kernels within about 16 registers at 64x64
/// boxes (f32 accumulators: 224 against 220-234 on sm_80 and sm_90a, where the former
/// 40 + accumulators gave 168 and three CTAs per SM instead of two), 64x32 and 32x64 (144
/// against 128-154), 32x32 (96 against 80-96), 16x64 and 64x16 (104 against 98-124), and
/// 16-bit accumulators (64x64: 160 against 142-170) (`plans`, `compile --plan N` and
/// `ptxas -v` over 1458 warp-level plans of six shapes in five dtypes, docs/BENCHMARKS.md
/// run 47). Plans whose element loads ptxas batches (odd `k`) can reach 255.
const WARP_BASE_REGS: f64 = 32.0;

impl<'a> Model<'a> {
    /// Collects the data of one (candidate, split).
    pub(crate) fn new(
        problem: &'a GemmProblem,
        target: &'a Target,
        c: &'a Candidate,
        split: Split,
        vector: Option<Instruction>,
    ) -> Self {
        Model {
            problem,
            target,
            c,
            split,
            vector,
        }
    }

    fn dim(&self) -> usize {
        match self.split {
            Split::Independent { dim } => dim,
            Split::Reduction => 2,
            Split::Uniform => 1,
        }
    }

    fn wbox(&self) -> [i64; 3] {
        [
            self.c.cta[0] / self.c.workers[0],
            self.c.cta[1] / self.c.workers[1],
            self.c.cta[2],
        ]
    }

    fn warps_per_cta(&self) -> i64 {
        self.c.workers[0] * self.c.workers[1] * self.c.threads_per_worker / 32
    }

    /// Per-warp counts of one k-step with `et` / `ev` of the split extent given to each unit.
    fn counts(&self, et: i64, ev: i64) -> Counts {
        let eb = self.problem.dtype.input_bytes();
        let mut c = cost::kstep_overhead(self.c.cta, self.warps_per_cta(), eb, self.c.tma);
        let d = self.dim();
        let w = self.wbox();
        if let (Some(t), true) = (self.c.tensor, et > 0) {
            let mut ext = w;
            ext[d] = et;
            c.add_scaled(&region_counts(t, ext, eb, self.c.threads_per_worker), 1.0);
        }
        if let (Some(v), true) = (self.vector, ev > 0) {
            let mut ext = w;
            ext[d] = ev;
            c.add_scaled(&region_counts(v, ext, eb, self.c.threads_per_worker), 1.0);
        }
        c
    }

    /// Registers per thread: accumulators, affine in the extents (a reduction split keeps two
    /// full accumulators), and in a warp-level box each region's operand fragments, `(m + n)
    /// / 2` of its extents (see [`WARP_BASE_REGS`]), a fixed cost per region present.
    fn regs(&self, et: i64, ev: i64) -> f64 {
        let d = self.dim();
        let w = self.wbox();
        let ab = i64::from(self.problem.dtype.acc().bytes());
        let mut r = if self.c.tma {
            BASE_REGS
        } else {
            WARP_BASE_REGS
        };
        for e in [et, ev] {
            if e > 0 {
                let mut ext = w;
                ext[d] = e;
                r += cost::acc_regs(ext, self.c.threads_per_worker, ab);
                if !self.c.tma {
                    r += (ext[0] + ext[1]) as f64 / 2.0;
                }
            }
        }
        r
    }

    /// Resident CTAs per SM for `regs` registers per thread, limited by shared memory, the
    /// register file and threads; 0 when one CTA does not fit.
    fn ctas_per_sm(&self, regs: f64, stages: i64) -> i64 {
        let t = self.target;
        let threads = self.warps_per_cta() * 32 + if self.c.tma { 128 } else { 0 };
        let regs = (regs.ceil() as i64).max(1);
        if regs > i64::from(t.max_regs_per_thread) {
            return 0;
        }
        let smem = stages * self.c.stage_bytes(self.problem);
        if smem > i64::from(t.smem_max_per_cta) {
            return 0;
        }
        let by_smem = i64::from(t.smem_bytes_per_sm) / smem.max(1);
        // Registers are allocated per warp in units of 8 per thread (CUDA occupancy rules).
        let regs_alloc = (regs + 7) / 8 * 8;
        let by_regs = i64::from(t.regs_per_sm) / (regs_alloc * threads);
        let by_threads = i64::from(t.max_threads_per_sm) / threads;
        by_smem.min(by_regs).min(by_threads).min(32)
    }

    /// CTAs that actually share an SM's units when `ctas` fit: a warpgroup grid of fewer
    /// CTAs than the SMs hold (decode shapes) gives each CTA an SM of its own, or the
    /// busiest SM `ceil(CTAs / SMs)` of them. (Before, an 80-CTA grid of 128x64 tiles at
    /// 128x5120x5120 was modeled at half the tensor rate because two such CTAs fit an SM;
    /// measured, it was among the fastest plans, docs/BENCHMARKS.md run 7-b.) Warp (mma.sync)
    /// plans keep the resident count.
    fn sharing(&self, ctas: i64) -> i64 {
        if !self.c.tma {
            return ctas;
        }
        let grid = self.c.grid_ctas(self.problem);
        let sms = i64::from(self.target.sms).max(1);
        ctas.min((grid + sms - 1) / sms).max(1)
    }

    /// Modeled k-step cycles (per SMSP) and the binding bound for a mix, with `ctas` per SM.
    fn kstep(&self, et: i64, ev: i64, ctas: i64) -> Option<(f64, String)> {
        let per_smsp = (ctas * self.warps_per_cta()) as f64 / f64::from(self.target.smsps_per_sm);
        let c = self.counts(et, ev);
        hwcost::predict(self.target, &c, self.tensor_for(et), self.vector, per_smsp)
    }

    /// The tensor instruction instance for a tensor extent (wgmma takes n = the extent).
    fn tensor_for(&self, et: i64) -> Option<Instruction> {
        match self.c.tensor? {
            Instruction::Wgmma { ab, acc, .. } if self.dim() == 1 => {
                Instruction::wgmma(et.clamp(8, 256) as u32, ab, acc).ok()
            }
            Instruction::Wgmma { ab, acc, .. } => {
                Instruction::wgmma(self.wbox()[1].clamp(8, 256) as u32, ab, acc).ok()
            }
            t => Some(t),
        }
    }

    fn finish(&self, et: i64, ev: i64, stages: i64) -> Mix {
        // A warpgroup box's FFMA columns' operands and addresses ([`cost::ffma_column_regs`]).
        let extra = if self.c.tma && et > 0 {
            cost::ffma_column_regs(self.wbox()[0], ev) as f64
        } else {
            0.0
        };
        let regs = self.regs(et, ev) + extra;
        // FFMA columns that push a warpgroup box past the entry cap leave it one CTA per SM,
        // where `setmaxnreg` gives the consumers more than the average (as the code
        // generator builds it); they never make a box that fits unfit.
        let ctas = match self.ctas_per_sm(regs, stages) {
            0 if extra > 0.0 => self.ctas_per_sm(regs - extra, stages).min(1),
            c => c,
        };
        let modeled = if ctas > 0 {
            self.kstep(et, ev, self.sharing(ctas)).map(|(cyc, bound)| {
                modeled(
                    self.problem,
                    self.target,
                    self.c,
                    cyc,
                    bound,
                    ctas,
                    regs.ceil() as i64,
                )
            })
        } else {
            None
        };
        Mix {
            tensor_extent: et,
            vector_extent: ev,
            modeled,
        }
    }

    fn stages(&self) -> i64 {
        if self.c.tma {
            self.c.stages
        } else if self.target.features.has_cp_async {
            3
        } else {
            2
        }
    }

    /// The mix of `ev` vector and `extent - ev` tensor extent for each `ev` of `evs` (whole
    /// granules, both parts non-empty) with the fewest modeled cycles, or with `ratio` the
    /// one nearest that vector:tensor ratio (then the fewest cycles). Exact where [`solve`]'s
    /// affine bounds are not: a wgmma's cost is not affine in its `n` near `n = 8` (the ILP's
    /// evaluation points), so its optimum over warpgroup boxes was an arbitrary split.
    ///
    /// [`solve`]: Model::solve
    pub fn enumerate(&self, g: &Granule, evs: &[i64], ratio: Option<f64>) -> Option<Mix> {
        let (gt, gv) = (g.tensor?, g.vector?);
        let fits = |ev: i64| ev > 0 && ev < g.extent && ev % gv == 0 && (g.extent - ev) % gt == 0;
        let cost = |m: &Mix| m.modeled.as_ref().map_or(f64::INFINITY, |x| x.cycles);
        evs.iter()
            .copied()
            .filter(|&ev| fits(ev))
            .map(|ev| self.finish(g.extent - ev, ev, self.stages()))
            .filter(|m| m.modeled.is_some())
            .min_by(|a, b| {
                let off = |m: &Mix| {
                    ratio.map_or(0.0, |r| {
                        (m.vector_extent as f64 / m.tensor_extent as f64 - r).abs()
                    })
                };
                off(a).total_cmp(&off(b)).then(cost(a).total_cmp(&cost(b)))
            })
    }

    /// The pure plan on one unit, if that unit is offered and tiles the extent.
    pub fn pure(&self, g: &Granule, tensor: bool) -> Option<Mix> {
        let gran = if tensor { g.tensor? } else { g.vector? };
        if g.extent % gran != 0 {
            return None;
        }
        let (et, ev) = if tensor { (g.extent, 0) } else { (0, g.extent) };
        if tensor
            && matches!(self.c.tensor, Some(Instruction::Wgmma { .. }))
            && self.dim() == 1
            && g.extent > 256
        {
            return None;
        }
        Some(self.finish(et, ev, self.stages()))
    }

    /// Solves the mix ILP. With `ratio` set, the vector:tensor extent ratio is pinned to the
    /// nearest reachable value. `None` when no mixed cover exists.
    pub fn solve(&self, g: &Granule, ratio: Option<f64>) -> Option<Mix> {
        let (gt, gv) = (g.tensor?, g.vector?);
        let ext = g.extent;
        let (nt_max, nv_max) = (ext / gt, ext / gv);
        if nt_max == 0 || nv_max == 0 {
            return None;
        }
        // Resident CTAs are fixed per solve (occupancy is not linear); try each and keep the best.
        let mut best: Option<(f64, i64, i64)> = None;
        for ctas in [1, 2, 3, 4] {
            // The first count whose stages shared memory cannot hold ends the solve with no
            // mixed plan, even where fewer CTAs fit: kept on purpose (it was an unnoticed `?`
            // before run 14). Without it the warp path ranked large mixed tiles it was never
            // checked on, and the first tried, sm_80 f16acc 4096^3 on a 128x256 mma.sync +
            // HFMA2 tile, spilled 25 KB (ptxas 13.0, codegen's ptxas_matrix;
            // docs/BENCHMARKS.md run 14). Warpgroup candidates do not come here
            // ([`Model::enumerate`]).
            let budget = self.reg_budget(ctas)?;
            if let Some((t, et, ev)) =
                self.solve_at(ext, gt, gv, nt_max, nv_max, ctas, budget, ratio)
                && best.is_none_or(|b| t < b.0)
            {
                best = Some((t, et, ev));
            }
        }
        let (_, et, ev) = best?;
        Some(self.finish(et, ev, self.stages()))
    }

    /// Register budget per thread for `ctas` resident CTAs, `None` if shared memory forbids it.
    fn reg_budget(&self, ctas: i64) -> Option<f64> {
        let t = self.target;
        let smem = self.stages() * self.c.stage_bytes(self.problem);
        if smem * ctas > i64::from(t.smem_bytes_per_sm) {
            return None;
        }
        let threads = self.warps_per_cta() * 32 + if self.c.tma { 128 } else { 0 };
        let by_file = i64::from(t.regs_per_sm) / (threads * ctas) / 8 * 8;
        Some(by_file.min(i64::from(t.max_regs_per_thread)) as f64)
    }

    #[allow(clippy::too_many_arguments)]
    fn solve_at(
        &self,
        ext: i64,
        gt: i64,
        gv: i64,
        nt_max: i64,
        nv_max: i64,
        ctas: i64,
        budget: f64,
        ratio: Option<f64>,
    ) -> Option<(f64, i64, i64)> {
        // Affine coefficients of every bound by evaluation at a few points.
        let per_smsp = (ctas * self.warps_per_cta()) as f64 / f64::from(self.target.smsps_per_sm);
        let eval = |nt: i64, nv: i64| -> Vec<f64> {
            hwcost::bounds(
                self.target,
                &self.counts(nt * gt, nv * gv),
                self.tensor_for(nt.max(1) * gt),
                self.vector,
                per_smsp,
            )
        };
        let b00 = eval(0, 0);
        if b00.is_empty() {
            return None;
        }
        let (b10, b20, b01, b02) = (eval(1, 0), eval(2, 0), eval(0, 1), eval(0, 2));
        let r00 = self.regs(0, 0);
        let (r_lt, r_lv) = (
            self.regs(2 * gt, 0) - self.regs(gt, 0),
            self.regs(0, 2 * gv) - self.regs(0, gv),
        );
        let (r_ft, r_fv) = (self.regs(gt, 0) - r00 - r_lt, self.regs(0, gv) - r00 - r_lv);

        let mut vars = variables!();
        let t = vars.add(variable().min(0.0));
        let xt = vars.add(variable().integer().min(0).max(nt_max as f64));
        let xv = vars.add(variable().integer().min(0).max(nv_max as f64));
        let yt = vars.add(variable().binary());
        let yv = vars.add(variable().binary());
        let mut model = vars.minimise(t).using(microlp);
        model = model.with(constraint!(
            (gt as f64) * xt + (gv as f64) * xv == ext as f64
        ));
        model = model.with(constraint!(xt <= (nt_max as f64) * yt));
        model = model.with(constraint!(xv <= (nv_max as f64) * yv));
        // Mixed plans only: the pure ones are built separately.
        model = model.with(constraint!(xt >= 1));
        model = model.with(constraint!(xv >= 1));
        for i in 0..b00.len() {
            let (lt, lv) = (b20[i] - b10[i], b02[i] - b01[i]);
            let (ft, fv) = (b10[i] - b00[i] - lt, b01[i] - b00[i] - lv);
            let rhs: Expression = b00[i] + ft * yt + lt * xt + fv * yv + lv * xv;
            model = model.with(constraint!(t >= rhs));
        }
        let regs: Expression = r00 + r_ft * yt + r_lt * xt + r_fv * yv + r_lv * xv;
        model = model.with(constraint!(regs <= budget));
        if let Some(r) = ratio.filter(|r| r.is_finite()) {
            // |gv xv - r gt xt| <= slack: within one granule of the asked ratio.
            let slack = (gv as f64).max(r * gt as f64);
            let dev: Expression = (gv as f64) * xv - (r * gt as f64) * xt;
            model = model.with(constraint!(dev.clone() <= slack));
            model = model.with(constraint!(dev >= -slack));
        }
        let sol = model.solve().ok()?;
        let (nt, nv) = (sol.value(xt).round() as i64, sol.value(xv).round() as i64);
        Some((sol.value(t), nt * gt, nv * gv))
    }
}
