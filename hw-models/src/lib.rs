//! hw-models
