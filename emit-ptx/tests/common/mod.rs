//! Hand-built kernels shared by the tests: small but real PTX that ptxas must accept.

#![allow(dead_code)]

use emit_ptx::{
    Entry, Guard, Instr, Module, Op, Operand, Param, ParamType, Reg, RegClass, Shared, Stmt,
};

fn r(n: u32) -> Operand {
    Operand::reg(RegClass::B32, n)
}
fn rd(n: u32) -> Operand {
    Operand::reg(RegClass::B64, n)
}
fn f(n: u32) -> Operand {
    Operand::reg(RegClass::F32, n)
}
fn p(n: u32) -> Reg {
    Reg::new(RegClass::Pred, n)
}
fn i(op: Op, mods: &[&str], ops: Vec<Operand>) -> Stmt {
    Stmt::Instr(Instr::new(op, mods, ops))
}
fn fv(ns: &[u32]) -> Operand {
    Operand::vec_of(ns.iter().map(|&n| Reg::new(RegClass::F32, n)))
}
fn rv(ns: &[u32]) -> Operand {
    Operand::vec_of(ns.iter().map(|&n| Reg::new(RegClass::B32, n)))
}

/// One warp computes a 16x8 tile `C = A * Bt^T` with `mma.sync.m16n8k8` tf32, looping over `K`
/// in steps of 8 (A is 16 x K row-major, Bt is 8 x K row-major, C is 16 x 8 row-major), then
/// stages the accumulators through shared memory so every lane stores one `v4.f32`.
pub fn mma_tf32_entry() -> Entry {
    let mut e = Entry::new("mma_tf32_16x8");
    e.params = vec![
        Param::new(ParamType::U64, "a"),
        Param::new(ParamType::U64, "bt"),
        Param::new(ParamType::U64, "c"),
        Param::new(ParamType::U32, "k"),
    ];
    e.max_ntid = Some(32);
    e.min_ctas_per_sm = Some(1);
    e.shared = vec![Shared {
        name: "tile".into(),
        align: 16,
        bytes: 512,
    }];
    let mut b = vec![
        Stmt::Comment("parameters".into()),
        i(
            Op::Ld,
            &["param", "u64"],
            vec![rd(1), Operand::addr(Operand::sym("a"), 0)],
        ),
        i(
            Op::Ld,
            &["param", "u64"],
            vec![rd(2), Operand::addr(Operand::sym("bt"), 0)],
        ),
        i(
            Op::Ld,
            &["param", "u64"],
            vec![rd(3), Operand::addr(Operand::sym("c"), 0)],
        ),
        i(
            Op::Ld,
            &["param", "u32"],
            vec![r(1), Operand::addr(Operand::sym("k"), 0)],
        ),
        i(Op::Cvta, &["to", "global", "u64"], vec![rd(1), rd(1)]),
        i(Op::Cvta, &["to", "global", "u64"], vec![rd(2), rd(2)]),
        i(Op::Cvta, &["to", "global", "u64"], vec![rd(3), rd(3)]),
        Stmt::Comment("lane = tid % 32, g = lane / 4, t = lane % 4".into()),
        i(Op::Mov, &["u32"], vec![r(2), Operand::special("tid.x")]),
        i(Op::And, &["b32"], vec![r(3), r(2), Operand::Imm(31)]),
        i(Op::Shr, &["u32"], vec![r(4), r(3), Operand::Imm(2)]),
        i(Op::And, &["b32"], vec![r(5), r(3), Operand::Imm(3)]),
        i(Op::Mad, &["lo", "s32"], vec![r(6), r(4), r(1), r(5)]),
        i(
            Op::Mul,
            &["wide", "u32"],
            vec![rd(4), r(6), Operand::Imm(4)],
        ),
        i(Op::Add, &["s64"], vec![rd(5), rd(2), rd(4)]),
        i(Op::Add, &["s64"], vec![rd(4), rd(1), rd(4)]),
        i(Op::Shl, &["b32"], vec![r(7), r(1), Operand::Imm(5)]),
        i(Op::Cvt, &["u64", "u32"], vec![rd(6), r(7)]),
        i(Op::Add, &["s64"], vec![rd(6), rd(4), rd(6)]),
    ];
    for n in 1..=4 {
        b.push(i(Op::Mov, &["f32"], vec![f(n), Operand::f32(0.0)]));
    }
    b.push(i(Op::Mov, &["u32"], vec![r(8), Operand::Imm(0)]));
    b.push(Stmt::Label("LOOP".into()));
    b.extend([
        i(
            Op::Ld,
            &["global", "f32"],
            vec![f(5), Operand::addr(RegB64(4), 0)],
        ),
        i(
            Op::Ld,
            &["global", "f32"],
            vec![f(6), Operand::addr(RegB64(6), 0)],
        ),
        i(
            Op::Ld,
            &["global", "f32"],
            vec![f(7), Operand::addr(RegB64(4), 16)],
        ),
        i(
            Op::Ld,
            &["global", "f32"],
            vec![f(8), Operand::addr(RegB64(6), 16)],
        ),
        i(
            Op::Ld,
            &["global", "f32"],
            vec![f(9), Operand::addr(RegB64(5), 0)],
        ),
        i(
            Op::Ld,
            &["global", "f32"],
            vec![f(10), Operand::addr(RegB64(5), 16)],
        ),
    ]);
    for n in 0..6 {
        b.push(i(
            Op::Cvt,
            &["rna", "tf32", "f32"],
            vec![r(9 + n), f(5 + n)],
        ));
    }
    b.push(i(
        Op::Mma,
        &[
            "sync", "aligned", "m16n8k8", "row", "col", "f32", "tf32", "tf32", "f32",
        ],
        vec![
            fv(&[1, 2, 3, 4]),
            rv(&[9, 10, 11, 12]),
            rv(&[13, 14]),
            fv(&[1, 2, 3, 4]),
        ],
    ));
    for n in 4..=6 {
        b.push(i(Op::Add, &["s64"], vec![rd(n), rd(n), Operand::Imm(32)]));
    }
    b.extend([
        i(Op::Add, &["s32"], vec![r(8), r(8), Operand::Imm(8)]),
        i(
            Op::Setp,
            &["lt", "u32"],
            vec![Operand::Reg(p(1)), r(8), r(1)],
        ),
        Stmt::Instr(
            Instr::new(Op::Bra, &[], vec![Operand::sym("LOOP")]).guarded(Guard::when(p(1))),
        ),
        Stmt::Comment(
            "stage D through shared memory: row g at (g*8 + 2t)*4, row g+8 at +256".into(),
        ),
        i(Op::Shl, &["b32"], vec![r(15), r(4), Operand::Imm(3)]),
        i(Op::Shl, &["b32"], vec![r(16), r(5), Operand::Imm(1)]),
        i(Op::Add, &["s32"], vec![r(15), r(15), r(16)]),
        i(Op::Shl, &["b32"], vec![r(15), r(15), Operand::Imm(2)]),
        i(Op::Mov, &["u32"], vec![r(17), Operand::sym("tile")]),
        i(Op::Add, &["s32"], vec![r(17), r(17), r(15)]),
        i(
            Op::St,
            &["shared", "v2", "f32"],
            vec![Operand::addr(RegB32(17), 0), fv(&[1, 2])],
        ),
        i(
            Op::St,
            &["shared", "v2", "f32"],
            vec![Operand::addr(RegB32(17), 256), fv(&[3, 4])],
        ),
        i(Op::Bar, &["sync"], vec![Operand::Imm(0)]),
        i(Op::Shl, &["b32"], vec![r(18), r(3), Operand::Imm(4)]),
        i(Op::Mov, &["u32"], vec![r(19), Operand::sym("tile")]),
        i(Op::Add, &["s32"], vec![r(19), r(19), r(18)]),
        i(
            Op::Ld,
            &["shared", "v4", "f32"],
            vec![fv(&[11, 12, 13, 14]), Operand::addr(RegB32(19), 0)],
        ),
        i(Op::Cvt, &["u64", "u32"], vec![rd(7), r(18)]),
        i(Op::Add, &["s64"], vec![rd(7), rd(3), rd(7)]),
        i(
            Op::St,
            &["global", "v4", "f32"],
            vec![Operand::addr(RegB64(7), 0), fv(&[11, 12, 13, 14])],
        ),
        i(Op::Ret, &[], vec![]),
    ]);
    e.body = b;
    e.declare_used_regs();
    e
}

#[allow(non_snake_case)]
fn RegB64(n: u32) -> Reg {
    Reg::new(RegClass::B64, n)
}
#[allow(non_snake_case)]
fn RegB32(n: u32) -> Reg {
    Reg::new(RegClass::B32, n)
}

/// `c[i] = a[i] + b[i]` for `i < n`, one element per thread, with a guarded early exit.
pub fn vector_add_entry() -> Entry {
    let mut e = Entry::new("vector_add");
    e.params = vec![
        Param::new(ParamType::U64, "a"),
        Param::new(ParamType::U64, "b"),
        Param::new(ParamType::U64, "c"),
        Param::new(ParamType::U32, "n"),
        Param::new(ParamType::F32, "alpha"),
    ];
    e.max_ntid = Some(256);
    e.body = vec![
        i(Op::Mov, &["u32"], vec![r(1), Operand::special("ctaid.x")]),
        i(Op::Mov, &["u32"], vec![r(2), Operand::special("ntid.x")]),
        i(Op::Mov, &["u32"], vec![r(3), Operand::special("tid.x")]),
        i(Op::Mad, &["lo", "s32"], vec![r(4), r(1), r(2), r(3)]),
        i(
            Op::Ld,
            &["param", "u32"],
            vec![r(5), Operand::addr(Operand::sym("n"), 0)],
        ),
        i(
            Op::Setp,
            &["ge", "u32"],
            vec![Operand::Reg(p(1)), r(4), r(5)],
        ),
        Stmt::Instr(
            Instr::new(Op::Bra, &["uni"], vec![Operand::sym("DONE")]).guarded(Guard::when(p(1))),
        ),
        i(
            Op::Ld,
            &["param", "u64"],
            vec![rd(1), Operand::addr(Operand::sym("a"), 0)],
        ),
        i(
            Op::Ld,
            &["param", "u64"],
            vec![rd(2), Operand::addr(Operand::sym("b"), 0)],
        ),
        i(
            Op::Ld,
            &["param", "u64"],
            vec![rd(3), Operand::addr(Operand::sym("c"), 0)],
        ),
        i(
            Op::Ld,
            &["param", "f32"],
            vec![f(4), Operand::addr(Operand::sym("alpha"), 0)],
        ),
        i(Op::Cvta, &["to", "global", "u64"], vec![rd(1), rd(1)]),
        i(Op::Cvta, &["to", "global", "u64"], vec![rd(2), rd(2)]),
        i(Op::Cvta, &["to", "global", "u64"], vec![rd(3), rd(3)]),
        i(
            Op::Mul,
            &["wide", "u32"],
            vec![rd(4), r(4), Operand::Imm(4)],
        ),
        i(Op::Add, &["s64"], vec![rd(1), rd(1), rd(4)]),
        i(Op::Add, &["s64"], vec![rd(2), rd(2), rd(4)]),
        i(Op::Add, &["s64"], vec![rd(3), rd(3), rd(4)]),
        i(
            Op::Ld,
            &["global", "nc", "f32"],
            vec![f(1), Operand::addr(RegB64(1), 0)],
        ),
        i(
            Op::Ld,
            &["global", "nc", "f32"],
            vec![f(2), Operand::addr(RegB64(2), 0)],
        ),
        Stmt::Comment("c = alpha * a + b, then + 1.0".into()),
        i(Op::Fma, &["rn", "f32"], vec![f(3), f(4), f(1), f(2)]),
        i(Op::Add, &["f32"], vec![f(3), f(3), Operand::f32(1.0)]),
        i(
            Op::St,
            &["global", "f32"],
            vec![Operand::addr(RegB64(3), 0), f(3)],
        ),
        Stmt::Label("DONE".into()),
        i(Op::Ret, &[], vec![]),
    ];
    e.declare_used_regs();
    e
}

/// Both kernels in one module for `sm` at `version`.
pub fn kernels(sm: &str, version: (u32, u32)) -> Module {
    Module {
        version,
        target: sm.to_string(),
        consts: vec![],
        entries: vec![mma_tf32_entry(), vector_add_entry()],
    }
}
