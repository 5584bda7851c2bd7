//! `parse_module(&print_module(m)) == m`: hand-built modules covering every opcode, operand
//! kind, guard, label, comment, parameter type and register class; the exact printed text of a
//! small module; random modules (proptest); parse errors with their line; no panics on
//! malformed text.

mod common;

use emit_ptx::{
    ConstArray, Entry, Guard, Instr, Module, Op, Operand, Param, ParamType, Reg, RegClass, Shared,
    Stmt, parse_module, print_module, validate_module,
};
use proptest::prelude::*;

fn round_trip(m: &Module) {
    validate_module(m).unwrap();
    let text = print_module(m);
    let back = match parse_module(&text) {
        Ok(b) => b,
        Err(e) => panic!("{e}\n--- text ---\n{text}"),
    };
    assert_eq!(&back, m, "\n--- text ---\n{text}");
    assert_eq!(print_module(&back), text);
}

fn reg(class: RegClass, n: u32) -> Operand {
    Operand::reg(class, n)
}

/// One entry that holds every opcode, every operand kind, both guards, labels and comments,
/// every parameter type and register class, and two shared arrays.
fn everything() -> Module {
    let mut e = Entry::new("everything");
    e.params = vec![
        Param::new(ParamType::U64, "ptr"),
        Param::new(ParamType::U32, "n"),
        Param::new(ParamType::F32, "alpha"),
    ];
    e.max_ntid = Some(128);
    e.min_ctas_per_sm = Some(2);
    e.shared = vec![
        Shared {
            name: "smem_a".into(),
            align: 16,
            bytes: 4096,
        },
        Shared {
            name: "$smem_b".into(),
            align: 128,
            bytes: 1,
        },
    ];
    let p = Reg::new(RegClass::Pred, 1);
    let mut body = vec![
        Stmt::Comment("every opcode".into()),
        Stmt::Comment(String::new()),
        Stmt::Comment("  leading spaces, trailing space, // and {[;,]} ".into()),
        Stmt::Label("$L__BB0_1".into()),
    ];
    for (k, op) in Op::ALL.iter().enumerate() {
        let k = k as u32;
        let mods: Vec<&str> = match k % 3 {
            0 => vec![],
            1 => vec!["u32"],
            _ => vec![
                "sync", "aligned", "m16n8k8", "row", "col", "f32", "tf32", "tf32", "f32",
            ],
        };
        let ops = match k % 5 {
            0 => vec![],
            1 => vec![reg(RegClass::B32, k)],
            2 => vec![
                reg(RegClass::F32, k),
                reg(RegClass::F32, 0),
                Operand::f32(-1.5),
            ],
            3 => vec![
                reg(RegClass::B64, k),
                Operand::addr(Reg::new(RegClass::B64, 2), -16),
            ],
            _ => vec![
                Operand::addr(Operand::sym("smem_a"), 8),
                Operand::vec_of([Reg::new(RegClass::B32, 1), Reg::new(RegClass::B32, 2)]),
            ],
        };
        let mut ins = Instr::new(*op, &mods, ops);
        ins.guard = match k % 4 {
            0 => None,
            1 => Some(Guard::when(p)),
            2 => Some(Guard::unless(p)),
            _ => Some(Guard::when(Reg::new(RegClass::Pred, 0))),
        };
        body.push(Stmt::Instr(ins));
    }
    body.extend([
        Stmt::Label("operands".into()),
        Stmt::Instr(Instr::new(
            Op::Mov,
            &["b16"],
            vec![reg(RegClass::B16, 3), Operand::Imm(-32768)],
        )),
        Stmt::Instr(Instr::new(
            Op::Mov,
            &["f64"],
            vec![reg(RegClass::F64, 1), reg(RegClass::F64, 0)],
        )),
        Stmt::Instr(Instr::new(
            Op::Mov,
            &["u32"],
            vec![reg(RegClass::B32, 1), Operand::special("tid.x")],
        )),
        Stmt::Instr(Instr::new(
            Op::Mov,
            &["u32"],
            vec![reg(RegClass::B32, 1), Operand::special("laneid")],
        )),
        Stmt::Instr(Instr::new(
            Op::Mov,
            &["u64"],
            vec![reg(RegClass::B64, 1), Operand::Imm(i64::MIN)],
        )),
        Stmt::Instr(Instr::new(
            Op::Mov,
            &["u64"],
            vec![reg(RegClass::B64, 1), Operand::Imm(i64::MAX)],
        )),
        Stmt::Instr(Instr::new(
            Op::Mov,
            &["f32"],
            vec![reg(RegClass::F32, 1), Operand::F32(0xFFFF_FFFF)],
        )),
        Stmt::Instr(Instr::new(
            Op::Mov,
            &["f32"],
            vec![reg(RegClass::F32, 1), Operand::F32(0)],
        )),
        Stmt::Instr(Instr::new(
            Op::Ld,
            &["param", "u64"],
            vec![reg(RegClass::B64, 1), Operand::addr(Operand::sym("ptr"), 0)],
        )),
        Stmt::Instr(Instr::new(
            Op::Ld,
            &["global", "v4", "f32"],
            vec![
                Operand::vec_of((0..4).map(|n| Reg::new(RegClass::F32, n))),
                Operand::addr(Reg::new(RegClass::B64, 1), i64::MIN),
            ],
        )),
        Stmt::Instr(Instr::new(
            Op::St,
            &["global", "u32"],
            vec![
                Operand::addr(Reg::new(RegClass::B64, 1), i64::MAX),
                Operand::Imm(0),
            ],
        )),
        Stmt::Instr(Instr::new(
            Op::St,
            &["shared", "u32"],
            vec![Operand::addr(Operand::Imm(64), 4), Operand::Imm(-1)],
        )),
        Stmt::Instr(Instr::new(
            Op::Shfl,
            &["sync", "bfly", "b32"],
            vec![
                Operand::Vec(vec![reg(RegClass::B32, 1), Operand::sym("_")]),
                reg(RegClass::B32, 2),
                Operand::Imm(1),
                Operand::Imm(31),
                Operand::Imm(0xFFFF_FFFF),
            ],
        )),
        Stmt::Instr(Instr::new(
            Op::CpAsync,
            &["cg", "shared", "global", "L2::128B"],
            vec![
                Operand::addr(Reg::new(RegClass::B32, 3), 0),
                Operand::addr(Reg::new(RegClass::B64, 1), 0),
                Operand::Imm(16),
            ],
        )),
        Stmt::Instr(Instr::new(Op::CpAsync, &["commit_group"], vec![])),
        Stmt::Instr(Instr::new(
            Op::CpAsync,
            &["wait_group"],
            vec![Operand::Imm(0)],
        )),
        Stmt::Instr(
            Instr::new(Op::Bra, &["uni"], vec![Operand::sym("operands")]).guarded(Guard::unless(p)),
        ),
        Stmt::Instr(Instr::new(
            Op::Mov,
            &["u32"],
            vec![
                reg(RegClass::B32, 1),
                Operand::Vec(vec![
                    Operand::Imm(1),
                    Operand::F32(7),
                    Operand::sym("%ctaid.y"),
                ]),
            ],
        )),
        Stmt::Instr(Instr::new(
            Op::Mov,
            &["u32"],
            vec![reg(RegClass::B32, 1), Operand::Vec(vec![])],
        )),
        Stmt::Label("ret".into()),
        Stmt::Instr(Instr::new(Op::Ret, &[], vec![])),
    ]);
    e.body = body;
    e.declare_used_regs();
    assert_eq!(e.regs.len(), 6, "every register class is used");
    // Declaration order need not be RegClass::ALL order.
    e.regs.reverse();
    let empty = Entry::new("empty");
    let mut only_params = Entry::new("only_params");
    only_params.params = vec![Param::new(ParamType::U32, "x")];
    only_params.max_ntid = Some(1024);
    Module {
        version: (8, 8),
        target: "sm_103a".into(),
        consts: vec![
            ConstArray {
                name: "order".into(),
                values: vec![0, 1, 65535],
            },
            ConstArray {
                name: "one".into(),
                values: vec![7],
            },
        ],
        entries: vec![e, empty, only_params],
    }
}

#[test]
fn everything_round_trips() {
    let m = everything();
    round_trip(&m);
    let text = print_module(&m);
    // Spot checks of the spellings the brief asks for.
    for needle in [
        ".version 8.8\n.target sm_103a\n.address_size 64\n",
        ".visible .entry everything(\n\t.param .u64 ptr,\n\t.param .u32 n,\n\t.param .f32 alpha\n)\n.maxntid 128, 1, 1\n.minnctapersm 2\n{\n",
        "\t.reg .f64 %fd<2>;\n",
        "\t.reg .pred %p<2>;\n",
        "\t.shared .align 16 .b8 smem_a[4096];\n",
        "\n$L__BB0_1:\n",
        "[%rd2-16]",
        "[smem_a+8]",
        "[%rd1-9223372036854775808]",
        "[64+4]",
        "0fBFC00000",
        "{%r1, %r2}",
        "\t@!%p1 bra.uni operands;\n",
        "\tcp.async.cg.shared.global.L2::128B [%r3], [%rd1], 16;\n",
        "\tmov.u32 %r1, %tid.x;\n",
        "\t// every opcode\n\t// \n",
        ".visible .entry empty()\n{\n}\n",
        "\tret;\n}\n",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}

#[test]
fn real_kernels_round_trip() {
    for t in emit_ptx::TARGETS {
        round_trip(&common::kernels(t.sm, t.min_version));
    }
}

#[test]
fn exact_text_of_a_small_module() {
    let mut e = Entry::new("k");
    e.params = vec![Param::new(ParamType::U64, "out")];
    e.max_ntid = Some(32);
    e.regs = vec![
        (RegClass::Pred, 2),
        (RegClass::B32, 4),
        (RegClass::B64, 2),
        (RegClass::F32, 0),
    ];
    e.shared = vec![Shared {
        name: "buf".into(),
        align: 16,
        bytes: 256,
    }];
    let p1 = Reg::new(RegClass::Pred, 1);
    e.body = vec![
        Stmt::Comment("store 1.0".into()),
        Instr::new(
            Op::Ld,
            &["param", "u64"],
            vec![reg(RegClass::B64, 1), Operand::addr(Operand::sym("out"), 0)],
        )
        .into(),
        Instr::new(
            Op::Mov,
            &["u32"],
            vec![reg(RegClass::B32, 1), Operand::special("tid.x")],
        )
        .into(),
        Instr::new(
            Op::Setp,
            &["eq", "u32"],
            vec![Operand::Reg(p1), reg(RegClass::B32, 1), Operand::Imm(0)],
        )
        .into(),
        Instr::new(Op::Bra, &[], vec![Operand::sym("DONE")])
            .guarded(Guard::unless(p1))
            .into(),
        Instr::new(
            Op::St,
            &["global", "f32"],
            vec![
                Operand::addr(Reg::new(RegClass::B64, 1), -4),
                Operand::f32(1.0),
            ],
        )
        .into(),
        Stmt::Label("DONE".into()),
        Instr::new(Op::Ret, &[], vec![]).into(),
    ];
    let m = Module {
        version: (8, 0),
        target: "sm_90a".into(),
        consts: vec![],
        entries: vec![e],
    };
    let expected = "\
.version 8.0
.target sm_90a
.address_size 64

.visible .entry k(
\t.param .u64 out
)
.maxntid 32, 1, 1
{
\t.reg .pred %p<2>;
\t.reg .b32 %r<4>;
\t.reg .b64 %rd<2>;
\t.shared .align 16 .b8 buf[256];

\t// store 1.0
\tld.param.u64 %rd1, [out];
\tmov.u32 %r1, %tid.x;
\tsetp.eq.u32 %p1, %r1, 0;
\t@!%p1 bra DONE;
\tst.global.f32 [%rd1-4], 0f3F800000;
DONE:
\tret;
}
";
    assert_eq!(print_module(&m), expected);
    // The zero-count class is not printed, so it does not come back; validation says why.
    let back = parse_module(expected).unwrap();
    assert_eq!(
        back.entries[0].regs,
        vec![(RegClass::Pred, 2), (RegClass::B32, 4), (RegClass::B64, 2)]
    );
    let err = validate_module(&m).unwrap_err();
    assert!(err.message.contains("count 0"), "{err}");
}

#[test]
fn parser_is_lenient_about_layout() {
    let text = "// leading comment\n.version 7.8\r\n.target  sm_89 // trailing\n.address_size\t64\n\
                .entry k ( .param .u32 n , .param .u64 p ) .maxntid 64 , 1 , 1\n{ .reg .b32 %r<3>;\
                mov.u32 %r1,%r2; // after\n  add.s32 %r1 , %r1 , 0x10 ;\nL: ld.global.f32 %r2, [ %r1 + -8 ];\
                st.global.v2.f32 [%r1+0X1f], { %r1 , %r2 } ; mov.f32 %r1, 0f3f800000; }";
    let m = parse_module(text).unwrap();
    assert_eq!(m.version, (7, 8));
    let e = &m.entries[0];
    assert_eq!(e.params.len(), 2);
    assert_eq!(e.max_ntid, Some(64));
    let b = &e.body;
    assert_eq!(b[1], Stmt::Comment("after".into()));
    let Stmt::Instr(add) = &b[2] else { panic!() };
    assert_eq!(add.operands[2], Operand::Imm(16));
    assert_eq!(b[3], Stmt::Label("L".into()));
    let Stmt::Instr(ld) = &b[4] else { panic!() };
    assert_eq!(
        ld.operands[1],
        Operand::addr(Reg::new(RegClass::B32, 1), -8)
    );
    let Stmt::Instr(st) = &b[5] else { panic!() };
    assert_eq!(
        st.operands[0],
        Operand::addr(Reg::new(RegClass::B32, 1), 31)
    );
    let Stmt::Instr(mov) = &b[6] else { panic!() };
    assert_eq!(mov.operands[1], Operand::f32(1.0));
}

#[test]
fn parse_errors_name_their_line() {
    let good = print_module(&common::kernels("sm_80", (7, 0)));
    let cases: &[(&str, &str, &str)] = &[
        (
            "ld.param.u64 %rd1, [a];",
            "ldx.param.u64 %rd1, [a];",
            "unknown opcode `ldx.param.u64`",
        ),
        (
            "ld.param.u64 %rd1, [a];",
            "ld.param.u64 %rd1, [a]",
            "expected `,` or `;`",
        ),
        (
            "ld.param.u64 %rd1, [a];",
            "ld.param.u64 %rd1, [a+];",
            "expected an offset",
        ),
        (
            "ld.param.u64 %rd1, [a];",
            "ld.param.u64 %rd1, {a;",
            "expected `,` or `}`",
        ),
        (
            "ld.param.u64 %rd1, [a];",
            "ld.param..u64 %rd1, [a];",
            "empty modifier",
        ),
        (
            "ld.param.u64 %rd1, [a];",
            "ld.param.u64 %rd1, 0f3F80;",
            "exactly 8 hex digits",
        ),
        (
            "ld.param.u64 %rd1, [a];",
            "ld.param.u64 %rd1, 99999999999999999999;",
            "does not fit 64 bits",
        ),
        (
            "ld.param.u64 %rd1, [a];",
            "ld.param.u64 %rd99999999999, [a];",
            "does not fit 32 bits",
        ),
        (
            "ld.param.u64 %rd1, [a];",
            "@%r1 ld.param.u64 %rd1, [a];",
            "",
        ),
        (
            "ld.param.u64 %rd1, [a];",
            "@ ld.param.u64 %rd1, [a];",
            "predicate register",
        ),
        (
            ".maxntid 32, 1, 1",
            ".maxntid 32, 2, 1",
            "only `.maxntid X, 1, 1`",
        ),
        (".reg .b32 %r<", ".reg .b32 %f<", "does not match type .b32"),
        (
            ".reg .b32 %r<",
            ".reg .b31 %r<",
            "unknown register type .b31",
        ),
        (
            ".param .u32 k",
            ".param .s32 k",
            "expected a parameter type",
        ),
        (".target sm_80", ".target", "expected a space after .target"),
        (
            ".shared .align 16",
            ".shared .align x16",
            "expected an alignment",
        ),
    ];
    for (from, to, msg) in cases {
        let line = good.lines().position(|l| l.contains(from)).unwrap() + 1;
        let bad = good.replacen(from, to, 1);
        if msg.is_empty() {
            // A non-predicate guard parses; validation rejects it.
            let m = parse_module(&bad).unwrap();
            assert!(
                validate_module(&m)
                    .unwrap_err()
                    .message
                    .contains("not a predicate")
            );
            continue;
        }
        let err = parse_module(&bad).unwrap_err();
        assert_eq!(err.line, line, "{to}: {err}");
        assert!(err.message.contains(msg), "{to}: {err}");
        assert!(err.to_string().contains(&format!("line {line}")), "{err}");
    }
    let err = parse_module(&good[..good.len() - 3]).unwrap_err();
    assert!(err.message.contains("expected `}`"), "{err}");
    let err = parse_module("").unwrap_err();
    assert_eq!((err.line, err.column), (1, 1));
    assert!(err.message.contains(".version"), "{err}");
}

#[test]
fn const_arrays_print_parse_and_validate() {
    let mut m = common::kernels("sm_90a", (8, 0));
    m.consts = vec![ConstArray {
        name: "mosaic_cluster_order".into(),
        values: vec![0, 2, 1],
    }];
    let text = print_module(&m);
    assert!(
        text.contains(".const .align 2 .u16 mosaic_cluster_order[3] = {0, 2, 1};"),
        "{text}"
    );
    assert_eq!(parse_module(&text).unwrap(), m);
    validate_module(&m).unwrap();
    let cases: &[(&str, &str)] = &[
        ("[3] = {0, 2, 1}", "expected as many values"),
        ("{0, 2, 1}", "expected `}`"),
        ("= {0, 2, 1}", "a value below 65536"),
    ];
    let bad = [
        text.replace("[3] = {0, 2, 1}", "[4] = {0, 2, 1}"),
        text.replace("{0, 2, 1}", "{0, 2 1}"),
        text.replace("= {0, 2, 1}", "= {0, 2, 65536}"),
    ];
    for ((_, msg), bad) in cases.iter().zip(bad) {
        let err = parse_module(&bad).unwrap_err();
        assert!(err.message.contains(msg), "{bad}: {err}");
        assert_eq!(err.line, 4, "{err}");
    }
    let twice = ConstArray {
        name: "mosaic_cluster_order".into(),
        values: vec![5],
    };
    m.consts.push(twice);
    assert!(
        validate_module(&m)
            .unwrap_err()
            .message
            .contains("declared twice")
    );
    m.consts = vec![ConstArray {
        name: "empty".into(),
        values: vec![],
    }];
    assert!(
        validate_module(&m)
            .unwrap_err()
            .message
            .contains("no values")
    );
    let message = |consts: Vec<ConstArray>, m: &mut Module| {
        m.consts = consts;
        validate_module(m).unwrap_err().message
    };
    let one = |name: &str, values: Vec<u16>| ConstArray {
        name: name.into(),
        values,
    };
    for name in ["%order", "a.b"] {
        assert!(message(vec![one(name, vec![1])], &mut m).contains("bad name"));
    }
    let entry = m.entries[0].name.clone();
    assert!(message(vec![one(&entry, vec![1])], &mut m).contains("named like"));
    let big = one("big", vec![0; 32 * 1024 + 1]);
    assert!(message(vec![big], &mut m).contains("bytes of constant"));
}

#[test]
fn no_panic_on_any_prefix_or_byte_edit() {
    let good = print_module(&everything());
    let mut cut = 0;
    for (k, _) in good.char_indices() {
        if parse_module(&good[..k]).is_err() {
            cut += 1;
        }
    }
    assert!(cut > good.len() / 2);
    let bytes = good.as_bytes();
    for k in (0..bytes.len()).step_by(7) {
        for replacement in [
            b' ', b'\n', b'%', b'[', b'{', b';', b',', b'.', b'0', b'@', b'/',
        ] {
            let mut b = bytes.to_vec();
            b[k] = replacement;
            if let Ok(s) = String::from_utf8(b) {
                let _ = parse_module(&s);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Random modules
// ---------------------------------------------------------------------------------------------

fn ident() -> impl Strategy<Value = String> {
    "[A-Za-z_$][A-Za-z0-9_$]{0,7}"
}

fn symbol() -> impl Strategy<Value = String> {
    prop_oneof![
        ident(),
        // Special registers: `%` and letters (never `%r3`-like), optional `.x` components.
        (
            "[a-z_]{1,6}",
            proptest::collection::vec("[a-z0-9_]{1,3}", 0..3)
        )
            .prop_map(|(h, parts)| {
                let mut s = format!("%{h}");
                for p in parts {
                    s.push('.');
                    s.push_str(&p);
                }
                s
            }),
    ]
}

fn class() -> impl Strategy<Value = RegClass> {
    proptest::sample::select(RegClass::ALL.to_vec())
}

fn a_reg() -> impl Strategy<Value = Reg> {
    (class(), 0u32..40).prop_map(|(c, n)| Reg::new(c, n))
}

fn scalar() -> impl Strategy<Value = Operand> {
    prop_oneof![
        a_reg().prop_map(Operand::Reg),
        any::<i64>().prop_map(Operand::Imm),
        (-100i64..100).prop_map(Operand::Imm),
        any::<u32>().prop_map(Operand::F32),
        symbol().prop_map(Operand::Sym),
    ]
}

fn operand() -> impl Strategy<Value = Operand> {
    let base = prop_oneof![
        a_reg().prop_map(Operand::Reg),
        symbol().prop_map(Operand::Sym),
        (-1000i64..1000).prop_map(Operand::Imm),
    ];
    let offset = prop_oneof![Just(0i64), -64i64..64, any::<i64>()];
    prop_oneof![
        3 => scalar(),
        1 => (base, offset).prop_map(|(b, o)| Operand::Addr { base: Box::new(b), offset: o }),
        1 => proptest::collection::vec(scalar(), 0..5).prop_map(Operand::Vec),
    ]
}

fn instr() -> impl Strategy<Value = Instr> {
    (
        proptest::sample::select(Op::ALL.to_vec()),
        proptest::collection::vec("[a-z0-9_:]{1,6}", 0..5),
        proptest::collection::vec(operand(), 0..5),
        proptest::option::of((0u32..8, any::<bool>())),
    )
        .prop_map(|(op, mods, operands, guard)| Instr {
            guard: guard.map(|(n, negated)| Guard {
                pred: Reg::new(RegClass::Pred, n),
                negated,
            }),
            op,
            mods,
            operands,
        })
}

fn stmt() -> impl Strategy<Value = Stmt> {
    prop_oneof![
        6 => instr().prop_map(Stmt::Instr),
        1 => "[^\n\r]{0,20}".prop_map(Stmt::Comment),
    ]
}

fn entry() -> impl Strategy<Value = Entry> {
    (
        ident(),
        proptest::collection::vec(
            (
                proptest::sample::select(vec![ParamType::U64, ParamType::U32, ParamType::F32]),
                ident(),
            ),
            0..4,
        ),
        proptest::option::of(1u32..1025),
        proptest::option::of(1u32..9),
        proptest::collection::vec((ident(), 0u32..8, 1u32..65536), 0..3),
        proptest::collection::vec(stmt(), 0..16),
        proptest::collection::vec(ident(), 0..4),
        0usize..6,
        0u32..3,
    )
        .prop_map(
            |(name, params, max_ntid, min_ctas, shared, mut body, labels, rot, extra)| {
                // Labels at distinct positions, unique names.
                let mut seen = std::collections::BTreeSet::new();
                for (k, l) in labels.into_iter().enumerate() {
                    if seen.insert(l.clone()) {
                        let at = (k * 5) % (body.len() + 1);
                        body.insert(at, Stmt::Label(l));
                    }
                }
                let mut e = Entry::new(name);
                e.params = params.into_iter().map(|(t, n)| Param::new(t, n)).collect();
                e.max_ntid = max_ntid;
                e.min_ctas_per_sm = min_ctas;
                e.shared = shared
                    .into_iter()
                    .map(|(name, a, bytes)| Shared {
                        name,
                        align: 1 << a,
                        bytes,
                    })
                    .collect();
                e.body = body;
                e.declare_used_regs();
                for r in &mut e.regs {
                    r.1 += extra;
                }
                let len = e.regs.len().max(1);
                e.regs.rotate_left(rot % len);
                e
            },
        )
}

fn module() -> impl Strategy<Value = Module> {
    (
        (1u32..10, 0u32..10),
        proptest::sample::select(emit_ptx::TARGETS.iter().map(|t| t.sm).collect::<Vec<_>>()),
        proptest::collection::vec(entry(), 0..3),
        proptest::collection::vec(proptest::collection::vec(any::<u16>(), 1..6), 0..3),
    )
        .prop_map(|(version, target, entries, tables)| Module {
            version,
            target: target.into(),
            consts: tables
                .into_iter()
                .enumerate()
                .map(|(i, values)| ConstArray {
                    name: format!("const_table_{i}"), // longer than any ident(): no clash
                    values,
                })
                .collect(),
            entries,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_modules_round_trip(m in module()) {
        prop_assert!(validate_module(&m).is_ok(), "{:?}", validate_module(&m));
        let text = print_module(&m);
        let back = parse_module(&text);
        prop_assert!(back.is_ok(), "{:?}\n{}", back, text);
        prop_assert_eq!(back.unwrap(), m, "{}", text);
    }

    #[test]
    fn random_text_never_panics(s in "[ -~\n\t]{0,200}") {
        let _ = parse_module(&s);
        let _ = parse_module(&format!(".version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{{\n{s}\n}}\n"));
    }
}

#[test]
fn validation_rejects_what_would_not_round_trip() {
    let base = || {
        let mut e = Entry::new("k");
        e.body = vec![
            Instr::new(
                Op::Mov,
                &["u32"],
                vec![reg(RegClass::B32, 0), Operand::Imm(1)],
            )
            .into(),
        ];
        e.declare_used_regs();
        Module {
            version: (8, 0),
            target: "sm_90a".into(),
            consts: vec![],
            entries: vec![e],
        }
    };
    round_trip(&base());
    type Mutation = Box<dyn Fn(&mut Entry)>;
    let cases: Vec<(Mutation, &str)> = vec![
        (Box::new(|e| e.regs.push((RegClass::F64, 0))), "count 0"),
        (Box::new(|e| e.regs[0].1 = 0), "count 0"),
        (
            Box::new(|e| e.body.push(Stmt::Comment("a\nb".into()))),
            "line break",
        ),
        (
            Box::new(|e| {
                e.body
                    .extend([Stmt::Label("L".into()), Stmt::Label("L".into())])
            }),
            "defined twice",
        ),
        (
            Box::new(|e| e.body.push(Stmt::Label("1L".into()))),
            "bad label",
        ),
        (Box::new(|e| e.name = "%k".into()), "bad entry name"),
        (
            Box::new(|e| e.params.push(Param::new(ParamType::U32, "a b"))),
            "bad parameter name",
        ),
        (
            Box::new(|e| {
                e.shared.push(Shared {
                    name: String::new(),
                    align: 4,
                    bytes: 4,
                })
            }),
            "bad shared",
        ),
        (
            Box::new(|e| e.body.push(Instr::new(Op::Ret, &[""], vec![]).into())),
            "bad modifier",
        ),
        (
            Box::new(|e| e.body.push(Instr::new(Op::Ret, &["a.b"], vec![]).into())),
            "bad modifier",
        ),
        (
            Box::new(|e| {
                e.body
                    .push(Instr::new(Op::Mov, &[], vec![Operand::sym("%r0")]).into())
            }),
            "bad symbol",
        ),
        (
            Box::new(|e| {
                e.body
                    .push(Instr::new(Op::Mov, &[], vec![Operand::sym("%tid.")]).into())
            }),
            "bad symbol",
        ),
        (
            Box::new(|e| {
                e.body
                    .push(Instr::new(Op::Mov, &[], vec![Operand::sym("1x")]).into())
            }),
            "bad symbol",
        ),
        (
            Box::new(|e| {
                e.body
                    .push(Instr::new(Op::Mov, &[], vec![reg(RegClass::B32, 1)]).into())
            }),
            "only 1 of class B32",
        ),
        (
            Box::new(|e| {
                e.body
                    .push(Instr::new(Op::Mov, &[], vec![Operand::addr(Operand::F32(0), 0)]).into())
            }),
            "address base",
        ),
        (
            Box::new(|e| {
                e.body.push(
                    Instr::new(Op::Mov, &[], vec![Operand::Vec(vec![Operand::Vec(vec![])])]).into(),
                )
            }),
            "nested",
        ),
        (
            Box::new(|e| {
                e.body.push(
                    Instr::new(
                        Op::Mov,
                        &[],
                        vec![Operand::addr(Operand::addr(Operand::Imm(0), 0), 0)],
                    )
                    .into(),
                )
            }),
            "nested",
        ),
    ];
    for (mutate, msg) in cases {
        let mut m = base();
        mutate(&mut m.entries[0]);
        let err = validate_module(&m).unwrap_err();
        assert!(err.to_string().contains(msg), "{msg}: {err}");
        // Syntax-level faults do not survive the round trip; the two PTX-level ones
        // (duplicate label, undeclared register) do, and ptxas would reject them.
        let back = parse_module(&print_module(&m)).ok();
        if msg == "defined twice" || msg.starts_with("only ") {
            assert_eq!(back, Some(m.clone()), "{msg}");
        } else {
            assert_ne!(back, Some(m.clone()), "{msg}");
        }
    }
    let mut m = base();
    m.target = "sm 90".into();
    assert!(validate_module(&m).is_err());
}

/// The Hopper forms: tensor-map parameters, `.reqnctapercluster`, tensor references
/// `[map, {c0, c1}]`, the `_` sink, and the opcodes TMA/wgmma kernels add.
#[test]
fn hopper_forms_round_trip() {
    let mut e = Entry::new("hopper");
    e.params = vec![
        Param::new(ParamType::U64, "C"),
        Param::new(ParamType::TensorMap, "tmap_a"),
    ];
    e.max_ntid = Some(384);
    e.min_ctas_per_sm = Some(1);
    e.cluster_x = Some(2);
    let (r1, r2, rd1) = (
        Reg::new(RegClass::B32, 1),
        Reg::new(RegClass::B32, 2),
        Reg::new(RegClass::B64, 1),
    );
    e.body = vec![
        Stmt::Instr(Instr::new(
            Op::Mov,
            &["u64"],
            vec![rd1.into(), Operand::sym("tmap_a")],
        )),
        Stmt::Instr(Instr::new(
            Op::Cvta,
            &["param", "u64"],
            vec![rd1.into(), rd1.into()],
        )),
        Stmt::Instr(Instr::new(
            Op::Prefetch,
            &["tensormap"],
            vec![Operand::addr(rd1, 0)],
        )),
        Stmt::Instr(Instr::new(
            Op::CpAsync,
            &[
                "bulk",
                "tensor",
                "2d",
                "shared::cluster",
                "global",
                "mbarrier::complete_tx::bytes",
            ],
            vec![
                Operand::addr(r1, 1024),
                Operand::Tensor {
                    map: Box::new(rd1.into()),
                    coords: vec![r2.into(), Operand::Imm(64)],
                },
                Operand::addr(r1, 0),
            ],
        )),
        Stmt::Instr(Instr::new(
            Op::Mbarrier,
            &["arrive", "expect_tx", "shared::cta", "b64"],
            vec![Operand::sym("_"), Operand::addr(r1, 0), Operand::Imm(16384)],
        )),
        Stmt::Instr(Instr::new(
            Op::Setmaxnreg,
            &["inc", "sync", "aligned", "u32"],
            vec![Operand::Imm(232)],
        )),
        Stmt::Instr(Instr::new(
            Op::Mapa,
            &["shared::cluster", "u32"],
            vec![r2.into(), r1.into(), Operand::Imm(1)],
        )),
        Stmt::Instr(Instr::new(
            Op::Barrier,
            &["cluster", "arrive", "release"],
            vec![],
        )),
        Stmt::Instr(Instr::new(Op::Ret, &[], vec![])),
    ];
    e.declare_used_regs();
    let m = Module {
        version: (8, 0),
        target: "sm_90a".into(),
        consts: vec![],
        entries: vec![e],
    };
    round_trip(&m);
    let text = print_module(&m);
    for needle in [
        "\t.param .align 64 .b8 tmap_a[128]\n)\n.maxntid 384, 1, 1\n.minnctapersm 1\n.reqnctapercluster 2, 1, 1\n",
        "[%rd1, {%r2, 64}], [%r1];",
        "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r1], 16384;",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}
