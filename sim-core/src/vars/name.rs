//! [`PropName`]: a property's name as agents hold it and lowered statements look it up.
//!
//! Every time a statement or an expression reads or changes a prop the tick finds it among the
//! agent's props by name. A name of up to 23 bytes (nearly all) is held inline, zero-padded,
//! with its length in the last byte, so two names compare as three 64-bit words: no call to a
//! string comparison, no second allocation to read.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Bytes of a name held inline; the 24th byte holds the length (or [`LONG`]).
const INLINE: usize = 23;
/// The last byte of a name longer than [`INLINE`], whose first 23 bytes are held inline and
/// whole text out of line.
const LONG: u8 = 0xFF;

/// A prop's name (see the module docs).
#[derive(Clone, Eq)]
pub struct PropName {
    bytes: [u8; 24],
    long: Option<Box<str>>,
}

impl PropName {
    /// The name `name`.
    pub fn new(name: &str) -> PropName {
        let mut bytes = [0u8; 24];
        let n = name.len().min(INLINE);
        if let (Some(to), Some(from)) = (bytes.get_mut(..n), name.as_bytes().get(..n)) {
            to.copy_from_slice(from);
        }
        let long = name.len() > INLINE;
        bytes[INLINE] = if long { LONG } else { n as u8 };
        PropName {
            bytes,
            long: long.then(|| name.into()),
        }
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        match &self.long {
            Some(long) => long,
            None => {
                let n = usize::from(self.bytes[INLINE]).min(INLINE);
                // Made from a `&str` cut at its length, so always valid.
                std::str::from_utf8(self.bytes.get(..n).unwrap_or_default()).unwrap_or_default()
            }
        }
    }
}

/// A prop's name as a compiled statement or expression holds it, with the place in an
/// agent's props where it was found last.
///
/// Agents of one blueprint add their props in the same order, so the place found for one
/// agent nearly always holds the name for the next: a read then compares one name at a known
/// place, without a call, and searches (remembering the new place) only on a miss. The
/// place is only a guess, so it never changes what a read finds.
#[derive(Debug, Clone)]
pub struct PropKey {
    name: PropName,
    at: std::cell::Cell<u32>,
}

impl PropKey {
    /// The key of `name`, guessing the first place.
    pub fn new(name: &str) -> PropKey {
        PropKey {
            name: PropName::new(name),
            at: std::cell::Cell::new(0),
        }
    }

    /// The name.
    pub fn name(&self) -> &PropName {
        &self.name
    }

    /// Where the name was found last.
    #[inline(always)]
    pub(crate) fn guess(&self) -> usize {
        self.at.get() as usize
    }

    /// Remembers that the name was found at `at`.
    pub(crate) fn found_at(&self, at: usize) {
        self.at.set(u32::try_from(at).unwrap_or(0));
    }
}

/// Keys are the same when their names are (where they were found last is no part of them).
impl PartialEq for PropKey {
    fn eq(&self, other: &PropKey) -> bool {
        self.name == other.name
    }
}

impl PartialEq for PropName {
    #[inline(always)]
    fn eq(&self, other: &PropName) -> bool {
        // A comparison of 24 bytes known in advance: three word comparisons, no call.
        self.bytes == other.bytes && (self.bytes[INLINE] != LONG || self.long == other.long)
    }
}

impl PartialEq<str> for PropName {
    /// Compares the bytes as held, without first checking them as text (a search of an
    /// agent's props by a name from a script compares every prop's name).
    fn eq(&self, other: &str) -> bool {
        match &self.long {
            Some(long) => **long == *other,
            None => {
                usize::from(self.bytes[INLINE]) == other.len()
                    && self.bytes.get(..other.len()) == Some(other.as_bytes())
            }
        }
    }
}

impl PartialEq<&str> for PropName {
    fn eq(&self, other: &&str) -> bool {
        *self == **other
    }
}

impl std::hash::Hash for PropName {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialOrd for PropName {
    fn partial_cmp(&self, other: &PropName) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PropName {
    fn cmp(&self, other: &PropName) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl From<&str> for PropName {
    fn from(name: &str) -> PropName {
        PropName::new(name)
    }
}

impl From<&String> for PropName {
    fn from(name: &String) -> PropName {
        PropName::new(name)
    }
}

impl std::ops::Deref for PropName {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Debug for PropName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for PropName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Written as its text, as a plain string would be.
impl Serialize for PropName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for PropName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PropName, D::Error> {
        let text = String::deserialize(d)?;
        Ok(PropName::new(&text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_compare_equal_exactly_when_their_text_does() {
        let long = "a name that is longer than twenty-three bytes";
        let longer = "a name that is longer than twenty-three bytez";
        for (a, b) in [
            ("energy", "energy"),
            ("energy", "energz"),
            ("", ""),
            ("e", ""),
            ("abcdefghijklmnopqrstuvw", "abcdefghijklmnopqrstuvw"),
            ("abcdefghijklmnopqrstuvw", "abcdefghijklmnopqrstuvx"),
            (long, long),
            (long, longer),
            (long, "a name that is longer t"),
            ("a name that is longer t", long),
            ("abcdefghijklmnopqrstuvw", "abcdefghijklmnopqrstuvwx"),
            ("é", "e\u{301}"),
        ] {
            let (x, y) = (PropName::new(a), PropName::new(b));
            assert_eq!(x == y, a == b, "{a} {b}");
            assert_eq!(x.as_str(), a);
            assert_eq!(x == *b, a == b);
            assert_eq!(x == b, a == b);
            assert_eq!(y == *a, a == b);
            assert_eq!(x.cmp(&y), a.cmp(b));
        }
    }

    #[test]
    fn names_read_back_as_the_text_they_were_written_as() {
        let name = PropName::new("energyLevel");
        let json = serde_json::to_string(&name).unwrap();
        assert_eq!(json, "\"energyLevel\"");
        assert_eq!(serde_json::from_str::<PropName>(&json).unwrap(), name);
    }
}
