//! Derived and transformed iTex: rule coverage, and a brute-force semantic check that every
//! derived iTex computes its task when the instruction runs with its CANONICAL semantics.
//!
//! The simulator here shares no code with `itex::derive`: it evaluates the canonical iTex's
//! maps point by point and computes the derived task directly from its own operand maps.

use std::collections::BTreeSet;

use itex::canonical::{canonical, mma_instructions, wgmma_instructions};
use itex::derive::{
    DeriveError, DeriveLimits, DeriveStop, covered_points, derive, derive_instr, derive_with,
    dilation, operand_shift, restride,
};
use itex::{DType, ITex, InstrOperand, Instruction, Layout, Origin, Role, Task, TaskKind};

// ---------------------------------------------------------------- simulator

/// Tiny deterministic LCG: small integers in -4..=4.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> i64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % 9) as i64 - 4
    }
}

fn colex(c: &[i64], ext: &[i64]) -> usize {
    let mut idx = 0i64;
    let mut scale = 1i64;
    for (j, &x) in ext.iter().enumerate() {
        let v = c.get(j).copied().unwrap_or(0);
        assert!((0..x).contains(&v), "coordinate {c:?} outside {ext:?}");
        idx += v * scale;
        scale *= x;
    }
    assert!(
        c.iter().skip(ext.len()).all(|&v| v == 0),
        "{c:?} vs {ext:?}"
    );
    idx as usize
}

fn add(a: &[i64], b: &[i64]) -> Vec<i64> {
    let n = a.len().max(b.len());
    (0..n)
        .map(|i| a.get(i).copied().unwrap_or(0) + b.get(i).copied().unwrap_or(0))
        .collect()
}

fn evals(l: &Layout) -> Vec<Vec<i64>> {
    (0..l.size()).map(|i| l.eval(i)).collect()
}

/// The standard task of a kind (independent of `itex::derive`).
fn standard(kind: TaskKind, x: &[i64]) -> Task {
    match kind {
        TaskKind::Fma => Task::fma(x[0]),
        TaskKind::OuterProduct => Task::outer(x[0], x[1]),
        TaskKind::Gemm => Task::gemm(x[0], x[1], x[2]),
        TaskKind::Gemv => Task::gemv(x[0], x[1]),
        k => panic!("no standard task for {k}"),
    }
    .unwrap()
}

/// Operand tensors (colex over each operand's extents), indexed by role A, B, C.
struct Tensors {
    ext: [Vec<i64>; 3],
    data: [Vec<i64>; 3],
}

fn role_ix(r: Role) -> usize {
    match r {
        Role::A => 0,
        Role::B => 1,
        Role::C => 2,
    }
}

impl Tensors {
    fn random(task: &Task, rng: &mut Rng) -> Tensors {
        let ext = [Role::A, Role::B, Role::C].map(|r| task.operand(r).unwrap().extents.clone());
        let data = ext
            .clone()
            .map(|e| (0..e.iter().product::<i64>()).map(|_| rng.next()).collect());
        Tensors { ext, data }
    }
    fn get(&self, r: Role, c: &[i64]) -> i64 {
        let i = role_ix(r);
        self.data[i][colex(c, &self.ext[i])]
    }
    fn set(&mut self, r: Role, c: &[i64], v: i64) {
        let i = role_ix(r);
        let k = colex(c, &self.ext[i]);
        self.data[i][k] = v;
    }
}

/// `C[c(p)] += A[a(p)] * B[b(p)]` over every point of `task`, computed directly. Each operand
/// map is linear in the flat iteration coordinate (one leaf per dimension), so the operand's
/// colex index is a dot product of the coordinate with per-dimension weights.
fn run_task(task: &Task, t: &mut Tensors) {
    let weights = [Role::A, Role::B, Role::C].map(|r| {
        let op = task.operand(r).unwrap();
        let modes = op.map.flat_modes();
        assert_eq!(modes.len(), task.extents.len());
        let mut scales = vec![1i64; op.extents.len()];
        for j in 1..op.extents.len() {
            scales[j] = scales[j - 1] * op.extents[j - 1];
        }
        modes
            .iter()
            .map(|(_, s)| {
                (0..op.extents.len())
                    .map(|j| s.coef(j) * scales[j])
                    .sum::<i64>()
            })
            .collect::<Vec<i64>>()
    });
    let ext = &task.extents;
    let mut p = vec![0i64; ext.len()];
    for _ in 0..task.volume() {
        let ix =
            [0, 1, 2].map(|k| weights[k].iter().zip(&p).map(|(a, b)| a * b).sum::<i64>() as usize);
        let v = t.data[0][ix[0]] * t.data[1][ix[1]];
        t.data[2][ix[2]] += v;
        for (d, x) in p.iter_mut().enumerate() {
            *x += 1;
            if *x < ext[d] {
                break;
            }
            *x = 0;
        }
    }
}

/// Runs one instruction instance with its canonical semantics: the registers of `a`, `b`, `c`
/// (indexed by the `(thread, value)` colex index) are placed on the canonical task operands
/// through the canonical maps, the canonical task runs, and `d`'s registers are read back.
fn run_canonical(canon: &ITex, regs: [&[i64]; 3]) -> Vec<i64> {
    let task = &canon.task;
    let mut slots: [Vec<Option<i64>>; 3] = [Role::A, Role::B, Role::C]
        .map(|r| vec![None; task.operand(r).unwrap().extents.iter().product::<i64>() as usize]);
    for (k, op) in [InstrOperand::A, InstrOperand::B, InstrOperand::C]
        .into_iter()
        .enumerate()
    {
        let ext = &task.operand(op.role()).unwrap().extents;
        for (i, c) in evals(canon.map(op).unwrap()).iter().enumerate() {
            let s = &mut slots[k][colex(c, ext)];
            match *s {
                Some(v) => assert_eq!(v, regs[k][i], "replicas of {op:?} {c:?} disagree"),
                None => *s = Some(regs[k][i]),
            }
        }
    }
    let mut t = Tensors {
        ext: [Role::A, Role::B, Role::C].map(|r| task.operand(r).unwrap().extents.clone()),
        data: slots.map(|v| {
            v.into_iter()
                .map(|x| x.expect("canonical operand element bound by no register"))
                .collect()
        }),
    };
    run_task(task, &mut t);
    evals(canon.map(InstrOperand::D).unwrap())
        .iter()
        .map(|c| t.get(Role::C, c))
        .collect()
}

/// Registers of instruction operand `op` bound from `t` by `itex`'s map, shifted by `shift`.
fn bind(itex: &ITex, op: InstrOperand, t: &Tensors, shift: &[i64]) -> Vec<i64> {
    evals(itex.map(op).unwrap())
        .iter()
        .map(|c| t.get(op.role(), &add(c, shift)))
        .collect()
}

/// Runs the instances of `itex` at `offsets` in order on the dense tensors `t` (each reads C
/// as the previous ones left it) and writes their `d` registers back through `itex`'s D map.
fn run_instances(itex: &ITex, canon: &ITex, offsets: &[Vec<i64>], t: &mut Tensors) {
    for off in offsets {
        let sh = |r: Role| operand_shift(itex, r, off);
        let a = bind(itex, InstrOperand::A, t, &sh(Role::A));
        let b = bind(itex, InstrOperand::B, t, &sh(Role::B));
        let c = bind(itex, InstrOperand::C, t, &sh(Role::C));
        let d = run_canonical(canon, [&a, &b, &c]);
        let dmap = evals(itex.map(InstrOperand::D).unwrap());
        // Replicated D registers must agree; write each coordinate once.
        let shift_c = sh(Role::C);
        let mut seen = std::collections::BTreeMap::new();
        for (i, cd) in dmap.iter().enumerate() {
            let cd = add(cd, &shift_c);
            if let Some(&v) = seen.get(&cd) {
                assert_eq!(v, d[i], "replicated d registers disagree at {cd:?}");
            }
            seen.insert(cd, d[i]);
        }
        for (cd, v) in seen {
            t.set(Role::C, &cd, v);
        }
    }
}

/// The semantic check of one derived iTex: random operands, one instance run with the
/// canonical semantics on registers bound through the derived maps, against the derived task
/// computed directly. Also: the task is the standard one and D covers all of C.
fn check_semantics(it: &ITex, seed: u64) {
    let canon = canonical(it.instruction).unwrap();
    assert_eq!(
        it.task,
        standard(it.task.kind, &it.task.extents),
        "{}",
        it.task
    );
    assert_eq!(it.task.volume(), canon.task.volume());
    let c_op = it.task.operand(Role::C).unwrap();
    let img: BTreeSet<Vec<i64>> = evals(it.map(InstrOperand::D).unwrap())
        .into_iter()
        .map(|c| {
            (0..c_op.extents.len())
                .map(|j| c.get(j).copied().unwrap_or(0))
                .collect()
        })
        .collect();
    assert_eq!(
        img.len() as i64,
        c_op.extents.iter().product::<i64>(),
        "D misses part of C"
    );
    let mut rng = Rng(seed);
    let trials = if it.task.volume() > 100_000 { 1 } else { 2 };
    for _ in 0..trials {
        let mut sim = Tensors::random(&it.task, &mut rng);
        let mut want = Tensors {
            ext: sim.ext.clone(),
            data: sim.data.clone(),
        };
        run_instances(it, &canon, &[vec![0; it.task.extents.len()]], &mut sim);
        run_task(&it.task, &mut want);
        assert_eq!(
            sim.data[2], want.data[2],
            "{} as {} ({:?}) computes the wrong C",
            it.instruction, it.task, it.origin
        );
    }
}

fn rules_of(it: &ITex) -> Vec<&str> {
    match &it.origin {
        Origin::Derived(r) => r.iter().map(String::as_str).collect(),
        o => panic!("not derived: {o:?}"),
    }
}

fn wgmma_sample() -> Vec<Instruction> {
    wgmma_instructions()
        .into_iter()
        .filter(|i| match i {
            // n = 256 (the largest tile) for one type pair only: keeps the debug run short.
            Instruction::Wgmma { n: 256, ab, acc } => (*ab, *acc) == (DType::F16, DType::F32),
            Instruction::Wgmma { n, .. } => matches!(n, 8 | 24),
            _ => false,
        })
        .collect()
}

// ---------------------------------------------------------------- rule coverage

#[test]
fn ffma_outer_products_are_all_factorizations_of_32() {
    let outs = derive_instr(Instruction::Ffma, TaskKind::OuterProduct).unwrap();
    let shapes: Vec<Vec<i64>> = outs.iter().map(|i| i.task.extents.clone()).collect();
    assert_eq!(
        shapes,
        vec![
            vec![1, 32],
            vec![2, 16],
            vec![4, 8],
            vec![8, 4],
            vec![16, 2],
            vec![32, 1]
        ]
    );
    for it in &outs {
        assert_eq!(rules_of(it), vec!["fma->outer"]);
        assert_eq!(it.instruction, Instruction::Ffma);
    }
}

#[test]
fn ffma_outer_4x8_has_the_papers_maps() {
    let outs = derive_instr(Instruction::Ffma, TaskKind::OuterProduct).unwrap();
    let it = outs.iter().find(|i| i.task.extents == [4, 8]).unwrap();
    let (a, b, d) = (
        it.map(InstrOperand::A).unwrap(),
        it.map(InstrOperand::B).unwrap(),
        it.map(InstrOperand::D).unwrap(),
    );
    for t in 0..32 {
        assert_eq!(a.eval(t), vec![t % 4]);
        assert_eq!(b.eval(t), vec![t / 4], "rs2 of lane {t}: B[n = t / 4]");
        assert_eq!(d.eval(t), vec![t % 4, t / 4]);
    }
    assert_eq!(b.to_string(), "((4,8),1):((0,1),0)");
    assert_eq!(d.to_string(), "((4,8),1):((E0,E1),0)");
}

#[test]
fn ffma_gemm_and_gemv() {
    let gemms = derive_instr(Instruction::Ffma, TaskKind::Gemm).unwrap();
    assert_eq!(gemms.len(), 6);
    for (it, m) in gemms.iter().zip([1, 2, 4, 8, 16, 32]) {
        assert_eq!(it.task.extents, vec![m, 32 / m, 1]);
        assert_eq!(rules_of(it), vec!["fma->outer", "outer->gemm"]);
    }
    let gemv = derive_instr(Instruction::Ffma, TaskKind::Gemv).unwrap();
    assert_eq!(gemv.len(), 1, "only GEMM(32, 1, 1) has n == 1");
    assert_eq!(gemv[0].task.extents, vec![32, 1]);
    assert_eq!(
        rules_of(&gemv[0]),
        vec!["fma->outer", "outer->gemm", "gemm->gemv"]
    );
    let fma = derive_instr(Instruction::Ffma, TaskKind::Fma).unwrap();
    assert_eq!(fma.len(), 1);
    assert_eq!(rules_of(&fma[0]), vec!["identity"]);
    assert_eq!(fma[0].maps, canonical(Instruction::Ffma).unwrap().maps);
}

#[test]
fn hfma2_factorizations_of_64() {
    let outs = derive_instr(Instruction::Hfma2, TaskKind::OuterProduct).unwrap();
    assert_eq!(outs.len(), 7);
    assert_eq!(
        derive_instr(Instruction::Hfma2, TaskKind::Gemv)
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn tensor_instructions_derive_only_their_canonical_gemm() {
    for instr in mma_instructions().into_iter().chain(wgmma_instructions()) {
        let canon = canonical(instr).unwrap();
        let gemms = derive_instr(instr, TaskKind::Gemm).unwrap();
        assert_eq!(gemms.len(), 1, "{instr}");
        assert_eq!(gemms[0].task, canon.task);
        assert_eq!(gemms[0].maps, canon.maps);
        assert_eq!(rules_of(&gemms[0]), vec!["identity"]);
        // n >= 8: GEMM(m, 1, k) is not reachable, so no GEMV; nothing goes back to FMA/outer.
        for kind in [TaskKind::Gemv, TaskKind::OuterProduct, TaskKind::Fma] {
            assert!(
                derive_instr(instr, kind).unwrap().is_empty(),
                "{instr} {kind}"
            );
        }
    }
}

#[test]
fn derived_bases_derive_further() {
    // Deriving from a derived iTex (FFMA as GEMM(32, 1, 1)) appends to its rule list.
    let outs = derive_instr(Instruction::Ffma, TaskKind::Gemm).unwrap();
    let base = outs.iter().find(|i| i.task.extents == [32, 1, 1]).unwrap();
    let gemv = derive(base, TaskKind::Gemv).unwrap();
    assert_eq!(gemv.len(), 1);
    assert_eq!(
        rules_of(&gemv[0]),
        vec!["fma->outer", "outer->gemm", "gemm->gemv"]
    );
}

#[test]
fn ex2_has_no_canonical_and_order_is_deterministic() {
    assert_eq!(
        derive_instr(Instruction::Ex2, TaskKind::Gemm),
        Err(DeriveError::NoCanonical(Instruction::Ex2))
    );
    let a = derive_instr(Instruction::Ffma, TaskKind::Gemm).unwrap();
    let b = derive_instr(Instruction::Ffma, TaskKind::Gemm).unwrap();
    assert_eq!(a, b);
}

#[test]
fn running_out_of_iterations_is_a_result() {
    let base = canonical(Instruction::Ffma).unwrap();
    let limits = DeriveLimits {
        iter_limit: 1,
        node_limit: 10_000,
    };
    let d = derive_with(&base, TaskKind::Gemv, limits).unwrap();
    assert_eq!(d.stop, DeriveStop::IterationLimit(1));
    assert!(d.itexes.is_empty());
    let full = derive_with(&base, TaskKind::Gemv, DeriveLimits::default()).unwrap();
    assert_eq!(full.stop, DeriveStop::Saturated);
    assert_eq!(full.itexes.len(), 1);
}

// ---------------------------------------------------------------- semantics

#[test]
fn every_derived_itex_computes_its_task() {
    let mut instrs = vec![Instruction::Ffma, Instruction::Hfma2];
    instrs.extend(mma_instructions());
    instrs.extend(wgmma_sample());
    let mut checked = 0;
    for (s, instr) in instrs.into_iter().enumerate() {
        for kind in [
            TaskKind::Fma,
            TaskKind::OuterProduct,
            TaskKind::Gemm,
            TaskKind::Gemv,
        ] {
            for it in derive_instr(instr, kind).unwrap() {
                check_semantics(&it, 17 + s as u64);
                checked += 1;
            }
        }
    }
    // FFMA 1+6+6+1, HFMA2 1+7+7+1, 5 mma, 9 sampled wgmma.
    assert_eq!(checked, 14 + 16 + 5 + 9);
}

#[test]
fn a_wrong_map_is_caught() {
    // Sanity of the checker itself: FFMA-as-outer(4,8) with rs2 bound to B[t mod 4] instead of
    // B[t / 4] (in range, so only the semantics can tell) must fail the check.
    let outs = derive_instr(Instruction::Ffma, TaskKind::OuterProduct).unwrap();
    let mut it = outs
        .iter()
        .find(|i| i.task.extents == [4, 8])
        .unwrap()
        .clone();
    let b = it
        .maps
        .iter()
        .position(|m| m.operand == InstrOperand::B)
        .unwrap();
    let wrong = Layout::concat(&[
        Layout::flat(&[(4, 1), (8, 0)]).unwrap(),
        Layout::flat(&[(1, 0)]).unwrap(),
    ]);
    it.maps[b].layout = wrong;
    let r = std::panic::catch_unwind(|| check_semantics(&it, 3));
    assert!(r.is_err());
}

// ---------------------------------------------------------------- transformed

/// The dense block covered by `s` instances at offsets `0..s` along `dim`.
fn tile_check(it: &ITex, dim: usize, s: i64) {
    let base_ext = it.task.extents.clone();
    let tr = restride(it, dim, s).unwrap();
    assert_eq!(dilation(&tr.task, dim), s * dilation(&it.task, dim));
    let rank = base_ext.len();
    let dense: Vec<i64> = (0..rank)
        .map(|d| base_ext[d] * dilation(&tr.task, d))
        .collect();
    let mut hit = std::collections::BTreeMap::<Vec<i64>, u32>::new();
    let offsets: Vec<Vec<i64>> = (0..s)
        .map(|o| (0..rank).map(|d| if d == dim { o } else { 0 }).collect())
        .collect();
    for off in &offsets {
        for p in covered_points(&tr, off) {
            for (d, &x) in p.iter().enumerate() {
                assert!((0..dense[d]).contains(&x), "{p:?} outside {dense:?}");
            }
            *hit.entry(p).or_default() += 1;
        }
    }
    assert_eq!(hit.len() as i64, dense.iter().product::<i64>(), "gaps");
    assert!(hit.values().all(|&n| n == 1), "overlaps");

    // Semantics: the s instances on dense operands compute the dense task.
    let canon = canonical(it.instruction).unwrap();
    let dense_task = standard(it.task.kind, &dense);
    for (j, role) in [Role::A, Role::B, Role::C].into_iter().enumerate() {
        assert_eq!(
            tr.task.operand(role).unwrap().extents,
            dense_task.operand(role).unwrap().extents,
            "operand {j}"
        );
    }
    let mut rng = Rng(99);
    let mut sim = Tensors::random(&dense_task, &mut rng);
    let mut want = Tensors {
        ext: sim.ext.clone(),
        data: sim.data.clone(),
    };
    run_instances(&tr, &canon, &offsets, &mut sim);
    run_task(&dense_task, &mut want);
    assert_eq!(
        sim.data[2], want.data[2],
        "{} restrided dim {dim} by {s}",
        it.task
    );
}

#[test]
fn papers_ffma_outer_restride_shares_float2_loads() {
    let outs = derive_instr(Instruction::Ffma, TaskKind::OuterProduct).unwrap();
    let it = outs.iter().find(|i| i.task.extents == [4, 8]).unwrap();
    let tr = restride(it, 1, 2).unwrap();
    match &tr.origin {
        Origin::Transformed { rules, how } => {
            assert_eq!(rules, &vec!["fma->outer".to_string()]);
            assert!(how.contains("8:1 -> 8:2"), "{how}");
        }
        o => panic!("{o:?}"),
    }
    assert_eq!(tr.task.operand(Role::B).unwrap().extents, vec![16]);
    let b = tr.map(InstrOperand::B).unwrap();
    for t in 0..32 {
        let n0 = add(&b.eval(t), &operand_shift(&tr, Role::B, &[0, 0]));
        let n1 = add(&b.eval(t), &operand_shift(&tr, Role::B, &[0, 1]));
        assert_eq!(n0, vec![2 * (t / 4)]);
        assert_eq!(n1[0], n0[0] + 1, "one aligned 64-bit load per lane");
    }
    tile_check(it, 1, 2);
}

#[test]
fn restride_tiles_exactly() {
    let outs = derive_instr(Instruction::Ffma, TaskKind::OuterProduct).unwrap();
    for it in &outs {
        for dim in 0..2 {
            for s in [1, 2, 4] {
                tile_check(it, dim, s);
            }
        }
    }
    let g = derive_instr(Instruction::Ffma, TaskKind::Gemm).unwrap();
    tile_check(&g[2], 2, 4); // k re-strided: 4 instances accumulate into the same C.
    let mma = canonical(Instruction::mma(DType::TF32, DType::F32).unwrap()).unwrap();
    for dim in 0..3 {
        tile_check(&mma, dim, 2);
    }
    // Stacked: restride twice multiplies the dilation.
    let tr = restride(&restride(&outs[2], 1, 2).unwrap(), 1, 3).unwrap();
    assert_eq!(dilation(&tr.task, 1), 6);
}

#[test]
fn restride_errors_and_transformed_derivation() {
    let it = canonical(Instruction::Ffma).unwrap();
    assert!(matches!(
        restride(&it, 1, 2),
        Err(DeriveError::BadDim { dim: 1, rank: 1 })
    ));
    assert_eq!(restride(&it, 0, 0), Err(DeriveError::BadStride(0)));
    let tr = restride(&it, 0, 2).unwrap();
    assert!(matches!(
        derive(&tr, TaskKind::OuterProduct),
        Err(DeriveError::Unsupported(_))
    ));
    let same = derive(&tr, TaskKind::Fma).unwrap();
    assert_eq!(same.len(), 1);
    assert_eq!(same[0].task, tr.task);
}
