//! mosaic facade
