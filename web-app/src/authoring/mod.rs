//! What the script editor and the wizard share, below both: the names a blueprint's script
//! may use ([`vocab`]), how large a script either of them edits ([`limits`]), and the edit that
//! makes a blueprint a character ([`tags`]).

pub mod limits;
pub mod tags;
pub mod vocab;
