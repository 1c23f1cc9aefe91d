//! Whether each of a project's widgets can work with its model, so the widget editor can say
//! what is wrong with one as it is written rather than when the class first uses it.

use super::measure::{blueprint, Measure};
use super::target_type;
use crate::project::{Project, WidgetDef, WidgetKind};
use crate::script::compiler::{compile_statements, project_symbols, Symbols};
use crate::sim::StartTarget;
use crate::vars::VarType;

/// For each of `project`'s widgets, in order, why it cannot work with the model (`None`
/// when it can).
pub fn widget_problems(project: &Project) -> Vec<Option<String>> {
    let symbols = project_symbols(project);
    project
        .widgets
        .iter()
        .map(|w| problem(&symbols, w).err())
        .collect()
}

fn problem(symbols: &Symbols, w: &WidgetDef) -> Result<(), String> {
    let target = w.target.trim();
    match w.kind {
        WidgetKind::Monitor => Measure::parse(target)?.check(symbols),
        WidgetKind::Button => {
            if w.script.trim().is_empty() {
                return Err("a button needs a line of script to run".to_string());
            }
            let runner = (!target.is_empty()).then_some(target);
            if let Some(bp) = runner {
                blueprint(symbols, bp)?;
            }
            compile_statements(&w.script, "button", runner, symbols)
                .map(drop)
                .map_err(|errors| errors.first().map_or_else(String::new, ToString::to_string))
        }
        kind => {
            let ty = target_type(symbols, &StartTarget::parse(target)?)?;
            match (kind, ty) {
                (WidgetKind::Slider, VarType::Number)
                | (WidgetKind::Switch, VarType::Boolean)
                | (WidgetKind::Chooser, VarType::String | VarType::Number) => Ok(()),
                (WidgetKind::Slider, _) => {
                    Err(format!("a slider sets a Number; {target} is {ty:?}"))
                }
                (WidgetKind::Switch, _) => {
                    Err(format!("a switch sets a Boolean; {target} is {ty:?}"))
                }
                _ => Err(format!(
                    "a chooser sets a String or a Number; {target} is {ty:?}"
                )),
            }
        }
    }
}
