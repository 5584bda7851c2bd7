//! # codegen — from a tessellation plan to a PTX kernel
//!
//! [`compile`] lowers a [`Plan`] to an [`emit_ptx::ast::Module`] and its text, by one of two
//! paths:
//! - warp plans (mma.sync, FFMA, HFMA2; every target): a cp.async pipeline, fragment loads
//!   derived from the placed iTexes' operand maps, the k-step body ordered by [`sched`]
//!   (zig-zag instance order, tensor/vector interleaving) — module `gemm`;
//! - warpgroup plans (wgmma; sm_90a): the warp-specialized TMA + mbarrier + wgmma kernel of
//!   [`hopper`], with split-K through thread-block clusters, B multicast, persistent tiles,
//!   opt-in stream-K tails, a TMA-store epilogue, and transposed plans (`C^T = B^T A^T`) for
//!   decode shapes and narrow-N shapes.
//!
//! Kernel ABI (what `mosaic verify` and `mosaic bench` launch): entry `mosaic_gemm` with
//! parameters `u64 A, u64 B, u64 C, u32 M, u32 N, u32 K, alpha, beta` (`f32`, or `s32` bits for
//! s8), computing `C = alpha * A B + beta * C`; A is `M x K` (row- or column-major, a compile
//! option), B is `K x N` (likewise), C is `M x N` row-major with the accumulator type (f32; f16
//! for f16acc; s32 for s8), or in the input type with [`CompileOptions::half_c`]. Warpgroup kernels take two to four more parameters, the tensor
//! maps of their A and B tiles, with a TMA-store epilogue of C, and with a row-major B tile
//! read in part a second map over B (128 bytes each, in the order of [`Kernel::tensor_maps`],
//! which names the buffer each one covers: a transposed plan's first map is over the
//! caller's B). A stream-K kernel then takes `u64 W`, a
//! zero-filled workspace of [`Kernel::workspace_bytes`]. Grid and block are in [`Kernel`]
//! (`(ceil(N/bn), ceil(M/bm), batch)` for warp kernels, CTA z computing batch z of a batched
//! GEMM whose batches lie one after another (A, B, C strides `M*K`, `K*N`, `M*N` elements);
//! a 1-D grid of tiles times k-splits (times batches) for warpgroup kernels, or one CTA per
//! resident slot for persistent ones, in whole clusters; a batched warpgroup kernel's tensor
//! maps are 3-D, the batch outermost);
//! shared memory is static up to 48 KiB, dynamic (`.extern`) above. The
//! kernel is specialized for the compiled `M, N, K` (they are immediates in the bounds checks
//! and addressing); the parameters are part of the ABI so a launcher can check them.
//! A warpgroup kernel whose A or B rows are not a multiple of 16 bytes (which TMA cannot
//! address) reads them from copies the launcher makes first with the module's
//! `mosaic_pad_a` / `mosaic_pad_b` entries ([`Kernel::padded`], [`PaddedCopy`]); its maps
//! over that operand are encoded over the copy.
//! Alignment: A and B at 16 bytes (`cp.async` and TMA chunks) and C at 16 bytes for
//! warpgroup kernels (tensor maps); warp kernels with an even N store and load C in pairs of
//! adjacent elements, so C at 8 bytes (4 for f16 C). `cudaMalloc` gives 256.

mod builder;
pub mod frag;
mod gemm;
pub mod hopper;
pub mod simulate;

use emit_ptx::ast::Module;
use tessellate::Plan;

/// Storage order of an input matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatLayout {
    /// Rows contiguous (A: k fastest; B: n fastest).
    RowMajor,
    /// Columns contiguous (A: m fastest; B: k fastest).
    ColMajor,
}

/// Options of code generation.
#[derive(Clone, Copy, Debug)]
pub struct CompileOptions {
    /// Layout of A.
    pub a_layout: MatLayout,
    /// Layout of B.
    pub b_layout: MatLayout,
    /// Instruction order policy for the k-step body.
    pub policy: sched::Policy,
    /// Shared memory a CTA may use, bytes (the target's opt-in maximum; 48 KiB is always
    /// available). Pipeline stages are reduced to fit.
    pub smem_limit: u32,
    /// Shared memory of one SM, bytes (the target's `smem_bytes_per_sm`): warpgroup kernels
    /// with several CTAs per SM split it between them.
    pub smem_per_sm: u32,
    /// Pipeline stages to use instead of the plan's (still reduced to fit `smem_limit`). A
    /// warpgroup kernel keeps fewer CTAs per SM where the plan's count would not leave room.
    pub stages: Option<u32>,
    /// SMs of the target (`hw_models::Target::sms`): a persistent warpgroup kernel launches
    /// `min(tiles, sms x CTAs/SM)` CTAs. Any value gives a correct kernel (the tile loop
    /// strides by `%nctaid.x`); the target's count fills the GPU.
    pub sms: u32,
    /// Persistent tile scheduling instead of the plan's choice ([`tessellate::Plan::persistent`];
    /// ignored for split-K plans, whose clusters are one tile each).
    pub persistent: Option<bool>,
    /// B multicast across a 2-CTA cluster on (`Some(true)`) or off instead of the plan's
    /// choice ([`tessellate::Plan::multicast`], and its A and B block,
    /// [`tessellate::Plan::multicast_a`]); split-K plans cannot multicast.
    pub multicast: Option<bool>,
    /// A multicast instead (`Some(true)`): the two CTAs of a cluster take consecutive tile
    /// columns of one tile row and share each A tile, each loading half of every A box into
    /// both (`hopper` module docs); B multicast is then off. For split-K-, stream-K- and
    /// ping-pong-free plans that are not transposed, without a GPC-major cluster order.
    /// `None` / `Some(false)`: B multicast as `multicast` says.
    pub multicast_a: Option<bool>,
    /// A and B multicast over a cluster that takes a block of `[rows, cols]` tiles
    /// (`Some([2, 2])`: four CTAs; at most 8, the portable cluster size, PTX ISA 9.7.16 /
    /// CUDA programming guide, thread block clusters): each CTA shares its A tile with the
    /// other CTAs of its tile row in the block and its B tile with those of its tile column
    /// (`hopper` module docs), so that L2 sends each operand tile once per block row or
    /// column. Overrides `multicast` and `multicast_a`; the same needs as `multicast_a`.
    /// Measured slower at 2 x 2 (docs/BENCHMARKS.md run 24): an H100's and an H200's GPCs
    /// held 30 clusters of four (120 CTAs, `Kernel::resident_clusters`), so 4096^3 ran 0.83x
    /// cuBLAS and 8192^3 0.91x. `None`: as `multicast` and `multicast_a` say, or where both
    /// are `None` the plan's block (`tessellate::Plan::multicast_a`).
    pub multicast_ab: Option<[i64; 2]>,
    /// The TMA-store epilogue of warpgroup kernels (`hopper::epilogue`) on (`Some(true)`,
    /// taking shared memory from the stages where needed) or off, instead of using it
    /// wherever C's pitch allows (a multiple of 16 bytes), the tile is a whole number of
    /// 128-byte boxes wide (32 columns of an f32 C, 64 of a 16-bit one), and the plan's
    /// stages leave room, except a transposed decode plan (the caller's m within one wgmma
    /// n) with an f32 C, which keeps direct stores (docs/BENCHMARKS.md run 29-a).
    pub tma_store: Option<bool>,
    /// Stream-K tails ([`tessellate::Plan::stream_k`]) on (`Some(true)`, for split-K-free
    /// warpgroup plans; B multicast is then off) or off instead of the plan's choice. A
    /// stream-K kernel's schedule is fixed for its grid: it traps if launched with another.
    /// A batched GEMM's plan is refused with `Some(true)`.
    pub stream_k: Option<bool>,
    /// Tile rows (B-multicast groups of rows where B is multicast) in each group of the
    /// warpgroup kernels' launch order, instead of the default 8 (`hopper::raster`); at least 1.
    /// Tile columns (A-multicast groups) where the order goes n fastest (`raster_n_first`).
    /// With a GPC-major cluster order, tile columns per band (`hopper::order::band_raster`).
    pub raster_group: Option<u32>,
    /// Launch order of a warpgroup kernel without a cluster order or stream-K: `Some(false)`
    /// m fastest in groups of `raster_group` tile rows (as every such kernel before run 30),
    /// `Some(true)` n fastest in groups of `raster_group` tile columns, or `None`: n fastest
    /// on a lone grid (at most one CTA per SM, one batch, no split-K) of tiles of at least 128
    /// rows whose tile rows span more of m than its tile columns span of n (a transposed
    /// plan's: with at most four tile columns), m fastest elsewhere (`hopper::n_first`).
    /// `Some(true)` is refused with a GPC-major cluster order or stream-K.
    pub raster_n_first: Option<bool>,
    /// GPC-major cluster order for persistent warpgroup kernels (`hopper::order`): on
    /// (`Some(true)`; refused for kernels that are not persistent, split-K, stream-K and
    /// batched kernels, and grids of more than 65536 clusters), off (launch order
    /// in groups of `raster_group` rows), or `None`: on where B is multicast from one CTA
    /// per SM (measured 0.2-0.5% faster at 4096^3 f16 on H100s and an H200, up to 0.8% for tf32;
    /// docs/BENCHMARKS.md run 18).
    /// With it, `raster_group` is the width of the launch order's bands, in tile columns.
    pub cluster_order: Option<bool>,
    /// Ping-pong consumers for one-warpgroup warpgroup plans (`Some(true)`): two consumer
    /// warpgroups take the CTA's tiles in turn, so that one's epilogue overlaps the other's
    /// main loop (`hopper` module docs). Needs a persistent, split-K-free, stream-K-free
    /// plan of one consumer warpgroup. `None` and `Some(false)`: the plan's consumer
    /// warpgroups share each tile's rows (plans carry no ping-pong choice: measured 9-17%
    /// slower, docs/BENCHMARKS.md run 12).
    pub pingpong: Option<bool>,
    /// Whether warpgroup kernels issue the next tile's first k-tiles during the TMA-store
    /// epilogue (`hopper::overlap`); see [`EpilogueOverlap`].
    pub epilogue_overlap: EpilogueOverlap,
    /// C stored in the inputs' 16-bit type (f16 or bf16, rounded to nearest even from the
    /// f32 accumulators) instead of f32: f16 and bf16 plans (f32 accumulate), not stream-K.
    /// A warpgroup kernel's TMA-store epilogue stages its boxes with `stmatrix`.
    pub half_c: bool,
    /// L2 prefetch of warpgroup kernels' k-tiles ahead of the stage ring: `Some(d)` with `d >
    /// 0` has the producer ask the TMA engine to bring each k-tile's boxes (this CTA's share
    /// of A and B, as its loads take them) into L2 (`cp.async.bulk.prefetch.tensor`, PTX ISA
    /// 9.7.9.25.5.3) `d` k-tiles before the ring's first free stage would load them: at a
    /// tile's start the `d` k-tiles past the ring, then one a k-tile, so that the TMA load of a
    /// k-tile hits L2 instead of waiting on DRAM. A hint: the kernel's results do not depend
    /// on it. `None` or `Some(0)`: none, the default: at 18 decode shapes of M = 128 on an
    /// H100 it ran 0.80x (8 k-tiles) and 0.78x (64) the kernels without it
    /// (docs/BENCHMARKS.md run 41-a).
    pub l2_prefetch: Option<u32>,
    /// Two consumer warpgroups share each tile of a one-warpgroup warpgroup plan by its
    /// k-tiles (`true`): warpgroup 0 takes the even k-tiles and 1 the odd ones, each into
    /// its own accumulators, so that two chains of dependent wgmma are in flight; at the
    /// tile's end warpgroup 1 hands its partial tile to warpgroup 0 through shared memory
    /// (`wm x wn` f32, beside the stages) and warpgroup 0 adds it and runs the epilogue.
    /// cuBLAS's 64x64 kernels at M = 128 do this (docs/BENCHMARKS.md run 41-a, ncu: two
    /// consumer warpgroups issue one warpgroup's wgmma), but mosaic's kernels ran 0.978x
    /// with it at 25 M = 128 shapes on an H100 (run 41-b), so it is off by default. Needs a
    /// non-persistent plan of one warpgroup without split-K, stream-K, ping-pong or FFMA
    /// columns, at least two k-tiles and a ring of three stages or more; refused
    /// (`CodegenError::Unsupported`) otherwise.
    pub k_pair: bool,
    /// Programmatic dependent launch ([`Pdl`]; by default on for warpgroup kernels).
    pub pdl: Pdl,
}

/// Programmatic dependent launch (PDL, sm_90; CUDA programming guide, "Programmatic
/// Dependent Launch and Synchronization") of a warpgroup kernel: launched with
/// `CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION` ([`Kernel::programmatic_launch`]),
/// the kernel's CTAs may start while the previous kernel in the stream is finishing, once
/// every CTA of that kernel has run `griddepcontrol.launch_dependents` (which each CTA of a
/// PDL kernel does first); each thread runs `griddepcontrol.wait`, which returns when the
/// previous grid has completed and its writes are visible, before it touches global memory
/// (the simulator checks this: `ptx_sim::SimError::BeforeGridDepWait`). So the launch, the
/// barrier set-up and the tensor-map fetch of one GEMM overlap the tail of the one before.
/// Without the launch attribute both instructions do nothing.
///
/// Measured on an H100 (docs/BENCHMARKS.md run 42), back-to-back launches of one kernel
/// (`bench`), against the same kernels without it: 1.12x in geomean at 20 fresh M = 128
/// shapes and 1.15x at 10 of M = 16 (42-a), out of sample 1.09-1.20x at 30 decode shapes
/// (42-b: f16, bf16, column-major B; 28 faster), the LLM suite 1.020 -> 1.031 (f16) and
/// 1.021 -> 1.035 (bf16) of cuBLAS, 4096^3 unchanged. cuBLAS does not launch its GEMMs this
/// way (42-b: captured in a graph, two cuBLAS calls are joined by a full dependency).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pdl {
    /// `On` for warpgroup kernels, `Off` for warp-level (mma.sync, FFMA) ones.
    #[default]
    Auto,
    /// No `griddepcontrol`; launched without the attribute.
    Off,
    /// The `griddepcontrol` instructions and the launch attribute described above. A
    /// warp-level (mma.sync, FFMA) kernel runs both first; refused before sm_90
    /// ([`CodegenError::TargetLacks`]).
    On,
    /// As `On`, and before its wait the producer of a CTA with one tile (not persistent,
    /// not stream-K) asks the TMA engine for its first k-tiles' boxes, as many as the ring
    /// holds, into L2 (`cp.async.bulk.prefetch.tensor`: a hint that reads nothing into the
    /// kernel; the loads after the wait read the operands as they are then), so that DRAM's
    /// latency for them overlaps the previous kernel too. Slower than `On` (42-a: 1.02x and
    /// 1.07x over no PDL at M = 128 and 16, against `On`'s 1.12x and 1.15x; LLM suite f16
    /// 1.008 of cuBLAS against 1.019 without PDL).
    Prefetch,
}

/// Issuing the next tile's first k-tiles during a persistent warpgroup kernel's TMA-store
/// epilogue, chunk by chunk as the accumulators are staged (`hopper::overlap`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EpilogueOverlap {
    /// Two k-tiles in 128-column chunks where the kernel can (persistent, split-K-,
    /// stream-K- and ping-pong-free, no FFMA columns, a TMA-store epilogue, tiles of a
    /// multiple of 128 columns) and has at most 64 k-tiles per tile (K <= 4096 f16 with
    /// 128-byte swizzle spans, 2048 tf32): there it measured 0.3-2.5% faster on an H100 up
    /// to 32 k-tiles (docs/BENCHMARKS.md run 17), and from 33 to 64 it takes up to 0.9% off
    /// the joules per GEMM (against cuBLAS's), which is what counts at the 700 W cap (run
    /// 20). Elsewhere off.
    #[default]
    Auto,
    /// Never.
    Off,
    /// `k_tiles` k-tiles in chunks of `cols` accumulator columns (a multiple of 64
    /// dividing the tile's); the main loop then issues its wgmma `cols` columns wide too.
    /// Refused (`CodegenError::Unsupported`) where the kernel cannot, where a tile has no
    /// more k-tiles than `k_tiles`, or the ring fewer stages.
    On {
        /// k-tiles of the next tile issued in the epilogue.
        k_tiles: u32,
        /// Accumulator columns per chunk.
        cols: u32,
    },
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            a_layout: MatLayout::RowMajor,
            b_layout: MatLayout::RowMajor,
            policy: sched::Policy::Interleave,
            smem_limit: 48 * 1024,
            smem_per_sm: 48 * 1024,
            stages: None,
            sms: 1,
            persistent: None,
            multicast: None,
            multicast_a: None,
            multicast_ab: None,
            tma_store: None,
            stream_k: None,
            raster_group: None,
            raster_n_first: None,
            cluster_order: None,
            pingpong: None,
            epilogue_overlap: EpilogueOverlap::Auto,
            half_c: false,
            l2_prefetch: None,
            k_pair: false,
            pdl: Pdl::Auto,
        }
    }
}

/// A compiled kernel and its launch configuration.
#[derive(Clone, Debug)]
pub struct Kernel {
    /// The PTX text (deterministic for a given plan and options).
    pub ptx: String,
    /// The typed module it was printed from.
    pub module: Module,
    /// Entry name.
    pub entry: String,
    /// Grid dimensions.
    pub grid: [u32; 3],
    /// Block dimensions.
    pub block: [u32; 3],
    /// Shared memory per CTA, bytes.
    pub smem_bytes: u32,
    /// Dynamic shared memory to request at launch (0 when the kernel's shared memory is
    /// static, i.e. at most 48 KiB).
    pub dynamic_smem_bytes: u32,
    /// Pipeline stages actually used (fewer than planned when shared memory is short).
    pub stages: u32,
    /// Tensor maps the launcher encodes (`cuTensorMapEncodeTiled`) for this launch's buffers
    /// and passes by value after the eight ABI parameters, in this order: A's, B's, then C's
    /// (TMA-store epilogue) and a second map over B with narrower boxes (a row-major B tile
    /// whose last 64-column chunk is read in part) where the kernel has them; empty for the
    /// Ampere-style path.
    pub tensor_maps: Vec<TensorMapSpec>,
    /// Bytes of global workspace the kernel takes as one more `u64` parameter after the
    /// tensor maps (0: no such parameter), zero-filled before the first launch; the kernel
    /// leaves it zeroed again for the next (stream-K flags, one `u32` per CTA,
    /// `hopper::stream_k`). Launches sharing one workspace must not overlap.
    pub workspace_bytes: u64,
    /// The kernel's GPC-major cluster order table, for the launcher to fill (`None`: the
    /// kernel has none).
    pub cluster_order: Option<ClusterOrder>,
    /// `Some(c)`: a persistent kernel of `c`-CTA clusters whose tile loop is correct on any
    /// grid of whole clusters, launched on `grid` CTAs (one per resident slot by the
    /// target's SM count) where the GPU can hold that many clusters at once. A launcher
    /// should launch no more clusters than are resident together (a cluster of four CTAs
    /// needs four free SMs of one GPC, so fewer fit than `SMs / 4`), or the last would
    /// start only after others finish their tiles. Set on every persistent cluster kernel
    /// (B multicast's 2-CTA ones too, which an H100 and an H200 held whole: 66 of 66, run 24;
    /// a launch on fewer CTAs reads no cluster order table and takes launch order).
    /// `None`: launch `grid` as it is.
    pub resident_clusters: Option<u32>,
    /// Launch with programmatic stream serialization ([`CompileOptions::pdl`]): the kernel
    /// waits for the previous grid itself (`griddepcontrol.wait`). A launcher that does
    /// not set the attribute still runs the kernel correctly (the `griddepcontrol`
    /// instructions then do nothing).
    pub programmatic_launch: bool,
    /// Operands whose rows TMA cannot address (a pitch not a multiple of 16 bytes), which
    /// the launcher copies into rows of a 16-byte multiple before each launch, in this
    /// order, with the module's copy entries ([`PaddedCopy`], `hopper::pad`); the tensor
    /// maps over such an operand describe the copy (`stride_bytes` its pitch) and are encoded
    /// over it. Empty for the Ampere-style path and for aligned operands.
    pub padded: Vec<PaddedCopy>,
}

/// A copy of one operand's rows into a buffer of [`PaddedCopy::pitch_bytes`] rows, made by
/// the launcher before each launch of the GEMM (`hopper::pad`): launch the module's
/// `entry` on `grid` x `block` (no dynamic shared memory) with two `u64` parameters, the
/// caller's buffer and a device buffer of at least [`PaddedCopy::bytes`] bytes (16-byte
/// aligned), then encode the GEMM's tensor maps over `operand` with that buffer as their
/// base. The copy must finish before the GEMM reads it, and the next copy into the same
/// buffer must not start writing before the GEMM ends: launches in one stream, plain or
/// (where [`PaddedCopy::programmatic_launch`]) programmatic, whose `griddepcontrol.wait`
/// holds each kernel's first global access until the one before has finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaddedCopy {
    /// The caller's buffer copied (A or B).
    pub operand: TmaOperand,
    /// The copy kernel's entry in the GEMM's module.
    pub entry: String,
    /// Rows of the caller's buffer (every batch's, one after another).
    pub rows: u64,
    /// Bytes of one row as the caller stores it (the source pitch).
    pub row_bytes: u64,
    /// The copy holds each batch's matrix transposed (`hopper::transpose`): the kernel's tf32
    /// B stored MN-major (k rows of n elements: the caller's row-major B, or a transposed
    /// plan's caller's column-major A), which tf32 wgmma cannot read from shared memory,
    /// becomes K-major rows of k elements. `false`: the rows as they are, at a wider pitch.
    pub transposed: bool,
    /// Rows of the copy (every batch's): `rows`, or where [`PaddedCopy::transposed`], the
    /// batches times the elements of a source row.
    pub out_rows: u64,
    /// Bytes between rows of the copy: a row's bytes (`row_bytes`, or where transposed a
    /// batch's source rows times the element size) rounded up to a multiple of 16.
    pub pitch_bytes: u64,
    /// The copy kernel's grid.
    pub grid: [u32; 3],
    /// The copy kernel's block.
    pub block: [u32; 3],
    /// Launch the copy as a programmatic dependent, as the GEMM is
    /// ([`Kernel::programmatic_launch`]): it runs `griddepcontrol.launch_dependents` and
    /// `griddepcontrol.wait` first, so its launch overlaps the previous kernel's tail and
    /// the GEMM's launch overlaps its own.
    pub programmatic_launch: bool,
}

impl PaddedCopy {
    /// Bytes of the copy's buffer: `out_rows * pitch_bytes`.
    pub fn bytes(&self) -> u64 {
        self.out_rows * self.pitch_bytes
    }
}

/// A persistent warpgroup kernel's cluster order table (`hopper::order`): the `.const`
/// array `symbol` of `clusters` `u16` entries, entry `c` the logical index of the cluster
/// of CTAs `[c * cluster_ctas, (c + 1) * cluster_ctas)`. The PTX holds the identity (launch
/// order); a launcher that knows where the GPU places this grid's clusters writes a
/// permutation of `0..clusters` that lists each GPC's clusters consecutively, before
/// launching. Read only by a grid of `clusters * cluster_ctas` CTAs (the kernel's own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClusterOrder {
    /// The `.const` array's name.
    pub symbol: String,
    /// Entries: the grid's clusters.
    pub clusters: u32,
    /// CTAs per cluster (consecutive along x).
    pub cluster_ctas: u32,
    /// CTAs the kernel keeps per SM (its registers and shared memory allow no more): a
    /// probe of the placement must keep as many.
    pub ctas_per_sm: u32,
}

/// The operand a tensor map describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmaOperand {
    /// A (`M x K`).
    A,
    /// B (`K x N`).
    B,
    /// C (`M x N`, f32), written by a TMA-store epilogue.
    C,
}

/// Element type of a tensor map (`CUtensorMapDataType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmaElem {
    /// `CU_TENSOR_MAP_DATA_TYPE_FLOAT16`.
    F16,
    /// `CU_TENSOR_MAP_DATA_TYPE_BFLOAT16`.
    BF16,
    /// `CU_TENSOR_MAP_DATA_TYPE_FLOAT32` (tf32 operands are stored as f32).
    F32,
}

/// A 2-D (or, batched, 3-D) tiled tensor map over one operand, as `cuTensorMapEncodeTiled`
/// takes it (CUDA driver API, "Tensor Map Object Management"); dimension 0 is the
/// contiguous one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TensorMapSpec {
    /// Which buffer.
    pub operand: TmaOperand,
    /// Element type.
    pub elem: TmaElem,
    /// Global extents `[inner, outer]`, elements.
    pub dims: [u64; 2],
    /// Byte stride of the outer dimension (a multiple of 16).
    pub stride_bytes: u64,
    /// Box extents `[inner, outer]`, elements (each at most 256; inner at most the swizzle span).
    pub box_dims: [u32; 2],
    /// Swizzle span, bytes (128: `CU_TENSOR_MAP_SWIZZLE_128B`).
    pub swizzle_bytes: u32,
    /// Batches (1: a 2-D map). With more, the map is 3-D: dimension 2 of this extent,
    /// `batch_stride_bytes` apart, box extent 1 (each batch's edges are its own, so ragged
    /// boxes read zeros instead of the next batch).
    pub batch: u64,
    /// Byte stride between batches (a multiple of 16; unused with one batch).
    pub batch_stride_bytes: u64,
    /// L2 promotion the map asks for, bytes (`CU_TENSOR_MAP_L2_PROMOTION_L2_{128,256}B`):
    /// 128 for a grid of at most one CTA per SM with 16-bit operands (decode shapes, which
    /// stream their operands once), else 256. The runtime lowers 256 to 128 where the row
    /// pitch is not a multiple of 256 bytes.
    pub l2_promotion_bytes: u32,
}

/// Errors of code generation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodegenError {
    /// The plan uses something this code generator does not lower yet.
    #[error("code generation does not support {0} yet")]
    Unsupported(String),
    /// An option needs an instruction the target lacks (`--pdl on` before sm_90).
    #[error("{target} lacks {what}")]
    TargetLacks {
        /// The `.target` name, e.g. `sm_80`.
        target: String,
        /// The instruction, and what needs it.
        what: String,
    },
    /// An iTex map is not of the `(thread, value)` form.
    #[error("iTex map: {0}")]
    Map(String),
    /// The built kernel breaks warp convergence where PTX requires it (a code-generator
    /// bug caught by [`emit_ptx::converge`], never a kernel to run).
    #[error("internal error, the kernel breaks warp convergence: {0}")]
    Divergence(#[from] emit_ptx::Divergence),
    /// The built kernel reads a register some path leaves unwritten (a code-generator bug
    /// caught by [`emit_ptx::defined`], never a kernel to run: run 35-b's such read hung).
    #[error("internal error, the kernel reads an unwritten register: {0}")]
    Undefined(#[from] emit_ptx::UndefinedRead),
}

/// Lowers `plan` to a PTX kernel (warpgroup plans through [`hopper::build`]).
///
/// # Errors
/// [`CodegenError`] for plans outside the supported paths (stream-K or transposed warpgroup
/// plans of a batched GEMM, heterogeneous or FFMA-only warpgroup tiles, layouts
/// [`hopper::supports`] refuses, reductions the fragment layouts cannot realize, a 16-bit C
/// ([`CompileOptions::half_c`]) outside f16/bf16 plans or with stream-K);
/// [`CodegenError::TargetLacks`] for `Pdl::On` before sm_90;
/// [`CodegenError::Divergence`] if the built kernel fails the warp-convergence check,
/// [`CodegenError::Undefined`] if it fails the definite-assignment check.
pub fn compile(plan: &Plan, opts: &CompileOptions) -> Result<Kernel, CodegenError> {
    let k = if plan.worker_threads == 128 {
        hopper::build(plan, opts)
    } else {
        gemm::build(plan, opts)
    }?;
    emit_ptx::converge::check_module(&k.module)?;
    emit_ptx::defined::check_module(&k.module)?;
    Ok(k)
}
