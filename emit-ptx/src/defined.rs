//! Definite assignment: every register an instruction reads is written on every path from
//! the entry to it.
//!
//! ptxas accepts PTX that reads a register no path has written (it is undefined, not an
//! error): run 35's first split-K push kernel computed a barrier address on split 0's path
//! only and read it on the other splits' path; every launch hung (docs/BENCHMARKS.md run
//! 35-b). This check finds such reads on the control-flow graph of an [`Entry`]: a forward
//! "written on every path" analysis (intersection at joins) to a fixpoint.
//!
//! What an instruction writes: its first operand (every register of it where it is a
//! vector), except for opcodes that write nothing (`st`, `red`, `cp.async*`, `bar`,
//! `barrier`, `bra`, `ret`, `exit`, `fence`, `membar`, `prefetch`, `setmaxnreg`, `stmatrix`,
//! `trap`, and `mbarrier` other than `arrive*` / `test_wait` / `try_wait`, and `wgmma` other
//! than `mma_async`). Everything else in its operands, and its guard, is read; the base of
//! an address is read wherever it stands. Two choices keep the check free of false reports
//! on correct kernels, at the cost of missing some wrong ones: a guarded write counts as a
//! write and a guarded instruction's operands as not read (code that writes and reads under
//! one guard is common), and `wgmma.mma_async`'s accumulators count as written, not read (a
//! tile's first wgmma runs with its scale-d predicate false and reads none of them, PTX ISA
//! 9.7.15.5.2).
//!
//! Branches on one predicate are correlated: paths are kept in classes by the predicate
//! values they branched on (a class forgets a predicate when it is written), so a register
//! written under `@p bra` not taken and read under a later `@p bra` not taken, with `p`
//! unwritten between, is written on every path that reads it. mosaic's epilogue overlap
//! computes the next tile's descriptors in its first chunk and reads them in the others,
//! each under a branch on whether there is a next tile; without the classes the check
//! reported those reads, and stayed out of `codegen::compile` until run 37. Past
//! [`MAX_CLASSES`] classes at a statement they merge (more reports, never fewer).
//!
//! This module shares no code with the code generators it checks.

use std::collections::{BTreeMap, HashMap};

use crate::ast::{Entry, Instr, Module, Op, Operand, Reg, RegClass, Stmt};
use crate::print::{print_instr, print_operand};

/// An instruction that reads a register some path to it has not written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "entry {entry}, statement {index} (`{text}`): reads {reg}, which a path to it leaves unwritten"
)]
pub struct UndefinedRead {
    /// The entry's name.
    pub entry: String,
    /// Index of the statement in the entry's body.
    pub index: usize,
    /// The instruction as printed.
    pub text: String,
    /// The register, as printed (`%r66`).
    pub reg: String,
}

/// Checks every entry of `m` (see the module docs).
///
/// # Errors
/// The first [`UndefinedRead`] of the first entry that has one.
pub fn check_module(m: &Module) -> Result<(), UndefinedRead> {
    m.entries.iter().try_for_each(check_entry)
}

/// Registers written on every path of one class, by what the paths know of predicates.
/// Key: predicate values every path of the class branched on (and has not rewritten since);
/// value: the registers every path of the class has written. A register is written on every
/// path to a statement where it is in every class's set.
type Classes = BTreeMap<BTreeMap<Reg, bool>, Bits>;

/// A set of an entry's registers, by their index in [`Regs`].
#[derive(Clone, Debug, PartialEq, Eq)]
struct Bits(Vec<u64>);

impl Bits {
    fn empty(n: usize) -> Self {
        Bits(vec![0; n.div_ceil(64)])
    }

    fn has(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn keep_common(&mut self, other: &Bits) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a &= b);
    }
}

/// An entry's registers, numbered in order of first appearance.
struct Regs(HashMap<Reg, usize>);

impl Regs {
    fn of(body: &[Stmt]) -> Self {
        let mut ids = HashMap::new();
        for s in body {
            if let Stmt::Instr(ins) = s {
                for r in all_regs(ins) {
                    let n = ids.len();
                    ids.entry(r).or_insert(n);
                }
            }
        }
        Regs(ids)
    }

    fn id(&self, r: &Reg) -> usize {
        self.0[r]
    }
}

/// Classes beyond which a statement's paths merge into one (what they knew of predicates
/// dropped): keeps the analysis linear in practice; merging only loses facts, so the check
/// then reports more, never less.
const MAX_CLASSES: usize = 16;

/// Checks one entry (see the module docs).
///
/// # Errors
/// The first [`UndefinedRead`] in statement order.
pub fn check_entry(e: &Entry) -> Result<(), UndefinedRead> {
    let body = &e.body;
    let labels: HashMap<&str, usize> = body
        .iter()
        .enumerate()
        .filter_map(|(i, s)| match s {
            Stmt::Label(l) => Some((l.as_str(), i)),
            _ => None,
        })
        .collect();
    let regs = Regs::of(body);
    // Per statement: the indices it writes, and the predicates among them.
    let written: Vec<(Vec<usize>, Vec<Reg>)> = body
        .iter()
        .map(|s| match s {
            Stmt::Instr(ins) => {
                let w = writes(ins);
                let ids = w.iter().map(|r| regs.id(r)).collect();
                (
                    ids,
                    w.into_iter()
                        .filter(|r| r.class == RegClass::Pred)
                        .collect(),
                )
            }
            _ => (Vec::new(), Vec::new()),
        })
        .collect();
    // The classes of paths on entry to statement `i` (`None`: no path reaches it yet).
    let mut into: Vec<Option<Classes>> = vec![None; body.len() + 1];
    into[0] = Some(Classes::from([(
        BTreeMap::new(),
        Bits::empty(regs.0.len()),
    )]));
    // Statements whose classes have merged into one ([`MAX_CLASSES`]); they stay merged.
    let mut blurred = vec![false; body.len() + 1];
    let mut work: Vec<usize> = vec![0];
    while let Some(i) = work.pop() {
        if i == body.len() {
            continue;
        }
        let Some(mut out) = into[i].clone() else {
            continue;
        };
        out = after(out, &written[i]);
        for (next, cond) in successors(body, &labels, i) {
            let Some(edge) = taken(&out, cond) else {
                continue;
            };
            let merged = match &into[next] {
                None => edge,
                Some(old) => merge(old.clone(), edge, &mut blurred[next]),
            };
            if into[next].as_ref() != Some(&merged) {
                into[next] = Some(merged);
                work.push(next);
            }
        }
    }
    for (i, s) in body.iter().enumerate() {
        let (Stmt::Instr(ins), Some(classes)) = (s, &into[i]) else {
            continue;
        };
        let unwritten = |r: &Reg| classes.values().any(|w| !w.has(regs.id(r)));
        if let Some(reg) = reads(ins).into_iter().find(unwritten) {
            let mut text = String::new();
            print_instr(&mut text, ins);
            let mut name = String::new();
            print_operand(&mut name, &Operand::Reg(reg));
            return Err(UndefinedRead {
                entry: e.name.clone(),
                index: i,
                text: text.trim().trim_end_matches(';').to_string(),
                reg: name,
            });
        }
    }
    Ok(())
}

/// The classes after a statement that writes `(ids, preds)`: the writes added to every
/// class; a predicate written no longer known.
fn after(classes: Classes, (ids, preds): &(Vec<usize>, Vec<Reg>)) -> Classes {
    if ids.is_empty() {
        return classes;
    }
    let mut out = Classes::new();
    for (mut known, mut w) in classes {
        ids.iter().for_each(|&i| w.set(i));
        known.retain(|p, _| !preds.contains(p));
        add(&mut out, known, w);
    }
    out
}

/// The classes that take an edge whose condition is `cond` (`(p, v)`: predicate `p` is `v`),
/// each now knowing it; `None` where no class can.
fn taken(classes: &Classes, cond: Option<(Reg, bool)>) -> Option<Classes> {
    let Some((p, v)) = cond else {
        return Some(classes.clone());
    };
    let mut out = Classes::new();
    for (known, written) in classes {
        if known.get(&p).is_some_and(|&k| k != v) {
            continue;
        }
        let mut known = known.clone();
        known.insert(p, v);
        add(&mut out, known, written.clone());
    }
    (!out.is_empty()).then_some(out)
}

/// `old` and `new` joined at a statement: a class in both keeps what both wrote. Past
/// [`MAX_CLASSES`], and from then on at that statement (`blurred`, so that the fixpoint
/// terminates: its one class's set only shrinks), every class merges into one that knows
/// nothing.
fn merge(mut old: Classes, new: Classes, blurred: &mut bool) -> Classes {
    for (known, written) in new {
        add(&mut old, known, written);
    }
    if old.len() <= MAX_CLASSES && !*blurred {
        return old;
    }
    *blurred = true;
    let mut sets = old.into_values();
    let mut all = sets.next().expect("a reached statement has a class");
    sets.for_each(|b| all.keep_common(&b));
    Classes::from([(BTreeMap::new(), all)])
}

/// Adds the class `known` with `written` to `classes` (intersecting where it is there).
fn add(classes: &mut Classes, known: BTreeMap<Reg, bool>, written: Bits) {
    match classes.get_mut(&known) {
        Some(w) => w.keep_common(&written),
        None => {
            classes.insert(known, written);
        }
    }
}

/// Statements control reaches next from statement `i` (`body.len()`: falling off the end),
/// each with the guard value its edge implies (a guarded `bra` taken or not, a guarded
/// `ret` / `exit` / `trap` not taken).
fn successors(
    body: &[Stmt],
    labels: &HashMap<&str, usize>,
    i: usize,
) -> Vec<(usize, Option<(Reg, bool)>)> {
    let Stmt::Instr(ins) = &body[i] else {
        return vec![(i + 1, None)];
    };
    // The guard's predicate and the value under which the instruction runs.
    let runs = ins.guard.as_ref().map(|g| (g.pred, !g.negated));
    let skipped = runs.map(|(p, v)| (p, !v));
    let mut next = Vec::new();
    match ins.op {
        Op::Bra => {
            if let Some(Operand::Sym(l)) = ins.operands.first()
                && let Some(&at) = labels.get(l.as_str())
            {
                next.push((at, runs));
            }
            if runs.is_some() {
                next.push((i + 1, skipped));
            }
        }
        Op::Ret | Op::Exit | Op::Trap => {
            if runs.is_some() {
                next.push((i + 1, skipped));
            }
        }
        _ => next.push((i + 1, None)),
    }
    next
}

/// Whether `ins` writes its first operand.
fn writes_first(ins: &Instr) -> bool {
    let first = |m: &str| ins.mods.first().is_some_and(|x| x == m);
    match ins.op {
        Op::St
        | Op::Red
        | Op::CpAsync
        | Op::CpReduceAsync
        | Op::Bar
        | Op::Barrier
        | Op::Bra
        | Op::Ret
        | Op::Exit
        | Op::Fence
        | Op::Membar
        | Op::Prefetch
        | Op::Setmaxnreg
        | Op::Griddepcontrol
        | Op::Stmatrix
        | Op::Trap => false,
        Op::Mbarrier => ins
            .mods
            .first()
            .is_some_and(|m| m.starts_with("arrive") || m == "test_wait" || m == "try_wait"),
        Op::Wgmma => first("mma_async"),
        _ => true,
    }
}

/// Registers `ins` writes (see the module docs).
fn writes(ins: &Instr) -> Vec<Reg> {
    let mut out = Vec::new();
    if writes_first(ins)
        && let Some(op) = ins.operands.first()
    {
        match op {
            Operand::Reg(r) => out.push(*r),
            Operand::Vec(v) => out.extend(v.iter().filter_map(|x| match x {
                Operand::Reg(r) => Some(*r),
                _ => None,
            })),
            _ => {}
        }
    }
    out
}

/// Registers `ins` reads for certain: its guard, and, unguarded, every register of its
/// operands but those it writes (an address base even in the first operand).
fn reads(ins: &Instr) -> Vec<Reg> {
    let mut out: Vec<Reg> = ins.guard.iter().map(|g| g.pred).collect();
    if ins.guard.is_some() {
        return out;
    }
    let skip_first = writes_first(ins);
    for (k, op) in ins.operands.iter().enumerate() {
        collect(op, k == 0 && skip_first, &mut out);
    }
    out
}

/// Every register `ins` names: its guard and all of its operands' (written or read).
fn all_regs(ins: &Instr) -> Vec<Reg> {
    let mut out: Vec<Reg> = ins.guard.iter().map(|g| g.pred).collect();
    ins.operands
        .iter()
        .for_each(|op| collect(op, false, &mut out));
    out
}

/// Adds the registers `op` reads to `out`; `written` marks a destination, whose plain
/// registers (and vector elements) are written, not read.
fn collect(op: &Operand, written: bool, out: &mut Vec<Reg>) {
    match op {
        Operand::Reg(r) if !written => out.push(*r),
        Operand::Vec(v) => v.iter().for_each(|x| collect(x, written, out)),
        Operand::Addr { base, .. } => collect(base, false, out),
        Operand::Tensor { map, coords } => {
            collect(map, false, out);
            coords.iter().for_each(|c| collect(c, false, out));
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{Guard, RegClass};

    fn reg(class: RegClass, n: u32) -> Operand {
        Operand::Reg(Reg::new(class, n))
    }

    fn r32(n: u32) -> Operand {
        reg(RegClass::B32, n)
    }

    fn ins(op: Op, mods: &[&str], ops: Vec<Operand>) -> Stmt {
        Stmt::Instr(Instr::new(op, mods, ops))
    }

    fn guarded(op: Op, mods: &[&str], ops: Vec<Operand>, p: u32, negated: bool) -> Stmt {
        let mut i = Instr::new(op, mods, ops);
        i.guard = Some(Guard {
            pred: Reg::new(RegClass::Pred, p),
            negated,
        });
        Stmt::Instr(i)
    }

    fn entry(body: Vec<Stmt>) -> Entry {
        let mut e = Entry::new("k");
        e.body = body;
        e
    }

    /// Run 35-b's bug: `%r2` written on one side of a branch, read on the other.
    #[test]
    fn a_register_written_on_one_branch_and_read_on_the_other_is_reported() {
        let e = entry(vec![
            ins(
                Op::Mov,
                &["u32"],
                vec![r32(0), Operand::Sym("%tid.x".into())],
            ),
            ins(
                Op::Setp,
                &["eq", "u32"],
                vec![reg(RegClass::Pred, 0), r32(0), Operand::Imm(0)],
            ),
            guarded(
                Op::Bra,
                &["uni"],
                vec![Operand::Sym("OTHER".into())],
                0,
                true,
            ),
            ins(Op::Add, &["u32"], vec![r32(2), r32(0), Operand::Imm(104)]),
            ins(Op::Bra, &["uni"], vec![Operand::Sym("DONE".into())]),
            Stmt::Label("OTHER".into()),
            ins(
                Op::Mapa,
                &["shared::cluster", "u32"],
                vec![r32(3), r32(2), r32(0)],
            ),
            Stmt::Label("DONE".into()),
            ins(Op::Ret, &[], vec![]),
        ]);
        let err = check_entry(&e).unwrap_err();
        assert_eq!((err.index, err.reg.as_str()), (6, "%r2"), "{err}");
    }

    #[test]
    fn loops_guarded_writes_stores_and_wgmma_accumulators_pass() {
        let f = |n| reg(RegClass::F32, n);
        let e = entry(vec![
            ins(Op::Mov, &["u32"], vec![r32(0), Operand::Imm(0)]),
            ins(
                Op::Mov,
                &["pred"],
                vec![reg(RegClass::Pred, 1), Operand::Imm(0)],
            ),
            Stmt::Label("LOOP".into()),
            // A tile's first wgmma writes its accumulators without reading them.
            ins(
                Op::Wgmma,
                &["mma_async", "sync", "aligned"],
                vec![Operand::Vec(vec![f(0), f(1)]), reg(RegClass::Pred, 1)],
            ),
            guarded(Op::Mov, &["u32"], vec![r32(1), Operand::Imm(7)], 1, false),
            ins(Op::Add, &["u32"], vec![r32(0), r32(0), r32(1)]),
            ins(
                Op::St,
                &["shared", "v2", "f32"],
                vec![
                    Operand::Addr {
                        base: Box::new(r32(0)),
                        offset: 16,
                    },
                    Operand::Vec(vec![f(0), f(1)]),
                ],
            ),
            ins(
                Op::Setp,
                &["lt", "u32"],
                vec![reg(RegClass::Pred, 2), r32(0), Operand::Imm(9)],
            ),
            guarded(Op::Bra, &[], vec![Operand::Sym("LOOP".into())], 2, false),
            ins(Op::Ret, &[], vec![]),
        ]);
        check_entry(&e).unwrap();
    }

    /// The epilogue overlap's shape: written under a branch on `%p0`, read under a later
    /// branch on `%p0` (passes); with `%p0` rewritten between the two, reported.
    #[test]
    fn branches_on_one_predicate_are_correlated_until_it_is_written() {
        let p0 = || reg(RegClass::Pred, 0);
        // `@!%p0 bra L; add %r{dst}, %r{src}, 8; L:`
        let skipped_add = |label: &str, dst, src| {
            vec![
                guarded(Op::Bra, &["uni"], vec![Operand::Sym(label.into())], 0, true),
                ins(Op::Add, &["u32"], vec![r32(dst), r32(src), Operand::Imm(8)]),
                Stmt::Label(label.into()),
            ]
        };
        let setp = |bound| {
            ins(
                Op::Setp,
                &["lt", "u32"],
                vec![p0(), r32(0), Operand::Imm(bound)],
            )
        };
        let body = |rewrite: bool| {
            let mut b = vec![
                ins(
                    Op::Mov,
                    &["u32"],
                    vec![r32(0), Operand::Sym("%tid.x".into())],
                ),
                setp(7),
            ];
            b.extend(skipped_add("SKIP1", 1, 0));
            if rewrite {
                b.push(setp(9));
            }
            b.extend(skipped_add("SKIP2", 2, 1));
            b.push(ins(Op::Ret, &[], vec![]));
            entry(b)
        };
        check_entry(&body(false)).unwrap();
        assert_eq!(check_entry(&body(true)).unwrap_err().reg, "%r1");
    }

    #[test]
    fn a_store_reads_its_address_and_value() {
        let e = entry(vec![
            ins(Op::Mov, &["u32"], vec![r32(0), Operand::Imm(0)]),
            ins(
                Op::St,
                &["shared", "u32"],
                vec![
                    Operand::Addr {
                        base: Box::new(r32(0)),
                        offset: 0,
                    },
                    r32(5),
                ],
            ),
        ]);
        assert_eq!(check_entry(&e).unwrap_err().reg, "%r5");
    }
}
