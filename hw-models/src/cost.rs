//! A throughput-and-issue cost model for one SMSP's instruction mix.
//!
//! A [`Mix`] counts the warp-level instructions that **one SMSP** issues (all four SMSPs of
//! an SM are assumed to run the same mix). Each [`Op`] costs one issue slot and keeps some
//! [`Resource`]s busy for a number of cycles ([`OpCost`]); the rates come from the
//! [`Target`]. The model is a family of linear bounds `sum_op coef(op) * count(op) <= cycles`
//! ([`LinearBound`]):
//!
//! - `issue`: one warp instruction per clock per SMSP;
//! - one bound per resource: vector (FMA) pipe, integer pipe, tensor pipe, MUFU, and the
//!   SMSP's quarter of the SM's shared-memory/L1 bandwidth;
//! - the co-issue pair `tensor + alpha * vector` and `vector + alpha * tensor`, with alpha
//!   from [`Target::coissue_alpha`].
//!
//! [`Target::predict`] evaluates the maximum over exactly these bounds, so an ILP built from
//! [`Target::constraints`] and the predictor agree by construction.

use std::collections::BTreeMap;
use std::fmt;

use itex::Instruction;
use serde::Serialize;

use crate::{HwError, Target};

/// One warp-level operation in a mix.
///
/// Memory operations give bytes **per thread** (so a warp moves `32 * bytes`), except
/// `Ldmatrix`, which names the number of 8x8 b16 matrices (128 bytes each per warp).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Op {
    /// An arithmetic instruction. For `Wgmma`, count each warpgroup instruction once per
    /// SMSP: each of the warpgroup's 4 warps issues it, and one SMSP's tensor core does a
    /// quarter of its multiply-adds.
    Arith(Instruction),
    /// `ld.shared` of `bytes` (4, 8, 16) per thread, conflict-free and without broadcast
    /// (where lanes share addresses, count the distinct wavefronts instead).
    Lds {
        /// Bytes per thread.
        bytes: u32,
    },
    /// `ldmatrix.sync.aligned.x{x}` (x = 1, 2, 4 matrices of 8x8 b16 = 128 bytes each).
    Ldmatrix {
        /// Number of 8x8 matrices.
        x: u32,
    },
    /// `cp.async` of `bytes` (4, 8, 16) per thread, global -> shared (costed on the shared-
    /// memory write side; global/L2 traffic is outside this per-SMSP model).
    CpAsync {
        /// Bytes per thread.
        bytes: u32,
    },
    /// `ld.global` of `bytes` per thread through L1 (costed on the L1/shared data path).
    Ldg {
        /// Bytes per thread.
        bytes: u32,
    },
    /// A conversion such as `cvt.f32.f16` (runs on the FMA pipe on sm_80+, ESTIMATE).
    Cvt,
    /// `shfl.sync` (warp shuffle).
    Shfl,
    /// `bar.sync` / barrier arrive-wait (issue slot only; its latency is the scheduler's).
    Bar,
    /// A 32-bit integer ALU instruction (address arithmetic, loop counters, logic).
    IntAlu,
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Op::Arith(i) => write!(f, "{i}"),
            Op::Lds { bytes } => write!(f, "lds.{}", bytes * 8),
            Op::Ldmatrix { x } => write!(f, "ldmatrix.x{x}"),
            Op::CpAsync { bytes } => write!(f, "cp.async.{bytes}"),
            Op::Ldg { bytes } => write!(f, "ldg.{}", bytes * 8),
            Op::Cvt => write!(f, "cvt"),
            Op::Shfl => write!(f, "shfl"),
            Op::Bar => write!(f, "bar"),
            Op::IntAlu => write!(f, "int"),
        }
    }
}

/// A per-SMSP resource that an operation keeps busy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Resource {
    /// The SMSP's warp scheduler: one warp instruction per clock.
    Issue,
    /// The FP32/FMA pipe (FFMA, HFMA2, conversions; integer work where lanes are shared).
    Vector,
    /// The integer pipe (its own lanes or the shared half).
    Alu,
    /// The SMSP's tensor core.
    Tensor,
    /// The multi-function unit (ex2, rcp, ...).
    Mufu,
    /// The SMSP's quarter of the SM's shared-memory/L1 data path (bytes/clk/SM / 4).
    Lsu,
}

impl Resource {
    /// Lower-case name used in bound names.
    pub fn name(self) -> &'static str {
        match self {
            Resource::Issue => "issue",
            Resource::Vector => "vector",
            Resource::Alu => "alu",
            Resource::Tensor => "tensor",
            Resource::Mufu => "mufu",
            Resource::Lsu => "lsu",
        }
    }
}

/// Cost of one warp-level operation on one SMSP.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OpCost {
    /// Issue slots (cycles of the warp scheduler); 1 for every modeled operation.
    pub issue: f64,
    /// Cycles each execution resource stays busy (resources not listed: 0). Never holds
    /// [`Resource::Issue`].
    pub busy: BTreeMap<Resource, f64>,
}

impl OpCost {
    /// Busy cycles on `r` (`issue` for [`Resource::Issue`]).
    pub fn on(&self, r: Resource) -> f64 {
        if r == Resource::Issue {
            self.issue
        } else {
            self.busy.get(&r).copied().unwrap_or(0.0)
        }
    }
}

/// Counts of warp-level instructions issued by one SMSP (fractional counts allowed, as an
/// LP relaxation would produce). Ordered map: iteration is deterministic.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Mix {
    /// Count per operation.
    pub counts: BTreeMap<Op, f64>,
}

impl Mix {
    /// An empty mix.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `n` instances of `op` (builder style).
    pub fn with(mut self, op: Op, n: f64) -> Self {
        self.add(op, n);
        self
    }

    /// Adds `n` instances of `op`.
    pub fn add(&mut self, op: Op, n: f64) -> &mut Self {
        *self.counts.entry(op).or_insert(0.0) += n;
        self
    }

    /// Every count multiplied by `k`.
    pub fn scaled(&self, k: f64) -> Mix {
        Mix {
            counts: self.counts.iter().map(|(o, n)| (*o, n * k)).collect(),
        }
    }

    /// The sum of two mixes.
    pub fn plus(&self, other: &Mix) -> Mix {
        let mut m = self.clone();
        for (o, n) in &other.counts {
            m.add(*o, *n);
        }
        m
    }

    /// Multiply-adds this SMSP performs: FMAs of the arithmetic ops; a wgmma counts a
    /// quarter of its FMAs (the SMSP's share of the warpgroup).
    pub fn fmas(&self) -> f64 {
        self.counts
            .iter()
            .map(|(op, n)| match op {
                Op::Arith(i @ Instruction::Wgmma { .. }) => n * i.fmas() as f64 / 4.0,
                Op::Arith(i) => n * i.fmas() as f64,
                _ => 0.0,
            })
            .sum()
    }
}

/// One linear bound of the model: `sum_op coef[op] * count[op] <= cycles`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LinearBound {
    /// Name: a resource name, or `tensor+alpha*vector` / `vector+alpha*tensor`.
    pub name: String,
    /// Cycles per instance of each operation (operations with coefficient 0 are omitted).
    pub coef: BTreeMap<Op, f64>,
}

impl LinearBound {
    /// Left-hand side for a mix (cycles).
    pub fn eval(&self, mix: &Mix) -> f64 {
        mix.counts
            .iter()
            .map(|(op, n)| self.coef.get(op).copied().unwrap_or(0.0) * n)
            .sum()
    }
}

/// Modeled cycles of one SMSP's mix.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Prediction {
    /// Modeled cycles: the maximum over all bounds.
    pub cycles: f64,
    /// Name of the binding bound (the first maximal one, in [`Target::constraints`] order).
    pub bound: String,
    /// Left-hand side of every bound, in cycles.
    pub per_bound: BTreeMap<String, f64>,
    /// Multiply-adds the SMSP performs in the mix ([`Mix::fmas`]).
    pub fmas_per_smsp: f64,
    /// Clock (MHz) used for time ([`Target::clock_mhz`]).
    pub clock_mhz: f64,
    /// SMs of the target.
    pub sms: u32,
    /// SMSPs per SM of the target.
    pub smsps_per_sm: u32,
}

impl Prediction {
    /// Whole-GPU TFLOP/s when every SMSP runs this mix: `2 * fmas_per_smsp * smsps * sms /
    /// (cycles / clock) / 1e12`.
    pub fn tflops(&self) -> f64 {
        self.tflops_for(self.fmas_per_smsp * f64::from(self.smsps_per_sm))
    }

    /// Whole-GPU TFLOP/s for `fmas_per_sm` multiply-adds per SM done in `self.cycles`.
    pub fn tflops_for(&self, fmas_per_sm: f64) -> f64 {
        if self.cycles <= 0.0 {
            return 0.0;
        }
        let seconds = self.cycles / (self.clock_mhz * 1e6);
        2.0 * fmas_per_sm * f64::from(self.sms) / seconds / 1e12
    }

    /// Multiply-adds per clock per SMSP.
    pub fn fmas_per_clk(&self) -> f64 {
        if self.cycles <= 0.0 {
            0.0
        } else {
            self.fmas_per_smsp / self.cycles
        }
    }
}

/// Order of the per-resource bounds (after `issue`).
const RESOURCES: [Resource; 5] = [
    Resource::Vector,
    Resource::Alu,
    Resource::Tensor,
    Resource::Mufu,
    Resource::Lsu,
];

/// Name of the `tensor + alpha * vector` bound.
pub const TENSOR_ALPHA_VECTOR: &str = "tensor+alpha*vector";
/// Name of the `vector + alpha * tensor` bound.
pub const VECTOR_ALPHA_TENSOR: &str = "vector+alpha*tensor";

impl Target {
    fn per_smsp(&self, per_sm: f64) -> f64 {
        per_sm / f64::from(self.smsps_per_sm)
    }

    /// Cycles one SMSP's share of the shared-memory data path needs for `warp_bytes`, at the
    /// achieved fraction [`Target::smem_efficiency`] of the datasheet bandwidth.
    fn lsu_cycles(&self, warp_bytes: f64) -> f64 {
        warp_bytes / (self.per_smsp(self.smem_bytes_per_clk_per_sm) * self.smem_efficiency())
    }

    /// Cost of one warp-level `op` on one SMSP; `None` when the target lacks it.
    ///
    /// Busy cycles derive from the per-SM rates divided among the SMSPs: e.g. an `mma.sync`
    /// with 1024 FMAs at R FMA/clk/SM keeps the SMSP's tensor pipe busy `1024 / (R / 4)`
    /// cycles; a `wgmma` with F FMAs keeps each SMSP's tensor pipe `(F / 4) / (R / 4)`.
    pub fn cost(&self, op: &Op) -> Option<OpCost> {
        let mut busy = BTreeMap::new();
        match *op {
            Op::Arith(instr) => {
                let rate = self.per_smsp(self.rate_per_clk_per_sm(instr)?);
                let (res, work) = match instr {
                    Instruction::Ffma | Instruction::Hfma2 => {
                        (Resource::Vector, instr.fmas() as f64)
                    }
                    Instruction::Ex2 => (Resource::Mufu, 32.0),
                    Instruction::Mma { .. } => (Resource::Tensor, instr.fmas() as f64),
                    Instruction::Wgmma { .. } => (Resource::Tensor, instr.fmas() as f64 / 4.0),
                };
                busy.insert(res, work / rate);
            }
            Op::Lds { bytes } | Op::Ldg { bytes } => {
                if bytes == 0 {
                    return None;
                }
                busy.insert(Resource::Lsu, self.lsu_cycles(32.0 * f64::from(bytes)));
            }
            Op::CpAsync { bytes } => {
                if !self.features.has_cp_async || ![4, 8, 16].contains(&bytes) {
                    return None;
                }
                busy.insert(Resource::Lsu, self.lsu_cycles(32.0 * f64::from(bytes)));
            }
            Op::Ldmatrix { x } => {
                if ![1, 2, 4].contains(&x) {
                    return None;
                }
                busy.insert(Resource::Lsu, self.lsu_cycles(128.0 * f64::from(x)));
            }
            Op::Cvt => {
                // ESTIMATE: cvt.f32.f16 becomes HADD2.F32 on the FMA pipe, one warp per
                // FFMA slot.
                busy.insert(
                    Resource::Vector,
                    32.0 / self.per_smsp(self.ffma_per_clk_per_sm),
                );
            }
            Op::Shfl => {
                // [CG-TP] 32 shuffle results/clk/SM through the shared-memory crossbar.
                let lanes = self.per_smsp(self.shfl_per_clk_per_sm);
                busy.insert(Resource::Lsu, 32.0 / lanes);
            }
            Op::Bar => {}
            Op::IntAlu => {
                busy.insert(Resource::Alu, 32.0 / self.per_smsp(self.int_per_clk_per_sm));
                if self.int_shares_fma_pipe {
                    busy.insert(
                        Resource::Vector,
                        32.0 / self.per_smsp(self.ffma_per_clk_per_sm),
                    );
                }
            }
        }
        Some(OpCost { issue: 1.0, busy })
    }

    /// The model's linear bounds over the operations `ops`, in a fixed order: `issue`, one
    /// per resource (vector, alu, tensor, mufu, lsu), `tensor+alpha*vector`,
    /// `vector+alpha*tensor`. Each bound reads `sum_op coef[op] * count[op] <= cycles`.
    ///
    /// # Errors
    /// [`HwError::Unsupported`] if the target lacks one of the operations.
    pub fn constraints<'a>(
        &self,
        ops: impl IntoIterator<Item = &'a Op>,
    ) -> Result<Vec<LinearBound>, HwError> {
        let mut costs: BTreeMap<Op, OpCost> = BTreeMap::new();
        for op in ops {
            let c = self.cost(op).ok_or_else(|| HwError::Unsupported {
                target: self.name(),
                op: op.to_string(),
            })?;
            costs.insert(*op, c);
        }
        let bound = |name: &str, f: &dyn Fn(&OpCost) -> f64| LinearBound {
            name: name.to_string(),
            coef: costs
                .iter()
                .map(|(o, c)| (*o, f(c)))
                .filter(|(_, v)| *v != 0.0)
                .collect(),
        };
        let a = self.coissue_alpha;
        let mut out = vec![bound(Resource::Issue.name(), &|c| c.issue)];
        for r in RESOURCES {
            out.push(bound(r.name(), &|c| c.on(r)));
        }
        out.push(bound(TENSOR_ALPHA_VECTOR, &|c| {
            c.on(Resource::Tensor) + a * c.on(Resource::Vector)
        }));
        out.push(bound(VECTOR_ALPHA_TENSOR, &|c| {
            c.on(Resource::Vector) + a * c.on(Resource::Tensor)
        }));
        Ok(out)
    }

    /// Modeled cycles of one SMSP's mix: the maximum of the [`Target::constraints`] bounds
    /// over the mix's operations (so it equals what an ILP over those bounds computes).
    ///
    /// # Errors
    /// [`HwError::Unsupported`] for an operation the target lacks; [`HwError::BadCount`] for
    /// a negative or non-finite count.
    pub fn predict(&self, mix: &Mix) -> Result<Prediction, HwError> {
        for (op, n) in &mix.counts {
            if !n.is_finite() || *n < 0.0 {
                return Err(HwError::BadCount {
                    op: op.to_string(),
                    count: *n,
                });
            }
        }
        let bounds = self.constraints(mix.counts.keys())?;
        let mut cycles = 0.0;
        let mut name = Resource::Issue.name().to_string();
        let mut per_bound = BTreeMap::new();
        for b in &bounds {
            let v = b.eval(mix);
            if v > cycles {
                cycles = v;
                name.clone_from(&b.name);
            }
            per_bound.insert(b.name.clone(), v);
        }
        Ok(Prediction {
            cycles,
            bound: name,
            per_bound,
            fmas_per_smsp: mix.fmas(),
            clock_mhz: self.clock_mhz,
            sms: self.sms,
            smsps_per_sm: self.smsps_per_sm,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target;
    use itex::DType;

    #[test]
    fn mma_busy_is_fmas_over_quarter_rate() {
        // A100 f16: 2048 FMAs (m16n8k16) at 1024/4 FMA/clk per SMSP = 8 cycles.
        let t = target("sm_80", None).unwrap();
        let mma = Instruction::mma(DType::F16, DType::F32).unwrap();
        let c = t.cost(&Op::Arith(mma)).unwrap();
        assert_eq!(c.on(Resource::Tensor), 8.0);
        assert_eq!(c.on(Resource::Issue), 1.0);
        assert!(!c.busy.contains_key(&Resource::Issue));
    }

    #[test]
    fn empty_mix_is_zero_cycles() {
        let t = target("sm_90a", None).unwrap();
        let p = t.predict(&Mix::new()).unwrap();
        assert_eq!((p.cycles, p.tflops()), (0.0, 0.0));
        assert_eq!(p.bound, "issue");
    }

    #[test]
    fn wgmma_fmas_count_a_quarter_per_smsp() {
        let wg = Instruction::wgmma(256, DType::F16, DType::F32).unwrap();
        let m = Mix::new().with(Op::Arith(wg), 2.0);
        assert_eq!(m.fmas(), 2.0 * 64.0 * 256.0 * 16.0 / 4.0);
    }

    #[test]
    fn op_display_names() {
        assert_eq!(Op::Lds { bytes: 16 }.to_string(), "lds.128");
        assert_eq!(Op::Ldmatrix { x: 4 }.to_string(), "ldmatrix.x4");
        assert_eq!(Op::Arith(Instruction::Ffma).to_string(), "ffma");
    }
}
