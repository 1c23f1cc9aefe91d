//! Projects in the app: which model is open, where it came from and where it goes.
//!
//! The current project lives in a [`ProjectHandle`] the app owns; the [`ProjectsPanel`]
//! loads bundled models (picked, or chosen on the models library page), imports and exports `.gemprj` files, keeps every project the
//! student makes or opens in the [`Library`] (IndexedDB), shares the project as a link and
//! switches the projector view. Plain logic (autosave
//! entries, import checks, the model list, compile status) has no browser dependency and is
//! tested natively; `browser` and the component are the only glue to the page.

mod autosave;
pub mod blank;
pub mod blueprints;
mod catalog;
mod costumes;
mod current;
mod gallery;
mod history;
mod history_buttons;
mod idb;
mod info;
mod keys;
mod library;
mod library_list;
mod list;
mod listeners;
mod load;
mod markup;
mod models;
mod panel;
pub mod rooms;
pub mod runs;
mod runs_list;

pub use current::{project_title, CurrentProject, Origin, ProjectHandle, STALE_NOTE};
pub use history_buttons::HistoryButtons;
pub use info::InfoPanel;
pub use library::{keep_and_open_next, keep_copy, saved_project, saved_projects, Library};
pub use panel::ProjectsPanel;
