//! The derivation rules as egg rewrites over a small term language of task shapes.
//!
//! Terms: `(fma q)`, `(outer m n)`, `(gemm m n k)`, `(gemv m k)`; the leaves are extents.
//! Rules (all one-directional; the e-graph unions a shape with everything derivable from it):
//!
//! | name          | rewrite                                          |
//! |---------------|--------------------------------------------------|
//! | `fma->outer`  | `(fma q) => (outer m n)` for every `m * n = q`    |
//! | `outer->gemm` | `(outer m n) => (gemm m n 1)`                     |
//! | `gemm->gemv`  | `(gemm m 1 k) => (gemv m k)`                      |
//!
//! `identity` (`X => X`) needs no rewrite: it is the empty derivation path.
//! The path (rule names and intermediate shapes) from the start shape to each reachable shape
//! is read back from egg's explanations, so the operand maps can be chained step by step.

use egg::{
    Applier, EGraph, ENodeOrVar, Id, Language, Pattern, PatternAst, RecExpr, Rewrite, Runner,
    SimpleScheduler, StopReason, Subst, Symbol, Var, define_language,
};

use crate::task::TaskKind;

use super::DeriveError;

/// Name of the rule `FMA(q) -> OuterProduct(m, n)`, `m * n = q`, `q = m_i + m * n_i`.
pub const FMA_TO_OUTER: &str = "fma->outer";
/// Name of the rule `OuterProduct(m, n) -> GEMM(m, n, 1)`.
pub const OUTER_TO_GEMM: &str = "outer->gemm";
/// Name of the rule `GEMM(m, 1, k) -> GEMV(m, k)`.
pub const GEMM_TO_GEMV: &str = "gemm->gemv";
/// Name of the identity rule `X -> X` (the empty derivation path).
pub const IDENTITY: &str = "identity";

define_language! {
    /// The term language of task shapes: `(fma q)`, `(outer m n)`, `(gemm m n k)`,
    /// `(gemv m k)`, and integer extents as leaves.
    #[allow(missing_docs)]
    pub enum TaskTerm {
        "fma" = Fma([Id; 1]),
        "outer" = Outer([Id; 2]),
        "gemm" = Gemm([Id; 3]),
        "gemv" = Gemv([Id; 2]),
        Num(i64),
    }
}

/// A task shape: the kind and its iteration extents (as in [`crate::task::Task::extents`]).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TaskShape {
    /// The task kind (FMA, OuterProduct, GEMM or GEMV in the term language).
    pub kind: TaskKind,
    /// Iteration extents, fastest first.
    pub extents: Vec<i64>,
}

impl TaskShape {
    /// Whether the term language can express tasks of `kind`.
    pub fn expressible(kind: TaskKind) -> bool {
        matches!(
            kind,
            TaskKind::Fma | TaskKind::OuterProduct | TaskKind::Gemm | TaskKind::Gemv
        )
    }

    /// The term `(kind e0 e1 ...)`.
    ///
    /// # Errors
    /// [`DeriveError::Unsupported`] if the kind is not in the term language or the number of
    /// extents does not match it.
    pub fn to_expr(&self) -> Result<RecExpr<TaskTerm>, DeriveError> {
        if !Self::expressible(self.kind) || self.extents.len() != self.kind.dim_names().len() {
            return Err(DeriveError::Unsupported(format!(
                "task shape {:?} {:?} is not in the derivation term language",
                self.kind, self.extents
            )));
        }
        let mut e = RecExpr::default();
        let ids: Vec<Id> = self
            .extents
            .iter()
            .map(|&x| e.add(TaskTerm::Num(x)))
            .collect();
        let node = match self.kind {
            TaskKind::Fma => TaskTerm::Fma([ids[0]]),
            TaskKind::OuterProduct => TaskTerm::Outer([ids[0], ids[1]]),
            TaskKind::Gemm => TaskTerm::Gemm([ids[0], ids[1], ids[2]]),
            _ => TaskTerm::Gemv([ids[0], ids[1]]),
        };
        e.add(node);
        Ok(e)
    }

    /// The kind of an operator node (`None` for a number).
    fn kind_of(node: &TaskTerm) -> Option<TaskKind> {
        Some(match node {
            TaskTerm::Fma(_) => TaskKind::Fma,
            TaskTerm::Outer(_) => TaskKind::OuterProduct,
            TaskTerm::Gemm(_) => TaskKind::Gemm,
            TaskTerm::Gemv(_) => TaskKind::Gemv,
            TaskTerm::Num(_) => return None,
        })
    }
}

impl std::fmt::Display for TaskShape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}", self.kind)?;
        for x in &self.extents {
            write!(f, " {x}")?;
        }
        write!(f, ")")
    }
}

/// One applied rule: `from` rewritten to `to` by `rule`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The rule name ([`FMA_TO_OUTER`], [`OUTER_TO_GEMM`], [`GEMM_TO_GEMV`]).
    pub rule: &'static str,
    /// The shape before.
    pub from: TaskShape,
    /// The shape after.
    pub to: TaskShape,
}

/// A shape reachable from the start shape, and the path of rule steps that derives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reachable {
    /// The derived shape.
    pub shape: TaskShape,
    /// The steps from the start shape, in order (empty for the start shape itself: identity).
    pub path: Vec<Step>,
}

/// Why the rewrite search stopped. Running out of a limit is a result, not an error: the
/// shapes found so far are still valid derivations, the list may just be incomplete.
#[derive(Clone, Debug, PartialEq)]
pub enum DeriveStop {
    /// Nothing new could be derived: the list is complete.
    Saturated,
    /// The iteration limit (the value) was reached.
    IterationLimit(usize),
    /// The e-node limit (the value) was reached.
    NodeLimit(usize),
    /// The (generous, safety-only) time limit was reached, in seconds.
    TimeLimit(f64),
    /// Any other reason egg reports.
    Other(String),
}

impl From<StopReason> for DeriveStop {
    fn from(r: StopReason) -> Self {
        match r {
            StopReason::Saturated => DeriveStop::Saturated,
            StopReason::IterationLimit(n) => DeriveStop::IterationLimit(n),
            StopReason::NodeLimit(n) => DeriveStop::NodeLimit(n),
            StopReason::TimeLimit(t) => DeriveStop::TimeLimit(t),
            StopReason::Other(s) => DeriveStop::Other(s),
        }
    }
}

/// Limits for the rewrite search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeriveLimits {
    /// Maximum egg iterations (each applies every rule once).
    pub iter_limit: usize,
    /// Maximum e-nodes in the e-graph.
    pub node_limit: usize,
}

impl Default for DeriveLimits {
    /// 16 iterations (the longest chain, `fma->outer->gemm->gemv`, needs 3 plus one to notice
    /// saturation) and 10 000 e-nodes.
    fn default() -> Self {
        DeriveLimits {
            iter_limit: 16,
            node_limit: 10_000,
        }
    }
}

/// The applier of `fma->outer`: one `(outer m n)` per factorization `m * n = q`, ascending `m`.
#[derive(Debug)]
struct FactorOuter {
    q: Var,
}

fn num_of(egraph: &EGraph<TaskTerm, ()>, id: Id) -> Option<i64> {
    egraph[id].nodes.iter().find_map(|n| match n {
        TaskTerm::Num(v) => Some(*v),
        _ => None,
    })
}

/// Divisors of `q > 0`, ascending.
fn divisors(q: i64) -> Vec<i64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1i64;
    while d.saturating_mul(d) <= q {
        if q % d == 0 {
            small.push(d);
            if d != q / d {
                large.push(q / d);
            }
        }
        d += 1;
    }
    small.extend(large.into_iter().rev());
    small
}

impl Applier<TaskTerm, ()> for FactorOuter {
    fn apply_one(
        &self,
        egraph: &mut EGraph<TaskTerm, ()>,
        eclass: Id,
        subst: &Subst,
        searcher_ast: Option<&PatternAst<TaskTerm>>,
        rule_name: Symbol,
    ) -> Vec<Id> {
        let Some(q) = num_of(egraph, subst[self.q]) else {
            return vec![];
        };
        if q <= 0 {
            return vec![];
        }
        let mut changed = Vec::new();
        for m in divisors(q) {
            let mut to: PatternAst<TaskTerm> = RecExpr::default();
            let a = to.add(ENodeOrVar::ENode(TaskTerm::Num(m)));
            let b = to.add(ENodeOrVar::ENode(TaskTerm::Num(q / m)));
            to.add(ENodeOrVar::ENode(TaskTerm::Outer([a, b])));
            match searcher_ast {
                Some(ast) => {
                    let (id, did) = egraph.union_instantiations(ast, &to, subst, rule_name);
                    if did {
                        changed.push(id);
                    }
                }
                None => {
                    let id = egraph.add_instantiation(&to, subst);
                    if egraph.union(eclass, id) {
                        changed.push(eclass);
                    }
                }
            }
        }
        changed
    }

    fn vars(&self) -> Vec<Var> {
        vec![self.q]
    }
}

fn pattern(s: &str) -> Pattern<TaskTerm> {
    s.parse().expect("built-in pattern parses")
}

/// The derivation rewrites (see the module docs for the table).
pub fn rules() -> Vec<Rewrite<TaskTerm, ()>> {
    let q: Var = "?q".parse().expect("variable parses");
    vec![
        Rewrite::new(FMA_TO_OUTER, pattern("(fma ?q)"), FactorOuter { q })
            .expect("fma->outer is well formed"),
        Rewrite::new(
            OUTER_TO_GEMM,
            pattern("(outer ?m ?n)"),
            pattern("(gemm ?m ?n 1)"),
        )
        .expect("outer->gemm is well formed"),
        Rewrite::new(
            GEMM_TO_GEMV,
            pattern("(gemm ?m 1 ?k)"),
            pattern("(gemv ?m ?k)"),
        )
        .expect("gemm->gemv is well formed"),
    ]
}

fn rule_const(name: &str) -> Option<&'static str> {
    [FMA_TO_OUTER, OUTER_TO_GEMM, GEMM_TO_GEMV]
        .into_iter()
        .find(|r| *r == name)
}

/// Every shape derivable from `start` by the rules, with the path of steps that derives it
/// (empty for `start` itself), sorted by shape; and why the search stopped.
///
/// # Errors
/// [`DeriveError::Unsupported`] if `start` is not in the term language;
/// [`DeriveError::Internal`] if an explanation is not a chain of forward rule applications.
pub fn derivations(
    start: &TaskShape,
    limits: DeriveLimits,
) -> Result<(Vec<Reachable>, DeriveStop), DeriveError> {
    let expr = start.to_expr()?;
    let mut runner: Runner<TaskTerm, ()> = Runner::default()
        .with_explanations_enabled()
        .with_scheduler(SimpleScheduler)
        .with_iter_limit(limits.iter_limit)
        .with_node_limit(limits.node_limit)
        .with_time_limit(std::time::Duration::from_secs(3600))
        .with_expr(&expr)
        .run(&rules());
    let stop = runner
        .stop_reason
        .clone()
        .map_or(DeriveStop::Other("runner did not stop".into()), Into::into);
    let root = runner.egraph.find(runner.roots[0]);
    let mut shapes = Vec::new();
    for node in &runner.egraph[root].nodes {
        let Some(kind) = TaskShape::kind_of(node) else {
            continue;
        };
        let extents = node
            .children()
            .iter()
            .map(|&c| num_of(&runner.egraph, c))
            .collect::<Option<Vec<_>>>();
        if let Some(extents) = extents {
            shapes.push(TaskShape { kind, extents });
        }
    }
    shapes.sort();
    shapes.dedup();
    let mut out = Vec::with_capacity(shapes.len());
    for shape in shapes {
        let path = if shape == *start {
            Vec::new()
        } else {
            let target = shape.to_expr()?;
            let mut expl = runner.explain_equivalence(&expr, &target);
            let flat = expl.make_flat_explanation();
            let mut steps = Vec::new();
            for pair in flat.windows(2) {
                let from = flat_shape(&pair[0])?;
                let to = flat_shape(&pair[1])?;
                let rule = pair[1]
                    .forward_rule
                    .and_then(|r| rule_const(r.as_str()))
                    .ok_or_else(|| {
                        DeriveError::Internal(format!(
                            "explanation step {from} -> {to} is not a forward derivation rule"
                        ))
                    })?;
                steps.push(Step { rule, from, to });
            }
            steps
        };
        out.push(Reachable { shape, path });
    }
    Ok((out, stop))
}

fn flat_shape(t: &egg::FlatTerm<TaskTerm>) -> Result<TaskShape, DeriveError> {
    let kind = TaskShape::kind_of(&t.node)
        .ok_or_else(|| DeriveError::Internal("explanation term is a number".into()))?;
    let extents = t
        .children
        .iter()
        .map(|c| match c.node {
            TaskTerm::Num(v) => Ok(v),
            _ => Err(DeriveError::Internal(
                "explanation child is not a number".into(),
            )),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(TaskShape { kind, extents })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisors_ascend() {
        assert_eq!(divisors(32), vec![1, 2, 4, 8, 16, 32]);
        assert_eq!(divisors(36), vec![1, 2, 3, 4, 6, 9, 12, 18, 36]);
        assert_eq!(divisors(1), vec![1]);
    }

    #[test]
    fn fma32_reaches_outer_gemm_gemv() {
        let start = TaskShape {
            kind: TaskKind::Fma,
            extents: vec![32],
        };
        let (found, stop) = derivations(&start, DeriveLimits::default()).unwrap();
        assert_eq!(stop, DeriveStop::Saturated);
        let gemv: Vec<_> = found
            .iter()
            .filter(|r| r.shape.kind == TaskKind::Gemv)
            .collect();
        assert_eq!(gemv.len(), 1);
        assert_eq!(gemv[0].shape.extents, vec![32, 1]);
        let rules: Vec<_> = gemv[0].path.iter().map(|s| s.rule).collect();
        assert_eq!(rules, vec![FMA_TO_OUTER, OUTER_TO_GEMM, GEMM_TO_GEMV]);
        assert_eq!(found.len(), 1 + 6 + 6 + 1);
    }

    #[test]
    fn tiny_limits_are_a_result() {
        let start = TaskShape {
            kind: TaskKind::Fma,
            extents: vec![32],
        };
        let limits = DeriveLimits {
            iter_limit: 1,
            node_limit: 10_000,
        };
        let (found, stop) = derivations(&start, limits).unwrap();
        assert_eq!(stop, DeriveStop::IterationLimit(1));
        assert!(found.iter().all(|r| r.shape.kind != TaskKind::Gemv));
    }
}
