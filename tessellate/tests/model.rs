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

/// B multicast is offered only where K > 1024 or B's stored row pitch is not whole
/// 128-byte lines (run 13-c..13-f, H100: off was 2-9% faster at K <= 1024 with aligned B
/// rows, on 5-30% faster with 2000- and 8000-byte rows, level at K >= 2048).
#[test]
fn b_multicast_follows_k_and_b_pitch() {
    let t = hw_models::target("sm_90a", None).unwrap();
    let any_multicast = |m, n, k, pitch: Option<i64>| {
        let problem = GemmProblem::new(m, n, k, 1, GemmDType::F16).unwrap();
        let opts = Options {
            top: 40,
            b_pitch_bytes: pitch,
            ..Options::default()
        };
        let r = plans(&problem, &t, &opts).unwrap();
        r.plans.iter().any(|p| p.multicast > 1)
    };
    // Row-major B of 4096 columns: 8192-byte rows.
    assert!(!any_multicast(4096, 4096, 1024, None));
    assert!(any_multicast(4096, 4096, 1025, None));
    assert!(any_multicast(4096, 4096, 4096, None));
    // 4000 columns: 8000-byte rows, multicast at any K.
    assert!(any_multicast(4096, 4000, 1024, None));
    // Column-major B: its pitch is K (1000 f16, 2000 bytes) whatever N is.
    assert!(any_multicast(4096, 4096, 1000, Some(2000)));
    assert!(!any_multicast(4096, 4000, 1024, Some(2048)));
}

/// FFMA columns beside wgmma (run 14-b, H100, tf32): at 4096^3, 2048^3, 4096x4096x1024 and
/// 128x4096x4096 every heterogeneous warpgroup plan timed (18, 8 or 16 columns) ran slower
/// than its shape's best pure wgmma plan (4096^3: 284.8 TFLOP/s with 8 columns against
/// 404.1). With such plans offered, the best plan stays pure wgmma, and the 8-column
/// 128x256 tile ranks below the pure one by about the measured 0.705x. Without
/// `warpgroup_vector` no warpgroup plan is heterogeneous.
#[test]
fn ffma_columns_rank_below_pure_wgmma_as_measured() {
    use itex::Instruction;
    let t = hw_models::target("sm_90a", None).unwrap();
    let is_wg = |p: &tessellate::Plan| p.worker_threads == 128;
    let mixed = |p: &tessellate::Plan| is_wg(p) && p.regions.len() == 2;
    for (m, n, k) in [
        (4096, 4096, 4096),
        (2048, 2048, 2048),
        (4096, 4096, 1024),
        (128, 4096, 4096),
    ] {
        let problem = GemmProblem::new(m, n, k, 1, GemmDType::TF32).unwrap();
        let with = |on: bool| Options {
            top: 1000,
            warpgroup_vector: on,
            ..Options::default()
        };
        let r = plans(&problem, &t, &with(true)).unwrap();
        let best = &r.plans[0];
        assert!(
            is_wg(best) && best.regions.len() == 1,
            "{m}x{n}x{k}: {best}"
        );
        assert!(
            r.plans.iter().any(mixed),
            "{m}x{n}x{k}: no heterogeneous warpgroup plan"
        );
        for p in r.plans.iter().filter(|p| mixed(p)) {
            assert_eq!(p.regions[1].piece.instruction(), Instruction::Ffma, "{p}");
            assert_eq!(p.regions[1].hi[1], p.worker_tile()[1], "{p}");
            assert!(p.split_k == 1 && !p.stream_k, "{p}");
        }
        let off = plans(&problem, &t, &with(false)).unwrap();
        assert!(!off.plans.iter().any(mixed), "{m}x{n}x{k}");
    }
    let problem = GemmProblem::new(4096, 4096, 4096, 1, GemmDType::TF32).unwrap();
    let r = plans(
        &problem,
        &t,
        &Options {
            top: 1000,
            warpgroup_vector: true,
            ..Options::default()
        },
    )
    .unwrap();
    let tile = |cols: i64| {
        r.plans
            .iter()
            .find(|p| {
                p.cta_tile == [128, 256, 32]
                    && p.multicast == 2
                    && p.regions.len() == if cols == 0 { 1 } else { 2 }
                    && (cols == 0 || p.regions[1].lo[1] == 256 - cols)
            })
            .unwrap_or_else(|| panic!("no 128x256 plan with {cols} FFMA columns"))
            .modeled
            .tflops
    };
    let ratio = tile(8) / tile(0);
    assert!(
        (0.65..0.76).contains(&ratio),
        "modeled {ratio:.3}, measured 0.705"
    );
}

/// A row-major B whose rows straddle 128-byte lines (run 17-h, 17-i, H100): the 64x128
/// grid at 2 CTAs/SM ran 2000x2000x1000 f16 at 0.67x cuBLAS and 1000x3000x1000 at 0.65x,
/// the one-CTA-per-SM 128x256 / 128x192 grids 0.97x and 0.79x. With the same pitch as a
/// column-major B's (K-major boxes, not charged), 2000x2000x1000 keeps the 2-CTA grid.
#[test]
fn straddling_b_rows_rank_one_cta_grids_first() {
    let t = hw_models::target("sm_90a", None).unwrap();
    let best = |m, n, k, pitch: i64, k_major: bool| {
        let problem = GemmProblem::new(m, n, k, 1, GemmDType::F16).unwrap();
        let opts = Options {
            b_pitch_bytes: Some(pitch),
            b_k_major: k_major,
            ..Options::default()
        };
        let p = plans(&problem, &t, &opts).unwrap().plans.remove(0);
        (p.cta_tile, p.modeled.ctas_per_sm)
    };
    for (m, n, k) in [(2000, 2000, 1000), (1000, 3000, 1000), (2048, 2000, 1024)] {
        let (tile, ctas) = best(m, n, k, n * 2, false);
        assert_eq!(ctas, 1, "{m}x{n}x{k}: {tile:?} at {ctas} CTAs/SM");
    }
    assert_eq!(best(2000, 2000, 1000, 4000, true).1, 2);
}

/// At M <= 128 the model ties plans on the DRAM bound; the tie goes to the widest wgmma,
/// then to a transposed plan (run 23-j..23-l, H100 and H200: at 128x5120x5120 the
/// transposed 64x128 tile ran 2.2-5.5% faster than the 128x64 tile it ties with). At
/// M = 1000 ties keep the plan-key order (128x64 first), which nothing measured against.
#[test]
fn decode_ties_rank_the_widest_wgmma_then_a_transposed_plan() {
    let t = hw_models::target("sm_90a", None).unwrap();
    let opts = Options {
        top: 8,
        transposed_warpgroups: true,
        narrow_b_tiles: true,
        ..Options::default()
    };
    let problem = GemmProblem::new(128, 5120, 5120, 1, GemmDType::F16).unwrap();
    let r = plans(&problem, &t, &opts).unwrap();
    let first = &r.plans[0];
    assert!(first.transposed, "{first}");
    assert_eq!(first.cta_tile[..2], [64, 128], "{first}");
    let tied_128x64 = r.plans.iter().any(|p| {
        !p.transposed && p.cta_tile[..2] == [128, 64] && p.modeled.cycles == first.modeled.cycles
    });
    assert!(tied_128x64, "the 128x64 plan should tie with the first");
    let problem = GemmProblem::new(1000, 1000, 1000, 1, GemmDType::F16).unwrap();
    let first = plans(&problem, &t, &opts).unwrap().plans.remove(0);
    assert_eq!(first.cta_tile[..2], [128, 64], "{first}");
}

/// 80-column tiles (128 CTAs at N = 5120) with a column-major B, which ran 1.4-3.5% faster
/// than 128x64 on an H100 (run 23-e, 23-f); never with a row-major B, whose 80 columns
/// would take a 16-column tail box (slower in five rounds of six, by up to 12%).
#[test]
fn eighty_column_tiles_only_for_a_column_major_b() {
    let t = hw_models::target("sm_90a", None).unwrap();
    let problem = GemmProblem::new(128, 5120, 5120, 1, GemmDType::F16).unwrap();
    let first = |b_k_major| {
        let opts = Options {
            transposed_warpgroups: true,
            narrow_b_tiles: true,
            b_k_major,
            // K = N = 5120: either layout's rows are 10240 bytes.
            b_pitch_bytes: Some(5120 * 2),
            ..Options::default()
        };
        plans(&problem, &t, &opts).unwrap().plans.remove(0)
    };
    let col = first(true);
    assert_eq!(col.cta_tile[..2], [64, 80], "{col}");
    let row = first(false);
    assert_ne!(row.cta_tile[1], 80, "{row}");
}

/// Where pairing an odd count of tile rows for B multicast costs a wave, the unpaired grid
/// ranks first (run 25-b, H100, f16 and bf16, paired ratio to cuBLAS): unpaired 128x256
/// tiles ran 1.009-1.015x at 4224x4096x4096 (528 tiles: 4.0 waves of 132 SMs),
/// 6272x4096x4096 and 4224x5120x4096, the paired 128x192 tiles ranked first before
/// 0.89-0.96x and paired 128x256 0.83-0.89x. At 4096^3 (32 tile rows) the paired 128x256
/// grid stays first, and at 3968 (31 rows, 3.9 waves paired or not) pairing costs no wave.
/// At 8320x14336x4096 (65 rows) unpaired 128x192 tiles save one wave of 38 over paired
/// ones, but ran 3-4% behind paired 128x256 (run 25-c), which stays first.
#[test]
fn odd_tile_rows_rank_the_unpaired_grid_where_pairing_costs_a_wave() {
    let t = hw_models::target("sm_90a", None).unwrap();
    let best = |m, n| {
        let problem = GemmProblem::new(m, n, 4096, 1, GemmDType::F16).unwrap();
        let p = plans(&problem, &t, &Options::default()).unwrap().plans[0].clone();
        (p.cta_tile, p.multicast)
    };
    assert_eq!(best(4224, 4096), ([128, 256, 64], 1));
    assert_eq!(best(6272, 4096), ([128, 256, 64], 1));
    assert_eq!(best(4224, 5120), ([128, 256, 64], 1));
    assert_eq!(best(4096, 4096), ([128, 256, 64], 2));
    assert_eq!(best(3968, 4096), ([128, 256, 64], 2));
    assert_eq!(best(8320, 14336), ([128, 256, 64], 2));
}

/// The `top` first plans of an f16 GEMM on sm_90a with row-major A and B, ranked as `mosaic
/// compile` ranks them (transposed plans and narrow B tiles offered).
fn ranked_row_major(m: i64, n: i64, k: i64, top: usize) -> Vec<tessellate::Plan> {
    let t = hw_models::target("sm_90a", None).unwrap();
    let problem = GemmProblem::new(m, n, k, 1, GemmDType::F16).unwrap();
    plans(&problem, &t, &row_major_options(n, top))
        .unwrap()
        .plans
}

/// The ranking options `mosaic compile` gives an f16 problem of `n` columns with row-major
/// A and B (transposed plans, narrow B tiles, B's pitch), the first `top` plans.
fn row_major_options(n: i64, top: usize) -> Options {
    Options {
        top,
        transposed_warpgroups: true,
        narrow_b_tiles: true,
        b_pitch_bytes: Some(n * 2),
        ..Options::default()
    }
}

/// Above 128 rows transposed plans (wgmma's n along the caller's m) rank where the plain
/// tiles' width choice misses the waves: at 5464x1296x6224 f16 the transposed 192x160 tiles
/// ran 142.5 us on an H100 against 177.4 us for the plain default (run 26-a). Since their
/// epilogue is a TMA store (run 29), grids of at most four rounds carry no
/// `TRANSPOSED_FACTOR` (29-b, H100, against the defaults of 1.02): 5808x1056x5168 takes
/// transposed 192x160 tiles (114.2 us against plain 256x96's 128.1 us), 8805x1584x408
/// transposed 192x160 (40.3 against 57.5 us), 4696x1664x888 transposed 128x256 (33.6
/// against 34.2 us). Many rounds keep the factor: at 6072x8088x600 (11.6 rounds) the
/// transposed 128x256 grid ran 0.81x the plain paired one, which stays first, as do plain
/// tiles at 4096^3 (128x256; there the transposed 128x256 grid ran level in 29-a). At
/// 1136x9360x312 the transposed 64x160 grid of two CTAs per SM ran 0.77x the speed of the
/// plain default (run 26-b): no such grid is offered.
#[test]
fn transposed_tiles_above_128_rows_rank_where_measured_faster() {
    let best = |m, n, k| ranked_row_major(m, n, k, 1).remove(0);
    for (m, n, k, tile) in [
        (5464, 1296, 6224, [192, 160]),
        (5808, 1056, 5168, [192, 160]),
        (8805, 1584, 408, [192, 160]),
        (4696, 1664, 888, [128, 256]),
    ] {
        let p = best(m, n, k);
        assert!(p.transposed && p.cta_tile[..2] == tile, "{m}x{n}x{k}: {p}");
    }
    for (m, n, k, tile) in [
        (4096, 4096, 4096, [128, 256]),
        (6072, 8088, 600, [128, 256]),
    ] {
        let p = best(m, n, k);
        assert!(
            !p.transposed && p.cta_tile[..2] == tile && p.multicast == 2,
            "{m}x{n}x{k}: {p}"
        );
    }
    let all = ranked_row_major(1136, 9360, 312, 64);
    assert!(!all[0].transposed, "{}", all[0]);
    assert!(
        all.iter()
            .all(|p| !p.transposed || p.modeled.ctas_per_sm == 1)
    );
}

/// Transposed grids above 128 rows share their B (the caller's A) across pairs of tile rows
/// where A's rows straddle 32-byte sectors and K > 1536 (H100, run 27-b, same plans with
/// multicast on against off): 1376x792x7784 ran 1.30x, 2000x1216x4280 1.21x, 4864x824x4472
/// 1.20x. With rows of whole sectors multicast ran 0.98x in geomean (4240x496x3712 0.89x,
/// whose default stays unshared), at K of 1464 and less 0.94x (515x1976x1320: not shared),
/// and where padding an odd tile-row count cost a wave 0.66-0.77x (not shared: 5464x1296x6232,
/// 7 x 35 tiles padded to 8 x 35, three waves for two; 1456x792x1608, 130 tiles padded to
/// 140, two for one). Where a shared transposed grid led by a thin margin it could lose
/// (27-d, 27-e): at 7992x5368x2840 shared transposed 128x160 tiles ran 0.90x the plain
/// 128x192 tiles, at 4081x792x1576 shared 64x256 ones 0.87x the unshared transposed 192x160;
/// both old defaults stay first. (1376x792x3048 stands for 1376x792x7784, same rows and
/// straddle: at K >= 3072 the lone-grid L2 term of run 43 ranks 64x192 tiles first there,
/// 0.93x in 43-f.)
#[test]
fn transposed_grids_share_b_where_a_rows_straddle_sectors() {
    let best = |m, n, k| ranked_row_major(m, n, k, 1).remove(0);
    for (m, n, k, tile) in [
        (1376, 792, 3048, [64, 160]),
        (2000, 1216, 4280, [128, 160]),
        (4864, 824, 4472, [128, 160]),
    ] {
        let p = best(m, n, k);
        assert!(
            p.transposed && p.multicast == 2 && p.cta_tile[..2] == tile,
            "{m}x{n}x{k}: {p}"
        );
    }
    for (m, n, k) in [
        (4240, 496, 3712),
        (515, 1976, 1320),
        (5464, 1296, 6232),
        (1456, 792, 1608),
    ] {
        let p = best(m, n, k);
        assert!(p.transposed && p.multicast == 1, "{m}x{n}x{k}: {p}");
    }
    let p = best(7992, 5368, 2840);
    assert!(!p.transposed && p.cta_tile[..2] == [128, 192], "{p}");
    let p = best(4081, 792, 1576);
    assert!(
        p.transposed && p.multicast == 1 && p.cta_tile[..2] == [192, 160],
        "{p}"
    );
}

/// Transposed grids of at most four rounds carry no factor for sharing B (run 30-c, H100): at
/// 3000x1000x3000 (one round) the shared transposed 128x192 tiles, cuBLAS's tiling there, ran
/// 36.9 us against 46.8 us for the plain 192x128 tiles the factor had ranked first; at
/// 4120x1448x1912 (two rounds) 1.25x. Above four rounds the factor stays (7992x5368x2840,
/// above).
#[test]
fn few_round_transposed_grids_share_b_without_a_factor() {
    for (m, n, k) in [(3000, 1000, 3000), (4120, 1448, 1912)] {
        let p = ranked_row_major(m, n, k, 1).remove(0);
        assert!(
            p.transposed && p.multicast == 2 && p.cta_tile[..2] == [128, 192],
            "{m}x{n}x{k}: {p}"
        );
    }
}

/// Above 128 rows no transposed tile is one consumer warpgroup 256 wide: the six such
/// defaults timed (H100, runs 27-d and 27-g, shared or not) ran 0.67-0.95x the plans they
/// replaced, 3008x1032x1704 0.77x (shared 64x256 against unshared 192x160).
#[test]
fn no_transposed_tiles_of_one_warpgroup_256_wide_above_128_rows() {
    for (m, n, k) in [(3008, 1032, 1704), (4081, 792, 1576), (1824, 1760, 992)] {
        let all = ranked_row_major(m, n, k, 64);
        assert!(
            all[0].transposed && all[0].cta_tile[..2] == [192, 160],
            "{}",
            all[0]
        );
        assert!(
            all.iter()
                .all(|p| !(p.transposed && p.workers[0] == 1 && p.cta_tile[1] == 256)),
            "{m}x{n}x{k}"
        );
    }
}

/// The L2 fill is charged round by round at one CTA per SM (`l2_rounds`): where a grid's
/// full rounds ask more of L2 than it fills, a partial last round's idle fill does not pay
/// for them. Measured on an H100 (runs 26-a, 28-a, 28-b; f16, times against the old
/// default, 128x128 tiles sharing B): 4864x1024x4480 transposed 128x160 tiles 70.5 us against
/// 86.0 us, 3043x1680x4840 transposed 128x192 tiles 93.5 against 117.2 us, 5078x2632x5488
/// plain 128x192 tiles 242.2 against 267.4 us. Grids of two CTAs per SM of fewer than 16
/// k-steps keep whole-grid sums: charged by rounds, 4773x392x472 and 2393x2040x344 moved off
/// 64x128 tiles and ran 0.89x and 0.86x as fast (run 28-a).
#[test]
fn l2_fill_is_charged_round_by_round_at_one_cta_per_sm() {
    let best = |m, n, k| ranked_row_major(m, n, k, 1).remove(0);
    for (m, n, k, tile, transposed) in [
        (4864, 1024, 4480, [128, 160], true),
        (3043, 1680, 4840, [128, 192], true),
        (5078, 2632, 5488, [128, 192], false),
        (4773, 392, 472, [64, 128], false),
        (2393, 2040, 344, [64, 128], false),
    ] {
        let p = best(m, n, k);
        assert!(
            p.transposed == transposed && p.cta_tile[..2] == tile,
            "{m}x{n}x{k}: {p}"
        );
    }
    let p = best(4864, 1024, 4480);
    assert_eq!(p.modeled.bound, "l2", "{p}");
}

/// Grids of two CTAs per SM whose tiles run at least 16 k-steps are charged the L2 fill by
/// rounds too (`SHARED_SM_ROUND_KSTEPS`): measured on an H100 (run 28-f), the plans that then
/// rank first ran 1.18-1.55x the 64x128 grids of two CTAs per SM they replaced, e.g.
/// 4176x1792x1040 128x256 tiles 33.9 against 43.4 us and 2627x2448x1536 with a column-major
/// B transposed 192x160 tiles 41.1 against 53.3 us.
#[test]
fn two_cta_grids_of_long_main_loops_are_charged_by_rounds() {
    let best = |m, n, k| ranked_row_major(m, n, k, 1).remove(0);
    let p = best(4176, 1792, 1040);
    assert!(
        !p.transposed && p.cta_tile[..2] == [128, 256] && p.modeled.ctas_per_sm == 1,
        "{p}"
    );
}

/// Plain lone grids (one CTA per SM) share B where its rows straddle 128-byte lines and K >
/// 1536 (`lone_b_share`), over four tile rows where the padded grid fits the 30 clusters of
/// four an H100 holds (H100, docs/BENCHMARKS.md runs 31-b to 31-d): 2872x528x4280's 128x128
/// tiles over four rows ran 1.16x pairs and pairs 1.06x none; 3896x984x9376's 128x256 tiles
/// in pairs ran 1.27x none, but over four rows (32 clusters) 0.57x pairs. Not where B's rows
/// are whole lines (1617x1024x1984 ran 0.79x shared), at K <= 1536 (2592x672x1464, 0.985x),
/// nor 64 columns wide (1144x800x5584, 0.72x). The tie with the transposed mirror keeps its
/// order: the plain grid first, as before sharing. (1144x800x3024 stands for 1144x800x5584:
/// at K >= 3072 the lone-grid L2 term of run 43 ranks split-K 2 of 128x128 tiles first
/// there, 1.07x in 43-f.)
#[test]
fn lone_grids_share_b_where_its_rows_straddle_lines() {
    for (m, n, k, share) in [
        (2872, 528, 4280, 4),
        (2279, 736, 7616, 4),
        (3896, 984, 9376, 2),
        (5152, 376, 1720, 2),
        (1617, 1024, 1984, 1),
        (2592, 672, 1464, 1),
        (1144, 800, 3024, 1),
    ] {
        let p = ranked_row_major(m, n, k, 1).remove(0);
        assert!(
            !p.transposed && !p.persistent && p.split_k == 1 && p.multicast == share,
            "{m}x{n}x{k}: {p}"
        );
    }
}

/// Four-row B clusters only where a quarter of the k-step is a whole 8-row swizzle atom: the
/// code generator cuts each row-major B box along its k rows, and at 32-byte spans (16 f16
/// rows) it refuses quarters, so such grids share over pairs.
#[test]
fn four_row_clusters_cut_whole_swizzle_atoms() {
    let t = hw_models::target("sm_90a", None).unwrap();
    for (m, n, k) in [(2872, 528, 4280), (2279, 736, 7616), (4400, 360, 3496)] {
        for swizzle in [32, 64, 128] {
            let opts = Options {
                top: 400,
                swizzle: Some(swizzle),
                transposed_warpgroups: true,
                narrow_b_tiles: true,
                b_pitch_bytes: Some(n * 2),
                ..Options::default()
            };
            let problem = GemmProblem::new(m, n, k, 1, GemmDType::F16).unwrap();
            let ranked = plans(&problem, &t, &opts).unwrap().plans;
            for p in &ranked {
                if p.multicast == 4 {
                    assert!(
                        p.cta_tile[2] / 4 % 8 == 0,
                        "{m}x{n}x{k} swizzle {swizzle}: {p}"
                    );
                }
            }
            // The 128-byte default has four-row plans at these shapes.
            if swizzle == 128 {
                assert!(ranked.iter().any(|p| p.multicast == 4), "{m}x{n}x{k}");
            }
        }
    }
}

/// Split-K 4 only where its 4-CTA clusters all fit the GPU at once (30 on an H100 or H200,
/// `Target::quad_clusters`): at 680x456x7472 the 32 clusters of the 192x64 split-K 4 grid ran
/// in two waves, 38.1 us, against 28.3 us for split-K 2 of 128x64 tiles on 96 CTAs; the 24
/// defaults this moved ran 1.25-1.82x faster (H100, docs/BENCHMARKS.md runs 32-a, 32-b).
/// Every ranked split-K 4 plan, at shapes where such grids are offered, stays within 120
/// CTAs, and 128x1024x8192 (16 clusters) keeps split-K 4. Since run 43's lone-grid L2 term,
/// 680x456x7472 ranks split-K 4 of 128x128 tiles first, 24 clusters that fit at once: 1.315x
/// run 32's split-K 2 default there (43-f).
#[test]
fn split_k_four_clusters_fit_the_gpu_at_once() {
    for (m, n, k) in [
        (680, 456, 7472),
        (503, 680, 6000),
        (16, 2104, 8976),
        (64, 1952, 5656),
        (128, 1024, 8192),
    ] {
        let ranked = ranked_row_major(m, n, k, 400);
        for p in ranked.iter().filter(|p| p.split_k == 4) {
            let [tm, tn, _] = p.cta_tile;
            let tiles = (p.problem.m + tm - 1) / tm * ((p.problem.n + tn - 1) / tn);
            assert!(tiles * 4 <= 120, "{m}x{n}x{k}: {tiles} tiles of {p}");
        }
        if (m, n, k) == (680, 456, 7472) {
            let p = &ranked[0];
            assert!(p.split_k == 4 && p.cta_tile[..2] == [128, 128], "{p}");
        }
        if (m, n, k) == (128, 1024, 8192) {
            assert_eq!(ranked[0].split_k, 4, "{}", ranked[0]);
        }
    }
}

/// Decode shapes of 107 to 128 rows whose A rows straddle 32-byte sectors (K not a multiple
/// of 16 f16 elements) rank the plain grid of 64-row tiles in two tile rows above grids whose
/// CTAs read all of A's rows (transposed n = 128, or plain 128-row tiles), which they tie or
/// nearly tie with: at 128x4928x5480 and 128x8320x4344 that grid ran 1.16-1.22x the
/// transposed default (H100 and H200, docs/BENCHMARKS.md runs 32-d, 32-e). With whole
/// sectors the transposed tiles stay first (the suite's 128x5120x5120 ran them 1.06x faster);
/// so do shapes of fewer rows (at 80, 97 and 105 rows most two-row grids ran slower, 32-g,
/// 32-h).
#[test]
fn decode_grids_of_sector_straddling_a_rows_take_two_tile_rows() {
    for (m, n, k, plain_two_rows) in [
        (128, 4928, 5480, true),
        (128, 8320, 4344, true),
        (128, 7264, 9112, true),
        (128, 5120, 5120, false),
        (128, 8320, 4352, false),
        (105, 7304, 8248, false),
        (80, 9208, 4232, false),
        (16, 4928, 5480, false),
    ] {
        let p = ranked_row_major(m, n, k, 1).remove(0);
        let two_rows = !p.transposed && p.cta_tile[0] == 64 && m > 64;
        assert_eq!(two_rows, plain_two_rows, "{m}x{n}x{k}: {p}");
        if !plain_two_rows {
            assert!(p.transposed, "{m}x{n}x{k}: {p}");
        }
    }
}

/// Decode grids (65 to 128 rows) of two 64-row tile rows whose A rows or B rows straddle
/// 32-byte sectors share A and B over 2 x 2 clusters (`Plan::multicast_a`) where K is above
/// 1536, their operands 16-bit and their padded CTAs fit the 30 4-CTA clusters an H100
/// holds: 1.135-1.145x faster in geomean at fresh shapes of 107 to 128 rows with K above
/// 1536 and 1.219x at 80 to 106 rows (docs/BENCHMARKS.md runs 33-c to 33-f), 1.152x where
/// only B's rows straddle (run 34-b, H200); at K of 1536 or less 0.98x, with both operands'
/// rows of whole sectors level or slower (0.86-1.00x, 33-b; 128x2528x6128 0.95x, 34-a). 64 rows
/// are one tile row. At 128x8320x4344 the 64x128 grid's 130 CTAs would need 33 clusters; since
/// run 35's split-K charge the model puts a 260-CTA split-K grid first there, and the block
/// reorder takes the 88-CTA 64x192 block instead: 1.13x faster than the 64x128 grid (0.89 ->
/// 1.00-1.01 of cuBLAS), while that split-K grid ran 0.76 (run 35-g, H200). Since run 38
/// grids of 65 to 112 rows take a transposed split-K grid first instead where one fits (see
/// `decode_grids_of_a_part_row_take_transposed_split_k`), and so do grids of 113 to 128 rows
/// where a transposed split-K 4 grid of 66 to 96 CTAs fits (128x2648x7624, 128x2840x4608,
/// 128x2528x8456: no block here now).
#[test]
fn decode_two_row_grids_of_straddling_rows_share_a_and_b_in_blocks() {
    for (m, n, k, block) in [
        (128, 2648, 7624, false),
        (128, 2840, 4608, false),
        (80, 2680, 8384, false),
        (100, 2680, 8384, false),
        (128, 2528, 8456, false),
        (113, 5896, 5768, true),
        (128, 5912, 2024, true),
        (128, 2528, 6128, false),
        (128, 4392, 1128, false),
        (128, 8320, 4344, true),
        (97, 3608, 9240, false),
        (80, 2600, 3512, false),
        (113, 1960, 1688, true),
        (64, 2600, 3512, false),
        (16, 2648, 7624, false),
    ] {
        let p = ranked_row_major(m, n, k, 1).remove(0);
        let want = if block { [2, 2] } else { [1, 1] };
        assert_eq!([p.multicast, p.multicast_a], want, "{m}x{n}x{k}: {p}");
        if block {
            assert!(
                !p.transposed && p.cta_tile[0] == 64 && p.split_k == 1,
                "{p}"
            );
            assert!(
                p.to_string().contains("4-CTA cluster of 2 x 2 tiles"),
                "{p}"
            );
        }
    }
    // tf32 (4-byte inputs) was not measured: no block.
    let t = hw_models::target("sm_90a", None).unwrap();
    let opts = Options {
        transposed_warpgroups: true,
        b_k_major: true,
        ..Options::default()
    };
    let problem = GemmProblem::new(128, 2648, 7628, 1, GemmDType::TF32).unwrap();
    for p in plans(&problem, &t, &opts).unwrap().plans {
        assert_eq!(p.multicast_a, 1, "{p}");
    }
    // A column-major B's rows are K long: with whole-sector A rows they are whole too,
    // whatever n is.
    let opts = Options {
        transposed_warpgroups: true,
        narrow_b_tiles: true,
        b_k_major: true,
        b_pitch_bytes: Some(4608 * 2),
        ..Options::default()
    };
    let problem = GemmProblem::new(128, 2840, 4608, 1, GemmDType::F16).unwrap();
    for p in plans(&problem, &t, &opts).unwrap().plans {
        assert_eq!(p.multicast_a, 1, "{p}");
    }
}

/// Decode grids of two tile rows take 64x96 tiles where 96 does not divide N only in 2 x 2
/// blocks: 128x4928x5480 runs 104 CTAs of them (1.09x its old 80 CTAs of 64x128,
/// docs/BENCHMARKS.md run 36-b; the 13 moved defaults of run 36-d 1.135x), while split-K or
/// unshared 64x96 grids at ragged N (1.005x and 1.01x, 36-c, 36-d) are not ranked.
#[test]
fn decode_blocks_take_96_column_tiles_at_any_n() {
    for (m, n, k, block96) in [
        (128, 4928, 5480, true),
        (128, 4720, 2616, true),
        (97, 5080, 2536, true),
        (128, 2840, 4608, false),
        (80, 1384, 7560, false),
        (113, 5640, 1056, false),
    ] {
        let ranked = ranked_row_major(m, n, k, 200);
        let p = &ranked[0];
        assert_eq!(
            (p.cta_tile[1] == 96, [p.multicast, p.multicast_a]),
            (
                block96,
                if block96 {
                    [2, 2]
                } else {
                    [p.multicast, p.multicast_a]
                }
            ),
            "{m}x{n}x{k}: {p}"
        );
        for q in ranked
            .iter()
            .filter(|q| q.cta_tile[1] == 96 && !q.transposed)
        {
            assert_eq!([q.multicast, q.multicast_a], [2, 2], "{m}x{n}x{k}: {q}");
        }
    }
    // Not at M = 64 (one tile row), nor with 4-byte inputs.
    for p in ranked_row_major(64, 4928, 5480, 200) {
        assert!(p.cta_tile[1] != 96 || p.transposed, "{p}");
    }
    let opts = Options {
        top: 200,
        transposed_warpgroups: true,
        narrow_b_tiles: true,
        b_k_major: true,
        ..Options::default()
    };
    let t = hw_models::target("sm_90a", None).unwrap();
    let problem = GemmProblem::new(128, 4928, 5480, 1, GemmDType::TF32).unwrap();
    for p in plans(&problem, &t, &opts).unwrap().plans {
        assert!(p.cta_tile[1] != 96 || p.transposed, "{p}");
    }
}

/// Where the model puts a split-K plan first, a decode block grid of 48 CTAs or more goes
/// first instead: at 33 moved defaults 1.083x faster in geomean (docs/BENCHMARKS.md run
/// 33-i, H100); block grids of 40 to 44 CTAs ran 0.95x the split-K defaults (33-h), which
/// stay first there. Since run 36 a split-K 2 grid of two 64-row tile rows whose 4-CTA
/// clusters fit the GPU at once (120 CTAs) shares B over each tile-row pair instead
/// (`decode::SPLIT_K_B_PAIRS`; 1.130x at 28 moved defaults, run 36-g): 80x1744x1816 (112
/// CTAs), 80x1640x2504 (104); 80x1960x2432 would take 124 and keeps its block. Since run 37,
/// with K of 2560 or more, where the first plan is split-K 2 or gives way to a block, a
/// split-K 4 grid of two 64-row tile rows at least 96 columns wide whose 8-CTA clusters fit
/// 14 (112 CTAs) goes first sharing B (`decode::WIDE_SPLIT_K4_MIN_K`; 1.181x at 52 moved
/// defaults, run 37-d): 128x1672x6536 and 80x1720x3704 (split-K 2 sharing B in run 36),
/// 120x1440x8328 and 80x1944x4200 (blocks), 80x1264x2872 (split-K 2). A split-K 4 first
/// plan without a block before it keeps its grid, and so does split-K 2 below that K
/// (120x1440x2400). Since run 38 the 80-row grids named here take a transposed split-K grid
/// first (`decode::transposed_split_k_first`), and so do grids of 97 to 112 rows where a
/// split-K 4 grid of 128-row tiles fills half the SMs (110x2304x8544); the other grids above
/// 96 rows keep these rules (105x1608x2488, 121x1632x1816 split-K 2 sharing B; 97x1776x3184,
/// 120x1496x3448 wide split-K 4).
#[test]
fn decode_block_grids_of_48_ctas_rank_before_split_k() {
    #[derive(Debug, PartialEq)]
    enum First {
        Block,
        SplitKPairs,
        WideSplitK4Pairs,
        SplitK,
        TransposedSplitK,
    }
    for (m, n, k, want) in [
        (80, 1960, 2432, First::TransposedSplitK),
        (80, 1944, 2200, First::TransposedSplitK),
        (80, 1744, 1816, First::TransposedSplitK),
        (80, 1640, 2504, First::TransposedSplitK),
        (105, 1608, 2488, First::SplitKPairs),
        (121, 1632, 1816, First::SplitKPairs),
        (128, 1672, 6536, First::WideSplitK4Pairs),
        (80, 1720, 3704, First::TransposedSplitK),
        (120, 1440, 8328, First::WideSplitK4Pairs),
        (97, 1776, 3184, First::WideSplitK4Pairs),
        (110, 2304, 8544, First::TransposedSplitK),
        (120, 1496, 3448, First::WideSplitK4Pairs),
        (80, 1944, 4200, First::TransposedSplitK),
        (80, 1264, 2872, First::TransposedSplitK),
        (80, 1208, 6520, First::TransposedSplitK),
        (120, 1440, 2400, First::SplitK),
    ] {
        let ranked = ranked_row_major(m, n, k, 40);
        let p = &ranked[0];
        let first = match (p.multicast_a > 1, p.split_k, p.multicast) {
            _ if p.transposed && p.split_k > 1 => First::TransposedSplitK,
            (true, 1, _) => First::Block,
            (false, 2, 2) => First::SplitKPairs,
            (false, 4, 2) => First::WideSplitK4Pairs,
            (false, 2.., 1) => First::SplitK,
            _ => panic!("{m}x{n}x{k}: {p}"),
        };
        assert_eq!(first, want, "{m}x{n}x{k}: {p}");
        let [gm, gn, _] = p.grid();
        match first {
            First::SplitKPairs => {
                assert_eq!((p.cta_tile[0], gm), (64, 2), "{p}");
                assert!(gm * gn * 2 <= 120, "{p}");
                assert!(
                    p.to_string()
                        .contains("reduced in a 4-CTA cluster (one multicast group per k-split)"),
                    "{p}"
                );
            }
            First::WideSplitK4Pairs => {
                assert!(k >= 2560, "{p}");
                assert!(p.cta_tile[0] == 64 && p.cta_tile[1] >= 96 && gm == 2, "{p}");
                assert!(gm * gn * 4 <= 112, "{p}");
                assert!(
                    p.to_string()
                        .contains("reduced in an 8-CTA cluster (one multicast group per k-split)"),
                    "{p}"
                );
            }
            First::Block | First::SplitK | First::TransposedSplitK => {}
        }
        // Only the first plan shares B with split-K, or the second where a transposed
        // split-K grid went before it.
        let after = if first == First::TransposedSplitK {
            2
        } else {
            1
        };
        assert!(
            ranked[after..]
                .iter()
                .all(|q| q.split_k == 1 || q.multicast == 1)
        );
    }
}

/// Decode grids of two 64-row tile rows whose 4-CTA blocks would not fit the GPU at once
/// (121 to 132 CTAs) share B over the tile-row pair instead, with a row-major B whose rows
/// straddle 128-byte lines and K above 1536 (`block::share_b_past_blocks`; 1.079x at 27
/// moved defaults out of sample, run 37-h, H200). Not with B rows of whole lines (the
/// suite's 128x4096x4096), a column-major B, K of 1536 or less, nor where the grid takes the
/// block (at most 120 CTAs).
#[test]
fn decode_grids_past_blocks_share_b_over_pairs() {
    for (m, n, k, pairs) in [
        (121, 7960, 2888, true),
        (105, 3864, 4872, true),
        (128, 8272, 6424, true),
        (113, 4008, 8816, true),
        (121, 7960, 1472, false),
        (128, 2840, 4608, false),
        (128, 4096, 4096, false),
        (128, 6144, 4096, false),
    ] {
        let p = ranked_row_major(m, n, k, 1).remove(0);
        let [gm, gn, _] = p.grid();
        if pairs {
            assert_eq!(
                (p.multicast, p.multicast_a, p.split_k),
                (2, 1, 1),
                "{m}x{n}x{k}: {p}"
            );
            assert!(!p.transposed && p.cta_tile[0] == 64 && gm == 2, "{p}");
            assert!(gm * gn > 120 && gm * gn <= 132, "{p}");
        } else {
            assert!(p.multicast_a > 1 || p.multicast == 1, "{m}x{n}x{k}: {p}");
        }
    }
    let t = hw_models::target("sm_90a", None).unwrap();
    let opts = Options {
        transposed_warpgroups: true,
        narrow_b_tiles: true,
        b_k_major: true,
        b_pitch_bytes: Some(6864 * 2),
        ..Options::default()
    };
    let problem = GemmProblem::new(105, 3872, 6864, 1, GemmDType::F16).unwrap();
    for p in plans(&problem, &t, &opts).unwrap().plans {
        assert!(p.split_k > 1 || p.multicast == 1, "{p}");
    }
}

/// Above 128 rows, plain lone grids (one wave of one CTA per tile, no split-K) whose A or B
/// rows straddle 32-byte sectors share A and B over 2 x 2 blocks too, where K is above 1536
/// and the padded blocks fit the GPU's 4-CTA clusters: 1.108x in geomean at 17 such
/// defaults, 13 faster (docs/BENCHMARKS.md run 34-g, H200; 584x2184x7448 0.72 -> 1.18 of
/// cuBLAS), and 1.117x at the 28 defaults the rule moved among fresh shapes (34-h).
/// Whole-sector rows, short K and multi-wave grids keep their plans. (K 3024 and 3032 stand
/// for 7440, 7448 and 4952, same straddles: at K >= 3072 the lone-grid L2 term of run 43
/// ranks unshared grids first there, 584x2184x7448 0.87x and 2267x368x4952 0.90x in 43-f.)
#[test]
fn lone_grids_of_straddling_rows_share_a_and_b_in_blocks() {
    for (m, n, k, block) in [
        (584, 2184, 3032, true),
        (2267, 368, 3032, true),
        (1168, 728, 2176, true),
        (584, 2176, 3024, false),
        (584, 2184, 1496, false),
        (4096, 4096, 4104, false),
    ] {
        let p = ranked_row_major(m, n, k, 1).remove(0);
        let [gm, gn, _] = p.grid();
        if block {
            assert_eq!([p.multicast, p.multicast_a], [2, 2], "{m}x{n}x{k}: {p}");
            assert!(!p.transposed && p.split_k == 1 && !p.persistent, "{p}");
            assert!((gm + 1) / 2 * ((gn + 1) / 2) * 4 <= 120, "{p}");
        } else {
            assert_eq!(p.multicast_a, 1, "{m}x{n}x{k}: {p}");
        }
    }
}

/// At M = 128, where the first ranked grid is an untransposed one of 64x64 tiles, the
/// transposed 64x64 grid in 4 x 2 blocks of 8-CTA clusters goes first (cuBLAS's clusters
/// there): measured on an H200, 1.038x at ten fitting defaults (39-d, 39-e) and 1.028x out
/// of sample (39-f, 27, 18 faster). Not where its blocks would not fit the H100's 14 clusters
/// of eight at once (128x3776x1352: 120 CTAs), nor at the suite's 128x4096x4096, nor at
/// N below 2048, nor at 127 rows; and no other plan of tiles half of M wide is ranked.
#[test]
fn m128_grids_of_64x64_tiles_take_transposed_8_cta_blocks() {
    for (m, n, k, moved) in [
        (128, 3496, 5816, true),
        (128, 2912, 1224, true),
        (128, 3112, 3424, true),
        (128, 3776, 1352, false),
        (128, 4096, 4096, false),
        (128, 1984, 4096, false),
        (127, 3496, 5816, false),
    ] {
        let ps = ranked_row_major(m, n, k, 40);
        let p = &ps[0];
        if moved {
            assert!(p.transposed, "{m}x{n}x{k}: {p}");
            assert_eq!(p.cta_tile[..2], [64, 64], "{m}x{n}x{k}: {p}");
            assert_eq!([p.multicast, p.multicast_a], [4, 2], "{m}x{n}x{k}: {p}");
            assert_eq!(p.split_k, 1, "{m}x{n}x{k}: {p}");
        } else {
            assert!(p.multicast_a <= 2 || p.multicast < 4, "{m}x{n}x{k}: {p}");
        }
        let halves = ps
            .iter()
            .skip(usize::from(moved))
            .filter(|p| p.transposed && p.cta_tile[1] * 2 == m)
            .count();
        assert_eq!(halves, 0, "{m}x{n}x{k}");
    }
}

/// At M = 128, where the first ranked grid has at most 64 CTAs (N of 2048 or less, K of 1024
/// to 2048), the first untransposed split-K 2 grid of 64x64 tiles goes first
/// (`decode::small_grid_split_k2_first`): measured on an H100, 1.086x at 41-d's four
/// fitting shapes and 1.120x out of sample (42-e, 14 fresh shapes, all faster). Not where
/// the first grid has more than 64 CTAs (128x2104x1368: 72), nor at K above 2048 (at most
/// such shapes another rule splits the grid already; 128x2040x2104 keeps 64 CTAs), nor below
/// 1024 columns, nor at 127 rows.
#[test]
fn m128_grids_of_64_ctas_or_fewer_take_split_k_two() {
    for (m, n, k, moved) in [
        (128, 1560, 1336, true),
        (128, 2048, 1872, true),
        (128, 1032, 1240, true),
        (128, 1624, 1048, true),
        (128, 2104, 1368, false),
        (128, 2040, 2104, false),
        (128, 1000, 1336, false),
        (127, 1560, 1336, false),
    ] {
        let p = ranked_row_major(m, n, k, 1).remove(0);
        let plain_split_2 = !p.transposed && p.cta_tile[..2] == [64, 64] && p.split_k == 2;
        let [gm, gn, _] = p.grid();
        assert_eq!(plain_split_2 && gm * gn <= 64, moved, "{m}x{n}x{k}: {p}");
    }
}

/// A decode problem of 16 rows whose first ranked grid is a lone transposed row of 64x16
/// tiles on at most 72 CTAs (about half an H200's 132 SMs idle) takes the first transposed
/// split-K 4 grid of one wave with more CTAs instead: measured on an H200, 1.05-1.15x at
/// 38-l's four shapes and out of sample (39-a, 20 moved defaults among three fresh seeds)
/// 1.064x, 16 faster, two slower. Not where the lone grid already fills more than 72 SMs
/// (16x8192x4096), nor below K = 1024, nor at 32 rows.
#[test]
fn lone_decode_rows_of_sixteen_take_split_k_four() {
    let t = hw_models::target("sm_90a", None).unwrap();
    for (m, n, k, moved) in [
        (16, 4360, 2904, true),
        (16, 4096, 4096, true),
        (16, 4552, 1816, true),
        (16, 3280, 1312, true),
        (16, 8192, 4096, false),
        (16, 4096, 1000, false),
        (32, 4096, 4096, false),
    ] {
        let p = ranked_row_major(m, n, k, 1).remove(0);
        let [gm, gn, _] = p.grid();
        if moved {
            assert!(p.transposed && p.split_k == 4, "{m}x{n}x{k}: {p}");
            assert!(gm * gn * 4 > (n + 63) / 64, "{m}x{n}x{k}: {p}");
            assert!(gm * gn * 4 <= i64::from(t.sms), "{m}x{n}x{k}: {p}");
        } else {
            assert_eq!(p.split_k, 1, "{m}x{n}x{k}: {p}");
        }
    }
}

/// Decode grids of 65 to 128 rows (16-bit inputs, N and K of 1024 or more) whose first
/// ranked plan is a grid of two 64-row tile rows (not transposed) take a transposed split-K
/// grid whose clusters fit the GPU at once instead (`decode::transposed_split_k_first`): up
/// to 96 rows the first one ranked (1.28-1.56x at 13 grids of 72 to 96 rows,
/// docs/BENCHMARKS.md run 38-c, H200; 1.246x in geomean at all 48 defaults it moved among
/// fresh shapes, every one faster, 38-e), at 97 to 112 rows with K of 1536 or more split-K 4 of 128-row tiles in at
/// least 66 CTAs (1.184x at 29 moved defaults, 28 faster, 38-h), at 113 to 128 rows the same
/// in at most 96 CTAs (1.097x at 25, 20 faster, 38-j). Not at 64 rows (one tile row), nor
/// with 4-byte inputs or K below 1024 (1536 above 96 rows), nor where the split-K 4 grid
/// would leave more than half the SMs idle or, above 112 rows, take more than 96 CTAs (the
/// suite's 128x4096x4096).
#[test]
fn decode_grids_of_a_part_row_take_transposed_split_k() {
    let t = hw_models::target("sm_90a", None).unwrap();
    for (m, n, k, moved) in [
        (80, 3992, 8064, true),
        (88, 3904, 5008, true),
        (65, 4168, 2800, true),
        (96, 4000, 4000, true),
        (73, 1680, 4136, true),
        (100, 2968, 7920, true),
        (111, 2072, 2032, true),
        (111, 2472, 1024, false),
        (103, 1464, 8432, false),
        (113, 2224, 5824, true),
        (128, 2840, 4608, true),
        (123, 3792, 2000, false),
        (128, 4096, 4096, false),
        (64, 3992, 8064, false),
        (80, 3992, 1000, false),
    ] {
        let p = ranked_row_major(m, n, k, 1).remove(0);
        if moved {
            assert!(p.transposed && p.split_k > 1, "{m}x{n}x{k}: {p}");
            let [gm, gn, _] = p.grid();
            if m > 96 {
                assert_eq!((p.split_k, p.cta_tile[0]), (4, 128), "{m}x{n}x{k}: {p}");
                assert!(2 * gm * gn * 4 >= i64::from(t.sms), "{m}x{n}x{k}: {p}");
            }
            if m > 112 {
                assert!(gm * gn * 4 <= 96, "{m}x{n}x{k}: {p}");
            }
            let fit = if p.split_k == 2 {
                i64::from(t.sms)
            } else {
                120
            };
            assert!(gm * gn * p.split_k <= fit, "{m}x{n}x{k}: {p}");
        } else {
            assert!(!(p.transposed && p.split_k > 1), "{m}x{n}x{k}: {p}");
        }
    }
    let opts = Options {
        transposed_warpgroups: true,
        b_k_major: true,
        ..Options::default()
    };
    let problem = GemmProblem::new(80, 3992, 8064, 1, GemmDType::TF32).unwrap();
    let p = plans(&problem, &t, &opts).unwrap().plans.remove(0);
    assert!(!(p.transposed && p.split_k > 1), "{p}");
}

/// Lone grids (one CTA per SM at most) above 128 rows and columns with k of at least 3072
/// are charged the L2 fill, so the first plan is a grid of large tiles, which read the
/// fewest operand bytes per multiply-add: measured on an H100 (docs/BENCHMARKS.md run 43-b)
/// the old first plans (256x64, 64x160 and 192x64 tiles) ran 1.32-1.48x slower than the
/// large-tile grids now first, and out of sample the moved defaults ran 1.100x (43-d, 46
/// shapes). At short k the lone grid stays first (2160x1048x688, 1584x320x1240: without
/// the k bound the term moved them to 264-CTA grids of 128x64 or split-K 64x128 tiles,
/// which ran 0.65x and 0.66x in 43-c); decode shapes keep their lone grids.
#[test]
fn lone_grids_with_long_k_above_128_rows_take_large_tiles() {
    let sms = hw_models::target("sm_90a", None).unwrap().sms as i64;
    for (m, n, k, long) in [
        (944, 2104, 3120, true),
        (656, 1592, 5584, true),
        (848, 1544, 3520, true),
        (6704, 488, 9000, true),
        (2160, 1048, 688, false),
        (1584, 320, 1240, false),
        (128, 2744, 7096, false),
    ] {
        let p = ranked_row_major(m, n, k, 1).remove(0);
        let [tm, tn, _] = p.cta_tile;
        let [gm, gn, _] = p.grid();
        let lone = !p.persistent && gm * gn * p.split_k <= sms;
        assert!(lone, "{m}x{n}x{k}: {p}");
        // Operand rows and columns loaded per output element of a k-step: 1/tm + 1/tn, at
        // most a 128x128 tile's (the old first plans': 1/256 + 1/64 and more).
        let loads = 1.0 / tm as f64 + 1.0 / tn as f64;
        assert!(!long || loads <= 2.0 / 128.0, "{m}x{n}x{k}: {p}");
    }
}

/// Rows that are not 16-byte multiples reach TMA through operand copies, charged to
/// warpgroup plans only (`Options::pad_copies`). Measured on an H100 (run 44-a): at
/// 313x1647x5525 and 352x584x6541 f16 (row-major A and B, odd K) the warpgroup defaults with
/// their copies ran 4.4x and 7.5x faster than the mma.sync defaults before them, so a
/// warpgroup plan must still rank first with the copies charged; and the charge raises every
/// warpgroup plan's cycles by the same amount and leaves warp-level plans as they were.
/// Transposed plans take their own list (`Options::transposed_pad_copies`: a tf32 A stored
/// MN-major, a transposed plan's A, is read from registers where a plain plan's B would be
/// copied): with the copies in `pad_copies` alone they are not charged.
#[test]
fn operand_copies_are_charged_to_warpgroup_plans_only() {
    let t = hw_models::target("sm_90a", None).unwrap();
    // Bytes read and written by each copy: rows x (row + row rounded up to 16 bytes).
    let cases = [
        (
            (313, 1647, 5525),
            vec![313 * (11050 + 11056), 5525 * (3294 + 3296)],
            3296,
        ),
        ((352, 584, 6541), vec![352 * (13082 + 13088)], 1168),
    ];
    for ((m, n, k), copies, b_pitch) in cases {
        let problem = GemmProblem::new(m, n, k, 1, GemmDType::F16).unwrap();
        let rank = |pad_copies: Vec<i64>, transposed_pad_copies: Vec<i64>| {
            let opts = Options {
                b_pitch_bytes: Some(b_pitch),
                pad_copies,
                transposed_pad_copies,
                ..row_major_options(n, 60)
            };
            plans(&problem, &t, &opts).unwrap().plans
        };
        let (charged, free) = (rank(copies.clone(), copies.clone()), rank(vec![], vec![]));
        let plain_only = rank(copies, vec![]);
        assert_eq!(
            charged[0].worker_threads, 128,
            "{m}x{n}x{k}: {}",
            charged[0]
        );
        let key = |p: &tessellate::Plan| {
            format!(
                "{:?} {:?} {} {} {} {} {} {} {}",
                p.cta_tile,
                p.workers,
                p.worker_threads,
                p.split_k,
                p.transposed,
                p.persistent,
                p.multicast,
                p.multicast_a,
                p.stages
            )
        };
        let mut transposed = 0;
        for p in plain_only.iter().filter(|p| p.transposed) {
            if let Some(q) = free.iter().find(|q| key(q) == key(p)) {
                assert_eq!(p.modeled.cycles, q.modeled.cycles, "{m}x{n}x{k}: {p}");
                transposed += 1;
            }
        }
        assert!(transposed > 0, "{m}x{n}x{k}: no transposed plan matched");
        let mut added = Vec::new();
        for p in &charged {
            if let Some(q) = free.iter().find(|q| key(q) == key(p)) {
                let extra = p.modeled.cycles - q.modeled.cycles;
                if p.worker_threads == 128 {
                    added.push(extra);
                } else {
                    assert_eq!(extra, 0.0, "{m}x{n}x{k}: warp-level plan charged\n{p}");
                }
            }
        }
        assert!(
            added.len() >= 5,
            "{m}x{n}x{k}: {} warpgroup plans matched",
            added.len()
        );
        let first = added[0];
        assert!(first > 0.0);
        for x in added {
            assert!(
                (x - first).abs() < 1e-6 * first,
                "{m}x{n}x{k}: {x} against {first}"
            );
        }
    }
}
