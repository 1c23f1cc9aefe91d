//! Which of the library's models a search shows: every word typed must appear in the
//! model's name, subject, grades or summary (in any case), and a chosen subject must be the
//! model's.

use sim_core::project::Guide;

/// Whether a model named `label` with `guide` is shown for `query` under `subject`.
pub fn shown(label: &str, guide: Option<&Guide>, query: &str, subject: Option<&str>) -> bool {
    if let Some(subject) = subject {
        if guide.is_none_or(|g| g.subject != subject) {
            return false;
        }
    }
    let mut haystack = label.to_lowercase();
    if let Some(g) = guide {
        for text in [&g.subject, &g.grades, &g.summary] {
            haystack.push('\n');
            haystack.push_str(&text.to_lowercase());
        }
    }
    query
        .split_whitespace()
        .all(|word| haystack.contains(&word.to_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guide(subject: &str, summary: &str) -> Guide {
        Guide {
            subject: subject.into(),
            grades: "6–8".into(),
            summary: summary.into(),
            ..Guide::default()
        }
    }

    #[test]
    fn every_word_must_match_name_subject_or_summary() {
        let g = guide("Life science", "Rabbits eat grass and foxes eat rabbits");
        assert!(shown("Predators and Prey", Some(&g), "", None));
        assert!(shown("Predators and Prey", Some(&g), "FOX", None));
        assert!(shown("Predators and Prey", Some(&g), "life prey", None));
        assert!(shown("Predators and Prey", Some(&g), "6–8", None));
        assert!(!shown("Predators and Prey", Some(&g), "life gas", None));
    }

    #[test]
    fn a_chosen_subject_keeps_only_its_models() {
        let g = guide("Earth science", "Water goes round");
        assert!(shown("Water Cycle", Some(&g), "", Some("Earth science")));
        assert!(!shown("Water Cycle", Some(&g), "", Some("Life science")));
        assert!(!shown("Blank", None, "", Some("Earth science")));
        assert!(shown("Blank", None, "blank", None));
    }
}
