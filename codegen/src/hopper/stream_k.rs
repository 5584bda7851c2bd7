//! The stream-K schedule of a persistent warpgroup kernel ([`tessellate::Plan::stream_k`]):
//! which tiles and k-tiles each CTA computes, and in which order the pieces of a split tile
//! reach C.
//!
//! `T` output tiles of `kt` k-tiles each, `G` resident CTAs. The first `dp_tiles` tiles
//! (every whole wave, `floor(T / G) * G` of them) are whole tiles, CTA `g` taking tiles
//! `g, g + G, ...` as a persistent kernel does. The `W = (T - dp_tiles) * kt` k-tiles of
//! the last partial wave, numbered tile-major (k fastest), are cut into `G` contiguous
//! ranges: CTA `g` has `[start(g), start(g + 1))` with `start(g) = g * (W / G) + min(g, W
//! mod G)`, one *unit* (piece of a tile) per tile the range touches. So no CTA idles
//! through the last wave: at 4096^3 with 128x256 tiles, 512 tiles on 132 CTAs are 3 whole
//! waves and 116 tiles cut into 132 ranges of 56-57 of their 64 k-tiles.
//!
//! The pieces of one tile are held by consecutive CTAs `g, g + 1, ...` in k order. They
//! reach C in that order, through C itself, not a workspace: the piece at k-tile 0 (the
//! *owner*) stores `alpha * acc (+ beta * C)` like a whole tile, and each later piece
//! (a *contributor*) adds `alpha * acc` into C (`cp.reduce.async.bulk.tensor .add`, or
//! `red.global.add.f32` on the direct path) once the piece before it is in C. A piece that
//! ends inside its tile then raises the flag of CTA `g + 1`, which holds the next piece.
//! C's sums are therefore formed in one fixed order, and launches give identical bits.
//!
//! A CTA runs its range's units last first, so its only contributor unit (the head of its
//! range, if that starts inside a tile) runs last, after every piece it owns. A piece that
//! signals ends inside its tile, so it ends its CTA's range: it is that CTA's first
//! stream-K unit, run before the CTA waits for anything. Every wait is therefore CTA `g`
//! waiting for CTA `g - 1`'s first stream-K unit, which waits for nobody unless it is also
//! that CTA's contributor (a range inside one tile), and then only for CTA `g - 2`; the
//! chain ends at a CTA whose first unit is an owner (CTA 0's range starts at 0). Waits only
//! point to lower `blockIdx`, so the kernel cannot deadlock even if CTAs were not all
//! resident at once, as long as lower ones are dispatched first.
//!
//! The PTX in [`super`] computes the same formulas at run time; the tests here check them
//! as an exact cover of the `T x kt` iteration space with that order of pieces.

/// The compile-time constants of a stream-K schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamK {
    /// Resident CTAs `G` (the grid).
    pub ctas: i64,
    /// Output tiles `T`.
    pub tiles: i64,
    /// k-tiles per output tile.
    pub kt: i64,
    /// Tiles computed whole before the stream-K part (a multiple of `ctas`).
    pub dp_tiles: i64,
}

/// One CTA's piece of one tile: k-tiles `[k0, k0 + count)` of `tile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Linear tile index (before rasterization).
    pub tile: i64,
    /// First k-tile.
    pub k0: i64,
    /// k-tiles.
    pub count: i64,
}

impl Unit {
    /// The unit adds into C after the tile's earlier pieces (it does not start at k-tile 0).
    pub fn contributes(&self) -> bool {
        self.k0 != 0
    }

    /// The unit ends inside its tile, so CTA `g + 1` holds the tile's next piece and waits
    /// for this one's flag.
    pub fn signals(&self, kt: i64) -> bool {
        self.k0 + self.count < kt
    }
}

impl StreamK {
    /// The schedule of `tiles` tiles of `kt` k-tiles over `ctas` CTAs (all at least 1).
    pub fn new(tiles: i64, kt: i64, ctas: i64) -> Self {
        StreamK {
            ctas,
            tiles,
            kt,
            dp_tiles: tiles / ctas * ctas,
        }
    }

    /// k-tiles in the stream-K part, `W`.
    pub fn sk_iters(&self) -> i64 {
        (self.tiles - self.dp_tiles) * self.kt
    }

    /// `(W / G, W mod G)`: every range is `base` k-tiles, the first `rem` one more.
    pub fn base_rem(&self) -> (i64, i64) {
        (self.sk_iters() / self.ctas, self.sk_iters() % self.ctas)
    }

    /// First stream-K k-tile of CTA `g`'s range (`g` up to `ctas`, where it is `W`).
    pub fn start(&self, g: i64) -> i64 {
        let (base, rem) = self.base_rem();
        g * base + g.min(rem)
    }

    /// The units of CTA `g` in the order it runs them: its whole tiles, then its range's
    /// units from the last to the first.
    pub fn units(&self, g: i64) -> Vec<Unit> {
        let mut out: Vec<Unit> = (g..self.dp_tiles)
            .step_by(self.ctas as usize)
            .map(|tile| Unit {
                tile,
                k0: 0,
                count: self.kt,
            })
            .collect();
        let (start, mut end) = (self.start(g), self.start(g + 1));
        while end > start {
            let t = (end - 1) / self.kt;
            let from = start.max(t * self.kt);
            out.push(Unit {
                tile: self.dp_tiles + t,
                k0: from - t * self.kt,
                count: end - from,
            });
            end = from;
        }
        out
    }

    /// Whether any unit is a partial tile (some range starts inside a tile; the first
    /// starts at 0 and the last ends at `W`, both tile boundaries), so the kernel takes
    /// the flags' workspace.
    pub fn has_partials(&self) -> bool {
        (1..self.ctas).any(|g| self.start(g) % self.kt != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every (tile, k-tile) is computed by exactly one unit; every tile's pieces in k order
    /// are held by consecutive CTAs, the first at k-tile 0; a contributor is its CTA's last
    /// unit; and the piece a contributor waits for is the one that signals it: its
    /// predecessor in the tile, held by the CTA before, ending inside the tile, and that
    /// CTA's first stream-K unit, run before any wait of its own.
    fn check(sk: StreamK) {
        let mut hit = vec![0u8; (sk.tiles * sk.kt) as usize];
        let mut pieces: Vec<Vec<(i64, Unit, usize)>> = vec![Vec::new(); sk.tiles as usize];
        let mut first_sk = vec![None; sk.ctas as usize];
        for g in 0..sk.ctas {
            let units = sk.units(g);
            for (i, u) in units.iter().enumerate() {
                assert!(u.count >= 1 && u.k0 + u.count <= sk.kt, "{sk:?} {u:?}");
                for k in u.k0..u.k0 + u.count {
                    hit[(u.tile * sk.kt + k) as usize] += 1;
                }
                if u.contributes() {
                    assert_eq!(i + 1, units.len(), "{sk:?} CTA {g}: a contributor not last");
                }
                if u.tile >= sk.dp_tiles && first_sk[g as usize].is_none() {
                    first_sk[g as usize] = Some(i);
                }
                pieces[u.tile as usize].push((g, *u, i));
            }
        }
        assert!(hit.iter().all(|&h| h == 1), "{sk:?}: not an exact cover");
        for (t, ps) in pieces.iter_mut().enumerate() {
            ps.sort_by_key(|&(_, u, _)| u.k0);
            assert_eq!(ps[0].1.k0, 0, "{sk:?} tile {t}: no owner");
            for w in ps.windows(2) {
                let ((g0, u0, i0), (g1, u1, _)) = (w[0], w[1]);
                assert_eq!(
                    g1,
                    g0 + 1,
                    "{sk:?} tile {t}: pieces not on consecutive CTAs"
                );
                assert!(u0.signals(sk.kt) && u1.contributes(), "{sk:?} tile {t}");
                assert_eq!(
                    Some(i0),
                    first_sk[g0 as usize],
                    "{sk:?} tile {t}: CTA {g0} signals after another unit"
                );
            }
            let last = ps.last().unwrap().1;
            assert!(
                !last.signals(sk.kt),
                "{sk:?} tile {t}: the last piece signals"
            );
        }
    }

    #[test]
    fn suite_like_schedules_cover_exactly() {
        // 4096^3 with 128x256 tiles on 132 SMs; a decode grid of 64 tiles; exact waves.
        for (t, kt, g) in [(512, 64, 132), (64, 64, 132), (264, 64, 132), (7, 3, 132)] {
            check(StreamK::new(t, kt, g));
        }
        let sk = StreamK::new(512, 64, 132);
        assert_eq!(sk.dp_tiles, 3 * 132);
        assert_eq!(sk.base_rem(), (56, 32));
        assert!(sk.has_partials());
        // The last CTA: whole tiles 131, 263, 395, then k-tiles 8..64 of tile 511, a
        // contributor that ends the tile; CTA 1: the head of tile 397 (an owner that
        // signals CTA 2), then the tail of tile 396.
        let last = sk.units(131);
        assert_eq!(last.len(), 4);
        assert_eq!(
            last[3],
            Unit {
                tile: 511,
                k0: 8,
                count: 56
            }
        );
        assert!(last[3].contributes() && !last[3].signals(64));
        let second = sk.units(1);
        assert_eq!(
            &second[3..],
            &[
                Unit {
                    tile: 397,
                    k0: 0,
                    count: 50
                },
                Unit {
                    tile: 396,
                    k0: 57,
                    count: 7
                },
            ]
        );
        assert!(!StreamK::new(264, 64, 132).has_partials());
    }

    proptest! {
        #[test]
        fn units_cover_exactly(t in 1i64..600, kt in 1i64..80, g in 1i64..140) {
            check(StreamK::new(t, kt, g));
        }
    }
}
