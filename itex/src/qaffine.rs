//! qaffine (in progress)
