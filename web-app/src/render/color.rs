//! Colours as the renderer needs them: 8-bit RGB, built from GEMSTEP's HSV (0..1 each) or its
//! packed integers (`meterColor setTo 65280` is green), and written as CSS into a reused buffer
//! so drawing never allocates a string per agent.

use std::fmt::Write;

/// An opaque 8-bit colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rgb {
    /// Red, 0..=255.
    pub r: u8,
    /// Green, 0..=255.
    pub g: u8,
    /// Blue, 0..=255.
    pub b: u8,
}

impl Rgb {
    /// GEMSTEP's default glow colour.
    pub const GLOW_YELLOW: Rgb = Rgb::new(255, 226, 64);
    /// White, the colour of untinted art.
    pub const WHITE: Rgb = Rgb::new(255, 255, 255);

    /// A colour from its three channels.
    pub const fn new(r: u8, g: u8, b: u8) -> Rgb {
        Rgb { r, g, b }
    }

    /// A colour from a packed `0xRRGGBB` integer, as GEMSTEP scripts write them; bits above
    /// the low 24 are ignored.
    pub const fn from_packed(packed: u32) -> Rgb {
        Rgb::new((packed >> 16) as u8, (packed >> 8) as u8, packed as u8)
    }

    /// A colour from hue, saturation and value, each 0..1 as GEMSTEP's Costume feature holds
    /// them. Hue wraps; saturation and value are clamped; NaN counts as 0.
    pub fn from_hsv(h: f64, s: f64, v: f64) -> Rgb {
        let unit = |x: f64| if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
        let (s, v) = (unit(s), unit(v));
        let h = if h.is_finite() {
            h.rem_euclid(1.0) * 6.0
        } else {
            0.0
        };
        let sector = h.floor();
        let f = h - sector;
        let (p, q, t) = (v * (1.0 - s), v * (1.0 - s * f), v * (1.0 - s * (1.0 - f)));
        let (r, g, b) = match sector as u8 {
            0 => (v, t, p),
            1 => (q, v, p),
            2 => (p, v, t),
            3 => (p, q, v),
            4 => (t, p, v),
            _ => (v, p, q),
        };
        Rgb::new(channel(r), channel(g), channel(b))
    }

    /// This colour moved `amount` (0..1) of the way towards `other`.
    pub fn mix(self, other: Rgb, amount: f64) -> Rgb {
        let a = if amount.is_nan() {
            0.0
        } else {
            amount.clamp(0.0, 1.0)
        };
        let blend = |x: u8, y: u8| channel((f64::from(x) * (1.0 - a) + f64::from(y) * a) / 255.0);
        Rgb::new(
            blend(self.r, other.r),
            blend(self.g, other.g),
            blend(self.b, other.b),
        )
    }

    /// The colour with each channel cut to 5 bits, packed into 15 bits: colours that look the
    /// same share one pre-rasterised sprite, which bounds the sprite cache.
    pub fn bucket(self) -> u16 {
        (u16::from(self.r >> 3) << 10) | (u16::from(self.g >> 3) << 5) | u16::from(self.b >> 3)
    }

    /// The representative colour of a [`bucket`](Rgb::bucket): each channel's 5 bits
    /// widened back to 8.
    pub fn from_bucket(bucket: u16) -> Rgb {
        let widen = |c: u16| {
            let c = (c & 31) as u8;
            (c << 3) | (c >> 2)
        };
        Rgb::new(widen(bucket >> 10), widen(bucket >> 5), widen(bucket))
    }

    /// Writes the colour as CSS `#rrggbb` into `out`, replacing what was there.
    pub fn write_css(self, out: &mut String) {
        out.clear();
        // Writing into a String cannot fail.
        let _ = write!(out, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b);
    }
}

/// A 0..1 intensity as an 8-bit channel.
fn channel(x: f64) -> u8 {
    (x.clamp(0.0, 1.0) * 255.0).round() as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hsv_primaries_and_greys() {
        assert_eq!(Rgb::from_hsv(0.0, 1.0, 1.0), Rgb::new(255, 0, 0));
        assert_eq!(Rgb::from_hsv(1.0 / 3.0, 1.0, 1.0), Rgb::new(0, 255, 0));
        assert_eq!(Rgb::from_hsv(2.0 / 3.0, 1.0, 1.0), Rgb::new(0, 0, 255));
        assert_eq!(Rgb::from_hsv(0.4, 0.0, 0.5), Rgb::new(128, 128, 128));
    }

    #[test]
    fn hsv_wraps_hue_and_survives_nonsense() {
        assert_eq!(Rgb::from_hsv(1.0, 1.0, 1.0), Rgb::from_hsv(0.0, 1.0, 1.0));
        assert_eq!(Rgb::from_hsv(-0.5, 1.0, 1.0), Rgb::from_hsv(0.5, 1.0, 1.0));
        assert_eq!(Rgb::from_hsv(f64::NAN, f64::NAN, 2.0), Rgb::WHITE);
        assert_eq!(Rgb::from_hsv(f64::INFINITY, 1.0, 1.0), Rgb::new(255, 0, 0));
    }

    #[test]
    fn packed_integers_read_as_gemstep_writes_them() {
        assert_eq!(Rgb::from_packed(65280), Rgb::new(0, 255, 0));
        assert_eq!(Rgb::from_packed(16737792), Rgb::new(255, 102, 0));
        assert_eq!(
            Rgb::from_packed(0xff00_0000 | 0x0000ff),
            Rgb::new(0, 0, 255)
        );
    }

    #[test]
    fn mixing_reaches_each_end() {
        let c = Rgb::new(200, 100, 0);
        assert_eq!(c.mix(Rgb::WHITE, 0.0), c);
        assert_eq!(c.mix(Rgb::WHITE, 1.0), Rgb::WHITE);
        assert_eq!(c.mix(Rgb::new(0, 0, 0), 0.5), Rgb::new(100, 50, 0));
    }

    #[test]
    fn buckets_merge_near_colours_and_keep_extremes() {
        assert_eq!(
            Rgb::new(200, 100, 0).bucket(),
            Rgb::new(203, 103, 7).bucket()
        );
        assert_ne!(
            Rgb::new(200, 100, 0).bucket(),
            Rgb::new(208, 100, 0).bucket()
        );
        assert_eq!(Rgb::from_bucket(Rgb::WHITE.bucket()), Rgb::WHITE);
        assert_eq!(Rgb::from_bucket(0), Rgb::new(0, 0, 0));
    }

    #[test]
    fn css_is_lowercase_hex() {
        let mut out = String::from("old");
        Rgb::new(255, 10, 0).write_css(&mut out);
        assert_eq!(out, "#ff0a00");
    }
}
