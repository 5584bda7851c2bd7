//! Everything that touches CUDA: driver probe, PTX load, launch, cuBLAS, verify and bench.
//!
//! cudarc loads `libcuda` and `libcublas` lazily and *panics* when a library is missing, so
//! every entry point checks for the library first (`is_culib_present`, a plain `dlopen`) and
//! turns its absence into [`RuntimeError::NoDriver`] / [`CublasCheck::Unavailable`].

use std::borrow::Cow;
use std::collections::HashMap;
use std::ffi::{CString, c_void};
use std::sync::{Arc, Mutex, OnceLock};

use cudarc::cublas::{CudaBlas, result as bresult, sys as bsys};
use cudarc::driver::{
    CudaContext, CudaFunction, CudaSlice, CudaStream, DevicePtr, DriverError, result as dresult,
    sys,
};
use cudarc::nvrtc::Ptx;
use half::f16;

use crate::energy::{self, EnergyReport, PowerMeter};
use crate::error::{RuntimeError, one_line};
use crate::host::{self, HostMat, Rng};
use crate::topology::{self, ProbeShape};
use crate::types::{
    BenchOpts, BenchReport, Compute, CublasCheck, DeviceInfo, ElemType, GemmCall, KernelSpec,
    PairedRatio, Timing, VerifyOpts, VerifyReport,
};

/// Static shared memory a kernel may use without opting in, in bytes (48 KiB).
const DEFAULT_SMEM_LIMIT: u32 = 48 * 1024;

fn drv(what: &str, e: DriverError) -> RuntimeError {
    RuntimeError::Driver(format!("{what}: {}", err_name(e)))
}

fn err_name(e: DriverError) -> String {
    let desc = e
        .error_string()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    format!("{:?} ({desc})", e.0)
}

/// True when `libcuda` can be loaded. Must precede every other cudarc driver call.
fn driver_library_present() -> bool {
    // SAFETY: dlopen()s the candidate library names and drops the handles again; loading
    // libcuda runs no user-visible initialisation (cuInit is separate).
    unsafe { sys::is_culib_present() }
}

/// True when `libcublas` can be loaded (checked before the first cuBLAS call, which would
/// otherwise panic inside cudarc).
fn cublas_library_present() -> bool {
    // SAFETY: as for `driver_library_present`.
    unsafe { bsys::is_culib_present() }
}

/// Initializes the driver and returns the device count, mapping every failure mode to
/// [`RuntimeError::NoDriver`] or [`RuntimeError::NoDevice`].
fn init_driver() -> Result<usize, RuntimeError> {
    if !driver_library_present() {
        return Err(RuntimeError::NoDriver(format!(
            "cannot load the driver library (tried {}); is this a machine with an NVIDIA GPU?",
            cudarc::get_lib_name_candidates("cuda")
                .into_iter()
                .filter(|n| n.starts_with("libcuda.so"))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    if let Err(e) = dresult::init() {
        return Err(match e.0 {
            sys::CUresult::CUDA_ERROR_NO_DEVICE => {
                RuntimeError::NoDevice(format!("cuInit: {}", err_name(e)))
            }
            _ => RuntimeError::NoDriver(format!("cuInit failed: {}", err_name(e))),
        });
    }
    let n = dresult::device::get_count()
        .map_err(|e| RuntimeError::NoDevice(format!("cuDeviceGetCount: {}", err_name(e))))?;
    if n <= 0 {
        return Err(RuntimeError::NoDevice(
            "the driver reports 0 devices".into(),
        ));
    }
    Ok(n as usize)
}

/// Checks for a usable GPU and describes device 0.
///
/// Never panics for want of a GPU: without a loadable driver library it returns
/// [`RuntimeError::NoDriver`], with a driver but no device [`RuntimeError::NoDevice`]
/// (both have [`RuntimeError::exit_code`] 3).
pub fn probe() -> Result<DeviceInfo, RuntimeError> {
    Ok(Runtime::new()?.info().clone())
}

/// A CUDA context on device 0 with one stream and (when the library exists) a cuBLAS handle.
///
/// [`crate::verify`] and [`crate::bench`] build one per call; keep a `Runtime` to run many
/// checks without re-creating the cuBLAS handle. After a kernel faults (illegal address, ...)
/// the context is unusable (CUDA errors are sticky) and every later call fails.
pub struct Runtime {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    blas: Result<CudaBlas, String>,
    info: DeviceInfo,
    /// GPC labels of the SMs (`topology`), probed at the first kernel with a cluster order.
    gpcs: Mutex<Option<HashMap<u32, u32>>>,
    /// Cluster order tables by launch shape.
    orders: Mutex<HashMap<ProbeShape, Vec<u16>>>,
    /// NVML, opened at the first `bench` with `--energy` and kept for this `Runtime` (the
    /// CLI's one per command, over a suite's many shapes).
    meter: OnceLock<PowerMeter>,
}

impl std::fmt::Debug for Runtime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runtime").field("info", &self.info).finish()
    }
}

impl Runtime {
    /// Probes the driver (see [`probe`]) and creates the context, stream and cuBLAS handle.
    pub fn new() -> Result<Self, RuntimeError> {
        init_driver()?;
        let ctx = CudaContext::new(0).map_err(|e| drv("create context on device 0", e))?;
        let stream = ctx.new_stream().map_err(|e| drv("create stream", e))?;
        let info = device_info(&ctx)?;
        let blas = if cublas_library_present() {
            CudaBlas::new(stream.clone()).map_err(|e| format!("cublasCreate failed: {e:?}"))
        } else {
            Err(format!(
                "cannot load libcublas (tried {})",
                cudarc::get_lib_name_candidates("cublas")
                    .into_iter()
                    .filter(|n| n.starts_with("libcublas.so"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        };
        Ok(Runtime {
            ctx,
            stream,
            blas,
            info,
            gpcs: Mutex::new(None),
            orders: Mutex::new(HashMap::new()),
            meter: OnceLock::new(),
        })
    }

    /// The NVML power meter of this device, opened once (a failed open is not kept, so the
    /// error repeats on the next call).
    fn meter(&self) -> Result<&PowerMeter, RuntimeError> {
        if let Some(m) = self.meter.get() {
            return Ok(m);
        }
        let m = PowerMeter::open(&self.ctx)?;
        Ok(self.meter.get_or_init(|| m))
    }

    pub(crate) fn ctx(&self) -> &Arc<CudaContext> {
        &self.ctx
    }

    pub(crate) fn stream(&self) -> &Arc<CudaStream> {
        &self.stream
    }

    /// The GPC-major order of `spec`'s clusters on this GPU (cached per launch shape;
    /// `None` for a kernel without an order table). Where the device refuses the probe of
    /// the kernel's shape, the order is launch order (the identity).
    ///
    /// # Errors
    /// [`RuntimeError::BadSpec`] for an invalid `spec`; driver failures of the probes
    /// ([`Runtime::probe_placement`], [`Runtime::probe_gpcs`]).
    pub fn cluster_order(&self, spec: &KernelSpec) -> Result<Option<Vec<u16>>, RuntimeError> {
        spec.validate()?;
        let Some(o) = &spec.cluster_order else {
            return Ok(None);
        };
        // The probe has few registers, so its shared memory must hold it to the kernel's CTAs
        // per SM: more than 1/(n + 1) of the SM's (about the opt-in maximum plus the 1 KiB
        // the driver reserves per block).
        let floor = (self.info.max_smem_per_block_optin + 1024) / (o.ctas_per_sm + 1) + 1;
        let smem = spec.dynamic_smem_bytes.max(floor);
        let shape = ProbeShape {
            grid: spec.grid[0],
            block: spec.block.iter().product(),
            smem,
            cluster: o.cluster_ctas,
            per_sm: o.ctas_per_sm,
        };
        let mut orders = self.orders.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = orders.get(&shape) {
            return Ok(Some(t.clone()));
        }
        let mut gpcs = self.gpcs.lock().unwrap_or_else(|e| e.into_inner());
        if gpcs.is_none() {
            *gpcs = Some(self.probe_gpcs()?);
        }
        let table = match self.probe_placement(shape, true) {
            Ok(sm_of_cta) => topology::gpc_major(
                &sm_of_cta,
                o.cluster_ctas as usize,
                o.ctas_per_sm as usize,
                gpcs.as_ref().expect("probed above"),
            ),
            Err(RuntimeError::Launch(_)) => (0..o.clusters).map(|c| c as u16).collect(),
            Err(e) => return Err(e),
        };
        orders.insert(shape, table.clone());
        Ok(Some(table))
    }

    /// The device this runtime runs on.
    pub fn info(&self) -> &DeviceInfo {
        &self.info
    }

    /// Loads `spec.ptx` (driver JIT) and looks up `spec.entry` and the operand copies'
    /// entries ([`KernelSpec::padded`]); raises the dynamic shared
    /// memory limit when `dynamic_smem_bytes` exceeds 48 KiB; for a kernel with a cluster
    /// order table, writes [`Runtime::cluster_order`] into it (the first such kernel of a
    /// launch shape runs the placement probes).
    pub fn load(&self, spec: &KernelSpec) -> Result<Loaded, RuntimeError> {
        spec.validate()?;
        if spec.dynamic_smem_bytes > self.info.max_smem_per_block_optin {
            return Err(RuntimeError::BadSpec(format!(
                "{} bytes of dynamic shared memory requested, device allows {} per block",
                spec.dynamic_smem_bytes, self.info.max_smem_per_block_optin
            )));
        }
        let module = match self.ctx.load_module(Ptx::from_src(spec.ptx.clone())) {
            Ok(m) => m,
            Err(e) => {
                return Err(RuntimeError::Load {
                    entry: spec.entry.clone(),
                    log: jit_error_log(&self.ctx, &spec.ptx).unwrap_or_else(|| err_name(e)),
                });
            }
        };
        let function = |entry: &str| {
            module.load_function(entry).map_err(|e| RuntimeError::Load {
                entry: entry.to_string(),
                log: format!("entry not found in module: {}", err_name(e)),
            })
        };
        let f = function(&spec.entry)?;
        let copies = spec
            .padded
            .iter()
            .map(|c| function(&c.entry))
            .collect::<Result<_, _>>()?;
        if let (Some(o), Some(table)) = (&spec.cluster_order, self.cluster_order(spec)?) {
            let mut dst = module
                .get_global(&o.symbol, &self.stream)
                .map_err(|e| drv(&format!("cluster order table {}", o.symbol), e))?;
            let bytes: Vec<u8> = table.iter().flat_map(|v| v.to_le_bytes()).collect();
            if dst.len() != bytes.len() {
                return Err(RuntimeError::BadSpec(format!(
                    "cluster order table {} holds {} bytes, {} clusters need {}",
                    o.symbol,
                    dst.len(),
                    o.clusters,
                    bytes.len()
                )));
            }
            self.stream
                .memcpy_htod(&bytes, &mut dst)
                .map_err(|e| drv("write the cluster order table", e))?;
        }
        if spec.dynamic_smem_bytes > DEFAULT_SMEM_LIMIT {
            f.set_attribute(
                sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                spec.dynamic_smem_bytes as i32,
            )
            .map_err(|e| RuntimeError::Launch(format!("set max dynamic smem: {}", err_name(e))))?;
        }
        Ok(Loaded { gemm: f, copies })
    }

    /// `spec` as launched: with [`KernelSpec::resident_clusters`], at most the clusters of
    /// the loaded `f` that the GPU holds at once (`cuOccupancyMaxActiveClusters`, CUDA
    /// driver API, "Occupancy"); the cluster order table, written for the compiled grid, is
    /// then not read (the kernel takes launch order on another grid), so it is dropped.
    /// Borrows `spec` unless the grid shrinks (the spec holds the PTX, so a copy is not free).
    ///
    /// # Errors
    /// [`RuntimeError::Launch`] if the driver cannot answer, or answers that no cluster fits.
    fn resident<'s>(
        &self,
        f: &CudaFunction,
        spec: &'s KernelSpec,
    ) -> Result<Cow<'s, KernelSpec>, RuntimeError> {
        let Some(c) = spec.resident_clusters else {
            return Ok(Cow::Borrowed(spec));
        };
        let cfg = sys::CUlaunchConfig {
            gridDimX: spec.grid[0],
            gridDimY: 1,
            gridDimZ: 1,
            blockDimX: spec.block[0],
            blockDimY: spec.block[1],
            blockDimZ: spec.block[2],
            sharedMemBytes: spec.dynamic_smem_bytes,
            hStream: self.stream.cu_stream(),
            // The cluster size is compiled in.
            attrs: std::ptr::null_mut(),
            numAttrs: 0,
        };
        self.ctx
            .bind_to_thread()
            .map_err(|e| drv("bind context", e))?;
        let mut clusters: std::ffi::c_int = 0;
        // SAFETY: `cfg` and `clusters` outlive the call; `f` is a loaded function of this
        // context.
        let r = unsafe {
            sys::cuOccupancyMaxActiveClusters(&raw mut clusters, f.cu_function(), &raw const cfg)
        };
        if r != sys::CUresult::CUDA_SUCCESS || clusters < 1 {
            return Err(RuntimeError::Launch(format!(
                "resident clusters of {c} CTAs of {}: {r:?}, {clusters}",
                spec.entry
            )));
        }
        let fit = (clusters as u32).saturating_mul(c);
        if fit >= spec.grid[0] {
            return Ok(Cow::Borrowed(spec));
        }
        let mut spec = spec.clone();
        spec.grid[0] = fit;
        spec.cluster_order = None;
        Ok(Cow::Owned(spec))
    }

    /// Enqueues the operand copies `spec` asks for, then one launch of `f` with the ABI
    /// parameters (no synchronization).
    fn launch(
        &self,
        f: &Loaded,
        spec: &KernelSpec,
        call: &GemmCall,
        set: &DevSet,
    ) -> Result<(), RuntimeError> {
        self.ctx
            .bind_to_thread()
            .map_err(|e| drv("bind context", e))?;
        fn arg<T>(x: &T) -> *mut c_void {
            std::ptr::from_ref(x).cast_mut().cast()
        }
        if set.copies.len() != spec.padded.len() || f.copies.len() != spec.padded.len() {
            return Err(RuntimeError::BadSpec(format!(
                "{} operand copies allocated and {} loaded for a kernel that takes {}",
                set.copies.len(),
                f.copies.len(),
                spec.padded.len()
            )));
        }
        // Programmatic stream serialization: the kernel may start before the previous one in
        // the stream finishes (it waits for it itself: `KernelSpec::programmatic_launch`).
        // SAFETY: a plain-old-data attribute, zero then filled as the driver API documents.
        let mut attr: sys::CUlaunchAttribute = unsafe { std::mem::zeroed() };
        attr.id = sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
        attr.value.programmaticStreamSerializationAllowed = 1;
        for ((c, cf), dst) in spec.padded.iter().zip(&f.copies).zip(&set.copies) {
            let src = set.buffer(dst.operand);
            // Plain, it starts after the previous kernel in the stream (which may still read
            // the copy's buffer) has finished; programmatic, it waits for that itself.
            let pdl = c.programmatic_launch.then_some(&mut attr);
            // SAFETY: two u64 device addresses, the copy entry's ABI: the operand's buffer
            // and a live allocation of `c.bytes` bytes ([`DevSet::with_copies`]).
            unsafe {
                self.launch_raw(
                    cf,
                    (c.grid, c.block, 0),
                    pdl,
                    &mut [arg(&src), arg(&dst.ptr)],
                )
            }
            .map_err(|e| {
                RuntimeError::Launch(format!("operand copy {}: {}", c.entry, err_name(e)))
            })?;
        }
        let (alpha_f, beta_f) = (call.alpha as f32, call.beta as f32);
        let (alpha_i, beta_i) = (call.alpha as i32, call.beta as i32);
        let mut args = vec![
            arg(&set.a_ptr),
            arg(&set.b_ptr),
            arg(&set.c_ptr),
            arg(&call.m),
            arg(&call.n),
            arg(&call.k),
        ];
        if call.c == ElemType::S32 {
            args.extend([arg(&alpha_i), arg(&beta_i)]);
        } else {
            args.extend([arg(&alpha_f), arg(&beta_f)]);
        }
        if set.maps.len() != spec.tensor_maps.len() {
            return Err(RuntimeError::BadSpec(format!(
                "{} tensor maps encoded for a kernel that takes {}",
                set.maps.len(),
                spec.tensor_maps.len()
            )));
        }
        args.extend(set.maps.iter().map(arg));
        if spec.workspace_bytes > 0 {
            let Some(ws) = &set.workspace else {
                return Err(RuntimeError::BadSpec(
                    "no workspace allocated for a kernel that takes one".into(),
                ));
            };
            args.push(arg(ws));
        }
        let pdl = spec.programmatic_launch.then_some(&mut attr);
        // SAFETY: `args` points at values that live until this call returns (the driver
        // copies them), in the order of the ABI documented on `KernelSpec`: three u64 device
        // pointers to live allocations of the sizes `call` implies, three u32, two f32/s32
        // scalars, then one 128-byte tensor map per `spec.tensor_maps` (encoded for this
        // set's buffers) and the workspace pointer where the kernel takes one. A kernel that
        // disagrees with the ABI can fault on the device; that is reported as a launch error
        // at the next synchronization, not host UB.
        let shape = (spec.grid, spec.block, spec.dynamic_smem_bytes);
        unsafe { self.launch_raw(&f.gemm, shape, pdl, &mut args) }
            .map_err(|e| RuntimeError::Launch(err_name(e)))
    }

    /// Enqueues `f` on `(grid, block, dynamic shared bytes)` with `attr` (or none) through
    /// `cuLaunchKernelEx` (cudarc 0.19's launch builder passes no launch attributes).
    ///
    /// # Safety
    /// `args` must point at one live value per kernel parameter, of its type and in its
    /// order.
    unsafe fn launch_raw(
        &self,
        f: &CudaFunction,
        (grid, block, smem): ([u32; 3], [u32; 3], u32),
        attr: Option<&mut sys::CUlaunchAttribute>,
        args: &mut [*mut c_void],
    ) -> Result<(), DriverError> {
        let (attrs, count) = match attr {
            Some(a) => (std::ptr::from_mut(a), 1),
            None => (std::ptr::null_mut(), 0),
        };
        let cfg = sys::CUlaunchConfig {
            gridDimX: grid[0],
            gridDimY: grid[1],
            gridDimZ: grid[2],
            blockDimX: block[0],
            blockDimY: block[1],
            blockDimZ: block[2],
            sharedMemBytes: smem,
            hStream: self.stream.cu_stream(),
            attrs,
            numAttrs: count,
        };
        // SAFETY: `cfg` and `attr` outlive the call; the caller vouches for `args`.
        unsafe {
            sys::cuLaunchKernelEx(
                &raw const cfg,
                f.cu_function(),
                args.as_mut_ptr(),
                std::ptr::null_mut(),
            )
        }
        .result()
    }

    fn sync(&self, what: &str) -> Result<(), RuntimeError> {
        self.stream
            .synchronize()
            .map_err(|e| RuntimeError::Launch(format!("{what}: {}", err_name(e))))
    }

    /// Enqueues cuBLAS on the same buffers and layouts (row-major C computed as the
    /// column-major C^T = B^T A^T). `Err` carries why cuBLAS cannot do it.
    fn cublas_gemm(&self, call: &GemmCall, set: &DevSet) -> Result<(), String> {
        let blas = self.blas.as_ref().map_err(Clone::clone)?;
        use bsys::cublasOperation_t::{CUBLAS_OP_N, CUBLAS_OP_T};
        use bsys::cudaDataType::*;
        let dt = |t: ElemType| match t {
            ElemType::F16 => CUDA_R_16F,
            ElemType::BF16 => CUDA_R_16BF,
            ElemType::F32 => CUDA_R_32F,
            ElemType::S8 => CUDA_R_8I,
            ElemType::S32 => CUDA_R_32I,
        };
        let (m, n, k) = (call.m as i32, call.n as i32, call.k as i32);
        // First cuBLAS operand is B^T (N x K), second is A^T (K x M).
        let (op_b, ldb) = match call.b_layout {
            crate::Layout::RowMajor => (CUBLAS_OP_N, n),
            crate::Layout::ColMajor => (CUBLAS_OP_T, k),
        };
        let (op_a, lda) = match call.a_layout {
            crate::Layout::RowMajor => (CUBLAS_OP_N, k),
            crate::Layout::ColMajor => (CUBLAS_OP_T, m),
        };
        use bsys::cublasComputeType_t::*;
        let compute = match (call.compute, call.a) {
            (Compute::F32, _) => CUBLAS_COMPUTE_32F,
            (Compute::F32Tf32, _) => CUBLAS_COMPUTE_32F_FAST_TF32,
            (Compute::F32Pedantic, _) => CUBLAS_COMPUTE_32F_PEDANTIC,
            (Compute::F16, _) => CUBLAS_COMPUTE_16F,
            (Compute::S32, _) => CUBLAS_COMPUTE_32I,
        };
        // Scalars in the compute type: f16 for COMPUTE_16F, s32 for COMPUTE_32I, else f32.
        let scal_h = [f16::from_f64(call.alpha), f16::from_f64(call.beta)];
        let scal_i = [call.alpha as i32, call.beta as i32];
        let scal_f = [call.alpha as f32, call.beta as f32];
        let (alpha, beta): (*const c_void, *const c_void) = match call.compute {
            Compute::F16 => (&scal_h[0] as *const f16 as _, &scal_h[1] as *const f16 as _),
            Compute::S32 => (&scal_i[0] as *const i32 as _, &scal_i[1] as *const i32 as _),
            _ => (&scal_f[0] as *const f32 as _, &scal_f[1] as *const f32 as _),
        };
        let (b_ptr, a_ptr) = (set.b_ptr as *const c_void, set.a_ptr as *const c_void);
        let c_ptr = set.c_ptr as *mut c_void;
        let algo = bsys::cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT;
        // SAFETY: the pointers are device allocations holding `batch` of K*N (B), M*K (A)
        // and M*N (C) elements of the given types one after another, with leading
        // dimensions and batch strides that match those extents; the scalars live on the
        // host (default pointer mode) until the call returns, and cuBLAS reads them before
        // returning. The handle is bound to `self.stream`.
        let r = unsafe {
            if call.batch == 1 {
                // Not the batched entry point with one batch: the baseline of every plain
                // GEMM measured so far is cublasGemmEx's choice of kernel.
                bresult::gemm_ex(
                    *blas.handle(),
                    op_b,
                    op_a,
                    n,
                    m,
                    k,
                    alpha,
                    b_ptr,
                    dt(call.b),
                    ldb,
                    a_ptr,
                    dt(call.a),
                    lda,
                    beta,
                    c_ptr,
                    dt(call.c),
                    n,
                    compute,
                    algo,
                )
            } else {
                let (per_a, per_b, per_c) = call.batch_elems();
                bresult::gemm_strided_batched_ex(
                    *blas.handle(),
                    op_b,
                    op_a,
                    n,
                    m,
                    k,
                    alpha,
                    b_ptr,
                    dt(call.b),
                    ldb,
                    per_b as i64,
                    a_ptr,
                    dt(call.a),
                    lda,
                    per_a as i64,
                    beta,
                    c_ptr,
                    dt(call.c),
                    n,
                    per_c as i64,
                    call.batch as i32,
                    compute,
                    algo,
                )
            }
        };
        r.map_err(|e| format!("cuBLAS rejected {} ({:?})", call.describe(), e.0))
    }

    /// The zero-filled workspace `spec` takes, if any.
    fn workspace(&self, spec: &KernelSpec) -> Result<Option<CudaSlice<u8>>, RuntimeError> {
        if spec.workspace_bytes == 0 {
            return Ok(None);
        }
        self.stream
            .alloc_zeros::<u8>(spec.workspace_bytes as usize)
            .map(Some)
            .map_err(|e| drv("allocate the kernel's workspace", e))
    }

    /// A kernel with a workspace (stream-K flags) must leave it zeroed for the next launch:
    /// a flag left set would let a later launch's contributor add into C before the piece
    /// it follows is there. Errors with [`RuntimeError::Launch`] naming the first set byte.
    fn check_workspace_clear(&self, ws: &CudaSlice<u8>) -> Result<(), RuntimeError> {
        let left = self.dtoh(ws)?;
        match left.iter().position(|&b| b != 0) {
            None => Ok(()),
            Some(i) => Err(RuntimeError::Launch(format!(
                "the kernel left its workspace dirty (byte {i} of {} is set): its next launch \
                 would read a stale stream-K flag",
                left.len()
            ))),
        }
    }

    fn upload(&self, m: &HostMat) -> Result<CudaSlice<u8>, RuntimeError> {
        self.stream
            .clone_htod(&m.bytes)
            .map_err(|e| drv("copy to device", e))
    }

    fn download(&self, s: &CudaSlice<u8>, ty: ElemType) -> Result<HostMat, RuntimeError> {
        Ok(HostMat {
            ty,
            bytes: self.dtoh(s)?,
        })
    }

    /// The bytes of `s`, copied to the host.
    fn dtoh(&self, s: &CudaSlice<u8>) -> Result<Vec<u8>, RuntimeError> {
        self.stream
            .clone_dtoh(s)
            .map_err(|e| RuntimeError::Launch(format!("copy from device: {}", err_name(e))))
    }

    /// See [`crate::verify`].
    pub fn verify(
        &self,
        spec: &KernelSpec,
        call: &GemmCall,
        opts: &VerifyOpts,
    ) -> Result<VerifyReport, RuntimeError> {
        call.validate()?;
        if opts.back_to_back && call.beta != 0.0 {
            return Err(RuntimeError::BadSpec(format!(
                "a back-to-back verify starts from a poisoned C (beta 0), not beta {}",
                call.beta
            )));
        }
        let f = self.load(spec)?;
        let spec = &*self.resident(&f.gemm, spec)?;
        let seed = opts.seed.unwrap_or_else(host::fresh_seed);
        let mut rng = Rng::new(seed);
        let (ea, eb, ec) = call.elems();
        let a = HostMat::random(call.a, ea, &mut rng);
        let b = HostMat::random(call.b, eb, &mut rng);
        let poisoned = call.beta == 0.0;
        let c_in = if poisoned {
            HostMat::poison(call.c, ec)
        } else {
            HostMat::random(call.c, ec, &mut rng)
        };
        let da = self.upload(&a)?;
        let db = self.upload(&b)?;
        let dc = self.upload(&c_in)?;
        let dc_blas = self.upload(&c_in)?;
        let ws = self.workspace(spec)?;
        let set = DevSet::new(&self.stream, &da, &db, &dc)
            .with_copies(&self.stream, spec)?
            .with_maps(spec)?
            .with_workspace(&self.stream, ws.as_ref());
        self.launch(&f, spec, call, &set)?;
        // Back to back: the second launch adds its product to the first's (`C = 2 alpha A
        // B` in all), which the references below then compute in one call.
        let call = &if opts.back_to_back {
            let again = GemmCall { beta: 1.0, ..*call };
            self.launch(&f, spec, &again, &set)?;
            GemmCall {
                alpha: 2.0 * call.alpha,
                ..*call
            }
        } else {
            *call
        };
        self.sync("kernel")?;
        if let Some(ws) = &ws {
            self.check_workspace_clear(ws)?;
        }
        let blas_set = DevSet::new(&self.stream, &da, &db, &dc_blas);
        let blas_ran = match self.cublas_gemm(call, &blas_set) {
            Ok(()) => {
                self.stream
                    .synchronize()
                    .map_err(|e| RuntimeError::Cublas(format!("cuBLAS run: {}", err_name(e))))?;
                Ok(())
            }
            Err(why) => Err(why),
        };
        let out = self.download(&dc, call.c)?;
        let scan = host::scan_output(&out, call.n, poisoned);

        let mut entries = host::sample_entries(call.m * call.batch, call.n, opts.sample, &mut rng);
        // Each batch's last row too (a batch's edge is inside the stacked rows).
        if call.batch > 1 {
            let rows = (1..call.batch).map(|z| z * call.m - 1);
            entries.extend(rows.flat_map(|i| (0..call.n).map(move |j| (i, j))));
            entries.sort_unstable();
            entries.dedup();
        }
        let refs = host::reference_entries(call, &a, &b, &c_in, &entries);
        let n = call.n as usize;
        let sampled = |c: &HostMat| -> Vec<f64> {
            entries
                .iter()
                .map(|&(i, j)| c.get(i as usize * n + j as usize))
                .collect()
        };
        let at = |idx: usize| entries[idx];
        let vs_f64 = host::error_stats(&sampled(&out), &refs, at);

        let (vs_cublas, cublas_vs_f64) = match blas_ran {
            Ok(()) => {
                let ref_c = self.download(&dc_blas, call.c)?;
                let all_out: Vec<f64> = (0..ec).map(|i| out.get(i)).collect();
                let all_ref: Vec<f64> = (0..ec).map(|i| ref_c.get(i)).collect();
                let st = host::error_stats(&all_out, &all_ref, |idx| {
                    ((idx / n) as u32, (idx % n) as u32)
                });
                let own = host::error_stats(&sampled(&ref_c), &refs, at);
                (CublasCheck::Compared(st), Some(own))
            }
            Err(why) => (CublasCheck::Unavailable(why), None),
        };
        let tol = call.tolerance();
        let passed = scan.unwritten == 0
            && scan.non_finite == 0
            && vs_f64.passes(tol)
            && match &vs_cublas {
                CublasCheck::Compared(s) => s.passes(tol),
                CublasCheck::Unavailable(_) => true,
            };
        Ok(VerifyReport {
            call: *call,
            seed,
            unwritten: scan.unwritten,
            first_unwritten: scan.first_unwritten,
            non_finite: scan.non_finite,
            vs_f64,
            cublas_vs_f64,
            vs_cublas,
            tolerance: tol,
            passed,
        })
    }

    /// See [`crate::bench`].
    pub fn bench(
        &self,
        spec: &KernelSpec,
        call: &GemmCall,
        opts: &BenchOpts,
    ) -> Result<BenchReport, RuntimeError> {
        call.validate()?;
        if let Some(eo) = &opts.energy {
            eo.check()?;
        }
        let f = self.load(spec)?;
        let spec = &*self.resident(&f.gemm, spec)?;
        let set_bytes = call.set_bytes();
        let l2 = self.info.l2_bytes.max(1) as f64;
        let mut sets = ((opts.l2_multiple.max(0.0) * l2) / set_bytes as f64).ceil() as u64;
        sets = sets.clamp(1, opts.max_sets.max(1) as u64);
        // Leave room: at most half of the free memory for the rotated sets.
        let (free, _) = self
            .ctx
            .mem_get_info()
            .map_err(|e| drv("cuMemGetInfo", e))?;
        let fit = ((free / 2) / set_bytes.max(1)).max(1) as u64;
        let sets = sets.min(fit) as u32;

        let mut rng = Rng::new(opts.seed.unwrap_or_else(host::fresh_seed));
        let (ea, eb, ec) = call.elems();
        let a = self.upload(&HostMat::random(call.a, ea, &mut rng))?;
        let b = self.upload(&HostMat::random(call.b, eb, &mut rng))?;
        let c = self.upload(&HostMat::random(call.c, ec, &mut rng))?;
        let copy = |s: &CudaSlice<u8>| {
            self.stream
                .clone_dtod(s)
                .map_err(|e| drv("allocate input set", e))
        };
        let mut bufs = Vec::with_capacity(sets as usize);
        for _ in 1..sets {
            bufs.push((copy(&a)?, copy(&b)?, copy(&c)?));
        }
        bufs.insert(0, (a, b, c));
        let ws = self.workspace(spec)?;
        let dsets: Vec<DevSet> = bufs
            .iter()
            .map(|(a, b, c)| {
                DevSet::new(&self.stream, a, b, c)
                    .with_copies(&self.stream, spec)
                    .and_then(|s| s.with_maps(spec))
                    .map(|s| s.with_workspace(&self.stream, ws.as_ref()))
            })
            .collect::<Result<_, _>>()?;
        self.sync("input setup")?;

        // Does cuBLAS take this call at all?
        let mut cublas_ok = self.cublas_gemm(call, &dsets[0]);
        if cublas_ok.is_ok()
            && let Err(e) = self.stream.synchronize()
        {
            cublas_ok = Err(format!("cuBLAS run failed: {}", err_name(e)));
        }

        for w in 0..opts.warmup as usize {
            let s = &dsets[w % dsets.len()];
            self.launch(&f, spec, call, s)?;
            if cublas_ok.is_ok() {
                self.cublas_gemm(call, s).map_err(RuntimeError::Cublas)?;
            }
        }
        self.sync("warm-up")?;

        let samples = opts.samples.max(20);
        let ev = || {
            self.ctx
                .new_event(Some(sys::CUevent_flags::CU_EVENT_DEFAULT))
                .map_err(|e| drv("create event", e))
        };
        // (start, end) per sample, for mosaic [0] and cuBLAS [1].
        let run_mosaic = |i: usize| self.launch(&f, spec, call, &dsets[i % dsets.len()]);
        let run_cublas = |i: usize| {
            self.cublas_gemm(call, &dsets[i % dsets.len()])
                .map_err(RuntimeError::Cublas)
        };
        let mut marks: [Vec<_>; 2] = [Vec::new(), Vec::new()];
        for s in 0..samples {
            // Alternate which goes first, so neither always follows the other.
            let order: [usize; 2] = if s % 2 == 0 { [0, 1] } else { [1, 0] };
            for who in order {
                if who == 1 && cublas_ok.is_err() {
                    continue;
                }
                let (e0, e1) = (ev()?, ev()?);
                e0.record(&self.stream)
                    .map_err(|e| drv("record event", e))?;
                for i in 0..dsets.len() {
                    if who == 0 {
                        run_mosaic(i)?;
                    } else {
                        run_cublas(i)?;
                    }
                }
                e1.record(&self.stream)
                    .map_err(|e| drv("record event", e))?;
                marks[who].push((e0, e1));
            }
        }
        self.sync("timed runs")?;
        let per_launch = |v: &[(cudarc::driver::CudaEvent, cudarc::driver::CudaEvent)]| {
            v.iter()
                .map(|(a, b)| {
                    a.elapsed_ms(b)
                        .map(|ms| ms as f64 * 1e3 / dsets.len() as f64)
                        .map_err(|e| drv("event elapsed", e))
                })
                .collect::<Result<Vec<f64>, _>>()
        };
        let timing = |us: Vec<f64>| {
            let med = host::median(&us);
            Timing {
                median_us: med,
                min_us: us.iter().copied().fold(f64::INFINITY, f64::min),
                max_us: us.iter().copied().fold(0.0, f64::max),
                tflops: call.flop() / (med * 1e-6) / 1e12,
            }
        };
        let mosaic_us = per_launch(&marks[0])?;
        let mosaic = timing(mosaic_us.clone());
        let (cublas, paired) = match cublas_ok {
            Ok(()) => {
                let cublas_us = per_launch(&marks[1])?;
                let pairs: Vec<(f64, f64)> = mosaic_us.into_iter().zip(cublas_us.clone()).collect();
                (Ok(timing(cublas_us)), PairedRatio::of(&pairs))
            }
            Err(why) => (Err(why), None),
        };
        let ratio = cublas.as_ref().ok().map(|c| mosaic.tflops / c.tflops);
        let energy = match &opts.energy {
            None => None,
            Some(eo) => {
                let meter = self.meter()?;
                let mut launchers: Vec<(energy::Launch<'_>, f64)> =
                    vec![(&run_mosaic, mosaic.median_us)];
                if let Ok(c) = &cublas {
                    launchers.push((&run_cublas, c.median_us));
                }
                let stats = energy::rounds(&self.ctx, &self.stream, meter, &launchers, eo)?;
                Some(EnergyReport {
                    power_limit_w: meter.limit_w()?,
                    mosaic: stats[0],
                    cublas: stats.get(1).copied(),
                })
            }
        };
        Ok(BenchReport {
            call: *call,
            sets,
            set_bytes,
            samples,
            launches_per_sample: dsets.len() as u32,
            ctas: spec.grid.iter().product(),
            programmatic: spec.programmatic_launch,
            mosaic,
            cublas,
            ratio,
            paired,
            energy,
        })
    }
}

/// A `CUtensorMap` passed by value as a kernel parameter (`.param .align 64 .b8 [128]`).
#[repr(transparent)]
struct MapArg(sys::CUtensorMap);

// SAFETY: `CUtensorMap` is `repr(C)`, 128 bytes of plain data with no pointers the device
// dereferences through Rust; the kernel declares the parameter as 128 opaque bytes.
unsafe impl cudarc::driver::DeviceRepr for MapArg {}

/// Encodes `d` over the A, B or C buffer of `set` (`cuTensorMapEncodeTiled`; CUDA driver API,
/// "Tensor Map Object Management"). Out-of-bounds box elements read as zero
/// (`CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE`), which is what ragged edges rely on.
///
/// L2 promotion is the map's `l2_promotion_bytes` (the code generator asks for 128 on grids
/// of at most one CTA per SM with 16-bit operands and 256 elsewhere: docs/BENCHMARKS.md
/// run 22), except that 256 becomes 128 where the map's row pitch is not a multiple of 256
/// bytes: rows that do not start on 256-byte boundaries (K = 1000 f16: 2000 bytes) would
/// pull in lines the tile does not use. Measured on an H100 (run 17-f, two rounds, every
/// map promoted alike): 2000x2000x1000 f16 28.0-28.3 us at 128 against 31.4-31.6 at 256,
/// 4000x4000x1000 61.2 against 63.7-63.8; with aligned pitches 128 and 256 were level there
/// (4096^3 within 0.3%, 4096x4096x1024, 2048x2048x1024); 64 bytes and none measured as 128.
fn encode_map(d: &crate::TensorMapDesc, set: &DevSet) -> Result<MapArg, RuntimeError> {
    use sys::{
        CUtensorMapDataType as T, CUtensorMapFloatOOBfill as F, CUtensorMapInterleave as I,
        CUtensorMapL2promotion as L, CUtensorMapSwizzle as S,
    };
    let ty = match d.elem {
        ElemType::F16 => T::CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
        ElemType::BF16 => T::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
        ElemType::F32 => T::CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
        e => {
            return Err(RuntimeError::BadSpec(format!(
                "no tensor map for {e:?} elements"
            )));
        }
    };
    let swizzle = match d.swizzle_bytes {
        0 => S::CU_TENSOR_MAP_SWIZZLE_NONE,
        32 => S::CU_TENSOR_MAP_SWIZZLE_32B,
        64 => S::CU_TENSOR_MAP_SWIZZLE_64B,
        128 => S::CU_TENSOR_MAP_SWIZZLE_128B,
        x => return Err(RuntimeError::BadSpec(format!("swizzle of {x} bytes"))),
    };
    let promotion = match d.l2_promotion_bytes {
        256 if d.stride_bytes.is_multiple_of(256) => L::CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
        256 | 128 => L::CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
        64 => L::CU_TENSOR_MAP_L2_PROMOTION_L2_64B,
        0 => L::CU_TENSOR_MAP_L2_PROMOTION_NONE,
        x => return Err(RuntimeError::BadSpec(format!("L2 promotion of {x} bytes"))),
    };
    let base = set
        .copies
        .iter()
        .find(|c| c.operand == d.operand)
        .map_or_else(|| set.buffer(d.operand), |c| c.ptr);
    let mut map = std::mem::MaybeUninit::<sys::CUtensorMap>::zeroed();
    // A batched map is 3-D: each batch one slice of box extent 1, so that a box's
    // out-of-bounds rows read zeros rather than the next batch.
    let rank: u32 = if d.batch > 1 { 3 } else { 2 };
    let dims = [d.dims[0], d.dims[1], d.batch];
    let strides = [d.stride_bytes, d.batch_stride_bytes];
    let box_dims = [d.box_dims[0], d.box_dims[1], 1];
    let elem_strides = [1u32; 3];
    // SAFETY: every pointer refers to a live local array of at least the rank (3) or
    // rank - 1 (2) entries the call reads; `map` is written by the driver before it is read.
    let res = unsafe {
        sys::cuTensorMapEncodeTiled(
            map.as_mut_ptr(),
            ty,
            rank,
            base as *mut c_void,
            dims.as_ptr(),
            strides.as_ptr(),
            box_dims.as_ptr(),
            elem_strides.as_ptr(),
            I::CU_TENSOR_MAP_INTERLEAVE_NONE,
            swizzle,
            promotion,
            F::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
        )
    };
    if res != sys::CUresult::CUDA_SUCCESS {
        return Err(RuntimeError::BadSpec(format!(
            "cuTensorMapEncodeTiled rejected {d:?}: {}",
            err_name(DriverError(res))
        )));
    }
    // SAFETY: the driver returned success, so it initialised the map.
    Ok(MapArg(unsafe { map.assume_init() }))
}

/// A loaded kernel: the GEMM's function and its operand copies' ([`KernelSpec::padded`],
/// in order).
pub struct Loaded {
    gemm: CudaFunction,
    copies: Vec<CudaFunction>,
}

/// The buffer of one operand copy of an input set: owned, so that it lives as long as the
/// set, and its address.
struct CopyBuf {
    operand: crate::MapOperand,
    ptr: u64,
    _buf: CudaSlice<u8>,
}

/// Raw device addresses of one input set (A, B, C), its operand copies' buffers, and the
/// kernel's tensor maps encoded for them (once per set, not per launch).
struct DevSet {
    a_ptr: u64,
    b_ptr: u64,
    c_ptr: u64,
    /// One per [`KernelSpec::padded`] entry, in order.
    copies: Vec<CopyBuf>,
    maps: Vec<MapArg>,
    /// The kernel's workspace (`KernelSpec::workspace_bytes`), when it takes one.
    workspace: Option<u64>,
}

impl DevSet {
    fn new(stream: &CudaStream, a: &CudaSlice<u8>, b: &CudaSlice<u8>, c: &CudaSlice<u8>) -> Self {
        // The guards only order other streams against this one; everything here runs on
        // `stream`, so dropping them at once is fine. The slices outlive every use of the
        // addresses (they are dropped only after the final synchronize).
        let (a_ptr, _ga) = a.device_ptr(stream);
        let (b_ptr, _gb) = b.device_ptr(stream);
        let (c_ptr, _gc) = c.device_ptr(stream);
        DevSet {
            a_ptr,
            b_ptr,
            c_ptr,
            copies: Vec::new(),
            maps: Vec::new(),
            workspace: None,
        }
    }

    /// The caller's buffer of `operand`.
    fn buffer(&self, operand: crate::MapOperand) -> u64 {
        match operand {
            crate::MapOperand::A => self.a_ptr,
            crate::MapOperand::B => self.b_ptr,
            crate::MapOperand::C => self.c_ptr,
        }
    }

    /// Allocates a buffer for each of `spec`'s operand copies (before [`DevSet::with_maps`],
    /// whose maps over a copied operand are encoded over its copy).
    fn with_copies(
        mut self,
        stream: &Arc<CudaStream>,
        spec: &KernelSpec,
    ) -> Result<Self, RuntimeError> {
        for c in &spec.padded {
            let buf = stream
                .alloc_zeros::<u8>(c.bytes as usize)
                .map_err(|e| drv("allocate an operand copy", e))?;
            let ptr = buf.device_ptr(stream).0;
            self.copies.push(CopyBuf {
                operand: c.operand,
                ptr,
                _buf: buf,
            });
        }
        Ok(self)
    }

    /// Passes `ws` (a zero-filled allocation of the kernel's workspace) to this set's launches.
    fn with_workspace(mut self, stream: &CudaStream, ws: Option<&CudaSlice<u8>>) -> Self {
        self.workspace = ws.map(|w| w.device_ptr(stream).0);
        self
    }

    /// Encodes `spec`'s tensor maps over this set's A and B.
    fn with_maps(mut self, spec: &KernelSpec) -> Result<Self, RuntimeError> {
        self.maps = spec
            .tensor_maps
            .iter()
            .map(|d| encode_map(d, &self))
            .collect::<Result<_, _>>()?;
        Ok(self)
    }
}

fn device_info(ctx: &Arc<CudaContext>) -> Result<DeviceInfo, RuntimeError> {
    use sys::CUdevice_attribute::*;
    let attr = |a| ctx.attribute(a).unwrap_or(0).max(0) as u32;
    let mut drv_version = 0i32;
    // SAFETY: cuDriverGetVersion writes one int through the pointer; the driver is loaded.
    let _ = unsafe { sys::cuDriverGetVersion(&mut drv_version) };
    Ok(DeviceInfo {
        name: ctx.name().map_err(|e| drv("cuDeviceGetName", e))?,
        compute_capability: ctx
            .compute_capability()
            .map_err(|e| drv("compute capability", e))?,
        sm_count: attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
        sm_clock_khz: attr(CU_DEVICE_ATTRIBUTE_CLOCK_RATE),
        mem_clock_khz: attr(CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE),
        mem_bus_bits: attr(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH),
        total_mem_bytes: ctx.total_mem().map_err(|e| drv("total memory", e))? as u64,
        l2_bytes: attr(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE) as u64,
        max_smem_per_block_optin: attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN),
        driver_version: drv_version,
    })
}

/// Re-runs the JIT with an error-log buffer to recover the driver's message for a PTX that
/// failed to load. `None` if the log is empty.
fn jit_error_log(ctx: &Arc<CudaContext>, ptx: &str) -> Option<String> {
    ctx.bind_to_thread().ok()?;
    let src = CString::new(ptx).ok()?;
    let mut log = vec![0u8; 16 * 1024];
    let mut options = [
        sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER,
        sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
    ];
    let mut values: [*mut c_void; 2] = [log.as_mut_ptr() as *mut c_void, log.len() as *mut c_void];
    let mut module: sys::CUmodule = std::ptr::null_mut();
    // SAFETY: `src` is NUL-terminated PTX; the option array and value array have the same
    // length (2); the log buffer outlives the call and its size is passed by value as the
    // driver API requires (a size cast to a pointer). A module that unexpectedly loads is
    // unloaded again.
    let r = unsafe {
        sys::cuModuleLoadDataEx(
            &mut module,
            src.as_ptr() as *const c_void,
            options.len() as u32,
            options.as_mut_ptr(),
            values.as_mut_ptr(),
        )
    };
    if r == sys::CUresult::CUDA_SUCCESS {
        // SAFETY: `module` was just loaded by this call and is not used elsewhere.
        let _ = unsafe { sys::cuModuleUnload(module) };
        return None;
    }
    let end = log.iter().position(|&c| c == 0).unwrap_or(log.len());
    let text = one_line(&String::from_utf8_lossy(&log[..end]));
    let name = format!("{r:?}");
    Some(if text.is_empty() {
        name
    } else {
        format!("{name}: {text}")
    })
}
