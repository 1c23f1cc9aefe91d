//! The script language: GEMSTEP's ScriptText, read into tokens and ScriptUnits, printed back,
//! and the `{{ ... }}` expression language.
//!
//! ```
//! use sim_core::script::{print_units, tokenize};
//!
//! let units = tokenize("prop energy setTo {{ agent.x + 1 }}").unwrap();
//! let json = serde_json::to_string(&units).unwrap();
//! assert_eq!(json, r#"[[{"identifier":"prop"},{"identifier":"energy"},{"identifier":"setTo"},{"expr":"agent.x + 1"}]]"#);
//! assert_eq!(print_units(&units), "prop energy setTo {{ agent.x + 1 }}");
//! ```
//!
//! - [`tokenize`]: ScriptText → [`ScriptUnit`]s of [`Token`]s, each with its [`Pos`];
//!   errors are [`TokenizeError`]s.
//! - [`print_units`]: ScriptUnits → canonical ScriptText.
//! - [`expr`]: parse a `{{ ... }}` once into an [`expr::Expr`], evaluate it against an
//!   [`expr::ExprContext`] the runtime provides.
//! - [`keywords`]: one file per keyword — its arguments and help for the wizard, how it
//!   compiles and how it prints back; [`ArgSpec`] describes an argument.
//! - [`compiler`]: a blueprint's text → a [`program::CompiledBlueprint`], with every error
//!   collected; [`compiler::compile_project`] checks a whole project.
//! - [`unparse`]: compiled statements back to ScriptText.

pub mod compiler;
pub mod expr;
pub mod keywords;
mod printer;
pub mod program;
mod token;
mod tokenize_error;
mod tokenizer;
pub mod unparse;

pub use printer::print_units;
pub use token::{ExprSource, Literal, Pos, ScriptUnit, Token, TokenKind};
pub use tokenize_error::{TokenizeError, TokenizeErrorKind};
pub use tokenizer::{tokenize, MAX_BLOCK_DEPTH};

// What the editor, the wizard and the command need of the language, in one place: what each
// argument takes, the feature catalog, the compiler's entry points and the keyword list.
pub use crate::args::{arg_count_range, describe_count, spec_for, ArgKind, ArgSpec, Arity};
pub use crate::features::{
    feature, feature_names, BlockScope, DefaultValue, FeatMethodSpec, FeatPropSpec, FeatureSpec,
    FEATURES, MOVEMENT_TYPES, TOUCH_TYPES,
};
pub use compiler::{
    builtin_prop, compile_blueprint, compile_project, compile_standalone, project_symbols,
    BlueprintSymbols, CompileError, CompileErrorKind, Symbols, BUILTIN_PROPS,
};
pub use keywords::{keyword, keyword_names, Keyword, KEYWORDS, PRAGMAS, WHEN_TESTS};
