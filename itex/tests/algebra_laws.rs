//! Laws of the layout algebra and of quasi-affine maps, checked over whole small domains.
//!
//! Layouts are generated at random (extents 1..=6, rank up to 4, sometimes nested, strides
//! 0..=12, some basis strides), plus two structured families that meet the CuTe
//! preconditions often: power-of-two layouts (any two powers of two divide one way) and
//! permuted compact layouts (injective, complement-able). Every law is "if the operation
//! answers, the answer is right"; `coverage` checks that the operations do answer often enough
//! for the laws to bite.

use std::collections::BTreeSet;

use itex::algebra::{
    coalesce, complement, compose, left_inverse, logical_divide, preimage, right_inverse,
};
use itex::qaffine::{QaExpr, QaMap};
use itex::{Layout, LayoutError, Shape, Stride, Tree};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};

// ---------- helpers ----------

/// A codomain point with trailing zeros removed (so `[3]`, `[3, 0]` compare equal, `[] == [0]`).
fn norm(mut v: Vec<i64>) -> Vec<i64> {
    while v.last() == Some(&0) {
        v.pop();
    }
    v
}

fn at(l: &Layout, i: i64) -> Vec<i64> {
    norm(l.eval(i))
}

/// Builds a layout from flat modes, grouping `modes[start..start+len]` into a nested mode.
fn build(modes: &[(i64, Stride)], nest: (bool, usize, usize)) -> Layout {
    let n = modes.len();
    let (on, a, b) = nest;
    let leaf = |m: &(i64, Stride)| (Tree::Leaf(m.0), Tree::Leaf(m.1.clone()));
    if !on || n < 2 {
        return Layout::flat_strides(modes).unwrap();
    }
    let start = a % (n - 1);
    let len = 2 + b % (n - start - 1);
    let mut sh = Vec::new();
    let mut st = Vec::new();
    let mut j = 0;
    while j < n {
        if j == start {
            let (s, d): (Vec<_>, Vec<_>) = modes[j..j + len].iter().map(leaf).unzip();
            sh.push(Tree::Node(s));
            st.push(Tree::Node(d));
            j += len;
        } else {
            let (s, d) = leaf(&modes[j]);
            sh.push(s);
            st.push(d);
            j += 1;
        }
    }
    if sh.len() == 1 {
        Layout::new(sh.pop().unwrap(), st.pop().unwrap()).unwrap()
    } else {
        Layout::new(Tree::Node(sh), Tree::Node(st)).unwrap()
    }
}

fn nest() -> impl Strategy<Value = (bool, usize, usize)> {
    (prop::bool::weighted(0.3), 0usize..4, 0usize..4)
}

/// Random integral layout: extents 1..=6, strides 0..=12, rank 1..=4.
fn int_layout() -> impl Strategy<Value = Layout> {
    (prop::collection::vec((1i64..=6, 0i64..=12), 1..=4), nest()).prop_map(|(m, n)| {
        let modes: Vec<_> = m.into_iter().map(|(s, d)| (s, Stride::int(d))).collect();
        build(&modes, n)
    })
}

/// Power-of-two extents and strides: CuTe's divisibility conditions hold often.
fn pow2_layout() -> impl Strategy<Value = Layout> {
    let e = prop::sample::select(vec![1i64, 2, 4]);
    let d = prop::sample::select(vec![0i64, 1, 2, 4, 8, 16, 32]);
    (prop::collection::vec((e, d), 1..=4), nest()).prop_map(|(m, n)| {
        let modes: Vec<_> = m.into_iter().map(|(s, d)| (s, Stride::int(d))).collect();
        build(&modes, n)
    })
}

/// A compact layout with its strides permuted and scaled: injective, meets complement's
/// precondition.
fn compact_perm_layout() -> impl Strategy<Value = Layout> {
    prop::collection::vec(1i64..=6, 1..=3)
        .prop_flat_map(|ext| {
            let k = ext.len();
            (
                Just(ext),
                Just((0..k).collect::<Vec<_>>()).prop_shuffle(),
                1i64..=2,
                nest(),
            )
        })
        .prop_map(|(ext, perm, f, n)| {
            // Strides of a compact layout over the permuted order of the modes.
            let mut strides = vec![0; ext.len()];
            let mut p = f;
            for &j in &perm {
                strides[j] = p;
                p *= ext[j];
            }
            let modes: Vec<_> = ext
                .iter()
                .zip(&strides)
                .map(|(&s, &d)| (s, Stride::int(d)))
                .collect();
            build(&modes, n)
        })
}

fn integral_layout() -> impl Strategy<Value = Layout> {
    prop_oneof![int_layout(), pow2_layout(), compact_perm_layout()]
}

/// A stride with some basis components: `c*E0`, `c*E1`, or `c*E0 + c'*E1`.
fn basis_stride() -> impl Strategy<Value = Stride> {
    prop_oneof![
        (0i64..=12).prop_map(Stride::int),
        (0i64..=6).prop_map(|c| Stride::basis(1, c)),
        (0i64..=6, 0i64..=6).prop_map(|(a, b)| Stride(vec![a, b])),
        prop::sample::select(vec![1i64, 2, 4, 8]).prop_map(|c| Stride::basis(1, c)),
    ]
}

/// Layouts that may have basis strides (only valid as outer operands).
fn basis_layout() -> impl Strategy<Value = Layout> {
    let e = prop_oneof![1i64..=6, prop::sample::select(vec![2i64, 4])];
    (prop::collection::vec((e, basis_stride()), 1..=3), nest()).prop_map(|(m, n)| build(&m, n))
}

fn any_layout() -> impl Strategy<Value = Layout> {
    prop_oneof![integral_layout(), basis_layout()]
}

fn is_injective(l: &Layout) -> bool {
    let mut seen = BTreeSet::new();
    (0..l.size()).all(|i| seen.insert(at(l, i)))
}

fn depth<T>(t: &Tree<T>) -> usize {
    match t {
        Tree::Leaf(_) => 0,
        Tree::Node(ch) => 1 + ch.iter().map(depth).max().unwrap_or(0),
    }
}

fn expect_precondition<T: std::fmt::Debug>(r: &Result<T, LayoutError>) {
    if let Err(e) = r {
        assert!(
            matches!(e, LayoutError::Precondition { .. }),
            "unexpected error kind: {e}"
        );
    }
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ---------- laws ----------

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn coalesce_preserves_function_and_flattens(a in any_layout()) {
        let c = coalesce(&a);
        prop_assert_eq!(c.size(), a.size());
        for i in 0..a.size() {
            prop_assert_eq!(at(&c, i), at(&a, i), "i = {}", i);
        }
        let modes = c.flat_modes();
        prop_assert!(depth(c.shape()) <= 1);
        prop_assert!(modes.len() <= a.flat_modes().len());
        if modes.len() > 1 || modes[0].0 != 1 {
            prop_assert!(modes.iter().all(|m| m.0 > 1), "{}", c);
        }
        for w in modes.windows(2) {
            prop_assert!(w[0].1.scale(w[0].0) != w[1].1, "mergeable pair left in {}", c);
        }
        // Idempotent.
        prop_assert_eq!(coalesce(&c), c);
    }

    #[test]
    fn compose_is_pointwise(a in any_layout(), b in integral_layout()) {
        let r = compose(&a, &b);
        expect_precondition(&r);
        if let Ok(c) = r {
            prop_assert_eq!(c.size(), b.size());
            if matches!(b.shape(), Tree::Node(_)) {
                prop_assert_eq!(c.rank(), b.rank());
            }
            for i in 0..b.size() {
                prop_assert_eq!(at(&c, i), at(&a, b.eval_int(i)), "{} o {} = {} at {}", a, b, c, i);
            }
        }
    }

    #[test]
    fn compose_pow2_is_pointwise(a in pow2_layout(), b in pow2_layout()) {
        let r = compose(&a, &b);
        expect_precondition(&r);
        if let Ok(c) = r {
            for i in 0..b.size() {
                prop_assert_eq!(at(&c, i), at(&a, b.eval_int(i)), "{} o {} = {} at {}", a, b, c, i);
            }
        }
    }

    #[test]
    fn compose_associates(
        a in prop_oneof![pow2_layout(), basis_layout()],
        b in pow2_layout(),
        c in prop_oneof![pow2_layout(), compact_perm_layout()],
    ) {
        let left = compose(&a, &b).and_then(|ab| compose(&ab, &c));
        let right = compose(&b, &c).and_then(|bc| compose(&a, &bc));
        expect_precondition(&left);
        expect_precondition(&right);
        // `a o b` is only promised on b's domain, so `(a o b) o c` equals `a o (b o c)` where
        // c lands in b's domain (CuTe's condition); `a o (b o c)` is `a(b(c(i)))` everywhere.
        for i in 0..c.size() {
            let want = at(&a, b.eval_int(c.eval_int(i)));
            if let (Ok(l), true) = (&left, (0..b.size()).contains(&c.eval_int(i))) {
                prop_assert_eq!(at(l, i), want.clone(), "(a o b) o c at {}", i);
            }
            if let Ok(r) = &right {
                prop_assert_eq!(at(r, i), want, "a o (b o c) at {}", i);
            }
        }
    }

    #[test]
    fn complement_fills_the_gaps(
        a in prop_oneof![compact_perm_layout(), pow2_layout(), int_layout()],
        extra in 0i64..=40,
    ) {
        let cosize = (0..a.size()).map(|i| a.eval_int(i)).max().unwrap_or(0) + 1;
        let cotarget = 1 + (cosize + extra) % (2 * cosize + 8);
        let r = complement(&a, cotarget);
        expect_precondition(&r);
        let Ok(comp) = r else { return Ok(()); };
        prop_assert!(depth(comp.shape()) <= 1);
        prop_assert_eq!(comp.eval_int(0), 0);
        let img_a: BTreeSet<i64> = (0..a.size()).map(|i| a.eval_int(i)).collect();
        for j in 1..comp.size() {
            prop_assert!(!img_a.contains(&comp.eval_int(j)), "{} and {} meet at {}", a, comp, comp.eval_int(j));
            prop_assert!(comp.eval_int(j) > comp.eval_int(j - 1), "complement not increasing");
        }
        if is_injective(&a) {
            let both = Layout::concat(&[a.clone(), comp.clone()]);
            let m = both.size();
            let img: BTreeSet<i64> = (0..m).map(|i| both.eval_int(i)).collect();
            prop_assert_eq!(img.len() as i64, m, "(a, comp) not injective");
            prop_assert_eq!(img, (0..m).collect::<BTreeSet<_>>());
            prop_assert!(m >= cotarget);
        }
    }

    #[test]
    fn complement_accepts_compact_permutations(a in compact_perm_layout(), cotarget in 1i64..=100) {
        let comp = complement(&a, cotarget);
        prop_assert!(comp.is_ok(), "{} : {:?}", a, comp);
    }

    #[test]
    fn logical_divide_matches_definition(
        a in prop_oneof![pow2_layout(), int_layout(), basis_layout()],
        tiler in prop_oneof![pow2_layout(), compact_perm_layout()],
    ) {
        let r = logical_divide(&a, &tiler);
        expect_precondition(&r);
        let Ok(d) = r else { return Ok(()); };
        let t = Layout::concat(&[tiler.clone(), complement(&tiler, a.size()).unwrap()]);
        prop_assert_eq!(d.rank(), 2);
        prop_assert_eq!(d.mode(0).unwrap().size(), tiler.size());
        prop_assert_eq!(d.size(), t.size());
        prop_assert!(d.size() >= a.size());
        for i in 0..d.size() {
            prop_assert_eq!(at(&d, i), at(&a, t.eval_int(i)), "{} / {} = {} at {}", a, tiler, d, i);
        }
    }

    #[test]
    fn right_inverse_inverts(a in any_layout()) {
        let r = right_inverse(&a);
        prop_assert!(depth(r.shape()) <= 1);
        for j in 0..r.size() {
            let x = r.eval_int(j);
            prop_assert!((0..a.size()).contains(&x));
            prop_assert_eq!(at(&a, x), norm(vec![j]), "a = {}, r = {}, j = {}", a, r, j);
        }
    }

    #[test]
    fn left_inverse_inverts(a in any_layout()) {
        let r = left_inverse(&a);
        expect_precondition(&r);
        if !a.is_integral() || !is_injective(&a) {
            prop_assert!(r.is_err(), "left inverse of non-injective {}", a);
        }
        if let Ok(l) = r {
            for i in 0..a.size() {
                prop_assert_eq!(l.eval_int(a.eval_int(i)), i, "a = {}, l = {}", a, l);
            }
        }
    }

    #[test]
    fn left_inverse_exists_for_compact_permutations(a in compact_perm_layout()) {
        prop_assert!(left_inverse(&a).is_ok(), "{}", a);
    }

    #[test]
    fn preimage_partitions_the_domain(a in any_layout()) {
        let p = preimage(&a);
        let mut all: Vec<i64> = Vec::new();
        for (y, xs) in &p {
            prop_assert!(xs.windows(2).all(|w| w[0] < w[1]));
            for &x in xs {
                prop_assert_eq!(&a.eval(x), y);
            }
            all.extend(xs);
        }
        all.sort_unstable();
        prop_assert_eq!(all, (0..a.size()).collect::<Vec<_>>());
    }

    #[test]
    fn qamap_from_layout_agrees(a in any_layout()) {
        let q = QaMap::from_layout(&a);
        prop_assert_eq!(&q.domain, a.shape());
        for i in 0..a.size() + 3 {
            prop_assert_eq!(norm(q.eval(i)), at(&a, i), "{} at {}", q, i);
        }
    }

    #[test]
    fn qamap_compose_is_exact(a in any_layout(), b in integral_layout()) {
        // Always defined, and agrees with layout composition where that one is.
        let q = QaMap::from_layout(&a).compose(&QaMap::from_layout(&b)).unwrap();
        prop_assert_eq!(&q.domain, b.shape());
        let c = compose(&a, &b).ok();
        for i in 0..b.size() {
            let want = at(&a, b.eval_int(i));
            prop_assert_eq!(norm(q.eval(i)), want.clone());
            if let Some(c) = &c {
                prop_assert_eq!(at(c, i), want);
            }
        }
    }

    #[test]
    fn qamap_compose_through_coordinates(
        a in any_layout(),
        ext in prop::collection::vec(1i64..=4, 1..=3),
        seed in prop::collection::vec(0i64..=7, 4),
    ) {
        // Inner map lands in a flat coordinate of a's domain: coordinate j = (i * k_j) mod s_j.
        let leaves = a.shape().leaves();
        let inner_dom = Shape::flat(&ext);
        let exprs: Vec<QaExpr> = leaves
            .iter()
            .enumerate()
            .map(|(j, &s)| (QaExpr::var(0) * seed[j % seed.len()]).modulo(s).unwrap())
            .collect();
        let inner = QaMap { domain: inner_dom.clone(), exprs };
        let q = QaMap::from_layout(&a).compose(&inner).unwrap();
        for i in 0..inner_dom.size() {
            let crd = inner.eval(i);
            prop_assert_eq!(norm(q.eval(i)), norm(a.eval_flat(&crd)));
        }
    }
}

fn qa_expr() -> impl Strategy<Value = QaExpr> {
    let leaf = prop_oneof![
        (0usize..2).prop_map(QaExpr::var),
        (-5i64..=5).prop_map(QaExpr::constant)
    ];
    leaf.prop_recursive(4, 24, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| a + b),
            (inner.clone(), -3i64..=4).prop_map(|(a, c)| a * c),
            (inner.clone(), 1i64..=6).prop_map(|(a, c)| a.floor_div(c).unwrap()),
            (inner, 1i64..=6).prop_map(|(a, c)| a.modulo(c).unwrap()),
        ]
    })
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn simplify_preserves_value(e in qa_expr()) {
        let s = e.simplify();
        prop_assert_eq!(s.simplify(), s.clone(), "not idempotent: {}", s);
        for x in -13..=13 {
            for y in [-7i64, 0, 5] {
                prop_assert_eq!(s.eval(&[x, y]), e.eval(&[x, y]), "{} vs {}", e, s);
            }
        }
    }

    #[test]
    fn substitute_is_composition(e in qa_expr(), f in qa_expr(), g in qa_expr()) {
        let h = e.substitute(&[f.clone(), g.clone()]);
        for x in -6..=6 {
            for y in [-3i64, 0, 4] {
                let v = [x, y];
                prop_assert_eq!(h.eval(&v), e.eval(&[f.eval(&v), g.eval(&v)]));
                prop_assert_eq!(h.simplify().eval(&v), h.eval(&v));
            }
        }
    }
}

// ---------- coverage: the laws must bite ----------

fn ok_fraction<S: Strategy>(s: S, n: usize, f: impl Fn(&S::Value) -> bool) -> f64 {
    let mut runner = TestRunner::new(Config {
        rng_algorithm: proptest::test_runner::RngAlgorithm::ChaCha,
        ..Config::default()
    });
    let mut ok = 0;
    for _ in 0..n {
        let v = s.new_tree(&mut runner).unwrap().current();
        if f(&v) {
            ok += 1;
        }
    }
    let frac = ok as f64 / n as f64;
    eprintln!("coverage: {frac:.2}");
    frac
}

#[test]
fn coverage() {
    let c = ok_fraction((pow2_layout(), pow2_layout()), 400, |(a, b)| {
        compose(a, b).is_ok()
    });
    assert!(c > 0.4, "pow2 compose succeeds only {c}");
    let c = ok_fraction((any_layout(), integral_layout()), 400, |(a, b)| {
        compose(a, b).is_ok()
    });
    assert!(c > 0.15, "compose succeeds only {c}");
    let c = ok_fraction(
        (
            prop_oneof![pow2_layout(), basis_layout()],
            pow2_layout(),
            pow2_layout(),
        ),
        400,
        |(a, b, c)| {
            compose(a, b).and_then(|ab| compose(&ab, c)).is_ok()
                && compose(b, c).and_then(|bc| compose(a, &bc)).is_ok()
        },
    );
    assert!(c > 0.15, "associativity checked on only {c}");
    let c = ok_fraction(
        (
            prop_oneof![pow2_layout(), int_layout(), basis_layout()],
            prop_oneof![pow2_layout(), compact_perm_layout()],
        ),
        400,
        |(a, t)| logical_divide(a, t).is_ok(),
    );
    assert!(c > 0.2, "logical_divide succeeds only {c}");
    let c = ok_fraction(any_layout(), 400, |a| left_inverse(a).is_ok());
    assert!(c > 0.2, "left_inverse succeeds only {c}");
    let c = ok_fraction(any_layout(), 400, |a| right_inverse(a).size() > 1);
    assert!(c > 0.1, "right_inverse is non-trivial only {c}");
}

// ---------- hand-checked examples (CuTe docs, 02_layout_algebra.md) ----------

fn l(modes: &[(i64, i64)]) -> Layout {
    Layout::flat(modes).unwrap()
}

fn nested(shape: Tree<i64>, stride: Tree<i64>) -> Layout {
    Layout::new(shape, stride.map(&|&d| Stride::int(d))).unwrap()
}

fn t(xs: &[i64]) -> Tree<i64> {
    Tree::Node(xs.iter().map(|&x| Tree::Leaf(x)).collect())
}

#[test]
fn cute_coalesce_examples() {
    let a = nested(
        Tree::Node(vec![Tree::Leaf(2), t(&[1, 6])]),
        Tree::Node(vec![Tree::Leaf(1), t(&[6, 2])]),
    );
    assert_eq!(coalesce(&a).to_string(), "12:1");
    assert_eq!(
        coalesce(&l(&[(2, 4), (1, 9), (3, 10)])).to_string(),
        "(2,3):(4,10)"
    );
    assert_eq!(coalesce(&l(&[(2, 4), (1, 9), (3, 8)])).to_string(), "6:4");
    assert_eq!(coalesce(&l(&[(1, 3), (1, 5)])).to_string(), "1:0");
    // Basis strides coalesce per basis vector.
    let id = Layout::flat_strides(&[
        (2, Stride::basis(1, 1)),
        (3, Stride::basis(1, 2)),
        (4, Stride::basis(0, 1)),
    ])
    .unwrap();
    assert_eq!(coalesce(&id).to_string(), "(6,4):(E1,E0)");
}

#[test]
fn cute_compose_examples() {
    let c = compose(&l(&[(6, 8), (2, 2)]), &l(&[(4, 3), (3, 1)])).unwrap();
    assert_eq!(c.to_string(), "((2,2),3):((24,2),8)");
    let c = compose(&l(&[(20, 2)]), &l(&[(5, 4), (4, 1)])).unwrap();
    assert_eq!(c.to_string(), "(5,4):(8,2)");
    let c = compose(&l(&[(10, 16), (2, 4)]), &l(&[(5, 1), (4, 5)])).unwrap();
    assert_eq!(c.to_string(), "(5,(2,2)):(16,(80,4))");
    // Not a layout: the first 4 points of (3,4):(1,10) are 0,1,2,10.
    assert!(compose(&l(&[(3, 1), (4, 10)]), &l(&[(4, 1)])).is_err());
    // Inner layout must be integral.
    let id = Layout::identity(&[4, 4]).unwrap();
    assert!(compose(&l(&[(16, 1)]), &id).is_err());
    // Outer basis strides: a tile of a (4,8) coordinate space.
    let id = Layout::identity(&[4, 8]).unwrap();
    let c = compose(&id, &l(&[(2, 1), (4, 4)])).unwrap();
    assert_eq!(c.to_string(), "(2,4):(E0,E1)");
}

#[test]
fn cute_complement_examples() {
    assert_eq!(
        complement(&l(&[(4, 2)]), 24).unwrap().to_string(),
        "(2,3):(1,8)"
    );
    assert_eq!(complement(&l(&[(4, 1)]), 24).unwrap().to_string(), "6:4");
    assert_eq!(
        complement(&l(&[(2, 1), (2, 6)]), 24).unwrap().to_string(),
        "(3,2):(2,12)"
    );
    assert_eq!(
        complement(&l(&[(2, 4), (4, 1)]), 24).unwrap().to_string(),
        "3:8"
    );
    assert_eq!(
        complement(&l(&[(2, 1), (4, 6)]), 24).unwrap().to_string(),
        "3:2"
    );
    assert_eq!(
        complement(&l(&[(4, 1), (6, 4)]), 24).unwrap().to_string(),
        "1:0"
    );
    // Colliding strides: (2,2):(3,2) is injective but has no layout complement.
    assert!(complement(&l(&[(2, 3), (2, 2)]), 12).is_err());
    assert!(complement(&l(&[(4, 1)]), 0).is_err());
}

#[test]
fn cute_logical_divide_example() {
    let a = l(&[(4, 2), (2, 1), (3, 8)]);
    let d = logical_divide(&a, &l(&[(4, 2)])).unwrap();
    assert_eq!(d.to_string(), "((2,2),(2,3)):((4,1),(2,8))");
}

#[test]
fn inverse_examples() {
    let a = l(&[(4, 2), (2, 1)]);
    assert_eq!(right_inverse(&a).to_string(), "(2,4):(4,1)");
    let li = left_inverse(&a).unwrap();
    for i in 0..8 {
        assert_eq!(li.eval_int(a.eval_int(i)), i);
    }
    assert_eq!(right_inverse(&l(&[(4, 2)])).to_string(), "1:0");
    assert!(left_inverse(&l(&[(4, 0)])).is_err());
    assert!(left_inverse(&l(&[(2, 1), (2, 1)])).is_err());
}

#[test]
fn preimage_example() {
    let p = preimage(&l(&[(2, 0), (3, 1)]));
    assert_eq!(p.len(), 3);
    assert_eq!(p[&vec![1]], vec![2, 3]);
    assert_eq!(p[&vec![0]], vec![0, 1]);
}
