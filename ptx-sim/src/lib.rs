//! # ptx-sim — a functional simulator for the PTX subset mosaic emits
//!
//! Runs a kernel of an [`emit_ptx::ast::Module`] on the CPU, every CTA of the grid at once,
//! so that generated kernels can be checked against a reference in CI without a GPU. It
//! models *values*, not time: threads run one at a time until they block (`bar.sync` and
//! named barriers: the CTA or the barrier's count; `bar.warp.sync`, `mma.sync`,
//! `ldmatrix`, `stmatrix`, `shfl`: the warp; `wgmma.*`: the warpgroup; an mbarrier phase not
//! yet complete; `barrier.cluster.wait`: the cluster), or for a slice of statements;
//! `cp.async` copies at once (with the zero fill of `src-size`), so its
//! `commit_group`/`wait_group` are no-ops. Races that depend on timing are therefore
//! invisible; out-of-bounds accesses, wrong addresses, wrong fragment layouts, wrong
//! swizzles and descriptors, and wrong arithmetic are not.
//!
//! `mma.sync` gathers each operand tile from the warp's registers through the instruction's
//! canonical iTex fragment maps (`itex::canonical`, themselves checked against the PTX ISA
//! tables), multiplies in f64 (exact for the inputs it sees) and rounds to the accumulator
//! type. tf32 operands are truncated to 10 mantissa bits, as the tensor core reads them.
//!
//! The sm_90 asynchronous units (module `hopper`): mbarrier objects with arrival and
//! transaction counts and phases; thread-block clusters (`.reqnctapercluster`, `mapa`,
//! remote arrivals, `st.async`, `barrier.cluster`); the TMA engine's tiled loads (with
//! multicast), stores and reduce-adds over [`TensorMap`]s ([`tma`]); and `wgmma.mma_async`
//! from shared-memory descriptors, run when `wgmma.wait_group` retires it ([`wgmma`]), so
//! that a stage freed or an accumulator read before its wgmma retired gives wrong sums.
//! Shared memory starts as `0xFF` bytes, NaN in f16, bf16 and f32: a product of shared
//! memory that nothing wrote shows up as NaN.

use std::collections::{HashMap, HashSet};

pub mod gemm;
mod hopper;
pub mod tma;
pub mod wgmma;

pub use tma::TensorMap;

use emit_ptx::ast::{Entry, Instr, Module, Op, Operand, Reg, RegClass, Stmt};
use half::{bf16, f16};
use itex::{DType, InstrOperand, Instruction};

/// Errors of a simulated run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    /// No such entry.
    #[error("no entry named {0}")]
    NoEntry(String),
    /// An instruction the simulator does not model.
    #[error("unsupported instruction at statement {at}: {what}")]
    Unsupported {
        /// Statement index.
        at: usize,
        /// The instruction, debug-printed.
        what: String,
    },
    /// A memory access outside every allocation.
    #[error("{0} is out of bounds")]
    OutOfBounds(Access),
    /// A load or store whose address is not a multiple of its size (the whole vector's for
    /// `.v2` / `.v4`; PTX ISA 6.4.1, "Addresses as Operands").
    #[error("{0} is misaligned")]
    Misaligned(Access),
    /// Threads deadlocked (a barrier not reached by all).
    #[error("deadlock: {0}")]
    Deadlock(String),
    /// A branch to an unknown label.
    #[error("unknown label {0}")]
    NoLabel(String),
    /// Too many steps (a runaway loop).
    #[error("step limit exceeded")]
    StepLimit,
    /// A misused mbarrier (not initialized, too many arrivals or transaction bytes).
    #[error("mbarrier at {addr:#x} of CTA {cta:?} (statement {at}): {what}")]
    Mbarrier {
        /// CTA index.
        cta: [u32; 3],
        /// Shared-memory address.
        addr: u64,
        /// Statement index.
        at: usize,
        /// What went wrong.
        what: String,
    },
    /// A thread exited with a wgmma of its warpgroup never retired by `wgmma.wait_group`.
    #[error("CTA {cta:?} warpgroup {warpgroup}: the wgmma at statement {at} never retired")]
    Unretired {
        /// CTA index.
        cta: [u32; 3],
        /// Warpgroup of the CTA.
        warpgroup: u32,
        /// Statement index of the wgmma.
        at: usize,
    },
    /// A `trap` ran.
    #[error("trap at statement {at} in CTA {cta:?}")]
    Trap {
        /// CTA index.
        cta: [u32; 3],
        /// Statement index.
        at: usize,
    },
    /// The async proxy (a TMA load or store, a wgmma) accessed shared memory that a thread
    /// wrote through the generic proxy (`st.shared`, `stmatrix`) with no
    /// `fence.proxy.async` of that thread between (PTX ISA 8.6, "Proxies").
    #[error(
        "{what} at statement {at} of CTA {cta:?} touches shared memory {addr:#x} that thread \
         {writer} wrote through the generic proxy without a fence.proxy.async since"
    )]
    ProxyFence {
        /// CTA index.
        cta: [u32; 3],
        /// The first such address.
        addr: u64,
        /// The thread that wrote it.
        writer: u32,
        /// Statement index of the async access.
        at: usize,
        /// The access.
        what: &'static str,
    },
    /// In a kernel that takes part in programmatic dependent launch (it has a
    /// `griddepcontrol` instruction), a thread touched global memory (a load, store,
    /// reduction or TMA transfer; an L2 prefetch is a hint and may come first) before it
    /// ran `griddepcontrol.wait`: launched as a dependent grid, it could read what the
    /// previous grid has not written yet, or write what that grid still reads (PTX ISA,
    /// parallel synchronization and communication instructions: `griddepcontrol`).
    #[error("{0} comes before the thread's griddepcontrol.wait")]
    BeforeGridDepWait(Access),
    /// A thread exited with bulk stores whose shared memory the TMA engine had not been
    /// waited on to read (`cp.async.bulk.wait_group.read`), or never committed.
    #[error("thread {thread} of CTA {cta:?} exited at statement {at} with bulk stores outstanding")]
    BulkOutstanding {
        /// CTA index.
        cta: [u32; 3],
        /// Thread.
        thread: u32,
        /// Statement index of the exit.
        at: usize,
    },
    /// Threads of a warpgroup gave a wgmma different descriptors or `scale-d`.
    #[error("wgmma at statement {0}: operands differ between the warpgroup's threads")]
    NonUniform(usize),
}

/// The `m8n8` matrices of an `ldmatrix` / `stmatrix` over a warp (PTX ISA 9.7.14.5.15-16):
/// lane `i` gives the address of row `i % 8` of matrix `i / 8`; half `h` of register `j` of
/// lane `i` is row `i / 4`, column `2 (i % 4) + h` of matrix `j` (transposed: row
/// `2 (i % 4) + h`, column `i / 4`), 16 bits each.
struct Matrices {
    /// Matrices (`.x1`, `.x2`, `.x4`).
    x: usize,
    trans: bool,
    /// Each lane's row address.
    rows: Vec<u64>,
}

impl Matrices {
    /// Shared-memory address of half `h` of register `j` of lane `li`.
    fn addr(&self, li: usize, j: usize, h: usize) -> u64 {
        if self.trans {
            self.rows[8 * j + 2 * (li % 4) + h] + 2 * (li / 4) as u64
        } else {
            self.rows[8 * j + li / 4] + 4 * (li % 4) as u64 + 2 * h as u64
        }
    }
}

/// One thread's memory access, as [`SimError`] reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    /// CTA index.
    pub cta: [u32; 3],
    /// Thread index.
    pub thread: u32,
    /// `global`, `const` or `shared`.
    pub space: &'static str,
    /// Address.
    pub addr: u64,
    /// Access size, bytes.
    pub bytes: u64,
    /// Statement index.
    pub at: usize,
}

impl std::fmt::Display for Access {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "thread {} of CTA {:?}: {} access of {} bytes at {:#x} (statement {})",
            self.thread, self.cta, self.space, self.bytes, self.addr, self.at
        )
    }
}

/// Global memory: disjoint allocations addressed by 64-bit pointers.
#[derive(Default)]
pub struct Global {
    allocs: Vec<(u64, Vec<u8>)>,
    next: u64,
}

impl Global {
    /// Allocates `bytes` (aligned to 256, like cudaMalloc) and returns the device pointer.
    pub fn alloc(&mut self, data: Vec<u8>) -> u64 {
        if self.next == 0 {
            self.next = 0x1000_0000;
        }
        let p = self.next;
        self.next += (data.len() as u64 + 4096).div_ceil(256) * 256;
        self.allocs.push((p, data));
        p
    }

    /// The bytes of the allocation at `ptr`.
    pub fn get(&self, ptr: u64) -> Option<&[u8]> {
        self.allocs
            .iter()
            .find(|(p, _)| *p == ptr)
            .map(|(_, d)| d.as_slice())
    }

    /// The allocation at `ptr` read as little-endian 32-bit words (a trailing partial word
    /// dropped).
    pub fn words(&self, ptr: u64) -> Option<Vec<u32>> {
        let bytes = self.get(ptr)?;
        Some(
            bytes
                .chunks_exact(4)
                .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
                .collect(),
        )
    }

    fn slice(&mut self, addr: u64, n: u64) -> Option<&mut [u8]> {
        for (p, d) in &mut self.allocs {
            if addr >= *p && addr + n <= *p + d.len() as u64 {
                let o = (addr - *p) as usize;
                return Some(&mut d[o..o + n as usize]);
            }
        }
        None
    }
}

/// A kernel argument.
#[derive(Clone, Copy, Debug)]
pub enum Arg {
    /// A `.u64` (pointer).
    U64(u64),
    /// A `.u32`.
    U32(u32),
    /// A `.f32`.
    F32(f32),
    /// A tensor map passed by value (`.param .align 64 .b8 name[128]`): the kernel takes its
    /// generic address (`mov` of the parameter's name, `cvta.param`) for `cp.async.bulk.tensor`.
    TensorMap(TensorMap),
}

/// Launch configuration. The cluster shape is the entry's `.reqnctapercluster` (CTAs
/// consecutive along x).
#[derive(Clone, Copy, Debug)]
pub struct Launch {
    /// Grid.
    pub grid: [u32; 3],
    /// Block (x only is used by mosaic kernels, but all three are honoured).
    pub block: [u32; 3],
    /// Dynamic shared memory bytes.
    pub dynamic_smem: u32,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Wait {
    Run,
    /// `bar.sync a{, b}` (PTX ISA 9.7.13.1): barrier `id`, `count` threads (`None`: every
    /// thread of the CTA that has not exited).
    Bar {
        id: u64,
        count: Option<u64>,
    },
    Warp(usize),
    /// A `.sync.aligned` wgmma instruction: the whole warpgroup at this statement.
    Warpgroup(usize),
    /// `mbarrier.try_wait.parity` until the phase of this parity has completed (the
    /// instruction is executed again, and then succeeds).
    Mbarrier {
        addr: u64,
        parity: u64,
    },
    /// `barrier.cluster.wait` after this many `barrier.cluster.arrive`s of the thread.
    Cluster(u32),
    Done,
}

/// A thread's registers, by class and number (unwritten ones read as 0).
#[derive(Default)]
struct Regs([Vec<u64>; 6]);

impl Regs {
    fn class(r: &Reg) -> usize {
        match r.class {
            RegClass::Pred => 0,
            RegClass::B16 => 1,
            RegClass::B32 => 2,
            RegClass::B64 => 3,
            RegClass::F32 => 4,
            RegClass::F64 => 5,
        }
    }

    fn get(&self, r: &Reg) -> Option<&u64> {
        self.0[Self::class(r)].get(r.n as usize)
    }

    fn insert(&mut self, r: Reg, v: u64) {
        let c = &mut self.0[Self::class(&r)];
        let n = r.n as usize;
        if c.len() <= n {
            c.resize(n + 1, 0);
        }
        c[n] = v;
    }
}

struct Thread {
    regs: Regs,
    pc: usize,
    wait: Wait,
    /// `barrier.cluster.arrive`s so far.
    cluster_arrivals: u32,
}

/// Generic addresses of tensor-map parameters start here (one 128-byte slot per parameter).
const PARAM_WINDOW: u64 = 0xF000_0000_0000;
/// A `shared::cluster` address (`mapa`): this bit, the CTA's rank in the cluster at bit 24,
/// the offset in its shared memory below. Addresses without the bit are the CTA's own.
const CLUSTER_BIT: u64 = 1 << 31;

/// Runs `entry` of `module` over the whole grid.
///
/// Every CTA of the grid runs at once (so that CTAs may wait for one another: clusters,
/// stream-K flags); threads run one at a time until they block.
///
/// # Errors
/// [`SimError`] for unsupported instructions, out-of-bounds accesses, deadlocks.
pub fn run(
    module: &Module,
    entry: &str,
    launch: &Launch,
    args: &[Arg],
    global: &mut Global,
) -> Result<(), SimError> {
    run_counted(module, entry, launch, args, global).map(|_| ())
}

/// One request a CTA's thread made of the TMA engine: a box of a tensor map at element
/// coordinates, loaded into shared memory or (`prefetch`) only asked into L2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaIssue {
    /// `cp.async.bulk.prefetch.tensor` rather than a load (`cp.async.bulk.tensor` into
    /// shared memory).
    pub prefetch: bool,
    /// The tensor map, as the kernel's parameter holds it.
    pub map: TensorMap,
    /// The box's coordinates, innermost first.
    pub coords: Vec<i64>,
}

/// What a finished run did besides its memory: [`run_counted`]'s statement counts, and
/// each CTA's TMA loads and prefetches in issue order (CTAs in launch order: x fastest,
/// then y, then z).
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// Executions of each statement of the entry's body, summed over the grid's threads.
    pub counts: Vec<u64>,
    /// Each CTA's TMA loads and prefetches.
    pub tma: Vec<Vec<TmaIssue>>,
}

/// [`run`], returning how many times each statement of the entry's body was executed,
/// summed over every thread of the grid (guarded-off instructions included, as a GPU issues
/// them; an `mbarrier.try_wait` once more for each wait that blocked; labels 0). Divided by
/// 32 these are PTX warp instructions, not SASS.
///
/// # Errors
/// As [`run`].
pub fn run_counted(
    module: &Module,
    entry: &str,
    launch: &Launch,
    args: &[Arg],
    global: &mut Global,
) -> Result<Vec<u64>, SimError> {
    run_traced(module, entry, launch, args, global).map(|t| t.counts)
}

/// [`run`], returning its [`Trace`]: statement counts ([`run_counted`]) and each CTA's TMA
/// requests.
///
/// # Errors
/// As [`run`].
pub fn run_traced(
    module: &Module,
    entry: &str,
    launch: &Launch,
    args: &[Arg],
    global: &mut Global,
) -> Result<Trace, SimError> {
    let e = module
        .entries
        .iter()
        .find(|e| e.name == entry)
        .ok_or_else(|| SimError::NoEntry(entry.into()))?;
    let labels: HashMap<&str, usize> = e.label_positions();
    let mods: Vec<Vec<&str>> = e
        .body
        .iter()
        .map(|s| match s {
            Stmt::Instr(i) => i.mods.iter().map(String::as_str).collect(),
            _ => Vec::new(),
        })
        .collect();
    let params: HashMap<&str, (usize, Arg)> = e
        .params
        .iter()
        .map(|p| p.name.as_str())
        .zip(args.iter().copied().enumerate())
        .collect();
    // Shared arrays are laid out one after another (128-byte aligned); dynamic ones (size 0)
    // take the launch's dynamic size.
    let mut shared_base: HashMap<&str, u64> = HashMap::new();
    let mut smem_bytes = 0u32;
    for sh in &e.shared {
        shared_base.insert(sh.name.as_str(), u64::from(smem_bytes));
        let size = if sh.bytes == 0 {
            launch.dynamic_smem
        } else {
            sh.bytes
        };
        smem_bytes += size.max(1).next_multiple_of(128);
    }
    // Module-scope `.const` arrays live in global memory, with the values the module holds.
    let consts: HashMap<&str, u64> = module
        .consts
        .iter()
        .map(|c| {
            let bytes = c.values.iter().flat_map(|v| v.to_le_bytes()).collect();
            (c.name.as_str(), global.alloc(bytes))
        })
        .collect();
    let cluster = e.cluster_x.unwrap_or(1).max(1);
    if !launch.grid[0].is_multiple_of(cluster) {
        return Err(SimError::Unsupported {
            at: 0,
            what: format!("grid {:?} of {cluster}-CTA clusters", launch.grid),
        });
    }
    let grid_dep = e
        .body
        .iter()
        .any(|s| matches!(s, Stmt::Instr(i) if i.op == Op::Griddepcontrol));
    let mut ctas = Vec::new();
    for z in 0..launch.grid[2] {
        for y in 0..launch.grid[1] {
            for x in 0..launch.grid[0] {
                ctas.push(Cta {
                    e,
                    labels: &labels,
                    mods: &mods,
                    params: &params,
                    consts: &consts,
                    id: [x, y, z],
                    cluster,
                    launch,
                    smem: vec![0xFF; smem_bytes as usize],
                    shared_base: shared_base.clone(),
                    mbarriers: HashMap::new(),
                    warpgroups: HashMap::new(),
                    bar_arrivals: HashMap::new(),
                    remote: Vec::new(),
                    block: None,
                    bulk: HashMap::new(),
                    dirty: HashMap::new(),
                    dirty_by: HashMap::new(),
                    tma: Vec::new(),
                    grid_dep: grid_dep.then(HashSet::new),
                });
            }
        }
    }
    let mut grid = Grid::new(ctas);
    grid.run(global)?;
    for (n, st) in grid.counts.iter_mut().zip(&e.body) {
        if !matches!(st, Stmt::Instr(_)) {
            *n = 0;
        }
    }
    Ok(Trace {
        tma: grid
            .ctas
            .iter_mut()
            .map(|c| std::mem::take(&mut c.tma))
            .collect(),
        counts: grid.counts,
    })
}

/// Every CTA of a launch and its threads.
struct Grid<'a> {
    ctas: Vec<Cta<'a>>,
    threads: Vec<Vec<Thread>>,
    /// Executions of each statement (see [`run_counted`]).
    counts: Vec<u64>,
}

/// Statements a thread runs before the next one gets a turn (threads spinning on global
/// flags must not starve the ones that set them).
const SLICE: u32 = 4096;

impl<'a> Grid<'a> {
    fn new(ctas: Vec<Cta<'a>>) -> Self {
        let threads = ctas
            .iter()
            .map(|c| {
                let n = c.launch.block.iter().product::<u32>() as usize;
                (0..n)
                    .map(|_| Thread {
                        regs: Regs::default(),
                        pc: 0,
                        wait: Wait::Run,
                        cluster_arrivals: 0,
                    })
                    .collect()
            })
            .collect();
        let counts = vec![0; ctas.first().map_or(0, |c| c.e.body.len())];
        Grid {
            ctas,
            threads,
            counts,
        }
    }

    fn run(&mut self, g: &mut Global) -> Result<(), SimError> {
        let mut steps = 0u64;
        loop {
            let mut progressed = false;
            for c in 0..self.ctas.len() {
                for t in 0..self.threads[c].len() {
                    let mut slice = 0;
                    while self.threads[c][t].wait == Wait::Run && slice < SLICE {
                        steps += 1;
                        slice += 1;
                        if steps > STEP_LIMIT {
                            return Err(SimError::StepLimit);
                        }
                        // Every statement counts here; labels are zeroed at the end.
                        if let Some(n) = self.counts.get_mut(self.threads[c][t].pc) {
                            *n += 1;
                        }
                        self.ctas[c].step(&mut self.threads[c], t, g)?;
                        self.apply_remote(c)?;
                        progressed = true;
                    }
                }
            }
            if self
                .threads
                .iter()
                .all(|ts| ts.iter().all(|t| t.wait == Wait::Done))
            {
                return self.check_retired();
            }
            let mut released = false;
            for c in 0..self.ctas.len() {
                released |= self.ctas[c].release(&mut self.threads[c])?;
            }
            released |= self.release_clusters();
            if !released && !progressed {
                return Err(SimError::Deadlock(self.describe_waits()));
            }
        }
    }

    /// Applies what CTA `c`'s last statement did to its cluster's shared memory.
    fn apply_remote(&mut self, c: usize) -> Result<(), SimError> {
        if self.ctas[c].remote.is_empty() {
            return Ok(());
        }
        let effects = std::mem::take(&mut self.ctas[c].remote);
        let cluster = self.ctas[c].cluster as usize;
        let first = c - c % cluster;
        for fx in effects {
            let (rank, at) = match &fx {
                Remote::Write { rank, at, .. } | Remote::Mbarrier { rank, at, .. } => (*rank, *at),
            };
            if rank as usize >= cluster {
                return Err(SimError::Unsupported {
                    at,
                    what: format!("CTA rank {rank} of a {cluster}-CTA cluster"),
                });
            }
            let dst = &mut self.ctas[first + rank as usize];
            match fx {
                Remote::Write {
                    writes, at, tma, ..
                } => {
                    let w = writes.width;
                    for (&addr, bytes) in writes.addrs.iter().zip(writes.data.chunks(w)) {
                        if tma {
                            dst.check_async(addr..addr + w as u64, at, "a TMA load")?;
                        }
                        let end = addr as usize + w;
                        if end > dst.smem.len() {
                            return Err(SimError::OutOfBounds(Access {
                                cta: dst.id,
                                thread: 0,
                                space: "shared::cluster",
                                addr,
                                bytes: w as u64,
                                at,
                            }));
                        }
                        dst.smem[addr as usize..end].copy_from_slice(bytes);
                    }
                }
                Remote::Mbarrier {
                    addr,
                    arrive,
                    complete_tx,
                    at,
                    ..
                } => dst.mbarrier_update(addr, arrive, 0, complete_tx, at)?,
            }
        }
        Ok(())
    }

    /// Releases `barrier.cluster.wait`s whose cluster has arrived: every thread of the
    /// cluster has arrived as often as the waiter, or exited.
    fn release_clusters(&mut self) -> bool {
        let mut released = false;
        let cluster = self.ctas.first().map_or(1, |c| c.cluster as usize);
        for first in (0..self.ctas.len()).step_by(cluster) {
            let members = &mut self.threads[first..first + cluster];
            // Arrivals of the cluster's slowest thread still running.
            let arrived = members
                .iter()
                .flatten()
                .filter(|t| t.wait != Wait::Done)
                .map(|t| t.cluster_arrivals)
                .min()
                .unwrap_or(u32::MAX);
            for t in members.iter_mut().flatten() {
                if matches!(t.wait, Wait::Cluster(n) if n <= arrived) {
                    t.wait = Wait::Run;
                    t.pc += 1;
                    released = true;
                }
            }
        }
        released
    }

    /// After every thread exited: no wgmma left unretired (its result never reached the
    /// registers it was to write).
    fn check_retired(&self) -> Result<(), SimError> {
        for c in &self.ctas {
            for (wg, s) in &c.warpgroups {
                if let Some(op) = s.pending.first().or(s.groups.iter().flatten().next()) {
                    return Err(SimError::Unretired {
                        cta: c.id,
                        warpgroup: *wg as u32,
                        at: op.at,
                    });
                }
            }
        }
        Ok(())
    }

    fn describe_waits(&self) -> String {
        let mut s = Vec::new();
        for (c, ts) in self.threads.iter().enumerate() {
            for (i, t) in ts.iter().enumerate() {
                if t.wait != Wait::Done && s.len() < 64 {
                    s.push(format!("cta{c}.{i}:{:?}@{}", t.wait, t.pc));
                }
            }
        }
        s.join(" ")
    }
}

/// What a statement does to a CTA of the cluster (itself included), applied right after it.
enum Remote {
    /// Bytes written to the shared memory of CTA `rank` (by the TMA engine, the async
    /// proxy, where `tma`); a multicast box shares one list between its destinations.
    Write {
        rank: u32,
        writes: std::rc::Rc<Writes>,
        at: usize,
        tma: bool,
    },
    /// An arrival (`arrive`) and completed transaction bytes on an mbarrier of CTA `rank`.
    Mbarrier {
        rank: u32,
        addr: u64,
        arrive: u32,
        complete_tx: u64,
        at: usize,
    },
}

/// Equal-sized writes to shared memory: element `i`, `width` bytes of `data` from
/// `i * width`, goes to `addrs[i]`.
struct Writes {
    addrs: Vec<u64>,
    data: Vec<u8>,
    width: usize,
}

/// An mbarrier object (PTX ISA 9.7.13.15): a phase completes when its pending arrivals
/// reach zero and its transaction count is zero; the next phase then expects the init
/// count again.
#[derive(Clone, Copy, Debug)]
struct Mbarrier {
    expected: u32,
    pending: u32,
    tx: i64,
    /// Phases completed.
    phase: u64,
}

/// A warpgroup's wgmma operations not yet retired: issued but not committed, and committed
/// groups, oldest first.
#[derive(Default)]
struct Warpgroup {
    pending: Vec<wgmma::Op>,
    groups: std::collections::VecDeque<Vec<wgmma::Op>>,
}

struct Cta<'a> {
    e: &'a Entry,
    labels: &'a HashMap<&'a str, usize>,
    /// Each statement's modifiers (empty for labels), split once.
    mods: &'a [Vec<&'a str>],
    /// Parameters by name: position and value.
    params: &'a HashMap<&'a str, (usize, Arg)>,
    /// Global addresses of the module's `.const` arrays.
    consts: &'a HashMap<&'a str, u64>,
    id: [u32; 3],
    /// CTAs per cluster (along x).
    cluster: u32,
    launch: &'a Launch,
    smem: Vec<u8>,
    shared_base: HashMap<&'a str, u64>,
    /// mbarrier objects by shared-memory address.
    mbarriers: HashMap<u64, Mbarrier>,
    /// wgmma state by warpgroup.
    warpgroups: HashMap<usize, Warpgroup>,
    /// `bar.arrive`s so far on each named barrier.
    bar_arrivals: HashMap<u64, u64>,
    /// Effects of the last statement on the cluster's shared memory.
    remote: Vec<Remote>,
    /// Set by a statement that blocks its thread instead of completing.
    block: Option<Wait>,
    /// Bulk (TMA) stores and reduce-adds of each thread, by `cp.async.bulk` group.
    bulk: HashMap<u32, hopper::Bulk>,
    /// Shared-memory bytes written through the generic proxy and not yet fenced by their
    /// writer (`fence.proxy.async`): address, writer thread.
    dirty: HashMap<u64, u32>,
    /// The addresses each thread has marked in `dirty`.
    dirty_by: HashMap<u32, Vec<u64>>,
    /// TMA loads and prefetches its threads issued, in order ([`Trace::tma`]).
    tma: Vec<TmaIssue>,
    /// In a kernel with a `griddepcontrol` instruction, the threads that have run
    /// `griddepcontrol.wait` ([`SimError::BeforeGridDepWait`]); `None` in other kernels.
    grid_dep: Option<HashSet<u32>>,
}

const STEP_LIMIT: u64 = 2_000_000_000;

impl Cta<'_> {
    fn rank(&self) -> u32 {
        self.id[0] % self.cluster
    }

    /// [`SimError::BeforeGridDepWait`] where `access` (to global memory) comes before its
    /// thread's `griddepcontrol.wait` in a kernel that has one.
    fn after_grid_dep_wait(&self, access: &Access) -> Result<(), SimError> {
        match &self.grid_dep {
            Some(waited) if !waited.contains(&access.thread) => {
                Err(SimError::BeforeGridDepWait(access.clone()))
            }
            _ => Ok(()),
        }
    }

    /// Releases the CTA's threads whose barrier, warp collective, warpgroup collective or
    /// mbarrier phase is complete; whether any was.
    fn release(&mut self, ts: &mut [Thread]) -> Result<bool, SimError> {
        let n = ts.len();
        let mut released = false;
        let mut at_bar = false;
        for t in ts.iter_mut() {
            match t.wait {
                Wait::Mbarrier { addr, parity }
                    if self
                        .mbarriers
                        .get(&addr)
                        .is_some_and(|b| b.phase & 1 != parity) =>
                {
                    t.wait = Wait::Run;
                    released = true;
                }
                Wait::Bar { .. } => at_bar = true,
                _ => {}
            }
        }
        if at_bar {
            released |= self.release_bars(ts);
        }
        // Warp collectives (all 32 lanes at the same statement) and warpgroup ones (all
        // 128 threads).
        for (size, group) in [(32, false), (128, true)] {
            for lo in (0..n).step_by(size) {
                let hi = (lo + size).min(n);
                let pc = match ts[lo].wait {
                    Wait::Warp(pc) if !group => pc,
                    Wait::Warpgroup(pc) if group && hi - lo == 128 => pc,
                    _ => continue,
                };
                if !ts[lo..hi].iter().all(|t| t.wait == ts[lo].wait) {
                    continue;
                }
                if let Stmt::Instr(i) = &self.e.body[pc] {
                    if group {
                        self.wgmma(ts, lo / 128, i, pc)?;
                    } else {
                        let lanes: Vec<usize> = (lo..hi).collect();
                        match i.op {
                            Op::Mma => mma(ts, &lanes, i, pc)?,
                            Op::Ldmatrix => self.ldmatrix(ts, &lanes, i, pc)?,
                            Op::Stmatrix => self.stmatrix(ts, &lanes, i, pc)?,
                            Op::Shfl => shfl(ts, &lanes, i, pc)?,
                            _ => {}
                        }
                    }
                }
                for t in &mut ts[lo..hi] {
                    t.wait = Wait::Run;
                    t.pc = pc + 1;
                }
                released = true;
            }
        }
        Ok(released)
    }

    /// Named barriers: released once the threads waiting there and those that arrived
    /// (`bar.arrive`) make up the count.
    fn release_bars(&mut self, ts: &mut [Thread]) -> bool {
        let live = ts.iter().filter(|t| t.wait != Wait::Done).count() as u64;
        let mut waiting: HashMap<u64, (u64, Option<u64>)> = HashMap::new();
        for t in ts.iter() {
            if let Wait::Bar { id, count } = t.wait {
                let e = waiting.entry(id).or_insert((0, count));
                e.0 += 1;
            }
        }
        let mut released = false;
        for (id, (w, count)) in waiting {
            let arrived = self.bar_arrivals.get(&id).copied().unwrap_or(0);
            let need = count.unwrap_or(live);
            if w + arrived >= need {
                self.bar_arrivals
                    .insert(id, (w + arrived).saturating_sub(need));
                for t in ts.iter_mut() {
                    if matches!(t.wait, Wait::Bar { id: i, .. } if i == id) {
                        t.wait = Wait::Run;
                        t.pc += 1;
                    }
                }
                released = true;
            }
        }
        released
    }

    /// Arrivals and transaction bytes on the mbarrier at `addr`.
    fn mbarrier_update(
        &mut self,
        addr: u64,
        arrive: u32,
        expect_tx: u64,
        complete_tx: u64,
        at: usize,
    ) -> Result<(), SimError> {
        let id = self.id;
        let bad = |what: &str| SimError::Mbarrier {
            cta: id,
            addr,
            at,
            what: what.into(),
        };
        let b = self
            .mbarriers
            .get_mut(&addr)
            .ok_or_else(|| bad("not initialized"))?;
        b.tx += expect_tx as i64 - complete_tx as i64;
        b.pending = b
            .pending
            .checked_sub(arrive)
            .ok_or_else(|| bad("more arrivals than the phase expects"))?;
        if b.pending == 0 && b.tx == 0 {
            b.phase += 1;
            b.pending = b.expected;
        } else if b.pending == 0 && b.tx < 0 {
            return Err(bad("more transaction bytes completed than expected"));
        }
        Ok(())
    }

    /// The `m8n8` matrices of an `ldmatrix` / `stmatrix` whose shared-memory operand is
    /// operand `k` of `i`.
    fn matrices(
        &self,
        ts: &[Thread],
        lanes: &[usize],
        i: &Instr,
        k: usize,
        at: usize,
    ) -> Result<Matrices, SimError> {
        let bad = || SimError::Unsupported {
            at,
            what: format!("{:?} {:?}", i.op, i.mods),
        };
        let x: usize = i
            .mods
            .iter()
            .find_map(|m| m.strip_prefix('x')?.parse().ok())
            .ok_or_else(bad)?;
        let rows: Vec<u64> = lanes
            .iter()
            .map(|&t| self.addr(&ts[t], t as u32, &i.operands[k]).ok_or_else(bad))
            .collect::<Result<_, _>>()?;
        if rows.len() < 8 * x {
            return Err(bad());
        }
        Ok(Matrices {
            x,
            trans: i.mods.iter().any(|m| m == "trans"),
            rows,
        })
    }

    /// `ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].shared.b16` (PTX ISA 9.7.14.5.15).
    fn ldmatrix(
        &mut self,
        ts: &mut [Thread],
        lanes: &[usize],
        i: &Instr,
        at: usize,
    ) -> Result<(), SimError> {
        let mx = self.matrices(ts, lanes, i, 1, at)?;
        let dregs = regs(&i.operands[0]);
        let read16 = |smem: &[u8], a: u64| -> Result<u64, SimError> {
            let a = a as usize;
            if a + 2 > smem.len() {
                return Err(SimError::OutOfBounds(Access {
                    cta: self.id,
                    thread: 0,
                    space: "shared",
                    addr: a as u64,
                    bytes: 2,
                    at,
                }));
            }
            Ok(u64::from(u16::from_le_bytes([smem[a], smem[a + 1]])))
        };
        let mut writes = Vec::new();
        for (li, &t) in lanes.iter().enumerate() {
            for j in 0..mx.x {
                let lo = read16(&self.smem, mx.addr(li, j, 0))?;
                let hi = read16(&self.smem, mx.addr(li, j, 1))?;
                let reg = *dregs.get(j).ok_or(SimError::Unsupported {
                    at,
                    what: format!("ldmatrix {:?}", i.mods),
                })?;
                writes.push((t, reg, lo | (hi << 16)));
            }
        }
        for (t, reg, v) in writes {
            ts[t].regs.insert(reg, v);
        }
        Ok(())
    }

    fn step(&mut self, ts: &mut [Thread], t: usize, g: &mut Global) -> Result<(), SimError> {
        let pc = ts[t].pc;
        let Some(stmt) = self.e.body.get(pc) else {
            ts[t].wait = Wait::Done;
            return self.exit(t as u32, pc, g);
        };
        let Stmt::Instr(i) = stmt else {
            ts[t].pc += 1;
            return Ok(());
        };
        if let Some(gd) = i.guard {
            let p = ts[t].regs.get(&gd.pred).copied().unwrap_or(0) != 0;
            if p == gd.negated {
                ts[t].pc += 1;
                return Ok(());
            }
        }
        let m: &[&str] = &self.mods[pc];
        let unsupported = || SimError::Unsupported {
            at: pc,
            what: format!("{:?} {:?}", i.op, i.mods),
        };
        match i.op {
            Op::Ret | Op::Exit => {
                ts[t].wait = Wait::Done;
                return self.exit(t as u32, pc, g);
            }
            Op::Bar if m.first() == Some(&"warp") => {
                ts[t].wait = Wait::Warp(pc);
                return Ok(());
            }
            Op::Bar => {
                let th = &ts[t];
                let tid = t as u32;
                let id = match i.operands.first() {
                    Some(o) => self.val(th, tid, o).ok_or_else(unsupported)?,
                    None => 0,
                };
                let count = match i.operands.get(1) {
                    Some(o) => Some(self.val(th, tid, o).ok_or_else(unsupported)?),
                    None => None,
                };
                if m.first() == Some(&"arrive") {
                    *self.bar_arrivals.entry(id).or_insert(0) += 1;
                    ts[t].pc += 1;
                } else {
                    ts[t].wait = Wait::Bar { id, count };
                }
                return Ok(());
            }
            Op::Mma | Op::Ldmatrix | Op::Stmatrix | Op::Shfl => {
                ts[t].wait = Wait::Warp(pc);
                return Ok(());
            }
            Op::Wgmma => {
                ts[t].wait = Wait::Warpgroup(pc);
                return Ok(());
            }
            Op::Trap => {
                return Err(SimError::Trap {
                    cta: self.id,
                    at: pc,
                });
            }
            Op::Bra => {
                let Some(Operand::Sym(l)) = i.operands.first() else {
                    return Err(unsupported());
                };
                let &target = self
                    .labels
                    .get(l.as_str())
                    .ok_or_else(|| SimError::NoLabel(l.clone()))?;
                ts[t].pc = target;
                return Ok(());
            }
            _ => {}
        }
        let th = &mut ts[t];
        let tid = t as u32;
        self.exec(th, tid, i, m, pc, g)
            .map_err(|e| e.unwrap_or_else(unsupported))?;
        match self.block.take() {
            Some(w) => th.wait = w,
            None => th.pc += 1,
        }
        Ok(())
    }

    /// Value of a source operand as raw bits.
    fn val(&self, th: &Thread, tid: u32, o: &Operand) -> Option<u64> {
        Some(match o {
            Operand::Reg(r) => th.regs.get(r).copied().unwrap_or(0),
            Operand::Imm(v) => *v as u64,
            Operand::F32(b) => u64::from(*b),
            Operand::Sym(s) => match s.as_str() {
                "%tid.x" => u64::from(tid % self.launch.block[0]),
                "%tid.y" => u64::from(tid / self.launch.block[0] % self.launch.block[1]),
                "%ctaid.x" => u64::from(self.id[0]),
                "%ctaid.y" => u64::from(self.id[1]),
                "%ctaid.z" => u64::from(self.id[2]),
                "%nctaid.x" => u64::from(self.launch.grid[0]),
                "%nctaid.y" => u64::from(self.launch.grid[1]),
                "%nctaid.z" => u64::from(self.launch.grid[2]),
                "%ntid.x" => u64::from(self.launch.block[0]),
                "%laneid" => u64::from(tid % 32),
                "%cluster_ctarank" | "%cluster_ctaid.x" => u64::from(self.rank()),
                "%cluster_nctarank" | "%cluster_nctaid.x" => u64::from(self.cluster),
                "%clusterid.x" => u64::from(self.id[0] / self.cluster),
                "%nclusterid.x" => u64::from(self.launch.grid[0] / self.cluster),
                name => match self.params.get(name) {
                    Some((k, Arg::TensorMap(_))) => PARAM_WINDOW + 128 * *k as u64,
                    _ => *self
                        .shared_base
                        .get(name)
                        .or_else(|| self.consts.get(name))?,
                },
            },
            _ => return None,
        })
    }

    fn addr(&self, th: &Thread, tid: u32, o: &Operand) -> Option<u64> {
        match o {
            Operand::Addr { base, offset } => {
                Some(self.val(th, tid, base)?.wrapping_add(*offset as u64))
            }
            _ => None,
        }
    }

    /// The `n` bytes at `addr` of `space`; `addr` must be a multiple of `align` (the access's
    /// size, or a `cp.async`'s copy size).
    #[allow(clippy::too_many_arguments)]
    fn mem<'s>(
        &'s mut self,
        g: &'s mut Global,
        space: &'static str,
        addr: u64,
        n: u64,
        align: u64,
        tid: u32,
        at: usize,
    ) -> Result<&'s mut [u8], SimError> {
        let access = Access {
            cta: self.id,
            thread: tid,
            space,
            addr,
            bytes: n,
            at,
        };
        if !addr.is_multiple_of(align) {
            return Err(SimError::Misaligned(access));
        }
        if space == "global" {
            self.after_grid_dep_wait(&access)?;
        }
        let oob = SimError::OutOfBounds(access);
        match space {
            "shared" => {
                let len = self.smem.len() as u64;
                if addr + n > len {
                    return Err(oob);
                }
                Ok(&mut self.smem[addr as usize..(addr + n) as usize])
            }
            _ => g.slice(addr, n).ok_or(oob),
        }
    }

    #[allow(clippy::too_many_lines)]
    fn exec(
        &mut self,
        th: &mut Thread,
        tid: u32,
        i: &Instr,
        m: &[&str],
        at: usize,
        g: &mut Global,
    ) -> Result<(), Option<SimError>> {
        let asynchronous = match i.op {
            Op::St => m.first() == Some(&"async"),
            Op::CpAsync => m.first() == Some(&"bulk"),
            _ => false,
        };
        if asynchronous {
            return self.exec_async(th, tid, i, m, at, g);
        }
        let ops = &i.operands;
        let ty = m.last().copied().unwrap_or("");
        let src = |k: usize| -> Option<u64> { self.val(th, tid, ops.get(k)?) };
        let dst = match ops.first() {
            Some(Operand::Reg(r)) => Some(*r),
            _ => None,
        };
        let set = |th: &mut Thread, v: u64| {
            if let Some(d) = dst {
                th.regs.insert(d, v);
            }
        };
        let f = |x: u64| f32::from_bits(x as u32);
        let fb = |x: f32| u64::from(x.to_bits());
        match i.op {
            Op::Mov => {
                match (&ops[0], &ops[1]) {
                    (Operand::Reg(d), Operand::Vec(v)) => {
                        // Pack: low element first.
                        let w = if ty == "b32" { 16 } else { 32 };
                        let mut x = 0u64;
                        for (k, e) in v.iter().enumerate() {
                            x |= (self.val(th, tid, e).ok_or(None)? & ((1 << w) - 1))
                                << (w * k as u64);
                        }
                        th.regs.insert(*d, x);
                    }
                    (Operand::Vec(v), s) => {
                        let x = self.val(th, tid, s).ok_or(None)?;
                        let w = if ty == "b32" { 16 } else { 32 };
                        for (k, e) in v.iter().enumerate() {
                            if let Operand::Reg(r) = e {
                                th.regs.insert(*r, (x >> (w * k as u64)) & ((1 << w) - 1));
                            }
                        }
                    }
                    _ => set(th, mask(src(1).ok_or(None)?, ty)),
                }
            }
            Op::Add
            | Op::Sub
            | Op::Mul
            | Op::Min
            | Op::Max
            | Op::And
            | Op::Or
            | Op::Xor
            | Op::Shl
            | Op::Shr
            | Op::Div
            | Op::Rem => {
                let (a, b) = (src(1).ok_or(None)?, src(2).ok_or(None)?);
                let wide = m.first() == Some(&"wide");
                let v = match ty {
                    "f32" => fb(match i.op {
                        Op::Add => f(a) + f(b),
                        Op::Sub => f(a) - f(b),
                        Op::Mul => f(a) * f(b),
                        Op::Min => f(a).min(f(b)),
                        Op::Max => f(a).max(f(b)),
                        _ => return Err(None),
                    }),
                    "f16" => {
                        let (x, y) = (
                            f16::from_bits(a as u16).to_f32(),
                            f16::from_bits(b as u16).to_f32(),
                        );
                        let r = match i.op {
                            Op::Add => x + y,
                            Op::Mul => x * y,
                            _ => return Err(None),
                        };
                        u64::from(f16::from_f32(r).to_bits())
                    }
                    "pred" => match i.op {
                        Op::And => a & b & 1,
                        Op::Or => (a | b) & 1,
                        _ => return Err(None),
                    },
                    _ => {
                        let bits = width(ty);
                        let sx = |x: u64| int_value(x, ty);
                        let (x, y) = (sx(a), sx(b));
                        let r: i128 = match i.op {
                            Op::Add => x + y,
                            Op::Sub => x - y,
                            Op::Mul => x * y,
                            Op::Min => x.min(y),
                            Op::Max => x.max(y),
                            Op::And => x & y,
                            Op::Or => x | y,
                            Op::Xor => x ^ y,
                            Op::Shl => x << (y as u32).min(127),
                            Op::Shr => x >> (y as u32).min(127),
                            Op::Div => x.checked_div(y).unwrap_or(0),
                            Op::Rem => x.checked_rem(y).unwrap_or(0),
                            _ => return Err(None),
                        };
                        if wide {
                            (r as u64) & ones(2 * bits)
                        } else {
                            (r as u64) & ones(bits)
                        }
                    }
                };
                set(th, v);
            }
            Op::Mad | Op::Fma => {
                let (a, b, c) = (
                    src(1).ok_or(None)?,
                    src(2).ok_or(None)?,
                    src(3).ok_or(None)?,
                );
                let v = match ty {
                    "f32" => fb(f(a).mul_add(f(b), f(c))),
                    "f16x2" => {
                        let h = |x: u64, k: u64| f16::from_bits((x >> (16 * k)) as u16).to_f64();
                        let mut out = 0u64;
                        for k in 0..2 {
                            let r = f16::from_f64(h(a, k) * h(b, k) + h(c, k));
                            out |= u64::from(r.to_bits()) << (16 * k);
                        }
                        out
                    }
                    _ => {
                        let bits = width(ty);
                        let sx = |x: u64| int_value(x, ty);
                        ((sx(a) * sx(b) + sx(c)) as u64) & ones(bits)
                    }
                };
                set(th, v);
            }
            Op::Setp => {
                let cmp = m[0];
                let (a, b) = (src(1).ok_or(None)?, src(2).ok_or(None)?);
                let r = if ty == "f32" {
                    let (x, y) = (f(a), f(b));
                    let unordered = x.is_nan() || y.is_nan();
                    match cmp {
                        "ne" => x != y && !unordered,
                        "neu" => x != y || unordered,
                        _ => compare(cmp, x, y).ok_or(None)?,
                    }
                } else {
                    compare(cmp, int_value(a, ty), int_value(b, ty)).ok_or(None)?
                };
                // `setp.CmpOp.BoolOp d, a, b, c`: `d = (a CmpOp b) BoolOp c` (PTX ISA
                // 9.7.3.10); before this, the `c` operand was ignored.
                let r = match (m.get(1).copied(), ops.get(3)) {
                    (Some(op @ ("and" | "or" | "xor")), Some(_)) => {
                        let c = src(3).ok_or(None)? & 1 != 0;
                        match op {
                            "and" => r && c,
                            "or" => r || c,
                            _ => r ^ c,
                        }
                    }
                    _ => r,
                };
                set(th, u64::from(r));
            }
            Op::Selp => {
                let (a, b, p) = (
                    src(1).ok_or(None)?,
                    src(2).ok_or(None)?,
                    src(3).ok_or(None)?,
                );
                set(th, if p & 1 != 0 { a } else { b });
            }
            Op::Cvt => {
                let x = src(1).ok_or(None)?;
                let (to, from) = (m[m.len() - 2], ty);
                let v = match (to, from) {
                    ("u64", "u32") => x & ones(32),
                    ("s64", "s32") => sext(x, 32) as u64,
                    ("u32", "u16") | ("u16", "u32") => x & 0xffff,
                    ("f32", "f16") => fb(f16::from_bits(x as u16).to_f32()),
                    ("f32", "bf16") => fb(bf16::from_bits(x as u16).to_f32()),
                    ("f16", "f32") => u64::from(f16::from_f32(f(x)).to_bits()),
                    ("bf16", "f32") => u64::from(bf16::from_f32(f(x)).to_bits()),
                    // `cvt.rn.f16x2.f32 d, a, b`: a to the upper half, b to the lower
                    // (PTX ISA 9.7.9.21).
                    ("f16x2", "f32") => {
                        let lo = f16::from_f32(f(src(2).ok_or(None)?)).to_bits();
                        u64::from(f16::from_f32(f(x)).to_bits()) << 16 | u64::from(lo)
                    }
                    ("bf16x2", "f32") => {
                        let lo = bf16::from_f32(f(src(2).ok_or(None)?)).to_bits();
                        u64::from(bf16::from_f32(f(x)).to_bits()) << 16 | u64::from(lo)
                    }
                    _ => return Err(None),
                };
                set(th, v);
            }
            Op::Cvta => set(th, src(1).ok_or(None)?),
            Op::Ld => {
                let space = m[0];
                let a = ops.get(1).ok_or(None)?;
                if space == "param" {
                    let Operand::Addr { base, .. } = a else {
                        return Err(None);
                    };
                    let Operand::Sym(name) = base.as_ref() else {
                        return Err(None);
                    };
                    let v = match self.params.get(name.as_str()).ok_or(None)?.1 {
                        Arg::U64(x) => x,
                        Arg::U32(x) => u64::from(x),
                        Arg::F32(x) => u64::from(x.to_bits()),
                        Arg::TensorMap(_) => return Err(None),
                    };
                    set(th, v);
                } else {
                    let addr = self.addr(th, tid, a).ok_or(None)?;
                    let n = width(ty) / 8;
                    // `ld.v2` / `.v4` fill a vector of registers from one access.
                    let dsts: Vec<Option<Reg>> = match &ops[0] {
                        Operand::Vec(v) => v
                            .iter()
                            .map(|e| match e {
                                Operand::Reg(r) => Some(*r),
                                _ => None,
                            })
                            .collect(),
                        _ => vec![dst],
                    };
                    let bytes = self
                        .mem(
                            g,
                            space_name(space),
                            addr,
                            n * dsts.len() as u64,
                            n * dsts.len() as u64,
                            tid,
                            at,
                        )
                        .map_err(Some)?
                        .to_vec();
                    for (d, el) in dsts.iter().zip(bytes.chunks(n as usize)) {
                        let mut x = 0u64;
                        for (k, b) in el.iter().enumerate() {
                            x |= u64::from(*b) << (8 * k);
                        }
                        if ty.starts_with('s') {
                            x = sext(x, width(ty) as u32 as u64) as u64;
                        }
                        if let Some(d) = d {
                            th.regs.insert(*d, x);
                        }
                    }
                }
            }
            Op::St => {
                let addr = self.addr(th, tid, &ops[0]).ok_or(None)?;
                // `st.v2` / `.v4` write a vector of registers as one access.
                let vals: Vec<u64> = match ops.get(1).ok_or(None)? {
                    Operand::Vec(v) => v
                        .iter()
                        .map(|e| self.val(th, tid, e))
                        .collect::<Option<_>>()
                        .ok_or(None)?,
                    _ => vec![src(1).ok_or(None)?],
                };
                let n = width(ty) / 8;
                let total = n * vals.len() as u64;
                let bytes = self
                    .mem(g, space_name(m[0]), addr, total, total, tid, at)
                    .map_err(Some)?;
                for (el, v) in bytes.chunks_mut(n as usize).zip(vals) {
                    for (k, b) in el.iter_mut().enumerate() {
                        *b = (v >> (8 * k)) as u8;
                    }
                }
                if space_name(m[0]) == "shared" {
                    self.mark_generic(tid, addr, total);
                }
            }
            Op::CpAsync => {
                if matches!(m[0], "commit_group" | "wait_group" | "wait_all") {
                    return Ok(());
                }
                let dst = self.addr(th, tid, &ops[0]).ok_or(None)?;
                let srca = self.addr(th, tid, &ops[1]).ok_or(None)?;
                let size = src(2).ok_or(None)?;
                let n = ops
                    .get(3)
                    .map_or(Some(size), |o| self.val(th, tid, o))
                    .ok_or(None)?;
                let mut buf = vec![0u8; size as usize];
                if n > 0 {
                    // Both addresses are aligned to the copy size (`cp-size`), however
                    // many bytes (`src-size`) are read.
                    let s = self
                        .mem(g, "global", srca, n, size, tid, at)
                        .map_err(Some)?;
                    buf[..n as usize].copy_from_slice(s);
                }
                self.mem(g, "shared", dst, size, size, tid, at)
                    .map_err(Some)?
                    .copy_from_slice(&buf);
            }
            Op::Not => {
                let x = src(1).ok_or(None)?;
                set(th, if ty == "pred" { !x & 1 } else { mask(!x, ty) });
            }
            Op::Red if m == ["global", "add", "f32"] => {
                let addr = self.addr(th, tid, &ops[0]).ok_or(None)?;
                let v = f(src(1).ok_or(None)?);
                let d = self.mem(g, "global", addr, 4, 4, tid, at).map_err(Some)?;
                let old = f32::from_le_bytes([d[0], d[1], d[2], d[3]]);
                d.copy_from_slice(&(old + v).to_le_bytes());
            }
            _ => return self.exec_async(th, tid, i, m, at, g),
        }
        Ok(())
    }
}

/// `x` read as an integer of PTX type `ty` (`s*` sign-extended, others zero-extended).
/// The ordered comparisons `setp` shares between integer and float types; `None` for others.
fn compare<T: PartialOrd>(cmp: &str, x: T, y: T) -> Option<bool> {
    Some(match cmp {
        "lt" => x < y,
        "le" => x <= y,
        "gt" => x > y,
        "ge" => x >= y,
        "eq" => x == y,
        "ne" => x != y,
        _ => return None,
    })
}

fn int_value(x: u64, ty: &str) -> i128 {
    let bits = width(ty);
    if ty.starts_with('s') {
        i128::from(sext(x, bits))
    } else {
        i128::from(x & ones(bits))
    }
}

fn space_name(s: &str) -> &'static str {
    match s {
        "shared" => "shared",
        // The module's `.const` arrays: written before the launch, never by a grid.
        "const" => "const",
        _ => "global",
    }
}

fn width(ty: &str) -> u64 {
    match ty {
        "u8" | "s8" | "b8" => 8,
        "u16" | "s16" | "b16" | "f16" => 16,
        "u64" | "s64" | "b64" | "f64" => 64,
        _ => 32,
    }
}

fn ones(bits: u64) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

fn sext(x: u64, bits: u64) -> i64 {
    let s = 64 - bits;
    ((x << s) as i64) >> s
}

fn mask(x: u64, ty: &str) -> u64 {
    x & ones(width(ty))
}

/// Registers of a vector operand.
fn regs(o: &Operand) -> Vec<Reg> {
    match o {
        Operand::Vec(v) => v
            .iter()
            .filter_map(|e| {
                if let Operand::Reg(r) = e {
                    Some(*r)
                } else {
                    None
                }
            })
            .collect(),
        Operand::Reg(r) => vec![*r],
        _ => vec![],
    }
}

/// `shfl.sync.idx.b32 d, a, lane, 0x1f, 0xffffffff` over a full warp (PTX ISA 9.7.9.6): lane
/// `i` receives `a` of lane `lane(i)`. Other modes, clamps and partial masks are refused.
fn shfl(ts: &mut [Thread], lanes: &[usize], i: &Instr, at: usize) -> Result<(), SimError> {
    let bad = || SimError::Unsupported {
        at,
        what: format!("shfl {:?}", i.mods),
    };
    let full = matches!(i.operands.get(3), Some(Operand::Imm(0x1f)))
        && matches!(i.operands.get(4), Some(Operand::Imm(0xffff_ffff)));
    if !i.mods.iter().any(|m| m == "idx") || lanes.len() != 32 || !full {
        return Err(bad());
    }
    let (Operand::Reg(d), Operand::Reg(a)) = (&i.operands[0], &i.operands[1]) else {
        return Err(bad());
    };
    let src: Vec<usize> = lanes
        .iter()
        .map(|&t| match &i.operands[2] {
            Operand::Reg(x) => Ok(ts[t].regs.get(x).copied().unwrap_or(0) as usize % 32),
            Operand::Imm(v) => Ok(*v as usize % 32),
            _ => Err(bad()),
        })
        .collect::<Result<_, _>>()?;
    let vals: Vec<u64> = src
        .iter()
        .map(|&l| ts[lanes[l]].regs.get(a).copied().unwrap_or(0))
        .collect();
    for (li, &t) in lanes.iter().enumerate() {
        ts[t].regs.insert(*d, vals[li]);
    }
    Ok(())
}

/// `mma.sync.aligned.mMnNkK.row.col.D.A.B.C` over the warp's lanes.
fn mma(ts: &mut [Thread], lanes: &[usize], i: &Instr, at: usize) -> Result<(), SimError> {
    let bad = || SimError::Unsupported {
        at,
        what: format!("mma {:?}", i.mods),
    };
    let shape = i
        .mods
        .iter()
        .find(|s| s.starts_with('m') && s.contains('n') && s.contains('k'))
        .ok_or_else(bad)?;
    let nums: Vec<u32> = shape[1..]
        .split(['n', 'k'])
        .filter_map(|x| x.parse().ok())
        .collect();
    let [m, n, k] = nums[..] else {
        return Err(bad());
    };
    let ty = |s: &str| DType::parse(s);
    let acc = ty(&i.mods[i.mods.len() - 4]).ok_or_else(bad)?;
    let ab = ty(&i.mods[i.mods.len() - 3]).ok_or_else(bad)?;
    let instr = Instruction::Mma { m, n, k, ab, acc };
    let canon = itex::canonical::canonical(instr).ok_or_else(bad)?;
    let (m, k) = (m as usize, k as usize);
    let _ = n;
    let tile =
        |op: InstrOperand, o: &Operand, t: DType, rows: usize| -> Result<Vec<f64>, SimError> {
            let map = canon.map(op).ok_or_else(bad)?;
            let rs = regs(o);
            let per = (32 / (t.bytes() * 8)) as usize;
            let mut out = vec![0.0; rows * 64];
            for idx in 0..map.size() {
                let (lane, v) = (idx as usize % 32, idx as usize / 32);
                let c = map.eval(idx);
                let reg = rs.get(v / per).ok_or_else(bad)?;
                let bits = ts[lanes[lane]].regs.get(reg).copied().unwrap_or(0);
                let sub = v % per;
                let x = decode(bits, sub, t);
                out[c[0] as usize + rows * c[1] as usize] = x;
            }
            Ok(out)
        };
    let a = tile(InstrOperand::A, &i.operands[1], ab, m)?;
    let b = tile(InstrOperand::B, &i.operands[2], ab, k)?;
    let c = tile(InstrOperand::C, &i.operands[3], acc, m)?;
    let dmap = canon.map(InstrOperand::D).ok_or_else(bad)?;
    let dregs = regs(&i.operands[0]);
    let per = (32 / (acc.bytes() * 8)) as usize;
    let mut writes: Vec<(usize, Reg, usize, f64)> = Vec::new();
    for idx in 0..dmap.size() {
        let (lane, v) = (idx as usize % 32, idx as usize / 32);
        let cc = dmap.eval(idx);
        let (mi, ni) = (cc[0] as usize, cc[1] as usize);
        let s: f64 = (0..k)
            .map(|kk| a[mi + m * kk] * b[kk + k * ni])
            .sum::<f64>()
            + c[mi + m * ni];
        writes.push((
            lanes[lane],
            *dregs.get(v / per).ok_or_else(bad)?,
            v % per,
            s,
        ));
    }
    for (t, reg, sub, x) in writes {
        let old = ts[t].regs.get(&reg).copied().unwrap_or(0);
        ts[t].regs.insert(reg, encode(old, sub, x, acc));
    }
    Ok(())
}

fn decode(bits: u64, sub: usize, t: DType) -> f64 {
    match t {
        DType::F16 => f16::from_bits((bits >> (16 * sub)) as u16).to_f64(),
        DType::BF16 => bf16::from_bits((bits >> (16 * sub)) as u16).to_f64(),
        DType::TF32 => f64::from(f32::from_bits((bits as u32) & 0xFFFF_E000)),
        DType::F32 => f64::from(f32::from_bits(bits as u32)),
        DType::S8 => f64::from((bits >> (8 * sub)) as u8 as i8),
        DType::S32 => f64::from(bits as u32 as i32),
    }
}

fn encode(old: u64, sub: usize, x: f64, t: DType) -> u64 {
    match t {
        DType::F16 => {
            let h = u64::from(f16::from_f64(x).to_bits());
            (old & !(0xffff << (16 * sub))) | (h << (16 * sub))
        }
        DType::S32 => u64::from(x as i64 as i32 as u32),
        _ => u64::from((x as f32).to_bits()),
    }
}
