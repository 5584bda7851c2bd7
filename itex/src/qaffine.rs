//! General quasi-affine maps: integer expressions built from variables, constants, `+`,
//! multiplication by a constant, and floor division and modulo by positive constants.
//!
//! Every [`Layout`] is such a map of its 1-D colex index `i0` ([`QaMap::from_layout`]); unlike
//! layouts, quasi-affine maps are closed under composition without preconditions
//! ([`QaMap::compose`]), so they are the fallback when [`crate::algebra::compose`] refuses.
//!
//! Semantics are floor semantics throughout: `x / c` is `x.div_euclid(c)` and `x mod c` is
//! `x.rem_euclid(c)`, which agree with floor division and a non-negative remainder since `c > 0`.
//!
//! ```
//! use itex::Layout;
//! use itex::qaffine::QaMap;
//!
//! let l = Layout::flat(&[(4, 1), (2, 0), (3, 4)])?;
//! let q = QaMap::from_layout(&l);
//! assert_eq!(q.to_string(), "(4,2,3) -> ((i0 mod 4) + 4*(i0 / 8))");
//! assert!((0..l.size()).all(|i| q.eval(i) == l.eval(i)));
//! # Ok::<(), itex::LayoutError>(())
//! ```

use std::fmt;

use crate::layout::{Layout, LayoutError};
use crate::tree::Shape;

/// A positive constant divisor (for [`QaExpr::FloorDiv`] and [`QaExpr::Mod`]).
/// The field is private so that a zero or negative divisor cannot be built.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Divisor(i64);

impl Divisor {
    /// `Some(c)` when `c > 0`, else `None`.
    pub fn new(c: i64) -> Option<Self> {
        (c > 0).then_some(Divisor(c))
    }

    /// The value (always positive).
    pub fn get(self) -> i64 {
        self.0
    }
}

/// A quasi-affine integer expression over variables `i0, i1, ...`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum QaExpr {
    /// The variable `i_j`.
    Var(usize),
    /// An integer constant.
    Const(i64),
    /// `a + b`.
    Add(Box<QaExpr>, Box<QaExpr>),
    /// `c * a` for a constant `c`.
    MulC(Box<QaExpr>, i64),
    /// `floor(a / c)` for a positive constant `c`.
    FloorDiv(Box<QaExpr>, Divisor),
    /// `a mod c` (in `0..c`) for a positive constant `c`.
    Mod(Box<QaExpr>, Divisor),
}

fn bad_divisor(op: &'static str, c: i64) -> LayoutError {
    LayoutError::Precondition {
        op,
        why: format!("divisor {c} is not positive"),
    }
}

impl QaExpr {
    /// The variable `i_j`.
    pub fn var(j: usize) -> Self {
        QaExpr::Var(j)
    }

    /// The constant `c`.
    pub fn constant(c: i64) -> Self {
        QaExpr::Const(c)
    }

    /// `self + other` (unsimplified).
    pub fn plus(self, other: QaExpr) -> Self {
        QaExpr::Add(Box::new(self), Box::new(other))
    }

    /// `c * self` (unsimplified).
    pub fn times(self, c: i64) -> Self {
        QaExpr::MulC(Box::new(self), c)
    }

    /// `floor(self / c)`.
    ///
    /// # Errors
    /// [`LayoutError::Precondition`] when `c <= 0`.
    pub fn floor_div(self, c: i64) -> Result<Self, LayoutError> {
        let d = Divisor::new(c).ok_or_else(|| bad_divisor("floor_div", c))?;
        Ok(QaExpr::FloorDiv(Box::new(self), d))
    }

    /// `self mod c`, in `0..c`.
    ///
    /// # Errors
    /// [`LayoutError::Precondition`] when `c <= 0`.
    pub fn modulo(self, c: i64) -> Result<Self, LayoutError> {
        let d = Divisor::new(c).ok_or_else(|| bad_divisor("modulo", c))?;
        Ok(QaExpr::Mod(Box::new(self), d))
    }

    /// Value at `vars` (variable `i_j` is `vars[j]`), with floor semantics.
    ///
    /// # Panics
    /// If a variable index is `>= vars.len()` (like slice indexing; see [`QaExpr::num_vars`]),
    /// and on `i64` overflow in debug builds.
    pub fn eval(&self, vars: &[i64]) -> i64 {
        match self {
            QaExpr::Var(j) => vars[*j],
            QaExpr::Const(c) => *c,
            QaExpr::Add(a, b) => a.eval(vars) + b.eval(vars),
            QaExpr::MulC(a, c) => a.eval(vars) * c,
            QaExpr::FloorDiv(a, d) => a.eval(vars).div_euclid(d.get()),
            QaExpr::Mod(a, d) => a.eval(vars).rem_euclid(d.get()),
        }
    }

    /// One more than the largest variable index used (0 for a variable-free expression):
    /// the length `eval` needs.
    pub fn num_vars(&self) -> usize {
        match self {
            QaExpr::Var(j) => j + 1,
            QaExpr::Const(_) => 0,
            QaExpr::Add(a, b) => a.num_vars().max(b.num_vars()),
            QaExpr::MulC(a, _) | QaExpr::FloorDiv(a, _) | QaExpr::Mod(a, _) => a.num_vars(),
        }
    }

    /// Composition by substitution: every `Var(j)` with `j < subs.len()` is replaced by
    /// `subs[j]`; other variables stay. Post: `self.substitute(s).eval(v) ==
    /// self.eval(&[s[0].eval(v), s[1].eval(v), ...])` when `s` covers all of `self`'s variables.
    /// The result is not simplified (see [`QaExpr::simplify`]).
    pub fn substitute(&self, subs: &[QaExpr]) -> QaExpr {
        match self {
            QaExpr::Var(j) => subs.get(*j).cloned().unwrap_or(QaExpr::Var(*j)),
            QaExpr::Const(c) => QaExpr::Const(*c),
            QaExpr::Add(a, b) => {
                QaExpr::Add(Box::new(a.substitute(subs)), Box::new(b.substitute(subs)))
            }
            QaExpr::MulC(a, c) => QaExpr::MulC(Box::new(a.substitute(subs)), *c),
            QaExpr::FloorDiv(a, d) => QaExpr::FloorDiv(Box::new(a.substitute(subs)), *d),
            QaExpr::Mod(a, d) => QaExpr::Mod(Box::new(a.substitute(subs)), *d),
        }
    }

    /// A light bottom-up simplification that preserves `eval` at every point:
    /// constant folding; `x + 0 = x`; constants gathered to the right of a sum;
    /// `1*x = x`, `0*x = 0`, `b*(a*x) = (ab)*x`; `x / 1 = x`, `(x / a) / b = x / (ab)`,
    /// `(ka*x) / a = k*x`; `x mod 1 = 0`, `(x mod ka) mod a = x mod a`, `(ka*x) mod a = 0`.
    /// Folds that would overflow `i64` are skipped.
    pub fn simplify(&self) -> QaExpr {
        match self {
            QaExpr::Var(_) | QaExpr::Const(_) => self.clone(),
            QaExpr::Add(a, b) => simplify_add(a.simplify(), b.simplify()),
            QaExpr::MulC(a, c) => simplify_mul(a.simplify(), *c),
            QaExpr::FloorDiv(a, d) => simplify_div(a.simplify(), *d),
            QaExpr::Mod(a, d) => simplify_mod(a.simplify(), *d),
        }
    }

    fn is_atom(&self) -> bool {
        matches!(self, QaExpr::Var(_)) || matches!(self, QaExpr::Const(c) if *c >= 0)
    }
}

fn simplify_add(a: QaExpr, b: QaExpr) -> QaExpr {
    match (a, b) {
        (QaExpr::Const(x), QaExpr::Const(y)) if x.checked_add(y).is_some() => QaExpr::Const(x + y),
        (QaExpr::Const(0), e) | (e, QaExpr::Const(0)) => e,
        (QaExpr::Const(x), e) if !matches!(e, QaExpr::Const(_)) => {
            simplify_add(e, QaExpr::Const(x))
        }
        // (e + x) + y = e + (x + y)
        (QaExpr::Add(e, x), QaExpr::Const(y)) => match *x {
            QaExpr::Const(x) if x.checked_add(y).is_some() => {
                simplify_add(*e, QaExpr::Const(x + y))
            }
            x => QaExpr::Add(
                Box::new(QaExpr::Add(e, Box::new(x))),
                Box::new(QaExpr::Const(y)),
            ),
        },
        // a + (e + y) = (a + e) + y, so constants drift right
        (a, QaExpr::Add(e, y)) if matches!(*y, QaExpr::Const(_)) => {
            simplify_add(simplify_add(a, *e), *y)
        }
        (a, b) => QaExpr::Add(Box::new(a), Box::new(b)),
    }
}

fn simplify_mul(a: QaExpr, c: i64) -> QaExpr {
    match (a, c) {
        (_, 0) => QaExpr::Const(0),
        (a, 1) => a,
        (QaExpr::Const(x), c) if x.checked_mul(c).is_some() => QaExpr::Const(x * c),
        (QaExpr::MulC(x, k), c) if k.checked_mul(c).is_some() => simplify_mul(*x, k * c),
        (a, c) => QaExpr::MulC(Box::new(a), c),
    }
}

fn simplify_div(a: QaExpr, d: Divisor) -> QaExpr {
    let c = d.get();
    match a {
        _ if c == 1 => a,
        QaExpr::Const(x) => QaExpr::Const(x.div_euclid(c)),
        QaExpr::FloorDiv(x, k) if k.get().checked_mul(c).is_some() => {
            simplify_div(*x, Divisor(k.get() * c))
        }
        QaExpr::MulC(x, k) if k % c == 0 => simplify_mul(*x, k / c),
        a => QaExpr::FloorDiv(Box::new(a), d),
    }
}

fn simplify_mod(a: QaExpr, d: Divisor) -> QaExpr {
    let c = d.get();
    match a {
        _ if c == 1 => QaExpr::Const(0),
        QaExpr::Const(x) => QaExpr::Const(x.rem_euclid(c)),
        QaExpr::Mod(x, k) if k.get() % c == 0 => simplify_mod(*x, d),
        QaExpr::MulC(_, k) if k % c == 0 => QaExpr::Const(0),
        a => QaExpr::Mod(Box::new(a), d),
    }
}

/// Prints `(i0 mod 4) + 4*(i0 / 8)`: `/` is floor division, operands of `mod`, `/` and `*`
/// are parenthesized unless they are variables or non-negative constants, and `mod`/`/`
/// operands of a sum are parenthesized.
impl fmt::Display for QaExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QaExpr::Var(j) => write!(f, "i{j}"),
            QaExpr::Const(c) => write!(f, "{c}"),
            QaExpr::Add(a, b) => {
                fmt_add_operand(a, f, false)?;
                write!(f, " + ")?;
                fmt_add_operand(b, f, true)
            }
            QaExpr::MulC(a, c) => {
                write!(f, "{c}*")?;
                fmt_operand(a, f)
            }
            QaExpr::FloorDiv(a, d) => {
                fmt_operand(a, f)?;
                write!(f, " / {}", d.get())
            }
            QaExpr::Mod(a, d) => {
                fmt_operand(a, f)?;
                write!(f, " mod {}", d.get())
            }
        }
    }
}

fn fmt_operand(e: &QaExpr, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if e.is_atom() {
        write!(f, "{e}")
    } else {
        write!(f, "({e})")
    }
}

fn fmt_add_operand(e: &QaExpr, f: &mut fmt::Formatter<'_>, right: bool) -> fmt::Result {
    let paren = match e {
        QaExpr::FloorDiv(..) | QaExpr::Mod(..) => true,
        QaExpr::Add(..) => right,
        _ => false,
    };
    if paren {
        write!(f, "({e})")
    } else {
        write!(f, "{e}")
    }
}

impl std::ops::Add for QaExpr {
    type Output = QaExpr;
    fn add(self, rhs: QaExpr) -> QaExpr {
        self.plus(rhs)
    }
}

impl std::ops::Mul<i64> for QaExpr {
    type Output = QaExpr;
    fn mul(self, c: i64) -> QaExpr {
        self.times(c)
    }
}

/// A quasi-affine map from the space `domain` to `exprs.len()` integer coordinates.
///
/// The expressions are over the single variable `i0` (`Var(0)`), the 1-D colex index of
/// `domain` (`0 <= i0 < domain.size()`); coordinate `m` of the image of `i0` is
/// `exprs[m].eval(&[i0])`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct QaMap {
    /// The domain space.
    pub domain: Shape,
    /// One expression per codomain coordinate, over `Var(0)`.
    pub exprs: Vec<QaExpr>,
}

impl QaMap {
    /// The layout as a quasi-affine map of its colex index `i0`: coordinate `m` is
    /// `sum_j coef_m(d_j) * crd_j` with `crd_j = (i0 / prod_{l<j} s_l) mod s_j` for every leaf
    /// but the last, which is `i0 / prod_{l<last} s_l` without `mod` (as [`Shape::idx2crd`]).
    ///
    /// Post: `domain == *l.shape()`, `exprs.len() == max(1, l.codomain_rank())`, and
    /// `eval(i) == l.eval(i)` for every `i >= 0`, except that a layout whose strides are all
    /// zero (codomain rank 0, `l.eval(i) == []`) gives the one expression `0`, so that it can
    /// still be the inner map of [`QaMap::compose`]. The expressions are simplified (extent-1
    /// leaves and zero coefficients vanish; an all-zero coordinate is `Const(0)`).
    pub fn from_layout(l: &Layout) -> QaMap {
        let modes = l.flat_modes();
        let n = modes.len();
        let mut coords = Vec::with_capacity(n);
        let mut p = 1i64;
        for (j, (s, _)) in modes.iter().enumerate() {
            // p <= size(l) and s <= size(l), both positive: the divisors are valid.
            let dp = Divisor(p);
            let c = if j + 1 == n {
                simplify_div(QaExpr::Var(0), dp)
            } else if *s == 1 {
                QaExpr::Const(0)
            } else {
                simplify_mod(simplify_div(QaExpr::Var(0), dp), Divisor(*s))
            };
            coords.push(c);
            p = p.saturating_mul(*s);
        }
        let exprs = (0..l.codomain_rank().max(1))
            .map(|m| {
                modes
                    .iter()
                    .zip(&coords)
                    .fold(QaExpr::Const(0), |acc, ((_, d), c)| {
                        simplify_add(acc, simplify_mul(c.clone(), d.coef(m)))
                    })
            })
            .collect();
        QaMap {
            domain: l.shape().clone(),
            exprs,
        }
    }

    /// The image of the colex index `i` (one value per expression).
    ///
    /// # Panics
    /// If an expression uses a variable other than `i0` (see [`QaMap`]).
    pub fn eval(&self, i: i64) -> Vec<i64> {
        self.exprs.iter().map(|e| e.eval(&[i])).collect()
    }

    /// Composition `self ∘ inner`: `result.eval(i) == self.eval(k(i))` for `i` in `inner`'s
    /// domain, where `k(i)` is the index into `self`'s domain that `inner` produces:
    /// - if `inner` has one expression, `k(i) = inner.exprs[0](i)` (a 1-D colex index);
    /// - else, if `inner` has one expression per leaf of `self.domain`, its outputs are a flat
    ///   coordinate and `k(i) = sum_j inner_j(i) * prod_{l<j} s_l` ([`Shape::crd2idx`]).
    ///
    /// Shapes: `result.domain == inner.domain`, `result.exprs.len() == self.exprs.len()`.
    /// The expressions are simplified. No divisibility conditions: always exact.
    ///
    /// # Errors
    /// [`LayoutError::Precondition`] when `inner`'s output count is neither 1 nor the number of
    /// leaves of `self.domain`; [`LayoutError::Overflow`] if a colex scale overflows.
    pub fn compose(&self, inner: &QaMap) -> Result<QaMap, LayoutError> {
        let leaves = self.domain.leaves();
        let k = if inner.exprs.len() == 1 {
            inner.exprs[0].clone()
        } else if inner.exprs.len() == leaves.len() {
            let mut p = 1i64;
            let mut acc = QaExpr::Const(0);
            for (e, s) in inner.exprs.iter().zip(&leaves) {
                acc = simplify_add(acc, simplify_mul(e.clone(), p));
                p = p
                    .checked_mul(*s)
                    .ok_or(LayoutError::Overflow("QaMap::compose"))?;
            }
            acc
        } else {
            return Err(LayoutError::Precondition {
                op: "QaMap::compose",
                why: format!(
                    "inner map has {} outputs; the outer domain {} needs 1 or {}",
                    inner.exprs.len(),
                    self.domain,
                    leaves.len()
                ),
            });
        };
        let subs = [k];
        Ok(QaMap {
            domain: inner.domain.clone(),
            exprs: self
                .exprs
                .iter()
                .map(|e| e.substitute(&subs).simplify())
                .collect(),
        })
    }
}

/// Prints `(4,8) -> (i0 mod 4, i0 / 4)`.
impl fmt::Display for QaMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} -> (", self.domain)?;
        for (m, e) in self.exprs.iter().enumerate() {
            if m > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{e}")?;
        }
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Stride;

    #[test]
    fn display_and_eval() {
        let e = QaExpr::var(0).modulo(4).unwrap() + QaExpr::var(0).floor_div(8).unwrap() * 4;
        assert_eq!(e.to_string(), "(i0 mod 4) + 4*(i0 / 8)");
        assert_eq!(e.eval(&[13]), 1 + 4);
        assert_eq!(QaExpr::var(0).floor_div(4).unwrap().eval(&[-1]), -1);
        assert_eq!(QaExpr::var(0).modulo(4).unwrap().eval(&[-1]), 3);
        assert!(QaExpr::var(0).modulo(0).is_err());
        assert!(Divisor::new(-2).is_none());
    }

    #[test]
    fn simplify_rules() {
        let x = QaExpr::var(0);
        let e = (x.clone() * 2 * 3 + QaExpr::constant(0)) * 1;
        assert_eq!(e.simplify().to_string(), "6*i0");
        let e = x.clone().floor_div(2).unwrap().floor_div(4).unwrap();
        assert_eq!(e.simplify().to_string(), "i0 / 8");
        let e = (x.clone() * 8).modulo(4).unwrap();
        assert_eq!(e.simplify(), QaExpr::Const(0));
        let e = QaExpr::constant(3) + x.clone() + QaExpr::constant(4);
        assert_eq!(e.simplify().to_string(), "i0 + 7");
    }

    #[test]
    fn from_layout_matches_eval() {
        let l = Layout::flat_strides(&[
            (4, Stride::basis(0, 1)),
            (2, Stride::int(0)),
            (3, Stride::basis(1, 2)),
        ])
        .unwrap();
        let q = QaMap::from_layout(&l);
        assert_eq!(q.to_string(), "(4,2,3) -> (i0 mod 4, 2*(i0 / 8))");
        for i in 0..30 {
            assert_eq!(q.eval(i), l.eval(i));
        }
    }
}
