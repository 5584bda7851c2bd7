//! Model rankings pinned by measurements (docs/BENCHMARKS.md): each case is a pair of kernels
//! timed on the same GPU in the same session, and the model must order them as measured.

use tessellate::{GemmDType, GemmProblem, Options, plans};

/// At 4096 x 4096 x K with small K, sm_90a's grid of 1024 one-shot 128x128 `mma.sync` CTAs
/// (four waves of two per SM) ran 34.8 us at K = 64 and 41.2 us at K = 256 on an H100 (run
/// 11-c, paired stores), a persistent 64x128 wgmma grid 28.9 us and 33.1 us (run 11-b): the
/// default must be a persistent grid (only warpgroup grids are). Up to K = 256 the model
/// had ranked the `mma.sync` grid first, without a DRAM latency per wave.
#[test]
fn small_k_on_sm_90a_ranks_a_persistent_wgmma_grid_first() {
    let t = hw_models::target("sm_90a", None).unwrap();
    for k in [32, 64, 128, 256] {
        let problem = GemmProblem::new(4096, 4096, k, 1, GemmDType::F16).unwrap();
        let r = plans(&problem, &t, &Options::default()).unwrap();
        let best = &r.plans[0];
        assert!(
            best.persistent,
            "K = {k}: {:?} tile, {:?} workers of {} threads, persistent {}",
            best.cta_tile, best.workers, best.worker_threads, best.persistent
        );
    }
}
