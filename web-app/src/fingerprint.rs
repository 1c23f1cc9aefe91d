//! A short fingerprint of a text, for telling whether a text is the one seen before without
//! keeping a copy of it (a draft's base script, the last project written to the library).

/// The text's 64-bit FNV-1a hash in hex. Not a defence against a deliberate collision, which
/// no one gains anything from here; any accidental change of the text changes it.
pub fn fingerprint(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::fingerprint;

    #[test]
    fn equal_texts_match_and_a_one_letter_change_does_not() {
        assert_eq!(fingerprint("prop x add 1"), fingerprint("prop x add 1"));
        assert_ne!(fingerprint("prop x add 1"), fingerprint("prop x add 2"));
        assert_eq!(fingerprint("").len(), 16);
    }
}
