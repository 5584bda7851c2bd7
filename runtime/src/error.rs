//! The runtime's error type: one line per error, with a process exit code.

/// Everything that can go wrong when loading, running, verifying or timing a kernel.
///
/// Every message is a single line (driver logs have their newlines folded into `"; "`), so a
/// command-line tool can print `error: {e}` and exit with [`RuntimeError::exit_code`].
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum RuntimeError {
    /// The CUDA driver library (`libcuda.so`) cannot be loaded or initialized: no GPU driver on
    /// this machine. Detected *before* any cudarc call, so it never panics.
    #[error("no CUDA driver: {0}")]
    NoDriver(String),
    /// The driver loaded but reports no usable device (or the requested ordinal does not exist).
    #[error("no CUDA device: {0}")]
    NoDevice(String),
    /// The driver's PTX JIT rejected the module, or the entry point is not in it. Carries the
    /// driver's error log.
    #[error("PTX load failed (entry `{entry}`): {log}")]
    Load {
        /// The kernel entry that was asked for.
        entry: String,
        /// The driver's JIT error log (newlines folded), or the driver error name.
        log: String,
    },
    /// A kernel launch failed, or the kernel faulted while running (the fault is sticky: the
    /// context cannot be used afterwards).
    #[error("kernel launch failed: {0}")]
    Launch(String),
    /// cuBLAS could not be loaded or a cuBLAS call failed where it was required.
    #[error("cuBLAS: {0}")]
    Cublas(String),
    /// The kernel spec or the GEMM call is malformed or unsupported (type mix, zero sizes,
    /// launch shape, shared-memory request over the device limit, ...).
    #[error("bad spec: {0}")]
    BadSpec(String),
    /// NVML (the driver's management library) could not be loaded or a power, clock or
    /// energy reading failed; only energy measurement (`--energy`) asks for it.
    #[error("NVML: {0}")]
    Power(String),
    /// Any other CUDA driver call failed (allocation, copy, event, synchronize).
    #[error("CUDA driver call failed: {0}")]
    Driver(String),
}

impl RuntimeError {
    /// Process exit code for this error: 3 when there is no GPU to run on ([`NoDriver`] or
    /// [`NoDevice`]), so scripts can tell "cannot run here" from a real failure (1).
    ///
    /// [`NoDriver`]: RuntimeError::NoDriver
    /// [`NoDevice`]: RuntimeError::NoDevice
    pub fn exit_code(&self) -> i32 {
        match self {
            RuntimeError::NoDriver(_) | RuntimeError::NoDevice(_) => 3,
            _ => 1,
        }
    }

    /// True when the error means "no GPU here" rather than a failure of the kernel or runtime.
    pub fn is_no_gpu(&self) -> bool {
        self.exit_code() == 3
    }
}

/// Folds a multi-line log into one line: trims, drops empty lines, joins with `"; "`.
pub(crate) fn one_line(s: &str) -> String {
    s.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes() {
        assert_eq!(RuntimeError::NoDriver("x".into()).exit_code(), 3);
        assert_eq!(RuntimeError::NoDevice("x".into()).exit_code(), 3);
        assert_eq!(RuntimeError::Launch("x".into()).exit_code(), 1);
        assert_eq!(RuntimeError::BadSpec("x".into()).exit_code(), 1);
        assert!(RuntimeError::NoDevice("x".into()).is_no_gpu());
        assert!(!RuntimeError::Cublas("x".into()).is_no_gpu());
    }

    #[test]
    fn messages_are_one_line() {
        let e = RuntimeError::Load {
            entry: "k".into(),
            log: one_line("ptxas error 1\n\n  ptxas error 2  \n"),
        };
        let s = e.to_string();
        assert!(!s.contains('\n'), "{s}");
        assert_eq!(
            s,
            "PTX load failed (entry `k`): ptxas error 1; ptxas error 2"
        );
    }
}
