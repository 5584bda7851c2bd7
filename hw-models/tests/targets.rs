//! Target lookup, features, instruction and dtype support.

use hw_models::{HwError, TensorPath, archs, gpus, target};
use itex::{DType, Instruction};

#[test]
fn every_target_and_gpu_constructs() {
    for arch in archs() {
        let list = gpus(arch).unwrap();
        assert!(!list.is_empty(), "{arch} has no GPU");
        let default = target(arch, None).unwrap();
        assert_eq!(
            default.gpu, list[0],
            "default GPU of {arch} is the first listed"
        );
        for g in list {
            let t = target(arch, Some(g)).unwrap();
            assert_eq!(t.arch, *arch);
            assert_eq!(t.gpu, g);
            assert_eq!(t.smsps_per_sm, 4);
            assert!(t.sms > 0 && t.clock_mhz > 0.0 && t.max_boost_clock_mhz >= t.clock_mhz);
            assert!(t.smem_max_per_cta <= t.smem_bytes_per_sm);
            assert!((0.0..=1.0).contains(&t.coissue_alpha()));
            assert_eq!(t.regfile.bytes_per_sm, 256 * 1024);
            assert!(t.features.has_mma_sync && t.features.has_cp_async);
            // Serializes (the CLI prints targets as JSON).
            let js = serde_json::to_string(&t).unwrap();
            assert!(js.contains(t.arch));
        }
    }
}

#[test]
fn lookup_is_case_insensitive_and_takes_aliases() {
    assert_eq!(target("sm_89", Some("L20")).unwrap().gpu, "l20");
    assert_eq!(target("SM_89", Some("RTX4090")).unwrap().gpu, "rtx4090");
    assert_eq!(target("sm_90a", Some("H100")).unwrap().gpu, "h100-sxm");
    assert_eq!(
        target("sm_90a", Some("h200")).unwrap().dram_gb_per_s,
        4800.0
    );
    assert_eq!(target("sm_86", Some("A10")).unwrap().sms, 72);
}

#[test]
fn unknown_target_lists_the_known_ones() {
    let e = target("sm_75", None).unwrap_err();
    assert!(matches!(e, HwError::UnknownTarget { .. }));
    let msg = e.to_string();
    for a in archs() {
        assert!(msg.contains(a), "{msg} lacks {a}");
    }
    assert!(matches!(
        gpus("sm_99").unwrap_err(),
        HwError::UnknownTarget { .. }
    ));
}

#[test]
fn unknown_gpu_lists_the_parts() {
    let e = target("sm_89", Some("h100")).unwrap_err();
    assert!(matches!(e, HwError::UnknownGpu { .. }));
    let msg = e.to_string();
    assert!(msg.contains("rtx4090") && msg.contains("l20"), "{msg}");
}

#[test]
fn features_by_arch() {
    for arch in archs() {
        let t = target(arch, None).unwrap();
        let f = t.features;
        assert_eq!(f.has_wgmma, *arch == "sm_90a", "{arch}");
        assert_eq!(
            f.has_tcgen05,
            matches!(*arch, "sm_100a" | "sm_103a"),
            "{arch}"
        );
        let hopper_plus = !matches!(*arch, "sm_80" | "sm_86" | "sm_89");
        assert_eq!(f.has_tma, hopper_plus, "{arch}");
        assert_eq!(f.has_clusters, hopper_plus, "{arch}");
        // Rates of a path exist only where the path does.
        for r in &t.tensor {
            match r.path {
                TensorPath::MmaSync => assert!(f.has_mma_sync),
                TensorPath::Wgmma => assert!(f.has_wgmma),
                TensorPath::Tcgen05 => assert!(f.has_tcgen05),
            }
        }
    }
}

#[test]
fn instruction_support() {
    let mma_f16 = Instruction::mma(DType::F16, DType::F32).unwrap();
    let mma_tf32 = Instruction::mma(DType::TF32, DType::F32).unwrap();
    let wg = Instruction::wgmma(128, DType::F16, DType::F32).unwrap();
    for arch in archs() {
        let t = target(arch, None).unwrap();
        assert!(t.supports(Instruction::Ffma));
        assert!(t.supports(Instruction::Hfma2));
        assert!(t.supports(Instruction::Ex2));
        // mma.sync everywhere sm_80+, including Blackwell datacenter parts.
        assert!(t.supports(mma_f16), "{arch}");
        assert!(t.supports(mma_tf32), "{arch}");
        assert_eq!(t.supports(wg), *arch == "sm_90a", "{arch}");
        // A shape the ISA does not define.
        let bad = Instruction::Mma {
            m: 16,
            n: 8,
            k: 32,
            ab: DType::F16,
            acc: DType::F32,
        };
        assert!(!t.supports(bad));
        assert_eq!(t.peak_tflops(bad), 0.0);
    }
    // m16n8k8 f16 and m16n8k4 tf32 are ISA shapes too.
    let t = target("sm_80", None).unwrap();
    for (k, ab) in [(8, DType::F16), (4, DType::TF32)] {
        let i = Instruction::Mma {
            m: 16,
            n: 8,
            k,
            ab,
            acc: DType::F32,
        };
        assert!(t.supports(i));
    }
}

#[test]
fn dtype_support() {
    for arch in archs() {
        let t = target(arch, None).unwrap();
        for d in [DType::F16, DType::BF16, DType::TF32, DType::F32, DType::S8] {
            assert!(t.supports_dtype(d), "{arch} {d}");
        }
        assert!(!t.supports_dtype(DType::S32));
        let ds = t.tensor_dtypes();
        assert!(ds.contains(&DType::F16) && ds.contains(&DType::TF32));
    }
}

#[test]
fn estimates_are_listed_where_numbers_are_guessed() {
    // The Blackwell datacenter and GB10 clocks are derived, not published.
    for (a, g) in [
        ("sm_100a", "b200"),
        ("sm_103a", "b300"),
        ("sm_121a", "gb10"),
    ] {
        let t = target(a, Some(g)).unwrap();
        assert!(t.estimates.contains(&"clock_mhz"), "{a}");
    }
    // sm_90a's alpha is calibrated, so it is not an estimate there.
    let h = target("sm_90a", None).unwrap();
    assert!(!h.estimates.contains(&"coissue_alpha"));
    assert!(
        target("sm_89", None)
            .unwrap()
            .estimates
            .contains(&"coissue_alpha")
    );
}
