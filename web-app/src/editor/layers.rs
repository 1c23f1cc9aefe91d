//! The highlighted layer, line by line: each line cut into segments wherever a colour, an
//! error underline or a bracket highlight begins or ends, so the view only renders spans.

use super::highlight::{Class, Span};
use super::marks::{BracketPair, ErrorMark};

/// One run of characters drawn the same way.
#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    /// The characters; blanks stand in for an error cell past the line's end.
    pub text: String,
    /// Its colour, if any.
    pub class: Option<Class>,
    /// The messages of the errors underlining it (none: not underlined).
    pub errors: Vec<String>,
    /// Whether it is the bracket at the caret or its partner.
    pub matched: bool,
}

/// Cuts line `line` (its characters `chars` and colour `spans`) into segments, with the error
/// marks and the matched bracket pair (if any) laid over it.
pub fn segments(
    line: usize,
    chars: &[char],
    spans: &[Span],
    errors: &[ErrorMark],
    pair: Option<BracketPair>,
) -> Vec<Segment> {
    let errors: Vec<&ErrorMark> = errors.iter().filter(|e| e.line == line).collect();
    let brackets: Vec<(usize, usize)> = pair
        .into_iter()
        .flat_map(|p| [p.open, p.close])
        .filter(|(l, _)| *l == line)
        .map(|(_, c)| (c, c + 2))
        .collect();
    let end = errors.iter().map(|e| e.end).fold(chars.len(), usize::max);
    let mut cuts: Vec<usize> = vec![0, end];
    cuts.extend(spans.iter().flat_map(|s| [s.start, s.end]));
    cuts.extend(errors.iter().flat_map(|e| [e.start, e.end]));
    cuts.extend(brackets.iter().flat_map(|&(a, b)| [a, b]));
    cuts.retain(|&c| c <= end);
    cuts.sort_unstable();
    cuts.dedup();
    cuts.windows(2)
        .filter_map(|w| match *w {
            [a, b] => Some(Segment {
                text: (a..b)
                    .map(|i| chars.get(i).copied().unwrap_or(' '))
                    .collect(),
                class: spans
                    .iter()
                    .find(|s| s.start <= a && a < s.end)
                    .map(|s| s.class),
                errors: errors
                    .iter()
                    .filter(|e| e.start <= a && a < e.end)
                    .map(|e| e.message.clone())
                    .collect(),
                matched: brackets.iter().any(|&(s, e)| s <= a && a < e),
            }),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::Pos;

    fn chars(text: &str) -> Vec<char> {
        text.chars().collect()
    }

    fn error(start: usize, end: usize) -> ErrorMark {
        ErrorMark {
            line: 0,
            start,
            end,
            pos: Pos::START,
            message: "bad".into(),
        }
    }

    fn span(start: usize, end: usize, class: Class) -> Span {
        Span { start, end, class }
    }

    #[test]
    fn a_line_is_cut_at_every_colour_boundary_and_keeps_its_text() {
        let spans = [span(0, 4, Class::Keyword), span(5, 6, Class::Prop)];
        let segs = segments(0, &chars("prop é"), &spans, &[], None);
        let texts: Vec<&str> = segs.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(texts, ["prop", " ", "é"]);
        assert_eq!(segs[1].class, None);
        assert_eq!(segs[2].class, Some(Class::Prop));
    }

    #[test]
    fn an_error_cuts_through_colours_and_carries_its_message() {
        let spans = [span(0, 8, Class::Name)];
        let segs = segments(0, &chars("featPorp x"), &spans, &[error(4, 8)], None);
        assert_eq!(segs[0].text, "feat");
        assert!(segs[0].errors.is_empty());
        assert_eq!(segs[1].text, "Porp");
        assert_eq!(segs[1].errors, ["bad"]);
        assert_eq!(segs[1].class, Some(Class::Name));
    }

    #[test]
    fn an_error_past_the_end_of_the_line_adds_a_blank_underlined_cell() {
        let segs = segments(0, &chars("ab"), &[], &[error(2, 3)], None);
        let last = segs.last().unwrap();
        assert_eq!(last.text, " ");
        assert_eq!(last.errors, ["bad"]);
        assert!(segments(1, &chars("ab"), &[], &[error(2, 3)], None)
            .iter()
            .all(|s| s.errors.is_empty()));
    }

    #[test]
    fn the_matched_brackets_on_the_line_are_flagged() {
        let pair = BracketPair {
            open: (0, 2),
            close: (3, 0),
        };
        let segs = segments(0, &chars("x [[ y"), &[], &[], Some(pair));
        let matched: Vec<&str> = segs
            .iter()
            .filter(|s| s.matched)
            .map(|s| s.text.as_str())
            .collect();
        assert_eq!(matched, ["[["]);
    }
}
