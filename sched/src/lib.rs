//! # sched — per-warp instruction scheduling
//!
//! A warp's k-step body arrives as [`Node`]s in program order (the code generator already
//! emits tensor instances in **zig-zag** order, so consecutive mma share an A or B fragment and
//! hit the register-reuse cache). [`schedule`] builds the dependence DAG with petgraph
//! (read-after-write, write-after-read, write-after-write on registers) and list-schedules it:
//! - [`Policy::Linear`] keeps program order;
//! - [`Policy::Interleave`] issues loads as early as dependencies allow (stretching
//!   memory-dependency distance), then alternates tensor and vector instructions so both units
//!   stay fed, keeping program (zig-zag) order within each unit.
//!
//! The order is a topological order of the DAG by construction; [`check`] verifies any order
//! independently (it does not use the DAG).

use petgraph::Direction;
use petgraph::graph::{DiGraph, NodeIndex};

/// Which unit a node occupies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// Shared- or global-memory load.
    Load,
    /// Tensor-core instruction.
    Tensor,
    /// FP32/FMA pipe instruction.
    Vector,
    /// Anything else (integer, conversion, move).
    Other,
}

/// One instruction to schedule: its unit and the registers it defines and uses
/// (registers as opaque `u32` ids).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The unit.
    pub class: Class,
    /// Registers written.
    pub defs: Vec<u32>,
    /// Registers read.
    pub uses: Vec<u32>,
}

/// Ordering heuristics (Mosaic 5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Policy {
    /// Program order.
    Linear,
    /// Loads early (at most [`LOAD_WINDOW`] nodes ahead), tensor and vector alternating.
    Interleave,
    /// As `Interleave`, but loads are hoisted as far as dependencies allow (more registers
    /// live, more latency hidden).
    Eager,
}

/// A schedule: node indices in issue order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Schedule {
    /// Node indices in issue order.
    pub order: Vec<usize>,
}

/// Scheduling errors.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SchedError {
    /// The order violates a dependence (from [`check`]).
    #[error(
        "node {later} is ordered before node {earlier}, which it depends on through register {reg}"
    )]
    Violation {
        /// The node that must come first.
        earlier: usize,
        /// The node that came first wrongly.
        later: usize,
        /// The register carrying the dependence.
        reg: u32,
    },
    /// The order is not a permutation of the nodes.
    #[error("schedule is not a permutation of the {0} nodes")]
    NotPermutation(usize),
}

/// The dependence DAG: an edge `i -> j` when `j` must issue after `i`.
pub fn dag(nodes: &[Node]) -> DiGraph<usize, u32> {
    let mut g = DiGraph::new();
    let ix: Vec<NodeIndex> = (0..nodes.len()).map(|i| g.add_node(i)).collect();
    for j in 0..nodes.len() {
        for i in 0..j {
            if let Some(r) = conflict(&nodes[i], &nodes[j]) {
                g.add_edge(ix[i], ix[j], r);
            }
        }
    }
    g
}

/// The register through which `later` depends on `earlier` (RAW, WAR or WAW), if any.
fn conflict(earlier: &Node, later: &Node) -> Option<u32> {
    let raw = later.uses.iter().find(|r| earlier.defs.contains(r));
    let war = later.defs.iter().find(|r| earlier.uses.contains(r));
    let waw = later.defs.iter().find(|r| earlier.defs.contains(r));
    raw.or(war).or(waw).copied()
}

/// How far (in program-order nodes) a load may be hoisted above the compute it precedes.
pub const LOAD_WINDOW: usize = 24;

/// Orders `nodes` under `policy`. Always a topological order of [`dag`].
pub fn schedule(nodes: &[Node], policy: Policy) -> Schedule {
    if policy == Policy::Linear {
        return Schedule {
            order: (0..nodes.len()).collect(),
        };
    }
    let g = dag(nodes);
    let mut preds: Vec<usize> = g
        .node_indices()
        .map(|n| g.neighbors_directed(n, Direction::Incoming).count())
        .collect();
    let mut ready: Vec<usize> = (0..nodes.len()).filter(|&i| preds[i] == 0).collect();
    let mut order = Vec::with_capacity(nodes.len());
    let mut last_compute = Class::Vector;
    while !ready.is_empty() {
        let pick = |want: Class| {
            ready
                .iter()
                .copied()
                .filter(|&i| nodes[i].class == want)
                .min()
        };
        let other = if last_compute == Class::Tensor {
            Class::Vector
        } else {
            Class::Tensor
        };
        // Hoist loads, but not further than LOAD_WINDOW nodes ahead of the oldest ready compute
        // instruction in program order: every hoisted fragment holds registers.
        let oldest_compute = ready
            .iter()
            .copied()
            .filter(|&i| matches!(nodes[i].class, Class::Tensor | Class::Vector))
            .min();
        let load =
            pick(Class::Load).filter(|&l| oldest_compute.is_none_or(|c| l <= c + LOAD_WINDOW));
        let chosen = load
            .or_else(|| pick(Class::Other))
            .or_else(|| pick(other))
            .or_else(|| pick(last_compute))
            .unwrap_or(ready[0]);
        if matches!(nodes[chosen].class, Class::Tensor | Class::Vector) {
            last_compute = nodes[chosen].class;
        }
        ready.retain(|&i| i != chosen);
        order.push(chosen);
        for succ in g.neighbors_directed(NodeIndex::new(chosen), Direction::Outgoing) {
            let s = succ.index();
            preds[s] -= 1;
            if preds[s] == 0 {
                ready.push(s);
            }
        }
    }
    Schedule { order }
}

/// Checks that `order` is a permutation of the nodes that respects every register dependence
/// of program order. Independent of [`dag`] and [`schedule`]: it replays the order.
///
/// # Errors
/// [`SchedError`] naming the first violated dependence.
pub fn check(nodes: &[Node], order: &[usize]) -> Result<(), SchedError> {
    let mut pos = vec![usize::MAX; nodes.len()];
    for (p, &i) in order.iter().enumerate() {
        if i >= nodes.len() || pos[i] != usize::MAX {
            return Err(SchedError::NotPermutation(nodes.len()));
        }
        pos[i] = p;
    }
    if order.len() != nodes.len() {
        return Err(SchedError::NotPermutation(nodes.len()));
    }
    for j in 0..nodes.len() {
        for i in 0..j {
            let (a, b) = (&nodes[i], &nodes[j]);
            let shared = b
                .uses
                .iter()
                .chain(&b.defs)
                .find(|r| a.defs.contains(r) || (b.defs.contains(r) && a.uses.contains(r)));
            if let Some(&reg) = shared
                && pos[j] < pos[i]
            {
                return Err(SchedError::Violation {
                    earlier: i,
                    later: j,
                    reg,
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(class: Class, defs: &[u32], uses: &[u32]) -> Node {
        Node {
            class,
            defs: defs.to_vec(),
            uses: uses.to_vec(),
        }
    }

    #[test]
    fn interleaves_units_and_hoists_loads() {
        // Two tensor ops then two vector ops, each fed by its own load.
        let nodes = vec![
            n(Class::Load, &[1], &[]),
            n(Class::Tensor, &[10], &[1, 10]),
            n(Class::Tensor, &[11], &[1, 11]),
            n(Class::Load, &[2], &[]),
            n(Class::Vector, &[20], &[2, 20]),
            n(Class::Vector, &[21], &[2, 21]),
        ];
        let s = schedule(&nodes, Policy::Interleave);
        check(&nodes, &s.order).unwrap();
        assert_eq!(s.order, vec![0, 3, 1, 4, 2, 5]);
        assert_eq!(
            schedule(&nodes, Policy::Linear).order,
            (0..6).collect::<Vec<_>>()
        );
    }

    #[test]
    fn checker_catches_violations() {
        let nodes = vec![n(Class::Load, &[1], &[]), n(Class::Tensor, &[2], &[1])];
        assert!(check(&nodes, &[1, 0]).is_err());
        assert!(check(&nodes, &[0]).is_err());
        // WAR: a later redefinition may not move above an earlier use.
        let war = vec![n(Class::Tensor, &[5], &[1]), n(Class::Load, &[1], &[])];
        assert!(check(&war, &[1, 0]).is_err());
        assert_eq!(schedule(&war, Policy::Interleave).order, vec![0, 1]);
    }
}
