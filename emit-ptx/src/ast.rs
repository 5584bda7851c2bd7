//! The typed PTX AST: a module of kernel entries; each entry declares its parameters, its
//! registers by class and type, its shared memory, and a body of labels and instructions.
//! Instructions are a typed opcode ([`Op`]) plus its dotted modifiers, an optional guard
//! predicate, and typed operands. The printer ([`crate::print`]) and the parser
//! ([`crate::parse`]) are independent: the parser does not call the printer.

/// Register classes, each printed with its own prefix and declared with one type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RegClass {
    /// `.pred`, `%p<n>`.
    Pred,
    /// `.b16`, `%h<n>` (one f16/bf16, or half of a pair).
    B16,
    /// `.b32`, `%r<n>` (integers, f16x2/bf16x2 pairs, tf32 operands).
    B32,
    /// `.b64`, `%rd<n>` (addresses).
    B64,
    /// `.f32`, `%f<n>`.
    F32,
    /// `.f64`, `%fd<n>`.
    F64,
}

impl RegClass {
    /// Register name prefix without `%`.
    pub fn prefix(self) -> &'static str {
        match self {
            RegClass::Pred => "p",
            RegClass::B16 => "h",
            RegClass::B32 => "r",
            RegClass::B64 => "rd",
            RegClass::F32 => "f",
            RegClass::F64 => "fd",
        }
    }

    /// Declaration type (`.pred`, `.b32`, ...).
    pub fn decl_type(self) -> &'static str {
        match self {
            RegClass::Pred => ".pred",
            RegClass::B16 => ".b16",
            RegClass::B32 => ".b32",
            RegClass::B64 => ".b64",
            RegClass::F32 => ".f32",
            RegClass::F64 => ".f64",
        }
    }

    /// All classes in declaration order.
    pub const ALL: [RegClass; 6] =
        [RegClass::Pred, RegClass::B16, RegClass::B32, RegClass::B64, RegClass::F32, RegClass::F64];
}

/// A virtual register `%<prefix><n>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Reg {
    /// Its class.
    pub class: RegClass,
    /// Its number within the class.
    pub n: u32,
}

/// An instruction operand.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    /// A register.
    Reg(Reg),
    /// An integer immediate.
    Imm(i64),
    /// An f32 immediate given by its bits (printed `0fXXXXXXXX`, exact).
    F32(u32),
    /// A symbol: parameter, label or shared-memory variable.
    Sym(String),
    /// A memory reference `[base+offset]` (base a register or symbol).
    Addr {
        /// Base register or symbol.
        base: Box<Operand>,
        /// Byte offset.
        offset: i64,
    },
    /// A vector `{a, b, ...}` (mma fragments, v2/v4 loads).
    Vec(Vec<Operand>),
}

/// Opcodes mosaic emits. Modifiers (`.sync.aligned.m16n8k8...`) are kept as text beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Op {
    /// `mov`
    Mov,
    /// `add`
    Add,
    /// `sub`
    Sub,
    /// `mul`
    Mul,
    /// `mad`
    Mad,
    /// `fma`
    Fma,
    /// `min`
    Min,
    /// `max`
    Max,
    /// `shl`
    Shl,
    /// `shr`
    Shr,
    /// `and`
    And,
    /// `or`
    Or,
    /// `xor`
    Xor,
    /// `setp`
    Setp,
    /// `selp`
    Selp,
    /// `cvt`
    Cvt,
    /// `cvta`
    Cvta,
    /// `ld`
    Ld,
    /// `st`
    St,
    /// `cp.async` (with `.ca`/`.cg` and size as modifiers), and `cp.async.commit_group` /
    /// `cp.async.wait_group` as modifiers `commit_group` / `wait_group`.
    CpAsync,
    /// `ldmatrix`
    Ldmatrix,
    /// `mma`
    Mma,
    /// `shfl`
    Shfl,
    /// `bar`
    Bar,
    /// `bra`
    Bra,
    /// `ret`
    Ret,
}

impl Op {
    /// The opcode's PTX spelling.
    pub fn name(self) -> &'static str {
        match self {
            Op::Mov => "mov",
            Op::Add => "add",
            Op::Sub => "sub",
            Op::Mul => "mul",
            Op::Mad => "mad",
            Op::Fma => "fma",
            Op::Min => "min",
            Op::Max => "max",
            Op::Shl => "shl",
            Op::Shr => "shr",
            Op::And => "and",
            Op::Or => "or",
            Op::Xor => "xor",
            Op::Setp => "setp",
            Op::Selp => "selp",
            Op::Cvt => "cvt",
            Op::Cvta => "cvta",
            Op::Ld => "ld",
            Op::St => "st",
            Op::CpAsync => "cp.async",
            Op::Ldmatrix => "ldmatrix",
            Op::Mma => "mma",
            Op::Shfl => "shfl",
            Op::Bar => "bar",
            Op::Bra => "bra",
            Op::Ret => "ret",
        }
    }

    /// Every opcode (for the parser's lookup).
    pub const ALL: [Op; 26] = [
        Op::Mov,
        Op::Add,
        Op::Sub,
        Op::Mul,
        Op::Mad,
        Op::Fma,
        Op::Min,
        Op::Max,
        Op::Shl,
        Op::Shr,
        Op::And,
        Op::Or,
        Op::Xor,
        Op::Setp,
        Op::Selp,
        Op::Cvt,
        Op::Cvta,
        Op::Ld,
        Op::St,
        Op::CpAsync,
        Op::Ldmatrix,
        Op::Mma,
        Op::Shfl,
        Op::Bar,
        Op::Bra,
        Op::Ret,
    ];
}

/// A guard `@%p` or `@!%p`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guard {
    /// The predicate register.
    pub pred: Reg,
    /// Whether the guard is negated (`@!%p`).
    pub negated: bool,
}

/// One instruction: `[@guard] op.mod1.mod2 operands;`.
#[derive(Clone, Debug, PartialEq)]
pub struct Instr {
    /// Optional guard predicate.
    pub guard: Option<Guard>,
    /// The opcode.
    pub op: Op,
    /// Modifiers in order, without dots (`["sync", "aligned", "m16n8k8", ...]`).
    pub mods: Vec<String>,
    /// Operands, destination first.
    pub operands: Vec<Operand>,
}

/// A statement of an entry body.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `name:`
    Label(String),
    /// An instruction.
    Instr(Instr),
    /// `// text` (one line).
    Comment(String),
}

/// Kernel parameter types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamType {
    /// `.u64` (a pointer).
    U64,
    /// `.u32`.
    U32,
    /// `.f32`.
    F32,
}

/// A kernel parameter `.param .u64 name`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its type.
    pub ty: ParamType,
    /// Its name.
    pub name: String,
}

/// A statically sized shared-memory array `.shared .align A .b8 name[bytes];`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    /// Its name.
    pub name: String,
    /// Alignment in bytes.
    pub align: u32,
    /// Size in bytes.
    pub bytes: u32,
}

/// A kernel `.visible .entry name(params) .maxntid X, 1, 1 { decls; body }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Kernel name.
    pub name: String,
    /// Parameters in order.
    pub params: Vec<Param>,
    /// `.maxntid` (threads per CTA), if given.
    pub max_ntid: Option<u32>,
    /// `.minnctapersm`, if given.
    pub min_ctas_per_sm: Option<u32>,
    /// Registers declared per class: `.reg .b32 %r<N>;` declares `%r0 .. %r(N-1)`.
    pub regs: Vec<(RegClass, u32)>,
    /// Shared-memory arrays.
    pub shared: Vec<Shared>,
    /// The body.
    pub body: Vec<Stmt>,
}

/// A PTX module: `.version`, `.target`, `.address_size 64`, then entries.
#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    /// `.version major.minor`.
    pub version: (u32, u32),
    /// `.target` (e.g. `sm_90a`).
    pub target: String,
    /// Kernels.
    pub entries: Vec<Entry>,
}
