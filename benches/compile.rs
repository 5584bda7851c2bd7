//! Compile time of the main job: plan search + code generation for 4096^3 (the issue asks for
//! under a second). `cargo bench --bench compile`.

// criterion_group! generates an undocumented `pub fn benches`.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use tessellate::{GemmDType, GemmProblem, Options, plans};

fn compile_4096(c: &mut Criterion) {
    let target = hw_models::target("sm_103a", None).unwrap();
    let problem = GemmProblem::new(4096, 4096, 4096, 1, GemmDType::F16).unwrap();
    c.bench_function("compile gemm 4096^3 f16 sm_103a", |b| {
        b.iter(|| {
            let r = plans(
                &problem,
                &target,
                &Options {
                    top: 1,
                    warpgroups: false,
                    ..Options::default()
                },
            )
            .unwrap();
            codegen::compile(&r.plans[0], &codegen::CompileOptions::default()).unwrap()
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = compile_4096
}
criterion_main!(benches);
