//! The stream-K schedule of a persistent warpgroup kernel ([`tessellate::Plan::stream_k`]):
//! which tiles and k-tiles each CTA computes, who writes partial sums, and who adds them.
//!
//! `T` output tiles of `kt` k-tiles each, `G` resident CTAs. The first `dp_tiles` tiles
//! (whole waves, `max(floor(T / G) - 1, 0) * G` of them) are whole tiles, CTA `g` taking
//! tiles `g, g + G, ...` as a persistent kernel does. The `W = (T - dp_tiles) * kt` k-tiles
//! of the rest, numbered tile-major (k fastest), are cut into `G` contiguous ranges: CTA `g`
//! runs `[start(g), start(g + 1))` with `start(g) = g * (W / G) + min(g, W mod G)`, one
//! *unit* per tile its range touches, in order.
//!
//! A unit that does not begin at its tile's first k-tile can only be the first unit of its
//! CTA's range, so each CTA writes at most one partial tile (f32, to its own workspace
//! slot) and raises its own flag. The unit that begins at k-tile 0 is the tile's *owner*:
//! if it ends before the tile does, the owner waits for the flags of CTAs `g + 1, g + 2, ...`
//! while their ranges start inside the tile, adds their partials, and runs the epilogue.
//! Every wait is for a CTA's first unit, which waits for nobody, so the kernel cannot
//! deadlock while those CTAs are resident or can become so.
//!
//! The PTX in [`super`] computes the same formulas at run time; the tests here check them
//! as an exact cover of the `T x kt` iteration space.

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

impl StreamK {
    /// The schedule of `tiles` tiles of `kt` k-tiles over `ctas` CTAs (all at least 1).
    pub fn new(tiles: i64, kt: i64, ctas: i64) -> Self {
        let waves = tiles / ctas;
        StreamK {
            ctas,
            tiles,
            kt,
            dp_tiles: (waves - 1).max(0) * ctas,
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

    /// The units of CTA `g` in the order it runs them: its whole tiles, then its range.
    pub fn units(&self, g: i64) -> Vec<Unit> {
        let mut out: Vec<Unit> = (g..self.dp_tiles)
            .step_by(self.ctas as usize)
            .map(|tile| Unit {
                tile,
                k0: 0,
                count: self.kt,
            })
            .collect();
        let (mut it, end) = (self.start(g), self.start(g + 1));
        while it < end {
            let t = it / self.kt;
            let k0 = it - t * self.kt;
            let count = (self.kt - k0).min(end - it);
            out.push(Unit {
                tile: self.dp_tiles + t,
                k0,
                count,
            });
            it += count;
        }
        out
    }

    /// The CTAs whose partials the owner `g` of a unit starting at stream-K k-tile `it`
    /// (a tile's k-tile 0) adds: `g + 1, g + 2, ...` while their ranges start before the
    /// tile ends. Empty when the owner's unit is the whole tile.
    pub fn contributors(&self, g: i64, it: i64) -> Vec<i64> {
        let end = it + self.kt;
        (g + 1..self.ctas)
            .take_while(|&c| self.start(c) < end)
            .collect()
    }

    /// Whether any unit is a partial tile (some range starts inside a tile; the first
    /// starts at 0 and the last ends at `W`, both tile boundaries).
    pub fn has_partials(&self) -> bool {
        (1..self.ctas).any(|g| self.start(g) % self.kt != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every (tile, k-tile) is computed by exactly one unit; every tile has exactly one
    /// owner unit (k0 = 0); a CTA's only non-owner unit is its first stream-K unit; and the
    /// owner's contributor list is exactly the set of CTAs with a non-owner unit of its tile.
    fn check(sk: StreamK) {
        let mut hit = vec![0u8; (sk.tiles * sk.kt) as usize];
        let mut owners = vec![0; sk.tiles as usize];
        let mut partial_of: Vec<Vec<i64>> = vec![Vec::new(); sk.tiles as usize];
        let mut owner_unit = vec![None; sk.tiles as usize];
        for g in 0..sk.ctas {
            let units = sk.units(g);
            let mut it = sk.start(g);
            for (i, u) in units.iter().enumerate() {
                assert!(u.count >= 1 && u.k0 + u.count <= sk.kt, "{sk:?} {u:?}");
                for k in u.k0..u.k0 + u.count {
                    hit[(u.tile * sk.kt + k) as usize] += 1;
                }
                if u.k0 == 0 {
                    owners[u.tile as usize] += 1;
                    owner_unit[u.tile as usize] = Some((g, *u, it));
                } else {
                    let first_sk = units.iter().position(|v| v.tile >= sk.dp_tiles);
                    assert_eq!(Some(i), first_sk, "{sk:?} CTA {g}: a later partial unit");
                    partial_of[u.tile as usize].push(g);
                }
                if u.tile >= sk.dp_tiles {
                    it += u.count;
                }
            }
        }
        assert!(hit.iter().all(|&h| h == 1), "{sk:?}: not an exact cover");
        assert!(owners.iter().all(|&o| o == 1), "{sk:?}: owners");
        for t in 0..sk.tiles as usize {
            let (g, u, it) = owner_unit[t].unwrap();
            let want = if u.count < sk.kt {
                sk.contributors(g, it)
            } else {
                Vec::new()
            };
            assert_eq!(want, partial_of[t], "{sk:?} tile {t}");
        }
    }

    #[test]
    fn suite_like_schedules_cover_exactly() {
        // 4096^3 with 128x256 tiles on 132 SMs; a decode grid of 64 tiles; exact waves.
        for (t, kt, g) in [(512, 64, 132), (64, 64, 132), (264, 64, 132), (7, 3, 132)] {
            check(StreamK::new(t, kt, g));
        }
        let sk = StreamK::new(512, 64, 132);
        assert_eq!(sk.dp_tiles, 2 * 132);
        assert!(sk.has_partials());
        assert!(!StreamK::new(264, 64, 132).has_partials());
    }

    proptest! {
        #[test]
        fn units_cover_exactly(t in 1i64..600, kt in 1i64..80, g in 1i64..140) {
            check(StreamK::new(t, kt, g));
        }
    }
}
