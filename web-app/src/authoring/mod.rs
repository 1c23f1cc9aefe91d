//! What the script editor and the wizard share, below both: the names a blueprint's script
//! may use ([`vocab`]) and how large a script either of them edits ([`limits`]).

pub mod limits;
pub mod vocab;
