//! Background checks for the ptxas matrices. Most of their time is ptxas, one process of
//! 0.02-2 s per kernel, and a test that waits for each one keeps a single core busy: in CI
//! (two cores) the longest test ran on alone for minutes after the others had finished. A
//! test hands each kernel's check to worker threads and goes on building the next kernel.
//! Also the sm_90a assembly check they share ([`assert_no_spills`]).

// Each test crate that includes this module uses part of it.
#![allow(dead_code)]

use emit_ptx::ptxas;
use std::panic::resume_unwind;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

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
pub fn assert_no_spills(ptx: &str, what: &dyn std::fmt::Display) {
    let rep = ptxas::assemble(ptx, "sm_90a").unwrap_or_else(|e| panic!("{what}: {e}"));
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
