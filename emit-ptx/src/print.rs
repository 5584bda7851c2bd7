//! The PTX printer: [`Module`] -> text, deterministic (same AST, same bytes).
//!
//! Layout of the output (tabs shown as four spaces here) (the parser in [`crate::parse`] reads exactly this, and more):
//!
//! ```text
//! .version 8.0
//! .target sm_90a
//! .address_size 64
//!
//! .visible .entry name(
//!     .param .u64 a,
//!     .param .u32 n
//! )
//! .maxntid 128, 1, 1
//! .minnctapersm 1
//! {
//!     .reg .pred %p<2>;
//!     .reg .b32 %r<8>;
//!     .shared .align 16 .b8 smem[4096];
//!
//!     // a comment
//! LOOP:
//!     @!%p1 bra LOOP;
//!     ld.global.v2.f32 {%f1, %f2}, [%rd1-8];
//!     ret;
//! }
//! ```
//!
//! A negative address offset is printed `[%rd1-8]`; f32 immediates as `0f3F800000`.
//! Register classes declared with count 0 are not printed (so they do not survive a round
//! trip; see [`crate::validate`]).

use std::fmt::Write as _;

use crate::ast::{Entry, Instr, Module, Operand, ParamType, Reg, RegClass, Stmt};

/// Prints a module as PTX text.
pub fn print_module(m: &Module) -> String {
    let mut s = String::new();
    let _ = writeln!(s, ".version {}.{}", m.version.0, m.version.1);
    let _ = writeln!(s, ".target {}", m.target);
    s.push_str(".address_size 64\n");
    for c in &m.consts {
        let values: Vec<String> = c.values.iter().map(u16::to_string).collect();
        let _ = writeln!(
            s,
            ".const .align 2 .u16 {}[{}] = {{{}}};",
            c.name,
            c.values.len(),
            values.join(", ")
        );
    }
    for e in &m.entries {
        s.push('\n');
        // Dynamically sized shared arrays are module-scope declarations in PTX.
        for sh in e.shared.iter().filter(|sh| sh.bytes == 0) {
            let _ = writeln!(s, ".extern .shared .align {} .b8 {}[];", sh.align, sh.name);
        }
        print_entry(&mut s, e);
    }
    s
}

fn param_type(t: ParamType) -> &'static str {
    match t {
        ParamType::U64 => ".u64",
        ParamType::U32 => ".u32",
        ParamType::F32 => ".f32",
        ParamType::TensorMap => ".align 64 .b8",
    }
}

fn print_entry(s: &mut String, e: &Entry) {
    let _ = write!(s, ".visible .entry {}(", e.name);
    for (i, p) in e.params.iter().enumerate() {
        s.push_str(if i == 0 { "\n" } else { ",\n" });
        let _ = write!(s, "\t.param {} {}", param_type(p.ty), p.name);
        if p.ty == ParamType::TensorMap {
            s.push_str("[128]");
        }
    }
    if !e.params.is_empty() {
        s.push('\n');
    }
    s.push_str(")\n");
    if let Some(n) = e.max_ntid {
        let _ = writeln!(s, ".maxntid {n}, 1, 1");
    }
    if let Some(n) = e.min_ctas_per_sm {
        let _ = writeln!(s, ".minnctapersm {n}");
    }
    if let Some(n) = e.cluster_x {
        let _ = writeln!(s, ".reqnctapercluster {n}, 1, 1");
    }
    s.push_str("{\n");
    let mut decls = 0;
    for &(class, n) in &e.regs {
        if n == 0 {
            continue;
        }
        decls += 1;
        let _ = writeln!(s, "\t.reg {} %{}<{n}>;", class.decl_type(), class.prefix());
    }
    for sh in e.shared.iter().filter(|sh| sh.bytes > 0) {
        decls += 1;
        let _ = writeln!(
            s,
            "\t.shared .align {} .b8 {}[{}];",
            sh.align, sh.name, sh.bytes
        );
    }
    if decls > 0 && !e.body.is_empty() {
        s.push('\n');
    }
    for st in &e.body {
        match st {
            Stmt::Label(l) => {
                let _ = writeln!(s, "{l}:");
            }
            Stmt::Comment(c) => {
                let _ = writeln!(s, "\t// {c}");
            }
            Stmt::Instr(i) => {
                s.push('\t');
                print_instr(s, i);
                s.push('\n');
            }
        }
    }
    s.push_str("}\n");
}

/// Prints one instruction without indentation or newline: `[@guard ]op.mods operands;`.
pub fn print_instr(s: &mut String, i: &Instr) {
    if let Some(g) = &i.guard {
        s.push('@');
        if g.negated {
            s.push('!');
        }
        print_reg(s, g.pred);
        s.push(' ');
    }
    s.push_str(i.op.name());
    for m in &i.mods {
        s.push('.');
        s.push_str(m);
    }
    for (k, o) in i.operands.iter().enumerate() {
        s.push_str(if k == 0 { " " } else { ", " });
        print_operand(s, o);
    }
    s.push(';');
}

fn print_reg(s: &mut String, r: Reg) {
    let _ = write!(s, "%{}{}", RegClass::prefix(r.class), r.n);
}

/// Prints one operand (`%r1`, `-4`, `0f3F800000`, `name`, `[%rd1+16]`, `{%f1, %f2}`).
pub fn print_operand(s: &mut String, o: &Operand) {
    match o {
        Operand::Reg(r) => print_reg(s, *r),
        Operand::Imm(v) => {
            let _ = write!(s, "{v}");
        }
        Operand::F32(bits) => {
            let _ = write!(s, "0f{bits:08X}");
        }
        Operand::Sym(name) => s.push_str(name),
        Operand::Addr { base, offset } => {
            s.push('[');
            print_operand(s, base);
            match offset.cmp(&0) {
                std::cmp::Ordering::Equal => {}
                std::cmp::Ordering::Greater => {
                    let _ = write!(s, "+{offset}");
                }
                std::cmp::Ordering::Less => {
                    let _ = write!(s, "-{}", offset.unsigned_abs());
                }
            }
            s.push(']');
        }
        Operand::Tensor { map, coords } => {
            s.push('[');
            print_operand(s, map);
            s.push_str(", ");
            print_operand(s, &Operand::Vec(coords.clone()));
            s.push(']');
        }
        Operand::Vec(v) => {
            s.push('{');
            for (k, x) in v.iter().enumerate() {
                if k > 0 {
                    s.push_str(", ");
                }
                print_operand(s, x);
            }
            s.push('}');
        }
    }
}
