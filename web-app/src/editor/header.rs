//! A `# BLUEPRINT` line that names the blueprint otherwise than the project does (the
//! compiler's warning): where that name sits, the text with the project's name put there,
//! and the bar that offers either fix.

use sim_core::{CompileError, CompileErrorKind};
use yew::prelude::*;

/// The mismatch the compiler warned about.
#[derive(Debug, Clone, PartialEq)]
pub struct HeaderMismatch {
    /// The name on the line.
    pub header: String,
    /// 0-based line and character column where that name starts.
    pub line: usize,
    pub col: usize,
}

/// The first such warning among `warnings`.
pub fn find(warnings: &[CompileError]) -> Option<HeaderMismatch> {
    warnings.iter().find_map(|w| match &w.kind {
        CompileErrorKind::HeaderNameMismatch { header, .. } => Some(HeaderMismatch {
            header: header.clone(),
            line: (w.pos.line as usize).saturating_sub(1),
            col: (w.pos.col as usize).saturating_sub(1),
        }),
        _ => None,
    })
}

/// `text` with the mismatched name replaced by `name`; unchanged when the name is not where
/// the warning placed it (the text moved on).
pub fn with_name(text: &str, at: &HeaderMismatch, name: &str) -> String {
    let header: Vec<char> = at.header.chars().collect();
    let lines = text.split('\n').enumerate().map(|(i, line)| {
        let mut chars: Vec<char> = line.chars().collect();
        let span = at.col..at.col + header.len();
        if i == at.line && chars.get(span.clone()) == Some(header.as_slice()) {
            chars.splice(span, name.chars());
        }
        chars.into_iter().collect::<String>()
    });
    lines.collect::<Vec<_>>().join("\n")
}

/// The bar over the text: what is wrong and the two ways to make the names match.
pub fn bar(
    at: &HeaderMismatch,
    blueprint: &str,
    use_line: Callback<()>,
    rename: Callback<()>,
) -> Html {
    html! {
        <div class="editor-header-mismatch" data-testid="header-mismatch" role="status">
            <span>{ format!("Line {} calls this blueprint '{}', but the project calls it '{blueprint}'.",
                at.line + 1, at.header) }</span>
            <button data-testid="header-use-name" onclick={use_line.reform(|_: MouseEvent| ())}>
                { format!("Change the line to '{blueprint}'") }</button>
            <button data-testid="header-rename" onclick={rename.reform(|_: MouseEvent| ())}>
                { format!("Rename the blueprint to '{}'", at.header) }</button>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::{script::compile_blueprint, Symbols};

    #[test]
    fn finds_the_mismatch_and_puts_the_project_name_in_its_place() {
        let text = "// a fish\n#  BLUEPRINT Fish Base\n# PROGRAM DEFINE\n";
        let mut symbols = Symbols::complete();
        symbols.add_blueprint("Base", &[]);
        let warnings = compile_blueprint(text, "Fsh", &symbols)
            .expect("compiles")
            .warnings;
        let at = find(&warnings).expect("the mismatch is a warning");
        assert_eq!((at.header.as_str(), at.line, at.col), ("Fish", 1, 13));
        assert_eq!(
            with_name(text, &at, "Fsh"),
            "// a fish\n#  BLUEPRINT Fsh Base\n# PROGRAM DEFINE\n"
        );
        assert_eq!(
            with_name("# BLUEPRINT Shark", &at, "Fsh"),
            "# BLUEPRINT Shark"
        );
    }
}
