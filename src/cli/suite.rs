//! The shapes, layouts and scalars of `verify --suite` and `simulate --suite`.

use tessellate::GemmDType;

use super::CliError;
use super::compile::CompileArgs;

/// Shapes of `verify --suite`: degenerate, ragged, tall/skinny and square. The last three
/// are ragged against every tile but keep 16-byte row pitches, so on sm_90a they take the
/// TMA + wgmma path (the others' odd pitches cannot be described by a tensor map);
/// 2000x2000x1000 f16 / bf16 also takes the epilogue overlap (`codegen::EpilogueOverlap`).
pub const SHAPES: &[(i64, i64, i64)] = &[
    (1, 1, 1),
    (7, 13, 5),
    (64, 64, 64),
    (1000, 777, 333),
    (513, 1000, 777),
    (1000, 1000, 1000),
    (129, 776, 1032),
    (16, 4096, 4096),
    (2000, 2000, 1000),
    (4096, 4096, 4096),
];

/// The suite's cases for the dtypes `c` names (`--dtype all`: every one) that the target
/// has an instruction for ([`tessellate::dtype_supported`]): each shape row-major, the two
/// ragged ones in the other three layout combinations, and two with alpha, beta other than
/// (1, 0); each case the compile flags, alpha and beta.
///
/// # Errors
/// [`CliError`] where `--dtype all` meets a 16-bit `--c-dtype`, or the target or GPU is
/// unknown.
pub fn cases(c: &CompileArgs) -> Result<Vec<(CompileArgs, f64, f64)>, CliError> {
    let target = hw_models::target(&c.shape.target, c.shape.gpu.as_deref())
        .map_err(|e| super::bad(e.to_string()))?;
    let has = |d: &str| {
        GemmDType::parse(d)
            .is_none_or(|d| tessellate::dtype_supported(&target, d, target.features.has_wgmma))
    };
    let mut cases = Vec::new();
    for d in dtypes(c)?.into_iter().filter(|d| has(d)) {
        for &(m, n, k) in SHAPES {
            cases.push((with(c, m, n, k, &d, "row", "row"), 1.0, 0.0));
        }
        for (al, bl) in [("col", "row"), ("row", "col"), ("col", "col")] {
            cases.push((with(c, 1000, 777, 333, &d, al, bl), 1.0, 0.0));
            // 16-byte pitches: the TMA + wgmma path's MN-major and K-major operands.
            cases.push((with(c, 1000, 1000, 1000, &d, al, bl), 1.0, 0.0));
        }
        // s32 C takes integral alpha/beta (a 1.5 here made the s8 suite stop with a
        // bad-spec error before its count, run 11-d).
        let (al, be) = if d == "s8" { (2.0, -1.0) } else { (1.5, -0.5) };
        cases.push((with(c, 1000, 1000, 1000, &d, "row", "row"), al, be));
        cases.push((with(c, 513, 1000, 777, &d, "row", "row"), al, be));
    }
    Ok(cases)
}

/// The dtypes `--dtype` names (`all`: every one).
///
/// # Errors
/// [`CliError`] where `--dtype all` meets a 16-bit `--c-dtype`.
pub fn dtypes(a: &CompileArgs) -> Result<Vec<String>, CliError> {
    if a.shape.dtype == "all" && a.c_dtype != "acc" {
        return Err(super::bad(format!(
            "--c-dtype {} is the inputs' own type: give --dtype {0}, not all",
            a.c_dtype
        )));
    }
    Ok(if a.shape.dtype == "all" {
        GemmDType::NAMES.iter().map(|s| s.to_string()).collect()
    } else {
        vec![a.shape.dtype.clone()]
    })
}

/// A copy of the compile flags for another shape, dtype and layouts.
pub fn with(
    a: &CompileArgs,
    m: i64,
    n: i64,
    k: i64,
    dtype: &str,
    al: &str,
    bl: &str,
) -> CompileArgs {
    let mut c = a.clone();
    c.shape.m = m.to_string();
    c.shape.n = n.to_string();
    c.shape.k = k.to_string();
    c.shape.dtype = dtype.to_string();
    c.a_layout = al.to_string();
    c.b_layout = bl.to_string();
    c
}
