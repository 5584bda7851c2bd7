//! Warp convergence: where PTX requires the threads of a warp to agree, they do.
//!
//! Two rules of the PTX ISA, checked on an [`Entry`]:
//! - **`bra.uni`** promises that "all active threads in a warp that are currently executing
//!   this instruction have identical values for the guard predicate and branch target" (PTX
//!   ISA, control flow instructions: `bra`). A guard that differs between lanes is undefined
//!   behaviour. mosaic's producer split (`tid != 0`) was emitted as `bra.uni` until run 19:
//!   ptxas 13.0 built code that ran, but a suspend-time hint on an mbarrier wait behind it
//!   hung the kernel (docs/BENCHMARKS.md runs 9-l, 19-g).
//! - **`.aligned` instructions** (`wgmma.*.sync.aligned`, `setmaxnreg.sync.aligned`,
//!   `stmatrix.sync.aligned`, and `bar.sync` / `bar.arrive` / `bar.red`, which are
//!   `barrier.*.aligned`) must be executed by every thread of the warp together: never under
//!   a guard that differs between lanes, nor between a branch that divides the warp and the
//!   point where the warp joins again.
//!
//! The analysis assumes the launch's block is `.maxntid` threads along x, a multiple of 32
//! (as mosaic launches its kernels), so that warp `w` is `%tid.x` in `32w .. 32w + 31`;
//! without a `.maxntid` that is a multiple of 32, every value read from `%tid.x` counts as
//! differing between lanes. It is flow-insensitive: how a register may vary across lanes is
//! the join over all its definitions, iterated to a fixpoint, which over-approximates where
//! values may differ and so errs towards reporting. A branch's region is the statements
//! between it and its label (the structured loops and skips mosaic emits); a value set
//! there differs after the region as the branch's guard does, and inside it only the threads
//! that stayed run. Comparing an integer register with itself gives a constant (the code
//! generators' constant predicates are `mov.pred` from an immediate; the rule keeps the
//! analysis from reporting hand-written or older PTX that builds them by such a comparison).
//!
//! This module shares no code with the code generators it checks.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::Range;

use crate::ast::{Entry, Instr, Module, Op, Operand, Reg, Stmt};
use crate::print::print_instr;

/// A statement that breaks warp convergence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("entry {entry}, statement {index} (`{text}`): {why}")]
pub struct Divergence {
    /// The entry's name.
    pub entry: String,
    /// Index of the statement in the entry's body.
    pub index: usize,
    /// The instruction as printed.
    pub text: String,
    /// Which rule it breaks.
    pub why: String,
}

/// How a value may vary across the 32 lanes of a warp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lanes {
    /// The same in every lane.
    Uniform,
    /// Exactly `%tid.x >> s`.
    Tid(u32),
    /// Some function of `%tid.x >> s`: the same across each aligned group of `2^s` threads.
    Of(u32),
    /// May differ between any two lanes.
    Any,
}

impl Lanes {
    fn join(self, o: Lanes) -> Lanes {
        use Lanes::*;
        match (self, o) {
            (Any, _) | (_, Any) => Any,
            (Uniform, x) | (x, Uniform) => x.derived(),
            (Tid(a), Tid(b)) if a == b => Tid(a),
            (Tid(a) | Of(a), Tid(b) | Of(b)) => Of(a.min(b)),
        }
    }

    /// The value as an input to any operation other than a shift: some function of it.
    fn derived(self) -> Lanes {
        match self {
            Lanes::Tid(s) => Lanes::Of(s),
            x => x,
        }
    }

    /// The same in every lane of each warp (aligned groups of 32 threads).
    fn warp_uniform(self) -> bool {
        match self {
            Lanes::Uniform => true,
            Lanes::Tid(s) | Lanes::Of(s) => s >= 5,
            Lanes::Any => false,
        }
    }
}

/// Operations whose result may differ between lanes whatever their inputs: per-lane
/// fragments (`mma`, `wgmma`, `ldmatrix`), lane exchanges, atomics, and mbarrier waits and
/// arrivals (lanes may see a phase complete at different polls).
const PER_LANE: &[Op] = &[
    Op::Mma,
    Op::Wgmma,
    Op::Ldmatrix,
    Op::Shfl,
    Op::Atom,
    Op::Mbarrier,
];

/// Operations whose first operand is never a destination register.
const NO_DEST: &[Op] = &[
    Op::St,
    Op::Red,
    Op::Stmatrix,
    Op::Bar,
    Op::Bra,
    Op::Ret,
    Op::Exit,
    Op::Trap,
    Op::Fence,
    Op::Membar,
    Op::Setmaxnreg,
    Op::Griddepcontrol,
    Op::Prefetch,
    Op::Barrier,
    Op::CpAsync,
    Op::CpReduceAsync,
];

/// Checks every entry of `m` (see the module docs).
///
/// # Errors
/// The first [`Divergence`] found.
pub fn check_module(m: &Module) -> Result<(), Divergence> {
    m.entries.iter().try_for_each(check_entry)
}

/// Checks one entry (see the module docs).
///
/// # Errors
/// The first [`Divergence`]: a `bra.uni` whose guard may differ between the lanes of a warp,
/// or an `.aligned` instruction (or `bar`) under such a guard or inside a branch region that
/// divides a warp.
pub fn check_entry(e: &Entry) -> Result<(), Divergence> {
    let a = Analysis::new(e);
    let lanes = a.fixpoint();
    let regions: Vec<_> = a
        .divergent_regions(&lanes)
        .into_iter()
        .map(|(r, _)| r)
        .collect();
    for (i, ins) in a.instrs() {
        let guard_ok = ins
            .guard
            .is_none_or(|g| a.reg(&lanes, g.pred).warp_uniform());
        let why = if ins.op == Op::Bra && has(ins, "uni") && !guard_ok {
            "`bra.uni` on a guard that may differ between the lanes of a warp"
        } else if aligned(ins) && !guard_ok {
            "an `.aligned` instruction under a guard that may differ between the lanes of a warp"
        } else if aligned(ins) && regions.iter().any(|r| r.contains(&i)) {
            "an `.aligned` instruction between a branch that divides a warp and its join"
        } else {
            continue;
        };
        let mut text = String::new();
        print_instr(&mut text, ins);
        return Err(Divergence {
            entry: e.name.clone(),
            index: i,
            text: text.trim().trim_end_matches(';').to_string(),
            why: why.into(),
        });
    }
    Ok(())
}

/// `u32`, `s64`, `b16`, ...: an integer or bit-size type modifier.
fn is_int_type(m: &str) -> bool {
    let mut c = m.chars();
    matches!(c.next(), Some('u' | 's' | 'b')) && m.len() > 1 && c.all(|d| d.is_ascii_digit())
}

fn has(ins: &Instr, m: &str) -> bool {
    ins.mods.iter().any(|x| x == m)
}

/// `bar.sync`, `bar.arrive` and `bar.red` are `barrier.*.aligned` (PTX ISA, `bar`).
fn aligned(ins: &Instr) -> bool {
    ins.op == Op::Bar || has(ins, "aligned")
}

struct Analysis<'a> {
    entry: &'a Entry,
    /// `%tid.x` counts as a lane index only where warps are whole 32-thread groups of x.
    tid_ok: bool,
    labels: HashMap<&'a str, usize>,
    /// Per instruction: its statement index, the registers it writes, and those it reads
    /// (guard included), computed once for every fixpoint round.
    access: Vec<(usize, Vec<Reg>, Vec<Reg>)>,
}

impl<'a> Analysis<'a> {
    fn new(entry: &'a Entry) -> Self {
        let mut a = Analysis {
            entry,
            tid_ok: entry.max_ntid.is_some_and(|n| n > 0 && n % 32 == 0),
            labels: entry.label_positions(),
            access: Vec::new(),
        };
        a.access = a
            .instrs()
            .map(|(i, ins)| {
                let (dests, srcs) = Self::dests_and_srcs(ins);
                let mut read: Vec<Reg> = ins.guard.map(|g| g.pred).into_iter().collect();
                srcs.iter().for_each(|o| o.each_reg(&mut |r| read.push(r)));
                (i, dests, read)
            })
            .collect();
        a
    }

    fn instrs(&self) -> impl Iterator<Item = (usize, &'a Instr)> + 'a {
        self.entry
            .body
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match s {
                Stmt::Instr(ins) => Some((i, ins)),
                _ => None,
            })
    }

    fn reg(&self, lanes: &BTreeMap<Reg, Lanes>, r: Reg) -> Lanes {
        lanes.get(&r).copied().unwrap_or(Lanes::Uniform)
    }

    /// A special register or symbol: lane-dependent ones by name, the rest (parameters,
    /// `%ctaid`, `%nctaid`, `%cluster_ctarank`, shared arrays, ...) the same in every lane.
    fn symbol(&self, name: &str) -> Lanes {
        if name == "%tid.x" && self.tid_ok {
            Lanes::Tid(0)
        } else if ["%tid", "%laneid", "%lanemask", "%clock", "%globaltimer"]
            .iter()
            .any(|p| name.starts_with(p))
        {
            Lanes::Any
        } else {
            Lanes::Uniform
        }
    }

    fn operand(&self, lanes: &BTreeMap<Reg, Lanes>, o: &Operand) -> Lanes {
        match o {
            Operand::Reg(r) => self.reg(lanes, *r),
            Operand::Imm(_) | Operand::F32(_) => Lanes::Uniform,
            Operand::Sym(s) => self.symbol(s),
            Operand::Addr { base, .. } => self.operand(lanes, base),
            Operand::Vec(v) => v
                .iter()
                .fold(Lanes::Uniform, |a, x| a.join(self.operand(lanes, x))),
            Operand::Tensor { map, coords } => {
                coords.iter().fold(self.operand(lanes, map), |a, x| {
                    a.join(self.operand(lanes, x))
                })
            }
        }
    }

    /// The registers an instruction writes, and the inputs it reads.
    fn dests_and_srcs(ins: &Instr) -> (Vec<Reg>, &[Operand]) {
        let dests = match ins.operands.first() {
            _ if NO_DEST.contains(&ins.op) => None,
            Some(Operand::Reg(r)) => Some(vec![*r]),
            Some(Operand::Vec(v)) => v
                .iter()
                .map(|x| match x {
                    Operand::Reg(r) => Some(*r),
                    _ => None,
                })
                .collect(),
            _ => None,
        };
        match dests {
            Some(d) => (d, &ins.operands[1..]),
            None => (Vec::new(), &ins.operands[..]),
        }
    }

    /// What an instruction writes, before its guard is accounted for.
    fn result(&self, lanes: &BTreeMap<Reg, Lanes>, ins: &Instr, srcs: &[Operand]) -> Lanes {
        if PER_LANE.contains(&ins.op) {
            return Lanes::Any;
        }
        // An integer `setp.eq x, x` is a constant whatever `x` is; a float one is not (NaN).
        if let (Op::Setp, [a, b]) = (ins.op, srcs)
            && a == b
            && ins.mods.iter().any(|m| is_int_type(m))
        {
            return Lanes::Uniform;
        }
        let v: Vec<Lanes> = srcs.iter().map(|o| self.operand(lanes, o)).collect();
        match (ins.op, v.as_slice(), srcs) {
            (Op::Mov, [x], _) => *x,
            (Op::Shr, [Lanes::Tid(s), _], [_, Operand::Imm(k)]) if (0..32).contains(k) => {
                Lanes::Tid(s + *k as u32)
            }
            (Op::Div, [Lanes::Tid(s), _], [_, Operand::Imm(d)])
                if has(ins, "u32") && *d > 0 && (*d as u64).is_power_of_two() =>
            {
                Lanes::Tid(s + d.trailing_zeros())
            }
            _ => v.iter().fold(Lanes::Uniform, |a, x| a.join(x.derived())),
        }
    }

    /// Every register's [`Lanes`], joined over its definitions and over the branch regions
    /// it escapes from, to a fixpoint.
    fn fixpoint(&self) -> BTreeMap<Reg, Lanes> {
        let mut lanes: BTreeMap<Reg, Lanes> = BTreeMap::new();
        let raise = |lanes: &mut BTreeMap<Reg, Lanes>, r: Reg, v: Lanes| {
            let old = lanes.get(&r).copied().unwrap_or(Lanes::Uniform);
            let new = old.join(v);
            // `join` with Uniform turns `Tid` into `Of`; a first definition keeps it.
            let new = if lanes.contains_key(&r) { new } else { v };
            (lanes.insert(r, new) != Some(new)) as usize
        };
        loop {
            let mut changed = 0;
            for (_, ins) in self.instrs() {
                let (dests, srcs) = Self::dests_and_srcs(ins);
                let mut v = self.result(&lanes, ins, srcs);
                if let Some(g) = ins.guard {
                    v = v.join(self.reg(&lanes, g.pred).derived());
                }
                for d in dests {
                    changed += raise(&mut lanes, d, v);
                }
            }
            // Values defined between a dividing branch and its join differ, after the join,
            // as the guard does.
            for (region, guard) in self.divergent_regions(&lanes) {
                for r in self.escaping(&region) {
                    changed += raise(&mut lanes, r, guard.derived());
                }
            }
            if changed == 0 {
                return lanes;
            }
        }
    }

    /// Statement ranges between a branch whose guard may differ between lanes and its
    /// target: after the branch up to the label (forward), or from the label to the branch
    /// (a loop back).
    fn divergent_regions(&self, lanes: &BTreeMap<Reg, Lanes>) -> Vec<(Range<usize>, Lanes)> {
        self.instrs()
            .filter(|(_, ins)| ins.op == Op::Bra)
            .filter_map(|(i, ins)| {
                let g = self.reg(lanes, ins.guard?.pred);
                let Some(Operand::Sym(target)) = ins.operands.first() else {
                    return None;
                };
                let at = *self.labels.get(target.as_str())?;
                let range = if at > i { i + 1..at } else { at..i + 1 };
                (!g.warp_uniform()).then_some((range, g))
            })
            .collect()
    }

    /// Registers defined inside `region` and read outside it.
    fn escaping(&self, region: &Range<usize>) -> Vec<Reg> {
        let (mut inside, mut outside) = (BTreeSet::new(), BTreeSet::new());
        for (i, dests, read) in &self.access {
            if region.contains(i) {
                inside.extend(dests);
            } else {
                outside.extend(read);
            }
        }
        inside.intersection(&outside).copied().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_module;

    /// A module of one entry of `threads` threads whose body is `body`.
    fn entry(threads: u32, body: &str) -> Entry {
        let text = format!(
            ".version 8.0\n.target sm_90a\n.address_size 64\n.visible .entry k()\n\
             .maxntid {threads}, 1, 1\n{{\n\t.reg .pred %p<8>;\n\t.reg .b32 %r<8>;\n\
             \t.reg .b64 %rd<4>;\n\t.reg .f32 %f<8>;\n\n{body}\n}}\n"
        );
        parse_module(&text).unwrap().entries.remove(0)
    }

    fn why(threads: u32, body: &str) -> Option<String> {
        check_entry(&entry(threads, body)).err().map(|d| d.why)
    }

    const TID: &str = "\tmov.u32 %r0, %tid.x;\n";

    #[test]
    fn a_bra_uni_on_thread_0_is_divergent_and_a_plain_bra_is_not() {
        let split =
            "\tsetp.ne.u32 %p0, %r0, 0;\n\t@%p0 bra.uni DONE;\n\tmov.u32 %r1, 1;\nDONE:\n\tret;";
        assert!(
            why(128, &format!("{TID}{split}"))
                .unwrap()
                .contains("bra.uni")
        );
        let plain = split.replace("bra.uni", "bra");
        assert_eq!(why(128, &format!("{TID}{plain}")), None);
    }

    #[test]
    fn warpgroup_and_warp_indices_are_uniform_lane_bits_are_not() {
        let on = |def: &str| {
            why(
                384,
                &format!("{TID}{def}\tsetp.eq.u32 %p0, %r1, 0;\n\t@%p0 bra.uni L;\nL:\n\tret;"),
            )
        };
        assert_eq!(on("\tshr.u32 %r1, %r0, 7;\n"), None);
        assert_eq!(on("\tshr.u32 %r2, %r0, 3;\n\tshr.u32 %r1, %r2, 2;\n"), None);
        assert_eq!(on("\tdiv.u32 %r1, %r0, 32;\n"), None);
        assert!(on("\tshr.u32 %r1, %r0, 4;\n").is_some());
        assert!(on("\tand.b32 %r1, %r0, 127;\n").is_some());
        assert!(on("\tmov.u32 %r1, %laneid;\n").is_some());
        assert_eq!(on("\tmov.u32 %r1, %ctaid.x;\n"), None);
        // A comparison of a lane bit with itself is a constant.
        let always = format!(
            "{TID}\tand.b32 %r1, %r0, 31;\n\tsetp.eq.u32 %p0, %r1, %r1;\n\t@%p0 bra.uni L;\nL:\n\tret;"
        );
        assert_eq!(why(128, &always), None);
        // Not for floats: `x == x` is false where `x` is NaN.
        let float = format!(
            "{TID}\tcvt.rn.f32.u32 %f0, %r0;\n\tsetp.eq.f32 %p0, %f0, %f0;\n\t@%p0 bra.uni L;\nL:\n\tret;"
        );
        assert!(why(128, &float).is_some());
        // Warps are 32-thread groups of x only where the block is whole warps.
        let odd = format!(
            "{TID}\tshr.u32 %r1, %r0, 7;\n\tsetp.eq.u32 %p0, %r1, 0;\n\t@%p0 bra.uni L;\nL:\n\tret;"
        );
        assert!(why(100, &odd).is_some());
    }

    #[test]
    fn a_wait_result_is_per_lane_and_its_spin_loop_is_not_a_split_after_it() {
        let spin = "\tmov.u32 %r1, 0;\nWAIT:\n\tmbarrier.try_wait.parity.shared::cta.b64 %p0, [%r1], %r1;\n\t@!%p0 bra WAIT;\n";
        let after = "\twgmma.fence.sync.aligned;\n\tbar.sync 1, 128;\n\tret;";
        assert_eq!(why(128, &format!("{spin}{after}")), None);
        let uni = spin.replace("bra WAIT", "bra.uni WAIT");
        assert!(
            why(128, &format!("{uni}{after}"))
                .unwrap()
                .contains("bra.uni")
        );
    }

    #[test]
    fn aligned_instructions_need_the_whole_warp() {
        let split = "\tsetp.ne.u32 %p0, %r0, 0;\n\t@%p0 bra JOIN;\n";
        let inside = format!("{TID}{split}\twgmma.fence.sync.aligned;\nJOIN:\n\tret;");
        assert!(why(128, &inside).unwrap().contains("join"));
        let after =
            format!("{TID}{split}\tmov.u32 %r1, 1;\nJOIN:\n\twgmma.fence.sync.aligned;\n\tret;");
        assert_eq!(why(128, &after), None);
        let guarded = format!("{TID}\tsetp.ne.u32 %p0, %r0, 0;\n\t@%p0 bar.sync 1, 128;\n\tret;");
        assert!(why(128, &guarded).unwrap().contains("guard"));
        let uniform = format!(
            "{TID}\tshr.u32 %r1, %r0, 7;\n\tsetp.ne.u32 %p0, %r1, 0;\n\t@%p0 bar.sync 1, 128;\n\tret;"
        );
        assert_eq!(why(256, &uniform), None);
    }

    #[test]
    fn values_set_under_a_split_differ_after_the_join() {
        let body = format!(
            "{TID}\tmov.u32 %r1, 0;\n\tsetp.ne.u32 %p0, %r0, 0;\n\t@%p0 bra JOIN;\n\
             \tmov.u32 %r1, 1;\nJOIN:\n\tsetp.eq.u32 %p1, %r1, 0;\n\t@%p1 bra.uni END;\nEND:\n\tret;"
        );
        assert!(why(128, &body).unwrap().contains("bra.uni"));
        // Inside the split only the threads that stayed run, so a loop there may be `.uni`.
        let inside = format!(
            "{TID}\tsetp.ne.u32 %p0, %r0, 0;\n\t@%p0 bra DONE;\n\tmov.u32 %r1, 0;\nLOOP:\n\
             \tadd.u32 %r1, %r1, 1;\n\tsetp.lt.u32 %p1, %r1, 4;\n\t@%p1 bra.uni LOOP;\nDONE:\n\tret;"
        );
        assert_eq!(why(128, &inside), None);
    }
}
