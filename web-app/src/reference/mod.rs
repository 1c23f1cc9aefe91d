//! The script reference in the app: an entry drawn as a card, the searchable Reference panel,
//! and the way any part of the page asks for the panel to open at an entry. The entries
//! themselves are sim-core's ([`sim_core::reference`]), the same ones `stepwise reference`
//! prints.

mod card;
mod panel;

pub use card::entry_brief;
pub use panel::ReferencePanel;

use yew::prelude::*;

/// Opens the Reference panel, at the entry with this key (`None`: at its list). The app
/// provides it as a context to the script drawer, the wizard and the editor; where no one
/// provides it (a joined student's device page) the wizard's help has no *More* button.
#[derive(Clone, PartialEq)]
pub struct ReferenceOpener(pub Callback<Option<AttrValue>>);
