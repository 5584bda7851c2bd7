//! Rates times SMs times clock reproduce the published peaks.

use hw_models::{PeakKind, TensorPath, archs, gpus, target};
use itex::{DType, Instruction};

fn close(a: f64, b: f64, tol: f64) -> bool {
    ((a - b) / b).abs() <= tol
}

#[test]
fn every_recorded_datasheet_peak_within_one_percent() {
    let mut n = 0;
    for arch in archs() {
        for g in gpus(arch).unwrap() {
            let t = target(arch, Some(g)).unwrap();
            assert!(
                !t.datasheet.is_empty(),
                "{arch}/{g} records no datasheet peak"
            );
            for p in &t.datasheet {
                let model = t.peak_tflops_of(p.kind);
                assert!(
                    close(model, p.tflops, 0.01),
                    "{arch}/{g} {:?}: model {model:.2} vs datasheet {} ({})",
                    p.kind,
                    p.tflops,
                    p.source
                );
                n += 1;
            }
        }
    }
    assert!(n >= 40, "only {n} peaks checked");
}

#[test]
fn rtx4090_facts() {
    let t = target("sm_89", Some("rtx4090")).unwrap();
    assert_eq!((t.sms, t.clock_mhz), (128, 2520.0));
    let ffma = t.peak_tflops(Instruction::Ffma);
    let tf32 = t.peak_tflops(Instruction::mma(DType::TF32, DType::F32).unwrap());
    let f16_32 = t.peak_tflops(Instruction::mma(DType::F16, DType::F32).unwrap());
    let f16_16 = t.peak_tflops(Instruction::mma(DType::F16, DType::F16).unwrap());
    assert!(close(ffma, 82.6, 0.01));
    // ANCHORS: the tf32 tensor rate equals the FFMA rate on Ada.
    assert_eq!(tf32, ffma);
    assert!(close(f16_32, 165.2, 0.01));
    assert!(close(f16_16, 330.3, 0.01));
}

#[test]
fn hopper_facts() {
    for g in ["h100-sxm", "h200"] {
        let t = target("sm_90a", Some(g)).unwrap();
        assert_eq!((t.sms, t.clock_mhz), (132, 1830.0));
        let f16 = t.peak_tflops(Instruction::wgmma(256, DType::F16, DType::F32).unwrap());
        let tf32 = t.peak_tflops(Instruction::wgmma(256, DType::TF32, DType::F32).unwrap());
        assert!(close(f16, 989.0, 0.01), "{f16}");
        assert!(close(tf32, 495.0, 0.01), "{tf32}");
        assert!(close(t.peak_tflops(Instruction::Ffma), 67.0, 0.01));
        // mma.sync on sm_90a runs at 2/3 of wgmma (measured, bench/mma_sync_rate.cu).
        let ms = t.peak_tflops(Instruction::mma(DType::F16, DType::F32).unwrap());
        assert!(close(ms / f16, 2.0 / 3.0, 0.01), "{}", ms / f16);
        let ms32 = t.peak_tflops(Instruction::mma(DType::TF32, DType::F32).unwrap());
        assert!(close(ms32 / tf32, 2.0 / 3.0, 0.01));
        // [ANCHORS] ex2.approx measured 15.9 results/clk/SM.
        assert!(close(t.ex2_per_clk_per_sm, 15.9, 0.01));
    }
    let h200 = target("sm_90a", Some("h200")).unwrap();
    assert_eq!(h200.dram_bytes, 141_000_000_000);
    assert_eq!(h200.dram_gb_per_s, 4800.0);
}

#[test]
fn a100_facts() {
    let t = target("sm_80", None).unwrap();
    assert_eq!((t.sms, t.clock_mhz), (108, 1410.0));
    assert!(close(
        t.peak_tflops(Instruction::mma(DType::F16, DType::F32).unwrap()),
        312.0,
        0.01
    ));
    assert!(close(
        t.peak_tflops(Instruction::mma(DType::TF32, DType::F32).unwrap()),
        156.0,
        0.01
    ));
    assert!(close(t.peak_tflops(Instruction::Ffma), 19.5, 0.01));
}

#[test]
fn blackwell_datacenter_mma_sync_below_tcgen05() {
    for a in ["sm_100a", "sm_103a"] {
        let t = target(a, None).unwrap();
        let tc = t
            .tensor_rate(TensorPath::Tcgen05, DType::F16, DType::F32)
            .unwrap();
        let ms = t
            .tensor_rate(TensorPath::MmaSync, DType::F16, DType::F32)
            .unwrap();
        assert!(ms < tc, "{a}");
        assert!(close(
            t.peak_tflops_of(PeakKind::Tensor(
                TensorPath::Tcgen05,
                DType::BF16,
                DType::F32
            )),
            2250.0,
            0.01
        ));
    }
}

#[test]
fn tflops_inverts_the_rate() {
    // One second of cycles at the tensor rate gives the peak.
    let t = target("sm_90a", None).unwrap();
    let cycles = t.clock_mhz * 1e6;
    let fmas_per_sm = 2048.0 * cycles;
    assert!(close(t.tflops(fmas_per_sm, cycles), 989.4, 0.001));
}
