//! Well-formedness of an AST: the conditions under which the printer writes PTX-shaped text
//! and `parse_module(&print_module(m)) == m` holds.
//!
//! A module is well formed when:
//! - the target is a non-empty word of `[A-Za-z0-9_]`;
//! - entry, parameter, shared-array, constant-array and label names are identifiers
//!   `[A-Za-z_$][A-Za-z0-9_$]*`; labels are unique within an entry;
//! - constant arrays have at least one value, distinct names that no entry or shared array
//!   takes, and at most 64 KiB in all (the constant bank a module may declare, PTX ISA 5.1.3);
//! - every declared register count is at least 1 (the printer leaves out zero counts, so they
//!   would not come back), and every register used (operands and guards) is below its class's
//!   declared count;
//! - guards use `.pred` registers;
//! - modifiers are non-empty words of `[A-Za-z0-9_:]` (`L2::128B` is one);
//! - a symbol operand is an identifier optionally starting with `%`, optionally followed by
//!   `.word` components (`%tid.x`), and is not spelled like a register (`%r3` is a register);
//! - an address's base is a register, symbol or integer; a vector's elements are registers,
//!   integers, f32 immediates or symbols;
//! - comments hold no line break.
//!
//! This module shares no code with the printer or the parser.

use std::collections::BTreeSet;

use crate::ast::{Entry, Module, Operand, Reg, RegClass, Stmt};

/// Why a module is not well formed: where, and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {message}")]
pub struct InvalidModule {
    /// Where: `module`, `entry k`, or `entry k, statement 12`.
    pub location: String,
    /// What is wrong.
    pub message: String,
}

/// Checks the conditions listed in the module docs; returns the first violation.
///
/// # Errors
/// [`InvalidModule`] naming the entry and statement at fault.
pub fn validate_module(m: &Module) -> Result<(), InvalidModule> {
    if m.target.is_empty()
        || !m
            .target
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return Err(bad("module", format!("bad .target name {:?}", m.target)));
    }
    for (i, c) in m.consts.iter().enumerate() {
        let at = || format!("const {}", c.name);
        if !is_ident(&c.name) {
            return Err(bad(at(), "bad name"));
        }
        if c.values.is_empty() {
            return Err(bad(at(), "no values"));
        }
        if m.consts[..i].iter().any(|o| o.name == c.name) {
            return Err(bad(at(), "declared twice"));
        }
        let taken = m
            .entries
            .iter()
            .any(|e| e.name == c.name || e.shared.iter().any(|sh| sh.name == c.name));
        if taken {
            return Err(bad(at(), "named like an entry or a shared array"));
        }
    }
    let const_bytes: usize = m.consts.iter().map(|c| 2 * c.values.len()).sum();
    if const_bytes > CONST_BANK_BYTES {
        return Err(bad(
            "module",
            format!("{const_bytes} bytes of constant arrays (at most {CONST_BANK_BYTES})"),
        ));
    }
    for e in &m.entries {
        validate_entry(e)?;
    }
    Ok(())
}

/// The constant bank a module's `.const` variables share, bytes (PTX ISA 5.1.3: 64 KB).
const CONST_BANK_BYTES: usize = 64 * 1024;

fn bad(location: impl Into<String>, message: impl Into<String>) -> InvalidModule {
    InvalidModule {
        location: location.into(),
        message: message.into(),
    }
}

/// `[A-Za-z_$][A-Za-z0-9_$]*`.
fn is_ident(s: &str) -> bool {
    let mut cs = s.chars();
    match cs.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$' => {}
        _ => return false,
    }
    cs.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// Whether `s` is spelled like a register: `%` + a class prefix + decimal digits.
fn looks_like_reg(s: &str) -> bool {
    let Some(rest) = s.strip_prefix('%') else {
        return false;
    };
    RegClass::ALL.iter().any(|c| {
        rest.strip_prefix(c.prefix())
            .is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()))
    })
}

fn is_symbol(s: &str) -> bool {
    let mut parts = s.split('.');
    let head = parts.next().unwrap_or("");
    let head_ok = match head.strip_prefix('%') {
        Some(rest) => {
            !rest.is_empty()
                && rest
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        }
        None => is_ident(head),
    };
    head_ok
        && parts.all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        && !looks_like_reg(head)
}

fn validate_entry(e: &Entry) -> Result<(), InvalidModule> {
    let loc = format!("entry {}", e.name);
    if !is_ident(&e.name) {
        return Err(bad("module", format!("bad entry name {:?}", e.name)));
    }
    for p in &e.params {
        if !is_ident(&p.name) {
            return Err(bad(&loc, format!("bad parameter name {:?}", p.name)));
        }
    }
    let mut declared: Vec<(RegClass, u32)> = Vec::new();
    for &(class, n) in &e.regs {
        if n == 0 {
            return Err(bad(
                &loc,
                format!("{class:?} declared with count 0 (leave the class out instead)"),
            ));
        }
        declared.push((class, n));
    }
    let limit = |class: RegClass| -> u32 {
        declared
            .iter()
            .filter(|(c, _)| *c == class)
            .map(|(_, n)| *n)
            .max()
            .unwrap_or(0)
    };
    for s in &e.shared {
        if !is_ident(&s.name) {
            return Err(bad(&loc, format!("bad shared array name {:?}", s.name)));
        }
    }
    let mut labels = BTreeSet::new();
    for (k, st) in e.body.iter().enumerate() {
        let sloc = format!("entry {}, statement {k}", e.name);
        match st {
            Stmt::Label(l) => {
                if !is_ident(l) {
                    return Err(bad(sloc, format!("bad label {l:?}")));
                }
                if !labels.insert(l.as_str()) {
                    return Err(bad(sloc, format!("label {l} defined twice")));
                }
            }
            Stmt::Comment(c) => {
                if c.contains(['\n', '\r']) {
                    return Err(bad(sloc, "comment holds a line break"));
                }
            }
            Stmt::Instr(i) => {
                let check_reg = |r: &Reg| -> Result<(), InvalidModule> {
                    if r.n >= limit(r.class) {
                        return Err(bad(
                            &sloc,
                            format!(
                                "register %{}{} used but only {} of class {:?} declared",
                                r.class.prefix(),
                                r.n,
                                limit(r.class),
                                r.class
                            ),
                        ));
                    }
                    Ok(())
                };
                if let Some(g) = &i.guard {
                    if g.pred.class != RegClass::Pred {
                        return Err(bad(&sloc, "guard register is not a predicate"));
                    }
                    check_reg(&g.pred)?;
                }
                for m in &i.mods {
                    if m.is_empty()
                        || !m
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
                    {
                        return Err(bad(&sloc, format!("bad modifier {m:?}")));
                    }
                }
                for o in &i.operands {
                    check_operand(o, 0, &check_reg).map_err(|msg| bad(&sloc, msg))?;
                }
            }
        }
    }
    Ok(())
}

/// `depth` 0: top level; 1: inside an address base; 2: inside a vector.
fn check_operand(
    o: &Operand,
    depth: u8,
    check_reg: &dyn Fn(&Reg) -> Result<(), InvalidModule>,
) -> Result<(), String> {
    match o {
        Operand::Reg(r) => check_reg(r).map_err(|e| e.message),
        Operand::Imm(_) => Ok(()),
        Operand::F32(_) if depth == 1 => Err("f32 immediate as an address base".into()),
        Operand::F32(_) => Ok(()),
        Operand::Sym(s) if is_symbol(s) => Ok(()),
        Operand::Sym(s) => Err(format!("bad symbol {s:?}")),
        Operand::Addr { base, .. } if depth == 0 => check_operand(base, 1, check_reg),
        Operand::Addr { .. } => Err("address nested in an address or vector".into()),
        Operand::Vec(v) if depth == 0 => v.iter().try_for_each(|x| check_operand(x, 2, check_reg)),
        Operand::Vec(_) => Err("vector nested in an address or vector".into()),
        Operand::Tensor { map, coords } if depth == 0 => {
            if matches!(**map, Operand::F32(_)) {
                return Err("f32 immediate as a tensor map".into());
            }
            check_operand(map, 1, check_reg)?;
            coords
                .iter()
                .try_for_each(|x| check_operand(x, 2, check_reg))
        }
        Operand::Tensor { .. } => Err("tensor reference nested in an address or vector".into()),
    }
}
