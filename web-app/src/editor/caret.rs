//! Caret arithmetic. The browser counts a textarea's selection in UTF-16 code units; the
//! editor counts characters, as the compiler's columns do. These convert between the two and
//! between a character index and a 0-based (line, column).

/// The character index of UTF-16 offset `units` in `text` (an offset inside a surrogate pair
/// or past the end is pulled back to the character holding it or to the end).
pub fn char_index(text: &str, units: usize) -> usize {
    let mut seen = 0;
    for (i, c) in text.chars().enumerate() {
        seen += c.len_utf16();
        if seen > units {
            return i;
        }
    }
    text.chars().count()
}

/// The UTF-16 offset of character index `index` in `text`.
pub fn utf16_offset(text: &str, index: usize) -> usize {
    text.chars().take(index).map(char::len_utf16).sum()
}

/// The 0-based line and column of character index `index`.
pub fn line_col(text: &str, index: usize) -> (usize, usize) {
    let mut line = 0;
    let mut col = 0;
    for c in text.chars().take(index) {
        if c == '\n' {
            line += 1;
            col = 0;
        } else {
            col += 1;
        }
    }
    (line, col)
}

/// The character index of 0-based `line` and `col`, clamped to the text and to that line.
pub fn index_of(text: &str, line: usize, col: usize) -> usize {
    let mut index = 0;
    for (n, l) in text.split('\n').enumerate() {
        let len = l.chars().count();
        if n == line {
            return index + col.min(len);
        }
        index += len + 1;
    }
    text.chars().count()
}

/// How many cells from the line start the caret at `col` is drawn, with tabs stopping every
/// `tab` cells, so a popup can sit under the caret.
pub fn visual_col(line: &str, col: usize, tab: usize) -> usize {
    line.chars().take(col).fold(0, |cells, c| {
        if c == '\t' {
            (cells / tab + 1) * tab
        } else {
            cells + 1
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_offsets_and_character_indexes_convert_both_ways() {
        let text = "a🐟é\nb";
        assert_eq!(char_index(text, 0), 0);
        assert_eq!(char_index(text, 1), 1);
        assert_eq!(char_index(text, 3), 2);
        assert_eq!(char_index(text, 4), 3);
        assert_eq!(char_index(text, 99), 5);
        assert_eq!(utf16_offset(text, 2), 3);
        assert_eq!(utf16_offset(text, 6), 6);
        assert_eq!(char_index(text, 2), 1, "inside the surrogate pair");
    }

    #[test]
    fn lines_and_columns_count_characters() {
        let text = "ab\n\tü🐟x\n";
        assert_eq!(line_col(text, 0), (0, 0));
        assert_eq!(line_col(text, 3), (1, 0));
        assert_eq!(line_col(text, 6), (1, 3));
        assert_eq!(line_col(text, 8), (2, 0));
        assert_eq!(index_of(text, 1, 3), 6);
        assert_eq!(index_of(text, 1, 99), 7);
        assert_eq!(index_of(text, 9, 0), 8);
    }

    #[test]
    fn tabs_advance_to_the_next_tab_stop() {
        assert_eq!(visual_col("\tx", 1, 4), 4);
        assert_eq!(visual_col("ab\tx", 3, 4), 4);
        assert_eq!(visual_col("ab\tx", 4, 4), 5);
        assert_eq!(visual_col("abcd\t", 5, 4), 8);
    }
}
