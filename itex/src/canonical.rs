//! canonical (in progress)
