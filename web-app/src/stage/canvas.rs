//! The stage's canvases and the path its frames take. Where the device has a GPU and offers
//! WebGL2, the GPU draws the stage and the costumes on the stage canvas, and a 2D canvas laid
//! over it (taking no pointer events) holds what canvas 2D draws: the rings, charts, labels
//! the glyph atlas cannot draw, and a student's marks. Elsewhere the software frame buffer
//! draws everything on the stage canvas. A WebGL2 that a CPU emulates (SwiftShader, llvmpipe:
//! a machine with no GPU) counts as none: there the software frame is several times faster,
//! since it copies a sprite's opaque runs whole where an emulated GPU shades every pixel of
//! every quad. `render=software` or `render=webgl2` in the page's address forces a path. The
//! path is chosen once per canvas element; `data-render` on the stage canvas says which.

use crate::render::Renderer;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, HtmlCanvasElement, WebGl2RenderingContext, WebGlContextAttributes,
    WebglLoseContext,
};
use yew::NodeRef;

/// Which path the page asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Choice {
    /// The GPU where the device has one, else software.
    #[default]
    Auto,
    /// Software, always (`render=software`).
    Software,
    /// WebGL2 wherever the browser offers it, even emulated (`render=webgl2`), its sprite
    /// atlas at most `atlas=N` texels a side if given: for tests of the GPU path on
    /// machines without a GPU, and of an atlas that fills within a frame.
    Gpu { atlas: Option<i32> },
}

impl Choice {
    /// The choice a page's query string (`?a=b&render=…`) makes.
    pub fn from_query(query: &str) -> Choice {
        let value = |name: &str| {
            query
                .trim_start_matches('?')
                .split('&')
                .find_map(|p| p.strip_prefix(name)?.strip_prefix('='))
        };
        match value("render") {
            Some("software") => Choice::Software,
            Some("webgl2") => Choice::Gpu {
                atlas: value("atlas").and_then(|a| a.parse().ok()),
            },
            _ => Choice::Auto,
        }
    }
}

/// How frames reach the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Path {
    /// The software frame on the stage canvas; the canvas over it unused.
    Software,
    /// The GPU on the stage canvas, canvas 2D on the canvas over it.
    Gpu,
    /// The stage canvas took a WebGL2 context but its shaders failed, or the browser took it
    /// away: the software frame goes on the canvas over it instead (a canvas holds one kind
    /// of context for good).
    SoftwareOver,
}

/// The stage canvas, the canvas over it, and the path chosen for the stage canvas.
#[derive(Default)]
pub struct StageCanvas {
    stage: NodeRef,
    over: NodeRef,
    chosen: Option<(HtmlCanvasElement, Path)>,
}

impl StageCanvas {
    /// Where the view puts the stage canvas.
    pub fn stage_ref(&self) -> NodeRef {
        self.stage.clone()
    }

    /// Where the view puts the canvas over it.
    pub fn over_ref(&self) -> NodeRef {
        self.over.clone()
    }

    /// The stage canvas, once it is on the page.
    pub fn stage(&self) -> Option<HtmlCanvasElement> {
        self.stage.cast::<HtmlCanvasElement>()
    }

    /// The 2D context `renderer` draws this frame with, the path chosen (and `renderer` set
    /// to it) the first time a stage canvas is seen, as `choice` asks.
    pub fn context(
        &mut self,
        renderer: &mut Renderer,
        choice: Choice,
    ) -> Option<CanvasRenderingContext2d> {
        let stage = self.stage()?;
        let path = match &self.chosen {
            // The browser took the GPU away: the stage goes on in software, on the canvas
            // over the GPU's (the stage canvas gives no other context), rather than blank
            // until the browser perhaps gives the GPU back.
            Some((canvas, Path::Gpu))
                if canvas.is_same_node(Some(&stage)) && renderer.gpu_lost() =>
            {
                renderer.use_software();
                self.take(&stage, Path::SoftwareOver)
            }
            Some((canvas, path)) if canvas.is_same_node(Some(&stage)) => *path,
            _ => {
                let path = choose(&stage, renderer, choice);
                self.take(&stage, path)
            }
        };
        let over = self.over.cast::<HtmlCanvasElement>();
        if let Some(over) = &over {
            over.set_hidden(path == Path::Software);
        }
        let canvas = match path {
            Path::Software => stage,
            Path::Gpu | Path::SoftwareOver => {
                let over = over?;
                if over.width() != stage.width() || over.height() != stage.height() {
                    over.set_width(stage.width());
                    over.set_height(stage.height());
                }
                over
            }
        };
        canvas.get_context("2d").ok()??.dyn_into().ok()
    }

    /// Notes `path` as the one `stage` draws with, on the canvas's `data-render` too.
    fn take(&mut self, stage: &HtmlCanvasElement, path: Path) -> Path {
        let _ = stage.set_attribute("data-render", path.name());
        self.chosen = Some((stage.clone(), path));
        path
    }
}

impl Path {
    fn name(self) -> &'static str {
        match self {
            Path::Gpu => "webgl2",
            Path::Software | Path::SoftwareOver => "software",
        }
    }
}

/// The path for a new stage canvas: the GPU if `choice` allows, the canvas gives a WebGL2
/// context and the renderer can draw with it.
fn choose(stage: &HtmlCanvasElement, renderer: &mut Renderer, choice: Choice) -> Path {
    let (gpu, atlas) = match choice {
        Choice::Software => (false, None),
        Choice::Gpu { atlas } => (true, atlas),
        Choice::Auto => (has_gpu(), None),
    };
    if !gpu {
        renderer.use_software();
        return Path::Software;
    }
    let attributes = WebGlContextAttributes::new();
    // An opaque stage with no depth or multisampling. The drawing buffer is not preserved
    // (a copy a frame on many phones): a frame left unpainted, nothing having changed, still
    // shows what was last presented.
    attributes.set_alpha(false);
    attributes.set_antialias(false);
    attributes.set_depth(false);
    attributes.set_stencil(false);
    attributes.set_preserve_drawing_buffer(false);
    let gl = stage
        .get_context_with_context_options("webgl2", &attributes)
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<WebGl2RenderingContext>().ok());
    let Some(gl) = gl else {
        renderer.use_software();
        return Path::Software;
    };
    if renderer.use_gpu(gl, atlas) {
        Path::Gpu
    } else {
        renderer.use_software();
        Path::SoftwareOver
    }
}

/// Whether the browser's WebGL2 runs on a GPU, asked of a context on a canvas of its own
/// (a canvas that gave one kind of context gives no other) and let go at once.
fn has_gpu() -> bool {
    let Some(probe) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("canvas").ok())
        .and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
    else {
        return false;
    };
    let Some(gl) = probe
        .get_context("webgl2")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<WebGl2RenderingContext>().ok())
    else {
        return false;
    };
    // The renderer's name; where the browser masks it ("WebKit WebGL", as Chromium does),
    // the unmasked one of WEBGL_debug_renderer_info (asked only then: Firefox, which names
    // the renderer plainly, warns that the extension is going away).
    const UNMASKED_RENDERER: u32 = 0x9246;
    let name_of = |which: u32| {
        gl.get_parameter(which)
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    };
    let mut name = name_of(WebGl2RenderingContext::RENDERER);
    let masked = name.is_empty() || name.contains("WebKit WebGL");
    if masked
        && gl
            .get_extension("WEBGL_debug_renderer_info")
            .ok()
            .flatten()
            .is_some()
    {
        name = name_of(UNMASKED_RENDERER);
    }
    if let Some(lose) = gl
        .get_extension("WEBGL_lose_context")
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<WebglLoseContext>().ok())
    {
        lose.lose_context();
    }
    !emulated(&name)
}

/// Whether a WebGL renderer's name is one of the CPU's emulations of a GPU.
fn emulated(renderer: &str) -> bool {
    let name = renderer.to_lowercase();
    [
        "swiftshader",
        "llvmpipe",
        "softpipe",
        "software",
        "basic render",
    ]
    .iter()
    .any(|s| name.contains(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_chooses_a_path() {
        assert_eq!(Choice::from_query("?render=software"), Choice::Software);
        assert_eq!(
            Choice::from_query("?join=ABC&render=webgl2"),
            Choice::Gpu { atlas: None }
        );
        assert_eq!(
            Choice::from_query("?render=webgl2&atlas=512"),
            Choice::Gpu { atlas: Some(512) }
        );
        assert_eq!(Choice::from_query("?join=ABC"), Choice::Auto);
        assert_eq!(Choice::from_query("?render=fast"), Choice::Auto);
    }

    #[test]
    fn emulated_gpus_are_told_from_real_ones() {
        let swiftshader = "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)";
        assert!(emulated(swiftshader));
        assert!(emulated("llvmpipe (LLVM 15.0.6, 256 bits)"));
        assert!(emulated(
            "ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11)"
        ));
        assert!(!emulated(
            "ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)"
        ));
        assert!(!emulated("Apple GPU"));
        assert!(!emulated("Mali-G52"));
    }
}
