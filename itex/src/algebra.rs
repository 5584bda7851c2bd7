//! algebra (in progress)
