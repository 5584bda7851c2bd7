//! Background checks for the ptxas matrices. Most of their time is ptxas, one process of
//! 0.02-2 s per kernel, and a test that waits for each one keeps a single core busy: in CI
//! (two cores) the longest test ran on alone for minutes after the others had finished. A
//! test hands each kernel's check to worker threads and goes on building the next kernel.
//! Also the sm_90a assembly check they share ([`assert_no_spills`]).

// Each test crate that includes this module uses part of it.
#![allow(dead_code)]

use codegen::{CompileOptions, MatLayout, hopper};
use emit_ptx::ptxas;
use itex::Instruction;
use std::panic::resume_unwind;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, LazyLock, Mutex};
use std::thread::JoinHandle;
use tessellate::{GemmDType, GemmProblem, Options, Plan, plans};

type Job = Box<dyn FnOnce() + Send>;

/// A pool of worker threads, one per core, that run the checks given to [`Checks::run`].
/// [`Checks::finish`] (or dropping the pool) waits for all of them and re-raises the first
/// check's panic, so a failing check fails the test with its own message.
pub struct Checks {
    tx: Option<SyncSender<Job>>,
    workers: Vec<JoinHandle<()>>,
}

impl Checks {
    /// Starts the workers, named after the test thread (libtest names it after the test) so
    /// that a failing check's panic says which test it belongs to.
    pub fn new() -> Checks {
        let n = std::thread::available_parallelism().map_or(2, |n| n.get());
        // A bounded queue keeps the kernels waiting for ptxas to a few at a time.
        let (tx, rx) = sync_channel::<Job>(2 * n);
        let rx = Arc::new(Mutex::new(rx));
        let name = std::thread::current()
            .name()
            .unwrap_or("checks")
            .to_string();
        let workers = (0..n)
            .map(|i| {
                let rx = Arc::clone(&rx);
                std::thread::Builder::new()
                    .name(format!("{name} (check {i})"))
                    .spawn(move || work(&rx))
                    .unwrap()
            })
            .collect();
        Checks {
            tx: Some(tx),
            workers,
        }
    }

    /// Queues `check`; blocks while the queue is full.
    pub fn run(&mut self, check: impl FnOnce() + Send + 'static) {
        let sent = self.tx.as_ref().map(|tx| tx.send(Box::new(check)));
        if !matches!(sent, Some(Ok(()))) {
            // Every worker has ended, so one of them panicked: report that panic.
            self.join();
            unreachable!("the check workers ended without a panic");
        }
    }

    /// Waits for every queued check; panics with the first failing check's panic.
    pub fn finish(mut self) {
        self.join();
    }

    fn join(&mut self) {
        drop(self.tx.take());
        let mut failed = None;
        for w in self.workers.drain(..) {
            if let Err(p) = w.join() {
                failed.get_or_insert(p);
            }
        }
        if let Some(p) = failed
            && !std::thread::panicking()
        {
            resume_unwind(p);
        }
    }
}

impl Drop for Checks {
    fn drop(&mut self) {
        self.join();
    }
}

fn work(rx: &Mutex<Receiver<Job>>) {
    loop {
        // The guard is a temporary: the lock is released before the check runs.
        let job = rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
        match job {
            Ok(check) => check(),
            Err(_) => return,
        }
    }
}

/// Assembles `ptx` for sm_90a and asserts that no entry spills (`what` names the kernel).
///
/// A kernel already assembled in this process (the same PTX text, by its 64-bit hash) is not
/// assembled again: the first test that built it made the check. Tests of options that are
/// on by default (PDL) build the default kernels a second time, about a tenth of the matrix's
/// ptxas time. With `MOSAIC_PTXAS_PROFILE=FILE` each assembly appends `hash, milliseconds,
/// thread, kernel` to FILE (tab-separated), to find where CI's time goes (run 50).
pub fn assert_no_spills(ptx: &str, what: &dyn std::fmt::Display) {
    use std::collections::HashSet;
    use std::hash::{Hash, Hasher};
    static ASSEMBLED: LazyLock<Mutex<HashSet<u64>>> = LazyLock::new(Mutex::default);
    let mut h = std::collections::hash_map::DefaultHasher::new();
    ptx.hash(&mut h);
    let hash = h.finish();
    let first = ASSEMBLED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(hash);
    if !first {
        return;
    }
    let start = std::time::Instant::now();
    let rep = ptxas::assemble(ptx, "sm_90a").unwrap_or_else(|e| panic!("{what}: {e}"));
    if let Some(path) = std::env::var_os("MOSAIC_PTXAS_PROFILE") {
        profile(&path, hash, start.elapsed(), what);
    }
    for e in &rep.entries {
        assert_eq!((e.spill_stores, e.spill_loads), (0, 0), "{what}: {e:?}");
    }
    // ptxas serializes every wgmma of a kernel whose asynchronous accumulators it cannot
    // track (C7510-C7520 "Potential Performance Loss"): correct, and several times slower.
    assert!(
        !rep.log
            .contains("wgmma.mma_async instructions are serialized"),
        "{what}: {}",
        rep.log
    );
}

/// Appends one assembly's line to the profile at `path` (see [`assert_no_spills`]).
fn profile(
    path: &std::ffi::OsStr,
    hash: u64,
    took: std::time::Duration,
    what: &dyn std::fmt::Display,
) {
    use std::io::Write;
    let thread = std::thread::current().name().unwrap_or("").to_string();
    let what = what.to_string().replace(['\n', '\t'], " ");
    let line = format!("{hash:016x}\t{}\t{thread}\t{what}\n", took.as_millis());
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path);
    // One write per line: threads of the same process append whole lines.
    file.and_then(|mut f| f.write_all(line.as_bytes()))
        .unwrap_or_else(|e| panic!("{}: {e}", path.to_string_lossy()));
}

/// Checks the TMA-store epilogue's staging protocol in `ptx` (`what` names the kernel): no
/// thread writes a staging buffer (`st.shared` / `stmatrix` at `8192 * b + offset`) while
/// a bulk store that reads buffer `b` may still be reading it. Each `// epilogue` section's
/// TMA path (up to its `bra.uni EPI_DONE_*`) runs three times in a row, as consecutive tiles
/// of a persistent CTA do, in the leader's program order: a store (`cp.async.bulk.tensor` or
/// `cp.reduce.async.bulk.tensor` from `[%r]`, whose buffer the `add.u32 %r, %first, OFF`
/// before it gives) joins the open bulk group, `commit_group` closes it, and
/// `wait_group.read N` leaves the newest `N` groups reading. The other threads run ahead of
/// the leader up to the next `bar.sync`, so a write after a barrier is safe only from the
/// groups the leader had already waited for when it reached that barrier, and never from a
/// store issued since. (PTX ISA 9.7.9.25.3: `cp.async.bulk.wait_group.read`.)
pub fn assert_staging_protocol(ptx: &str, what: &dyn std::fmt::Display) {
    use std::collections::{BTreeSet, HashMap, VecDeque};
    // The epilogue's staging buffers are STORE_BOX_BYTES apart: 64 rows of 128 bytes.
    const BUF: i64 = 8192;
    for epi in ptx.split("// epilogue").skip(1) {
        let lines: Vec<&str> = epi
            .lines()
            .map(str::trim)
            .take_while(|l| !l.contains("bra.uni EPI_DONE"))
            .collect();
        if !lines.iter().any(|l| l.contains(".bulk_group [")) {
            continue;
        }
        // Register -> immediate of its last `add.u32 reg, reg, imm`.
        let mut adds: HashMap<&str, i64> = HashMap::new();
        let (mut groups, mut open): (VecDeque<Vec<i64>>, Vec<i64>) = (VecDeque::new(), Vec::new());
        // Buffers that may be read, as the other threads see them: at the last barrier.
        let mut at_barrier: BTreeSet<i64> = BTreeSet::new();
        let mut since: BTreeSet<i64> = BTreeSet::new();
        for round in 0..3 {
            for l in &lines {
                let body = l.trim_start_matches(|c| c != ' ' && l.starts_with('@'));
                let body = body.trim();
                if let Some(rest) = body.strip_prefix("add.u32 ") {
                    let ops: Vec<&str> = rest.trim_end_matches(';').split(", ").collect();
                    if let [dst, _, imm] = ops.as_slice()
                        && let Ok(v) = imm.parse::<i64>()
                    {
                        adds.insert(dst, v);
                    }
                } else if body.starts_with("st.shared") || body.starts_with("stmatrix") {
                    let off = address_offset(body).unwrap_or_else(|| panic!("{what}: {l}"));
                    let buf = off / BUF;
                    assert!(
                        !at_barrier.contains(&buf) && !since.contains(&buf),
                        "{what}: tile {round} writes staging buffer {buf} while a bulk store \
                         may still read it: {l}"
                    );
                } else if body.contains(".bulk_group [") {
                    let src = body.rsplit('[').next().unwrap().trim_end_matches("];");
                    let off = *adds.get(src).unwrap_or_else(|| panic!("{what}: {l}"));
                    open.push(off / BUF);
                    since.insert(off / BUF);
                } else if body.starts_with("cp.async.bulk.commit_group") {
                    groups.push_back(std::mem::take(&mut open));
                } else if let Some(n) = body.strip_prefix("cp.async.bulk.wait_group.read ") {
                    let n: usize = n.trim_end_matches(';').parse().unwrap();
                    while groups.len() > n {
                        groups.pop_front();
                    }
                } else if body.starts_with("bar.sync") {
                    at_barrier = groups.iter().flatten().chain(&open).copied().collect();
                    since.clear();
                }
            }
        }
    }
}

/// The immediate offset of an instruction's first `[%reg]` or `[%reg+off]` address operand.
fn address_offset(line: &str) -> Option<i64> {
    let inner = line.split('[').nth(1)?.split(']').next()?;
    inner
        .split('+')
        .nth(1)
        .map_or(Some(0), |o| o.trim().parse().ok())
}

/// The sm_90a warpgroup (TMA + wgmma) plans the search ranks for `batch` GEMMs of
/// `m x n x k` with these layouts, in rank order, each with the compile options the CLI would
/// give it; heterogeneous (wgmma + FFMA) plans only where `mixed`.
#[allow(clippy::too_many_arguments)]
pub fn warpgroup_plans(
    dtype: GemmDType,
    (m, n, k): (i64, i64, i64),
    batch: i64,
    a: MatLayout,
    b: MatLayout,
    opts: Options,
    mixed: bool,
) -> Vec<(Plan, CompileOptions)> {
    let t = hw_models::target("sm_90a", None).unwrap();
    let problem = GemmProblem::new(m, n, k, batch, dtype).unwrap();
    hopper::supports(&problem, t.features.has_wgmma, a, b).unwrap();
    // The operand-dependent options as the CLI ranks with them; the search options the
    // caller's, and FFMA columns only where it asks (`mixed` tests).
    let r = plans(
        &problem,
        &t,
        &Options {
            top: opts.top,
            budget: opts.budget,
            ratio: opts.ratio,
            swizzle: opts.swizzle,
            stream_k: opts.stream_k,
            warpgroup_vector: opts.warpgroup_vector,
            ..hopper::ranking_options(&problem, true, a, b)
        },
    )
    .unwrap();
    let opts = CompileOptions {
        a_layout: a,
        b_layout: b,
        smem_limit: t.smem_max_per_cta,
        smem_per_sm: t.smem_bytes_per_sm,
        sms: t.sms,
        ..CompileOptions::default()
    };
    r.plans
        .into_iter()
        // (Heterogeneous warpgroup tiles only where `opts.warpgroup_vector` asks for them:
        // `ffma_column_kernels_...` below.)
        .filter(|p| {
            p.worker_threads == 128
                && (p.regions.len() == 1 || mixed)
                && matches!(p.regions[0].piece.instruction(), Instruction::Wgmma { .. })
        })
        .map(|p| (p, opts))
        .collect()
}
