//! tessellate
