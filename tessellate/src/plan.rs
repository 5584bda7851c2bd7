//! Tessellation plans: a tessellation at every level of the hierarchy
//! grid -> CTA -> worker (warp or warpgroup) -> instruction instances.
//!
//! Coordinates are `(m, n, k)` task coordinates, `m` fastest. The grid and CTA levels are
//! uniform; the worker level is the non-uniform (heterogeneous) tessellation of one worker's
//! `(wm, wn, bk)` box into [`Region`]s, each tiled uniformly by one iTex's instances.

use std::fmt;

use itex::{ITex, Instruction, Unit};

use crate::problem::GemmProblem;

/// An iTex as a plan places it: one instance covers the lattice
/// `origin + stride * p` for `p` in `0..extent` (per dimension, `(m, n, k)`).
/// A dense tensor-core iTex has stride 1; a vector iTex is the *transformed* iTex
/// (`itex::derive::restride`) whose operand maps already carry the stride, so each lane owns a
/// contiguous run of rows/columns (its register tile). Either way the operand maps give
/// coordinates relative to the instance origin.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PlacedItex {
    /// The derived (or transformed) iTex; its task is `gemm(extent)`.
    pub itex: ITex,
    /// Task extents of one instance `(m, n, k)`.
    pub extent: [i64; 3],
    /// Lattice spacing per dimension (1 = dense).
    pub stride: [i64; 3],
}

impl PlacedItex {
    /// The hardware instruction.
    pub fn instruction(&self) -> Instruction {
        self.itex.instruction
    }

    /// The smallest box a set of instances tiles exactly: `extent * stride`.
    pub fn block(&self) -> [i64; 3] {
        [0, 1, 2].map(|d| self.extent[d] * self.stride[d])
    }

    /// The unit the instruction runs on.
    pub fn unit(&self) -> Unit {
        self.itex.instruction.unit()
    }
}

/// One region of the worker-level tessellation: a box `[lo, hi)` of the worker's
/// `(wm, wn, bk)` k-step box, tiled by instances of one iTex.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Region {
    /// Inclusive lower corner `(m, n, k)`, relative to the worker box.
    pub lo: [i64; 3],
    /// Exclusive upper corner.
    pub hi: [i64; 3],
    /// The iTex tiling this region.
    pub piece: PlacedItex,
}

impl Region {
    /// Extents `hi - lo`.
    pub fn extent(&self) -> [i64; 3] {
        [0, 1, 2].map(|d| self.hi[d] - self.lo[d])
    }

    /// Multiply-adds in the region.
    pub fn volume(&self) -> i64 {
        self.extent().iter().product()
    }

    /// Instances tiling the region.
    pub fn instances(&self) -> i64 {
        let inst: i64 = self.piece.extent.iter().product();
        self.volume() / inst
    }

    /// Origins of all instances, relative to the worker box, in a deterministic order
    /// (blocks colex, then lattice offsets colex).
    pub fn instance_origins(&self) -> Vec<[i64; 3]> {
        let b = self.piece.block();
        let s = self.piece.stride;
        let e = self.extent();
        let mut out = Vec::new();
        for bk in 0..e[2] / b[2] {
            for bn in 0..e[1] / b[1] {
                for bm in 0..e[0] / b[0] {
                    for ok in 0..s[2] {
                        for on in 0..s[1] {
                            for om in 0..s[0] {
                                out.push([
                                    self.lo[0] + bm * b[0] + om,
                                    self.lo[1] + bn * b[1] + on,
                                    self.lo[2] + bk * b[2] + ok,
                                ]);
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

/// How the worker box is split between iTexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Split {
    /// One iTex covers the whole worker box.
    Uniform,
    /// Independent tessellation along an output dimension (`0` = m, `1` = n).
    Independent {
        /// Split dimension.
        dim: usize,
    },
    /// Reduction tessellation along k: each iTex accumulates a partial sum.
    Reduction,
}

/// How partial accumulators of a reduction tessellation are combined (rising cost).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Reduction {
    /// Accumulator maps coincide: add registers directly.
    Direct,
    /// Remap one accumulator to the other's fragment layout with warp shuffles.
    Shuffle,
    /// Exchange through shared memory.
    SharedMemory,
}

/// Model figures for a plan (from `hw-models`).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Modeled {
    /// Predicted cycles for the whole problem.
    pub cycles: f64,
    /// Predicted throughput in TFLOP/s (`2*m*n*k / time`).
    pub tflops: f64,
    /// The binding resource (e.g. `tensor`, `issue`, `dram`).
    pub bound: String,
    /// Resident CTAs per SM used by the model.
    pub ctas_per_sm: i64,
    /// Estimated registers per thread.
    pub regs_per_thread: i64,
}

/// The boundary pieces of one dimension at the grid level: `full` whole tiles, then (when the
/// extent is ragged) one tail tile of which only `tail` rows/columns/k lie inside the problem.
/// The tail's instances are clipped: operands past the edge read as zero, results past it are
/// not stored, and the exact-cover checker counts only points inside the problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Boundary {
    /// `m`, `n` or `k`.
    pub dim: &'static str,
    /// Tile extent along the dimension (CTA tile for m, n; k-step for k).
    pub tile: i64,
    /// Whole tiles.
    pub full: i64,
    /// Points of the tail tile inside the problem (0: no tail).
    pub tail: i64,
}

/// A complete tessellation plan for one GEMM problem on one target.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Plan {
    /// The problem covered.
    pub problem: GemmProblem,
    /// Target architecture name (`sm_89`).
    pub target: String,
    /// CTA tile `(bm, bn, bk)`: output tile and k-step.
    pub cta_tile: [i64; 3],
    /// Workers per CTA along `(m, n)`.
    pub workers: [i64; 2],
    /// Threads per worker: 32 (warp) or 128 (warpgroup, wgmma).
    pub worker_threads: i64,
    /// The worker-level tessellation of the `(wm, wn, bk)` box.
    pub regions: Vec<Region>,
    /// How the regions split the box.
    pub split: Split,
    /// How partial sums combine (reduction tessellation only).
    pub reduction: Option<Reduction>,
    /// Shared-memory pipeline stages.
    pub stages: i64,
    /// k-splits per output tile (1: none). With `S > 1` a tile is computed by a thread-block
    /// cluster of `S` CTAs, each reducing a contiguous share of the k-steps; the partial
    /// sums meet in the first CTA's registers through distributed shared memory.
    pub split_k: i64,
    /// Persistent tile scheduling (warpgroup plans): the grid is `min(tiles, SMs x
    /// CTAs/SM)` CTAs and each loops over output tiles `blockIdx.x + i * gridDim.x` in the
    /// grouped raster order, its stage ring running on across tiles, so the producer loads
    /// the next tile while the consumers run this tile's epilogue. `false`: one CTA per tile.
    pub persistent: bool,
    /// CTAs of a thread-block cluster along m that share each B tile (1: no cluster): each
    /// loads `1 / multicast` of the stage's B tile with TMA multicast into every CTA of the
    /// cluster, so L2 serves B once per cluster. Tiles are taken in cluster-sized groups of
    /// tile rows (a ragged last group computes masked rows past `m`). With split-K the
    /// cluster holds one such group per k-split (`split_k * multicast` CTAs; the crate's
    /// decode rule `decode::SPLIT_K_B_PAIRS`).
    pub multicast: i64,
    /// Tile columns of the cluster's block that share each A tile (1: none). Above 1 the
    /// cluster takes a block of [`Plan::multicast`] tile rows x `multicast_a` tile columns:
    /// each CTA loads its piece of every A box into the CTAs of its tile row in the block
    /// and its piece of every B box into those of its tile column (TMA multicast), so L2
    /// serves each operand tile once per block row or column. Set on one-wave grids whose A
    /// or B rows straddle 32-byte sectors: decode grids of two 64-row tile rows and plain
    /// lone grids above 128 rows (the crate's block rule, `block::AB_BLOCK`).
    pub multicast_a: i64,
    /// Stream-K tail (warpgroup plans, persistent grid of `SMs x CTAs/SM` CTAs, `G` of
    /// them): the `floor(T / G)` whole waves of the `T` output tiles are whole tiles, as with
    /// [`Plan::persistent`]; the k-steps of the remaining `T mod G` tiles (all of them when
    /// `T < G`) are cut into `G` contiguous ranges of equal length (tile-major, k fastest),
    /// one per CTA. A tile's pieces reach C in k order: the piece holding its first k-step
    /// (the owner) stores it, each later piece adds into C once the piece before has
    /// signalled a flag. Removes the idle SMs of a last partial wave (or of a grid of fewer
    /// tiles than SMs), at the cost of a second epilogue (the added piece) per CTA.
    pub stream_k: bool,
    /// The plan covers the transposed problem (warpgroup plans with a row-major A: at decode
    /// shapes, `M <= 128`, and above at one CTA per SM, tiles 128 to 256 wide along the
    /// caller's m): `problem` is the caller's `n x m x k`, and the kernel computes
    /// `C^T = B^T A^T`, its A operand being the caller's B read transposed, its B the
    /// caller's A (shared by [`Plan::multicast`] only above 128 rows), and its epilogue
    /// writing C transposed. wgmma's `m` (64 per piece) then runs along the caller's `n`,
    /// and its `n` (a multiple of 8) along `m`: at decode shapes no rows of the 64-row
    /// instruction are padding (for `M < 64`; at `M = 128` it ties with the plain plans),
    /// and above, a narrow-N problem gets its tile width chosen along the wide side.
    /// `false`: `problem` is the caller's.
    pub transposed: bool,
    /// Model figures.
    pub modeled: Modeled,
}

impl Plan {
    /// The caller's problem: [`Plan::problem`], with `m` and `n` swapped back when
    /// [`Plan::transposed`].
    pub fn user_problem(&self) -> GemmProblem {
        if self.transposed {
            self.problem.transposed()
        } else {
            self.problem
        }
    }

    /// Worker box `(wm, wn, bk)`.
    pub fn worker_tile(&self) -> [i64; 3] {
        [
            self.cta_tile[0] / self.workers[0],
            self.cta_tile[1] / self.workers[1],
            self.cta_tile[2],
        ]
    }

    /// CTA tiles along `(m, n)` and k-steps: `ceil(m/bm), ceil(n/bn), ceil(k/bk)`.
    pub fn grid(&self) -> [i64; 3] {
        let p = &self.problem;
        [p.m, p.n, p.k]
            .iter()
            .zip(self.cta_tile)
            .map(|(&x, t)| (x + t - 1) / t)
            .collect::<Vec<_>>()
            .try_into()
            .unwrap_or([0; 3])
    }

    /// Boundary pieces along m, n and k.
    pub fn boundary(&self) -> [Boundary; 3] {
        let p = &self.problem;
        let dims = [("m", p.m), ("n", p.n), ("k", p.k)];
        [0, 1, 2].map(|d| Boundary {
            dim: dims[d].0,
            tile: self.cta_tile[d],
            full: dims[d].1 / self.cta_tile[d],
            tail: dims[d].1 % self.cta_tile[d],
        })
    }

    /// Threads per CTA.
    pub fn threads(&self) -> i64 {
        self.workers[0] * self.workers[1] * self.worker_threads
    }

    /// Share of multiply-adds given to each unit, in percent, by instruction (regions merged).
    pub fn mix_percent(&self) -> Vec<(Instruction, f64)> {
        let total: i64 = self.regions.iter().map(Region::volume).sum();
        let mut out: Vec<(Instruction, f64)> = Vec::new();
        for r in &self.regions {
            let pct = 100.0 * r.volume() as f64 / total as f64;
            match out.iter_mut().find(|(i, _)| *i == r.piece.instruction()) {
                Some(e) => e.1 += pct,
                None => out.push((r.piece.instruction(), pct)),
            }
        }
        out
    }

    /// Vector-unit multiply-adds over tensor-unit multiply-adds (the Ratio); infinite when
    /// there is no tensor region.
    pub fn ratio(&self) -> f64 {
        let by = |u: Unit| -> i64 {
            self.regions
                .iter()
                .filter(|r| r.piece.unit() == u)
                .map(Region::volume)
                .sum()
        };
        let (t, v) = (by(Unit::Tensor), by(Unit::Vector));
        if t == 0 {
            f64::INFINITY
        } else {
            v as f64 / t as f64
        }
    }

    /// Every instance of the whole plan with its global origin `(m, n, k)` and batch index,
    /// calling `f(batch, region index, origin)`. Instances partly outside the problem are
    /// boundary pieces: only their points inside `(m, n, k)` count (operands outside read as
    /// zero, results outside are not stored).
    pub fn for_each_instance(&self, mut f: impl FnMut(i64, usize, [i64; 3])) {
        let [gm, gn, gk] = self.grid();
        let w = self.worker_tile();
        let origins: Vec<Vec<[i64; 3]>> =
            self.regions.iter().map(Region::instance_origins).collect();
        for b in 0..self.problem.batch {
            for tm in 0..gm {
                for tn in 0..gn {
                    for wm in 0..self.workers[0] {
                        for wn in 0..self.workers[1] {
                            let base_m = tm * self.cta_tile[0] + wm * w[0];
                            let base_n = tn * self.cta_tile[1] + wn * w[1];
                            if base_m >= self.problem.m || base_n >= self.problem.n {
                                continue;
                            }
                            for s in 0..gk {
                                let base = [base_m, base_n, s * self.cta_tile[2]];
                                for (ri, os) in origins.iter().enumerate() {
                                    for o in os {
                                        f(b, ri, [0, 1, 2].map(|d| base[d] + o[d]));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [gm, gn, gk] = self.grid();
        let w = self.worker_tile();
        let worker = if self.worker_threads == 128 {
            "warpgroup"
        } else {
            "warp"
        };
        let edges: Vec<String> = self
            .boundary()
            .iter()
            .map(|b| match b.tail {
                0 => format!("{} {} x {}", b.dim, b.full, b.tile),
                t => format!(
                    "{} {} x {} + tail {t} of {} (masked)",
                    b.dim, b.full, b.tile, b.tile
                ),
            })
            .collect();
        writeln!(
            f,
            "  grid      {gm} x {gn} CTA tiles x {} batch, {gk} k-steps",
            self.problem.batch
        )?;
        writeln!(f, "  boundary  {}", edges.join("; "))?;
        writeln!(
            f,
            "  cta       {}x{}x{} tile, {} {worker}s ({}x{}), {} threads, {} stages",
            self.cta_tile[0],
            self.cta_tile[1],
            self.cta_tile[2],
            self.workers[0] * self.workers[1],
            self.workers[0],
            self.workers[1],
            self.threads(),
            self.stages
        )?;
        if self.split_k > 1 {
            let shared = self.multicast * self.multicast_a;
            writeln!(
                f,
                "  split-K   {} k-splits per tile, reduced in {}{}",
                self.split_k,
                a_cluster(self.split_k * shared),
                if shared > 1 {
                    " (one multicast group per k-split)"
                } else {
                    ""
                }
            )?;
        }
        if self.stream_k {
            writeln!(
                f,
                "  schedule  stream-K: whole waves of tiles, then the last partial wave's k-steps split evenly over the resident CTAs"
            )?;
        } else if self.persistent {
            writeln!(
                f,
                "  schedule  persistent: one CTA per resident slot, looping over tiles"
            )?;
        }
        if self.transposed {
            writeln!(
                f,
                "  transpose computes C^T = B^T A^T: m = {} and n = {} are the caller's n and m",
                self.problem.m, self.problem.n
            )?;
        }
        if self.multicast_a > 1 {
            writeln!(
                f,
                "  multicast A and B over {} of {} x {} tiles (TMA multicast)",
                a_cluster(self.multicast * self.multicast_a),
                self.multicast,
                self.multicast_a
            )?;
        } else if self.multicast > 1 {
            writeln!(
                f,
                "  multicast B shared by {} along m (TMA multicast)",
                a_cluster(self.multicast)
            )?;
        }
        let split = match self.split {
            Split::Uniform => "uniform".to_string(),
            Split::Independent { dim } => format!("independent along {}", ["m", "n"][dim]),
            Split::Reduction => format!(
                "reduction along k ({:?})",
                self.reduction.unwrap_or(Reduction::SharedMemory)
            ),
        };
        writeln!(f, "  {worker:<9} {}x{}x{} box, {split}", w[0], w[1], w[2])?;
        for r in &self.regions {
            let e = r.extent();
            writeln!(
                f,
                "    [{},{})x[{},{})x[{},{})  {}x{}x{}  {} x {} ({}x{}x{} stride {}x{}x{})",
                r.lo[0],
                r.hi[0],
                r.lo[1],
                r.hi[1],
                r.lo[2],
                r.hi[2],
                e[0],
                e[1],
                e[2],
                r.instances(),
                r.piece.instruction(),
                r.piece.extent[0],
                r.piece.extent[1],
                r.piece.extent[2],
                r.piece.stride[0],
                r.piece.stride[1],
                r.piece.stride[2],
            )?;
        }
        let mix: Vec<String> = self
            .mix_percent()
            .iter()
            .map(|(i, p)| format!("{i} {p:.1}%"))
            .collect();
        writeln!(f, "  mix       {}", mix.join(", "))?;
        write!(
            f,
            "  model     {:.3e} cycles, {:.1} TFLOP/s, bound by {}, {} CTA/SM, ~{} regs/thread",
            self.modeled.cycles,
            self.modeled.tflops,
            self.modeled.bound,
            self.modeled.ctas_per_sm,
            self.modeled.regs_per_thread
        )
    }
}

/// "a 4-CTA cluster", "an 8-CTA cluster" (clusters hold 2 to 16 CTAs: only 8 takes "an").
pub fn a_cluster(ctas: i64) -> String {
    let article = if ctas == 8 { "an" } else { "a" };
    format!("{article} {ctas}-CTA cluster")
}
