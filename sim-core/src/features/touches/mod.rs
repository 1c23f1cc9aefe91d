//! The Touches feature: what touching memory to forget.
//!
//! Its catalog entry is in `spec`; its methods and tick hooks in `runtime`.

mod runtime;
mod spec;

pub(crate) use runtime::RUNTIME;
pub(crate) use spec::TOUCHES;
pub use spec::TOUCH_TYPES;
