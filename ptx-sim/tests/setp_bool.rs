//! `setp.CmpOp.BoolOp d, a, b, c` combines the comparison with predicate `c` (PTX ISA
//! 9.7.3.10), and `%nctaid.x` is the grid's width: the stream-K tile loops rely on both.

use ptx_sim::{Arg, Global, Launch, run};

/// Thread `t` of CTA `x` of a grid of `n` writes one word: bit 0 `(t < 2) and (x == 1)`,
/// bit 1 `(t < 2) or (x == 1)`, bit 2 `(t < 2) xor (x == 1)`, and `n` in bits 8 and up.
const KERNEL: &str = r#".version 8.0
.target sm_90a
.address_size 64

.visible .entry k(
	.param .u64 dst
)
{
	.reg .pred %p<4>;
	.reg .b32 %r<6>;
	.reg .b64 %rd<3>;

	ld.param.u64 	%rd0, [dst];
	mov.u32 	%r0, %tid.x;
	mov.u32 	%r1, %ctaid.x;
	mov.u32 	%r5, %nctaid.x;
	setp.eq.u32 	%p0, %r1, 1;
	setp.lt.and.u32 	%p1, %r0, 2, %p0;
	setp.lt.or.u32 	%p2, %r0, 2, %p0;
	setp.lt.xor.u32 	%p3, %r0, 2, %p0;
	selp.b32 	%r2, 1, 0, %p1;
	selp.b32 	%r3, 2, 0, %p2;
	selp.b32 	%r4, 4, 0, %p3;
	or.b32 	%r2, %r2, %r3;
	or.b32 	%r2, %r2, %r4;
	shl.b32 	%r5, %r5, 8;
	or.b32 	%r2, %r2, %r5;
	mad.lo.u32 	%r1, %r1, 4, %r0;
	mul.wide.u32 	%rd1, %r1, 4;
	add.s64 	%rd2, %rd0, %rd1;
	st.global.u32 	[%rd2], %r2;
	ret;
}
"#;

#[test]
fn setp_combines_with_its_predicate_operand() {
    let module = emit_ptx::parse::parse_module(KERNEL).expect("parses");
    let mut g = Global::default();
    let dst = g.alloc(vec![0xff; 2 * 4 * 4]);
    let launch = Launch {
        grid: [2, 1, 1],
        block: [4, 1, 1],
        dynamic_smem: 0,
    };
    run(&module, "k", &launch, &[Arg::U64(dst)], &mut g).unwrap();
    let words = g.words(dst).unwrap();
    let want: Vec<u32> = (0..2u32)
        .flat_map(|x| {
            (0..4u32).map(move |t| {
                let (a, c) = (t < 2, x == 1);
                u32::from(a && c) | u32::from(a || c) << 1 | u32::from(a ^ c) << 2 | 2 << 8
            })
        })
        .collect();
    assert_eq!(words, want);
}
