//! sm_90a warpgroup kernels (TMA, mbarrier pipelines, wgmma, clusters) run on the CPU PTX
//! simulator (`ptx-sim`) and must reproduce the reference GEMM exactly at ragged shapes.

mod common;

use codegen::{CompileOptions, MatLayout};
use common::{sim, warpgroup_plans};
use tessellate::{GemmDType, Options, Plan};

fn describe(p: &Plan) -> String {
    format!(
        "{:?}",
        p.regions
            .iter()
            .map(|r| format!("{:?}", r.piece.instruction()))
            .collect::<Vec<_>>()
    )
}

#[test]
fn explore() {
    use MatLayout::{ColMajor as C, RowMajor as R};
    let mut cases: Vec<(String, Plan, CompileOptions)> = Vec::new();
    for (d, a, b) in [
        (GemmDType::F16, R, R),
        (GemmDType::BF16, C, R),
        (GemmDType::F16, R, C),
        (GemmDType::BF16, C, C),
        (GemmDType::TF32, R, C),
    ] {
        for &(m, n, k) in &[(200, 312, 136), (16, 264, 520), (136, 392, 104)] {
            let ps = warpgroup_plans(
                d,
                (m, n, k),
                1,
                a,
                b,
                Options {
                    top: 6,
                    ..Options::default()
                },
                false,
            );
            for (i, (p, o)) in ps.into_iter().enumerate().take(3) {
                cases.push((
                    format!("{d:?} {a:?}{b:?} {m}x{n}x{k} plan {i} {}", describe(&p)),
                    p,
                    o,
                ));
            }
        }
    }
    let mut bad = 0;
    for (what, p, mut o) in cases {
        o.sms = 8;
        let t = std::time::Instant::now();
        let r = sim::check(&p, &o, (1.0, 0.0), 3);
        if r.is_err() {
            bad += 1;
        }
        eprintln!(
            "{what}: {:?} {:?}",
            r.as_ref().err().map(|e| &e[..e.len().min(300)]),
            t.elapsed()
        );
    }
    eprintln!("{bad} bad");
}

#[test]
fn dbg_maps() {
    let ps = warpgroup_plans(
        GemmDType::F16,
        (16, 264, 520),
        1,
        MatLayout::RowMajor,
        MatLayout::RowMajor,
        Options {
            top: 6,
            ..Options::default()
        },
        false,
    );
    let (p, o) = &ps[0];
    let k = codegen::compile(p, o).unwrap();
    for t in &k.tensor_maps {
        eprintln!("{t:?}");
    }
    eprintln!("{:?} {:?}", k.grid, k.block);
    for i in 70..80 {
        eprintln!("{i}: {:?}", k.module.entries[0].body[i]);
    }
}
