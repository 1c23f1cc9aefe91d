//! Projects in the app: which model is open, where it came from and where it goes.
//!
//! The current project lives in a [`ProjectHandle`] the app owns; the [`ProjectsPanel`]
//! loads bundled models, imports and exports `.gemprj` files, autosaves to local storage,
//! shares the project as a link and switches the projector view. Plain logic (autosave
//! entries, import checks, the model list, compile status) has no browser dependency and is
//! tested natively; `browser` and the component are the only glue to the page.

mod autosave;
pub(crate) mod browser;
mod current;
mod error;
mod load;
mod models;
mod panel;
mod timed_save;
mod view;

#[cfg(test)]
pub(crate) use current::Origin;
pub use current::{CurrentProject, ProjectHandle};
pub use panel::ProjectsPanel;
pub use timed_save::save_if_changed;
