//! Split-K through a thread-block cluster: the `S` CTAs of a cluster each run `1/S` of a
//! tile's k-steps, then reduce their partial tiles over distributed shared memory, each
//! split owning `1/S` of the tile, and store their parts of C.
//!
//! The accumulators of a consumer thread come in quads, registers `4q..4q+4` of the tile's
//! pieces in order: quad `q` is the thread's two pairs of 8-column chunk `q mod (n / 8)` of
//! a 64-row piece (PTX ISA 9.7.15.5.1.1, the wgmma D fragment). Split `s` owns the quads
//! `q` with `q mod S == s`. Each split pushes every quad it does not own to its owner with
//! `st.async ... mbarrier::complete_tx::bytes.v4.f32` (PTX ISA 9.7.9.12), into a receive
//! buffer beside the stages that no other use shares, so the pushes need not wait for the
//! owner; the owner waits on its `recv` barrier for the bytes of `S - 1` splits, adds them
//! to its own quads and stores those (direct stores: its quads are not whole boxes of a TMA
//! store). A cluster barrier keeps every CTA alive until every split has all its bytes (the
//! CUDA programming guide asks that distributed shared memory operations complete before a
//! block exits).
//!
//! Before run 35 split 0 read every other split's whole partial tile from their shared
//! memory (`ld.shared::cluster`) between two cluster barriers and stored the whole tile: at
//! split-K 4 of 64x128 tiles those remote loads cost 2.4 us of a 12.4 us kernel (128 x 1104
//! x 4608 f16, H200), and pushing the partials to split 0 instead took as long
//! (docs/BENCHMARKS.md runs 35-a and 35-b): split 0's intake, `(S - 1)` partial tiles
//! through one SM, set the time. Here each SM takes in `(S - 1) / S` of one.

use emit_ptx::ast::{Op, Reg, RegClass};

use tessellate::ring;

use super::{Shape, TileAt, epilogue};
use crate::builder::{Builder, addr, imm, r, sym, vec};

/// Bytes of one quad slot of the receive buffer: a 16-byte vector per consumer thread, in
/// thread order (a warp's 32 vectors are 512 contiguous bytes, free of bank conflicts).
fn slot_bytes(consumers: i64) -> i64 {
    consumers * 128 * 16
}

/// The quads split `s` of `split` owns among `quads` (see the module docs), in order.
fn owned(s: usize, quads: usize, split: i64) -> impl Iterator<Item = usize> {
    (s..quads).step_by(split as usize)
}

/// Byte offset of the `recv` barrier from the barrier base: after `full[S]` and `empty[S]`.
pub(super) fn recv_bar(stages: i64) -> i64 {
    8 * 2 * stages
}

/// Split-K's reduction and epilogue for consumer warpgroup `ci` (see the module docs):
/// `recv` is the receive buffer's shared address (after the stages and staging buffers),
/// `bars` the barriers'. Ends with this split's part of C stored and the cluster barrier that
/// lets the CTA leave passed.
#[allow(clippy::too_many_arguments)]
pub(super) fn reduce_and_store(
    b: &mut Builder,
    sh: &Shape,
    p: &tessellate::GemmProblem,
    (recv, bars): (Reg, Reg),
    tid: Reg,
    ci: Reg,
    at: &TileAt,
    acc: &[Vec<Reg>],
) {
    b.comment("split-K: each split pushes the quads it does not own to their owners");
    let split = sh.split;
    let slot = slot_bytes(sh.consumers);
    let quads: Vec<&[Reg]> = acc.iter().flat_map(|piece| piece.chunks(4)).collect();
    let most = ring::split_k_owned_quads(split, sh.wm, sh.bn);
    // The barrier every thread arrived on after barrier init: the peers' `recv` barriers
    // are initialised.
    b.emit(Op::Barrier, "cluster.wait.acquire", vec![]);
    let mine = b.reg(RegClass::B32);
    b.emit(Op::Sub, "u32", vec![r(mine), r(tid), imm(128)]);
    b.emit(Op::Mad, "lo.u32", vec![r(mine), r(mine), imm(16), r(recv)]);
    let recv_at = b.add_u32(bars, recv_bar(sh.stages));
    // `is[s]`: this CTA is split `s` (the same in every thread of the CTA).
    let is: Vec<Reg> = (0..split)
        .map(|s| {
            let q = b.reg(RegClass::Pred);
            b.emit(Op::Setp, "eq.u32", vec![r(q), r(at.ks), imm(s)]);
            q
        })
        .collect();
    let (dst, rbar, t) = (
        b.reg(RegClass::B32),
        b.reg(RegClass::B32),
        b.reg(RegClass::B32),
    );
    // Split `s`'s rank: `s` itself, or with multicast `s * mcast` past this CTA's place in
    // its block (see `Shape::block_rank`).
    let place = (sh.mcast() > 1).then(|| {
        let rank = b.reg(RegClass::B32);
        b.emit(Op::Mov, "u32", vec![r(rank), sym("%cluster_ctarank")]);
        sh.block_rank(b, rank)
    });
    for (s, &is_s) in is.iter().enumerate() {
        let s = s as i64;
        let skip = b.fresh_label("SPLITK_PUSHED");
        b.emit_if(is_s, false, Op::Bra, "uni", vec![sym(&skip)]);
        // This split's place among owner `s`'s senders: its rank, less one past `s`.
        let past = b.reg(RegClass::Pred);
        b.emit(Op::Setp, "gt.u32", vec![r(past), r(at.ks), imm(s)]);
        b.emit(Op::Selp, "u32", vec![r(t), imm(1), imm(0), r(past)]);
        b.emit(Op::Sub, "u32", vec![r(t), r(at.ks), r(t)]);
        b.emit(
            Op::Mad,
            "lo.u32",
            vec![r(dst), r(t), imm(most * slot), r(mine)],
        );
        let owner = match place {
            Some(place) => b.add_u32(place, s * sh.mcast()),
            None => b.const_u32(s),
        };
        b.emit(
            Op::Mapa,
            "shared::cluster.u32",
            vec![r(dst), r(dst), r(owner)],
        );
        b.emit(
            Op::Mapa,
            "shared::cluster.u32",
            vec![r(rbar), r(recv_at), r(owner)],
        );
        for (u, q) in owned(s as usize, quads.len(), split).enumerate() {
            b.emit(
                Op::St,
                "async.shared::cluster.mbarrier::complete_tx::bytes.v4.f32",
                vec![addr(dst, u as i64 * slot), vec(quads[q]), addr(rbar, 0)],
            );
        }
        b.label(&skip);
    }
    let first = b.reg(RegClass::Pred);
    b.emit(Op::Setp, "eq.u32", vec![r(first), r(tid), imm(128)]);
    let batch = super::reduce_batch(sh, acc.iter().map(Vec::len).sum());
    let tmp: Vec<Vec<Reg>> = (0..batch).map(|_| b.regs(RegClass::F32, 4)).collect();
    let stored = b.fresh_label("SPLITK_STORED");
    // One copy per split of what follows, so that the quads it owns are registers known
    // when the code is emitted.
    for (s, &is_s) in is.iter().enumerate() {
        let next = b.fresh_label("SPLITK_OWNER");
        b.emit_if(is_s, true, Op::Bra, "uni", vec![sym(&next)]);
        let owned: Vec<usize> = owned(s, quads.len(), split).collect();
        let opened = b.fresh_label("SPLITK_OPENED");
        b.emit_if(first, true, Op::Bra, "", vec![sym(&opened)]);
        let bytes = (split - 1) * owned.len() as i64 * slot;
        b.emit(
            Op::Mbarrier,
            "arrive.expect_tx.shared::cta.b64",
            vec![sym("_"), addr(recv_at, 0), imm(bytes)],
        );
        b.label(&opened);
        wait_cluster(b, recv_at);
        // Every split's bytes here have landed: this CTA's arrival on the barrier that
        // lets the cluster leave; with multicast a release, after which no peer's stage
        // release (remote `empty` arrival) is still on its way here.
        let arrive = if sh.mcast() > 1 {
            "cluster.arrive.release"
        } else {
            "cluster.arrive.relaxed"
        };
        b.emit(Op::Barrier, arrive, vec![]);
        // The senders' vectors of owned quad `u`, `tmp.len()` loads before their adds.
        let loads: Vec<(usize, i64)> = (0..owned.len())
            .flat_map(|u| (0..split - 1).map(move |t| (u, t)))
            .collect();
        for group in loads.chunks(tmp.len()) {
            for (&(u, t), x) in group.iter().zip(&tmp) {
                let at = addr(mine, (t * most + u as i64) * slot);
                b.emit(Op::Ld, "shared.v4.f32", vec![vec(x), at]);
            }
            for (&(u, _), x) in group.iter().zip(&tmp) {
                for (a, v) in quads[owned[u]].iter().zip(x) {
                    b.emit(Op::Add, "rn.f32", vec![r(*a), r(*a), r(*v)]);
                }
            }
        }
        let tile = (at.m0, at.n0, at.bz);
        let part = Some((split, s as i64));
        epilogue::emit(b, sh, p, tid, ci, tile, acc, None, None, None, part);
        b.emit(Op::Bra, "uni", vec![sym(&stored)]);
        b.label(&next);
    }
    b.label(&stored);
    b.emit(Op::Barrier, "cluster.wait.acquire", vec![]);
}

/// Waits for phase 0 of the barrier at `bar` with acquire semantics at cluster scope, so
/// that the peers' `st.async` bytes counted on it are visible (PTX ISA 9.7.13.15.16,
/// mbarrier.try_wait).
fn wait_cluster(b: &mut Builder, bar: Reg) {
    let zero = b.const_u32(0);
    let try_wait = "try_wait.parity.acquire.cluster.shared::cta.b64";
    super::spin_wait(b, bar, zero, try_wait);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_quad_has_one_owner_and_a_slot_for_each_sender() {
        for (wm, wn) in [
            (64, 64),
            (64, 128),
            (128, 64),
            (64, 16),
            (64, 96),
            (64, 192),
        ] {
            for split in [2, 4] {
                let q = (wm / 64 * (wn / 8)) as usize;
                let most = ring::split_k_owned_quads(split, wm, wn);
                let mut owners = vec![0; q];
                for s in 0..split as usize {
                    let owned: Vec<usize> = owned(s, q, split).collect();
                    assert!(owned.len() as i64 <= most);
                    for &x in &owned {
                        owners[x] += 1;
                    }
                }
                assert!(owners.iter().all(|&n| n == 1), "{wm}x{wn} split {split}");
                // Sender t of S - 1, owned quad u: slots (t * most + u) are distinct and
                // inside the buffer.
                let bytes = ring::split_k_recv_bytes(split, 1, wm, wn);
                for consumers in 1..=3 {
                    assert_eq!(
                        ring::split_k_bytes(split, consumers, wm, wn),
                        ring::split_k_recv_bytes(split, consumers, wm, wn) + 8
                    );
                }
                let mut seen = std::collections::HashSet::new();
                for t in 0..split - 1 {
                    for u in 0..most {
                        let off = (t * most + u) * slot_bytes(1);
                        assert!(off + slot_bytes(1) <= bytes && seen.insert(off));
                    }
                }
            }
        }
    }
}
