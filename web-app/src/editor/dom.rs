//! DOM work the editor does outside Yew's re-rendering: keeping the coloured layer and the line
//! numbers scrolled with the textarea, scrolling to a line, the error tooltip, the completion
//! list's scrolling, and the document's editing command.

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlDocument, HtmlElement, HtmlTextAreaElement};
use yew::prelude::*;

/// The page's document, as the HTML document that offers editing commands.
pub fn html_document() -> Option<HtmlDocument> {
    web_sys::window()?
        .document()?
        .dyn_into::<HtmlDocument>()
        .ok()
}

/// Scrolls the coloured `layer` and the line numbers in `gutter` with the textarea.
pub fn sync_scroll(layer: NodeRef, gutter: NodeRef) -> Callback<Event> {
    Callback::from(move |e: Event| {
        let area: HtmlTextAreaElement = e.target_unchecked_into();
        if let Some(pre) = layer.cast::<Element>() {
            pre.set_scroll_top(area.scroll_top());
            pre.set_scroll_left(area.scroll_left());
        }
        if let Some(numbers) = gutter.cast::<Element>() {
            numbers.set_scroll_top(area.scroll_top());
        }
    })
}

/// Scrolls the textarea `input`, with the coloured `layer` and the line numbers in `gutter`,
/// so 1-based `line` sits a third of the way down the visible text.
pub fn scroll_to_line(input: &NodeRef, layer: &NodeRef, gutter: &NodeRef, line: u32) {
    let (Some(area), Some(pre)) = (input.cast::<HtmlTextAreaElement>(), layer.cast::<Element>())
    else {
        return;
    };
    let selector = format!(".editor-line[data-line=\"{line}\"]");
    let Some(row) = pre
        .query_selector(&selector)
        .ok()
        .flatten()
        .and_then(|row| row.dyn_into::<HtmlElement>().ok())
    else {
        return;
    };
    let top = (row.offset_top() - area.client_height() / 3).max(0);
    area.set_scroll_top(top);
    pre.set_scroll_top(area.scroll_top());
    if let Some(numbers) = gutter.cast::<Element>() {
        numbers.set_scroll_top(area.scroll_top());
    }
}

/// Shows an error's message as the textarea's tooltip while the pointer is over its underline.
/// The underlines lie under the textarea, which takes the pointer, so their own titles never
/// show; their boxes are compared with the pointer instead.
pub fn hover_title(layer: NodeRef, input: NodeRef) -> Callback<MouseEvent> {
    Callback::from(move |e: MouseEvent| {
        let (Some(pre), Some(area)) = (layer.cast::<Element>(), input.cast::<Element>()) else {
            return;
        };
        let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
        let marks = pre.query_selector_all(".hl-error").ok();
        let message = marks.and_then(|marks| {
            (0..marks.length())
                .filter_map(|i| marks.item(i)?.dyn_into::<Element>().ok())
                .find(|mark| {
                    let r = mark.get_bounding_client_rect();
                    r.left() <= x && x <= r.right() && r.top() <= y && y <= r.bottom()
                })
                .and_then(|mark| mark.get_attribute("title"))
        });
        let _ = match message {
            Some(message) => area.set_attribute("title", &message),
            None => area.remove_attribute("title"),
        };
    })
}

/// The line (0-based) and character under the pointer at client point (`x`, `y`), read from
/// the highlighted layer's rows and their segments (the textarea over them takes the pointer,
/// and its text has the same places).
pub fn pointer_cell(layer: &NodeRef, x: f64, y: f64) -> Option<(usize, usize)> {
    let pre = layer.cast::<Element>()?;
    let rows = pre.query_selector_all(".editor-line").ok()?;
    let row = (0..rows.length())
        .filter_map(|i| rows.item(i)?.dyn_into::<Element>().ok())
        .find(|row| {
            let r = row.get_bounding_client_rect();
            r.top() <= y && y < r.bottom()
        })?;
    let line = row
        .get_attribute("data-line")?
        .parse::<usize>()
        .ok()?
        .checked_sub(1)?;
    let segments = row.children();
    let mut col = 0;
    for i in 0..segments.length() {
        let seg = segments.item(i)?;
        let len = seg.text_content().unwrap_or_default().chars().count();
        let r = seg.get_bounding_client_rect();
        if r.left() <= x && x < r.right() && len > 0 {
            let cell = r.width() / len as f64;
            return Some((line, col + ((x - r.left()) / cell) as usize));
        }
        col += len;
    }
    None
}

/// Scrolls the open completion list (next to the textarea `input`) so the chosen item is in view.
pub fn show_chosen_item(input: &NodeRef) {
    let Some(code) = input.cast::<Element>().and_then(|a| a.parent_element()) else {
        return;
    };
    let list = code.query_selector(".editor-completion ul").ok().flatten();
    let chosen = code
        .query_selector(".editor-completion li.chosen")
        .ok()
        .flatten();
    let (Some(list), Some(chosen)) = (list, chosen.and_then(|c| c.dyn_into::<HtmlElement>().ok()))
    else {
        return;
    };
    let (top, height) = (chosen.offset_top(), chosen.offset_height());
    if top < list.scroll_top() {
        list.set_scroll_top(top);
    } else if top + height > list.scroll_top() + list.client_height() {
        list.set_scroll_top(top + height - list.client_height());
    }
}
