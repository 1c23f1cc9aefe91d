//! The stage and the rounds as the map editor changes them: every value arrives as the text of
//! a form field and is checked here, so a change either gives a valid project or says what was
//! wrong with the value.

use super::MapError;
use serde_json::Map;
use sim_core::{Project, Round};

/// A stage bound the editor offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The smallest x.
    Left,
    /// The largest x.
    Right,
    /// The smallest y (GEMSTEP's y grows downwards, so this is the top edge).
    Top,
    /// The largest y.
    Bottom,
}

impl Bound {
    /// Every bound, in the order the panel shows them.
    pub const ALL: [Bound; 4] = [Bound::Left, Bound::Right, Bound::Top, Bound::Bottom];

    /// The bound's name, as the file and the panel call it.
    pub fn name(self) -> &'static str {
        match self {
            Bound::Left => "left",
            Bound::Right => "right",
            Bound::Top => "top",
            Bound::Bottom => "bottom",
        }
    }

    /// The bound's value in `project`.
    pub fn get(self, project: &Project) -> f64 {
        let m = &project.metadata;
        match self {
            Bound::Left => m.left,
            Bound::Right => m.right,
            Bound::Top => m.top,
            Bound::Bottom => m.bottom,
        }
    }

    fn get_mut(self, project: &mut Project) -> &mut f64 {
        let m = &mut project.metadata;
        match self {
            Bound::Left => &mut m.left,
            Bound::Right => &mut m.right,
            Bound::Top => &mut m.top,
            Bound::Bottom => &mut m.bottom,
        }
    }
}

/// The number typed for `field`: a finite number, or an error naming the field.
fn number(field: &str, text: &str) -> Result<f64, MapError> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|n| n.is_finite())
        .ok_or_else(|| MapError::NotANumber {
            field: field.to_owned(),
            text: text.to_owned(),
        })
}

/// Sets a stage bound from typed text. Whether it still leaves room on stage (left below
/// right, top below bottom) is checked with the whole project by [`super::apply_edit`].
pub fn set_bound(project: &mut Project, bound: Bound, text: &str) -> Result<(), MapError> {
    *bound.get_mut(project) = number(bound.name(), text)?;
    Ok(())
}

/// Sets whether agents wrap around the x (`axis` 0) or y (`axis` 1) edges.
pub fn set_wrap(project: &mut Project, axis: usize, on: bool) -> Result<(), MapError> {
    let wrap = project
        .metadata
        .wrap
        .get_mut(axis)
        .ok_or(MapError::NoSuchAxis(axis))?;
    *wrap = on;
    Ok(())
}

/// Sets whether agents bounce off the edges.
pub fn set_bounce(project: &mut Project, on: bool) {
    project.metadata.bounce = on;
}

/// Sets the background from a colour input's `#rrggbb`.
pub fn set_background(project: &mut Project, text: &str) -> Result<(), MapError> {
    let bad = || MapError::NotAColour(text.to_owned());
    let hex = text.trim().strip_prefix('#').ok_or_else(bad)?;
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(bad());
    }
    project.metadata.bgcolor = u32::from_str_radix(hex, 16).map_err(|_| bad())?;
    Ok(())
}

/// The background as a colour input shows it: `#rrggbb`.
pub fn background_hex(project: &Project) -> String {
    format!("#{:06x}", project.metadata.bgcolor & 0xff_ffff)
}

/// Adds a round at the end with a fresh id and a time limit of a minute.
pub fn add_round(project: &mut Project) {
    let n = (1..)
        .find(|n| !project.rounds.iter().any(|r| r.id == format!("round{n}")))
        .unwrap_or(1);
    project.rounds.push(Round {
        id: format!("round{n}"),
        label: format!("Round {n}"),
        time: 60,
        extra: Map::new(),
        ..Round::default()
    });
}

/// A field of a round the editor offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundField {
    /// The name shown to people.
    Label,
    /// The time limit in seconds (0: none).
    Time,
    /// Text shown before it.
    Intro,
    /// Text shown after it.
    Outro,
    /// Script run when it starts.
    InitScript,
    /// Script run when it ends.
    EndScript,
}

impl RoundField {
    /// The field's name, for its `data-testid` and the panel's label.
    pub fn name(self) -> &'static str {
        match self {
            RoundField::Label => "label",
            RoundField::Time => "time",
            RoundField::Intro => "intro",
            RoundField::Outro => "outro",
            RoundField::InitScript => "init",
            RoundField::EndScript => "end",
        }
    }

    /// The field's text in `round`.
    pub fn get(self, round: &Round) -> String {
        match self {
            RoundField::Label => round.label.clone(),
            RoundField::Time => round.time.to_string(),
            RoundField::Intro => round.intro.clone(),
            RoundField::Outro => round.outtro.clone(),
            RoundField::InitScript => round.init_script.clone(),
            RoundField::EndScript => round.end_script.clone(),
        }
    }
}

/// Sets one field of the round at `index` from typed text.
pub fn set_round(
    project: &mut Project,
    index: usize,
    field: RoundField,
    text: &str,
) -> Result<(), MapError> {
    let round = project
        .rounds
        .get_mut(index)
        .ok_or(MapError::NoRound(index))?;
    let text = text.to_owned();
    match field {
        RoundField::Label => round.label = text,
        RoundField::Time => {
            round.time = text
                .trim()
                .parse::<u32>()
                .map_err(|_| MapError::NotASeconds(text.clone()))?
        }
        RoundField::Intro => round.intro = text,
        RoundField::Outro => round.outtro = text,
        RoundField::InitScript => round.init_script = text,
        RoundField::EndScript => round.end_script = text,
    }
    Ok(())
}

/// Removes the round at `index`.
pub fn remove_round(project: &mut Project, index: usize) -> Result<(), MapError> {
    if index >= project.rounds.len() {
        return Err(MapError::NoRound(index));
    }
    project.rounds.remove(index);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_take_finite_numbers_only() {
        let mut p = Project::default();
        set_bound(&mut p, Bound::Right, " 250.5 ").unwrap();
        assert_eq!(Bound::Right.get(&p), 250.5);
        for bad in ["", "wide", "inf", "NaN", "1e999"] {
            assert!(
                matches!(
                    set_bound(&mut p, Bound::Top, bad),
                    Err(MapError::NotANumber { .. })
                ),
                "{bad}"
            );
        }
        assert_eq!(Bound::Top.get(&p), -400.0);
        set_bound(&mut p, Bound::Left, "300").unwrap();
        assert_eq!(
            p.problems().len(),
            1,
            "left above right is a project problem"
        );
    }

    #[test]
    fn wrap_bounce_and_background() {
        let mut p = Project::default();
        set_wrap(&mut p, 1, true).unwrap();
        assert_eq!(p.metadata.wrap, [false, true]);
        assert_eq!(set_wrap(&mut p, 2, true), Err(MapError::NoSuchAxis(2)));
        set_bounce(&mut p, false);
        assert!(!p.metadata.bounce);
        set_background(&mut p, "#1a2B3c").unwrap();
        assert_eq!(p.metadata.bgcolor, 0x1a2b3c);
        assert_eq!(background_hex(&p), "#1a2b3c");
        for bad in ["1a2b3c", "#12345", "#12345g", "#+12345"] {
            assert_eq!(
                set_background(&mut p, bad),
                Err(MapError::NotAColour(bad.into()))
            );
        }
    }

    #[test]
    fn rounds_are_added_edited_and_removed() {
        let mut p = Project::default();
        add_round(&mut p);
        add_round(&mut p);
        assert_eq!(p.rounds[1].id, "round2");
        set_round(&mut p, 1, RoundField::Time, "45").unwrap();
        set_round(&mut p, 1, RoundField::Outro, "Done!").unwrap();
        assert_eq!(RoundField::Time.get(&p.rounds[1]), "45");
        assert_eq!(p.rounds[1].outtro, "Done!");
        assert_eq!(
            set_round(&mut p, 1, RoundField::Time, "-3"),
            Err(MapError::NotASeconds("-3".into()))
        );
        assert_eq!(
            set_round(&mut p, 5, RoundField::Label, "x"),
            Err(MapError::NoRound(5))
        );
        remove_round(&mut p, 0).unwrap();
        add_round(&mut p);
        assert_eq!(p.rounds[1].id, "round1", "a freed id is used again");
        assert_eq!(remove_round(&mut p, 2), Err(MapError::NoRound(2)));
    }
}
