//! `ld.global.v2.f32` / `st.global.v2.f32` move two registers as one 8-byte access, and an
//! access whose address is not a multiple of its whole size is an error, as on the GPU (PTX
//! ISA 6.4.1): codegen's paired epilogue stores rely on both.

use ptx_sim::{Access, Arg, Global, Launch, SimError, run};

/// Each lane reads pair `l` of `src` with one `ld.v2`, swaps it and stores it to pair `l`
/// of `dst` (at byte offset `shift` past `dst`) with one `st.v2`.
fn kernel(shift: u32) -> String {
    format!(
        r#".version 8.0
.target sm_80
.address_size 64

.visible .entry k(
	.param .u64 src,
	.param .u64 dst
)
{{
	.reg .b32 %r<2>;
	.reg .b64 %rd<6>;
	.reg .f32 %f<2>;

	ld.param.u64 	%rd0, [src];
	ld.param.u64 	%rd1, [dst];
	mov.u32 	%r0, %tid.x;
	mul.wide.u32 	%rd2, %r0, 8;
	add.s64 	%rd3, %rd0, %rd2;
	add.s64 	%rd4, %rd1, %rd2;
	ld.global.v2.f32 	{{%f0, %f1}}, [%rd3];
	st.global.v2.f32 	[%rd4+{shift}], {{%f1, %f0}};
	ret;
}}
"#
    )
}

/// Runs entry `k(src, dst)` of `ptx` on one CTA of `threads` threads, `src` holding
/// `src_bytes` and `dst` `dst_len` bytes of 0xff; returns the result and `dst`.
fn run_src_dst(
    ptx: &str,
    src_bytes: Vec<u8>,
    dst_len: usize,
    threads: u32,
) -> (Result<(), SimError>, Vec<u8>) {
    let module = emit_ptx::parse::parse_module(ptx).expect("parses");
    let mut g = Global::default();
    let src = g.alloc(src_bytes);
    let dst = g.alloc(vec![0xff; dst_len]);
    let launch = Launch {
        grid: [1, 1, 1],
        block: [threads, 1, 1],
        dynamic_smem: 0,
    };
    let res = run(
        &module,
        "k",
        &launch,
        &[Arg::U64(src), Arg::U64(dst)],
        &mut g,
    );
    (res, g.get(dst).unwrap().to_vec())
}

fn launch(shift: u32) -> (Result<(), SimError>, Vec<u8>) {
    let src: Vec<u8> = (0..64u32).flat_map(|x| (x as f32).to_le_bytes()).collect();
    run_src_dst(&kernel(shift), src, 32 * 8 + 8, 32)
}

#[test]
fn v2_moves_both_registers() {
    let (res, out) = launch(0);
    res.expect("runs");
    let f = |i: usize| f32::from_le_bytes(out[4 * i..4 * i + 4].try_into().unwrap());
    for l in 0..32 {
        assert_eq!(f(2 * l), (2 * l + 1) as f32, "lane {l} low");
        assert_eq!(f(2 * l + 1), (2 * l) as f32, "lane {l} high");
    }
}

#[test]
fn v2_at_an_odd_word_is_misaligned() {
    let (res, _) = launch(4);
    assert!(
        matches!(res, Err(SimError::Misaligned(Access { bytes: 8, .. }))),
        "{res:?}"
    );
}

/// `cp.async` with a source size below the copy size reads only the source bytes and
/// zero-fills the rest; both addresses are aligned to the copy size, not the source size
/// (PTX ISA `cp.async`, and 6.4.1 "Addresses as Operands").
#[test]
fn cp_async_partial_source_is_aligned_to_the_copy_size() {
    const PTX: &str = r#".version 8.0
.target sm_80
.address_size 64

.visible .entry k(
	.param .u64 src,
	.param .u64 dst
)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.shared .align 16 .b8 buf[16];

	ld.param.u64 	%rd0, [src];
	ld.param.u64 	%rd1, [dst];
	mov.u32 	%r0, buf;
	cp.async.cg.shared.global 	[%r0], [%rd0+16], 16, 12;
	cp.async.wait_all;
	ld.shared.b32 	%r1, [%r0+8];
	ld.shared.b32 	%r2, [%r0+12];
	st.global.b32 	[%rd1], %r1;
	st.global.b32 	[%rd1+4], %r2;
	ret;
}
"#;
    let (res, out) = run_src_dst(PTX, (0..32u8).collect(), 8, 1);
    res.expect("runs");
    assert_eq!(
        &out[..4],
        &[24, 25, 26, 27],
        "bytes 8..12 of the source row"
    );
    assert_eq!(&out[4..], &[0, 0, 0, 0], "zero fill past the source size");
}
