//! The `mosaic plans` command line: rankings the issue promises, JSON that parses, and one-line
//! errors with a non-zero exit for bad input.

use std::process::{Command, Output};

fn mosaic(args: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mosaic"))
        .args(args.split_whitespace())
        .output()
        .expect("runs")
}

/// `mosaic ARGS`, which must exit with `code`, one line on standard error and nothing on
/// standard output: that line.
fn refused(args: &str, code: i32) -> String {
    let out = mosaic(args);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(code), "{args}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args}: {err}");
    assert!(out.stdout.is_empty(), "{args}");
    err
}

/// `compile gemm ARGS --target sm_90a` into a fresh temporary file: its standard output and
/// PTX; panics (with the error) unless it succeeds.
fn sm90a_compiled(args: &str) -> (String, String) {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("mosaic-cli-{}-{n}.ptx", std::process::id()));
    let out = mosaic(&format!(
        "compile gemm {args} --target sm_90a -o {}",
        path.display()
    ));
    assert!(
        out.status.success(),
        "{args}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ptx = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    (String::from_utf8_lossy(&out.stdout).to_string(), ptx)
}

fn plans_json(args: &str) -> serde_json::Value {
    let out = mosaic(&format!("plans gemm {args} --json"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("--json output parses")
}

fn instructions(plan: &serde_json::Value) -> Vec<String> {
    plan["mix_percent"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e[0].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn sm89_tf32_ranks_a_mixed_ffma_mma_plan_above_the_pure_ones() {
    let v = plans_json("--m 4096 --n 4096 --k 4096 --dtype tf32 --target sm_89 --top 50");
    let plans = v["plans"].as_array().unwrap();
    let first = instructions(&plans[0]);
    assert_eq!(first.len(), 2, "best plan is not mixed: {first:?}");
    assert!(
        first.iter().any(|i| i == "ffma")
            && first.iter().any(|i| i.starts_with("mma.m16n8k8.tf32"))
    );
    let cycles = |p: &serde_json::Value| p["plan"]["modeled"]["cycles"].as_f64().unwrap();
    let best_pure = plans
        .iter()
        .filter(|p| instructions(p).len() == 1)
        .map(cycles)
        .fold(f64::INFINITY, f64::min);
    assert!(
        cycles(&plans[0]) < best_pure,
        "mixed {} vs pure {best_pure}",
        cycles(&plans[0])
    );
    for p in plans {
        assert_eq!(p["exact_cover"]["exact"], true);
    }
}

#[test]
fn sm90a_f16_ranks_wgmma_first() {
    let v = plans_json("--m 4096 --n 4096 --k 4096 --dtype f16 --target sm_90a");
    let first = instructions(&v["plans"][0]);
    assert_eq!(first.len(), 1);
    assert!(first[0].starts_with("wgmma."), "{first:?}");
}

/// An f32 C stored from warp-level fragments: element by element at odd N, in aligned pairs
/// at even N, both charged by the model (bound "c-stores"), so a wgmma plan (whose epilogue
/// writes C through staged rows or a TMA store) ranks first. Measured on an H100
/// (docs/BENCHMARKS.md): at 1752x2557x288 the mma.sync default ran 0.785x cuBLAS, the first
/// wgmma plan with row stores 1.989x (run 45-b); at 2568x1808x192 the mma.sync default 18.4
/// us, the first wgmma plans 12.9 us (run 46-c). The single-element rate is the lower one.
#[test]
fn sm90a_warp_level_c_stores_are_charged() {
    for shape in ["--m 1752 --n 2557 --k 288", "--m 2568 --n 1808 --k 192"] {
        let v = plans_json(&format!("{shape} --target sm_90a --top 60"));
        let first = instructions(&v["plans"][0]);
        assert!(first[0].starts_with("wgmma."), "{shape}: {first:?}");
    }
    let text = |args: &str| String::from_utf8_lossy(&mosaic(args).stdout).to_string();
    let tflops = |args: &str| -> f64 {
        let t = text(args);
        let line = t
            .lines()
            .find(|l| l.contains("bound by c-stores"))
            .expect("a charged plan");
        line.split_whitespace().nth(3).unwrap().parse().unwrap()
    };
    // The first charged plan at odd N is priced below the first at even N: single stores
    // run slower than pairs.
    let odd = tflops("plans gemm --m 1752 --n 2557 --k 288 --target sm_90a --top 60");
    let even = tflops("plans gemm --m 1752 --n 2558 --k 288 --target sm_90a --top 60");
    assert!(odd < even, "odd {odd} even {even}");
}

/// Decode shapes rank transposed plans first, and `plans` agrees with `compile`: wgmma's n
/// takes the caller's m = 16, and the plan's problem is the transposed one.
#[test]
fn sm90a_decode_ranks_a_transposed_plan_first() {
    let v = plans_json("--m 16 --n 4096 --k 4096 --dtype f16 --target sm_90a");
    let first = &v["plans"][0];
    assert_eq!(first["plan"]["transposed"], true, "{first}");
    assert_eq!(first["plan"]["problem"]["m"], 4096);
    assert_eq!(first["plan"]["problem"]["n"], 16);
    assert_eq!(instructions(first), ["wgmma.m64n16k16.f16.f32"]);
    let ptx = std::env::temp_dir().join("mosaic_cli_transposed.ptx");
    let out = mosaic(&format!(
        "compile gemm --m 16 --n 4096 --k 4096 --dtype f16 --target sm_90a -o {}",
        ptx.display()
    ));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("transpose computes C^T = B^T A^T"), "{text}");
}

/// `--stream-k on` ranks stream-K plans and lowers one: the kernel takes the workspace
/// parameter and traps on a grid other than its own; `plans --stream-k` agrees; a target
/// without warpgroup plans is refused in one line.
#[test]
fn stream_k_on_compiles_a_stream_k_kernel() {
    let v = plans_json("--m 4096 --n 4096 --k 4096 --dtype f16 --target sm_90a --stream-k");
    assert_eq!(v["plans"][0]["plan"]["stream_k"], true);
    assert_eq!(v["plans"][0]["plan"]["split_k"], 1);
    let ptx = std::env::temp_dir().join("mosaic_cli_stream_k.ptx");
    let out = mosaic(&format!(
        "compile gemm --m 4096 --n 4096 --k 4096 --dtype f16 --target sm_90a --stream-k on -o {}",
        ptx.display()
    ));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("schedule  stream-K"), "{text}");
    let code = std::fs::read_to_string(&ptx).unwrap();
    assert!(code.contains(".param .u64 W") && code.contains("trap;"));
    let v = plans_json("--m 4096 --n 4096 --k 4096 --dtype f16 --target sm_90a");
    assert_eq!(v["plans"][0]["plan"]["stream_k"], false);
    let out =
        mosaic("compile gemm --m 512 --n 512 --k 512 --dtype f16 --target sm_80 --stream-k on");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("needs a warpgroup") && err.lines().count() == 1,
        "{err}"
    );
}

#[test]
fn text_output_says_exact_cover_for_every_plan() {
    let out = mosaic("plans gemm --m 1000 --n 3000 --k 777 --dtype bf16 --target sm_80 --top 7");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.matches("exact cover: yes").count(), 7, "{text}");
    assert!(!text.contains("exact cover: NO"));
}

#[test]
fn output_is_deterministic() {
    let args = "plans gemm --m 777 --n 4096 --k 333 --dtype tf32 --target sm_89 --top 10 --json";
    assert_eq!(mosaic(args).stdout, mosaic(args).stdout);
}

#[test]
fn bmm_takes_a_batch() {
    let v = serde_json::from_slice::<serde_json::Value>(
        &mosaic("plans bmm --batch 8 --m 512 --n 512 --k 512 --dtype f16 --target sm_90a --json")
            .stdout,
    )
    .unwrap();
    assert_eq!(v["plans"][0]["plan"]["problem"]["batch"], 8);
}

#[test]
fn bad_input_is_one_line_and_non_zero() {
    let cases = [
        ("plans gemm --m 0 --n 64 --k 64 --target sm_89", "m = 0"),
        ("plans gemm --m -5 --n 64 --k 64 --target sm_89", "m = -5"),
        (
            "plans gemm --m 64 --n 99999999999999999999 --k 64 --target sm_89",
            "does not fit",
        ),
        (
            "plans gemm --m 64 --n 64 --k 4294967296 --target sm_89",
            "exceeds",
        ),
        ("plans gemm --m 64 --n 64 --k x --target sm_89", "integer"),
        ("plans gemm --m 64 --n 64 --k 64 --target sm_99", "sm_99"),
        (
            "plans gemm --m 64 --n 64 --k 64 --target sm_90a --gpu rtx4090",
            "rtx4090",
        ),
        (
            "plans gemm --m 64 --n 64 --k 64 --target sm_89 --dtype f64",
            "unknown dtype",
        ),
        (
            "plans gemm --m 64 --n 64 --k 64 --target sm_89 --ratio 1 --only tensor",
            "cannot be used with",
        ),
        (
            "plans gemm --m 64 --n 64 --k 64 --target sm_89 --ratio -1",
            "ratio",
        ),
        (
            "plans gemm --m 64 --n 64 --k 64 --target sm_89 --dtype s8 --ratio 1",
            "vector",
        ),
        (
            "plans gemm --m 64 --n 64 --k 64 --target sm_89 --dtype f32 --ratio 0.5",
            "tensor",
        ),
        (
            "plans gemm --m 64 --n 64 --k 64 --target sm_89 --batch 2",
            "bmm",
        ),
        (
            "plans gemm --m 64 --n 64 --k 64 --target sm_89 --top 0",
            "top",
        ),
        ("plans bmm --m 64 --n 64 --k 64 --target sm_89", "batch"),
        (
            "bench bmm --batch 2 --m 64 --n 64 --k 64 --target sm_80 --suite llm",
            "GEMM suite",
        ),
        ("plans gemm --m 64 --n 64 --target sm_89", "--k"),
        (
            "bench gemm --m 64 --n 64 --k 64 --target sm_90a --energy 0",
            "--energy takes",
        ),
        (
            "bench gemm --m 64 --n 64 --k 64 --target sm_90a --energy nan",
            "--energy takes",
        ),
        (
            "compile gemm --m 64 --n 64 --k 64 --target sm_90a --ratio x",
            "--ratio expects",
        ),
        (
            "compile gemm --m 64 --n 64 --k 64 --target sm_90a --c-dtype bf16",
            "--c-dtype bf16 needs --dtype bf16",
        ),
        (
            "compile gemm --m 64 --n 64 --k 64 --target sm_90a --dtype tf32 --c-dtype f16",
            "--c-dtype f16 needs --dtype f16",
        ),
        (
            "compile gemm --m 64 --n 64 --k 64 --target sm_90a --c-dtype f16 --stream-k on",
            "keeps an f32 C",
        ),
        (
            "compile gemm --m 64 --n 64 --k 64 --target sm_90a --c-dtype f32",
            "invalid value",
        ),
        (
            "compile gemm --m 64 --n 64 --k 64 --target sm_80 --multicast a",
            "--multicast a needs a warpgroup",
        ),
    ];
    for (args, needle) in cases {
        let err = refused(args, 2);
        assert!(err.contains(needle), "{args}: '{err}' lacks '{needle}'");
        assert!(!err.contains("panicked"), "{args}: {err}");
    }
}

#[test]
fn text_output_shows_each_plans_kernel_as_compile_builds_it() {
    // Lone decode grids: the plan carries the deeper ring, and `plans` shows what `compile
    // --plan N` builds with the same layouts (a column-major B admits 96-column tiles).
    for (shape, first) in [
        (
            "--m 128 --n 4096 --k 4096 --dtype f16 --target sm_90a",
            "64x64x64",
        ),
        (
            "--m 128 --n 6144 --k 4096 --dtype f16 --b-layout col --target sm_90a",
            "64x96x64",
        ),
    ] {
        let text = plans_text(&format!("{shape} --top 3"));
        let kernels = kernel_lines(&text);
        assert_eq!(kernels.len(), 3, "{text}");
        for (i, line) in kernels.iter().enumerate() {
            let out = mosaic(&format!(
                "compile gemm {shape} --plan {} -o /dev/null",
                i + 1
            ));
            assert!(out.status.success());
            let compiled = String::from_utf8(out.stdout).unwrap();
            assert!(compiled.lines().any(|l| l == *line), "{line}\n{compiled}");
        }
        let cta = text.lines().find(|l| l.starts_with("  cta ")).unwrap();
        assert!(cta.contains(first), "{cta}");
        let stages = kernels[0]
            .split(", ")
            .find(|x| x.ends_with(" stages"))
            .unwrap();
        assert!(cta.ends_with(stages), "{cta} / {}", kernels[0]);
    }
}

/// `mosaic plans gemm <args>`'s text output.
fn plans_text(args: &str) -> String {
    let out = mosaic(&format!("plans gemm {args}"));
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// The kernel lines of `plans` text output, one per plan.
fn kernel_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.starts_with("  kernel "))
        .collect()
}

/// `plans --json` carries the same kernel launch as the text output's kernel line.
#[test]
fn json_plans_carry_the_kernel_compile_builds() {
    let shape = "--m 128 --n 6144 --k 4096 --dtype f16 --b-layout col --target sm_90a --top 3";
    let v = plans_json(shape);
    let text = plans_text(shape);
    let lines = kernel_lines(&text);
    assert_eq!(lines.len(), 3, "{text}");
    for (i, line) in lines.iter().enumerate() {
        let k = &v["plans"][i]["kernel"];
        assert!(k["not_built"].is_null(), "{k}");
        let g = |key: &str, j: usize| k[key][j].as_u64().unwrap();
        let expect = format!(
            "  kernel    {} grid {}x{}x{}, block {}, {} bytes shared, {} stages{}",
            k["entry"].as_str().unwrap(),
            g("grid", 0),
            g("grid", 1),
            g("grid", 2),
            g("block", 0),
            k["smem_bytes"],
            k["stages"],
            if k["programmatic_launch"].as_bool().unwrap() {
                ", programmatic launch"
            } else {
                ""
            }
        );
        assert_eq!(*line, expect);
    }
}

/// Runs `args -o FILE` (a `compile` command) in a fresh folder named after `tag`, which must
/// succeed, and returns its `kernel` line and the PTX it wrote.
fn compile_to_file(tag: &str, args: &str) -> (String, String) {
    let dir = std::env::temp_dir().join(format!("{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("k.ptx");
    let run = mosaic(&format!("{args} -o {}", out.display()));
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = String::from_utf8(run.stdout).unwrap();
    let line = text.lines().find(|l| l.starts_with("  kernel ")).unwrap();
    let ptx = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    (line.to_string(), ptx)
}

/// `compile bmm` builds one grid layer per batch on the warp path (here also on sm_90a: B's
/// row pitch of 60 f16, 120 bytes, is no TMA pitch); `--batch` is required there and
/// refused by `compile gemm`.
#[test]
fn compile_bmm_puts_the_batch_on_grid_z() {
    let (line, ptx) = compile_to_file(
        "mosaic-bmm",
        "compile bmm --batch 6 --m 100 --n 60 --k 40 --target sm_90a",
    );
    assert!(line.contains("x6, block"), "{line}");
    assert!(ptx.contains("%ctaid.z"), "batch index");
    assert!(!ptx.contains("wgmma"), "warp path");
    for (args, msg) in [
        (
            "compile bmm --m 10 --n 10 --k 10 --target sm_80",
            "bmm needs --batch",
        ),
        (
            "compile gemm --batch 2 --m 10 --n 10 --k 10 --target sm_80",
            "--batch is for bmm",
        ),
    ] {
        let r = mosaic(args);
        assert_eq!(r.status.code(), Some(2), "{args}");
        assert!(String::from_utf8_lossy(&r.stderr).contains(msg), "{args}");
    }
}

/// On sm_90a a batched GEMM the wgmma path takes is one 1-D grid over every batch's tiles
/// with 3-D tensor maps; stream-K (one batch's schedule) is refused for it, and a warp kernel
/// of more batches than a grid's z extent holds is refused, each in one line.
#[test]
fn compile_bmm_on_sm_90a_takes_the_wgmma_path() {
    let (line, ptx) = compile_to_file(
        "mosaic-bmm90",
        "compile bmm --batch 8 --m 512 --n 512 --k 512 --target sm_90a",
    );
    assert!(line.contains("x1x1, block"), "{line}");
    assert!(ptx.contains("wgmma.mma_async"), "wgmma path");
    assert!(ptx.contains("cp.async.bulk.tensor.3d"), "3-D maps");
    assert!(!ptx.contains("%ctaid.z"), "one grid over the batches");
    for (args, msg) in [
        (
            "compile bmm --batch 2 --m 2048 --n 2048 --k 2048 --target sm_90a --stream-k on",
            "takes one batch",
        ),
        (
            "compile bmm --batch 100000 --m 64 --n 64 --k 64 --target sm_80",
            "at most 65535",
        ),
    ] {
        let r = mosaic(args);
        let err = String::from_utf8_lossy(&r.stderr);
        assert!(!r.status.success(), "{args}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args}: {err}");
        assert!(err.contains(msg), "{args}: {err}");
    }
}

/// `compile --ratio` ranks as `plans --ratio` does: on sm_90a tf32 (column-major B) a small
/// ratio builds a heterogeneous warpgroup tile, a wgmma 8 columns narrower than the tile
/// with FFMAs on its shared stages; without it the default stays pure wgmma.
#[test]
fn compile_ratio_builds_ffma_columns_beside_the_wgmma() {
    let shape = "--m 4096 --n 4096 --k 4096 --dtype tf32 --b-layout col --target sm_90a";
    let (_, mixed) = compile_to_file(
        "mosaic-ratio",
        &format!("compile gemm {shape} --ratio 0.03"),
    );
    assert!(mixed.contains("m64n248k8.f32.tf32"));
    assert!(mixed.contains("fma.rn.f32") && mixed.contains("ld.shared.v4.f32"));
    let (_, pure) = compile_to_file("mosaic-noratio", &format!("compile gemm {shape}"));
    assert!(pure.contains("m64n256k8.f32.tf32"));
    // (The epilogue's beta path has FMAs of its own.)
    let fmas = |ptx: &str| ptx.matches("fma.rn.f32").count();
    assert!(
        fmas(&mixed) >= fmas(&pure) + 8 * 16,
        "{} vs {}",
        fmas(&mixed),
        fmas(&pure)
    );
    assert!(!pure.contains("ld.shared.v4.f32"));
}

/// `--multicast ab` builds a 4-CTA cluster kernel that multicasts A and B, says so under the
/// plan, also on a transposed decode plan, and refuses in one line a cluster of more than 8
/// CTAs (a 2 x 2 block per k-split of a split-K 4 plan) or a block wider than the grid.
#[test]
fn multicast_ab_builds_block_clusters_or_refuses_in_one_line() {
    let (stdout, ptx) = sm90a_compiled("--m 4096 --n 4096 --k 4096 --multicast ab");
    assert!(stdout.contains("4-CTA cluster of 2 x 2 tiles"), "{stdout}");
    assert!(ptx.contains(".reqnctapercluster 4, 1, 1"));
    let (stdout, ptx) = sm90a_compiled("--m 128 --n 3496 --k 5816 --multicast ab");
    assert!(stdout.contains("transpose computes"), "{stdout}");
    assert!(ptx.contains(".reqnctapercluster 4, 1, 1"));
    // The default there: 4 x 2 blocks of the transposed 64x64 grid (`half_rows`).
    let (stdout, ptx) = sm90a_compiled("--m 128 --n 3496 --k 5816");
    assert!(stdout.contains("8-CTA cluster of 4 x 2 tiles"), "{stdout}");
    assert!(ptx.contains(".reqnctapercluster 8, 1, 1"));
    // A block wider than the grid (a transposed M = 16 grid has one tile column).
    let err = refused(
        "compile gemm --m 16 --n 8192 --k 4096 --target sm_90a --multicast ab -o /dev/null",
        1,
    );
    assert!(
        err.contains("larger than plan 1's grid of 128 x 1 tiles"),
        "{err}"
    );
    let err = refused(
        "compile gemm --m 128 --n 1104 --k 4608 --target sm_90a --multicast ab -o /dev/null",
        1,
    );
    assert!(
        err.contains("split-K 4") && err.contains("clusters of at most 8 CTAs"),
        "{err}"
    );
}

/// Blocks of other shapes (`--multicast abRxC`): 2 x 4 builds 8-CTA clusters; a block that is
/// not powers of two or holds more than 8 CTAs is refused in one line (exit 1), a malformed
/// value by the argument parser (exit 2). The decode rule's 2 x 2 block
/// (`Plan::multicast_a`) reaches the default kernel of 113x1960x1688, and `--multicast off`
/// takes it away. (Since run 38 128x2648x7624 and 128x2840x4608, the shapes used before,
/// take transposed split-K 4 grids.)
#[test]
fn multicast_blocks_of_other_shapes_and_the_decode_default() {
    let (stdout, ptx) = sm90a_compiled("--m 128 --n 4928 --k 5480 --plan 1 --multicast ab2x4");
    assert!(
        stdout.contains("an 8-CTA cluster of 2 x 4 tiles"),
        "{stdout}"
    );
    assert!(ptx.contains(".reqnctapercluster 8, 1, 1"));
    let (stdout, ptx) = sm90a_compiled("--m 113 --n 1960 --k 1688");
    assert!(stdout.contains("4-CTA cluster of 2 x 2 tiles"), "{stdout}");
    assert!(ptx.contains(".reqnctapercluster 4, 1, 1"));
    assert_eq!(
        ptx.matches(".multicast::cluster").count(),
        2,
        "one A and one B copy"
    );
    let (_, ptx) = sm90a_compiled("--m 113 --n 1960 --k 1688 --multicast off");
    assert!(!ptx.contains(".reqnctapercluster") && !ptx.contains(".multicast::cluster"));
    for (block, code) in [("ab3x2", 1), ("ab4x4", 1), ("abx2", 2), ("ab2", 2)] {
        let out = mosaic(&format!(
            "compile gemm --m 4096 --n 4096 --k 4096 --target sm_90a --multicast {block} -o /dev/null"
        ));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{block}: {err}");
        if code == 1 {
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
            assert!(err.contains("powers of two"), "{err}");
        }
    }
}

/// `--multicast a` builds a 2-CTA cluster kernel that multicasts A (with split-K 4, an 8-CTA
/// cluster, one pair per k-split), and refuses in one line (exit 1, as other combinations
/// code generation cannot build) where A multicast does not apply: stream-K, a GPC-major
/// cluster order.
#[test]
fn multicast_a_builds_clusters_or_refuses_in_one_line() {
    let (_, ptx) = sm90a_compiled("--m 128 --n 6144 --k 4096 --multicast a");
    assert!(ptx.contains(".reqnctapercluster 2, 1, 1"));
    assert!(ptx.contains(".multicast::cluster"));
    let (stdout, ptx) = sm90a_compiled("--m 128 --n 1104 --k 4608 --multicast a");
    assert!(stdout.contains("split-K   4 k-splits"), "{stdout}");
    assert!(ptx.contains(".reqnctapercluster 8, 1, 1"));
    assert!(ptx.contains(".multicast::cluster") && ptx.contains("st.async"));
    for (args, need) in [
        ("--m 4096 --n 4096 --k 4096 --stream-k on", "no stream-K"),
        (
            "--m 4096 --n 4096 --k 4096 --cluster-order on",
            "cluster order",
        ),
    ] {
        let err = refused(
            &format!("compile gemm {args} --target sm_90a --multicast a -o /dev/null"),
            1,
        );
        assert!(
            err.contains("A multicast") && err.contains(need),
            "{args}: {err}"
        );
    }
}

/// `mosaic simulate ARGS`: its standard output; panics (with the error) unless it succeeds.
fn simulated(args: &str) -> String {
    let out = mosaic(&format!("simulate {args}"));
    assert!(
        out.status.success(),
        "{args}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).to_string()
}

#[test]
fn simulate_checks_the_default_kernels_without_a_gpu() {
    // The decode defaults: M = 128's 8-CTA clusters of 4 x 2 transposed tiles and, on grids
    // of at most 64 CTAs, split-K 2 of 64x64 tiles; M = 16's split-K 4 of 192-row tiles;
    // then ragged shapes of other types, layouts and targets.
    let s = simulated("gemm --m 128 --n 2304 --k 1024 --target sm_90a");
    assert!(s.contains("8-CTA cluster of 4 x 2 tiles"), "{s}");
    assert!(
        s.contains("C matches the exact reference at all 1 x 128 x 2304"),
        "{s}"
    );
    let s = simulated("gemm --m 128 --n 2048 --k 1024 --target sm_90a");
    assert!(s.contains("split-K   2 k-splits"), "{s}");
    assert!(
        s.contains("C matches the exact reference at all 1 x 128 x 2048"),
        "{s}"
    );
    let s = simulated("gemm --m 16 --n 4096 --k 4096 --target sm_90a --alpha 2 --beta -1");
    assert!(s.contains("split-K   4 k-splits"), "{s}");
    for args in [
        "gemm --m 100 --n 300 --k 200 --dtype bf16 --b-layout col --target sm_90a",
        "gemm --m 72 --n 136 --k 100 --dtype tf32 --b-layout col --target sm_90a --beta 1",
        "bmm --batch 3 --m 40 --n 72 --k 56 --target sm_90a --seed 7",
        "gemm --m 70 --n 90 --k 50 --dtype f16acc --target sm_80",
    ] {
        let s = simulated(args);
        assert!(s.contains("C matches the exact reference"), "{args}: {s}");
    }
    // The profile: every thread's instructions, by opcode and section; the consumers'
    // main loop (`CONSUME`) issues the wgmma.
    let s = simulated("gemm --m 200 --n 312 --k 136 --target sm_90a --profile");
    assert!(
        s.contains("PTX thread instructions per CTA (20 CTAs)"),
        "{s}"
    );
    assert!(
        s.contains("opcode   wgmma.mma_async") && s.contains("section  CONSUME"),
        "{s}"
    );
    // Too large to simulate: refused in one line before compiling.
    let out = mosaic("simulate gemm --m 8192 --n 8192 --k 8192 --target sm_90a");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("too many to simulate") && err.lines().count() == 1,
        "{err}"
    );
}

/// `--k-pair on` builds a 384-thread kernel that hands a partial tile over on named barrier
/// 6, and refuses in one line (exit 1) plans it cannot take; `--l2-prefetch D` adds the
/// prefetches, and a distance past 4096 k-tiles is refused by the argument parser (exit 2).
#[test]
fn k_pair_and_l2_prefetch_build_or_refuse_in_one_line() {
    let (stdout, ptx) = sm90a_compiled("--m 128 --n 3776 --k 1352 --k-pair on");
    assert!(stdout.contains("block 384"), "{stdout}");
    assert!(ptx.contains("bar.arrive 6, 256;") && ptx.contains("bar.sync 6, 256;"));
    for (args, need) in [
        (
            "--m 128 --n 3776 --k 1352 --persistent on",
            "a non-persistent plan",
        ),
        ("--m 128 --n 3776 --k 1352 --stages 2", "3 or more"),
        ("--m 16 --n 4096 --k 4096", "one warpgroup"),
    ] {
        let err = refused(
            &format!("compile gemm {args} --target sm_90a --k-pair on -o /dev/null"),
            1,
        );
        assert!(
            err.contains("splitting the k-tiles") && err.contains(need),
            "{args}: {err}"
        );
    }
    let (_, ptx) = sm90a_compiled("--m 128 --n 3776 --k 1352 --l2-prefetch 4");
    assert!(ptx.contains("cp.async.bulk.prefetch.tensor.2d.L2.global"));
    let (_, plain) = sm90a_compiled("--m 128 --n 3776 --k 1352");
    assert!(!plain.contains("prefetch.tensor.2d"));
    let out = mosaic("compile gemm --m 128 --n 3776 --k 1352 --target sm_90a --l2-prefetch 5000");
    assert_eq!(out.status.code(), Some(2));
}

/// `--pdl on` builds a warpgroup kernel that lets the next grid launch and waits for the
/// previous one; a warp-level (sm_80 mma.sync) plan is refused in one line (exit 1); an
/// unknown value by the parser (exit 2); by default warpgroup kernels take it and
/// warp-level ones build without it.
/// tf32 with a row-major B (the default layout): wgmma reads tf32 K-major only, so the
/// default copies B transposed first where that pays (run 48-a: 1.72x over 17 LLM-suite
/// shapes), including 16x6144x4096, where the model's warp-level latency scale moved it
/// (48-c: 1.28x); a B of 315 MB at M = 128 keeps mma.sync, since its copy would cost more
/// than the GEMM.
#[test]
fn tf32_row_major_b_takes_transposed_wgmma_with_a_from_registers() {
    // C^T = B^T A^T: the caller's row-major B is the kernel's MN-major A, loaded from its
    // tile into the registers wgmma takes A from; no transposing copy (run 49-a: 1.07x
    // cuBLAS over the LLM suite, H100). A column-major A goes the same way in a plain plan.
    let from_regs = |ptx: &str| {
        ptx.lines()
            .any(|l| l.contains("wgmma.mma_async") && l.contains("}, {%r"))
    };
    for shape in [
        "--m 4096 --n 6144 --k 4096",
        "--m 128 --n 15360 --k 5120",
        "--m 16 --n 28672 --k 4096",
    ] {
        let (out, ptx) = sm90a_compiled(&format!("{shape} --dtype tf32"));
        assert!(out.contains("transpose computes C^T = B^T A^T"), "{out}");
        assert!(
            !out.contains("transposed into") && !ptx.contains("mosaic_transpose"),
            "{out}"
        );
        assert!(from_regs(&ptx), "{shape}");
    }
    let (out, ptx) =
        sm90a_compiled("--m 4096 --n 6144 --k 4096 --dtype tf32 --a-layout col --b-layout col");
    assert!(!out.contains("C^T") && !out.contains("copy "), "{out}");
    assert!(from_regs(&ptx), "{out}");
    // A column-major A as well at decode shapes: the transposed plan reads the caller's A
    // (16 or 128 rows of k) through its transposing copy, where a plain plan copied all of B
    // (run 50-b: 1.32-3.17x at 15 such suite shapes, H100).
    for shape in ["--m 16 --n 4096 --k 14336", "--m 128 --n 4096 --k 4096"] {
        let (out, ptx) = sm90a_compiled(&format!("{shape} --dtype tf32 --a-layout col"));
        assert!(out.contains("transpose computes C^T = B^T A^T"), "{out}");
        assert!(
            out.contains("copy      A:") && out.contains("transposed into"),
            "{out}"
        );
        assert!(ptx.contains(".entry mosaic_transpose_a"), "{shape}");
        assert!(from_regs(&ptx), "{shape}");
    }
}

#[test]
fn sixteen_bit_column_major_a_takes_transposed_plans() {
    // The kernel's B is the caller's A read MN-major as stored (no copy), its m columns one
    // tail box (run 51-a: 1.058x / 1.127x over 34 moved defaults, H100); above 128 rows
    // whole chunks and a tail where the model says (run 52-a), plain plans where it does not.
    for (shape, dtype, b) in [
        ("--m 16 --n 5120 --k 5120", "f16", "row"),
        ("--m 24 --n 4096 --k 4096", "bf16", "col"),
    ] {
        let (out, ptx) = sm90a_compiled(&format!(
            "{shape} --dtype {dtype} --a-layout col --b-layout {b}"
        ));
        assert!(out.contains("transpose computes C^T = B^T A^T"), "{out}");
        assert!(!out.contains("copy "), "{out}");
        assert!(
            ptx.contains(".param .align 64 .b8 tmap_b_tail[128]"),
            "{shape}"
        );
    }
    let (out, ptx) = sm90a_compiled("--m 279 --n 7870 --k 9801 --dtype f16 --a-layout col");
    assert!(out.contains("C^T") && ptx.contains("tmap_b_tail"), "{out}");
    let (out, _) = sm90a_compiled("--m 200 --n 4096 --k 4096 --dtype f16 --a-layout col");
    assert!(!out.contains("C^T"), "{out}");
    // At 64-byte spans a 16-column B would be a tail box, loaded at 128-byte spans only: the
    // plan builds, its B in whole 32-column chunks (`tessellate::ring::tile_loads`).
    let (_, ptx) =
        sm90a_compiled("--m 16 --n 4096 --k 4096 --dtype f16 --a-layout col --swizzle 64");
    assert!(!ptx.contains("tmap_b_tail"));
}

#[test]
fn pdl_builds_sm90_kernels_and_refuses_older_targets_in_one_line() {
    let (_, ptx) = sm90a_compiled("--m 128 --n 3776 --k 1352 --pdl on");
    assert!(ptx.contains("griddepcontrol.launch_dependents;"));
    assert_eq!(ptx.matches("griddepcontrol.wait;").count(), 2);
    let (_, ptx) = sm90a_compiled("--m 128 --n 3776 --k 1352 --pdl prefetch");
    assert!(ptx.contains("cp.async.bulk.prefetch.tensor.2d.L2.global"));
    let err = refused(
        "compile gemm --m 128 --n 3776 --k 1352 --target sm_80 --pdl on -o /dev/null",
        2,
    );
    assert!(err.contains("sm_80 lacks griddepcontrol"), "{err}");
    // A warp-level (FFMA) kernel on sm_90a: both instructions first, launched as a dependent.
    let (out, ptx) = sm90a_compiled("--m 128 --n 3776 --k 1352 --dtype f32 --pdl on");
    assert!(out.contains("programmatic launch"), "{out}");
    let first: Vec<&str> = ptx
        .lines()
        .map(str::trim)
        .filter(|l| l.contains("griddepcontrol"))
        .collect();
    assert_eq!(
        first,
        ["griddepcontrol.launch_dependents;", "griddepcontrol.wait;"]
    );
    let err = refused(
        "compile gemm --m 128 --n 3776 --k 1352 --dtype f32 --target sm_90a --pdl prefetch -o /dev/null",
        1,
    );
    assert!(err.contains("--pdl prefetch"), "{err}");
    let out = mosaic("compile gemm --m 128 --n 3776 --k 1352 --target sm_90a --pdl always");
    assert_eq!(out.status.code(), Some(2));
    // A back-to-back verify starts from a poisoned C: any other beta is bad input.
    let err = refused(
        "verify gemm --m 128 --n 3776 --k 1352 --target sm_90a --back-to-back --beta 1",
        2,
    );
    assert!(err.contains("--beta 0"), "{err}");
    // By default: on for the warpgroup kernel, off for the warp-level one.
    let (_, default) = sm90a_compiled("--m 128 --n 3776 --k 1352");
    assert!(default.contains("griddepcontrol.wait;"));
    let (_, off) = sm90a_compiled("--m 128 --n 3776 --k 1352 --pdl off");
    assert!(!off.contains("griddepcontrol"));
    let out = mosaic("compile gemm --m 128 --n 3776 --k 1352 --target sm_80 -o /dev/null");
    assert_eq!(out.status.code(), Some(0));
}

/// `--suite` ignores `--m/--n/--k`, so `verify`, `bench` and `simulate` take it without them
/// (run 48-a's `verify gemm --suite` was refused for their lack); without `--suite` they are
/// still required. (A bad dtype then stops the suite: exit 3 without a GPU, 2 with one.)
#[test]
fn suites_need_no_shape_and_single_kernels_do() {
    for args in [
        "verify gemm --suite --dtype nope --target sm_90a",
        "bench gemm --suite llm --dtype nope --target sm_90a",
    ] {
        let out = mosaic(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(matches!(out.status.code(), Some(2 | 3)), "{args}: {err}");
        assert!(!err.contains("--m <M>"), "{args}: {err}");
    }
    for args in [
        "verify gemm --dtype tf32 --target sm_90a",
        "bench gemm --n 8 --k 8 --target sm_90a",
        "simulate gemm --m 8 --k 8 --target sm_80",
    ] {
        let err = refused(args, 2);
        assert!(
            err.contains("required arguments were not provided"),
            "{args}: {err}"
        );
    }
}
