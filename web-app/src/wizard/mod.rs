//! The blueprint wizard: the same script as the text editor, shown as rows of drop-downs and
//! inputs built from the keywords' argument descriptions, so students can write a blueprint
//! without facing a blank page of syntax.
//!
//! The text stays the one source of truth. [`lines`] reads it into wizard lines after every
//! change; [`edit`] turns a change made with the controls into new canonical text (`rewrite`
//! changes the units), refusing any that would not compile; [`template`] fills a new line's arguments with first choices;
//! [`choices`] lists what each drop-down offers; [`markup`] is the thin Yew component on top.

pub mod choices;
pub mod edit;
pub mod lines;
pub mod markup;
mod more;
pub mod optional;
mod rewrite;
pub mod template;

pub use markup::Wizard;
