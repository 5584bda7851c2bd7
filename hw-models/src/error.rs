//! Errors of target lookup and of the cost model.

/// What can go wrong when naming a target or costing an instruction mix.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum HwError {
    /// The architecture name is not one mosaic models.
    #[error("unknown target `{arch}`; known targets: {known}")]
    UnknownTarget {
        /// The name that was asked for.
        arch: String,
        /// Comma-separated list of the known architecture names.
        known: String,
    },
    /// The architecture is known but the GPU name is not one of its parts.
    #[error("unknown GPU `{gpu}` for target `{arch}`; known GPUs for it: {known}")]
    UnknownGpu {
        /// The architecture name.
        arch: String,
        /// The GPU name that was asked for.
        gpu: String,
        /// Comma-separated list of the GPUs modeled for that architecture.
        known: String,
    },
    /// The target lacks an instruction or operation used in a mix.
    #[error("target {target} does not support {op}")]
    Unsupported {
        /// `arch/gpu` of the target.
        target: String,
        /// The operation, as displayed by [`crate::Op`]'s `Display`.
        op: String,
    },
    /// A mix holds a negative or non-finite count.
    #[error("invalid count {count} for {op}")]
    BadCount {
        /// The operation.
        op: String,
        /// The offending count.
        count: f64,
    },
}
