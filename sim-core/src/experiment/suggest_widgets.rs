//! *Suggest widgets*: a widget for each prop a model invites the class to change — each
//! `prop NAME setTo VALUE` in a blueprint's DEFINE program, and any such line under a
//! `// STUDENTS_MAY_CHANGE` comment (GEMSTEP's models mark the lines students may edit so) —
//! for the teacher to keep or leave.

use crate::project::{Project, WidgetDef, WidgetKind};

/// A suggested widget, and whether the model marks its line `STUDENTS_MAY_CHANGE`.
#[derive(Debug, Clone, PartialEq)]
pub struct WidgetSuggestion {
    /// The widget, ready to add.
    pub widget: WidgetDef,
    /// Whether a `STUDENTS_MAY_CHANGE` comment stands over the line it came from.
    pub marked: bool,
    /// The blueprint and line it came from (from 1), to show.
    pub from: (String, usize),
}

/// The marker GEMSTEP's models put over lines students may change.
const MARK: &str = "STUDENTS_MAY_CHANGE";

/// The suggestions for `project`, marked lines first, one per prop, leaving out props a
/// widget of the project already sets.
pub fn suggest_widgets(project: &Project) -> Vec<WidgetSuggestion> {
    let symbols = crate::script::compiler::project_symbols(project);
    let mut out: Vec<WidgetSuggestion> = Vec::new();
    for bp in &project.blueprints {
        let declared = symbols.blueprints.get(&bp.name);
        let mut program = String::new();
        let mut marked = false;
        for (index, line) in bp.script_text.lines().enumerate() {
            let text = line.trim();
            if let Some(name) = text.strip_prefix("# PROGRAM") {
                program = name.trim().to_ascii_uppercase();
                marked = false;
                continue;
            }
            if text.is_empty() {
                continue;
            }
            if text.starts_with("//") {
                marked |= text.contains(MARK);
                continue;
            }
            let was_marked = std::mem::take(&mut marked);
            let Some((prop, value)) = prop_set_to(text) else {
                continue;
            };
            // Only a prop the blueprint adds: a widget sets it on every agent of the blueprint.
            let added = declared.is_some_and(|d| d.props.contains_key(prop));
            if !added || (program != "DEFINE" && !was_marked) {
                continue;
            }
            let target = format!("{}.{prop}", bp.name);
            let taken = project.widgets.iter().any(|w| w.target == target);
            match out.iter_mut().find(|s| s.widget.target == target) {
                // A later line sets the prop again: the mark of either counts.
                Some(seen) => seen.marked |= was_marked,
                None if !taken => out.push(WidgetSuggestion {
                    widget: widget_for(target, value),
                    marked: was_marked,
                    from: (bp.name.clone(), index + 1),
                }),
                None => {}
            }
        }
    }
    out.sort_by_key(|s| !s.marked);
    out
}

/// A literal a `setTo` line gives.
#[derive(Debug, Clone, PartialEq)]
enum Literal {
    Number(f64),
    Boolean(bool),
    Text(String),
}

/// `prop NAME setTo VALUE` (an own prop, a literal value): the name and the value.
fn prop_set_to(line: &str) -> Option<(&str, Literal)> {
    let code = line.split("//").next().unwrap_or_default().trim();
    let mut words = code.splitn(4, char::is_whitespace);
    let (keyword, prop, method, value) =
        (words.next()?, words.next()?, words.next()?, words.next()?);
    if keyword != "prop" || method != "setTo" || prop.contains('.') {
        return None;
    }
    let value = value.trim();
    let literal = match value {
        "true" => Literal::Boolean(true),
        "false" => Literal::Boolean(false),
        _ => match value.parse::<f64>() {
            Ok(n) if n.is_finite() => Literal::Number(n),
            _ => {
                let quoted = value
                    .strip_prefix('\'')
                    .and_then(|v| v.strip_suffix('\''))
                    .or_else(|| value.strip_prefix('"').and_then(|v| v.strip_suffix('"')))?;
                Literal::Text(quoted.to_string())
            }
        },
    };
    Some((prop, literal))
}

/// A slider around a number (from 0, or as far below 0, to at least 10 and twice the number,
/// in steps its decimals suggest), a switch for true or false, a chooser offering a text.
fn widget_for(target: String, value: Literal) -> WidgetDef {
    let base = WidgetDef {
        target,
        ..WidgetDef::default()
    };
    match value {
        Literal::Number(n) => {
            let max = (n.abs() * 2.0).ceil().max(10.0);
            let step = if n.fract() == 0.0 {
                1.0
            } else {
                10f64.powf(n.abs().log10().floor() - 1.0)
            };
            WidgetDef {
                kind: WidgetKind::Slider,
                min: if n < 0.0 { -max } else { 0.0 },
                max,
                step,
                ..base
            }
        }
        Literal::Boolean(_) => WidgetDef {
            kind: WidgetKind::Switch,
            ..base
        },
        Literal::Text(text) => WidgetDef {
            kind: WidgetKind::Chooser,
            options: vec![text],
            ..base
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project(script: &str) -> Project {
        let json = serde_json::json!({
            "blueprints": [{"name": "Fish", "scriptText": script}],
        });
        Project::from_json(&json.to_string()).unwrap()
    }

    #[test]
    fn define_lines_and_marked_lines_become_widgets_marked_first() {
        let p = project(
            "# BLUEPRINT Fish
# PROGRAM DEFINE
addProp energyUse Number 0
prop energyUse setTo 2.5
addProp grows Boolean false
prop grows setTo false
addProp kind String 'fish'
addProp speed Number 1
// STUDENTS_MAY_CHANGE - set as consumer or producer
prop kind setTo 'consumer'
featProp Physics scale setTo 1
prop Algae.energy setTo 3
prop undeclared setTo 3
# PROGRAM UPDATE
prop energyUse setTo 9
// STUDENTS_MAY_CHANGE - how fast
prop speed setTo -3
",
        );
        let got = suggest_widgets(&p);
        let targets: Vec<&str> = got.iter().map(|s| s.widget.target.as_str()).collect();
        assert_eq!(
            targets,
            ["Fish.kind", "Fish.speed", "Fish.energyUse", "Fish.grows"]
        );
        let kind = &got[0].widget;
        assert_eq!(
            (kind.kind, kind.options.clone()),
            (WidgetKind::Chooser, vec!["consumer".to_string()])
        );
        assert_eq!(got[0].from, ("Fish".to_string(), 10));
        let speed = &got[1].widget;
        assert_eq!((speed.min, speed.max, speed.step), (-10.0, 10.0, 1.0));
        let use_ = &got[2].widget;
        assert_eq!(
            (use_.kind, use_.min, use_.max, use_.step),
            (WidgetKind::Slider, 0.0, 10.0, 0.1)
        );
        assert!(!got[2].marked && got[0].marked);
        assert_eq!(got[3].widget.kind, WidgetKind::Switch);
    }

    #[test]
    fn a_prop_with_a_widget_already_is_left_out() {
        let mut p = project("# PROGRAM DEFINE\naddProp a Number 1\nprop a setTo 4\n");
        assert_eq!(suggest_widgets(&p).len(), 1);
        p.widgets.push(WidgetDef {
            target: "Fish.a".into(),
            ..WidgetDef::default()
        });
        assert!(suggest_widgets(&p).is_empty());
    }
}
