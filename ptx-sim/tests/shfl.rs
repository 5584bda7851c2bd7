//! `shfl.sync.idx.b32` moves a register across lanes: each lane reads lane `(31 - l)` and
//! `(l ^ 5)`, computed the way codegen computes shuffle source lanes (affine in lane bits).

use ptx_sim::{Arg, Global, Launch, run};

const PTX: &str = r#".version 8.0
.target sm_80
.address_size 64

.visible .entry k(
	.param .u64 out
)
{
	.reg .pred %p<1>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	.reg .f32 %f<4>;

	ld.param.u64 	%rd0, [out];
	cvta.to.global.u64 	%rd0, %rd0;
	mov.u32 	%r0, %tid.x;
	mul.lo.u32 	%r3, %r0, 3;
	mov.b32 	%f0, %r3;
	sub.s32 	%r1, 31, %r0;
	shfl.sync.idx.b32 	%f1, %f0, %r1, 31, 4294967295;
	xor.b32 	%r2, %r0, 5;
	shfl.sync.idx.b32 	%f2, %f0, %r2, 31, 4294967295;
	mul.wide.u32 	%rd1, %r0, 8;
	add.s64 	%rd1, %rd1, %rd0;
	st.global.f32 	[%rd1], %f1;
	st.global.f32 	[%rd1+4], %f2;
	ret;
}
"#;

#[test]
fn shfl_idx_reads_the_source_lane() {
    let module = emit_ptx::parse::parse_module(PTX).expect("parses");
    let mut g = Global::default();
    let out = g.alloc(vec![0xff; 32 * 8]);
    let launch = Launch {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        dynamic_smem: 0,
    };
    run(&module, "k", &launch, &[Arg::U64(out)], &mut g).expect("runs");
    let words = g.words(out).unwrap();
    for l in 0..32usize {
        let f = |i: usize| words[i] as usize;
        assert_eq!(f(2 * l), 3 * (31 - l), "lane {l} reversed");
        assert_eq!(f(2 * l + 1), 3 * (l ^ 5), "lane {l} xor 5");
    }
}
