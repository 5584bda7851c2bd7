//! Where the GPU puts a grid's clusters, and the GPC-major cluster order a kernel's table
//! takes ([`crate::ClusterOrderDesc`]).
//!
//! Nothing public says which GPC an SM belongs to, but a cluster's CTAs always share one
//! GPC (CUDA programming guide, "Thread Block Clusters"). So the runtime launches small
//! probe kernels whose CTAs write `%smid`: clusters of 16 (non-portable), 8 and 4 CTAs, one
//! CTA per SM, holding their SMs long enough that the clusters that do not fit at first run
//! later on whatever SMs free up; SMs that shared a cluster share a GPC (union-find). A
//! second probe launches the kernel's own grid shape (CTAs, threads, cluster size, and
//! shared memory enough to keep it to the kernel's CTAs per SM, since the probe itself needs
//! few registers) and reads where each cluster lands: on an H100 that placement was the same
//! in every launch (docs/BENCHMARKS.md run 18-b), consecutive clusters on different GPCs.
//! Which GPC each cluster lands on differed between H100 cards (runs 18-e, 18-f, 18-h), so
//! the order is probed, not tabulated per product.
//! SMs no probe cluster linked count as GPCs of their own: the order is then less useful,
//! never wrong, since any permutation is a correct table.

use std::collections::HashMap;

use cudarc::driver::sys;
use cudarc::nvrtc::Ptx;

use crate::error::RuntimeError;
use crate::gpu::Runtime;

/// How long each probe CTA holds its SM, nanoseconds: long against launching a wave, so
/// that a grouping probe's later clusters start only as earlier ones leave.
const HOLD_NS: u64 = 20_000;

/// Cluster sizes of the GPC grouping probes, largest first (16 needs the non-portable
/// cluster size opt-in; a size the device refuses is skipped).
const GROUPING_CLUSTERS: [u32; 3] = [16, 8, 4];

/// The probe kernel: CTA `i` writes its `%smid` to `out[i]` and its first thread spins for
/// `ns` nanoseconds of `%globaltimer`. `cluster` compiles the cluster size in, as mosaic's
/// kernels do (`.reqnctapercluster`); `None` leaves it to the launch.
fn probe_ptx(cluster: Option<u32>) -> String {
    let dims = cluster.map_or(String::new(), |c| format!(" .reqnctapercluster {c}, 1, 1"));
    format!(
        ".version 8.0
.target sm_90
.address_size 64
.visible .entry mosaic_where(.param .u64 out, .param .u64 ns){dims}
{{
	.reg .pred %p<2>;
	.reg .b32 %r<3>;
	.reg .b64 %rd<6>;
	mov.u32 %r0, %tid.x;
	setp.ne.u32 %p0, %r0, 0;
	@%p0 bra DONE;
	ld.param.u64 %rd0, [out];
	ld.param.u64 %rd1, [ns];
	mov.u32 %r1, %ctaid.x;
	mov.u32 %r2, %smid;
	mul.wide.u32 %rd2, %r1, 4;
	add.u64 %rd2, %rd0, %rd2;
	st.global.u32 [%rd2], %r2;
	mov.u64 %rd3, %globaltimer;
SPIN:
	mov.u64 %rd4, %globaltimer;
	sub.u64 %rd5, %rd4, %rd3;
	setp.lt.u64 %p1, %rd5, %rd1;
	@%p1 bra SPIN;
DONE:
	ret;
}}
"
    )
}

/// A launch of the probe: `grid` CTAs of `block` threads with `smem` bytes of dynamic shared
/// memory each, in clusters of `cluster` CTAs, at most `per_sm` CTAs on one SM.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ProbeShape {
    pub grid: u32,
    pub block: u32,
    pub smem: u32,
    pub cluster: u32,
    pub per_sm: u32,
}

impl Runtime {
    /// The SM of every CTA of one probe launch. With `compiled` the cluster size is in the
    /// PTX (as in mosaic's kernels); otherwise it is a launch attribute, which allows
    /// non-portable sizes (above 8).
    ///
    /// # Errors
    /// [`RuntimeError::Launch`] where the device refuses the launch shape ([`refused`]: a
    /// cluster size or shared memory it does not support), [`RuntimeError::Driver`] for any
    /// other driver failure (a fault surfaces at the read-back).
    pub(crate) fn probe_placement(
        &self,
        s: ProbeShape,
        compiled: bool,
    ) -> Result<Vec<u32>, RuntimeError> {
        let drv = |what: &str, e: cudarc::driver::DriverError| {
            RuntimeError::Driver(format!("placement probe: {what}: {e:?}"))
        };
        // A kernel without clusters has no `.reqnctapercluster` (a cluster of one is still a
        // cluster launch).
        let ptx = probe_ptx(compiled.then_some(s.cluster).filter(|&c| c > 1));
        let module = self
            .ctx()
            .load_module(Ptx::from_src(ptx))
            .map_err(|e| drv("load", e))?;
        let f = module
            .load_function("mosaic_where")
            .map_err(|e| drv("entry", e))?;
        f.set_attribute(
            sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            s.smem as i32,
        )
        .map_err(|e| drv("dynamic shared memory", e))?;
        let stream = self.stream();
        // Entries no CTA wrote stay `UNWRITTEN`.
        let out = stream
            .clone_htod(&vec![UNWRITTEN; s.grid as usize])
            .map_err(|e| drv("alloc", e))?;
        let ns = HOLD_NS;
        if !compiled && s.cluster > 8 {
            f.set_attribute(
                sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED,
                1,
            )
            .map_err(|e| launch_error(s, e.0))?;
        }
        let (out_ptr, _guard) = cudarc::driver::DevicePtr::device_ptr(&out, stream);
        let mut args: [*mut std::ffi::c_void; 2] = [
            (&raw const out_ptr).cast_mut().cast(),
            (&raw const ns).cast_mut().cast(),
        ];
        // SAFETY: a plain-old-data union; only the cluster dimension is set.
        let mut attr: sys::CUlaunchAttribute = unsafe { std::mem::zeroed() };
        attr.id = sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
        attr.value.clusterDim.x = s.cluster;
        attr.value.clusterDim.y = 1;
        attr.value.clusterDim.z = 1;
        let cfg = sys::CUlaunchConfig {
            gridDimX: s.grid,
            gridDimY: 1,
            gridDimZ: 1,
            blockDimX: s.block,
            blockDimY: 1,
            blockDimZ: 1,
            sharedMemBytes: s.smem,
            hStream: stream.cu_stream(),
            attrs: &raw mut attr,
            // A compiled-in cluster size is the launch's without the attribute.
            numAttrs: u32::from(!compiled),
        };
        // The raw launch goes to the current context: make it ours.
        self.ctx()
            .bind_to_thread()
            .map_err(|e| drv("bind context", e))?;
        // SAFETY: `args` points at the two parameters (the device address of `out`, alive
        // until the copy below, and `ns`), which outlive the call; the driver copies them at
        // launch.
        let r = unsafe {
            sys::cuLaunchKernelEx(
                &raw const cfg,
                f.cu_function(),
                args.as_mut_ptr(),
                std::ptr::null_mut(),
            )
        };
        if r != sys::CUresult::CUDA_SUCCESS {
            return Err(launch_error(s, r));
        }
        stream.clone_dtoh(&out).map_err(|e| drv("read back", e))
    }

    /// A GPC label (the smallest SM id in it) for every SM the grouping probes linked to
    /// another: one CTA per SM, `4 x SMs` CTAs in clusters of 16, 8 and 4 (the later waves
    /// land on whichever SMs free up first, which links SMs the first wave left out).
    ///
    /// # Errors
    /// As [`Runtime::probe_placement`], except that a refused cluster size is skipped.
    pub(crate) fn probe_gpcs(&self) -> Result<HashMap<u32, u32>, RuntimeError> {
        let sms: u32 = self.info().sm_count;
        let smem = self.info().max_smem_per_block_optin;
        let mut links = Vec::new();
        for cluster in GROUPING_CLUSTERS {
            let grid = (4 * sms).div_ceil(cluster) * cluster;
            let shape = ProbeShape {
                grid,
                block: 32,
                smem,
                cluster,
                per_sm: 1,
            };
            match self.probe_placement(shape, false) {
                Ok(sm) => links.extend(
                    sm.chunks(cluster as usize)
                        .filter(|c| plausible(c, 1))
                        .map(<[u32]>::to_vec),
                ),
                Err(RuntimeError::Launch(_)) => continue,
                Err(e) => return Err(e),
            }
        }
        Ok(gpc_labels(&links))
    }
}

/// Launch results that refuse the launch's shape (cluster size, shared memory, resources)
/// rather than report a fault: the probe that meets one says nothing, and the runtime goes
/// on without it.
fn refused(r: sys::CUresult) -> bool {
    use sys::CUresult as R;
    matches!(
        r,
        R::CUDA_ERROR_INVALID_CLUSTER_SIZE
            | R::CUDA_ERROR_NOT_SUPPORTED
            | R::CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES
            | R::CUDA_ERROR_INVALID_VALUE
    )
}

/// [`RuntimeError::Launch`] for a refused launch shape, [`RuntimeError::Driver`] otherwise.
fn launch_error(s: ProbeShape, r: sys::CUresult) -> RuntimeError {
    let what = format!("placement probe of {s:?}: {r:?}");
    if refused(r) {
        RuntimeError::Launch(what)
    } else {
        RuntimeError::Driver(what)
    }
}

/// A probe entry no CTA wrote.
const UNWRITTEN: u32 = u32::MAX;

/// Every CTA of the probe wrote an SM, and no SM took more than `per_sm` of them (a probe
/// cluster with two CTAs on one SM, or a placement with more CTAs on an SM than the kernel
/// keeps, says nothing trustworthy).
fn plausible(sms: &[u32], per_sm: usize) -> bool {
    let mut count: HashMap<u32, usize> = HashMap::new();
    for &sm in sms {
        *count.entry(sm).or_default() += 1;
    }
    !count.contains_key(&UNWRITTEN) && count.values().all(|&n| n <= per_sm)
}

/// SM -> GPC label (its group's smallest SM id) from lists of SMs known to share a GPC
/// (each probe cluster's SMs). SMs in no list have no label.
pub fn gpc_labels(clusters: &[Vec<u32>]) -> HashMap<u32, u32> {
    fn root(parent: &mut HashMap<u32, u32>, x: u32) -> u32 {
        let mut r = x;
        while let Some(&p) = parent.get(&r).filter(|&&p| p != r) {
            r = p;
        }
        parent.insert(x, r);
        r
    }
    let mut parent: HashMap<u32, u32> = HashMap::new();
    for c in clusters {
        for &sm in c {
            parent.entry(sm).or_insert(sm);
        }
        for w in c.windows(2) {
            let (a, b) = (root(&mut parent, w[0]), root(&mut parent, w[1]));
            // The smaller id is the root, so a label is its group's smallest SM.
            parent.insert(a.max(b), a.min(b));
        }
    }
    let sms: Vec<u32> = parent.keys().copied().collect();
    sms.into_iter()
        .map(|sm| (sm, root(&mut parent, sm)))
        .collect()
}

/// The GPC-major order of a grid's clusters: entry `c` is the logical index of the cluster
/// of CTAs `[c * cluster_ctas, (c + 1) * cluster_ctas)`, given the SM of every CTA
/// (`sm_of_cta`, from [`Runtime::probe_placement`] of the kernel's shape) and GPC labels.
/// GPCs are numbered in the order their first cluster is launched and hold consecutive
/// logical indices, their clusters in launch order; a cluster whose first SM has no label
/// is a GPC of its own. A placement with CTAs that never ran, or more than `ctas_per_sm` on
/// one SM, is not one wave of the kernel's shape: launch order. Always a permutation of
/// `0..clusters`.
pub fn gpc_major(
    sm_of_cta: &[u32],
    cluster_ctas: usize,
    ctas_per_sm: usize,
    gpc: &HashMap<u32, u32>,
) -> Vec<u16> {
    let clusters = sm_of_cta.len() / cluster_ctas.max(1);
    if !plausible(sm_of_cta, ctas_per_sm) {
        return (0..clusters as u16).collect();
    }
    // (the first cluster of its GPC, cluster): sorting gives the logical order.
    let mut first: HashMap<u32, usize> = HashMap::new();
    let mut keys: Vec<(usize, usize)> = (0..clusters)
        .map(|c| match gpc.get(&sm_of_cta[c * cluster_ctas]) {
            Some(&label) => (*first.entry(label).or_insert(c), c),
            None => (c, c),
        })
        .collect();
    keys.sort_unstable();
    let mut table = vec![0u16; clusters];
    for (logical, &(_, c)) in keys.iter().enumerate() {
        table[c] = logical as u16;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Run 18-b's H100 (132 SMs): TPC `t` (SMs `2t, 2t + 1`) is on GPC `t mod 8` for
    /// `t < 32`, `(t - 32) mod 7 + 1` for `32 <= t < 60`; 2-CTA clusters 0-3 land on SMs
    /// 124-131, cluster `c >= 4` on TPC `c - 4`.
    fn h100() -> (Vec<u32>, HashMap<u32, u32>) {
        let gpc_of_tpc = |t: u32| match t {
            0..32 => Some(t % 8),
            32..60 => Some((t - 32) % 7 + 1),
            _ => None,
        };
        let mut groups: Vec<Vec<u32>> = vec![Vec::new(); 8];
        for t in 0..66 {
            if let Some(g) = gpc_of_tpc(t) {
                groups[g as usize].extend([2 * t, 2 * t + 1]);
            }
        }
        let sm_of_cta: Vec<u32> = (124..132).chain(0..124).collect();
        (sm_of_cta, gpc_labels(&groups))
    }

    #[test]
    fn h100_order_is_gpc_major() {
        let (sm_of_cta, gpc) = h100();
        let table = gpc_major(&sm_of_cta, 2, 1, &gpc);
        let mut sorted = table.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..66).collect::<Vec<u16>>());
        // Clusters 0-3 (unlabeled SMs) first, then GPC 0's clusters 4, 12, 20, 28, then
        // GPC 1's (cluster 5 is TPC 1), as in cuBLAS's table (run 18-c).
        assert_eq!(&table[..6], &[0, 1, 2, 3, 4, 8]);
        assert_eq!([table[12], table[20], table[28]], [5, 6, 7]);
        // Every GPC's clusters are consecutive.
        let mut by_logical = vec![0u32; 66];
        for (c, &l) in table.iter().enumerate() {
            by_logical[l as usize] = gpc
                .get(&sm_of_cta[2 * c])
                .copied()
                .unwrap_or(1000 + c as u32);
        }
        let runs = by_logical.windows(2).filter(|w| w[0] != w[1]).count() + 1;
        // Four unlabeled clusters, the eight GPCs, the two clusters on SMs 120-123.
        assert_eq!(runs, 4 + 8 + 2, "{by_logical:?}");
    }

    #[test]
    fn labels_join_overlapping_clusters() {
        let l = gpc_labels(&[vec![5, 3], vec![9, 7], vec![7, 5], vec![20, 21]]);
        assert_eq!(l[&9], 3);
        assert_eq!(l[&3], 3);
        assert_eq!(l[&21], 20);
        assert!(!l.contains_key(&4));
    }

    #[test]
    fn implausible_placements_keep_launch_order() {
        let (mut sm_of_cta, gpc) = h100();
        let identity: Vec<u16> = (0..66).collect();
        sm_of_cta[7] = UNWRITTEN;
        assert_eq!(gpc_major(&sm_of_cta, 2, 1, &gpc), identity);
        sm_of_cta[7] = sm_of_cta[8];
        assert_eq!(gpc_major(&sm_of_cta, 2, 1, &gpc), identity);
        // Two CTAs on one SM are a wave of a kernel that keeps two per SM.
        assert_ne!(gpc_major(&sm_of_cta, 2, 2, &gpc), identity);
        assert!(!plausible(&[3, 3], 1));
        assert!(plausible(&[3, 3], 2));
        assert!(plausible(&[3, 4], 1));
    }

    #[test]
    fn unlabeled_clusters_keep_launch_order() {
        let table = gpc_major(&[10, 11, 12, 13, 14, 15], 2, 1, &HashMap::new());
        assert_eq!(table, vec![0, 1, 2]);
        let table = gpc_major(&[], 2, 1, &HashMap::new());
        assert!(table.is_empty());
    }
}
