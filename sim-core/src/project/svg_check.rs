//! What an SVG costume must be before any browser draws it: every device of a live session
//! draws the costumes a snapshot carries, so one drawing that takes minutes to draw (a
//! `<use>` that copies a group that copies itself ten levels deep is 10¹⁰ shapes in 5 KB)
//! would freeze a whole class.
//!
//! The drawing is parsed as XML (no DTD, so no entity expansion) and must be an `<svg>` root
//! in the SVG namespace; it may hold no script, no `foreignObject`, no event handler and no
//! reference outside itself (only `#id` within the drawing, or an embedded PNG picture); and
//! it may have at most [`MAX_SVG_ELEMENTS`] elements and draw at most [`MAX_SVG_DRAWN`] once
//! every `<use>` and `url(#…)` reference is counted as the copy it makes.

use std::collections::HashMap;

/// The most elements an SVG costume may have.
pub const MAX_SVG_ELEMENTS: usize = 10_000;
/// The most elements an SVG costume may draw, every `<use>` counted as a copy of what it
/// refers to.
pub const MAX_SVG_DRAWN: u64 = 20_000;

const SVG_NAMESPACE: &str = "http://www.w3.org/2000/svg";
const XLINK_NAMESPACE: &str = "http://www.w3.org/1999/xlink";

/// Why an SVG drawing cannot be a costume.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SvgProblem {
    /// It is not well-formed XML, or has a DTD.
    NotXml(String),
    /// Its root is not `<svg>` in the SVG namespace (an HTML page with a drawing inside).
    NotSvgRoot(String),
    /// It holds something that runs or embeds a page: `<script>`, `<foreignObject>`, an
    /// event handler (`onload`).
    Active(String),
    /// It refers to something outside itself (another file, a web address).
    External(String),
    /// More than [`MAX_SVG_ELEMENTS`] elements.
    TooManyElements(usize),
    /// It would draw more than [`MAX_SVG_DRAWN`] elements once its copies are made.
    TooManyCopies(u64),
    /// A `<use>` or reference that leads back to itself.
    Loop(String),
}

impl std::fmt::Display for SvgProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SvgProblem::NotXml(why) => write!(f, "the SVG cannot be read: {why}"),
            SvgProblem::NotSvgRoot(root) => write!(
                f,
                "it is not an SVG drawing: its outermost element is <{root}>, not an <svg> in \
                 the SVG namespace (xmlns=\"{SVG_NAMESPACE}\")"
            ),
            SvgProblem::Active(what) => write!(
                f,
                "the SVG holds {what}, which a costume may not (save it as a plain drawing)"
            ),
            SvgProblem::External(what) => write!(
                f,
                "the SVG refers to '{what}' outside itself; a costume must hold all it draws"
            ),
            SvgProblem::TooManyElements(n) => write!(
                f,
                "the SVG has {n} elements; a costume may have at most {MAX_SVG_ELEMENTS}"
            ),
            SvgProblem::TooManyCopies(n) => write!(
                f,
                "the SVG's <use> copies would draw {} elements; a costume may draw at most \
                 {MAX_SVG_DRAWN}",
                if *n == u64::MAX {
                    "billions of".to_string()
                } else {
                    n.to_string()
                }
            ),
            SvgProblem::Loop(id) => {
                write!(f, "the SVG's '#{id}' refers back to itself")
            }
        }
    }
}

/// Whether `text` looks like markup at all (after a byte-order mark and white space), so a
/// file that is neither PNG nor markup is simply "not an image".
pub fn looks_like_markup(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('<')
}

/// Checks `text` as an SVG costume (see the module docs); answers its root element's
/// attributes' lookup for the size, by name.
pub fn check(text: &str) -> Result<Root, SvgProblem> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: false,
        nodes_limit: u32::try_from(MAX_SVG_ELEMENTS * 4).unwrap_or(u32::MAX),
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options).map_err(|e| match e {
        roxmltree::Error::NodesLimitReached => SvgProblem::TooManyElements(MAX_SVG_ELEMENTS * 4),
        e => SvgProblem::NotXml(e.to_string()),
    })?;
    let root = doc.root_element();
    let name = root.tag_name();
    if name.name() != "svg" || name.namespace() != Some(SVG_NAMESPACE) {
        return Err(SvgProblem::NotSvgRoot(name.name().to_string()));
    }
    let elements: Vec<roxmltree::Node<'_, '_>> =
        doc.descendants().filter(|n| n.is_element()).collect();
    if elements.len() > MAX_SVG_ELEMENTS {
        return Err(SvgProblem::TooManyElements(elements.len()));
    }
    for node in &elements {
        check_element(node)?;
    }
    drawn(&doc, &elements)?;
    Ok(Root {
        width: root.attribute("width").map(str::to_string),
        height: root.attribute("height").map(str::to_string),
        view_box: root.attribute("viewBox").map(str::to_string),
    })
}

/// The root `<svg>`'s size attributes, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Root {
    /// `width`.
    pub width: Option<String>,
    /// `height`.
    pub height: Option<String>,
    /// `viewBox`.
    pub view_box: Option<String>,
}

/// One element: nothing that runs, nothing from outside.
fn check_element(node: &roxmltree::Node<'_, '_>) -> Result<(), SvgProblem> {
    let local = node.tag_name().name();
    if local.eq_ignore_ascii_case("script") || local.eq_ignore_ascii_case("foreignObject") {
        return Err(SvgProblem::Active(format!("a <{local}>")));
    }
    if matches!(
        local,
        "animate" | "set" | "animateTransform" | "animateMotion"
    ) {
        // An animation could change a reference after the checks: none may touch one.
        if let Some(target) = node.attribute("attributeName") {
            if target.ends_with("href") {
                return Err(SvgProblem::Active(format!("a <{local}> of {target}")));
            }
        }
    }
    for attr in node.attributes() {
        let name = attr.name();
        let value = attr.value();
        if name.len() > 2 && name[..2].eq_ignore_ascii_case("on") {
            return Err(SvgProblem::Active(format!("an event handler ({name})")));
        }
        let is_href = name == "href"
            && (attr.namespace().is_none() || attr.namespace() == Some(XLINK_NAMESPACE));
        if is_href && !value.trim_start().starts_with('#') && !embedded_png(value) {
            return Err(SvgProblem::External(short(value)));
        }
        check_urls(value)?;
    }
    if local == "style" {
        let css: String = node
            .children()
            .filter_map(|c| c.text())
            .collect::<Vec<_>>()
            .join("");
        if css.to_ascii_lowercase().contains("@import") {
            return Err(SvgProblem::External("@import".to_string()));
        }
        check_urls(&css)?;
    }
    Ok(())
}

/// Every `url(…)` in `text` must be `url(#id)`.
fn check_urls(text: &str) -> Result<(), SvgProblem> {
    let lower = text.to_ascii_lowercase();
    let mut rest = lower.as_str();
    let mut at = 0;
    while let Some(found) = rest.find("url(") {
        let start = at + found + 4;
        let inside = text[start..]
            .trim_start()
            .trim_start_matches(['"', '\''])
            .trim_start();
        if !inside.starts_with('#') && !embedded_png(inside) {
            let end = inside.find(')').unwrap_or(inside.len());
            return Err(SvgProblem::External(short(&inside[..end])));
        }
        at = start;
        rest = &lower[start..];
    }
    Ok(())
}

/// Whether `value` is a PNG picture embedded in the drawing itself.
fn embedded_png(value: &str) -> bool {
    value
        .trim_start()
        .get(..22)
        .is_some_and(|head| head.eq_ignore_ascii_case("data:image/png;base64,"))
}

/// At most 60 characters of `text`, for a message.
fn short(text: &str) -> String {
    let text = text.trim();
    match text.char_indices().nth(60) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// The id an element refers to: a `<use>`'s `href`, or the first `url(#id)` of an attribute
/// that draws what it names (a fill pattern, a marker, a clip path, a mask, a filter).
fn references<'a>(node: &roxmltree::Node<'a, '_>) -> Vec<&'a str> {
    let mut ids = Vec::new();
    for attr in node.attributes() {
        let value = attr.value().trim();
        if attr.name() == "href" {
            if let Some(id) = value.strip_prefix('#') {
                ids.push(id);
            }
            continue;
        }
        let mut rest = value;
        while let Some(at) = rest.find("url(") {
            let inside = rest[at + 4..].trim_start_matches(['"', '\'', ' ']);
            if let Some(id) = inside.strip_prefix('#') {
                let end = id.find([')', '"', '\'', ' ']).unwrap_or(id.len());
                ids.push(&id[..end]);
            }
            rest = &rest[at + 4..];
        }
    }
    ids
}

/// How many elements the drawing draws with every reference counted as the copy it makes;
/// refused past [`MAX_SVG_DRAWN`] or when a reference leads back to itself. Worked out
/// without recursion, so a deep drawing cannot overflow the stack.
fn drawn(
    doc: &roxmltree::Document<'_>,
    elements: &[roxmltree::Node<'_, '_>],
) -> Result<u64, SvgProblem> {
    let by_id: HashMap<&str, roxmltree::NodeId> = elements
        .iter()
        .filter_map(|n| Some((n.attribute("id")?, n.id())))
        .collect();
    // Each element's count once worked out; `None` while it is being worked out.
    let mut cost: HashMap<roxmltree::NodeId, Option<u64>> = HashMap::new();
    let root = doc.root_element().id();
    let mut stack = vec![(root, false)];
    while let Some((id, expanded)) = stack.pop() {
        let Some(node) = doc.get_node(id) else {
            continue;
        };
        // What this element draws: its child elements and what it refers to.
        let parts: Vec<roxmltree::NodeId> = node
            .children()
            .filter(|c| c.is_element())
            .map(|c| c.id())
            .chain(
                references(&node)
                    .into_iter()
                    .filter_map(|r| by_id.get(r).copied()),
            )
            .collect();
        if expanded {
            let mut total: u64 = 1;
            for part in &parts {
                let Some(Some(n)) = cost.get(part) else {
                    let name = node.attribute("id").unwrap_or("?").to_string();
                    return Err(SvgProblem::Loop(name));
                };
                total = total.saturating_add(*n);
            }
            if total > MAX_SVG_DRAWN {
                return Err(SvgProblem::TooManyCopies(total));
            }
            cost.insert(id, Some(total));
            continue;
        }
        match cost.get(&id) {
            Some(Some(_)) => continue,
            Some(None) => {
                let name = node.attribute("id").unwrap_or("?").to_string();
                return Err(SvgProblem::Loop(name));
            }
            None => {}
        }
        cost.insert(id, None);
        stack.push((id, true));
        for part in parts {
            match cost.get(&part) {
                Some(Some(_)) => {}
                Some(None) => {
                    let name = doc
                        .get_node(part)
                        .and_then(|n| n.attribute("id"))
                        .unwrap_or("?")
                        .to_string();
                    return Err(SvgProblem::Loop(name));
                }
                None => stack.push((part, false)),
            }
        }
    }
    match cost.get(&root) {
        Some(Some(n)) => Ok(*n),
        _ => Err(SvgProblem::Loop("svg".to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NS: &str = "xmlns=\"http://www.w3.org/2000/svg\"";

    fn svg(inner: &str) -> String {
        format!("<svg {NS} xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"40\" height=\"30\">{inner}</svg>")
    }

    #[test]
    fn a_plain_drawing_passes_with_its_size_attributes() {
        let root = check(&svg("<circle r=\"5\" fill=\"url(#g)\"/><defs><linearGradient id=\"g\"/></defs><use href=\"#c\"/><circle id=\"c\" r=\"1\"/>")).unwrap();
        assert_eq!(root.width.as_deref(), Some("40"));
        assert_eq!(root.height.as_deref(), Some("30"));
    }

    #[test]
    fn a_use_bomb_is_refused_however_small_its_text() {
        // Ten levels of a group that uses the level below ten times: 10¹⁰ shapes.
        let mut defs = String::from("<circle id=\"l0\" r=\"1\"/>");
        for level in 1..=10 {
            defs.push_str(&format!("<g id=\"l{level}\">"));
            for _ in 0..10 {
                defs.push_str(&format!("<use href=\"#l{}\"/>", level - 1));
            }
            defs.push_str("</g>");
        }
        let text = svg(&format!("<defs>{defs}</defs><use href=\"#l10\"/>"));
        assert!(text.len() < 6_000);
        match check(&text) {
            Err(SvgProblem::TooManyCopies(n)) => assert!(n > MAX_SVG_DRAWN),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn loops_scripts_handlers_and_outside_references_are_refused() {
        let cases = [
            (
                "<g id=\"a\"><use href=\"#a\"/></g>",
                "refers back to itself",
            ),
            ("<script>alert(1)</script>", "<script>"),
            ("<foreignObject><div/></foreignObject>", "<foreignObject>"),
            ("<rect onload=\"x()\"/>", "event handler"),
            (
                "<image href=\"http://example.invalid/a.png\"/>",
                "outside itself",
            ),
            ("<use xlink:href=\"other.svg#a\"/>", "outside itself"),
            (
                "<rect fill=\"url(https://example.invalid/p)\"/>",
                "outside itself",
            ),
            ("<style>@import 'x.css';</style>", "outside itself"),
            ("<rect style=\"fill: url( 'x.svg#p')\"/>", "outside itself"),
            ("<set attributeName=\"href\" to=\"x\"/>", "<set> of href"),
        ];
        for (inner, says) in cases {
            let problem = check(&svg(inner)).expect_err(inner).to_string();
            assert!(problem.contains(says), "{inner}: {problem}");
        }
        let png = "<image href=\"data:image/png;base64,iVBORw0KGgo=\"/>";
        assert!(check(&svg(png)).is_ok(), "an embedded PNG is its own");
    }

    #[test]
    fn an_html_page_with_a_drawing_inside_is_not_an_svg() {
        let page = format!("<html><body><svg {NS}><circle r=\"1\"/></svg></body></html>");
        assert_eq!(
            check(&page),
            Err(SvgProblem::NotSvgRoot("html".to_string()))
        );
        assert!(matches!(
            check("<svg><circle r=\"1\"/></svg>"),
            Err(SvgProblem::NotSvgRoot(_))
        ));
        let dtd = format!("<!DOCTYPE svg [<!ENTITY a \"aaaa\">]><svg {NS}>&a;</svg>");
        assert!(matches!(check(&dtd), Err(SvgProblem::NotXml(_))));
    }

    #[test]
    fn too_many_elements_are_refused() {
        let many = "<rect/>".repeat(MAX_SVG_ELEMENTS + 1);
        assert!(matches!(
            check(&svg(&many)),
            Err(SvgProblem::TooManyElements(_))
        ));
    }
}
