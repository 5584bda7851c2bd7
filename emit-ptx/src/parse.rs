//! The PTX parser: text -> [`Module`], written with nom; it shares no code with the printer.
//!
//! It reads everything [`crate::print::print_module`] writes, and is lenient about whitespace
//! (any mix of spaces, tabs and line breaks between tokens), `//` comments between entries,
//! an `.entry` without `.visible`, hexadecimal integers (`0x1F`) and lowercase f32 hex digits.
//! Inside an entry body a `//` comment is a statement ([`Stmt::Comment`]), also after an
//! instruction on the same line. Register declarations and shared arrays may appear anywhere
//! in the body. What the AST cannot hold is an error, with its line and column:
//! `.reg .b32 %r1;` (only the `%r<N>` form), `.maxntid 8, 2, 1` (only `X, 1, 1`), opcodes
//! mosaic does not emit, operands such as `%p1|%p2` or `!%p1`.
//!
//! Malformed input never panics; it yields a [`ParseError`].

use nom::IResult;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::error::ErrorKind;

use crate::ast::{
    ConstArray, Entry, Guard, Instr, Module, Op, Operand, Param, ParamType, Reg, RegClass, Shared,
    Stmt,
};

/// A parse failure: where (1-based line and column) and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("PTX parse error at line {line}, column {column}: {message}")]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What was expected, and the text found there.
    pub message: String,
}

/// The parser's internal error: the remaining input where it failed, and a message.
#[derive(Debug)]
struct PErr<'a> {
    at: &'a str,
    msg: String,
}

impl<'a> nom::error::ParseError<&'a str> for PErr<'a> {
    fn from_error_kind(input: &'a str, kind: ErrorKind) -> Self {
        PErr {
            at: input,
            msg: format!("unexpected input ({kind:?})"),
        }
    }

    fn append(_input: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

type PResult<'a, T> = IResult<&'a str, T, PErr<'a>>;

/// A recoverable error (another alternative may match).
fn soft<T>(at: &str, msg: impl Into<String>) -> PResult<'_, T> {
    Err(nom::Err::Error(PErr {
        at,
        msg: msg.into(),
    }))
}

/// A fatal error (stop here and report).
fn hard<T>(at: &str, msg: impl Into<String>) -> PResult<'_, T> {
    Err(nom::Err::Failure(PErr {
        at,
        msg: msg.into(),
    }))
}

/// Runs `p`; a recoverable error becomes fatal with message "expected {what}".
fn expect<'a, T>(
    what: &str,
    i: &'a str,
    p: impl FnOnce(&'a str) -> PResult<'a, T>,
) -> PResult<'a, T> {
    match p(i) {
        Err(nom::Err::Error(_)) => hard(i, format!("expected {what}")),
        other => other,
    }
}

/// Parses a module printed by [`crate::print::print_module`] (and any text of the same shape).
///
/// # Errors
/// [`ParseError`] with the line and column of the first thing it cannot read.
pub fn parse_module(text: &str) -> Result<Module, ParseError> {
    match module(text) {
        Ok((_, m)) => Ok(m),
        Err(nom::Err::Error(e)) | Err(nom::Err::Failure(e)) => Err(locate(text, e)),
        Err(nom::Err::Incomplete(_)) => Err(ParseError {
            line: text.lines().count().max(1),
            column: 1,
            message: "unexpected end of input".into(),
        }),
    }
}

fn locate(text: &str, e: PErr<'_>) -> ParseError {
    // `e.at` is always a suffix of `text`; guard anyway so that a bug cannot panic here.
    let consumed = text.len().saturating_sub(e.at.len());
    let consumed = if text.is_char_boundary(consumed) {
        consumed
    } else {
        0
    };
    let before = &text[..consumed];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rsplit_once('\n')
        .map_or(before, |(_, l)| l)
        .chars()
        .count()
        + 1;
    let found: String = e.at.lines().next().unwrap_or("").chars().take(40).collect();
    let message = if e.at.is_empty() {
        format!("{} (found end of input)", e.msg)
    } else {
        format!("{} (found `{found}`)", e.msg)
    };
    ParseError {
        line,
        column,
        message,
    }
}

// ---------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------

/// Spaces, tabs and line breaks (possibly none).
fn ws(i: &str) -> PResult<'_, &str> {
    take_while(|c: char| c == ' ' || c == '\t' || c == '\n' || c == '\r')(i)
}

/// Whitespace and `//` comments (possibly none): between module-level items.
fn ws_comments(mut i: &str) -> PResult<'_, ()> {
    loop {
        let (r, _) = ws(i)?;
        if let Some(rest) = r.strip_prefix("//") {
            i = rest.find('\n').map_or("", |k| &rest[k..]);
        } else {
            return Ok((r, ()));
        }
    }
}

/// At least one space or tab (not a line break): between a directive and its argument.
fn sp(i: &str) -> PResult<'_, &str> {
    take_while1(|c: char| c == ' ' || c == '\t')(i)
}

fn word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

/// An identifier `[A-Za-z_$][A-Za-z0-9_$]*`.
fn ident(i: &str) -> PResult<'_, &str> {
    match i.chars().next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$' => take_while1(word_char)(i),
        _ => soft(i, "expected an identifier"),
    }
}

/// An unsigned decimal number that fits `u32`.
fn uint(i: &str) -> PResult<'_, u32> {
    let (r, digits) = take_while1(|c: char| c.is_ascii_digit())(i)?;
    match digits.parse::<u32>() {
        Ok(v) => Ok((r, v)),
        Err(_) => hard(i, format!("number {digits} does not fit 32 bits")),
    }
}

/// A literal `t`, else a recoverable error naming it.
fn lit<'a>(t: &'static str, i: &'a str) -> PResult<'a, &'a str> {
    match tag::<_, _, PErr<'a>>(t)(i) {
        Ok(x) => Ok(x),
        Err(_) => soft(i, format!("expected `{t}`")),
    }
}

/// A literal `t`, else a fatal error naming it.
fn must<'a>(t: &'static str, i: &'a str) -> PResult<'a, &'a str> {
    match lit(t, i) {
        Err(nom::Err::Error(e)) => Err(nom::Err::Failure(e)),
        other => other,
    }
}

// ---------------------------------------------------------------------------------------------
// Module and entries
// ---------------------------------------------------------------------------------------------

fn module(i: &str) -> PResult<'_, Module> {
    let (i, _) = ws_comments(i)?;
    let (i, _) = must(".version", i)?;
    let (i, _) = expect("a space after .version", i, sp)?;
    let (i, major) = expect("a version number `X.Y`", i, uint)?;
    let (i, _) = must(".", i)?;
    let (i, minor) = expect("a minor version number", i, uint)?;
    let (i, _) = ws_comments(i)?;
    let (i, _) = must(".target", i)?;
    let (i, _) = expect("a space after .target", i, sp)?;
    let (i, target) = expect("a target name such as sm_90a", i, |i| {
        take_while1(word_char)(i)
    })?;
    let (i, _) = ws_comments(i)?;
    let (i, _) = must(".address_size", i)?;
    let (i, _) = expect("a space after .address_size", i, sp)?;
    let (i, _) = must("64", i)?;
    let (mut i, _) = ws_comments(i)?;
    let mut consts = Vec::new();
    while let Ok((r, _)) = lit(".const", i) {
        let (r, c) = const_decl(r)?;
        let (r, _) = ws_comments(r)?;
        consts.push(c);
        i = r;
    }
    let mut entries = Vec::new();
    while !i.is_empty() {
        // Module-scope `.extern .shared` arrays belong to the entry that follows (they are
        // the entry's dynamically sized shared memory, held with size 0, listed first).
        let mut dynamic = Vec::new();
        while let Ok((r, _)) = lit(".extern", i) {
            let (r, _) = expect("a space after .extern", r, sp)?;
            let (r, _) = must(".shared", r)?;
            let (r, s) = shared_decl(r)?;
            let (r, _) = ws_comments(r)?;
            dynamic.push(s);
            i = r;
        }
        let (r, mut e) = entry(i)?;
        let (r, _) = ws_comments(r)?;
        dynamic.append(&mut e.shared);
        e.shared = dynamic;
        entries.push(e);
        i = r;
    }
    Ok((
        i,
        Module {
            version: (major, minor),
            target: target.to_string(),
            consts,
            entries,
        },
    ))
}

fn entry(i: &str) -> PResult<'_, Entry> {
    let i = match lit(".visible", i) {
        Ok((r, _)) => expect("a space after .visible", r, sp)?.0,
        Err(_) => i,
    };
    let (i, _) = must(".entry", i)?;
    let (i, _) = expect("a space after .entry", i, sp)?;
    let (i, name) = expect("an entry name", i, ident)?;
    let (i, _) = ws(i)?;
    let (i, _) = must("(", i)?;
    let (mut i, _) = ws(i)?;
    let mut params = Vec::new();
    if lit(")", i).is_err() {
        loop {
            let (r, p) = param(i)?;
            params.push(p);
            let (r, _) = ws(r)?;
            if let Ok((r, _)) = lit(",", r) {
                i = ws(r)?.0;
            } else {
                i = r;
                break;
            }
        }
    }
    let (i, _) = expect("`,` or `)` after a parameter", i, |i| lit(")", i))?;
    let (mut i, _) = ws(i)?;
    let mut e = Entry {
        name: name.to_string(),
        params,
        max_ntid: None,
        min_ctas_per_sm: None,
        cluster_x: None,
        regs: Vec::new(),
        shared: Vec::new(),
        body: Vec::new(),
    };
    loop {
        if let Ok((r, _)) = lit(".maxntid", i) {
            let (r, x) = x_one_one(r, ".maxntid", "a thread count")?;
            e.max_ntid = Some(x);
            i = ws(r)?.0;
        } else if let Ok((r, _)) = lit(".reqnctapercluster", i) {
            let (r, x) = x_one_one(r, ".reqnctapercluster", "a CTA count")?;
            e.cluster_x = Some(x);
            i = ws(r)?.0;
        } else if let Ok((r, _)) = lit(".minnctapersm", i) {
            let (r, _) = expect("a space after .minnctapersm", r, sp)?;
            let (r, n) = expect("a CTA count", r, uint)?;
            e.min_ctas_per_sm = Some(n);
            i = ws(r)?.0;
        } else {
            break;
        }
    }
    let (mut i, _) = expect(
        "`{`, `.maxntid`, `.minnctapersm` or `.reqnctapercluster`",
        i,
        |i| lit("{", i),
    )?;
    loop {
        let (r, _) = ws(i)?;
        if let Ok((r, _)) = lit("}", r) {
            return Ok((r, e));
        }
        if r.is_empty() {
            return hard(r, "expected `}` closing the entry");
        }
        if let Ok((r2, _)) = lit(".reg", r) {
            let (r2, d) = reg_decl(r2)?;
            e.regs.push(d);
            i = r2;
        } else if let Ok((r2, _)) = lit(".shared", r) {
            let (r2, s) = shared_decl(r2)?;
            e.shared.push(s);
            i = r2;
        } else {
            let (r2, s) = stmt(r)?;
            e.body.push(s);
            i = r2;
        }
    }
}

/// After a launch-shape directive: ` X, 1, 1` (only x may exceed 1).
fn x_one_one<'a>(i: &'a str, directive: &'static str, what: &'static str) -> PResult<'a, u32> {
    let (i, _) = expect("a space after the directive", i, sp)?;
    let (mut i, x) = expect(what, i, uint)?;
    for _ in 0..2 {
        let (r, _) = ws(i)?;
        let (r, _) = must(",", r)?;
        let (r, _) = ws(r)?;
        let at = r;
        let (r, y) = expect(what, r, uint)?;
        if y != 1 {
            return hard(at, format!("only `{directive} X, 1, 1` is supported"));
        }
        i = r;
    }
    Ok((i, x))
}

fn param(i: &str) -> PResult<'_, Param> {
    let (i, _) = must(".param", i)?;
    let (i, _) = expect("a space after .param", i, sp)?;
    let (i, ty) = if let Ok((r, _)) = lit(".u64", i) {
        (r, ParamType::U64)
    } else if let Ok((r, _)) = lit(".u32", i) {
        (r, ParamType::U32)
    } else if let Ok((r, _)) = lit(".f32", i) {
        (r, ParamType::F32)
    } else if let Ok((r, _)) = lit(".align 64 .b8", i) {
        (r, ParamType::TensorMap)
    } else {
        return hard(
            i,
            "expected a parameter type (.u64, .u32, .f32 or .align 64 .b8 for a tensor map)",
        );
    };
    let (i, _) = expect("a space after the parameter type", i, sp)?;
    let (i, name) = expect("a parameter name", i, ident)?;
    let i = if ty == ParamType::TensorMap {
        expect("`[128]` after a tensor-map parameter", i, |i| {
            lit("[128]", i)
        })?
        .0
    } else {
        i
    };
    Ok((
        i,
        Param {
            ty,
            name: name.to_string(),
        },
    ))
}

/// After `.reg`: ` .b32 %r<N>;`.
fn reg_decl(i: &str) -> PResult<'_, (RegClass, u32)> {
    let (i, _) = expect("a space after .reg", i, sp)?;
    let at = i;
    let (i, ty) = expect("a register type such as .b32", i, |i| {
        let (r, _) = lit(".", i)?;
        take_while1(word_char)(r)
    })?;
    let Some(class) = RegClass::ALL
        .iter()
        .copied()
        .find(|c| c.decl_type().strip_prefix('.') == Some(ty))
    else {
        return hard(at, format!("unknown register type .{ty}"));
    };
    let (i, _) = expect("a space after the register type", i, sp)?;
    let at = i;
    let (i, _) = must("%", i)?;
    let (i, prefix) = expect("a register prefix", i, |i| {
        take_while1(|c: char| c.is_ascii_alphabetic())(i)
    })?;
    if prefix != class.prefix() {
        return hard(
            at,
            format!(
                "register prefix %{prefix} does not match type {} (expected %{})",
                class.decl_type(),
                class.prefix()
            ),
        );
    }
    let (i, _) = expect("`<N>` (only the `%r<N>` form is supported)", i, |i| {
        lit("<", i)
    })?;
    let (i, n) = expect("a register count", i, uint)?;
    let (i, _) = must(">", i)?;
    let (i, _) = ws(i)?;
    let (i, _) = must(";", i)?;
    Ok((i, (class, n)))
}

/// The rest of `.const .align 2 .u16 name[N] = {v, ...};` after `.const`.
fn const_decl(i: &str) -> PResult<'_, ConstArray> {
    let (i, _) = expect("a space after .const", i, sp)?;
    let (i, _) = must(".align", i)?;
    let (i, _) = expect("a space after .align", i, sp)?;
    let (i, _) = must("2", i)?;
    let (i, _) = expect("a space after the alignment", i, sp)?;
    let (i, _) = must(".u16", i)?;
    let (i, _) = expect("a space after .u16", i, sp)?;
    let (i, name) = expect("a constant array name", i, ident)?;
    let (i, _) = must("[", i)?;
    let (i, len) = expect("an element count", i, uint)?;
    let (i, _) = must("]", i)?;
    let (i, _) = ws(i)?;
    let (i, _) = must("=", i)?;
    let (i, _) = ws(i)?;
    let (mut i, _) = must("{", i)?;
    let mut values = Vec::new();
    loop {
        let (r, _) = ws(i)?;
        let (r, v) = expect("a u16 value", r, uint)?;
        let Ok(v) = u16::try_from(v) else {
            return hard(r, "expected a value below 65536");
        };
        values.push(v);
        let (r, _) = ws(r)?;
        match lit(",", r) {
            Ok((r, _)) => i = r,
            Err(_) => {
                i = r;
                break;
            }
        }
    }
    let (i, _) = must("}", i)?;
    let (i, _) = ws(i)?;
    let (i, _) = must(";", i)?;
    if values.len() != len as usize {
        return hard(i, "expected as many values as the declared element count");
    }
    Ok((
        i,
        ConstArray {
            name: name.to_string(),
            values,
        },
    ))
}

/// After `.shared`: ` .align A .b8 name[B];`.
fn shared_decl(i: &str) -> PResult<'_, Shared> {
    let (i, _) = expect("a space after .shared", i, sp)?;
    let (i, _) = must(".align", i)?;
    let (i, _) = expect("a space after .align", i, sp)?;
    let (i, align) = expect("an alignment", i, uint)?;
    let (i, _) = expect("a space after the alignment", i, sp)?;
    let (i, _) = must(".b8", i)?;
    let (i, _) = expect("a space after .b8", i, sp)?;
    let (i, name) = expect("a shared array name", i, ident)?;
    let (i, _) = must("[", i)?;
    // `[]` is a dynamically sized (extern) array, held as size 0.
    let (i, bytes) = match lit("]", i) {
        Ok((i, _)) => (i, 0),
        Err(_) => {
            let (i, bytes) = expect("a size in bytes", i, uint)?;
            let (i, _) = must("]", i)?;
            (i, bytes)
        }
    };
    let (i, _) = ws(i)?;
    let (i, _) = must(";", i)?;
    Ok((
        i,
        Shared {
            name: name.to_string(),
            align,
            bytes,
        },
    ))
}

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

fn stmt(i: &str) -> PResult<'_, Stmt> {
    if let Some(rest) = i.strip_prefix("//") {
        let rest = rest.strip_prefix(' ').unwrap_or(rest);
        let end = rest.find('\n').unwrap_or(rest.len());
        let text = &rest[..end];
        let text = text.strip_suffix('\r').unwrap_or(text);
        return Ok((&rest[end..], Stmt::Comment(text.to_string())));
    }
    // A label: an identifier, then `:`.
    if let Ok((r, name)) = ident(i) {
        let (r2, _) = take_while(|c: char| c == ' ' || c == '\t')(r)?;
        if let Ok((r2, _)) = lit(":", r2) {
            return Ok((r2, Stmt::Label(name.to_string())));
        }
    }
    let (i, ins) = instr(i)?;
    Ok((i, Stmt::Instr(ins)))
}

fn instr(i: &str) -> PResult<'_, Instr> {
    let (i, guard) = if let Ok((r, _)) = lit("@", i) {
        let (r, negated) = match lit("!", r) {
            Ok((r, _)) => (r, true),
            Err(_) => (r, false),
        };
        let at = r;
        let (r, pred) = match operand_word(r) {
            Ok((r, Operand::Reg(p))) => (r, p),
            _ => return hard(at, "expected a predicate register after `@`"),
        };
        let (r, _) = expect("a space after the guard", r, sp)?;
        (r, Some(Guard { pred, negated }))
    } else {
        (i, None)
    };
    let at = i;
    let (i, opcode) =
        expect(
            "an instruction, label, comment or declaration",
            i,
            |i| match i.chars().next() {
                Some(c) if c.is_ascii_alphabetic() => take_while1(|c: char| {
                    c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == ':'
                })(i),
                _ => soft(i, ""),
            },
        )?;
    // The longest opcode spelling that is the whole token or a dotted prefix of it.
    let mut best: Option<(Op, &str)> = None;
    for op in Op::ALL {
        let name = op.name();
        let rest = if opcode == name {
            Some("")
        } else {
            opcode.strip_prefix(name).and_then(|r| r.strip_prefix('.'))
        };
        if let Some(rest) = rest
            && best.is_none_or(|(b, _)| b.name().len() < name.len())
        {
            best = Some((op, rest));
        }
    }
    let Some((op, rest)) = best else {
        return hard(at, format!("unknown opcode `{opcode}`"));
    };
    let mut mods = Vec::new();
    if !rest.is_empty() {
        for m in rest.split('.') {
            if m.is_empty() {
                return hard(at, format!("empty modifier in `{opcode}`"));
            }
            mods.push(m.to_string());
        }
    }
    let mut operands = Vec::new();
    let (r, _) = ws(i)?;
    let mut i = if let Ok((r, _)) = lit(";", r) {
        return Ok((
            r,
            Instr {
                guard,
                op,
                mods,
                operands,
            },
        ));
    } else {
        r
    };
    loop {
        let (end, o) = expect("an operand", i, operand)?;
        operands.push(o);
        let (r, _) = ws(end)?;
        if let Ok((r, _)) = lit(",", r) {
            i = ws(r)?.0;
        } else {
            let Ok((r, _)) = lit(";", r) else {
                return hard(end, "expected `,` or `;` after an operand");
            };
            return Ok((
                r,
                Instr {
                    guard,
                    op,
                    mods,
                    operands,
                },
            ));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Operands
// ---------------------------------------------------------------------------------------------

fn operand(i: &str) -> PResult<'_, Operand> {
    if let Ok((r, _)) = lit("[", i) {
        return address(r);
    }
    if let Ok((r, _)) = lit("{", i) {
        return vector(r);
    }
    scalar(i)
}

/// A register, immediate or symbol.
fn scalar(i: &str) -> PResult<'_, Operand> {
    match f32_imm(i) {
        Err(nom::Err::Error(_)) => {}
        done => return done,
    }
    match i.chars().next() {
        Some(c) if c.is_ascii_digit() || c == '-' => int_imm(i),
        _ => operand_word(i),
    }
}

/// `0fXXXXXXXX`.
fn f32_imm(i: &str) -> PResult<'_, Operand> {
    let (r, _) = match lit("0f", i) {
        Ok(x) => x,
        Err(_) => lit("0F", i)?,
    };
    let hex = r.get(..8).unwrap_or("");
    let rest = r.get(8..).unwrap_or("");
    if hex.len() != 8
        || !hex.chars().all(|c| c.is_ascii_hexdigit())
        || rest.chars().next().is_some_and(word_char)
    {
        return hard(i, "an f32 immediate is `0f` and exactly 8 hex digits");
    }
    match u32::from_str_radix(hex, 16) {
        Ok(bits) => Ok((rest, Operand::F32(bits))),
        Err(_) => hard(i, "bad f32 immediate"),
    }
}

/// `-?[0-9]+` or `-?0x[0-9a-fA-F]+`, as `i64` (hex values above `i64::MAX` wrap).
fn signed(i: &str) -> PResult<'_, i64> {
    let (r, neg) = match lit("-", i) {
        Ok((r, _)) => (r, true),
        Err(_) => (i, false),
    };
    let hex = r.strip_prefix("0x").or_else(|| r.strip_prefix("0X"));
    let (digits, radix) = match hex {
        Some(h) => (h, 16),
        None => (r, 10),
    };
    let n = digits
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(digits.len());
    if n == 0 {
        return soft(i, "expected an integer");
    }
    let rest = &digits[n..];
    if rest.chars().next().is_some_and(word_char) {
        return hard(i, "malformed number");
    }
    let magnitude = match u64::from_str_radix(&digits[..n], radix) {
        Ok(v) if radix == 16 || v <= i64::MAX as u64 || (neg && v == i64::MAX as u64 + 1) => v,
        _ => return hard(i, "integer does not fit 64 bits"),
    };
    let v = if neg {
        (magnitude as i64).wrapping_neg()
    } else {
        magnitude as i64
    };
    Ok((rest, v))
}

fn int_imm(i: &str) -> PResult<'_, Operand> {
    let (r, v) = signed(i)?;
    Ok((r, Operand::Imm(v)))
}

/// A register `%r3` or a symbol (`name`, `%tid.x`, `_`).
fn operand_word(i: &str) -> PResult<'_, Operand> {
    let (r, head) = match i.strip_prefix('%') {
        Some(rest) => {
            let (r, w) = take_while1(word_char)(rest).map_err(|_: nom::Err<PErr<'_>>| {
                nom::Err::Error(PErr {
                    at: i,
                    msg: "expected a name after `%`".into(),
                })
            })?;
            (r, &i[..w.len() + 1])
        }
        None => ident(i)?,
    };
    if let Some(rest) = head.strip_prefix('%') {
        for class in RegClass::ALL {
            if let Some(digits) = rest.strip_prefix(class.prefix())
                && !digits.is_empty()
                && digits.chars().all(|c| c.is_ascii_digit())
            {
                if r.starts_with('.') {
                    return hard(i, format!("register {head} followed by `.`"));
                }
                return match digits.parse::<u32>() {
                    Ok(n) => Ok((r, Operand::Reg(Reg { class, n }))),
                    Err(_) => hard(i, format!("register number {digits} does not fit 32 bits")),
                };
            }
        }
    }
    // Dotted components: `%tid.x`.
    let mut end = head.len();
    let mut r = r;
    while let Some(rest) = r.strip_prefix('.') {
        let n = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if n == 0 {
            return hard(r, "expected a name after `.`");
        }
        end += 1 + n;
        r = &rest[n..];
    }
    Ok((r, Operand::Sym(i[..end].to_string())))
}

/// After `[`: `base]`, `base+off]`, `base-off]`, `base+-off]`.
fn address(i: &str) -> PResult<'_, Operand> {
    let (i, _) = ws(i)?;
    let (i, base) = match i.chars().next() {
        Some(c) if c.is_ascii_digit() || c == '-' => int_imm(i)?,
        _ => expect(
            "a register, symbol or integer as address base",
            i,
            operand_word,
        )?,
    };
    let (i, _) = ws(i)?;
    if let Ok((r, _)) = lit(",", i) {
        let (r, _) = ws(r)?;
        let (r, _) = expect("`{` opening tensor coordinates", r, |i| lit("{", i))?;
        let (r, coords) = vector(r)?;
        let Operand::Vec(coords) = coords else {
            return hard(r, "expected tensor coordinates");
        };
        let (r, _) = ws(r)?;
        let (r, _) = expect("`]` after tensor coordinates", r, |i| lit("]", i))?;
        return Ok((
            r,
            Operand::Tensor {
                map: Box::new(base),
                coords,
            },
        ));
    }
    let (i, offset) = if let Ok((r, _)) = lit("+", i) {
        let (r, _) = ws(r)?;
        expect("an offset", r, signed)?
    } else if i.starts_with('-') {
        expect("an offset", i, signed)?
    } else {
        (i, 0)
    };
    let (i, _) = ws(i)?;
    let (i, _) = expect("`]` or an offset", i, |i| lit("]", i))?;
    Ok((
        i,
        Operand::Addr {
            base: Box::new(base),
            offset,
        },
    ))
}

/// After `{`: `a, b, ...}`.
fn vector(i: &str) -> PResult<'_, Operand> {
    let (mut i, _) = ws(i)?;
    let mut v = Vec::new();
    if let Ok((r, _)) = lit("}", i) {
        return Ok((r, Operand::Vec(v)));
    }
    loop {
        let (end, o) = expect("a vector element", i, scalar)?;
        v.push(o);
        let (r, _) = ws(end)?;
        if let Ok((r, _)) = lit(",", r) {
            i = ws(r)?.0;
        } else {
            let Ok((r, _)) = lit("}", r) else {
                return hard(end, "expected `,` or `}` in a vector");
            };
            return Ok((r, Operand::Vec(v)));
        }
    }
}
