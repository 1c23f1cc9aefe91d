//! The frame drawn by the GPU (WebGL2), where the device has one: the same rectangles and
//! sprites the software frame buffer ([`super::raster`]) blends, each a textured quad of one
//! instanced draw. Sprites and glyphs are copied once into an atlas texture and drawn 1:1 at
//! whole pixels with `texelFetch`, so each lands on the pixels the software frame puts it on;
//! blending is premultiplied source-over, as there. The CPU's work per agent is one
//! 48-byte instance instead of blending every pixel of its sprite, and the frame reaches the
//! screen without a `putImageData` of the whole canvas.
//!
//! Quads are drawn in the order they were added, so the painter's order (stage, halos and
//! costumes back to front, bars, labels) holds as in the software frame.

use super::color::Rgb;
use super::raster::Pixmap;
use std::collections::HashMap;
use web_sys::{
    WebGl2RenderingContext as Gl, WebGlBuffer, WebGlProgram, WebGlShader, WebGlTexture,
    WebGlUniformLocation, WebGlVertexArrayObject,
};

/// The atlas's side at most, texels: room for the largest sprite the cache makes (2,048
/// pixels a side) and for a few thousand small ones, in 16 MB of a phone's GPU memory (a
/// fuller atlas is drawn from and emptied).
pub const ATLAS_MAX: i32 = 2048;

/// Floats per quad: where it goes (x, y, width, height in canvas pixels), what it shows (x,
/// y, width, height in atlas texels; x below 0 for a fill, which shows its tint alone) and
/// its tint (premultiplied RGBA, 0..1).
const FLOATS: usize = 12;

const VERTEX: &str = r#"#version 300 es
layout(location = 0) in vec4 a_dst;
layout(location = 1) in vec4 a_src;
layout(location = 2) in vec4 a_tint;
uniform vec2 u_canvas;
out vec2 v_uv;
out vec4 v_tint;
void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
  vec2 p = a_dst.xy + corner * a_dst.zw;
  v_uv = a_src.xy + corner * a_src.zw;
  v_tint = a_tint;
  gl_Position = vec4(p.x / u_canvas.x * 2.0 - 1.0, 1.0 - p.y / u_canvas.y * 2.0, 0.0, 1.0);
}
"#;

const FRAGMENT: &str = r#"#version 300 es
precision highp float;
uniform highp sampler2D u_atlas;
in vec2 v_uv;
in vec4 v_tint;
out vec4 colour;
void main() {
  // A fill (its atlas place left of the atlas) is its tint alone.
  colour = v_uv.x < 0.0 ? v_tint : texelFetch(u_atlas, ivec2(floor(v_uv)), 0) * v_tint;
}
"#;

/// What the GL context holds for the frame: made again after the context was lost.
struct Parts {
    program: WebGlProgram,
    vao: WebGlVertexArrayObject,
    instances: WebGlBuffer,
    atlas: WebGlTexture,
    canvas_size: Option<WebGlUniformLocation>,
}

/// Sprites packed into the atlas in shelves: rows as tall as their tallest sprite, filled
/// left to right.
#[derive(Default)]
struct Shelves {
    side: i32,
    x: i32,
    y: i32,
    row: i32,
    /// Where each pixmap (by [`Pixmap::uid`]) is.
    places: HashMap<u64, (i32, i32)>,
}

impl Shelves {
    /// Empties the atlas.
    fn clear(&mut self, side: i32) {
        *self = Shelves {
            side,
            ..Shelves::default()
        };
    }

    /// Room for a `width` × `height` image, or `None` when the atlas is full.
    fn room(&mut self, width: i32, height: i32) -> Option<(i32, i32)> {
        if width > self.side || height > self.side {
            return None;
        }
        if self.x + width > self.side {
            self.y += self.row;
            self.x = 0;
            self.row = 0;
        }
        if self.y + height > self.side {
            return None;
        }
        let at = (self.x, self.y);
        self.x += width;
        self.row = self.row.max(height);
        Some(at)
    }
}

/// A frame being drawn by the GPU: quads gathered, then drawn at once.
pub struct GpuFrame {
    gl: Gl,
    parts: Option<Parts>,
    shelves: Shelves,
    /// The quads of this frame, [`FLOATS`] each, as bytes for the buffer.
    quads: Vec<u8>,
    count: i32,
    size: (i32, i32),
    /// The atlas's side, texels.
    atlas_side: i32,
}

impl GpuFrame {
    /// A frame for `gl`, its atlas at most `atlas` texels a side (`None`: [`ATLAS_MAX`]);
    /// `None` if its shaders or buffers cannot be made (then the page draws in software).
    pub fn new(gl: Gl, atlas: Option<i32>) -> Option<GpuFrame> {
        let most = gl
            .get_parameter(Gl::MAX_TEXTURE_SIZE)
            .ok()
            .and_then(|v| v.as_f64())
            .map_or(2048, |v| v as i32);
        let mut frame = GpuFrame {
            atlas_side: atlas.unwrap_or(ATLAS_MAX).clamp(1, ATLAS_MAX).min(most),
            gl,
            parts: None,
            shelves: Shelves::default(),
            quads: Vec::new(),
            count: 0,
            size: (0, 0),
        };
        frame.ready().then_some(frame)
    }

    /// Whether the context can draw: its parts made, again if the context was lost and
    /// given back (everything on the GPU is gone then).
    fn ready(&mut self) -> bool {
        if self.gl.is_context_lost() {
            self.parts = None;
            return false;
        }
        if self.parts.is_none() {
            self.parts = make_parts(&self.gl, self.atlas_side);
            if self.parts.is_some() {
                self.clear_atlas();
            }
        }
        self.parts.is_some()
    }

    /// Whether the browser took the GPU context away (a GPU reset, too many contexts).
    pub fn lost(&self) -> bool {
        self.gl.is_context_lost()
    }

    /// Starts a `width` × `height` frame filled with `colour`.
    pub fn reset(&mut self, width: usize, height: usize, colour: Rgb) {
        self.quads.clear();
        self.count = 0;
        self.size = (width as i32, height as i32);
        if !self.ready() {
            return;
        }
        let gl = &self.gl;
        gl.viewport(0, 0, self.size.0, self.size.1);
        let [r, g, b] = [colour.r, colour.g, colour.b].map(|c| f32::from(c) / 255.0);
        gl.clear_color(r, g, b, 1.0);
        gl.clear(Gl::COLOR_BUFFER_BIT);
    }

    /// An opaque rectangle from `(x0, y0)` to `(x1, y1)` (exclusive).
    pub fn fill_rect(&mut self, x0: i64, y0: i64, x1: i64, y1: i64, colour: Rgb) {
        self.shade_rect(x0, y0, x1, y1, colour, u8::MAX);
    }

    /// A rectangle of `colour` at opacity `alpha`.
    pub fn shade_rect(&mut self, x0: i64, y0: i64, x1: i64, y1: i64, colour: Rgb, alpha: u8) {
        // Clipped to the canvas, as the software frame clips it.
        let (w, h) = (i64::from(self.size.0), i64::from(self.size.1));
        let (x0, x1) = (x0.clamp(0, w), x1.clamp(0, w));
        let (y0, y1) = (y0.clamp(0, h), y1.clamp(0, h));
        if x1 <= x0 || y1 <= y0 {
            return;
        }
        let a = f32::from(alpha) / 255.0;
        let tint = [colour.r, colour.g, colour.b].map(|c| f32::from(c) / 255.0 * a);
        self.quad(
            [x0 as f32, y0 as f32, (x1 - x0) as f32, (y1 - y0) as f32],
            [-1.0, -1.0, 0.0, 0.0],
            [tint[0], tint[1], tint[2], a],
        );
    }

    /// `sprite` with its top-left corner at `(x, y)`, at extra opacity `alpha`.
    pub fn blit(&mut self, sprite: &Pixmap, x: i64, y: i64, alpha: u8) {
        let (w, h) = (sprite.width() as i32, sprite.height() as i32);
        // Whether the context is ready was asked once, when the frame started. A sprite wholly
        // off the canvas is neither copied to the atlas nor drawn.
        let outside = x.saturating_add(i64::from(w)) <= 0
            || y.saturating_add(i64::from(h)) <= 0
            || x >= i64::from(self.size.0)
            || y >= i64::from(self.size.1);
        if w == 0 || h == 0 || outside || self.parts.is_none() {
            return;
        }
        let Some((u, v)) = self.place(sprite) else {
            return;
        };
        let a = f32::from(alpha) / 255.0;
        self.quad(
            [x as f32, y as f32, w as f32, h as f32],
            [u as f32, v as f32, w as f32, h as f32],
            [a; 4],
        );
    }

    /// Draws the quads gathered; the frame shows once the browser composites the page.
    pub fn finish(&mut self) {
        self.flush();
    }

    /// Where `sprite` is in the atlas, copied there now if it is not yet. A full atlas is
    /// drawn from first and then emptied.
    fn place(&mut self, sprite: &Pixmap) -> Option<(i32, i32)> {
        if let Some(&at) = self.shelves.places.get(&sprite.uid()) {
            return Some(at);
        }
        let (w, h) = (sprite.width() as i32, sprite.height() as i32);
        let at = match self.shelves.room(w, h) {
            Some(at) => at,
            None => {
                self.flush();
                self.clear_atlas();
                self.shelves.room(w, h)?
            }
        };
        self.upload(sprite.bytes(), at, (w, h));
        self.shelves.places.insert(sprite.uid(), at);
        Some(at)
    }

    fn quad(&mut self, dst: [f32; 4], src: [f32; 4], tint: [f32; 4]) {
        for v in dst.into_iter().chain(src).chain(tint) {
            self.quads.extend_from_slice(&v.to_le_bytes());
        }
        self.count += 1;
    }

    /// Draws the quads gathered so far, in order, over what is drawn.
    fn flush(&mut self) {
        let (Some(parts), true) = (&self.parts, self.count > 0) else {
            return;
        };
        let gl = &self.gl;
        gl.use_program(Some(&parts.program));
        gl.bind_vertex_array(Some(&parts.vao));
        gl.active_texture(Gl::TEXTURE0);
        gl.bind_texture(Gl::TEXTURE_2D, Some(&parts.atlas));
        gl.uniform2f(
            parts.canvas_size.as_ref(),
            self.size.0 as f32,
            self.size.1 as f32,
        );
        gl.bind_buffer(Gl::ARRAY_BUFFER, Some(&parts.instances));
        gl.buffer_data_with_u8_array(Gl::ARRAY_BUFFER, &self.quads, Gl::STREAM_DRAW);
        gl.enable(Gl::BLEND);
        gl.blend_func(Gl::ONE, Gl::ONE_MINUS_SRC_ALPHA);
        gl.draw_arrays_instanced(Gl::TRIANGLE_STRIP, 0, 4, self.count);
        gl.bind_vertex_array(None);
        self.quads.clear();
        self.count = 0;
    }

    /// Empties the atlas.
    fn clear_atlas(&mut self) {
        self.shelves.clear(self.atlas_side);
    }

    /// Copies premultiplied RGBA `bytes` of a `size` image to `at` in the atlas.
    fn upload(&self, bytes: &[u8], (x, y): (i32, i32), (w, h): (i32, i32)) {
        let Some(parts) = &self.parts else {
            return;
        };
        let gl = &self.gl;
        gl.bind_texture(Gl::TEXTURE_2D, Some(&parts.atlas));
        let _ = gl.tex_sub_image_2d_with_i32_and_i32_and_u32_and_type_and_opt_u8_array(
            Gl::TEXTURE_2D,
            0,
            x,
            y,
            w,
            h,
            Gl::RGBA,
            Gl::UNSIGNED_BYTE,
            Some(bytes),
        );
    }
}

/// The program, the quad layout and the atlas (`side` texels square); `None` if the context
/// refuses any.
fn make_parts(gl: &Gl, side: i32) -> Option<Parts> {
    let program = link(gl)?;
    let vao = gl.create_vertex_array()?;
    let instances = gl.create_buffer()?;
    gl.bind_vertex_array(Some(&vao));
    gl.bind_buffer(Gl::ARRAY_BUFFER, Some(&instances));
    let stride = (FLOATS * 4) as i32;
    for attribute in 0..3u32 {
        gl.enable_vertex_attrib_array(attribute);
        gl.vertex_attrib_pointer_with_i32(
            attribute,
            4,
            Gl::FLOAT,
            false,
            stride,
            attribute as i32 * 16,
        );
        gl.vertex_attrib_divisor(attribute, 1);
    }
    gl.bind_vertex_array(None);
    let atlas = gl.create_texture()?;
    gl.bind_texture(Gl::TEXTURE_2D, Some(&atlas));
    gl.tex_storage_2d(Gl::TEXTURE_2D, 1, Gl::RGBA8, side, side);
    for (what, how) in [
        (Gl::TEXTURE_MIN_FILTER, Gl::NEAREST),
        (Gl::TEXTURE_MAG_FILTER, Gl::NEAREST),
        (Gl::TEXTURE_WRAP_S, Gl::CLAMP_TO_EDGE),
        (Gl::TEXTURE_WRAP_T, Gl::CLAMP_TO_EDGE),
    ] {
        gl.tex_parameteri(Gl::TEXTURE_2D, what, how as i32);
    }
    gl.pixel_storei(Gl::UNPACK_ALIGNMENT, 1);
    gl.use_program(Some(&program));
    gl.uniform1i(gl.get_uniform_location(&program, "u_atlas").as_ref(), 0);
    let canvas_size = gl.get_uniform_location(&program, "u_canvas");
    Some(Parts {
        program,
        vao,
        instances,
        atlas,
        canvas_size,
    })
}

/// The quad program, compiled and linked; `None` (with the reason on the console) if the
/// driver refuses it.
fn link(gl: &Gl) -> Option<WebGlProgram> {
    let vertex = compile(gl, Gl::VERTEX_SHADER, VERTEX)?;
    let fragment = compile(gl, Gl::FRAGMENT_SHADER, FRAGMENT)?;
    let program = gl.create_program()?;
    gl.attach_shader(&program, &vertex);
    gl.attach_shader(&program, &fragment);
    gl.link_program(&program);
    let linked = gl
        .get_program_parameter(&program, Gl::LINK_STATUS)
        .as_bool()
        .unwrap_or(false);
    if !linked {
        let log = gl.get_program_info_log(&program).unwrap_or_default();
        web_sys::console::warn_1(&format!("the stage's GPU program did not link: {log}").into());
        return None;
    }
    Some(program)
}

fn compile(gl: &Gl, kind: u32, source: &str) -> Option<WebGlShader> {
    let shader = gl.create_shader(kind)?;
    gl.shader_source(&shader, source);
    gl.compile_shader(&shader);
    let compiled = gl
        .get_shader_parameter(&shader, Gl::COMPILE_STATUS)
        .as_bool()
        .unwrap_or(false);
    if !compiled {
        let log = gl.get_shader_info_log(&shader).unwrap_or_default();
        web_sys::console::warn_1(&format!("the stage's GPU shader did not compile: {log}").into());
        return None;
    }
    Some(shader)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shelves_pack_left_to_right_then_down_and_say_when_full() {
        let mut shelves = Shelves::default();
        shelves.clear(8);
        // The first row is as tall as its tallest sprite.
        assert_eq!(shelves.room(3, 2), Some((0, 0)));
        assert_eq!(shelves.room(5, 3), Some((3, 0)));
        assert_eq!(shelves.room(2, 2), Some((0, 3)));
        assert_eq!(shelves.room(6, 2), Some((2, 3)));
        assert_eq!(shelves.room(8, 3), Some((0, 5)));
        assert_eq!(shelves.room(1, 1), None, "no row left");
        assert_eq!(shelves.room(9, 1), None, "wider than the atlas");
        shelves.clear(8);
        assert_eq!(
            shelves.room(8, 8),
            Some((0, 0)),
            "an empty atlas holds a sprite its size"
        );
    }
}
