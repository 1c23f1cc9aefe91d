//! Share links: the whole project travels in the URL fragment (`#project=...`), deflated and
//! base64url-encoded, so opening the link loads the model with no server involved. The
//! fragment never reaches a web server, so a shared model stays between teacher and class.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use std::fmt;

/// The fragment key that carries a project.
const KEY: &str = "project=";
/// The largest project a link may unpack to, so a hostile link cannot exhaust memory.
use sim_core::MAX_PROJECT_BYTES;
/// Deflate level: the best compression; projects are small, so speed does not matter.
const LEVEL: u8 = 9;

/// Why a share link could not be opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShareError {
    /// The text after `project=` is not base64url.
    NotBase64,
    /// The decoded bytes are not a deflate stream (a cut-off or altered link).
    NotDeflate,
    /// The project would unpack to more than the limit.
    TooLarge,
    /// The unpacked project is not UTF-8 text.
    NotText,
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ShareError::NotBase64 => "the share link is damaged (not base64url text)",
            ShareError::NotDeflate => "the share link is damaged or cut off",
            ShareError::TooLarge => "the shared project is too large to open",
            ShareError::NotText => "the shared project is not text",
        })
    }
}

/// The fragment (without `#`) that carries `project_json`.
pub fn fragment_for(project_json: &str) -> String {
    let packed = miniz_oxide::deflate::compress_to_vec(project_json.as_bytes(), LEVEL);
    format!("{KEY}{}", URL_SAFE_NO_PAD.encode(packed))
}

/// The project JSON a fragment (with or without its leading `#`) carries; `None` when the
/// fragment carries no project at all.
pub fn project_from_fragment(fragment: &str) -> Option<Result<String, ShareError>> {
    let packed = fragment.trim_start_matches('#').strip_prefix(KEY)?;
    Some(unpack(packed))
}

fn unpack(packed: &str) -> Result<String, ShareError> {
    let bytes = URL_SAFE_NO_PAD
        .decode(packed.trim())
        .map_err(|_| ShareError::NotBase64)?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_PROJECT_BYTES)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => ShareError::TooLarge,
            _ => ShareError::NotDeflate,
        })?;
    String::from_utf8(json).map_err(|_| ShareError::NotText)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_project_survives_the_link() {
        let json = r#"{"id":"fish","label":"Fish & algae — ünïcode","blueprints":[]}"#;
        let fragment = fragment_for(json);
        assert!(fragment.starts_with("project="));
        assert!(fragment
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"=-_".contains(&b)));
        assert_eq!(
            project_from_fragment(&format!("#{fragment}")),
            Some(Ok(json.to_string()))
        );
    }

    #[test]
    fn other_fragments_carry_no_project() {
        assert_eq!(project_from_fragment(""), None);
        assert_eq!(project_from_fragment("#model=wander"), None);
    }

    #[test]
    fn damaged_links_give_errors() {
        assert_eq!(
            project_from_fragment("project=%%%"),
            Some(Err(ShareError::NotBase64))
        );
        assert_eq!(
            project_from_fragment("project=AAAA"),
            Some(Err(ShareError::NotDeflate))
        );
        let full = fragment_for(&"x".repeat(5000));
        let cut = &full[..full.len() / 2];
        assert!(matches!(project_from_fragment(cut), Some(Err(_))));
    }

    #[test]
    fn a_bomb_is_refused() {
        let bomb = miniz_oxide::deflate::compress_to_vec(&vec![b' '; MAX_PROJECT_BYTES + 1], 9);
        let fragment = format!("project={}", URL_SAFE_NO_PAD.encode(bomb));
        assert_eq!(
            project_from_fragment(&fragment),
            Some(Err(ShareError::TooLarge))
        );
    }

    #[test]
    fn binary_content_is_refused() {
        let packed = miniz_oxide::deflate::compress_to_vec(&[0xff, 0xfe, 0x00], 9);
        let fragment = format!("project={}", URL_SAFE_NO_PAD.encode(packed));
        assert_eq!(
            project_from_fragment(&fragment),
            Some(Err(ShareError::NotText))
        );
    }
}
