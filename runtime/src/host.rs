//! Host-side pieces that need no GPU: random inputs rounded to the storage type, the poison
//! pattern, the float64 reference on sampled entries, error statistics and the median.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicU64, Ordering};

use half::{bf16, f16};

use crate::types::{ElemType, ErrorStats, GemmCall, Layout};

/// SplitMix64: small, fast, and good enough for test inputs. Not cryptographic.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator with this seed.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform integer in [0, n) (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}

/// A seed that differs on every call: nanoseconds since the epoch mixed with a process-wide
/// counter and the process id.
pub fn fresh_seed() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    let c = COUNTER.fetch_add(1, Ordering::Relaxed);
    let mut r = Rng::new(t ^ c.rotate_left(32) ^ ((std::process::id() as u64) << 16));
    r.next_u64()
}

/// A matrix in host memory, stored exactly as the device sees it (little-endian bytes).
#[derive(Debug, Clone, PartialEq)]
pub struct HostMat {
    /// Storage type.
    pub ty: ElemType,
    /// Raw bytes, `len * ty.size_bytes()` of them.
    pub bytes: Vec<u8>,
}

impl HostMat {
    /// Number of elements.
    pub fn len(&self) -> usize {
        self.bytes.len() / self.ty.size_bytes()
    }

    /// True when it has no elements.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Raw bits of element `idx`, zero-extended.
    pub fn bits(&self, idx: usize) -> u32 {
        let s = self.ty.size_bytes();
        let b = &self.bytes[idx * s..idx * s + s];
        match s {
            1 => b[0] as u32,
            2 => u16::from_le_bytes([b[0], b[1]]) as u32,
            _ => u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
        }
    }

    /// Element `idx` as f64 (exact for every storage type).
    pub fn get(&self, idx: usize) -> f64 {
        let x = self.bits(idx);
        match self.ty {
            ElemType::F16 => f16::from_bits(x as u16).to_f64(),
            ElemType::BF16 => bf16::from_bits(x as u16).to_f64(),
            ElemType::F32 => f32::from_bits(x) as f64,
            ElemType::S8 => x as u8 as i8 as f64,
            ElemType::S32 => x as i32 as f64,
        }
    }

    /// Builds a matrix from f64 values, rounding each to the storage type (round to nearest
    /// even for floats; integers are truncated toward zero and saturate).
    pub fn from_f64(ty: ElemType, vals: impl IntoIterator<Item = f64>) -> Self {
        let mut bytes = Vec::new();
        for v in vals {
            push_encoded(ty, v, &mut bytes);
        }
        HostMat { ty, bytes }
    }

    /// `len` random elements: floats uniform in [-1, 1] rounded to the type, s8 integers
    /// uniform in [-8, 8], s32 integers uniform in [-64, 64].
    pub fn random(ty: ElemType, len: usize, rng: &mut Rng) -> Self {
        let mut bytes = Vec::with_capacity(len * ty.size_bytes());
        for _ in 0..len {
            let v = match ty {
                ElemType::S8 => rng.below(17) as f64 - 8.0,
                ElemType::S32 => rng.below(129) as f64 - 64.0,
                _ => rng.unit() * 2.0 - 1.0,
            };
            push_encoded(ty, v, &mut bytes);
        }
        HostMat { ty, bytes }
    }

    /// `len` copies of the poison pattern of `ty` ([`poison_bits`]).
    pub fn poison(ty: ElemType, len: usize) -> Self {
        let p = poison_bits(ty);
        let s = ty.size_bytes();
        let mut bytes = Vec::with_capacity(len * s);
        for _ in 0..len {
            bytes.extend_from_slice(&p.to_le_bytes()[..s]);
        }
        HostMat { ty, bytes }
    }

    /// True when element `idx` holds the poison pattern.
    pub fn is_poison(&self, idx: usize) -> bool {
        self.bits(idx) == poison_bits(self.ty)
    }
}

fn push_encoded(ty: ElemType, v: f64, out: &mut Vec<u8>) {
    match ty {
        ElemType::F16 => out.extend_from_slice(&f16::from_f64(v).to_bits().to_le_bytes()),
        ElemType::BF16 => out.extend_from_slice(&bf16::from_f64(v).to_bits().to_le_bytes()),
        ElemType::F32 => out.extend_from_slice(&(v as f32).to_le_bytes()),
        ElemType::S8 => out.push(v as i8 as u8),
        ElemType::S32 => out.extend_from_slice(&(v as i32).to_le_bytes()),
    }
}

/// Poison pattern written into C before a `beta == 0` run: all-ones bits (a NaN) for f32
/// (`0xFFFF_FFFF`), f16 and bf16 (`0xFFFF`); `i32::MIN` for s32; `0x80` for s8.
pub fn poison_bits(ty: ElemType) -> u32 {
    match ty {
        ElemType::F32 => 0xFFFF_FFFF,
        ElemType::F16 | ElemType::BF16 => 0xFFFF,
        ElemType::S32 => i32::MIN as u32,
        ElemType::S8 => 0x80,
    }
}

/// Index of A(i, k) in A's storage.
pub fn a_index(call: &GemmCall, i: usize, k: usize) -> usize {
    match call.a_layout {
        Layout::RowMajor => i * call.k as usize + k,
        Layout::ColMajor => i + k * call.m as usize,
    }
}

/// Index of B(k, j) in B's storage.
pub fn b_index(call: &GemmCall, k: usize, j: usize) -> usize {
    match call.b_layout {
        Layout::RowMajor => k * call.n as usize + j,
        Layout::ColMajor => k + j * call.k as usize,
    }
}

/// Float64 reference of C(i, j) = alpha * sum_k A(i,k) B(k,j) + beta * C_in(i,j), from the
/// exact stored inputs; `i` runs over the stacked batches' rows (`batch * M`). `c_in` is
/// ignored when beta is 0 (it may hold poison).
pub fn reference_entry(
    call: &GemmCall,
    a: &HostMat,
    b: &HostMat,
    c_in: &HostMat,
    i: usize,
    j: usize,
) -> f64 {
    // Row `i` of the stacked Cs is row `i mod M` of batch `i / M`.
    let (z, row) = (i / call.m as usize, i % call.m as usize);
    let (per_a, per_b, _) = call.batch_elems();
    let (a0, b0) = (z * per_a, z * per_b);
    let mut acc = 0.0f64;
    for k in 0..call.k as usize {
        acc += a.get(a0 + a_index(call, row, k)) * b.get(b0 + b_index(call, k, j));
    }
    let mut r = call.alpha * acc;
    if call.beta != 0.0 {
        r += call.beta * c_in.get(i * call.n as usize + j);
    }
    r
}

/// Float64 references for `entries`, computed on all available cores.
pub fn reference_entries(
    call: &GemmCall,
    a: &HostMat,
    b: &HostMat,
    c_in: &HostMat,
    entries: &[(u32, u32)],
) -> Vec<f64> {
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 64);
    let chunk = entries.len().div_ceil(threads).max(1);
    let mut out = vec![0.0; entries.len()];
    std::thread::scope(|s| {
        for (dst, src) in out.chunks_mut(chunk).zip(entries.chunks(chunk)) {
            s.spawn(move || {
                for (d, &(i, j)) in dst.iter_mut().zip(src) {
                    *d = reference_entry(call, a, b, c_in, i as usize, j as usize);
                }
            });
        }
    });
    out
}

/// Entries checked against the float64 reference: `count` random (i, j), the four corners,
/// and the whole last row and last column (where ragged-edge bugs show). Sorted, no repeats.
pub fn sample_entries(m: u32, n: u32, count: usize, rng: &mut Rng) -> Vec<(u32, u32)> {
    let mut set = BTreeSet::new();
    for _ in 0..count {
        set.insert((rng.below(m as u64) as u32, rng.below(n as u64) as u32));
    }
    for (i, j) in [(0, 0), (0, n - 1), (m - 1, 0), (m - 1, n - 1)] {
        set.insert((i, j));
    }
    for j in 0..n {
        set.insert((m - 1, j));
    }
    for i in 0..m {
        set.insert((i, n - 1));
    }
    set.into_iter().collect()
}

/// Error statistics of `out` against `reference`, entry by entry; `at(idx)` names the (i, j)
/// of entry `idx` for the worst-entry report.
pub fn error_stats(out: &[f64], reference: &[f64], at: impl Fn(usize) -> (u32, u32)) -> ErrorStats {
    assert_eq!(out.len(), reference.len());
    let mut st = ErrorStats {
        count: out.len(),
        ..ErrorStats::default()
    };
    let (mut num, mut den) = (0.0f64, 0.0f64);
    let mut worst = -1.0f64;
    for (idx, (&o, &r)) in out.iter().zip(reference).enumerate() {
        if !o.is_finite() {
            st.non_finite += 1;
            if worst < f64::INFINITY {
                worst = f64::INFINITY;
                let (i, j) = at(idx);
                st.worst = Some((i, j, o, r));
            }
            continue;
        }
        let d = (o - r).abs();
        num += d * d;
        den += r * r;
        if d > worst {
            worst = d;
            let (i, j) = at(idx);
            st.worst = Some((i, j, o, r));
        }
    }
    st.max_abs = if st.non_finite > 0 {
        f64::INFINITY
    } else {
        worst.max(0.0)
    };
    st.rel = if st.non_finite > 0 {
        f64::INFINITY
    } else if den > 0.0 {
        (num / den).sqrt()
    } else if num == 0.0 {
        0.0
    } else {
        f64::INFINITY
    };
    st
}

/// Median of the values (mean of the two middle ones for an even count); NaN when empty.
pub fn median(vals: &[f64]) -> f64 {
    if vals.is_empty() {
        return f64::NAN;
    }
    let mut v = vals.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    }
}

/// A distribution-free confidence interval of at least 95% for the median of `vals`: the
/// order statistics `x_(j)` and `x_(n+1-j)` (1-based, sorted ascending) for the largest `j`
/// with `P(Bin(n, 1/2) < j) <= 0.025`, which cover the population median with probability
/// `1 - 2 P(Bin(n, 1/2) < j)` when the values are independent draws (e.g. `n = 20`: `x_(6)`,
/// `x_(15)`, 95.9%; `n = 30`: `x_(10)`, `x_(21)`, 95.7%). `None` below 6 values, where even
/// the extremes cover less than 95%, or when a value is NaN.
pub fn median_ci95(vals: &[f64]) -> Option<(f64, f64)> {
    let n = vals.len();
    if n < 6 || vals.iter().any(|v| v.is_nan()) {
        return None;
    }
    // P(X <= i) for X ~ Bin(n, 1/2), summed in log space: 2^-n underflows past n = 1074.
    let ln_half_n = -(n as f64) * std::f64::consts::LN_2;
    let (mut ln_choose, mut cdf, mut j) = (0.0f64, 0.0f64, 0usize);
    for i in 0..n {
        cdf += (ln_choose + ln_half_n).exp();
        if cdf > 0.025 {
            break;
        }
        j = i + 1;
        ln_choose += ((n - i) as f64).ln() - ((i + 1) as f64).ln();
    }
    let mut v = vals.to_vec();
    v.sort_by(f64::total_cmp);
    // j >= 1 for n >= 6 (P(X = 0) = 2^-n <= 1/64).
    Some((v[j - 1], v[n - j]))
}

/// Scan of a kernel's C output: poison left behind and non-finite values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OutputScan {
    /// Elements still holding the poison pattern.
    pub unwritten: usize,
    /// First of them, as (i, j).
    pub first_unwritten: Option<(u32, u32)>,
    /// Elements that are NaN/∞ but not the poison pattern.
    pub non_finite: usize,
}

/// Scans C (M x N row-major). Poison counts as unwritten only when `poisoned` (beta == 0).
pub fn scan_output(c: &HostMat, n: u32, poisoned: bool) -> OutputScan {
    let mut s = OutputScan::default();
    for idx in 0..c.len() {
        if poisoned && c.is_poison(idx) {
            s.unwritten += 1;
            if s.first_unwritten.is_none() {
                s.first_unwritten = Some(((idx / n as usize) as u32, (idx % n as usize) as u32));
            }
        } else if c.ty.is_float() && !c.get(idx).is_finite() {
            s.non_finite += 1;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Compute;

    #[test]
    fn random_fill_is_in_range_rounded_and_not_zero() {
        let mut r = Rng::new(1);
        for ty in [ElemType::F16, ElemType::BF16, ElemType::F32] {
            let m = HostMat::random(ty, 10_000, &mut r);
            assert_eq!(m.len(), 10_000);
            let vals: Vec<f64> = (0..m.len()).map(|i| m.get(i)).collect();
            assert!(vals.iter().all(|v| (-1.0..=1.0).contains(v)), "{ty}");
            assert!(vals.iter().filter(|v| **v == 0.0).count() < 100, "{ty}");
            assert!(vals.iter().any(|v| *v < -0.9) && vals.iter().any(|v| *v > 0.9));
            // Values are exactly representable: re-encoding gives the same bits.
            let again = HostMat::from_f64(ty, vals.iter().copied());
            assert_eq!(again, m);
        }
        let s8 = HostMat::random(ElemType::S8, 10_000, &mut r);
        let vals: Vec<f64> = (0..s8.len()).map(|i| s8.get(i)).collect();
        assert!(
            vals.iter()
                .all(|v| (-8.0..=8.0).contains(v) && v.fract() == 0.0)
        );
        assert!(vals.contains(&-8.0) && vals.contains(&8.0));
    }

    #[test]
    fn fresh_seeds_differ() {
        let a = fresh_seed();
        let b = fresh_seed();
        assert_ne!(a, b);
    }

    #[test]
    fn poison_patterns_are_detected() {
        for ty in [ElemType::F16, ElemType::BF16, ElemType::F32, ElemType::S32] {
            let mut c = HostMat::poison(ty, 6);
            assert!((0..6).all(|i| c.is_poison(i)), "{ty}");
            if ty.is_float() {
                assert!(c.get(0).is_nan(), "{ty} poison must be NaN");
            } else {
                assert_eq!(c.get(0), i32::MIN as f64);
            }
            // Write elements 0..4 with real values; 4 and 5 stay poisoned.
            let real = HostMat::from_f64(ty, [1.0, -2.0, 0.5, 3.0]);
            c.bytes[..real.bytes.len()].copy_from_slice(&real.bytes);
            let s = scan_output(&c, 3, true);
            assert_eq!(s.unwritten, 2);
            assert_eq!(s.first_unwritten, Some((1, 1)));
            assert_eq!(s.non_finite, 0);
            // With beta != 0 poison is not "unwritten", but a NaN still counts as non-finite.
            let s = scan_output(&c, 3, false);
            assert_eq!(s.unwritten, 0);
            assert_eq!(s.non_finite, if ty.is_float() { 2 } else { 0 });
        }
        // A computed NaN that is not the poison pattern.
        let c = HostMat::from_f64(ElemType::F32, [f64::NAN, 1.0]);
        let s = scan_output(&c, 2, true);
        assert_eq!((s.unwritten, s.non_finite), (0, 1));
    }

    /// Straightforward triple loop over full matrices, to check the indexed reference.
    fn dense_reference(call: &GemmCall, a: &[Vec<f64>], b: &[Vec<f64>], c: &[f64]) -> Vec<f64> {
        let (m, n, k) = (call.m as usize, call.n as usize, call.k as usize);
        let mut out = vec![0.0; m * n];
        for i in 0..m {
            for j in 0..n {
                let s: f64 = (0..k).map(|p| a[i][p] * b[p][j]).sum();
                out[i * n + j] = call.alpha * s + call.beta * c[i * n + j];
            }
        }
        out
    }

    /// An f32 GEMM call of `m x n x k` with these layouts.
    fn f32_call((m, n, k): (usize, usize, usize), a: Layout, b: Layout) -> GemmCall {
        let mut call = GemmCall::new(
            m as u32,
            n as u32,
            k as u32,
            ElemType::F32,
            ElemType::F32,
            Compute::F32,
        );
        call.a_layout = a;
        call.b_layout = b;
        call
    }

    /// Row `z * M + i` of a batched call's reference is row `i` of batch `z` alone: batch
    /// `z`'s A, B and C cut out of the stacked buffers and checked as a plain call.
    #[test]
    fn batched_reference_reads_each_batchs_operands() {
        let mut rng = Rng::new(11);
        let (m, n, k, z) = (3usize, 4usize, 5usize, 3usize);
        for (al, bl) in [
            (Layout::RowMajor, Layout::ColMajor),
            (Layout::ColMajor, Layout::RowMajor),
        ] {
            let mut one = f32_call((m, n, k), al, bl);
            one.beta = 0.5;
            let batched = GemmCall {
                batch: z as u32,
                ..one
            };
            let (ea, eb, ec) = batched.elems();
            let a = HostMat::random(ElemType::F32, ea, &mut rng);
            let b = HostMat::random(ElemType::F32, eb, &mut rng);
            let c = HostMat::random(ElemType::F32, ec, &mut rng);
            let cut = |h: &HostMat, len: usize, w: usize| {
                HostMat::from_f64(
                    ElemType::F32,
                    (w * len..(w + 1) * len)
                        .map(|i| h.get(i))
                        .collect::<Vec<f64>>(),
                )
            };
            for w in 0..z {
                let (aw, bw, cw) = (cut(&a, m * k, w), cut(&b, k * n, w), cut(&c, m * n, w));
                for i in 0..m {
                    for j in 0..n {
                        let want = reference_entry(&one, &aw, &bw, &cw, i, j);
                        let got = reference_entry(&batched, &a, &b, &c, w * m + i, j);
                        assert_eq!(got, want, "{al:?} {bl:?} batch {w} ({i}, {j})");
                    }
                }
            }
        }
    }

    #[test]
    fn reference_honours_layouts_alpha_beta() {
        let mut rng = Rng::new(7);
        let (m, n, k) = (5usize, 4usize, 3usize);
        let a2: Vec<Vec<f64>> = (0..m)
            .map(|_| (0..k).map(|_| rng.below(9) as f64 - 4.0).collect())
            .collect();
        let b2: Vec<Vec<f64>> = (0..k)
            .map(|_| (0..n).map(|_| rng.below(9) as f64 - 4.0).collect())
            .collect();
        let c0: Vec<f64> = (0..m * n).map(|x| x as f64).collect();
        for al in [Layout::RowMajor, Layout::ColMajor] {
            for bl in [Layout::RowMajor, Layout::ColMajor] {
                let mut call = f32_call((m, n, k), al, bl);
                call.alpha = 2.0;
                call.beta = -0.5;
                let mut av = vec![0.0; m * k];
                for i in 0..m {
                    for p in 0..k {
                        av[a_index(&call, i, p)] = a2[i][p];
                    }
                }
                let mut bv = vec![0.0; k * n];
                for p in 0..k {
                    for j in 0..n {
                        bv[b_index(&call, p, j)] = b2[p][j];
                    }
                }
                let a = HostMat::from_f64(ElemType::F32, av);
                let b = HostMat::from_f64(ElemType::F32, bv);
                let c = HostMat::from_f64(ElemType::F32, c0.clone());
                let want = dense_reference(&call, &a2, &b2, &c0);
                let entries: Vec<(u32, u32)> = (0..m as u32)
                    .flat_map(|i| (0..n as u32).map(move |j| (i, j)))
                    .collect();
                let got = reference_entries(&call, &a, &b, &c, &entries);
                assert_eq!(got, want, "{al:?} {bl:?}");
                // beta == 0 ignores a poisoned C.
                call.beta = 0.0;
                let poisoned = HostMat::poison(ElemType::F32, m * n);
                let r = reference_entry(&call, &a, &b, &poisoned, 1, 2);
                assert!(r.is_finite());
            }
        }
    }

    #[test]
    fn sample_has_edges_and_no_repeats() {
        let mut rng = Rng::new(3);
        let s = sample_entries(10, 7, 50, &mut rng);
        for e in [(0, 0), (0, 6), (9, 0), (9, 6), (9, 3), (4, 6)] {
            assert!(s.contains(&e), "{e:?}");
        }
        let mut d = s.clone();
        d.dedup();
        assert_eq!(d.len(), s.len());
        assert!(s.iter().all(|&(i, j)| i < 10 && j < 7));
        // 1x1 degenerates to one entry.
        assert_eq!(sample_entries(1, 1, 5, &mut rng), vec![(0, 0)]);
    }

    #[test]
    fn stats_and_median() {
        let r = [3.0, 4.0];
        let s = error_stats(&[3.0, 4.0], &r, |i| (0, i as u32));
        assert_eq!((s.max_abs, s.rel, s.non_finite), (0.0, 0.0, 0));
        let s = error_stats(&[3.0, 4.5], &r, |i| (0, i as u32));
        assert_eq!(s.max_abs, 0.5);
        assert!((s.rel - 0.1).abs() < 1e-12);
        assert_eq!(s.worst, Some((0, 1, 4.5, 4.0)));
        let s = error_stats(&[f64::NAN, 4.0], &r, |i| (0, i as u32));
        assert_eq!(s.non_finite, 1);
        assert!(!s.passes(1.0));
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert!(median(&[]).is_nan());
    }

    #[test]
    fn median_ci95_takes_the_binomial_order_statistics() {
        let v: Vec<f64> = (1..=20).rev().map(f64::from).collect();
        assert_eq!(median_ci95(&v), Some((6.0, 15.0)));
        let v: Vec<f64> = (1..=30).map(f64::from).collect();
        assert_eq!(median_ci95(&v), Some((10.0, 21.0)));
        let v: Vec<f64> = (1..=6).map(f64::from).collect();
        assert_eq!(median_ci95(&v), Some((1.0, 6.0)));
        assert_eq!(median_ci95(&[1.0, 2.0, 3.0, 4.0, 5.0]), None);
        assert_eq!(median_ci95(&[1.0, 2.0, 3.0, 4.0, 5.0, f64::NAN]), None);
        // Large n stays finite and narrows toward the middle: n = 2000 gives the ranks
        // n/2 -+ 1.96 sqrt(n)/2 (about 956 and 1045).
        let v: Vec<f64> = (1..=2000).map(f64::from).collect();
        let (lo, hi) = median_ci95(&v).unwrap();
        assert!(
            (950.0..=960.0).contains(&lo) && (1040.0..=1050.0).contains(&hi),
            "{lo} {hi}"
        );
    }
}
