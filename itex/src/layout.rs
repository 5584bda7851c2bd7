//! CuTe-style layouts `shape:stride`: quasi-affine maps from a nested colex space to integers
//! or to multi-dimensional coordinates.
//!
//! A layout maps the colex index `i` of its shape to `sum_j crd_j(i) * stride_j`, where
//! `crd_j(i) = (i / prod_{l<j} s_l) mod s_j` (the last leaf is not reduced). A stride leaf is a
//! [`Stride`]: a sum of scaled basis vectors `c0*E0 + c1*E1 + ...`, so a layout can land in
//! `(m, n, k)` directly (CuTe's `ScaledBasis`); an integer stride is `c*E0`.

use std::fmt;

use crate::tree::{Shape, Tree};

/// A stride leaf: the coefficients of the basis vectors `E0, E1, ...` (index = codomain mode).
/// Trailing zeros are insignificant: `[3]` and `[3, 0]` are the same stride.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Stride(pub Vec<i64>);

impl Stride {
    /// The integer stride `c` (codomain rank 1).
    pub fn int(c: i64) -> Self {
        Stride(vec![c])
    }

    /// The scaled basis vector `c * E_mode`.
    pub fn basis(mode: usize, c: i64) -> Self {
        let mut v = vec![0; mode + 1];
        v[mode] = c;
        Stride(v)
    }

    /// Coefficient of `E_mode` (0 past the stored length).
    pub fn coef(&self, mode: usize) -> i64 {
        self.0.get(mode).copied().unwrap_or(0)
    }

    /// Number of codomain modes this stride touches (index of the last non-zero plus one).
    pub fn codomain_rank(&self) -> usize {
        self.0.iter().rposition(|&c| c != 0).map_or(0, |p| p + 1)
    }

    /// `Some(c)` when the stride is an integer (touches only `E0`).
    pub fn as_int(&self) -> Option<i64> {
        (self.codomain_rank() <= 1).then(|| self.coef(0))
    }

    /// Whether every coefficient is zero.
    pub fn is_zero(&self) -> bool {
        self.codomain_rank() == 0
    }

    /// `self * k`.
    pub fn scale(&self, k: i64) -> Stride {
        Stride(self.0.iter().map(|c| c * k).collect())
    }

    /// `self + other`.
    pub fn add(&self, other: &Stride) -> Stride {
        let n = self.0.len().max(other.0.len());
        Stride((0..n).map(|i| self.coef(i) + other.coef(i)).collect())
    }
}

impl PartialEq for Stride {
    fn eq(&self, other: &Self) -> bool {
        let n = self.0.len().max(other.0.len());
        (0..n).all(|i| self.coef(i) == other.coef(i))
    }
}
impl Eq for Stride {}

impl Stride {
    /// Writes the stride as a sum of scaled basis vectors (`E0`, `2E1+E2`, `0`).
    pub fn fmt_basis(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return write!(f, "0");
        }
        let mut first = true;
        for (m, &c) in self.0.iter().enumerate() {
            if c == 0 {
                continue;
            }
            if !first {
                write!(f, "+")?;
            }
            first = false;
            if c == 1 {
                write!(f, "E{m}")?;
            } else {
                write!(f, "{c}E{m}")?;
            }
        }
        Ok(())
    }
}

/// Integer strides print as integers, others as basis sums.
impl fmt::Display for Stride {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_int() {
            Some(c) => write!(f, "{c}"),
            None => self.fmt_basis(f),
        }
    }
}

/// Prints a stride in basis form regardless of its rank.
struct Basis<'a>(&'a Stride);

impl fmt::Display for Basis<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_basis(f)
    }
}

/// Errors building or combining layouts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// Shape and stride trees differ in structure.
    #[error("shape {shape} and stride {stride} are not congruent")]
    NotCongruent {
        /// The shape, printed.
        shape: String,
        /// The stride, printed.
        stride: String,
    },
    /// An extent is zero or negative.
    #[error("extent {0} is not positive")]
    BadExtent(i64),
    /// A precondition of an algebra operation does not hold.
    #[error("{op}: precondition violated: {why}")]
    Precondition {
        /// The operation (`compose`, `complement`, ...).
        op: &'static str,
        /// What failed.
        why: String,
    },
    /// Arithmetic left the `i64` range.
    #[error("integer overflow in {0}")]
    Overflow(&'static str),
}

/// A layout: a shape and a congruent stride tree. See the module docs for the map it denotes.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Layout {
    shape: Shape,
    stride: Tree<Stride>,
}

impl Layout {
    /// Builds `shape:stride`.
    ///
    /// # Errors
    /// [`LayoutError::NotCongruent`] if the trees differ in structure, [`LayoutError::BadExtent`]
    /// if an extent is not positive, [`LayoutError::Overflow`] if the size overflows `i64`.
    pub fn new(shape: Shape, stride: Tree<Stride>) -> Result<Self, LayoutError> {
        if !shape.congruent(&stride) {
            return Err(LayoutError::NotCongruent {
                shape: shape.to_string(),
                stride: stride.to_string(),
            });
        }
        let mut size: i64 = 1;
        for e in shape.leaves() {
            if e <= 0 {
                return Err(LayoutError::BadExtent(e));
            }
            size = size
                .checked_mul(e)
                .ok_or(LayoutError::Overflow("layout size"))?;
        }
        Ok(Layout { shape, stride })
    }

    /// Flat layout from `(extent, integer stride)` pairs, first pair fastest.
    ///
    /// # Errors
    /// As [`Layout::new`].
    pub fn flat(modes: &[(i64, i64)]) -> Result<Self, LayoutError> {
        Self::flat_strides(
            &modes
                .iter()
                .map(|&(e, s)| (e, Stride::int(s)))
                .collect::<Vec<_>>(),
        )
    }

    /// Flat layout from `(extent, stride)` pairs, first pair fastest.
    ///
    /// # Errors
    /// As [`Layout::new`].
    pub fn flat_strides(modes: &[(i64, Stride)]) -> Result<Self, LayoutError> {
        let shape = Shape::flat(&modes.iter().map(|m| m.0).collect::<Vec<_>>());
        let stride = if modes.len() == 1 {
            Tree::Leaf(modes[0].1.clone())
        } else {
            Tree::Node(modes.iter().map(|m| Tree::Leaf(m.1.clone())).collect())
        };
        Self::new(shape, stride)
    }

    /// Column-major (first mode fastest) compact layout of the given extents.
    ///
    /// # Errors
    /// As [`Layout::new`].
    pub fn col_major(extents: &[i64]) -> Result<Self, LayoutError> {
        let mut s = 1i64;
        let mut modes = Vec::new();
        for &e in extents {
            modes.push((e, s));
            s = s.checked_mul(e).ok_or(LayoutError::Overflow("col_major"))?;
        }
        Self::flat(&modes)
    }

    /// Row-major (last mode fastest in memory) compact layout of the given extents.
    ///
    /// # Errors
    /// As [`Layout::new`].
    pub fn row_major(extents: &[i64]) -> Result<Self, LayoutError> {
        let mut strides = vec![0; extents.len()];
        let mut s = 1i64;
        for (i, &e) in extents.iter().enumerate().rev() {
            strides[i] = s;
            s = s.checked_mul(e).ok_or(LayoutError::Overflow("row_major"))?;
        }
        Self::flat(&extents.iter().copied().zip(strides).collect::<Vec<_>>())
    }

    /// The identity onto coordinates: extents `e_j` with strides `E_j`, so `eval` returns the
    /// flat coordinate itself (CuTe's `make_identity_layout`).
    ///
    /// # Errors
    /// As [`Layout::new`].
    pub fn identity(extents: &[i64]) -> Result<Self, LayoutError> {
        Self::flat_strides(
            &extents
                .iter()
                .enumerate()
                .map(|(j, &e)| (e, Stride::basis(j, 1)))
                .collect::<Vec<_>>(),
        )
    }

    /// The shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The stride tree.
    pub fn stride(&self) -> &Tree<Stride> {
        &self.stride
    }

    /// Number of points in the domain.
    pub fn size(&self) -> i64 {
        self.shape.size()
    }

    /// Top-level rank.
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// Top-level mode `i` as a layout.
    pub fn mode(&self, i: usize) -> Option<Layout> {
        Some(Layout {
            shape: self.shape.mode(i)?.clone(),
            stride: self.stride.mode(i)?.clone(),
        })
    }

    /// `(extent, stride)` of every leaf, colex order.
    pub fn flat_modes(&self) -> Vec<(i64, Stride)> {
        self.shape
            .leaves()
            .into_iter()
            .zip(self.stride.leaves())
            .collect()
    }

    /// Codomain rank: the number of basis modes any stride touches (1 for integer layouts
    /// whose strides are not all zero).
    pub fn codomain_rank(&self) -> usize {
        self.stride
            .leaves()
            .iter()
            .map(Stride::codomain_rank)
            .max()
            .unwrap_or(0)
    }

    /// Whether every stride is an integer.
    pub fn is_integral(&self) -> bool {
        self.stride.leaves().iter().all(|s| s.as_int().is_some())
    }

    /// Image of the colex index `i` as a codomain coordinate of length `codomain_rank()`.
    pub fn eval(&self, i: i64) -> Vec<i64> {
        let crd = self.shape.idx2crd(i);
        self.eval_flat(&crd)
    }

    /// Image of a flat coordinate (one entry per leaf).
    pub fn eval_flat(&self, crd: &[i64]) -> Vec<i64> {
        let r = self.codomain_rank();
        let mut out = vec![0; r];
        for (c, s) in crd.iter().zip(self.stride.leaves()) {
            for (m, o) in out.iter_mut().enumerate() {
                *o += c * s.coef(m);
            }
        }
        out
    }

    /// Image of `i` for an integer layout (the `E0` component for any layout).
    pub fn eval_int(&self, i: i64) -> i64 {
        let crd = self.shape.idx2crd(i);
        crd.iter()
            .zip(self.stride.leaves())
            .map(|(c, s)| c * s.coef(0))
            .sum()
    }

    /// Concatenates layouts as top-level modes: `(a, b, ...)`.
    pub fn concat(parts: &[Layout]) -> Layout {
        Layout {
            shape: Tree::Node(parts.iter().map(|p| p.shape.clone()).collect()),
            stride: Tree::Node(parts.iter().map(|p| p.stride.clone()).collect()),
        }
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_integral() {
            write!(f, "{}:{}", self.shape, self.stride)
        } else {
            write!(f, "{}:", self.shape)?;
            fmt_tree_basis(&self.stride, f)
        }
    }
}

fn fmt_tree_basis(t: &Tree<Stride>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match t {
        Tree::Leaf(s) => write!(f, "{}", Basis(s)),
        Tree::Node(ch) => {
            write!(f, "(")?;
            for (i, c) in ch.iter().enumerate() {
                if i > 0 {
                    write!(f, ",")?;
                }
                fmt_tree_basis(c, f)?;
            }
            write!(f, ")")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eval_matches_definition() {
        let l = Layout::flat(&[(4, 2), (3, 16)]).unwrap();
        assert_eq!(l.to_string(), "(4,3):(2,16)");
        assert_eq!(l.eval_int(5), 2 + 16);
        let id = Layout::identity(&[4, 8]).unwrap();
        assert_eq!(id.eval(13), vec![1, 3]);
        assert_eq!(id.to_string(), "(4,8):(E0,E1)");
        let r = Layout::row_major(&[3, 5]).unwrap();
        assert_eq!(r.eval_int(1), 5);
    }

    #[test]
    fn rejects_bad_input() {
        assert!(matches!(
            Layout::flat(&[(0, 1)]),
            Err(LayoutError::BadExtent(0))
        ));
        assert!(Layout::col_major(&[i64::MAX, 4]).is_err());
        let bad = Layout::new(Shape::flat(&[2, 2]), Tree::Leaf(Stride::int(1)));
        assert!(matches!(bad, Err(LayoutError::NotCongruent { .. })));
    }
}
