//! Driving NVIDIA's `ptxas`: find it, assemble PTX text to a cubin, and read its `-v` report
//! (registers, spills, stack, shared memory per entry).
//!
//! Where ptxas is looked for, in order:
//! 1. the `MOSAIC_PTXAS` environment variable (when set and non-empty it is the only candidate:
//!    a wrong path gives "not found" rather than a silent fallback to another ptxas);
//! 2. `ptxas` on `PATH`;
//! 3. `.ci/tools/**/nvidia/cu13/bin/ptxas` under the workspace root, found by walking up from
//!    `CARGO_MANIFEST_DIR` (run time, then build time) or the current directory to the first
//!    directory holding `.ci/` (`.ci/run` installs the `nvidia-cuda-nvcc` wheel there);
//! 4. `/usr/local/cuda/bin/ptxas`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

/// Errors of running ptxas.
#[derive(Debug, thiserror::Error)]
pub enum PtxasError {
    /// No ptxas binary was found.
    #[error("ptxas not found (set MOSAIC_PTXAS, put ptxas on PATH, or run .ci/run to install it)")]
    NotFound,
    /// ptxas ran and rejected the input; `message` is its output (stderr, then stdout).
    #[error("ptxas -arch={sm} failed ({status}):\n{message}")]
    Failed {
        /// The `-arch` it was given.
        sm: String,
        /// Exit status as text.
        status: String,
        /// What ptxas printed.
        message: String,
    },
    /// Writing the input, starting ptxas, or reading the cubin failed.
    #[error("ptxas i/o on {path}: {source}")]
    Io {
        /// The file or program involved.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
}

/// Resource usage of one entry as reported by `ptxas -v`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntryReport {
    /// Entry (kernel) name.
    pub name: String,
    /// Registers per thread.
    pub registers: u32,
    /// Named barriers used.
    pub barriers: u32,
    /// Bytes of spill stores.
    pub spill_stores: u32,
    /// Bytes of spill loads.
    pub spill_loads: u32,
    /// Bytes of stack frame.
    pub stack_frame: u32,
    /// Bytes of static shared memory.
    pub shared_bytes: u32,
    /// Bytes of constant bank 0 (parameters; ptxas leaves it out on some targets: 0 then).
    pub cmem0_bytes: u32,
}

impl EntryReport {
    /// Whether ptxas spilled anything (stores, loads, or a stack frame).
    pub fn spills(&self) -> bool {
        self.spill_stores > 0 || self.spill_loads > 0 || self.stack_frame > 0
    }
}

/// The result of a successful assembly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PtxasReport {
    /// The cubin bytes.
    pub cubin: Vec<u8>,
    /// Per-entry resource usage, in the order ptxas reported them.
    pub entries: Vec<EntryReport>,
    /// ptxas's full `-v` output (stderr then stdout), warnings included.
    pub log: String,
}

impl PtxasReport {
    /// The report for entry `name`.
    pub fn entry(&self, name: &str) -> Option<&EntryReport> {
        self.entries.iter().find(|e| e.name == name)
    }
}

/// The ptxas binary that [`assemble`] would use, if any (see the module docs for the order).
pub fn available() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("MOSAIC_PTXAS").filter(|p| !p.is_empty()) {
        let p = PathBuf::from(p);
        return p.is_file().then_some(p);
    }
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            let p = dir.join("ptxas");
            if p.is_file() {
                return Some(p);
            }
        }
    }
    let mut starts: Vec<PathBuf> = Vec::new();
    if let Some(d) = std::env::var_os("CARGO_MANIFEST_DIR") {
        starts.push(PathBuf::from(d));
    }
    if let Some(d) = option_env!("CARGO_MANIFEST_DIR") {
        starts.push(PathBuf::from(d));
    }
    if let Ok(d) = std::env::current_dir() {
        starts.push(d);
    }
    for start in &starts {
        if let Some(p) = start
            .ancestors()
            .find(|a| a.join(".ci").is_dir())
            .and_then(|root| find_in_tools(&root.join(".ci").join("tools"), 0))
        {
            return Some(p);
        }
    }
    let p = PathBuf::from("/usr/local/cuda/bin/ptxas");
    p.is_file().then_some(p)
}

/// Depth-first search (sorted, so deterministic) for `nvidia/cu13/bin/ptxas` under `dir`.
fn find_in_tools(dir: &Path, depth: u32) -> Option<PathBuf> {
    let direct = dir.join("nvidia").join("cu13").join("bin").join("ptxas");
    if direct.is_file() {
        return Some(direct);
    }
    if depth >= 6 {
        return None;
    }
    let mut subdirs: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    subdirs.sort();
    subdirs
        .into_iter()
        .find_map(|d| find_in_tools(&d, depth + 1))
}

/// For tests that need ptxas: its path, or `None` after printing
/// `skipping <test>: ptxas not found (set MOSAIC_PTXAS)`.
///
/// # Panics
/// When ptxas is absent and the environment has `MOSAIC_REQUIRE_PTXAS=1` (CI sets it, so a
/// missing ptxas fails CI instead of silently skipping).
pub fn require_or_skip(test: &str) -> Option<PathBuf> {
    if let Some(p) = available() {
        return Some(p);
    }
    if std::env::var("MOSAIC_REQUIRE_PTXAS").is_ok_and(|v| v == "1") {
        panic!(
            "{test}: ptxas not found but MOSAIC_REQUIRE_PTXAS=1; set MOSAIC_PTXAS to a ptxas \
             binary (MOSAIC_PTXAS={:?}) or run .ci/run, which installs one into .ci/tools",
            std::env::var_os("MOSAIC_PTXAS")
        );
    }
    eprintln!("skipping {test}: ptxas not found (set MOSAIC_PTXAS)");
    None
}

/// The release line of `ptxas --version` for the binary [`available`] finds, e.g.
/// `Cuda compilation tools, release 13.0, V13.0.88`.
pub fn version() -> Option<String> {
    let p = available()?;
    let out = Command::new(p).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.lines()
        .find(|l| l.contains("release"))
        .map(|l| l.trim().to_string())
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// A private scratch directory, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch, PtxasError> {
        let base = std::env::temp_dir();
        loop {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.subsec_nanos())
                .unwrap_or(0);
            let dir = base.join(format!(
                "mosaic-ptxas-{}-{}-{nanos}",
                std::process::id(),
                COUNTER.fetch_add(1, Ordering::Relaxed)
            ));
            match std::fs::create_dir(&dir) {
                Ok(()) => return Ok(Scratch(dir)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(source) => return Err(PtxasError::Io { path: dir, source }),
            }
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Assembles `ptx` for `-arch=<sm>` with `ptxas -v`; returns the cubin and the per-entry report.
///
/// # Errors
/// [`PtxasError::NotFound`] without ptxas, [`PtxasError::Failed`] with ptxas's message when it
/// rejects the input, [`PtxasError::Io`] when files cannot be written or read.
pub fn assemble(ptx: &str, sm: &str) -> Result<PtxasReport, PtxasError> {
    let ptxas = available().ok_or(PtxasError::NotFound)?;
    assemble_with(&ptxas, ptx, sm)
}

/// [`assemble`] with an explicit ptxas binary.
///
/// # Errors
/// As [`assemble`].
pub fn assemble_with(ptxas: &Path, ptx: &str, sm: &str) -> Result<PtxasReport, PtxasError> {
    let dir = Scratch::new()?;
    let input = dir.0.join("module.ptx");
    let output = dir.0.join("module.cubin");
    std::fs::write(&input, ptx).map_err(|source| PtxasError::Io {
        path: input.clone(),
        source,
    })?;
    let out = Command::new(ptxas)
        .arg(format!("-arch={sm}"))
        .arg("-v")
        .arg("-o")
        .arg(&output)
        .arg(&input)
        .output()
        .map_err(|source| PtxasError::Io {
            path: ptxas.to_path_buf(),
            source,
        })?;
    let mut log = String::from_utf8_lossy(&out.stderr).into_owned();
    log.push_str(&String::from_utf8_lossy(&out.stdout));
    if !out.status.success() {
        return Err(PtxasError::Failed {
            sm: sm.to_string(),
            status: out.status.to_string(),
            message: log,
        });
    }
    let cubin = std::fs::read(&output).map_err(|source| PtxasError::Io {
        path: output.clone(),
        source,
    })?;
    Ok(PtxasReport {
        cubin,
        entries: parse_report(&log),
        log,
    })
}

/// Reads the per-entry resource lines of `ptxas -v` output:
///
/// ```text
/// ptxas info    : Compiling entry function 'k' for 'sm_80'
/// ptxas info    : Function properties for k
///     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
/// ptxas info    : Used 168 registers, used 1 barriers, 32768 bytes smem, 400 bytes cmem[0]
/// ```
///
/// Lines it does not know are ignored; numbers that do not parse read as 0.
pub fn parse_report(log: &str) -> Vec<EntryReport> {
    let mut entries: Vec<EntryReport> = Vec::new();
    let mut current: Option<usize> = None;
    fn select(entries: &mut Vec<EntryReport>, name: &str) -> usize {
        if let Some(i) = entries.iter().position(|e| e.name == name) {
            i
        } else {
            entries.push(EntryReport {
                name: name.to_string(),
                ..EntryReport::default()
            });
            entries.len() - 1
        }
    }
    for line in log.lines() {
        let body = line.split_once(" : ").map_or(line, |(_, b)| b).trim();
        if let Some(rest) = body.strip_prefix("Compiling entry function '") {
            if let Some((name, _)) = rest.split_once('\'') {
                current = Some(select(&mut entries, name));
            }
        } else if let Some(name) = body.strip_prefix("Function properties for ") {
            current = Some(select(&mut entries, name.trim()));
        } else if let Some(i) = current {
            let e = &mut entries[i];
            if body.starts_with("Used ") || body.contains("bytes stack frame") {
                for item in body.split(',') {
                    let item = item.trim();
                    let mut words = item.split_whitespace();
                    let (first, second) = (words.next(), words.next());
                    let num = |s: Option<&str>| s.and_then(|s| s.parse::<u32>().ok()).unwrap_or(0);
                    if item.starts_with("Used ") && item.ends_with("registers") {
                        e.registers = num(second);
                    } else if item.starts_with("used ") && item.ends_with("barriers") {
                        e.barriers = num(second);
                    } else if item.ends_with("bytes smem") {
                        e.shared_bytes = num(first);
                    } else if item.ends_with("bytes cmem[0]") {
                        e.cmem0_bytes = num(first);
                    } else if item.ends_with("bytes stack frame") {
                        e.stack_frame = num(first);
                    } else if item.ends_with("bytes spill stores") {
                        e.spill_stores = num(first);
                    } else if item.ends_with("bytes spill loads") {
                        e.spill_loads = num(first);
                    }
                }
            }
        }
    }
    entries
}
