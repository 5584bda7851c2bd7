//! # sched — per-warp instruction scheduling (public types; the scheduler comes with the
//! compile issue)
//!
//! A [`Schedule`] orders one warp's instructions. The scheduler will build the instruction DAG
//! with petgraph, order same-type instructions zig-zag so consecutive ones share a reusable
//! operand (register-reuse cache), and interleave vector and tensor instructions, scored by
//! hw-models. Only the types exist today.

/// Dense id of one instruction in a warp's stream (Cranelift-style entity id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct InstrId(pub u32);

/// Ordering heuristics (Mosaic 5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Policy {
    /// Program order as generated.
    Linear,
    /// Consecutive same-type instructions share at least one operand register.
    ZigZag,
    /// Zig-zag, then vector and tensor instructions interleaved with memory operations grouped
    /// and their dependencies stretched.
    Interleave,
}

/// One warp's instruction order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Schedule {
    /// Instructions in issue order.
    pub order: Vec<InstrId>,
}

/// Scheduling errors.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SchedError {
    /// The dependence graph has a cycle through these instructions.
    #[error("dependence cycle through {0:?}")]
    Cycle(Vec<InstrId>),
}
