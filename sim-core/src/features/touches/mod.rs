//! The Touches feature: what touching memory to forget.

mod runtime;

pub(crate) use runtime::RUNTIME;
