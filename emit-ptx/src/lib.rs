//! # emit-ptx — PTX for named targets
//!
//! Only this crate knows PTX syntax. It holds:
//! - [`ast`]: the typed PTX AST ([`Module`], [`Entry`], [`Instr`], [`Operand`], ...);
//! - [`print`]: AST -> PTX text ([`print_module`]), deterministic;
//! - [`parse`]: PTX text -> AST ([`parse_module`]), written with nom and sharing no code with
//!   the printer, so `parse_module(&print_module(m)) == m` is an independent check;
//! - [`validate`]: the conditions under which that round trip holds ([`validate_module`]);
//! - [`converge`]: warp convergence where PTX requires it (`bra.uni` guards, `.aligned`
//!   instructions), an independent check of the kernels the code generators build;
//! - [`defined`]: definite assignment, every register read written on every path to the
//!   read (run on split-K kernels in the code generator's tests; see its docs);
//! - [`ptxas`]: finding and running NVIDIA's assembler, and reading its `-v` resource report;
//! - the target table ([`TARGETS`], [`ptx_target`]): `.target` names and their lowest `.version`.
//!
//! ```
//! use emit_ptx::{Entry, Instr, Module, Op, Stmt, parse_module, print_module};
//! let mut k = Entry::new("k");
//! k.body.push(Stmt::Instr(Instr::new(Op::Ret, &[], vec![])));
//! let m = Module { version: (8, 0), target: "sm_90a".into(), consts: vec![], entries: vec![k] };
//! let text = print_module(&m);
//! assert!(text.contains(".visible .entry k()"));
//! assert_eq!(parse_module(&text).unwrap(), m);
//! ```

pub mod ast;
pub mod converge;
pub mod defined;
pub mod parse;
pub mod print;
pub mod ptxas;
pub mod validate;

pub use ast::{
    ConstArray, Entry, Guard, Instr, Module, Op, Operand, Param, ParamType, Reg, RegClass, Shared,
    Stmt,
};
pub use converge::Divergence;
pub use defined::UndefinedRead;
pub use parse::{ParseError, parse_module};
pub use print::print_module;
pub use ptxas::{EntryReport, PtxasError, PtxasReport, assemble};
pub use validate::{InvalidModule, validate_module};

/// A PTX compilation target: the `.target` name and the lowest `.version` that accepts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PtxTarget {
    /// `.target` operand, e.g. `sm_90a`.
    pub sm: &'static str,
    /// Lowest PTX ISA version `(major, minor)` that supports it.
    pub min_version: (u32, u32),
}

impl PtxTarget {
    /// Whether the target has `griddepcontrol` (programmatic dependent launch): PTX ISA,
    /// "Parallel Synchronization and Communication Instructions: griddepcontrol", which
    /// requires sm_90 or higher (PTX 7.8).
    pub fn has_griddepcontrol(&self) -> bool {
        let digits: String = self.sm[3..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse::<u32>().is_ok_and(|sm| sm >= 90)
    }
}

/// Targets mosaic emits for, with the PTX ISA version that introduced each (PTX ISA,
/// "Release Notes" / `.target` directive table; sm_103a needs 8.8, checked with ptxas 13.4 in
/// ../shared/DESIGN.md).
pub const TARGETS: &[PtxTarget] = &[
    PtxTarget {
        sm: "sm_80",
        min_version: (7, 0),
    },
    PtxTarget {
        sm: "sm_86",
        min_version: (7, 1),
    },
    PtxTarget {
        sm: "sm_89",
        min_version: (7, 8),
    },
    PtxTarget {
        sm: "sm_90a",
        min_version: (8, 0),
    },
    PtxTarget {
        sm: "sm_100a",
        min_version: (8, 6),
    },
    PtxTarget {
        sm: "sm_103a",
        min_version: (8, 8),
    },
    PtxTarget {
        sm: "sm_120a",
        min_version: (8, 7),
    },
    PtxTarget {
        sm: "sm_121a",
        min_version: (8, 8),
    },
];

/// Errors of PTX emission.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmitError {
    /// No PTX target of that name.
    #[error("unknown PTX target '{0}'")]
    UnknownTarget(String),
}

/// Looks up a target by its `.target` name.
///
/// # Errors
/// [`EmitError::UnknownTarget`] for a name not in [`TARGETS`].
pub fn ptx_target(sm: &str) -> Result<PtxTarget, EmitError> {
    TARGETS
        .iter()
        .copied()
        .find(|t| t.sm == sm)
        .ok_or_else(|| EmitError::UnknownTarget(sm.to_string()))
}
