//! The sm_90 asynchronous units as the simulator models them: mbarrier objects, thread-block
//! clusters (`mapa`, `barrier.cluster`, `st.async`, remote arrivals), the TMA engine
//! (`cp.async.bulk.tensor` loads with multicast, stores and reduce-adds), `wgmma` groups and
//! `stmatrix`, and the proxies' ordering of shared memory. Values, not time: a TMA load
//! lands and completes its transaction bytes when issued; the asynchronous reads of shared
//! memory happen as late as the ISA allows (a wgmma when `wgmma.wait_group` retires it, see
//! [`crate::wgmma`]; a TMA store when `cp.async.bulk.wait_group.read` retires its group), so
//! that a kernel reusing that memory too early computes wrong sums; an async-proxy access of
//! shared memory a thread wrote through the generic proxy without `fence.proxy.async` since
//! is an error ([`SimError::ProxyFence`]).

use emit_ptx::ast::{Instr, Op, Operand};

use crate::tma::swizzle;
use crate::{
    Access, Arg, CLUSTER_BIT, Cta, Global, Mbarrier, PARAM_WINDOW, Remote, SimError, TensorMap,
    Thread, TmaIssue, Wait, regs, wgmma,
};

type Exec = Result<(), Option<SimError>>;

/// A thread's bulk (TMA) stores: those issued since its last `cp.async.bulk.commit_group`,
/// and its committed groups, oldest first.
#[derive(Default)]
pub(crate) struct Bulk {
    pending: Vec<BulkStore>,
    groups: std::collections::VecDeque<BulkGroup>,
}

struct BulkGroup {
    stores: Vec<BulkStore>,
    /// The global writes, once the engine has read the shared memory.
    writes: Option<Vec<BulkWrite>>,
}

struct BulkStore {
    map: TensorMap,
    coords: Vec<i64>,
    src: u64,
    add: bool,
    at: usize,
}

struct BulkWrite {
    addr: u64,
    bytes: Vec<u8>,
    add: bool,
    at: usize,
}

impl Cta<'_> {
    /// Instructions of the asynchronous units (`None` from the `Err`: not one of them, or
    /// a form the simulator does not model).
    pub(crate) fn exec_async(
        &mut self,
        th: &mut Thread,
        tid: u32,
        i: &Instr,
        m: &[&str],
        at: usize,
        g: &mut Global,
    ) -> Exec {
        match i.op {
            // A proxy fence orders the thread's generic shared-memory writes before later
            // async-proxy accesses; the others order nothing the simulator reorders.
            Op::Fence if m.first() == Some(&"proxy") && !m.contains(&"global") => {
                self.fence_proxy(tid);
                Ok(())
            }
            Op::Fence | Op::Membar | Op::Prefetch | Op::Setmaxnreg => Ok(()),
            // One grid at a time: the prerequisite grid has completed, and no dependent
            // waits to launch.
            Op::Griddepcontrol => match m {
                ["wait"] => {
                    if let Some(waited) = &mut self.grid_dep {
                        waited.insert(tid);
                    }
                    Ok(())
                }
                ["launch_dependents"] => Ok(()),
                _ => Err(None),
            },
            Op::Barrier if m.first() == Some(&"cluster") => {
                match m.get(1) {
                    Some(&"arrive") => th.cluster_arrivals += 1,
                    Some(&"wait") => self.block = Some(Wait::Cluster(th.cluster_arrivals)),
                    _ => return Err(None),
                }
                Ok(())
            }
            Op::Mapa => {
                let (a, rank) = (self.src(th, tid, i, 1)?, self.src(th, tid, i, 2)?);
                let Some(Operand::Reg(d)) = i.operands.first() else {
                    return Err(None);
                };
                th.regs
                    .insert(*d, CLUSTER_BIT | (rank << 24) | (a & 0xFF_FFFF));
                Ok(())
            }
            Op::Mbarrier => self.mbarrier(th, tid, i, m, at),
            Op::CpAsync if m.first() == Some(&"bulk") => match m.get(1) {
                Some(&"commit_group") => {
                    let b = self.bulk.entry(tid).or_default();
                    let stores = std::mem::take(&mut b.pending);
                    b.groups.push_back(BulkGroup {
                        stores,
                        writes: None,
                    });
                    Ok(())
                }
                Some(&"wait_group") => {
                    let n = self.src(th, tid, i, 0)? as usize;
                    self.bulk_wait(tid, n, m.contains(&"read"), g).map_err(Some)
                }
                Some(&"prefetch") if m.get(2) == Some(&"tensor") => {
                    self.tma_prefetch(th, tid, i, m)
                }
                Some(&"tensor") if m.get(3) == Some(&"global") => {
                    self.tma_store(th, tid, i, at, false)
                }
                Some(&"tensor") => self.tma_load(th, tid, i, m, at, g),
                _ => Err(None),
            },
            Op::CpReduceAsync if m.contains(&"add") => self.tma_store(th, tid, i, at, true),
            Op::St if m.first() == Some(&"async") => self.st_async(th, tid, i, at),
            _ => Err(None),
        }
    }

    fn src(&self, th: &Thread, tid: u32, i: &Instr, k: usize) -> Result<u64, Option<SimError>> {
        self.val(th, tid, i.operands.get(k).ok_or(None)?)
            .ok_or(None)
    }

    /// The first memory operand's address.
    fn first_addr(
        &self,
        th: &Thread,
        tid: u32,
        i: &Instr,
    ) -> Result<(usize, u64), Option<SimError>> {
        let k = i
            .operands
            .iter()
            .position(|o| matches!(o, Operand::Addr { .. }))
            .ok_or(None)?;
        Ok((k, self.addr(th, tid, &i.operands[k]).ok_or(None)?))
    }

    /// `(rank, offset)` of a `shared::cluster` address (the CTA's own without the window bit).
    fn cluster_addr(&self, a: u64) -> (u32, u64) {
        if a & CLUSTER_BIT != 0 {
            (((a >> 24) & 0x7f) as u32, a & 0xFF_FFFF)
        } else {
            (self.rank(), a)
        }
    }

    /// `mbarrier.init`, `.arrive[.expect_tx]`, `.expect_tx`, `.try_wait[.parity]`,
    /// `.test_wait[.parity]` (PTX ISA 9.7.13.15).
    fn mbarrier(&mut self, th: &mut Thread, tid: u32, i: &Instr, m: &[&str], at: usize) -> Exec {
        let (k, a) = self.first_addr(th, tid, i)?;
        let access = |addr| Access {
            cta: self.id,
            thread: tid,
            space: "shared",
            addr,
            bytes: 8,
            at,
        };
        if !a.is_multiple_of(8) {
            return Err(Some(SimError::Misaligned(access(a))));
        }
        let remote = m.contains(&"shared::cluster");
        let (rank, addr) = self.cluster_addr(a);
        if !remote && a & CLUSTER_BIT != 0 {
            return Err(Some(SimError::OutOfBounds(access(a))));
        }
        let after = |k2: usize| i.operands.get(k2);
        match m.first().copied() {
            Some("init") => {
                let count = self.val(th, tid, after(k + 1).ok_or(None)?).ok_or(None)? as u32;
                self.mbarriers.insert(
                    addr,
                    Mbarrier {
                        expected: count,
                        pending: count,
                        tx: 0,
                        phase: 0,
                    },
                );
                Ok(())
            }
            Some(op @ ("arrive" | "expect_tx")) => {
                let tx = if m.contains(&"expect_tx") {
                    self.val(th, tid, after(k + 1).ok_or(None)?).ok_or(None)?
                } else {
                    0
                };
                let arrive = u32::from(op == "arrive");
                if remote && rank != self.rank() {
                    if tx != 0 {
                        return Err(None);
                    }
                    self.remote.push(Remote::Mbarrier {
                        rank,
                        addr,
                        arrive,
                        complete_tx: 0,
                        at,
                    });
                    return Ok(());
                }
                self.mbarrier_update(addr, arrive, tx, 0, at).map_err(Some)
            }
            Some(op @ ("try_wait" | "test_wait")) => {
                let parity = if m.contains(&"parity") {
                    self.val(th, tid, after(k + 1).ok_or(None)?).ok_or(None)? & 1
                } else {
                    return Err(None);
                };
                let b = self.mbarriers.get(&addr).ok_or_else(|| {
                    Some(SimError::Mbarrier {
                        cta: self.id,
                        addr,
                        at,
                        what: "not initialized".into(),
                    })
                })?;
                let done = b.phase & 1 != parity;
                if !done && op == "try_wait" {
                    self.block = Some(Wait::Mbarrier { addr, parity });
                    return Ok(());
                }
                if let Some(Operand::Reg(p)) = i.operands.first() {
                    th.regs.insert(*p, u64::from(done));
                }
                Ok(())
            }
            _ => Err(None),
        }
    }

    /// The tensor map at a generic address, and the box coordinates of a `[map, {c...}]`
    /// operand.
    fn tensor(
        &self,
        th: &Thread,
        tid: u32,
        o: &Operand,
    ) -> Result<(TensorMap, Vec<i64>), Option<SimError>> {
        let Operand::Tensor { map, coords } = o else {
            return Err(None);
        };
        let a = self.val(th, tid, map).ok_or(None)?;
        let slot = a.checked_sub(PARAM_WINDOW).ok_or(None)? / 128;
        let tmap = self
            .params
            .values()
            .find_map(|(k, arg)| match arg {
                Arg::TensorMap(t) if *k as u64 == slot => Some(*t),
                _ => None,
            })
            .ok_or(None)?;
        let c = coords
            .iter()
            .map(|c| Some(i64::from(self.val(th, tid, c)? as u32 as i32)))
            .collect::<Option<_>>()
            .ok_or(None)?;
        Ok((tmap, c))
    }

    /// `cp.async.bulk.prefetch.tensor.Nd.L2.global [map, {c}]`: a hint to bring a box into
    /// L2 (PTX ISA, data movement instructions: `cp.async.bulk.prefetch.tensor`), with no
    /// effect on shared memory, barriers or results; checked for a tensor-map operand of
    /// `N` coordinates and the `.L2.global` form, nothing more.
    fn tma_prefetch(&mut self, th: &Thread, tid: u32, i: &Instr, m: &[&str]) -> Exec {
        let (map, coords) = self.tensor(th, tid, i.operands.first().ok_or(None)?)?;
        let rank = m
            .get(3)
            .and_then(|d| d.strip_suffix('d')?.parse::<usize>().ok());
        if rank != Some(coords.len())
            || m.get(4..6) != Some(&["L2", "global"][..])
            || i.operands.len() != 1
        {
            return Err(None);
        }
        self.tma.push(TmaIssue {
            prefetch: true,
            map,
            coords,
        });
        Ok(())
    }

    /// `cp.async.bulk.tensor.Nd.shared::cluster.global.mbarrier::complete_tx::bytes
    /// [.multicast::cluster] [dst], [map, {c}], [mbar]{, ctaMask}`: the box lands at `dst` in
    /// each destination CTA (the issuer's, or every CTA of the mask) and completes its bytes
    /// on the mbarrier at the same offset there.
    fn tma_load(
        &mut self,
        th: &mut Thread,
        tid: u32,
        i: &Instr,
        m: &[&str],
        at: usize,
        g: &mut Global,
    ) -> Exec {
        let ops = &i.operands;
        let dst = self.addr(th, tid, ops.first().ok_or(None)?).ok_or(None)?;
        let (map, coords) = self.tensor(th, tid, ops.get(1).ok_or(None)?)?;
        let bar = self.addr(th, tid, ops.get(2).ok_or(None)?).ok_or(None)?;
        let (rank, dst) = self.cluster_addr(dst);
        let (_, bar) = self.cluster_addr(bar);
        let access = |bytes| Access {
            cta: self.id,
            thread: tid,
            space: "shared",
            addr: dst,
            bytes,
            at,
        };
        if !dst.is_multiple_of(128) {
            return Err(Some(SimError::Misaligned(access(map.box_bytes()))));
        }
        self.after_grid_dep_wait(&Access {
            space: "global",
            addr: map.base,
            ..access(map.box_bytes())
        })?;
        let ranks: Vec<u32> = if m.contains(&"multicast::cluster") {
            let mask = self.val(th, tid, ops.get(3).ok_or(None)?).ok_or(None)? & 0xffff;
            (0..16).filter(|r| mask >> r & 1 != 0).collect()
        } else {
            vec![rank]
        };
        let eb = u64::from(map.elem_bytes);
        let elements = map.elements(&coords);
        self.tma.push(TmaIssue {
            prefetch: false,
            map,
            coords,
        });
        let mut addrs = Vec::with_capacity(elements.len());
        let mut data = Vec::with_capacity(elements.len() * eb as usize);
        for (off, src) in elements {
            match src {
                Some(a) => data.extend_from_slice(g.slice(a, eb).ok_or_else(|| {
                    Some(SimError::OutOfBounds(Access {
                        space: "global",
                        addr: a,
                        bytes: eb,
                        ..access(eb)
                    }))
                })?),
                None => data.extend(std::iter::repeat_n(0, eb as usize)),
            }
            addrs.push(swizzle(map.swizzle_bytes, dst + off));
        }
        let writes = std::rc::Rc::new(crate::Writes {
            addrs,
            data,
            width: eb as usize,
        });
        for &r in &ranks {
            self.remote.push(Remote::Write {
                rank: r,
                writes: writes.clone(),
                at,
                tma: true,
            });
            self.remote.push(Remote::Mbarrier {
                rank: r,
                addr: bar,
                arrive: 0,
                complete_tx: map.box_bytes(),
                at,
            });
        }
        Ok(())
    }

    /// `cp.async.bulk.tensor.Nd.global.shared::cta.bulk_group [map, {c}], [src]` and the
    /// reduce-add form (`cp.reduce.async.bulk.tensor ... .add`, f32 elements): recorded in
    /// the thread's open bulk group; the engine reads the box's shared memory when a
    /// `cp.async.bulk.wait_group.read` retires the group and writes global memory when a
    /// `cp.async.bulk.wait_group` does (or the thread exits), the latest moments the ISA
    /// allows (PTX ISA 9.7.9.25.3.2).
    fn tma_store(&mut self, th: &mut Thread, tid: u32, i: &Instr, at: usize, add: bool) -> Exec {
        let (map, coords) = self.tensor(th, tid, i.operands.first().ok_or(None)?)?;
        let src = self
            .addr(th, tid, i.operands.get(1).ok_or(None)?)
            .ok_or(None)?;
        if add && map.elem_bytes != 4 {
            return Err(None);
        }
        self.after_grid_dep_wait(&Access {
            cta: self.id,
            thread: tid,
            space: "global",
            addr: map.base,
            bytes: map.box_bytes(),
            at,
        })?;
        if !src.is_multiple_of(128) {
            return Err(Some(SimError::Misaligned(Access {
                cta: self.id,
                thread: tid,
                space: "shared",
                addr: src,
                bytes: map.box_bytes(),
                at,
            })));
        }
        self.bulk.entry(tid).or_default().pending.push(BulkStore {
            map,
            coords,
            src,
            add,
            at,
        });
        Ok(())
    }

    /// `cp.async.bulk.wait_group[.read] n` of thread `tid`: every group but the newest `n`
    /// has its shared memory read (`.read`) or is complete.
    fn bulk_wait(
        &mut self,
        tid: u32,
        n: usize,
        read_only: bool,
        g: &mut Global,
    ) -> Result<(), SimError> {
        let Some(mut b) = self.bulk.remove(&tid) else {
            return Ok(());
        };
        let retire = b.groups.len().saturating_sub(n);
        let mut result = Ok(());
        for group in b.groups.iter_mut().take(retire) {
            if group.writes.is_none() {
                match self.bulk_read(tid, &group.stores) {
                    Ok(w) => group.writes = Some(w),
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
        }
        if result.is_ok() && !read_only {
            for group in b.groups.drain(..retire) {
                result = self.bulk_write(tid, group.writes.unwrap_or_default(), g);
                if result.is_err() {
                    break;
                }
            }
        }
        self.bulk.insert(tid, b);
        result
    }

    /// The global writes of `stores`, read from shared memory now.
    fn bulk_read(&self, tid: u32, stores: &[BulkStore]) -> Result<Vec<BulkWrite>, SimError> {
        let mut out = Vec::new();
        for st in stores {
            let eb = u64::from(st.map.elem_bytes);
            for (off, dst) in st.map.elements(&st.coords) {
                let Some(dst) = dst else { continue };
                let a = swizzle(st.map.swizzle_bytes, st.src + off);
                self.check_async(a..a + eb, st.at, "a TMA store")?;
                let bytes =
                    self.smem
                        .get(a as usize..(a + eb) as usize)
                        .ok_or(SimError::OutOfBounds(Access {
                            cta: self.id,
                            thread: tid,
                            space: "shared",
                            addr: a,
                            bytes: eb,
                            at: st.at,
                        }))?;
                out.push(BulkWrite {
                    addr: dst,
                    bytes: bytes.to_vec(),
                    add: st.add,
                    at: st.at,
                });
            }
        }
        Ok(out)
    }

    fn bulk_write(
        &mut self,
        tid: u32,
        writes: Vec<BulkWrite>,
        g: &mut Global,
    ) -> Result<(), SimError> {
        for w in writes {
            let n = w.bytes.len() as u64;
            let d = self.mem(g, "global", w.addr, n, n, tid, w.at)?;
            if w.add {
                let x = f32::from_le_bytes([w.bytes[0], w.bytes[1], w.bytes[2], w.bytes[3]]);
                let y = f32::from_le_bytes([d[0], d[1], d[2], d[3]]);
                d.copy_from_slice(&(x + y).to_le_bytes());
            } else {
                d.copy_from_slice(&w.bytes);
            }
        }
        Ok(())
    }

    /// Thread `tid` exits: its bulk stores whose shared memory was read complete now; any
    /// other is an error (the CTA's shared memory may be gone before the engine reads it).
    pub(crate) fn exit(&mut self, tid: u32, at: usize, g: &mut Global) -> Result<(), SimError> {
        let Some(b) = self.bulk.remove(&tid) else {
            return Ok(());
        };
        if !b.pending.is_empty() || b.groups.iter().any(|gr| gr.writes.is_none()) {
            return Err(SimError::BulkOutstanding {
                cta: self.id,
                thread: tid,
                at,
            });
        }
        for group in b.groups {
            self.bulk_write(tid, group.writes.unwrap_or_default(), g)?;
        }
        Ok(())
    }

    /// Thread `tid` wrote `n` bytes of shared memory at `addr` through the generic proxy.
    pub(crate) fn mark_generic(&mut self, tid: u32, addr: u64, n: u64) {
        let list = self.dirty_by.entry(tid).or_default();
        for a in addr..addr + n {
            self.dirty.insert(a, tid);
            list.push(a);
        }
    }

    /// `fence.proxy.async` by thread `tid`: its generic writes are ordered before later
    /// async-proxy accesses.
    fn fence_proxy(&mut self, tid: u32) {
        for a in self.dirty_by.remove(&tid).unwrap_or_default() {
            if self.dirty.get(&a) == Some(&tid) {
                self.dirty.remove(&a);
            }
        }
    }

    /// An async-proxy access (`what`, at statement `at`) of the shared-memory addresses
    /// `addrs`: none may hold an unfenced generic write.
    pub(crate) fn check_async(
        &self,
        addrs: impl IntoIterator<Item = u64>,
        at: usize,
        what: &'static str,
    ) -> Result<(), SimError> {
        if self.dirty.is_empty() {
            return Ok(());
        }
        for a in addrs {
            if let Some(&writer) = self.dirty.get(&a) {
                return Err(SimError::ProxyFence {
                    cta: self.id,
                    addr: a,
                    writer,
                    at,
                    what,
                });
            }
        }
        Ok(())
    }

    /// `st.async.shared::cluster.mbarrier::complete_tx::bytes{.v2,.v4}.b32/.f32 [a], v, [mbar]`
    /// (PTX ISA 9.7.9.12): a store into a cluster CTA's shared memory that completes its bytes
    /// on that CTA's mbarrier.
    fn st_async(&mut self, th: &mut Thread, tid: u32, i: &Instr, at: usize) -> Exec {
        let ops = &i.operands;
        let a = self.addr(th, tid, ops.first().ok_or(None)?).ok_or(None)?;
        let bar = self.addr(th, tid, ops.get(2).ok_or(None)?).ok_or(None)?;
        let vals: Vec<u64> = match ops.get(1).ok_or(None)? {
            Operand::Vec(v) => v
                .iter()
                .map(|e| self.val(th, tid, e))
                .collect::<Option<_>>()
                .ok_or(None)?,
            o => vec![self.val(th, tid, o).ok_or(None)?],
        };
        let bytes: Vec<u8> = vals
            .iter()
            .flat_map(|v| (*v as u32).to_le_bytes())
            .collect();
        let (rank, addr) = self.cluster_addr(a);
        let (brank, bar) = self.cluster_addr(bar);
        if brank != rank || !addr.is_multiple_of(bytes.len() as u64) {
            return Err(Some(SimError::Misaligned(Access {
                cta: self.id,
                thread: tid,
                space: "shared::cluster",
                addr: a,
                bytes: bytes.len() as u64,
                at,
            })));
        }
        let n = bytes.len() as u64;
        self.remote.push(Remote::Write {
            rank,
            writes: std::rc::Rc::new(crate::Writes {
                addrs: vec![addr],
                width: bytes.len(),
                data: bytes,
            }),
            at,
            tma: false,
        });
        self.remote.push(Remote::Mbarrier {
            rank,
            addr: bar,
            arrive: 0,
            complete_tx: n,
            at,
        });
        Ok(())
    }

    /// `wgmma.fence`, `.commit_group`, `.wait_group N`, `.mma_async` of warpgroup `wg`, all
    /// 128 threads at it.
    pub(crate) fn wgmma(
        &mut self,
        ts: &mut [Thread],
        wg: usize,
        i: &Instr,
        at: usize,
    ) -> Result<(), SimError> {
        let bad = |what: &str| SimError::Unsupported {
            at,
            what: format!("wgmma {:?}: {what}", i.mods),
        };
        let m: Vec<&str> = i.mods.iter().map(String::as_str).collect();
        match m.first().copied() {
            Some("fence") => Ok(()),
            Some("commit_group") => {
                let s = self.warpgroups.entry(wg).or_default();
                let group = std::mem::take(&mut s.pending);
                s.groups.push_back(group);
                Ok(())
            }
            Some("wait_group") => {
                let Some(&Operand::Imm(n)) = i.operands.first() else {
                    return Err(bad("wait_group count"));
                };
                loop {
                    let s = self.warpgroups.entry(wg).or_default();
                    if s.groups.len() as i64 <= n {
                        return Ok(());
                    }
                    let group = s.groups.pop_front().unwrap_or_default();
                    for op in group {
                        self.retire(ts, wg, &op)?;
                    }
                }
            }
            Some("mma_async") => {
                let op = self.issue(ts, wg, i, &m, at)?;
                self.warpgroups.entry(wg).or_default().pending.push(op);
                Ok(())
            }
            _ => Err(bad("form")),
        }
    }

    /// Records a `wgmma.mma_async.sync.aligned.m64nNkK.f32.T.T d, a-desc, b-desc, scale-d,
    /// imm-scale-a, imm-scale-b{, imm-trans-a, imm-trans-b}`, or with A in registers (tf32
    /// `m64nNk8`: `d, {a0, a1, a2, a3}, b-desc, scale-d, imm-scale-a, imm-scale-b`).
    fn issue(
        &self,
        ts: &[Thread],
        wg: usize,
        i: &Instr,
        m: &[&str],
        at: usize,
    ) -> Result<wgmma::Op, SimError> {
        let bad = |what: &str| SimError::Unsupported {
            at,
            what: format!("wgmma {m:?}: {what}"),
        };
        let shape = m.get(3).ok_or_else(|| bad("shape"))?;
        let nums: Vec<u64> = shape
            .trim_start_matches('m')
            .split(['n', 'k'])
            .filter_map(|x| x.parse().ok())
            .collect();
        let [64, n, k] = nums[..] else {
            return Err(bad("shape"));
        };
        if m.get(4) != Some(&"f32") {
            return Err(bad("accumulator type"));
        }
        let elem = m
            .get(5)
            .and_then(|t| wgmma::Elem::parse(t))
            .ok_or_else(|| bad("operand type"))?;
        let ops = &i.operands;
        if ops.len() < 6 {
            return Err(bad("operands"));
        }
        let a_regs = regs(&ops[1]);
        let a_in_regs = matches!(ops[1], Operand::Vec(_));
        if a_in_regs && (elem != wgmma::Elem::Tf32 || k != 8 || a_regs.len() != 4) {
            return Err(bad("A in registers (tf32 m64nNk8, four registers, only)"));
        }
        // Every thread of the warpgroup must give the same descriptors and scale-d.
        let uniform = |k: usize| -> Result<u64, SimError> {
            let vals: Vec<u64> = (wg * 128..wg * 128 + 128)
                .map(|t| {
                    self.val(&ts[t], t as u32, &ops[k])
                        .ok_or_else(|| bad("operand"))
                })
                .collect::<Result<_, _>>()?;
            if vals.iter().any(|&v| v != vals[0]) {
                return Err(SimError::NonUniform(at));
            }
            Ok(vals[0])
        };
        let desc = |k: usize| -> Result<wgmma::Desc, SimError> {
            wgmma::Desc::decode(uniform(k)?).map_err(|e| bad(&e))
        };
        let imm = |k: usize, default: i64| match ops.get(k) {
            Some(&Operand::Imm(v)) => Ok(v),
            None => Ok(default),
            _ => Err(bad("immediate")),
        };
        let sign = (imm(4, 1)? * imm(5, 1)?) as f64;
        let trans = [imm(6, 0)? == 1, imm(7, 0)? == 1];
        if elem == wgmma::Elem::Tf32 && trans != [false, false] {
            return Err(bad("tf32 is K-major only"));
        }
        let d = regs(&ops[0]);
        if d.len() as u64 != n / 2 {
            return Err(bad("accumulator count"));
        }
        let a = if a_in_regs {
            wgmma::ASource::Regs(a_regs)
        } else {
            wgmma::ASource::Smem(desc(1)?)
        };
        Ok(wgmma::Op {
            at,
            n,
            k,
            elem,
            a,
            b: desc(2)?,
            trans,
            sign,
            accumulate: uniform(3)? & 1 != 0,
            d,
        })
    }

    /// Runs `op`: reads its operands from shared memory now and accumulates into the
    /// warpgroup's registers.
    fn retire(&mut self, ts: &mut [Thread], wg: usize, op: &wgmma::Op) -> Result<(), SimError> {
        let wgmma::Operands { a, b, read } = op.operands(&self.smem).map_err(|addr| {
            SimError::OutOfBounds(Access {
                cta: self.id,
                thread: (wg * 128) as u32,
                space: "shared",
                addr,
                bytes: op.elem.bytes(),
                at: op.at,
            })
        })?;
        self.check_async(read, op.at, "a wgmma")?;
        let k = op.k as usize;
        let a = match &op.a {
            wgmma::ASource::Smem(_) => a,
            // Read now, at retirement: a kernel that rewrote them early reads its new values.
            wgmma::ASource::Regs(regs) => {
                let mut a = vec![0.0; 64 * k];
                for t in 0..128u64 {
                    let th = &ts[wg * 128 + t as usize];
                    for (q, reg) in regs.iter().enumerate() {
                        let (row, col) = wgmma::Op::a_fragment(t, q as u64);
                        let bits = th.regs.get(reg).copied().unwrap_or(0) as u32;
                        a[row as usize * k + col as usize] = op.elem.value(&bits.to_le_bytes());
                    }
                }
                a
            }
        };
        for t in 0..128u64 {
            let th = &mut ts[wg * 128 + t as usize];
            for (v, reg) in op.d.iter().enumerate() {
                let (row, col) = wgmma::Op::fragment(t, v as u64);
                let (row, col) = (row as usize, col as usize);
                let dot: f64 = (0..k).map(|kk| a[row * k + kk] * b[col * k + kk]).sum();
                let old = if op.accumulate {
                    f64::from(f32::from_bits(th.regs.get(reg).copied().unwrap_or(0) as u32))
                } else {
                    0.0
                };
                let x = (old + op.sign * dot) as f32;
                th.regs.insert(*reg, u64::from(x.to_bits()));
            }
        }
        Ok(())
    }

    /// `stmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].shared.b16 [a], {r}` (PTX ISA
    /// 9.7.14.5.16), the inverse of `ldmatrix` ([`crate::Matrices`]).
    pub(crate) fn stmatrix(
        &mut self,
        ts: &mut [Thread],
        lanes: &[usize],
        i: &Instr,
        at: usize,
    ) -> Result<(), SimError> {
        let mx = self.matrices(ts, lanes, i, 0, at)?;
        let sregs = regs(&i.operands[1]);
        let mut writes: Vec<(u64, u16, u32)> = Vec::new();
        for (li, &t) in lanes.iter().enumerate() {
            for j in 0..mx.x {
                let reg = *sregs.get(j).ok_or(SimError::Unsupported {
                    at,
                    what: format!("stmatrix {:?}", i.mods),
                })?;
                let v = ts[t].regs.get(&reg).copied().unwrap_or(0);
                writes.push((mx.addr(li, j, 0), v as u16, t as u32));
                writes.push((mx.addr(li, j, 1), (v >> 16) as u16, t as u32));
            }
        }
        for (a, v, tid) in writes {
            let end = a as usize + 2;
            if end > self.smem.len() {
                return Err(SimError::OutOfBounds(Access {
                    cta: self.id,
                    thread: lanes[0] as u32,
                    space: "shared",
                    addr: a,
                    bytes: 2,
                    at,
                }));
            }
            self.smem[a as usize..end].copy_from_slice(&v.to_le_bytes());
            self.mark_generic(tid, a, 2);
        }
        Ok(())
    }
}
