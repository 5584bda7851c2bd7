//! emit-ptx
