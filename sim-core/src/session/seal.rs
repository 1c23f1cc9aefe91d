//! A room's traffic, sealed with a key only its code gives.
//!
//! The session server's permissions let any student's client subscribe to every room's
//! *out* subject (NATS has no way to let a page read its own room's subject without letting
//! it read them all), so what travels there must mean nothing without the code. From the
//! code alone every device and the teacher's page make the same [`RoomKey`] with Argon2id,
//! slowly on purpose (about a tenth of a second natively): a room code is seven characters of
//! 31, about 2.7 × 10¹⁰ codes, so trying them all from a captured message takes decades of
//! processor time, not a lesson. The key names the room's subjects (so the code is on none,
//! and no lobby is needed) and seals every message with XChaCha20-Poly1305 (a random 24-byte
//! nonce each, given by the page; the direction is authenticated, so a message sent on *in*
//! cannot be replayed on *out*). A message that does not open with the room's key (another
//! room's, a forgery, a damaged one) is refused and counted like any damaged message.

use super::protocol::ProtocolError;
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};

/// Bytes of a sealed message before its ciphertext: the nonce.
pub const NONCE_BYTES: usize = 24;
/// Bytes a sealed message adds to the message: its nonce and its tag.
pub const SEAL_OVERHEAD: usize = NONCE_BYTES + 16;

/// Argon2id's cost: memory in KiB, passes. 8 MiB and three passes take about a tenth of a
/// second natively and a few tenths in a phone's browser, once per join.
const MEMORY_KIB: u32 = 8 * 1024;
const PASSES: u32 = 3;
/// The salt: fixed, so every device makes the same key; it ties the key to Stepwise rooms.
const SALT: &[u8] = b"stepwise room key, version 1";
/// The characters of a teacher's tag (`scripts/teacher add` gives each teacher one).
pub const TAG_CHARS: usize = 2;
/// The characters of a room code of a teacher with a key of their own: their tag, then seven
/// random ones (a classroom's one teacher's codes are the seven alone).
pub const TAGGED_CODE_CHARS: usize = TAG_CHARS + 7;

/// Which way a message goes, authenticated with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Teacher → devices (the *out* subject).
    Out,
    /// Devices → teacher (the *in* subject).
    In,
}

impl Direction {
    fn aad(self) -> &'static [u8] {
        match self {
            Direction::Out => b"out",
            Direction::In => b"in",
        }
    }
}

/// The key a room's code gives, and the id its subjects are named by.
#[derive(Clone)]
pub struct RoomKey {
    cipher: XChaCha20Poly1305,
    id: String,
    /// The tag of the teacher whose room it is, when its code starts with one.
    tag: Option<String>,
}

impl std::fmt::Debug for RoomKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the key itself.
        write!(f, "RoomKey {{ id: {} }}", self.id)
    }
}

impl RoomKey {
    /// The key of room `code` (as typed: case and spaces do not matter). Slow on purpose.
    pub fn derive(code: &str) -> RoomKey {
        let code: String = code
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_uppercase();
        let mut out = [0u8; 48];
        let derived = argon2::Params::new(MEMORY_KIB, PASSES, 1, Some(out.len()))
            .map(|params| {
                argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params)
            })
            .and_then(|argon| argon.hash_password_into(code.as_bytes(), SALT, &mut out));
        // The parameters are constants Argon2 accepts and the salt is long enough, so this
        // cannot fail; if it ever did, every device would still agree on the all-zero key.
        debug_assert!(derived.is_ok());
        let (key, id) = out.split_at(32);
        let cipher = XChaCha20Poly1305::new_from_slice(key)
            .unwrap_or_else(|_| XChaCha20Poly1305::new(&Default::default()));
        let id = id.iter().map(|b| format!("{b:02x}")).collect();
        let tag = (code.chars().count() == TAGGED_CODE_CHARS
            && code.chars().all(|c| c.is_ascii_alphanumeric()))
        .then(|| code.chars().take(TAG_CHARS).collect());
        RoomKey { cipher, id, tag }
    }

    /// The room's id: what its subjects are named by (`sw.ID.out`, `sw.ID.in`).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The room's subjects on the session server: what the teacher sends on (`out`) and what
    /// it reads (`in`). A room of a teacher with a key of their own (its code starts with
    /// their tag: [`TAGGED_CODE_CHARS`] characters in all) lives under their tag,
    /// `sw.TAG.ID.out` and `sw.TAG.ID.in`, which the server lets no other teacher read.
    pub fn subjects(&self) -> (String, String) {
        match &self.tag {
            Some(tag) => (
                format!("sw.{tag}.{}.out", self.id),
                format!("sw.{tag}.{}.in", self.id),
            ),
            None => (format!("sw.{}.out", self.id), format!("sw.{}.in", self.id)),
        }
    }

    /// `message` sealed for `direction` with `nonce` (random, never used twice: the page
    /// takes it from the browser's cryptographic generator): the nonce, then the ciphertext.
    pub fn seal(&self, direction: Direction, nonce: [u8; NONCE_BYTES], message: &[u8]) -> Vec<u8> {
        let payload = Payload {
            msg: message,
            aad: direction.aad(),
        };
        let sealed = self
            .cipher
            .encrypt(&XNonce::from(nonce), payload)
            // Encrypting fails only for messages of gigabytes, which the protocol never makes.
            .unwrap_or_default();
        let mut out = Vec::with_capacity(NONCE_BYTES + sealed.len());
        out.extend_from_slice(&nonce);
        out.extend_from_slice(&sealed);
        out
    }

    /// The message inside `sealed`, if it was sealed with this key for `direction`.
    pub fn open(&self, direction: Direction, sealed: &[u8]) -> Result<Vec<u8>, ProtocolError> {
        let not_ours = || ProtocolError::Malformed("not sealed with this room's key".to_string());
        if sealed.len() < SEAL_OVERHEAD {
            return Err(not_ours());
        }
        let (nonce, ciphertext) = sealed.split_at(NONCE_BYTES);
        let nonce = XNonce::try_from(nonce).map_err(|_| not_ours())?;
        let payload = Payload {
            msg: ciphertext,
            aad: direction.aad(),
        };
        self.cipher.decrypt(&nonce, payload).map_err(|_| not_ours())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_teachers_tagged_code_puts_the_room_under_their_tag() {
        let tagged = RoomKey::derive("kq abcd 234");
        let (out, inn) = tagged.subjects();
        assert_eq!(out, format!("sw.KQ.{}.out", tagged.id()));
        assert_eq!(inn, format!("sw.KQ.{}.in", tagged.id()));
        let (out, _) = keys().0.subjects();
        assert_eq!(out, format!("sw.{}.out", keys().0.id()));
    }

    /// Keys are slow to make: the tests of a thread share two.
    fn keys() -> &'static (RoomKey, RoomKey) {
        thread_local! {
            static MADE: &'static (RoomKey, RoomKey) =
                Box::leak(Box::new((RoomKey::derive("ABC2345"), RoomKey::derive("ABC2346"))));
        }
        MADE.with(|k| *k)
    }

    #[test]
    fn a_code_gives_the_same_key_and_id_on_every_device() {
        let (a, b) = keys();
        let again = RoomKey::derive(" abc 2345 ");
        assert_eq!(a.id(), again.id(), "case and spaces do not matter");
        assert_ne!(a.id(), b.id());
        assert_eq!(a.id().len(), 32);
        assert!(a.id().chars().all(|c| c.is_ascii_hexdigit()));
        assert!(!a.id().to_uppercase().contains("ABC2345"));
        let sealed = a.seal(Direction::Out, [7; NONCE_BYTES], b"hello class");
        assert_eq!(again.open(Direction::Out, &sealed).unwrap(), b"hello class");
        assert!(!format!("{a:?}").contains("cipher"));
    }

    #[test]
    fn another_room_a_direction_a_change_or_a_cut_opens_nothing() {
        let (a, b) = keys();
        let sealed = a.seal(Direction::In, [1; NONCE_BYTES], b"Ana's fish is here");
        assert!(
            !sealed.windows(3).any(|w| w == b"Ana"),
            "nothing readable travels"
        );
        assert!(
            b.open(Direction::In, &sealed).is_err(),
            "another room's key"
        );
        assert!(
            a.open(Direction::Out, &sealed).is_err(),
            "replayed the other way"
        );
        let mut changed = sealed.clone();
        changed[NONCE_BYTES + 2] ^= 1;
        assert!(a.open(Direction::In, &changed).is_err(), "a changed byte");
        assert!(
            a.open(Direction::In, &sealed[..sealed.len() - 1]).is_err(),
            "cut"
        );
        assert!(a.open(Direction::In, &[]).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

        #[test]
        fn sealing_round_trips_and_damage_never_panics(
            message in prop::collection::vec(any::<u8>(), 0..2_000),
            nonce in prop::array::uniform24(any::<u8>()),
            junk in prop::collection::vec(any::<u8>(), 0..200),
            flip in any::<usize>(),
        ) {
            let (a, _) = keys();
            let sealed = a.seal(Direction::Out, nonce, &message);
            prop_assert_eq!(sealed.len(), message.len() + SEAL_OVERHEAD);
            prop_assert_eq!(a.open(Direction::Out, &sealed).unwrap(), message);
            let mut damaged = sealed.clone();
            let at = flip % damaged.len();
            damaged[at] ^= 0x40;
            prop_assert!(a.open(Direction::Out, &damaged).is_err());
            prop_assert!(a.open(Direction::Out, &junk).is_err());
        }
    }
}
