//! What a live classroom session needs besides the engine: the messages that cross between
//! devices ([`protocol`]), the teacher's side that turns the run into bundles ([`host`]) and
//! keeps the roster ([`room`]), students' edits of the class model ([`codesign`]), and a device's side that follows the run ([`follow`]).
//! No transport lives here: the web app carries the bytes (between windows of one browser,
//! or through a NATS server, whose client protocol [`nats_wire`] reads and writes), and these
//! modules only say what they mean.

pub mod codesign;
pub mod follow;
pub mod host;
pub mod nats_wire;
pub mod protocol;
pub mod room;
pub mod seal;

pub use follow::{Followed, Follower};
pub use host::Host;
pub use protocol::{decode, encode, validate, Message, ProtocolError};
pub use room::{Action, Room};
pub use seal::{Direction, RoomKey};
