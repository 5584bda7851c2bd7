//! GPU self-test of the runtime: hand-written NAIVE PTX GEMM kernels (one thread per C
//! element) following the mosaic kernel ABI, verified against cuBLAS and float64 at a ragged
//! and a square shape, deliberately broken kernels that must be caught, and a bench at
//! 2048^3 against cuBLAS. On sm_90 and later also a programmatic-dependent pair: the naive
//! kernel launched twice back to back with PDL passes `VerifyOpts::back_to_back` when it
//! runs `griddepcontrol.wait` first and must fail it without (its second launch reads the
//! old C first, while the first launch is still in its k-loop).
//!
//! `cargo run --release --example selftest -p mosaic-runtime` (exit 3 without a GPU, 1 when a
//! check does not come out as expected).

use runtime::{
    BenchOpts, Compute, CublasCheck, ElemType, GemmCall, KernelSpec, Layout, RuntimeError,
    VerifyOpts,
};

/// Which deliberate bug to plant in the naive kernel.
#[derive(Clone, Copy, PartialEq)]
enum Bug {
    None,
    /// Threads of the last column return early: C's last column is never written.
    SkipLastColumn,
    /// Not a bug: launched as a programmatic dependent, each thread runs
    /// `griddepcontrol.wait` before touching global memory, and reads the old C (beta != 0)
    /// before its k-loop rather than after.
    Pdl,
    /// As `Pdl` without the wait: a back-to-back second launch reads C while the first is
    /// still computing it.
    PdlNoWait,
}

impl Bug {
    fn pdl(self) -> bool {
        matches!(self, Bug::Pdl | Bug::PdlNoWait)
    }
}

/// Naive PTX GEMM for input type `ab`, output `c`, the given layouts. Block 16x16, x along N.
fn naive_ptx(ab: ElemType, c: ElemType, al: Layout, bl: Layout, bug: Bug) -> (String, String) {
    let entry = format!(
        "naive_{}_{}_{}{}{}",
        ab.name(),
        c.name(),
        if al == Layout::RowMajor { 'r' } else { 'c' },
        if bl == Layout::RowMajor { 'r' } else { 'c' },
        match bug {
            Bug::None => "",
            Bug::SkipLastColumn => "_bug",
            Bug::Pdl => "_pdl",
            Bug::PdlNoWait => "_pdl_bug",
        }
    );
    let int = c == ElemType::S32;
    let esz = ab.size_bytes();
    let clog = if c.size_bytes() == 4 { 2 } else { 1 };
    let scal = if int { ".s32" } else { ".f32" };
    // Load one input element at [addr] into the accumulator-typed register `dst`.
    let load = |dst: &str, addr: &str| -> String {
        match ab {
            ElemType::F32 => format!("ld.global.f32 {dst}, [{addr}];"),
            ElemType::F16 => format!("ld.global.b16 %h1, [{addr}];\n  cvt.f32.f16 {dst}, %h1;"),
            ElemType::BF16 => format!(
                "ld.global.u16 %r30, [{addr}];\n  shl.b32 %r30, %r30, 16;\n  mov.b32 {dst}, %r30;"
            ),
            ElemType::S8 => format!("ld.global.s8 {dst}, [{addr}];"),
            ElemType::S32 => unreachable!(),
        }
    };
    let (x, y, acc, al_, be_, t1) = if int {
        ("%r20", "%r21", "%r22", "%r23", "%r24", "%r25")
    } else {
        ("%f4", "%f5", "%f3", "%f1", "%f2", "%f6")
    };
    let fma = if int {
        format!("mad.lo.s32 {acc}, {x}, {y}, {acc};")
    } else {
        format!("fma.rn.f32 {acc}, {x}, {y}, {acc};")
    };
    let zero_acc = if int {
        format!("mov.s32 {acc}, 0;")
    } else {
        format!("mov.f32 {acc}, 0f00000000;")
    };
    let scale = if int {
        format!("mul.lo.s32 {acc}, {acc}, {al_};")
    } else {
        format!("mul.f32 {acc}, {acc}, {al_};")
    };
    let beta_zero = if int {
        format!("setp.eq.s32 %p2, {be_}, 0;")
    } else {
        format!("setp.eq.f32 %p2, {be_}, 0f00000000;")
    };
    let (load_c, add_c, store_c) = match c {
        ElemType::F32 => (
            format!("ld.global.f32 {t1}, [%rd8];"),
            format!("fma.rn.f32 {acc}, {be_}, {t1}, {acc};"),
            format!("st.global.f32 [%rd8], {acc};"),
        ),
        ElemType::F16 => (
            format!("ld.global.b16 %h2, [%rd8];\n  cvt.f32.f16 {t1}, %h2;"),
            format!("fma.rn.f32 {acc}, {be_}, {t1}, {acc};"),
            format!("cvt.rn.f16.f32 %h2, {acc};\n  st.global.b16 [%rd8], %h2;"),
        ),
        ElemType::S32 => (
            format!("ld.global.s32 {t1}, [%rd8];"),
            format!("mad.lo.s32 {acc}, {be_}, {t1}, {acc};"),
            format!("st.global.s32 [%rd8], {acc};"),
        ),
        _ => unreachable!("selftest C types are f32, f16, s32"),
    };
    // Strides in elements: A(i,k) = i*sai + k*sak, B(k,j) = k*sbk + j*sbj.
    let (sai, sak) = match al {
        Layout::RowMajor => ("%r3", "1"), // K, 1
        Layout::ColMajor => ("1", "%r1"), // 1, M
    };
    let (sbk, sbj) = match bl {
        Layout::RowMajor => ("%r2", "1"), // N, 1
        Layout::ColMajor => ("1", "%r3"), // 1, K
    };
    let bug_check = match bug {
        Bug::None | Bug::Pdl | Bug::PdlNoWait => String::new(),
        Bug::SkipLastColumn => {
            "sub.u32 %r29, %r2, 1;\n  setp.eq.u32 %p3, %r7, %r29;\n  @%p3 bra DONE;".into()
        }
    };
    // `griddepcontrol` is sm_90 (PTX ISA 7.8).
    let target = if bug.pdl() { "sm_90" } else { "sm_80" };
    let grid_dep = match bug {
        Bug::Pdl => "griddepcontrol.launch_dependents;\n  griddepcontrol.wait;",
        Bug::PdlNoWait => "griddepcontrol.launch_dependents;",
        _ => "",
    };
    // The C element's address (%rd8), and with PDL the old C read before the k-loop.
    let c_addr = format!(
        "mul.wide.u32 %rd8, %r8, %r2;\n  cvt.u64.u32 %rd9, %r7;\n  add.u64 %rd8, %rd8, %rd9;\n  shl.b64 %rd8, %rd8, {clog};\n  add.u64 %rd8, %rd3, %rd8;"
    );
    let early_c = if bug.pdl() {
        format!("{c_addr}\n  {beta_zero}\n  @%p2 bra KLOOP;\n  {load_c}\nKLOOP:")
    } else {
        String::new()
    };
    let late_c = if bug.pdl() {
        format!("{beta_zero}\n  @%p2 bra STORE;")
    } else {
        format!("{c_addr}\n  {beta_zero}\n  @%p2 bra STORE;\n  {load_c}")
    };
    let ptx = format!(
        r#".version 8.0
.target {target}
.address_size 64

.visible .entry {entry}(
  .param .u64 pA, .param .u64 pB, .param .u64 pC,
  .param .u32 pM, .param .u32 pN, .param .u32 pK,
  .param {scal} palpha, .param {scal} pbeta)
{{
  .reg .pred %p<5>;
  .reg .b32 %r<32>;
  .reg .b64 %rd<16>;
  .reg .f32 %f<8>;
  .reg .b16 %h<4>;

  {grid_dep}
  ld.param.u64 %rd1, [pA];
  ld.param.u64 %rd2, [pB];
  ld.param.u64 %rd3, [pC];
  ld.param.u32 %r1, [pM];
  ld.param.u32 %r2, [pN];
  ld.param.u32 %r3, [pK];
  ld.param{scal} {al_}, [palpha];
  ld.param{scal} {be_}, [pbeta];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  cvta.to.global.u64 %rd3, %rd3;
  mov.u32 %r4, %ctaid.x;
  mov.u32 %r5, %ntid.x;
  mov.u32 %r6, %tid.x;
  mad.lo.u32 %r7, %r4, %r5, %r6;
  mov.u32 %r4, %ctaid.y;
  mov.u32 %r5, %ntid.y;
  mov.u32 %r6, %tid.y;
  mad.lo.u32 %r8, %r4, %r5, %r6;
  setp.ge.u32 %p1, %r7, %r2;
  setp.ge.u32 %p2, %r8, %r1;
  or.pred %p1, %p1, %p2;
  @%p1 bra DONE;
  {bug_check}
  {early_c}
  mov.u32 %r9, {sai};
  mov.u32 %r10, {sak};
  mov.u32 %r11, {sbk};
  mov.u32 %r12, {sbj};
  mul.wide.u32 %rd4, %r8, %r9;
  mul.wide.u32 %rd5, %r7, %r12;
  mul.lo.u64 %rd4, %rd4, {esz};
  mul.lo.u64 %rd5, %rd5, {esz};
  add.u64 %rd4, %rd1, %rd4;
  add.u64 %rd5, %rd2, %rd5;
  mul.wide.u32 %rd6, %r10, {esz};
  mul.wide.u32 %rd7, %r11, {esz};
  {zero_acc}
  mov.u32 %r13, 0;
LOOP:
  setp.ge.u32 %p3, %r13, %r3;
  @%p3 bra END;
  {load_a}
  {load_b}
  {fma}
  add.u64 %rd4, %rd4, %rd6;
  add.u64 %rd5, %rd5, %rd7;
  add.u32 %r13, %r13, 1;
  bra LOOP;
END:
  {scale}
  {late_c}
  {add_c}
STORE:
  {store_c}
DONE:
  ret;
}}
"#,
        load_a = load(x, "%rd4"),
        load_b = load(y, "%rd5"),
    );
    (ptx, entry)
}

fn spec_for(call: &GemmCall, bug: Bug) -> KernelSpec {
    let (ptx, entry) = naive_ptx(call.a, call.c, call.a_layout, call.b_layout, bug);
    KernelSpec {
        ptx,
        entry,
        grid: [call.n.div_ceil(16), call.m.div_ceil(16), 1],
        block: [16, 16, 1],
        dynamic_smem_bytes: 0,
        tensor_maps: Vec::new(),
        workspace_bytes: 0,
        cluster_order: None,
        resident_clusters: None,
        programmatic_launch: bug.pdl(),
        padded: Vec::new(),
    }
}

fn gemm(m: u32, n: u32, k: u32, ab: ElemType, c: ElemType, compute: Compute) -> GemmCall {
    GemmCall::new(m, n, k, ab, c, compute)
}

fn run() -> Result<bool, RuntimeError> {
    let rt = runtime::Runtime::new()?;
    println!("device: {}", rt.info());
    let mut all_ok = true;
    use Compute as C;
    use ElemType as E;

    // (call, bug, expected to pass)
    let mut cases: Vec<(GemmCall, Bug, bool)> = Vec::new();
    for (m, n, k) in [(1000, 777, 333), (1024, 1024, 1024)] {
        cases.push((gemm(m, n, k, E::F32, E::F32, C::F32), Bug::None, true));
        cases.push((gemm(m, n, k, E::F16, E::F32, C::F32), Bug::None, true));
        cases.push((gemm(m, n, k, E::S8, E::S32, C::S32), Bug::None, true));
    }
    let mut c = gemm(1000, 777, 333, E::F32, E::F32, C::F32Pedantic);
    c.a_layout = Layout::ColMajor;
    c.alpha = 0.5;
    c.beta = -1.5;
    cases.push((c, Bug::None, true));
    let mut c = gemm(1000, 777, 333, E::F16, E::F16, C::F32);
    c.b_layout = Layout::ColMajor;
    c.beta = 1.0;
    cases.push((c, Bug::None, true));
    let mut c = gemm(513, 1000, 777, E::BF16, E::F32, C::F32);
    c.a_layout = Layout::ColMajor;
    c.b_layout = Layout::ColMajor;
    cases.push((c, Bug::None, true));
    // A broken kernel that must FAIL: its last column is never written (poison left).
    cases.push((
        gemm(1000, 777, 333, E::F32, E::F32, C::F32),
        Bug::SkipLastColumn,
        false,
    ));
    // Back to back as programmatic dependents (sm_90 and later): one CTA wave, long k-loops,
    // so that the second launch starts while the first computes; without its wait the
    // second reads the poisoned C and must FAIL.
    if rt.info().compute_capability.0 >= 9 {
        for bug in [Bug::Pdl, Bug::PdlNoWait] {
            cases.push((
                gemm(256, 256, 8192, E::F32, E::F32, C::F32),
                bug,
                bug == Bug::Pdl,
            ));
        }
    }

    println!();
    println!("== verify (fresh random inputs; tolerance is relative ‖out−ref‖/‖ref‖) ==");
    for (call, bug, expect) in &cases {
        let spec = spec_for(call, *bug);
        let opts = VerifyOpts {
            back_to_back: bug.pdl(),
            ..VerifyOpts::default()
        };
        let r = rt.verify(&spec, call, &opts)?;
        let ok = r.passed == *expect;
        all_ok &= ok;
        println!(
            "{} {}{}",
            if ok { "ok  " } else { "BAD " },
            r,
            if *expect {
                ""
            } else {
                "  [planted bug: must FAIL]"
            }
        );
        if let CublasCheck::Compared(s) = &r.vs_cublas
            && !r.passed
            && *expect
        {
            println!("      worst vs cuBLAS: {:?}", s.worst);
        }
    }

    // PTX that does not assemble: must be a one-line Load error carrying the JIT log.
    let bad = KernelSpec {
        ptx: ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry broken() { bogus.op %r1; ret; }\n".into(),
        entry: "broken".into(),
        grid: [1, 1, 1],
        block: [1, 1, 1],
        dynamic_smem_bytes: 0,
        tensor_maps: Vec::new(),
        workspace_bytes: 0,
        cluster_order: None,
        resident_clusters: None,
        programmatic_launch: false,
        padded: Vec::new(),
    };
    let call = gemm(16, 16, 16, E::F32, E::F32, C::F32);
    match rt.verify(&bad, &call, &VerifyOpts::default()) {
        Err(e @ RuntimeError::Load { .. }) => println!("ok   bad PTX -> {e}"),
        other => {
            all_ok = false;
            println!("BAD  bad PTX gave {other:?}");
        }
    }

    println!();
    println!("== bench (naive kernel vs cuBLAS, same process, interleaved) ==");
    let mut rows = Vec::new();
    for call in [
        gemm(2048, 2048, 2048, E::F32, E::F32, C::F32),
        gemm(2048, 2048, 2048, E::F16, E::F32, C::F32),
        gemm(2048, 2048, 2048, E::S8, E::S32, C::S32),
    ] {
        let spec = spec_for(&call, Bug::None);
        let r = rt.bench(&spec, &call, &BenchOpts::default())?;
        println!("{r}");
        rows.push(r);
    }
    println!();
    println!(
        "| {:<28} | {:>12} | {:>10} | {:>12} | {:>10} | {:>7} |",
        "GEMM", "mosaic us", "TFLOP/s", "cuBLAS us", "TFLOP/s", "ratio"
    );
    for r in &rows {
        let (cu_us, cu_tf) = match &r.cublas {
            Ok(t) => (format!("{:.1}", t.median_us), format!("{:.2}", t.tflops)),
            Err(_) => ("n/a".into(), "n/a".into()),
        };
        println!(
            "| {:<28} | {:>12.1} | {:>10.2} | {:>12} | {:>10} | {:>7} |",
            format!(
                "{}x{}x{} {}->{}",
                r.call.m, r.call.n, r.call.k, r.call.a, r.call.c
            ),
            r.mosaic.median_us,
            r.mosaic.tflops,
            cu_us,
            cu_tf,
            r.ratio
                .map(|x| format!("{x:.4}"))
                .unwrap_or_else(|| "n/a".into())
        );
    }
    Ok(all_ok)
}

fn main() {
    // `selftest --dump-ptx DIR`: write the kernels' PTX (to check with ptxas) and exit.
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 3 && args[1] == "--dump-ptx" {
        use ElemType as E;
        for (ab, c) in [
            (E::F32, E::F32),
            (E::F16, E::F32),
            (E::F16, E::F16),
            (E::BF16, E::F32),
            (E::S8, E::S32),
        ] {
            for al in [Layout::RowMajor, Layout::ColMajor] {
                for bl in [Layout::RowMajor, Layout::ColMajor] {
                    for bug in [Bug::None, Bug::SkipLastColumn, Bug::Pdl, Bug::PdlNoWait] {
                        let (ptx, entry) = naive_ptx(ab, c, al, bl, bug);
                        std::fs::write(format!("{}/{entry}.ptx", args[2]), ptx).unwrap();
                    }
                }
            }
        }
        return;
    }
    match run() {
        Ok(true) => println!("\nselftest: all checks as expected"),
        Ok(false) => {
            println!("\nselftest: SOME CHECKS NOT AS EXPECTED");
            std::process::exit(1);
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(e.exit_code());
        }
    }
}
