//! A small builder for entry bodies: virtual registers by class, instructions, labels.

use emit_ptx::ast::{Guard, Instr, Op, Operand, Reg, RegClass, Stmt};

/// Accumulates one entry's registers and statements.
#[derive(Default)]
pub struct Builder {
    counts: [u32; 6],
    labels: u32,
    /// The statements so far.
    pub body: Vec<Stmt>,
}

fn class_index(c: RegClass) -> usize {
    RegClass::ALL.iter().position(|&x| x == c).unwrap_or(0)
}

/// Operand shorthands.
pub fn r(reg: Reg) -> Operand {
    Operand::Reg(reg)
}

/// An integer immediate.
pub fn imm(v: i64) -> Operand {
    Operand::Imm(v)
}

/// A symbol (parameter, label, special register such as `%tid.x`).
pub fn sym(s: &str) -> Operand {
    Operand::Sym(s.to_string())
}

/// `[reg + offset]`.
pub fn addr(base: Reg, offset: i64) -> Operand {
    Operand::Addr {
        base: Box::new(Operand::Reg(base)),
        offset,
    }
}

/// An f32 immediate.
pub fn f32imm(v: f32) -> Operand {
    Operand::F32(v.to_bits())
}

/// `{a, b, ...}`.
pub fn vec(regs: &[Reg]) -> Operand {
    Operand::Vec(regs.iter().map(|&x| Operand::Reg(x)).collect())
}

impl Builder {
    /// A fresh register of `class`.
    pub fn reg(&mut self, class: RegClass) -> Reg {
        let i = class_index(class);
        let n = self.counts[i];
        self.counts[i] += 1;
        Reg { class, n }
    }

    /// `count` fresh registers.
    pub fn regs(&mut self, class: RegClass, count: usize) -> Vec<Reg> {
        (0..count).map(|_| self.reg(class)).collect()
    }

    /// Declarations `(class, count)` for every class used.
    pub fn decls(&self) -> Vec<(RegClass, u32)> {
        RegClass::ALL
            .iter()
            .map(|&c| (c, self.counts[class_index(c)]))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// The instruction without adding it.
    pub fn make(op: Op, mods: &str, operands: Vec<Operand>) -> Instr {
        Instr {
            guard: None,
            op,
            mods: mods
                .split('.')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect(),
            operands,
        }
    }

    /// Appends `op.mods operands;` (`mods` dotted, e.g. `"sync.aligned"`).
    pub fn emit(&mut self, op: Op, mods: &str, operands: Vec<Operand>) {
        self.body.push(Stmt::Instr(Self::make(op, mods, operands)));
    }

    /// Appends `@[!]pred op.mods operands;`.
    pub fn emit_if(
        &mut self,
        pred: Reg,
        negated: bool,
        op: Op,
        mods: &str,
        operands: Vec<Operand>,
    ) {
        let mut i = Self::make(op, mods, operands);
        i.guard = Some(Guard { pred, negated });
        self.body.push(Stmt::Instr(i));
    }

    /// Appends a prepared instruction.
    pub fn push(&mut self, i: Instr) {
        self.body.push(Stmt::Instr(i));
    }

    /// A label name not used before in this entry: `<prefix>_<n>`.
    pub fn fresh_label(&mut self, prefix: &str) -> String {
        self.labels += 1;
        format!("{prefix}_{}", self.labels)
    }

    /// `name:`
    pub fn label(&mut self, name: &str) {
        self.body.push(Stmt::Label(name.to_string()));
    }

    /// `// text`
    pub fn comment(&mut self, text: &str) {
        self.body.push(Stmt::Comment(text.to_string()));
    }

    /// `dst = a + imm` (u32) into a fresh register.
    pub fn add_u32(&mut self, a: Reg, v: i64) -> Reg {
        let d = self.reg(RegClass::B32);
        self.emit(Op::Add, "u32", vec![r(d), r(a), imm(v)]);
        d
    }

    /// `dst = a * k + b` (u32, low bits) into a fresh register.
    pub fn mad_u32(&mut self, a: Reg, k: i64, b: Reg) -> Reg {
        let d = self.reg(RegClass::B32);
        self.emit(Op::Mad, "lo.u32", vec![r(d), r(a), imm(k), r(b)]);
        d
    }

    /// The `.u64` kernel parameter `name` (a device pointer) as a global address in a fresh
    /// register: `ld.param.u64` then `cvta.to.global.u64`.
    pub fn global_ptr_param(&mut self, name: &str) -> Reg {
        let x = self.reg(RegClass::B64);
        let at = Operand::Addr {
            base: Box::new(sym(name)),
            offset: 0,
        };
        self.emit(Op::Ld, "param.u64", vec![r(x), at]);
        self.emit(Op::Cvta, "to.global.u64", vec![r(x), r(x)]);
        x
    }

    /// The start of a kernel launched as a programmatic dependent whose threads touch global
    /// memory from their first instructions (`crate::Pdl`): the next grid in the stream may
    /// launch once every CTA of this one has started (`griddepcontrol.launch_dependents`),
    /// and every thread waits for the previous grid to finish (`griddepcontrol.wait`).
    pub fn programmatic_prologue(&mut self) {
        self.emit(Op::Griddepcontrol, "launch_dependents", vec![]);
        self.emit(Op::Griddepcontrol, "wait", vec![]);
    }

    /// A u32 constant in a fresh register.
    pub fn const_u32(&mut self, v: i64) -> Reg {
        let d = self.reg(RegClass::B32);
        self.emit(Op::Mov, "u32", vec![r(d), imm(v)]);
        d
    }

    /// `dst = f32(src)` for a 16-bit float `src` (a `.b16` register) of type `ty`, `"f16"` or
    /// `"bf16"`, exactly: `cvt.f32.f16`, or a bf16's bits as the upper half of an f32 (bf16 is
    /// f32 with the low 16 mantissa bits dropped), which needs no particular PTX version or
    /// target for the warp kernels' older `.version` headers.
    pub fn widen_half(&mut self, dst: Reg, src: Reg, ty: &str) {
        if ty == "f16" {
            return self.emit(Op::Cvt, "f32.f16", vec![r(dst), r(src)]);
        }
        let bits = self.reg(RegClass::B32);
        self.emit(Op::Cvt, "u32.u16", vec![r(bits), r(src)]);
        self.emit(Op::Shl, "b32", vec![r(bits), r(bits), imm(16)]);
        self.emit(Op::Mov, "b32", vec![r(dst), r(bits)]);
    }

    /// `(x >> shift) & (extent - 1)` for power-of-two `extent`, or `(x / div) % extent` in
    /// general, into a fresh register: one colex coordinate of `x`.
    pub fn digit(&mut self, x: Reg, div: i64, extent: i64) -> Reg {
        let d = self.reg(RegClass::B32);
        if div.count_ones() == 1 && extent.count_ones() == 1 {
            self.emit(
                Op::Shr,
                "u32",
                vec![r(d), r(x), imm(i64::from(div.trailing_zeros()))],
            );
            self.emit(Op::And, "b32", vec![r(d), r(d), imm(extent - 1)]);
        } else {
            self.emit(Op::Div, "u32", vec![r(d), r(x), imm(div)]);
            self.emit(Op::Rem, "u32", vec![r(d), r(d), imm(extent)]);
        }
        d
    }
}
