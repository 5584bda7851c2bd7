//! The layout algebra (after CuTe `layout.hpp` and `02_layout_algebra.md`): coalesce,
//! composition, complement, logical divide, right/left inverses, and a brute-force preimage.
//!
//! Every operation states its pre- and post-conditions. Where CuTe asserts a divisibility
//! condition, mosaic checks it and returns [`LayoutError::Precondition`]; no operation panics or
//! returns a layout that differs from its defining formula. The law tests in
//! `itex/tests/algebra_laws.rs` check each post-condition over whole small domains.
//!
//! Conventions used below, for a layout `L` with flat modes `(s_0:d_0), ..., (s_{n-1}:d_{n-1})`:
//! - `L(i)` is [`Layout::eval`] of the 1-D colex index `i`. For `i >= size(L)` the last leaf
//!   absorbs the excess (its coordinate is not reduced), so `L` is defined on all `i >= 0`.
//! - "integral" means every stride is an integer ([`Layout::is_integral`]); only integral layouts
//!   can be the inner operand of a composition, since their images are 1-D indices.
//!
//! ```
//! use itex::Layout;
//! use itex::algebra::{complement, compose, logical_divide};
//!
//! let a = Layout::flat(&[(6, 8), (2, 2)])?;
//! let b = Layout::flat(&[(4, 3), (3, 1)])?;
//! let c = compose(&a, &b)?;
//! assert_eq!(c.to_string(), "((2,2),3):((24,2),8)");
//! assert!((0..b.size()).all(|i| c.eval_int(i) == a.eval_int(b.eval_int(i))));
//!
//! assert_eq!(complement(&Layout::flat(&[(4, 2)])?, 24)?.to_string(), "(2,3):(1,8)");
//! let tiled = logical_divide(&Layout::flat(&[(4, 2), (2, 1), (3, 8)])?, &Layout::flat(&[(4, 2)])?)?;
//! assert_eq!(tiled.to_string(), "((2,2),(2,3)):((4,1),(2,8))");
//! # Ok::<(), itex::LayoutError>(())
//! ```

use std::collections::BTreeMap;

use crate::layout::{Layout, LayoutError, Stride};
use crate::tree::{Shape, Tree};

fn pre(op: &'static str, why: impl Into<String>) -> LayoutError {
    LayoutError::Precondition {
        op,
        why: why.into(),
    }
}

fn mul(a: i64, b: i64, op: &'static str) -> Result<i64, LayoutError> {
    a.checked_mul(b).ok_or(LayoutError::Overflow(op))
}

fn scale(s: &Stride, k: i64, op: &'static str) -> Result<Stride, LayoutError> {
    s.0.iter()
        .map(|&c| mul(c, k, op))
        .collect::<Result<Vec<_>, _>>()
        .map(Stride)
}

/// Builds a flat layout from modes: none gives `1:0`, one gives a leaf, more give a flat tuple.
fn from_modes(modes: &[(i64, Stride)]) -> Result<Layout, LayoutError> {
    if modes.is_empty() {
        Layout::flat(&[(1, 0)])
    } else {
        Layout::flat_strides(modes)
    }
}

/// Merges adjacent modes `(s0:d0),(s1:d1)` with `d1 == s0*d0` (stride vectors).
fn merge_adjacent(modes: Vec<(i64, Stride)>) -> Vec<(i64, Stride)> {
    let mut out: Vec<(i64, Stride)> = Vec::with_capacity(modes.len());
    for (s, d) in modes {
        // An overflowing `s0*d0` or `s0*s1` just means "do not merge".
        if let Some((ps, pd)) = out.last_mut()
            && let Ok(next) = scale(pd, *ps, "coalesce")
            && next == d
            && let Some(m) = ps.checked_mul(s)
        {
            *ps = m;
            continue;
        }
        out.push((s, d));
    }
    out
}

/// Coalesces a layout: the same function on `0..size(a)` with the fewest flat modes this
/// greedy pass finds.
///
/// Shapes: the result is flat (depth <= 1): `1:0` if every extent is 1, a leaf if one mode
/// remains, a flat tuple otherwise.
///
/// Post-conditions: `size(result) == size(a)`; `result(i) == a(i)` for `0 <= i < size(a)`;
/// the result has no extent-1 mode (except the single mode of `1:0`), no adjacent pair
/// `(s0:d0),(s1:d1)` with `d1 == s0*d0` (compared as stride vectors, so basis strides coalesce
/// per basis), and no more modes than `a` has leaves.
///
/// Note: as in CuTe, dropping a trailing extent-1 mode can change the values past `size(a)`
/// (e.g. `(4,1):(1,100)` becomes `4:1`); only `0..size(a)` is preserved.
pub fn coalesce(a: &Layout) -> Layout {
    let modes: Vec<(i64, Stride)> = a.flat_modes().into_iter().filter(|m| m.0 != 1).collect();
    let merged = merge_adjacent(modes);
    // Extents are positive and their product is size(a), which fits in i64: cannot fail.
    from_modes(&merged).unwrap_or_else(|_| unreachable!("coalesce of a valid layout"))
}

/// Flattening used by [`compose`]: drops extent-1 modes except the last leaf and merges
/// adjacent modes. Unlike [`coalesce`] this preserves `a(i)` for every `i >= 0` (the last
/// mode keeps absorbing indices past `size(a)`).
fn flat_for_compose(a: &Layout) -> Vec<(i64, Stride)> {
    let all = a.flat_modes();
    let n = all.len();
    let modes: Vec<(i64, Stride)> = all
        .into_iter()
        .enumerate()
        .filter(|(j, m)| m.0 != 1 || *j + 1 == n)
        .map(|(_, m)| m)
        .collect();
    if modes.is_empty() {
        // An empty shape `()` maps everything to 0, as `1:0` does.
        return vec![(1, Stride::int(0))];
    }
    merge_adjacent(modes)
}

/// `a ∘ (s:d)` for one integral leaf of the inner layout. `used[j]` accumulates the largest
/// coordinate of `a`'s mode `j` that this leaf reaches (for the additivity check).
fn compose_leaf(
    am: &[(i64, Stride)],
    s: i64,
    d: i64,
    used: &mut [i64],
) -> Result<Layout, LayoutError> {
    const OP: &str = "compose";
    if s == 1 {
        return from_modes(&[]);
    }
    if d == 0 {
        return from_modes(&[(s, Stride::int(0))]);
    }
    if d < 0 {
        return Err(pre(OP, format!("inner stride {d} is negative")));
    }
    let last = am.len() - 1;
    let mut out: Vec<(i64, Stride)> = Vec::new();
    let mut r = d; // rest stride still to divide out
    let mut n = s; // rest shape still to take
    let mut j = 0;
    // Phase A: divide out the stride `d`.
    let (mut t, mut mult) = loop {
        if j == last {
            out.push((n, scale(&am[j].1, r, OP)?));
            return from_modes(&out).map(|l| coalesce(&l));
        }
        let sj = am[j].0;
        let dj = &am[j].1;
        if r % sj == 0 {
            r /= sj;
            j += 1;
        } else if sj % r == 0 {
            break (sj / r, r);
        } else if mul(r, n - 1, OP)? < sj {
            // All `n` points r*c stay inside mode j: no wrap-around.
            used[j] = used[j].saturating_add(r * (n - 1));
            out.push((n, scale(dj, r, OP)?));
            return from_modes(&out).map(|l| coalesce(&l));
        } else {
            return Err(pre(
                OP,
                format!(
                    "inner stride {d}: rest stride {r} and outer extent {sj} divide neither \
                     way (mode {j})"
                ),
            ));
        }
    };
    // Phase B: mode j now has extent t and stride d_j*mult; take the first n points.
    loop {
        let e = scale(&am[j].1, mult, OP)?;
        if j == last {
            out.push((n, e));
            break;
        }
        if n <= t {
            used[j] = used[j].saturating_add(mult * (n - 1));
            out.push((n, e));
            break;
        }
        if n % t != 0 {
            return Err(pre(
                OP,
                format!(
                    "inner extent {s} (stride {d}): rest extent {n} is not a multiple of outer \
                     extent {t} (mode {j})"
                ),
            ));
        }
        used[j] = used[j].saturating_add(mult * (t - 1));
        out.push((t, e));
        n /= t;
        j += 1;
        t = am[j].0;
        mult = 1;
    }
    from_modes(&out).map(|l| coalesce(&l))
}

/// Replaces every leaf of `t` by the tree it holds.
fn graft<T: Clone>(t: &Tree<Tree<T>>) -> Tree<T> {
    match t {
        Tree::Leaf(x) => x.clone(),
        Tree::Node(ch) => Tree::Node(ch.iter().map(graft).collect()),
    }
}

/// Builds a layout shaped like `outer`, whose `k`-th leaf is replaced by `parts[k]`.
fn assemble(outer: &Shape, parts: &[Layout]) -> Result<Layout, LayoutError> {
    let shapes = outer
        .rebuild(&mut parts.iter().map(|p| p.shape().clone()))
        .ok_or_else(|| pre("assemble", "too few parts"))?;
    let strides = outer
        .rebuild(&mut parts.iter().map(|p| p.stride().clone()))
        .ok_or_else(|| pre("assemble", "too few parts"))?;
    Layout::new(graft(&shapes), graft(&strides))
}

/// Functional composition `a ∘ b`: `(a ∘ b)(i) == a(b(i))` for every `0 <= i < size(b)`.
///
/// `a` may have basis strides (the result then lands in the same multi-dimensional
/// codomain); `b` must be integral, since its values are 1-D indices into `a`'s domain. Values
/// of `b` past `size(a)` are allowed and use `a`'s extension through its last leaf.
///
/// Shapes: the result is shaped like `b`, by mode: each leaf `s` of `b` becomes a leaf or a
/// flat tuple of extents whose product is `s` (CuTe's right-distributivity over `b`'s modes).
/// So `size(result) == size(b)`, and when `b` is a tuple the result's top-level rank equals
/// `b`'s (a leaf `b` may give a flat tuple). Like CuTe, the result is only promised on
/// `0..size(b)`: past it, it need not extend `a(b(i))` (e.g. `(1:1) ∘ (1:1)` is `1:0`), so
/// `(a ∘ b) ∘ c == a ∘ (b ∘ c)` holds where `c` maps into `0..size(b)`.
///
/// Preconditions (checked; each failure is [`LayoutError::Precondition`]). Let `a'` be `a`
/// flattened with extent-1 modes dropped (except its last) and adjacent `(s0:d0),(s1:d1)` with
/// `d1 == s0*d0` merged; write its modes `(s_j:d_j)`, the last one unbounded. For each leaf
/// `s:d` of `b` with `s > 1` and `d != 0`:
/// 1. `d > 0`;
/// 2. *stride divisibility* (CuTe's `shape_div`): walking `a'`'s modes from the first with
///    rest stride `r = d`, either `s_j | r` (skip the mode, `r /= s_j`), or `r | s_j` (split it),
///    or all `s` points stay inside the mode (`r*(s-1) < s_j`);
/// 3. *shape divisibility*: after the split, walking on with rest extent `n = s`, either
///    `n <= t_j` (the current, possibly split, extent) or `t_j | n`;
/// 4. *additivity* (checked by mosaic, assumed by CuTe): for every mode `j` of `a'` but the
///    last, the largest coordinates that the leaves of `b` reach in mode `j` sum to less than
///    `s_j`. Then the leaves of `b` never carry into each other in `a`'s mixed radix, so
///    `a(b(i))` is the sum of the per-leaf results. (This rejects e.g. non-injective `b` such as
///    `(2,2):(1,1)` against `(2,2):(1,10)`, where distributing over `b`'s modes is wrong.)
///
/// # Errors
/// [`LayoutError::Precondition`] when `b` is not integral or a condition above fails;
/// [`LayoutError::Overflow`] when a stride product leaves `i64`.
pub fn compose(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    const OP: &str = "compose";
    if !b.is_integral() {
        return Err(pre(OP, format!("inner layout {b} is not integral")));
    }
    let am = flat_for_compose(a);
    let mut used = vec![0i64; am.len()];
    let mut parts = Vec::new();
    for (s, d) in b.flat_modes() {
        let d = d.as_int().unwrap_or(0);
        parts.push(compose_leaf(&am, s, d, &mut used)?);
    }
    for (j, (&u, m)) in used.iter().zip(&am).enumerate() {
        if j + 1 < am.len() && u >= m.0 {
            return Err(pre(
                OP,
                format!(
                    "the modes of {b} overlap in mode {j} (extent {}) of {a}: coordinates up to \
                     {u} would carry, so a(b(i)) is not the sum over b's modes",
                    m.0
                ),
            ));
        }
    }
    assemble(b.shape(), &parts)
}

/// Complement of `a` up to `cotarget`: a layout `c` that fills the gaps of `a`'s image.
///
/// Shapes: the result is flat and coalesced (depth <= 1).
///
/// Preconditions (checked): `a` is integral; `cotarget >= 1`; every stride is non-negative;
/// and, taking `a`'s flat modes with extent > 1 and stride != 0 sorted by stride as
/// `(s_0:d_0), (s_1:d_1), ...`, each `d_{k+1}` is a multiple of `s_k*d_k` (CuTe's complement
/// condition; it implies these modes are injective together). Modes of stride 0 are ignored,
/// as in CuTe (the complement is taken of `a`'s image).
///
/// Post-conditions: with `C = s_last*d_last` of the sorted modes (1 if there are none), and
/// `M = max(1, ceil(cotarget / C)) * C` ("cotarget rounded up"):
/// - `c`'s image meets `a`'s image only at 0, and `c(0) == 0`;
/// - if `a` is injective (no stride-0 mode of extent > 1), `(a, c)` is a bijection from
///   `0..size(a)*size(c)` onto `0..M`, so `size(a) * size(c) == M >= cotarget`;
/// - `c` is increasing (its strides are positive and sorted).
///
/// Example (CuTe docs): `complement(4:2, 24) == (2,3):(1,8)`.
///
/// # Errors
/// [`LayoutError::Precondition`] when a precondition fails; [`LayoutError::Overflow`] when
/// `s_k*d_k` leaves `i64`.
pub fn complement(a: &Layout, cotarget: i64) -> Result<Layout, LayoutError> {
    const OP: &str = "complement";
    if !a.is_integral() {
        return Err(pre(OP, format!("{a} is not integral")));
    }
    if cotarget < 1 {
        return Err(pre(OP, format!("cotarget {cotarget} is not positive")));
    }
    let mut modes: Vec<(i64, i64)> = Vec::new();
    for (s, d) in a.flat_modes() {
        let d = d.as_int().unwrap_or(0);
        if d < 0 {
            return Err(pre(OP, format!("stride {d} of {a} is negative")));
        }
        if s > 1 && d != 0 {
            modes.push((s, d));
        }
    }
    modes.sort_by_key(|&(s, d)| (d, s));
    let mut curr = 1i64;
    let mut out: Vec<(i64, Stride)> = Vec::new();
    for (s, d) in modes {
        if d % curr != 0 {
            return Err(pre(
                OP,
                format!(
                    "stride {d} of {a} is not a multiple of {curr} (extent times stride of the \
                     next smaller mode)"
                ),
            ));
        }
        out.push((d / curr, Stride::int(curr)));
        curr = mul(s, d, OP)?;
    }
    let rest = (cotarget / curr + i64::from(cotarget % curr != 0)).max(1);
    out.push((rest, Stride::int(curr)));
    Ok(coalesce(&from_modes(&out)?))
}

/// Logical divide: `a` split by `tiler`, i.e. `compose(a, (tiler, complement(tiler, size(a))))`.
///
/// Shapes: a rank-2 layout; mode 0 (size `size(tiler)`) walks one tile, mode 1 walks the tiles.
///
/// Pre-conditions: those of [`complement`] for `tiler` with cotarget `size(a)` and those of
/// [`compose`] for `a` with the concatenation. Post-condition: for every `0 <= i < size`,
/// `result(i) == a(t(i))` with `t = (tiler, complement(tiler, size(a)))`.
///
/// # Errors
/// As [`complement`] and [`compose`].
pub fn logical_divide(a: &Layout, tiler: &Layout) -> Result<Layout, LayoutError> {
    let comp = complement(tiler, a.size())?;
    compose(a, &Layout::concat(&[tiler.clone(), comp]))
}

/// A right inverse `r` of `a`: `a(r(j)) == j` for every `0 <= j < size(r)`.
///
/// Built like CuTe's `right_inverse`: coalesce `a`, then follow the chain of modes with integer
/// strides `1, s_0, s_0*s_1, ...`; mode `(s_k:d_k)` of the chain becomes `(s_k : P_k)` where `P_k`
/// is the colex scale of that mode in `a`'s (coalesced) domain. `size(r)` is the length of the
/// contiguous run `0..size(r)` of `a`'s image that this chain reaches (1 when `a` has no stride-1
/// mode; then `r` is `1:0`).
///
/// Shapes: `r` is flat. Every `r(j) < size(a)` for `j < size(r)`. Only modes whose stride is a
/// positive integer (touches only `E0`) are followed, so for a layout with basis strides `r`
/// inverts `a` along `E0`: `a(r(j))` is `j*E0`.
pub fn right_inverse(a: &Layout) -> Layout {
    let c = coalesce(a);
    let modes = c.flat_modes();
    let mut prefix = Vec::with_capacity(modes.len());
    let mut p = 1i64;
    for (s, _) in &modes {
        prefix.push(p);
        p = p.saturating_mul(*s);
    }
    let mut out: Vec<(i64, Stride)> = Vec::new();
    let mut next = 1i64;
    loop {
        let found = modes
            .iter()
            .zip(&prefix)
            .find(|((s, d), _)| *s > 1 && d.as_int() == Some(next));
        let Some(((s, _), &pk)) = found else { break };
        out.push((*s, Stride::int(pk)));
        match next.checked_mul(*s) {
            Some(n) => next = n,
            None => break,
        }
    }
    // Extents are > 1 and distinct modes of `a`: the product divides size(a), so this fits.
    from_modes(&out).unwrap_or_else(|_| unreachable!("right inverse of a valid layout"))
}

/// A left inverse `l` of an injective integral `a`: `l(a(i)) == i` for every
/// `0 <= i < size(a)`.
///
/// Built like CuTe's `left_inverse`: `right_inverse((a, complement(a, cosize(a))))`, where
/// `cosize(a) = a(size(a)-1) + 1`. The pair `(a, complement)` is a bijection onto `0..M`, so its
/// right inverse is its inverse on `0..M`; `l` is flat with `size(l) == M >= cosize(a)`.
///
/// # Errors
/// [`LayoutError::Precondition`] if `a` is not integral, not injective (a stride-0 mode of
/// extent > 1, or modes that collide), or its image does not meet [`complement`]'s
/// divisibility condition (then no left inverse is built, even if one might exist).
pub fn left_inverse(a: &Layout) -> Result<Layout, LayoutError> {
    const OP: &str = "left_inverse";
    if !a.is_integral() {
        return Err(pre(OP, format!("{a} is not integral")));
    }
    if a.flat_modes()
        .iter()
        .any(|(s, d)| *s > 1 && d.as_int() == Some(0))
    {
        return Err(pre(OP, format!("{a} is not injective (a stride-0 mode)")));
    }
    let cosize = a
        .flat_modes()
        .iter()
        .try_fold(1i64, |acc, (s, d)| {
            let v = (s - 1).checked_mul(d.as_int().unwrap_or(0))?;
            acc.checked_add(v)
        })
        .ok_or(LayoutError::Overflow(OP))?;
    let comp = complement(a, cosize.max(1))?;
    let both = Layout::concat(&[a.clone(), comp]);
    let r = right_inverse(&both);
    if r.size() != both.size() {
        return Err(pre(OP, format!("{a} is not injective")));
    }
    Ok(r)
}

/// Preimage table of `a`: each image point (as returned by [`Layout::eval`], so of length
/// `codomain_rank(a)`; `[]` for a layout whose strides are all zero) mapped to the sorted list
/// of domain indices `i` in `0..size(a)` with `a(i)` equal to it.
///
/// Brute force: `O(size(a))` evaluations and as many map insertions; meant for small domains
/// (interpreters and independent checks). The lists are sorted because `i` is visited in order.
pub fn preimage(a: &Layout) -> BTreeMap<Vec<i64>, Vec<i64>> {
    let mut out: BTreeMap<Vec<i64>, Vec<i64>> = BTreeMap::new();
    for i in 0..a.size() {
        out.entry(a.eval(i)).or_default().push(i);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(modes: &[(i64, i64)]) -> Layout {
        Layout::flat(modes).unwrap()
    }

    #[test]
    fn cute_doc_examples() {
        let a = Layout::new(
            Tree::Node(vec![Tree::Leaf(2), Shape::flat(&[1, 6])]),
            Tree::Node(vec![
                Tree::Leaf(Stride::int(1)),
                Tree::Node(vec![Tree::Leaf(Stride::int(6)), Tree::Leaf(Stride::int(2))]),
            ]),
        )
        .unwrap();
        assert_eq!(coalesce(&a).to_string(), "12:1");
        assert_eq!(
            complement(&l(&[(4, 2)]), 24).unwrap().to_string(),
            "(2,3):(1,8)"
        );
        let c = compose(&l(&[(6, 8), (2, 2)]), &l(&[(4, 3), (3, 1)])).unwrap();
        assert_eq!(c.to_string(), "((2,2),3):((24,2),8)");
        assert_eq!(
            compose(&l(&[(20, 2)]), &l(&[(4, 1), (5, 4)]))
                .unwrap()
                .to_string(),
            "(4,5):(2,8)"
        );
    }

    #[test]
    fn empty_shapes() {
        let e = Layout::new(Tree::Node(vec![]), Tree::Node(vec![])).unwrap();
        let b = l(&[(3, 1)]);
        assert_eq!(compose(&e, &b).unwrap().to_string(), "3:0");
        assert_eq!(compose(&b, &e).unwrap().size(), 1);
        assert_eq!(coalesce(&e).to_string(), "1:0");
        assert_eq!(complement(&e, 5).unwrap().to_string(), "5:1");
        assert_eq!(right_inverse(&e).to_string(), "1:0");
        assert_eq!(preimage(&e).len(), 1);
    }

    #[test]
    fn huge_values_do_not_panic() {
        let a = l(&[(2, i64::MAX / 2), (2, 1)]);
        assert!(compose(&a, &l(&[(2, 3)])).is_err());
        assert!(complement(&l(&[(3, i64::MAX / 2)]), i64::MAX).is_err());
        assert!(complement(&l(&[(2, 1)]), i64::MAX).is_ok());
    }

    #[test]
    fn overlap_is_rejected() {
        let a = l(&[(2, 1), (2, 10)]);
        let b = l(&[(2, 1), (2, 1)]);
        assert!(matches!(
            compose(&a, &b),
            Err(LayoutError::Precondition { .. })
        ));
    }
}
