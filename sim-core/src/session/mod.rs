//! What a live classroom session needs besides the engine: the messages that cross between
//! devices ([`protocol`]), the teacher's side that turns the run into bundles ([`host`]) and
//! keeps the roster ([`room`]), students' edits of the class model ([`codesign`]), a device's side
//! that follows the run ([`follow`]), and the class run kept as a file ([`class_run`]) and
//! played again ([`run_replay`]).
//! No transport lives here: the web app carries the bytes (between windows of one browser,
//! or through a NATS server, whose client protocol [`nats_wire`] reads and writes), and these
//! modules only say what they mean.

pub mod class_run;
pub mod codesign;
pub mod follow;
pub mod host;
pub mod nats_wire;
pub mod protocol;
pub mod room;
pub mod run_replay;
pub mod seal;

pub use class_run::{Recorder, RunFile, RunFileError};
pub use follow::{Followed, Follower};
pub use host::Host;
pub use protocol::{decode, encode, validate, Message, ProtocolError};
pub use room::{Action, Room};
pub use run_replay::{Part, Playhead, Reached, RunReplay};
pub use seal::{Direction, RoomKey};
