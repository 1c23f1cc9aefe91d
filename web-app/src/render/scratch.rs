//! An off-screen canvas the renderer draws a costume or a character on once, to read its
//! pixels back into a bitmap it then blends from every frame.

use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Document, HtmlCanvasElement};

/// One canvas, made when first needed and reused.
pub struct Scratch {
    document: Document,
    canvas: Option<(HtmlCanvasElement, CanvasRenderingContext2d)>,
}

impl Scratch {
    /// A scratch canvas to be made in `document`.
    pub fn new(document: Document) -> Scratch {
        Scratch {
            document,
            canvas: None,
        }
    }

    /// The canvas's context, cleared and sized `width` × `height` (which also resets its
    /// drawing state); `None` if the browser refuses a canvas.
    pub fn sized(&mut self, width: u32, height: u32) -> Option<CanvasRenderingContext2d> {
        if self.canvas.is_none() {
            let canvas: HtmlCanvasElement = self
                .document
                .create_element("canvas")
                .ok()?
                .dyn_into()
                .ok()?;
            let ctx = canvas.get_context("2d").ok()??.dyn_into().ok()?;
            self.canvas = Some((canvas, ctx));
        }
        let (canvas, ctx) = self.canvas.as_ref()?;
        canvas.set_width(width);
        canvas.set_height(height);
        Some(ctx.clone())
    }
}
