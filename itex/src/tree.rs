//! Nested integer tuples (CuTe `IntTuple`): the shapes and strides of layouts.
//!
//! A [`Tree`] is either a leaf or a tuple of trees. Spaces built from them are ordered
//! **colexicographically**: the first (leftmost, innermost) mode is the fastest, so a 1-D
//! index, a flat coordinate and the natural nested coordinate name the same point.

use std::fmt;

/// A nested tuple with leaves of type `T`: `Leaf(x)` or `Node([t0, t1, ...])`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Tree<T> {
    /// A single value.
    Leaf(T),
    /// A tuple of sub-trees (possibly empty).
    Node(Vec<Tree<T>>),
}

impl<T: Clone> Tree<T> {
    /// Leaves in colexicographic (left-to-right, depth-first) order.
    pub fn leaves(&self) -> Vec<T> {
        let mut out = Vec::new();
        self.push_leaves(&mut out);
        out
    }

    fn push_leaves(&self, out: &mut Vec<T>) {
        match self {
            Tree::Leaf(x) => out.push(x.clone()),
            Tree::Node(ch) => ch.iter().for_each(|c| c.push_leaves(out)),
        }
    }

    /// Top-level rank: 1 for a leaf, the number of children for a node.
    pub fn rank(&self) -> usize {
        match self {
            Tree::Leaf(_) => 1,
            Tree::Node(ch) => ch.len(),
        }
    }

    /// Top-level mode `i` (a leaf is its own only mode). `None` when `i >= rank`.
    pub fn mode(&self, i: usize) -> Option<&Tree<T>> {
        match self {
            Tree::Leaf(_) if i == 0 => Some(self),
            Tree::Leaf(_) => None,
            Tree::Node(ch) => ch.get(i),
        }
    }

    /// Top-level modes as a vector of trees.
    pub fn modes(&self) -> Vec<Tree<T>> {
        match self {
            Tree::Leaf(_) => vec![self.clone()],
            Tree::Node(ch) => ch.clone(),
        }
    }

    /// Whether `other` has the same nesting structure (leaf positions) as `self`.
    pub fn congruent<U>(&self, other: &Tree<U>) -> bool {
        match (self, other) {
            (Tree::Leaf(_), Tree::Leaf(_)) => true,
            (Tree::Node(a), Tree::Node(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.congruent(y))
            }
            _ => false,
        }
    }

    /// Same structure with every leaf mapped through `f`.
    pub fn map<U>(&self, f: &impl Fn(&T) -> U) -> Tree<U> {
        match self {
            Tree::Leaf(x) => Tree::Leaf(f(x)),
            Tree::Node(ch) => Tree::Node(ch.iter().map(|c| c.map(f)).collect()),
        }
    }

    /// Rebuilds a tree congruent to `self` from leaves taken in colex order.
    /// Returns `None` if the iterator runs short.
    pub fn rebuild<U>(&self, leaves: &mut impl Iterator<Item = U>) -> Option<Tree<U>> {
        Some(match self {
            Tree::Leaf(_) => Tree::Leaf(leaves.next()?),
            Tree::Node(ch) => Tree::Node(
                ch.iter()
                    .map(|c| c.rebuild(leaves))
                    .collect::<Option<Vec<_>>>()?,
            ),
        })
    }
}

/// A nested shape of positive extents.
pub type Shape = Tree<i64>;

impl Shape {
    /// Number of points: the product of all leaf extents (1 for an empty tuple).
    pub fn size(&self) -> i64 {
        self.leaves().iter().product()
    }

    /// A flat shape `(e0, e1, ...)`; a single extent gives a leaf.
    pub fn flat(extents: &[i64]) -> Shape {
        if extents.len() == 1 {
            Tree::Leaf(extents[0])
        } else {
            Tree::Node(extents.iter().map(|&e| Tree::Leaf(e)).collect())
        }
    }

    /// Splits the 1-D colex index `i` into one coordinate per leaf (first leaf fastest).
    /// The last leaf takes whatever remains, so indices past `size()` extend the last mode.
    pub fn idx2crd(&self, i: i64) -> Vec<i64> {
        let ext = self.leaves();
        let mut rest = i;
        let mut out = Vec::with_capacity(ext.len());
        for (j, &e) in ext.iter().enumerate() {
            if j + 1 == ext.len() {
                out.push(rest);
            } else {
                out.push(rest.rem_euclid(e));
                rest = rest.div_euclid(e);
            }
        }
        out
    }

    /// Inverse of [`Shape::idx2crd`]: the colex index of a flat coordinate (one per leaf).
    pub fn crd2idx(&self, crd: &[i64]) -> i64 {
        let ext = self.leaves();
        let mut idx = 0;
        let mut scale = 1;
        for (c, e) in crd.iter().zip(&ext) {
            idx += c * scale;
            scale *= e;
        }
        idx
    }
}

impl<T: fmt::Display> fmt::Display for Tree<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tree::Leaf(x) => write!(f, "{x}"),
            Tree::Node(ch) => {
                write!(f, "(")?;
                for (i, c) in ch.iter().enumerate() {
                    if i > 0 {
                        write!(f, ",")?;
                    }
                    write!(f, "{c}")?;
                }
                write!(f, ")")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colex_roundtrip_over_whole_space() {
        let s = Tree::Node(vec![Shape::flat(&[2, 3]), Tree::Leaf(4)]);
        assert_eq!(s.size(), 24);
        for i in 0..24 {
            let c = s.idx2crd(i);
            assert_eq!(s.crd2idx(&c), i);
        }
        assert_eq!(s.idx2crd(7), vec![1, 0, 1]);
        assert_eq!(s.to_string(), "((2,3),4)");
    }
}
