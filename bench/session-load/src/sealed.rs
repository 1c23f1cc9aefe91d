//! Messages sealed with a room's key, as the pages seal them (see
//! [`sim_core::session::seal`]): the load is the real traffic, sealing and opening included.

use sim_core::{
    session::protocol::{Message, ProtocolError},
    session::seal::{Direction, RoomKey, NONCE_BYTES},
    session::{decode, encode},
};
use std::io::Read;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// Counts the nonces this process made: each is 16 random bytes of the process and the
/// count, so no two are alike.
static COUNT: AtomicU64 = AtomicU64::new(0);

fn prefix() -> &'static [u8; 16] {
    static PREFIX: OnceLock<[u8; 16]> = OnceLock::new();
    PREFIX.get_or_init(|| {
        let mut bytes = [0u8; 16];
        let read = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes));
        if read.is_err() {
            // No system generator: the time and process id still differ between runs.
            let t = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos());
            bytes[..8].copy_from_slice(&(t as u64).to_le_bytes());
            bytes[8..12].copy_from_slice(&std::process::id().to_le_bytes());
        }
        bytes
    })
}

fn nonce() -> [u8; NONCE_BYTES] {
    let mut nonce = [0u8; NONCE_BYTES];
    nonce[..16].copy_from_slice(prefix());
    nonce[16..].copy_from_slice(&COUNT.fetch_add(1, Ordering::Relaxed).to_le_bytes());
    nonce
}

/// `message` encoded and sealed for `direction` with `key`.
pub fn seal(key: &RoomKey, direction: Direction, message: &Message) -> Vec<u8> {
    key.seal(direction, nonce(), &encode(message))
}

/// The message in `payload`, sealed for `direction` with `key`.
pub fn open(key: &RoomKey, direction: Direction, payload: &[u8]) -> Result<Message, ProtocolError> {
    decode(&key.open(direction, payload)?)
}
