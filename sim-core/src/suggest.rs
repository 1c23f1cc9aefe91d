//! "Did you mean …?" suggestions for misspelt names.
//!
//! Students mistype keyword, method, property and blueprint names all the time
//! (`featPorp`, `setto`, `Algea`). Every error that names something unknown can
//! offer the closest known name, so one helper serves the compiler, the GVars and
//! the project loader alike.

/// The candidate closest to `word`, if one is close enough to be a likely typo.
///
/// Comparison ignores letter case and counts a swap of two neighbouring letters as
/// one edit, so `featPorp` finds `featProp` and `setto` finds `setTo`. A candidate
/// is close enough when it is at most a third of the word's length away (at least
/// one edit) and not a complete rewrite. Ties go to the earliest candidate, so the
/// answer is deterministic. A candidate equal to `word` is returned as-is: `featPorp` among
/// `prop`, `featProp` and `featCall` finds `featProp`; `xyz` finds nothing.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word: Vec<char> = word.chars().flat_map(char::to_lowercase).collect();
    let limit = (word.len() / 3).max(1);
    let mut best: Option<(usize, &'a str)> = None;
    for candidate in candidates {
        let other: Vec<char> = candidate.chars().flat_map(char::to_lowercase).collect();
        if word.len().abs_diff(other.len()) > limit {
            continue;
        }
        let distance = edit_distance(&word, &other);
        let close = distance <= limit && distance < word.len().max(1);
        if close && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, candidate)| candidate)
}

/// Edits (insert, delete, replace, swap of neighbours) needed to turn `a` into `b`:
/// the "optimal string alignment" distance, kept to three rows of memory.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current: Vec<usize> = vec![0; b.len() + 1];
    for (i, &ca) in a.iter().enumerate() {
        current[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            let mut best = (previous[j] + cost)
                .min(previous[j + 1] + 1)
                .min(current[j] + 1);
            let swapped = i > 0 && j > 0 && a.get(i - 1) == Some(&cb) && b.get(j - 1) == Some(&ca);
            if swapped {
                best = best.min(before[j - 1] + 1);
            }
            current[j + 1] = best;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn distance(a: &str, b: &str) -> usize {
        let a: Vec<char> = a.chars().collect();
        let b: Vec<char> = b.chars().collect();
        edit_distance(&a, &b)
    }

    #[test]
    fn distance_counts_each_kind_of_edit_once() {
        assert_eq!(distance("", ""), 0);
        assert_eq!(distance("abc", "abc"), 0);
        assert_eq!(distance("abc", "abd"), 1, "replace");
        assert_eq!(distance("abc", "abcd"), 1, "insert");
        assert_eq!(distance("abcd", "abc"), 1, "delete");
        assert_eq!(distance("abdc", "abcd"), 1, "swap of neighbours");
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
    }

    #[test]
    fn suggests_the_typo_fix() {
        let keywords = ["prop", "featProp", "featCall", "addProp"];
        assert_eq!(closest("featPorp", keywords), Some("featProp"));
        assert_eq!(
            closest("addprop", keywords),
            Some("addProp"),
            "case is ignored"
        );
        assert_eq!(closest("prop", keywords), Some("prop"), "exact match");
    }

    #[test]
    fn short_words_get_one_edit() {
        assert_eq!(closest("ad", ["add", "sub"]), Some("add"));
        assert_eq!(
            closest("a", ["b"]),
            None,
            "a complete rewrite is no suggestion"
        );
    }

    #[test]
    fn far_words_get_nothing() {
        assert_eq!(closest("enrgy", ["energyLevel"]), None);
        assert_eq!(closest("zzzzzz", ["setTo", "add"]), None);
        assert_eq!(closest("anything", std::iter::empty()), None);
        assert_eq!(closest("", ["a"]), None);
    }

    #[test]
    fn ties_go_to_the_first_candidate() {
        assert_eq!(closest("cat", ["bat", "hat"]), Some("bat"));
        assert_eq!(closest("cat", ["hat", "bat"]), Some("hat"));
    }

    #[test]
    fn non_ascii_words_do_not_panic() {
        assert_eq!(closest("énergie", ["energie"]), Some("energie"));
        assert_eq!(closest("İ", ["i"]), Some("i"));
    }
}
