//! The script editor: the text view of a blueprint's ScriptText, with line numbers, colours,
//! compile errors underlined where they are, completion from the keyword metadata and
//! bracket matching; a `# BLUEPRINT` line that names another blueprint offers to make the
//! names match ([`header`]).
//!
//! The logic is plain Rust, tested natively: [`scan`] reads a line into lexemes without ever
//! failing, [`highlight`] colours them, [`marks`] places compile errors and pairs brackets,
//! [`layers`] cuts each line into drawn segments, [`complete`] finds the names that fit at
//! the caret, [`caret`] converts between the browser's UTF-16 offsets and character columns,
//! and [`crate::authoring`] gathers the names a blueprint may use. [`component`] is the thin Yew view on
//! top ([`ScriptEditor`](component::ScriptEditor), its props in
//! [`ScriptEditorProps`](component::ScriptEditorProps)), with the DOM work it does outside
//! Yew's rendering in `dom`; [`panel`] shows it in the app, opening it at a [`ScriptPlace`] when
//! one is asked for.

pub mod caret;
pub mod complete;
pub mod component;
mod dom;
pub mod drafts;
mod header;
pub mod highlight;
mod hover;
pub mod layers;
pub mod marks;
pub mod panel;
mod place;
pub mod scan;

pub use panel::ScriptPanel;
pub use place::ScriptPlace;
