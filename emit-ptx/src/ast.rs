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
    pub const ALL: [RegClass; 6] = [
        RegClass::Pred,
        RegClass::B16,
        RegClass::B32,
        RegClass::B64,
        RegClass::F32,
        RegClass::F64,
    ];
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
    /// A tensor reference `[map, {c0, c1, ...}]` of `cp.async.bulk.tensor` (PTX ISA 9.7.9.25.5.1):
    /// the generic address of a tensor map and the box's coordinates, innermost (fastest)
    /// dimension first, in elements.
    Tensor {
        /// The tensor map's generic address (a `.b64` register).
        map: Box<Operand>,
        /// Box coordinates, innermost dimension first (`.b32` registers or immediates).
        coords: Vec<Operand>,
    },
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
    /// `cp.reduce.async` (`cp.reduce.async.bulk.tensor...add`: a TMA reduce-store; PTX ISA
    /// 9.7.9.25.5.2)
    CpReduceAsync,
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
    /// `neg`
    Neg,
    /// `abs`
    Abs,
    /// `not`
    Not,
    /// `div`
    Div,
    /// `rem`
    Rem,
    /// `rcp`
    Rcp,
    /// `sqrt`
    Sqrt,
    /// `rsqrt`
    Rsqrt,
    /// `ex2`
    Ex2,
    /// `lg2`
    Lg2,
    /// `tanh`
    Tanh,
    /// `prmt`
    Prmt,
    /// `atom`
    Atom,
    /// `red`
    Red,
    /// `stmatrix`
    Stmatrix,
    /// `wgmma`
    Wgmma,
    /// `fence`
    Fence,
    /// `mbarrier`
    Mbarrier,
    /// `membar`
    Membar,
    /// `exit`
    Exit,
    /// `setmaxnreg` (sm_90a; PTX ISA 9.7.17.1)
    Setmaxnreg,
    /// `prefetch` (`prefetch.tensormap` warms the tensor-map cache)
    Prefetch,
    /// `barrier` (`barrier.cluster.arrive` / `.wait`; PTX ISA 9.7.13.2)
    Barrier,
    /// `mapa` (a shared address in another CTA of the cluster; PTX ISA 9.7.9.20)
    Mapa,
    /// `trap` (aborts the kernel with an error the launcher reports)
    Trap,
    /// `griddepcontrol` (`.launch_dependents` / `.wait`: programmatic dependent launch;
    /// sm_90, PTX ISA 7.8; PTX ISA, parallel synchronization and communication
    /// instructions: `griddepcontrol`)
    Griddepcontrol,
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
            Op::CpReduceAsync => "cp.reduce.async",
            Op::Ldmatrix => "ldmatrix",
            Op::Mma => "mma",
            Op::Shfl => "shfl",
            Op::Bar => "bar",
            Op::Bra => "bra",
            Op::Ret => "ret",
            Op::Neg => "neg",
            Op::Abs => "abs",
            Op::Not => "not",
            Op::Div => "div",
            Op::Rem => "rem",
            Op::Rcp => "rcp",
            Op::Sqrt => "sqrt",
            Op::Rsqrt => "rsqrt",
            Op::Ex2 => "ex2",
            Op::Lg2 => "lg2",
            Op::Tanh => "tanh",
            Op::Prmt => "prmt",
            Op::Atom => "atom",
            Op::Red => "red",
            Op::Stmatrix => "stmatrix",
            Op::Wgmma => "wgmma",
            Op::Fence => "fence",
            Op::Mbarrier => "mbarrier",
            Op::Membar => "membar",
            Op::Exit => "exit",
            Op::Trap => "trap",
            Op::Setmaxnreg => "setmaxnreg",
            Op::Prefetch => "prefetch",
            Op::Barrier => "barrier",
            Op::Mapa => "mapa",
            Op::Griddepcontrol => "griddepcontrol",
        }
    }

    /// Every opcode (for the parser's lookup).
    pub const ALL: [Op; 53] = [
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
        Op::CpReduceAsync,
        Op::Ldmatrix,
        Op::Mma,
        Op::Shfl,
        Op::Bar,
        Op::Bra,
        Op::Ret,
        Op::Neg,
        Op::Abs,
        Op::Not,
        Op::Div,
        Op::Rem,
        Op::Rcp,
        Op::Sqrt,
        Op::Rsqrt,
        Op::Ex2,
        Op::Lg2,
        Op::Tanh,
        Op::Prmt,
        Op::Atom,
        Op::Red,
        Op::Stmatrix,
        Op::Wgmma,
        Op::Fence,
        Op::Mbarrier,
        Op::Membar,
        Op::Exit,
        Op::Setmaxnreg,
        Op::Prefetch,
        Op::Barrier,
        Op::Mapa,
        Op::Trap,
        Op::Griddepcontrol,
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
    /// `.align 64 .b8 name[128]`: a `CUtensorMap` passed by value (the PTX form of a
    /// `const __grid_constant__ CUtensorMap` parameter; CUDA driver API, "Tensor Map Object
    /// Management": 128 bytes, 64-byte aligned).
    TensorMap,
}

/// A kernel parameter `.param .u64 name`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its type.
    pub ty: ParamType,
    /// Its name.
    pub name: String,
}

/// A shared-memory array: `.shared .align A .b8 name[bytes];`, or, when `bytes` is 0, the
/// dynamically sized `.extern .shared .align A .b8 name[];` whose size the launch sets (needed
/// above 48 KiB per CTA; the launcher must also raise
/// `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    /// Its name.
    pub name: String,
    /// Alignment in bytes.
    pub align: u32,
    /// Size in bytes; 0 for a dynamically sized (`.extern`) array.
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
    /// `.reqnctapercluster X, 1, 1` (sm_90+; PTX ISA 11.7.1): CTAs per thread-block
    /// cluster, consecutive along x; the launch grid must be a multiple of it.
    pub cluster_x: Option<u32>,
    /// Registers declared per class: `.reg .b32 %r<N>;` declares `%r0 .. %r(N-1)`.
    pub regs: Vec<(RegClass, u32)>,
    /// Shared-memory arrays.
    pub shared: Vec<Shared>,
    /// The body.
    pub body: Vec<Stmt>,
}

/// A module-scope array in the constant bank: `.const .align 2 .u16 name[N] = {v0, ...};`
/// (PTX ISA 5.1.3, "Constant State Space"). Kernels read it with `ld.const.u16`; the host may
/// overwrite it between loading the module and a launch (`cuModuleGetGlobal` +
/// `cuMemcpyHtoD`), so the printed values are the defaults a launcher that knows nothing of
/// the array gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstArray {
    /// Its name (a PTX identifier, unique in the module).
    pub name: String,
    /// The initial values; at least one.
    pub values: Vec<u16>,
}

/// A PTX module: `.version`, `.target`, `.address_size 64`, constant arrays, then entries.
#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    /// `.version major.minor`.
    pub version: (u32, u32),
    /// `.target` (e.g. `sm_90a`).
    pub target: String,
    /// Module-scope constant arrays, printed before the entries.
    pub consts: Vec<ConstArray>,
    /// Kernels.
    pub entries: Vec<Entry>,
}

// ---------------------------------------------------------------------------------------------
// Constructors and helpers (additive; the types above are the contract).
// ---------------------------------------------------------------------------------------------

impl Reg {
    /// `%<prefix><n>` of `class`.
    pub fn new(class: RegClass, n: u32) -> Reg {
        Reg { class, n }
    }
}

impl From<Reg> for Operand {
    fn from(r: Reg) -> Operand {
        Operand::Reg(r)
    }
}

impl Operand {
    /// Calls `f` on every register the operand names: itself, an address's base, a
    /// vector's elements, a tensor reference's map and coordinates.
    pub fn each_reg(&self, f: &mut dyn FnMut(Reg)) {
        match self {
            Operand::Reg(r) => f(*r),
            Operand::Addr { base, .. } => base.each_reg(f),
            Operand::Vec(v) => v.iter().for_each(|x| x.each_reg(f)),
            Operand::Tensor { map, coords } => {
                map.each_reg(f);
                coords.iter().for_each(|x| x.each_reg(f));
            }
            Operand::Imm(_) | Operand::F32(_) | Operand::Sym(_) => {}
        }
    }

    /// A register operand.
    pub fn reg(class: RegClass, n: u32) -> Operand {
        Operand::Reg(Reg { class, n })
    }

    /// An f32 immediate from a float (its exact bits).
    pub fn f32(x: f32) -> Operand {
        Operand::F32(x.to_bits())
    }

    /// A symbol operand (parameter, label, shared variable).
    pub fn sym(name: impl Into<String>) -> Operand {
        Operand::Sym(name.into())
    }

    /// A special register such as `%tid.x`, `%ctaid.y`, `%laneid` (given without `%`).
    /// Special registers are symbols whose name starts with `%`.
    pub fn special(name: &str) -> Operand {
        Operand::Sym(format!("%{name}"))
    }

    /// A memory reference `[base+offset]`.
    pub fn addr(base: impl Into<Operand>, offset: i64) -> Operand {
        Operand::Addr {
            base: Box::new(base.into()),
            offset,
        }
    }

    /// A vector `{r0, r1, ...}` of registers.
    pub fn vec_of(regs: impl IntoIterator<Item = Reg>) -> Operand {
        Operand::Vec(regs.into_iter().map(Operand::Reg).collect())
    }
}

impl Op {
    /// The opcode whose PTX spelling is `name` (`"cp.async"`, `"mma"`, ...), if mosaic emits it.
    pub fn from_name(name: &str) -> Option<Op> {
        Op::ALL.iter().copied().find(|op| op.name() == name)
    }
}

impl Guard {
    /// `@%p`.
    pub fn when(pred: Reg) -> Guard {
        Guard {
            pred,
            negated: false,
        }
    }

    /// `@!%p`.
    pub fn unless(pred: Reg) -> Guard {
        Guard {
            pred,
            negated: true,
        }
    }
}

impl Instr {
    /// An unguarded instruction `op.mods operands`; `mods` are given without dots.
    pub fn new(op: Op, mods: &[&str], operands: Vec<Operand>) -> Instr {
        Instr {
            guard: None,
            op,
            mods: mods.iter().map(|m| (*m).to_string()).collect(),
            operands,
        }
    }

    /// The same instruction under `guard`.
    pub fn guarded(mut self, guard: Guard) -> Instr {
        self.guard = Some(guard);
        self
    }
}

impl From<Instr> for Stmt {
    fn from(i: Instr) -> Stmt {
        Stmt::Instr(i)
    }
}

impl Param {
    /// A parameter of type `ty`.
    pub fn new(ty: ParamType, name: impl Into<String>) -> Param {
        Param {
            ty,
            name: name.into(),
        }
    }
}

impl Entry {
    /// An entry with no parameters, launch bounds, registers, shared memory or body.
    pub fn new(name: impl Into<String>) -> Entry {
        Entry {
            name: name.into(),
            params: Vec::new(),
            max_ntid: None,
            min_ctas_per_sm: None,
            cluster_x: None,
            regs: Vec::new(),
            shared: Vec::new(),
            body: Vec::new(),
        }
    }

    /// Each label's index in [`Entry::body`].
    pub fn label_positions(&self) -> std::collections::HashMap<&str, usize> {
        self.body
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match s {
                Stmt::Label(l) => Some((l.as_str(), i)),
                _ => None,
            })
            .collect()
    }

    /// Sets each class's declared count to one more than the highest register number of that
    /// class used in the body (guards included), in [`RegClass::ALL`] order; unused classes
    /// are left out.
    pub fn declare_used_regs(&mut self) {
        let mut count = [0u32; 6];
        let mut note = |r: &Reg| {
            let i = RegClass::ALL
                .iter()
                .position(|c| *c == r.class)
                .unwrap_or(0);
            count[i] = count[i].max(r.n.saturating_add(1));
        };
        for s in &self.body {
            if let Stmt::Instr(i) = s {
                if let Some(g) = &i.guard {
                    note(&g.pred);
                }
                for o in &i.operands {
                    o.each_reg(&mut |r| note(&r));
                }
            }
        }
        self.regs = RegClass::ALL
            .iter()
            .zip(count)
            .filter(|(_, n)| *n > 0)
            .map(|(c, n)| (*c, n))
            .collect();
    }
}
