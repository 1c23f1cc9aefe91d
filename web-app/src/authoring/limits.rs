//! How large a script the text editor and the wizard take. Both redraw a row per line, and
//! past this size a key press in the editor no longer shows within 100 ms on a classroom
//! laptop (measured with `e2e/bench/editor-keys.mjs` in headless Chromium: at 1,500 lines a
//! key takes a median 56 ms, worst 96 ms; at 3,000 lines 81 ms, worst 114 ms). The largest
//! script of the GEMSTEP models we have is 173 lines and 4.7 KB, so the limit leaves room
//! ninefold. A larger script still runs; it is only not edited here.

/// The most lines a script may have to be edited in the app.
pub const MAX_EDIT_LINES: usize = 1_500;
/// The most bytes a script may have to be edited in the app.
pub const MAX_EDIT_BYTES: usize = 48 * 1024;

/// Why `text` is too large to edit here, as a sentence, or `None` when it is not.
pub fn too_large(text: &str) -> Option<String> {
    let lines = text.split('\n').count();
    let bytes = text.len();
    (lines > MAX_EDIT_LINES || bytes > MAX_EDIT_BYTES).then(|| {
        format!(
            "This script is {lines} line{} and {} KB; the editor and the wizard take up to \
             {MAX_EDIT_LINES} lines and {} KB",
            if lines == 1 { "" } else { "s" },
            bytes.div_ceil(1024),
            MAX_EDIT_BYTES / 1024
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_script_at_the_limit_is_taken_and_one_past_it_is_refused_with_its_size() {
        let at_limit = vec!["x"; MAX_EDIT_LINES].join("\n");
        assert_eq!(too_large(&at_limit), None);
        let past = vec!["x"; MAX_EDIT_LINES + 1].join("\n");
        let why = too_large(&past).unwrap();
        assert!(
            why.starts_with("This script is 1501 lines and 3 KB"),
            "{why}"
        );
        let wide = "y".repeat(MAX_EDIT_BYTES + 1);
        assert!(too_large(&wide).unwrap().contains("1 line and 49 KB"));
        assert_eq!(too_large(""), None);
    }
}
