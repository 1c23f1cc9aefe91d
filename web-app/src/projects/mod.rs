//! Projects in the app: which model is open, where it came from and where it goes.
//!
//! The current project lives in a [`ProjectHandle`] the app owns; the [`ProjectsPanel`]
//! loads bundled models, imports and exports `.gemprj` files, autosaves to local storage,
//! shares the project as a link and switches the projector view. Plain logic (autosave
//! entries, import checks, the model list, compile status) has no browser dependency and is
//! tested natively; `browser` and the component are the only glue to the page.

mod autosave;
mod blank;
mod blueprints;
pub(crate) mod browser;
mod costumes;
mod current;
mod error;
mod history;
mod keys;
mod list;
mod load;
mod models;
mod panel;
mod timed_save;
mod view;

pub use current::ProjectHandle;
#[cfg(test)]
pub use current::{CurrentProject, Origin};
pub use panel::ProjectsPanel;
pub use timed_save::save_if_changed;
