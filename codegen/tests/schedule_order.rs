//! The scheduler's order reaches the emitted PTX: in a mixed plan's k-loop the interleaving
//! policy alternates mma.sync and FFMA, program order does not; consecutive mma.sync of a
//! zig-zag row share their A or B fragment.

use codegen::{CompileOptions, compile};
use tessellate::{GemmDType, GemmProblem, Options, Split, plans};

fn loop_body(ptx: &str) -> Vec<String> {
    let start = ptx.find("KLOOP:").unwrap();
    let end = ptx[start..]
        .find("bra.uni \tKLOOP")
        .or_else(|| ptx[start..].find("KLOOP;"))
        .unwrap()
        + start;
    ptx[start..end]
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| l.starts_with("mma") || l.starts_with("fma"))
        .collect()
}

fn alternations(body: &[String]) -> usize {
    body.windows(2).filter(|w| w[0][..3] != w[1][..3]).count()
}

fn mixed_plan() -> tessellate::Plan {
    let t = hw_models::target("sm_89", None).unwrap();
    let problem = GemmProblem::new(4096, 4096, 4096, 1, GemmDType::TF32).unwrap();
    let r = plans(
        &problem,
        &t,
        &Options {
            top: 20,
            warpgroups: false,
            ..Options::default()
        },
    )
    .unwrap();
    r.plans
        .into_iter()
        .find(|p| p.regions.len() == 2 && matches!(p.split, Split::Independent { .. }))
        .expect("a mixed plan")
}

#[test]
fn interleaving_reaches_the_ptx() {
    let plan = mixed_plan();
    let inter = compile(&plan, &CompileOptions::default()).unwrap();
    let linear = compile(
        &plan,
        &CompileOptions {
            policy: sched::Policy::Linear,
            ..CompileOptions::default()
        },
    )
    .unwrap();
    let (bi, bl) = (loop_body(&inter.ptx), loop_body(&linear.ptx));
    assert_eq!(bi.len(), bl.len());
    assert!(bi.iter().any(|l| l.starts_with("mma")) && bi.iter().any(|l| l.starts_with("fma")));
    // Program order keeps each region's instructions of one k-step together (the loop body
    // holds one block per region per pipelined k-step); interleaving alternates them.
    assert!(
        alternations(&bl) * 2 <= alternations(&bi),
        "linear order alternates {} times, interleaved {}",
        alternations(&bl),
        alternations(&bi)
    );
    let tensor = bi.iter().filter(|l| l.starts_with("mma")).count();
    assert!(
        alternations(&bi) >= tensor,
        "interleaved {} alternations for {tensor} mma",
        alternations(&bi)
    );
}

#[test]
fn consecutive_mma_share_a_fragment() {
    let plan = mixed_plan();
    let k = compile(
        &plan,
        &CompileOptions {
            policy: sched::Policy::Linear,
            ..CompileOptions::default()
        },
    )
    .unwrap();
    let mmas: Vec<Vec<String>> = loop_body(&k.ptx)
        .iter()
        .filter(|l| l.starts_with("mma"))
        .map(|l| {
            l.split('{')
                .skip(2)
                .take(2)
                .map(|s| s.split('}').next().unwrap_or("").to_string())
                .collect()
        })
        .collect();
    assert!(mmas.len() > 2);
    // Within a k-slice every consecutive pair shares A (same row) or B (the turn); only the
    // step from one k-slice to the next shares nothing.
    let tensor = &plan.regions[0];
    let slices = (tensor.extent()[2] / tensor.piece.extent[2]) as usize;
    let unshared = mmas
        .windows(2)
        .filter(|w| w[0][0] != w[1][0] && w[0][1] != w[1][1])
        .count();
    assert!(
        unshared < slices,
        "{unshared} consecutive pairs share no fragment ({slices} k-slices)"
    );
}
