//! The exact-cover checker. It shares no code with the plan generator or with
//! [`crate::plan`]'s instance enumeration: it reads the plan's raw fields and expands them itself.
//!
//! Method: structural checks at every level (tiles divide, regions lie inside the worker box,
//! regions are pairwise disjoint and their volumes add up to the box), an exact bitmap check of
//! each distinct region's instance lattice, and — when the whole problem has at most
//! [`BRUTE_FORCE_POINTS`] points — a bitmap of the whole `batch x m x n x k` space in which every
//! active point of every instance must be hit exactly once. Larger problems rely on the
//! per-level checks, which compose: uniform tessellations of exactly covered boxes, clipped to
//! the problem, cover it exactly (interval reasoning along each dimension).

use crate::plan::{Plan, Split};

/// Problems up to this many points get a whole-space bitmap check.
pub const BRUTE_FORCE_POINTS: i64 = 1 << 22;

/// The checker's verdict.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Verdict {
    /// Whether the plan is an exact cover of the problem's iteration space.
    pub exact: bool,
    /// `"brute-force"` (whole-space bitmap) or `"interval"` (per-level reasoning).
    pub method: &'static str,
    /// Points marked in bitmaps (whole space or per-region).
    pub points_checked: i64,
    /// What failed, empty when exact.
    pub problems: Vec<String>,
}

type Box3 = ([i64; 3], [i64; 3]);

fn boxes_overlap(a: &Box3, b: &Box3) -> bool {
    (0..3).all(|d| a.0[d] < b.1[d] && b.0[d] < a.1[d])
}

/// Checks that `plan` covers its problem exactly. Never panics on malformed plans: every
/// inconsistency becomes a line in [`Verdict::problems`].
pub fn check_plan(plan: &Plan) -> Verdict {
    let mut problems = Vec::new();
    let mut points = 0i64;
    let p = &plan.problem;
    let t = plan.cta_tile;
    if t.iter().any(|&x| x <= 0) || plan.workers.iter().any(|&x| x <= 0) {
        problems.push(format!(
            "non-positive CTA tile {t:?} or workers {:?}",
            plan.workers
        ));
        return Verdict {
            exact: false,
            method: "interval",
            points_checked: 0,
            problems,
        };
    }
    for (d, (&td, &w)) in t.iter().zip(&plan.workers).enumerate() {
        if td % w != 0 {
            problems.push(format!(
                "CTA tile dim {d} = {td} not divisible by {w} workers"
            ));
        }
    }
    let wbox = [t[0] / plan.workers[0], t[1] / plan.workers[1], t[2]];

    // Grid level: whole tiles plus at most one clipped tail tile cover each dimension exactly.
    for (d, (name, x)) in [("m", p.m), ("n", p.n), ("k", p.k)].into_iter().enumerate() {
        let (full, tail) = (x / t[d], x % t[d]);
        let tiles = full + i64::from(tail > 0);
        if full * t[d] + tail != x || tiles * t[d] < x || (tiles - 1) * t[d] >= x {
            problems.push(format!(
                "{name}: {tiles} tiles of {} do not cover [0, {x}) exactly",
                t[d]
            ));
        }
    }
    let wvol: i64 = wbox.iter().product();

    // Worker level: regions partition the worker box.
    let mut vol = 0i64;
    let boxes: Vec<Box3> = plan.regions.iter().map(|r| (r.lo, r.hi)).collect();
    for (i, (lo, hi)) in boxes.iter().enumerate() {
        if (0..3).any(|d| lo[d] < 0 || hi[d] > wbox[d] || lo[d] >= hi[d]) {
            problems.push(format!(
                "region {i} {lo:?}..{hi:?} is empty or outside the worker box {wbox:?}"
            ));
            continue;
        }
        vol += (0..3).map(|d| hi[d] - lo[d]).product::<i64>();
        for (j, other) in boxes.iter().enumerate().skip(i + 1) {
            if boxes_overlap(&(*lo, *hi), other) {
                problems.push(format!("regions {i} and {j} overlap"));
            }
        }
    }
    if vol != wvol {
        problems.push(format!(
            "regions cover {vol} of the worker box's {wvol} points"
        ));
    }
    match plan.split {
        Split::Reduction if plan.reduction.is_none() => {
            problems.push("reduction tessellation without a reduction strategy".into());
        }
        Split::Uniform if plan.regions.len() != 1 => {
            problems.push(format!("uniform split with {} regions", plan.regions.len()));
        }
        _ => {}
    }

    // Instruction level: each region's lattice of instances covers it exactly.
    for (i, r) in plan.regions.iter().enumerate() {
        let ext = [0, 1, 2].map(|d| r.hi[d] - r.lo[d]);
        let (e, s) = (r.piece.extent, r.piece.stride);
        if ext.iter().any(|&x| x <= 0) || e.iter().chain(&s).any(|&x| x <= 0) {
            continue;
        }
        let block = [0, 1, 2].map(|d| e[d] * s[d]);
        if (0..3).any(|d| ext[d] % block[d] != 0) {
            problems.push(format!(
                "region {i} extent {ext:?} is not a multiple of the iTex block {block:?}"
            ));
            continue;
        }
        match lattice_hits(ext, e, s) {
            Ok(n) => points += n,
            Err(msg) => problems.push(format!("region {i}: {msg}")),
        }
    }

    let total = p
        .batch
        .checked_mul(p.m)
        .and_then(|x| x.checked_mul(p.n))
        .and_then(|x| x.checked_mul(p.k));
    let brute = problems.is_empty() && total.is_some_and(|x| x <= BRUTE_FORCE_POINTS);
    if brute {
        match whole_space(plan, wbox) {
            Ok(n) => points += n,
            Err(msg) => problems.push(msg),
        }
    }
    Verdict {
        exact: problems.is_empty(),
        method: if brute { "brute-force" } else { "interval" },
        points_checked: points,
        problems,
    }
}

/// Marks every point of a region of extent `ext` covered by instances of extent `e` and stride
/// `s`. Instance origins are exactly the points whose offset inside their block is below the
/// stride in every dimension.
fn lattice_hits(ext: [i64; 3], e: [i64; 3], s: [i64; 3]) -> Result<i64, String> {
    let n = ext.iter().product::<i64>();
    let mut hits = vec![0u8; usize::try_from(n).map_err(|_| "region too large")?];
    let block = [0, 1, 2].map(|d| e[d] * s[d]);
    let idx = |m: i64, nn: i64, k: i64| (m + ext[0] * (nn + ext[1] * k)) as usize;
    for ok in 0..ext[2] {
        for on in 0..ext[1] {
            for om in 0..ext[0] {
                let o = [om, on, ok];
                if (0..3).any(|d| o[d] % block[d] >= s[d]) {
                    continue;
                }
                for qk in 0..e[2] {
                    for qn in 0..e[1] {
                        for qm in 0..e[0] {
                            let pt = [om + s[0] * qm, on + s[1] * qn, ok + s[2] * qk];
                            if (0..3).any(|d| pt[d] >= ext[d]) {
                                return Err(format!("instance at {o:?} leaves the region"));
                            }
                            let h = &mut hits[idx(pt[0], pt[1], pt[2])];
                            *h = h.saturating_add(1);
                        }
                    }
                }
            }
        }
    }
    match hits.iter().position(|&h| h != 1) {
        None => Ok(n),
        Some(i) => Err(format!("point {i} covered {} times", hits[i])),
    }
}

/// Whole-space bitmap: every active point of every instance of the plan, hit exactly once.
fn whole_space(plan: &Plan, wbox: [i64; 3]) -> Result<i64, String> {
    let p = &plan.problem;
    let dims = [p.m, p.n, p.k];
    let total = (p.batch * p.m * p.n * p.k) as usize;
    let mut hits = vec![0u8; total];
    let t = plan.cta_tile;
    let tiles = [0, 1, 2].map(|d| (dims[d] + t[d] - 1) / t[d]);
    for b in 0..p.batch {
        for cm in 0..tiles[0] {
            for cn in 0..tiles[1] {
                for ck in 0..tiles[2] {
                    for wm in 0..plan.workers[0] {
                        for wn in 0..plan.workers[1] {
                            let base = [
                                cm * t[0] + wm * wbox[0],
                                cn * t[1] + wn * wbox[1],
                                ck * t[2],
                            ];
                            for r in &plan.regions {
                                let (e, s) = (r.piece.extent, r.piece.stride);
                                let block = [0, 1, 2].map(|d| e[d] * s[d]);
                                for om in r.lo[0]..r.hi[0] {
                                    for on in r.lo[1]..r.hi[1] {
                                        for ok in r.lo[2]..r.hi[2] {
                                            let rel = [om - r.lo[0], on - r.lo[1], ok - r.lo[2]];
                                            if (0..3).any(|d| rel[d] % block[d] >= s[d]) {
                                                continue;
                                            }
                                            for qm in 0..e[0] {
                                                for qn in 0..e[1] {
                                                    for qk in 0..e[2] {
                                                        let g = [
                                                            base[0] + om + s[0] * qm,
                                                            base[1] + on + s[1] * qn,
                                                            base[2] + ok + s[2] * qk,
                                                        ];
                                                        if (0..3).any(|d| g[d] >= dims[d]) {
                                                            continue;
                                                        }
                                                        let i = g[0]
                                                            + p.m * (g[1] + p.n * (g[2] + p.k * b));
                                                        let h = &mut hits[i as usize];
                                                        *h = h.saturating_add(1);
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    match hits.iter().position(|&h| h != 1) {
        None => Ok(total as i64),
        Some(i) => {
            let i = i as i64;
            Err(format!(
                "point (m={}, n={}, k={}) covered {} times",
                i % p.m,
                (i / p.m) % p.n,
                (i / (p.m * p.n)) % p.k,
                hits[i as usize]
            ))
        }
    }
}
