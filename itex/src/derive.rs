//! derive (in progress)
