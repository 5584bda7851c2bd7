//! ptxas accepts what the printer writes: hand-built real kernels, every target in the table,
//! no spills. Skips (with a line on stderr) when ptxas is absent, unless MOSAIC_REQUIRE_PTXAS=1.

mod common;

use emit_ptx::ptxas::{self, PtxasError, parse_report, require_or_skip};
use emit_ptx::{TARGETS, parse_module, print_module, ptx_target, validate_module};

#[test]
fn kernels_assemble_for_every_target_without_spills() {
    let Some(path) = require_or_skip("kernels_assemble_for_every_target_without_spills") else {
        return;
    };
    eprintln!("ptxas: {} ({:?})", path.display(), ptxas::version());
    let required = ["sm_80", "sm_89", "sm_90a", "sm_100a", "sm_103a", "sm_120a"];
    for sm in required {
        assert!(
            TARGETS.iter().any(|t| t.sm == sm),
            "{sm} missing from TARGETS"
        );
    }
    for t in TARGETS {
        let m = common::kernels(t.sm, t.min_version);
        validate_module(&m).unwrap();
        let text = print_module(&m);
        assert_eq!(parse_module(&text).unwrap(), m, "round trip for {}", t.sm);
        let report = match ptxas::assemble(&text, t.sm) {
            Ok(r) => r,
            Err(e) => panic!("{}: {e}\n--- PTX ---\n{text}", t.sm),
        };
        assert!(report.cubin.len() > 64, "{}: tiny cubin", t.sm);
        assert_eq!(&report.cubin[..4], b"\x7fELF", "{}: cubin is not ELF", t.sm);
        assert_eq!(report.entries.len(), 2, "{}: {}", t.sm, report.log);
        let mma = report.entry("mma_tf32_16x8").expect("mma entry reported");
        let add = report
            .entry("vector_add")
            .expect("vector_add entry reported");
        for e in [mma, add] {
            assert!(e.registers > 0, "{}: {e:?}", t.sm);
            assert!(!e.spills(), "{}: {} spills: {e:?}", t.sm, e.name);
        }
        assert_eq!(mma.shared_bytes, 512, "{}: {mma:?}", t.sm);
        assert_eq!(mma.barriers, 1, "{}: {mma:?}", t.sm);
        assert_eq!(add.shared_bytes, 0, "{}: {add:?}", t.sm);
        eprintln!(
            "{:8} .version {}.{}: mma {} regs, vector_add {} regs, cubin {} bytes",
            t.sm,
            t.min_version.0,
            t.min_version.1,
            mma.registers,
            add.registers,
            report.cubin.len()
        );
    }
}

#[test]
fn newer_version_than_the_minimum_is_kept_and_accepted() {
    let Some(_) = require_or_skip("newer_version_than_the_minimum_is_kept_and_accepted") else {
        return;
    };
    let t = ptx_target("sm_80").unwrap();
    let m = common::kernels(t.sm, (8, 8));
    let text = print_module(&m);
    assert!(text.starts_with(".version 8.8\n.target sm_80\n"));
    ptxas::assemble(&text, t.sm).unwrap();
}

#[test]
fn ptxas_rejection_is_reported_with_its_message() {
    let Some(_) = require_or_skip("ptxas_rejection_is_reported_with_its_message") else {
        return;
    };
    // sm_103a needs .version 8.8; 8.0 is rejected.
    let m = common::kernels("sm_103a", (8, 0));
    match ptxas::assemble(&print_module(&m), "sm_103a") {
        Err(PtxasError::Failed { sm, message, .. }) => {
            assert_eq!(sm, "sm_103a");
            assert!(message.contains("ptxas"), "{message}");
        }
        other => panic!("expected a ptxas failure, got {other:?}"),
    }
    // An undeclared register.
    let text = ".version 8.0\n.target sm_90a\n.address_size 64\n\n.visible .entry k()\n{\n\tmov.u32 %r1, 0;\n\tret;\n}\n";
    let err = ptxas::assemble(text, "sm_90a").unwrap_err();
    assert!(matches!(err, PtxasError::Failed { .. }), "{err}");
    assert!(err.to_string().contains("%r1"), "{err}");
}

#[test]
fn report_lines_are_read_per_entry() {
    let log = "\
ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function 'big' for 'sm_80'
ptxas info    : Function properties for big
    24 bytes stack frame, 16 bytes spill stores, 8 bytes spill loads
ptxas info    : Used 168 registers, used 1 barriers, 32768 bytes smem, 400 bytes cmem[0]
ptxas info    : Compiling entry function 'small' for 'sm_90a'
ptxas info    : Function properties for small
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 4 registers, used 0 barriers
ptxas info    : Compile time = 1.541 ms
";
    let r = parse_report(log);
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].name, "big");
    assert_eq!(
        (
            r[0].registers,
            r[0].barriers,
            r[0].shared_bytes,
            r[0].cmem0_bytes
        ),
        (168, 1, 32768, 400)
    );
    assert_eq!(
        (r[0].stack_frame, r[0].spill_stores, r[0].spill_loads),
        (24, 16, 8)
    );
    assert!(r[0].spills());
    assert_eq!(r[1].name, "small");
    assert_eq!(
        (r[1].registers, r[1].shared_bytes, r[1].cmem0_bytes),
        (4, 0, 0)
    );
    assert!(!r[1].spills());
    assert!(parse_report("garbage\n: : :\nUsed x registers").is_empty());
}

#[test]
fn missing_ptxas_is_not_found_or_skipped() {
    // With MOSAIC_PTXAS pointing nowhere, `available` finds nothing; checked in a child
    // process so this test does not change the environment of the others.
    if std::env::var_os("EMIT_PTX_CHILD").is_some() {
        assert!(ptxas::available().is_none());
        assert!(matches!(
            ptxas::assemble("", "sm_80"),
            Err(PtxasError::NotFound)
        ));
        if std::env::var_os("MOSAIC_REQUIRE_PTXAS").is_none() {
            assert!(require_or_skip("child").is_none());
        }
        return;
    }
    let exe = std::env::current_exe().unwrap();
    for require in [false, true] {
        let mut cmd = std::process::Command::new(&exe);
        cmd.args([
            "missing_ptxas_is_not_found_or_skipped",
            "--exact",
            "--nocapture",
        ])
        .env("EMIT_PTX_CHILD", "1")
        .env("MOSAIC_PTXAS", "/nonexistent/ptxas");
        if require {
            cmd.env("MOSAIC_REQUIRE_PTXAS", "1");
        } else {
            cmd.env_remove("MOSAIC_REQUIRE_PTXAS");
        }
        let out = cmd.output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "require={require}: {text}");
        if !require {
            assert!(
                text.contains("skipping child: ptxas not found (set MOSAIC_PTXAS)"),
                "{text}"
            );
        }
    }
    // And require_or_skip panics under MOSAIC_REQUIRE_PTXAS=1.
    let out = std::process::Command::new(&exe)
        .args(["require_panics_child", "--exact", "--nocapture"])
        .env("EMIT_PTX_CHILD", "1")
        .env("MOSAIC_PTXAS", "/nonexistent/ptxas")
        .env("MOSAIC_REQUIRE_PTXAS", "1")
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{text}");
    assert!(text.contains("MOSAIC_REQUIRE_PTXAS=1"), "{text}");
}

#[test]
fn require_panics_child() {
    if std::env::var_os("EMIT_PTX_CHILD").is_some() {
        let _ = require_or_skip("require_panics_child");
    }
}
