//! Costumes a project carries: PNG or SVG images, and GEMSTEP sprite sheets (a JSON frame
//! list with its PNG), imported into the project so that saving, exporting and share links
//! keep them. The image bytes travel base64-encoded inside the project JSON.
//!
//! A costume is named like the files models name in `setCostume` (`bunny.json`,
//! `fish.png`): [`costume_key`] turns either spelling into one key, so `setCostume
//! 'bunny.json' 2` finds the costume imported from `bunny.json` + `bunny.png`, and a
//! project's own costume takes the place of built-in art of the same name.
//!
//! Everything here is bounded ([`MAX_COSTUMES`], [`MAX_IMAGE_BYTES`],
//! [`MAX_TOTAL_BYTES`], [`MAX_FRAMES`], [`MAX_SIDE`]) so a hostile project file or a
//! huge picture gives a [`CostumeProblem`] that says what to do, never a panic or a
//! page that runs out of memory.

use super::svg_check::{self, SvgProblem};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};
use std::fmt;
use std::sync::Arc;

/// The most costumes one project carries.
pub const MAX_COSTUMES: usize = 32;
/// The largest image one costume may hold, in bytes.
pub const MAX_IMAGE_BYTES: usize = 512 * 1024;
/// The most image bytes all of a project's costumes may hold together: enough for a class's
/// art, small enough for the browser's storage and a share link.
pub const MAX_TOTAL_BYTES: usize = 2 * 1024 * 1024;
/// The most frames (poses) one sprite sheet may have.
pub const MAX_FRAMES: usize = 64;
/// The widest and tallest image accepted, in pixels.
pub const MAX_SIDE: u32 = 4096;
/// The longest costume name, in characters.
pub const MAX_NAME_CHARS: usize = 48;
/// The largest sprite-sheet JSON accepted, in bytes.
pub const MAX_SHEET_BYTES: usize = 256 * 1024;
/// The size an SVG without width, height or viewBox is drawn at, in world units.
const SVG_DEFAULT_SIDE: u32 = 64;

/// The kind of image a costume holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MediaType {
    /// A PNG picture.
    #[serde(rename = "image/png")]
    Png,
    /// An SVG drawing.
    #[serde(rename = "image/svg+xml")]
    Svg,
}

impl MediaType {
    /// The media type as written in a `data:` address.
    pub fn as_str(self) -> &'static str {
        match self {
            MediaType::Png => "image/png",
            MediaType::Svg => "image/svg+xml",
        }
    }
}

/// A rectangle of a costume's image, in pixels from its top-left corner: one pose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
}

/// One costume a project carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CostumeAsset {
    /// The key scripts reach it by ([`costume_key`] of the file it came from: `bunny`).
    pub name: String,
    /// What kind of image `data` holds.
    pub media_type: MediaType,
    /// The image's width in pixels (world units at scale 1).
    pub width: u32,
    /// The image's height in pixels.
    pub height: u32,
    /// The poses, for a sprite sheet; empty when the whole image is the only pose.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub frames: Vec<Frame>,
    /// The image bytes, base64. Shared, so the undo history's copies of a project cost no
    /// extra memory for its pictures.
    pub data: Arc<str>,
    /// Fields Stepwise does not use, kept so saving does not lose them.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Why a costume cannot be imported, or why one in a project file is unusable.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CostumeProblem {
    /// The name is empty, too long, or has characters other than letters, digits, `_`, `-`.
    BadName {
        /// The name given.
        name: String,
    },
    /// The file is neither a PNG nor an SVG image (or its bytes do not match its type).
    NotAnImage,
    /// The image is larger than [`MAX_IMAGE_BYTES`].
    TooLarge {
        /// Its size in bytes.
        bytes: usize,
    },
    /// The data is not base64 text.
    BadData,
    /// The image's width or height is zero or above `MAX_SIDE`.
    BadSize {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// The sheet has no frames, or more than [`MAX_FRAMES`].
    FrameCount {
        /// How many it has.
        count: usize,
    },
    /// A frame is empty or reaches outside the image.
    FrameOutside {
        /// The frame's index (its pose number).
        index: usize,
        /// The frame.
        frame: Frame,
        /// The image's width.
        width: u32,
        /// The image's height.
        height: u32,
    },
    /// A frame is stored rotated, which Stepwise does not draw.
    RotatedFrame {
        /// The frame's index.
        index: usize,
    },
    /// The sprite-sheet JSON cannot be read.
    Sheet {
        /// What is wrong with it.
        message: String,
    },
    /// A sprite-sheet JSON was chosen without its PNG.
    SheetWithoutImage {
        /// The image file the sheet names, if it names one.
        image: Option<String>,
    },
    /// The project already has [`MAX_COSTUMES`] costumes.
    TooMany,
    /// Adding it would take the project's costumes past [`MAX_TOTAL_BYTES`].
    ProjectFull {
        /// The image bytes the costumes would hold together.
        bytes: usize,
    },
    /// An SVG drawing that could hurt the screens drawing it, or that is no SVG.
    Svg(SvgProblem),
    /// The size a project file gives a costume is not its image's own.
    SizeMismatch {
        /// The size the project gives (width, height).
        stated: (u32, u32),
        /// The image's own size.
        actual: (u32, u32),
    },
}

impl fmt::Display for CostumeProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CostumeProblem::BadName { name } => write!(
                f,
                "'{name}' cannot name a costume: use 1 to {MAX_NAME_CHARS} letters, digits, _ or -"
            ),
            CostumeProblem::NotAnImage => f.write_str("it is not a PNG or SVG image"),
            CostumeProblem::TooLarge { bytes } => write!(
                f,
                "it is {} KB; a costume may be at most {} KB (make the picture smaller)",
                bytes.div_ceil(1024),
                MAX_IMAGE_BYTES / 1024
            ),
            CostumeProblem::BadData => f.write_str("its image data is damaged (not base64)"),
            CostumeProblem::BadSize { width, height } => write!(
                f,
                "it is {width}×{height} pixels; a costume must be 1 to {MAX_SIDE} pixels each way"
            ),
            CostumeProblem::FrameCount { count } => write!(
                f,
                "the sprite sheet has {count} frames; it must have 1 to {MAX_FRAMES}"
            ),
            CostumeProblem::FrameOutside {
                index,
                frame,
                width,
                height,
            } => write!(
                f,
                "frame {index} ({}×{} at {},{}) is empty or lies outside the {width}×{height} image",
                frame.w, frame.h, frame.x, frame.y
            ),
            CostumeProblem::RotatedFrame { index } => write!(
                f,
                "frame {index} is stored rotated; export the sprite sheet without rotation"
            ),
            CostumeProblem::Sheet { message } => {
                write!(f, "the sprite sheet cannot be read: {message}")
            }
            CostumeProblem::SheetWithoutImage { image: Some(image) } => write!(
                f,
                "a sprite sheet needs its picture: choose '{image}' together with it"
            ),
            CostumeProblem::SheetWithoutImage { image: None } => {
                f.write_str("a sprite sheet needs its PNG picture: choose both files together")
            }
            CostumeProblem::TooMany => write!(
                f,
                "the project already has {MAX_COSTUMES} costumes; remove one first"
            ),
            CostumeProblem::Svg(problem) => problem.fmt(f),
            CostumeProblem::SizeMismatch { stated, actual } => write!(
                f,
                "the project says it is {}×{} pixels, but its picture is {}×{}",
                stated.0, stated.1, actual.0, actual.1
            ),
            CostumeProblem::ProjectFull { bytes } => write!(
                f,
                "the project's costumes would hold {} KB; together they may hold at most {} KB",
                bytes.div_ceil(1024),
                MAX_TOTAL_BYTES / 1024
            ),
        }
    }
}

impl std::error::Error for CostumeProblem {}

/// The key a costume name or file name is looked up by: trimmed, lowercase, without an
/// image or sheet extension (`Bunny.JSON` and `bunny.png` are both `bunny`).
pub fn costume_key(name: &str) -> String {
    let name = name.trim().to_lowercase();
    match name.rsplit_once('.') {
        Some((stem, "json" | "png" | "svg" | "jpg" | "gif")) => stem.to_string(),
        _ => name,
    }
}

/// The costume key of a file name, refused when it cannot name a costume.
fn name_for(file_name: &str) -> Result<String, CostumeProblem> {
    let key = costume_key(file_name);
    let fine = !key.is_empty()
        && key.chars().count() <= MAX_NAME_CHARS
        && key
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
    if fine {
        Ok(key)
    } else {
        Err(CostumeProblem::BadName {
            name: file_name.trim().to_string(),
        })
    }
}

/// Reads the picture in `bytes` (a PNG or SVG file called `file_name`) as a one-pose costume.
pub fn import_image(file_name: &str, bytes: &[u8]) -> Result<CostumeAsset, CostumeProblem> {
    let (media_type, width, height) = inspect(bytes)?;
    let name = name_for(file_name)?;
    Ok(CostumeAsset {
        name,
        media_type,
        width,
        height,
        frames: Vec::new(),
        data: STANDARD.encode(bytes).into(),
        extra: Map::new(),
    })
}

/// Reads a GEMSTEP (TexturePacker / PixiJS) sprite sheet: `sheet_text`, the JSON file called
/// `sheet_name`, whose frames cut up the PNG in `image`. Poses are numbered in the order the
/// JSON lists its frames, as GEMSTEP numbers them. The costume is named after the JSON file.
pub fn import_sheet(
    sheet_name: &str,
    sheet_text: &str,
    image: &[u8],
) -> Result<CostumeAsset, CostumeProblem> {
    let name = name_for(sheet_name)?;
    let frames = sheet_frames(sheet_text)?;
    let (media_type, width, height) = inspect(image)?;
    let asset = CostumeAsset {
        name,
        media_type,
        width,
        height,
        frames,
        data: STANDARD.encode(image).into(),
        extra: Map::new(),
    };
    asset.check_frames()?;
    Ok(asset)
}

/// A costume file that could not be imported, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportFailure {
    /// The file's name.
    pub file: String,
    /// What is wrong with it.
    pub problem: CostumeProblem,
}

impl fmt::Display for ImportFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.problem)
    }
}

/// Imports files chosen together (name and bytes each): every `.json` is a sprite sheet cut
/// from the picture its `meta.image` names, or else the `.png` of the same name, and that
/// picture is not imported on its own; every other file is a one-pose picture. Results are in
/// the order the files were given, a sheet standing where its JSON stood.
pub fn import_files(files: &[(String, Vec<u8>)]) -> Vec<Result<CostumeAsset, ImportFailure>> {
    let is_sheet = |name: &str| name.to_lowercase().ends_with(".json");
    let mut used = vec![false; files.len()];
    let mut sheets = Vec::new();
    for (at, (name, bytes)) in files.iter().enumerate().filter(|(_, (n, _))| is_sheet(n)) {
        let text = std::str::from_utf8(bytes).unwrap_or_default();
        let named = sheet_image_name(text);
        let wanted = named.clone().map_or_else(
            || format!("{}.png", costume_key(name)),
            |n| n.to_lowercase(),
        );
        let picture = files
            .iter()
            .position(|(other, _)| !is_sheet(other) && other.trim().to_lowercase() == wanted);
        if let Some(picture) = picture {
            used[picture] = true;
        }
        sheets.push((at, picture, named));
    }
    let mut results = Vec::new();
    for (at, (name, bytes)) in files.iter().enumerate() {
        let failure = |problem| ImportFailure {
            file: name.clone(),
            problem,
        };
        if let Some((_, picture, named)) = sheets.iter().find(|(s, ..)| *s == at) {
            let result = match picture {
                None => Err(CostumeProblem::SheetWithoutImage {
                    image: named.clone(),
                }),
                Some(picture) => match std::str::from_utf8(bytes) {
                    Ok(text) => import_sheet(name, text, &files[*picture].1),
                    Err(_) => Err(CostumeProblem::Sheet {
                        message: "it is not text".into(),
                    }),
                },
            };
            results.push(result.map_err(failure));
        } else if !used[at] {
            results.push(import_image(name, bytes).map_err(failure));
        }
    }
    results
}

/// The picture file a sprite sheet names in its `meta.image`, to pair the two files.
pub fn sheet_image_name(sheet_text: &str) -> Option<String> {
    let sheet: Value = serde_json::from_str(sheet_text).ok()?;
    let image = sheet.get("meta")?.get("image")?.as_str()?;
    // Only the file's own name: a sheet may give a path.
    let file = image.rsplit(['/', '\\']).next().unwrap_or(image);
    Some(file.to_string())
}

impl CostumeAsset {
    /// The rectangle of `pose` in the image: its frame, the whole image for a costume without
    /// frames, and the first frame for a pose the sheet does not have.
    pub fn frame(&self, pose: u16) -> Frame {
        let whole = Frame {
            x: 0,
            y: 0,
            w: self.width,
            h: self.height,
        };
        self.frames
            .get(usize::from(pose))
            .or_else(|| self.frames.first())
            .copied()
            .unwrap_or(whole)
    }

    /// How many poses it has (at least one).
    pub fn poses(&self) -> usize {
        self.frames.len().max(1)
    }

    /// How many bytes its image holds (from the base64 length, without decoding it).
    pub fn image_bytes(&self) -> usize {
        let padding = self
            .data
            .bytes()
            .rev()
            .take(2)
            .filter(|b| *b == b'=')
            .count();
        (self.data.len() / 4 * 3).saturating_sub(padding)
    }

    /// The `data:` address a browser loads the image from.
    pub fn data_url(&self) -> String {
        format!("data:{};base64,{}", self.media_type.as_str(), self.data)
    }

    /// What makes this costume, as read from a project file, unusable (`None`: nothing).
    pub fn problem(&self) -> Option<CostumeProblem> {
        if let Err(problem) = name_for(&self.name) {
            return Some(problem);
        }
        if self.name != costume_key(&self.name) {
            return Some(CostumeProblem::BadName {
                name: self.name.clone(),
            });
        }
        if self.image_bytes() > MAX_IMAGE_BYTES {
            return Some(CostumeProblem::TooLarge {
                bytes: self.image_bytes(),
            });
        }
        let Ok(bytes) = STANDARD.decode(self.data.as_bytes()) else {
            return Some(CostumeProblem::BadData);
        };
        match inspect(&bytes) {
            Err(problem) => return Some(problem),
            Ok((media_type, ..)) if media_type != self.media_type => {
                return Some(CostumeProblem::NotAnImage)
            }
            Ok((_, width, height)) if (width, height) != (self.width, self.height) => {
                return Some(CostumeProblem::SizeMismatch {
                    stated: (self.width, self.height),
                    actual: (width, height),
                })
            }
            Ok(_) => {}
        }
        if !sides_fine(self.width, self.height) {
            return Some(CostumeProblem::BadSize {
                width: self.width,
                height: self.height,
            });
        }
        self.check_frames().err()
    }

    fn check_frames(&self) -> Result<(), CostumeProblem> {
        if self.frames.len() > MAX_FRAMES {
            return Err(CostumeProblem::FrameCount {
                count: self.frames.len(),
            });
        }
        for (index, frame) in self.frames.iter().enumerate() {
            let fits = frame.w > 0
                && frame.h > 0
                && frame
                    .x
                    .checked_add(frame.w)
                    .is_some_and(|r| r <= self.width)
                && frame
                    .y
                    .checked_add(frame.h)
                    .is_some_and(|b| b <= self.height);
            if !fits {
                return Err(CostumeProblem::FrameOutside {
                    index,
                    frame: *frame,
                    width: self.width,
                    height: self.height,
                });
            }
        }
        Ok(())
    }
}

/// Adds `asset` to `costumes`, or replaces the costume of the same name (importing a
/// changed picture again updates it), keeping within the project's limits.
pub(super) fn put(
    costumes: &mut Vec<CostumeAsset>,
    asset: CostumeAsset,
) -> Result<(), CostumeProblem> {
    let same = costumes.iter().position(|c| c.name == asset.name);
    let others: usize = costumes
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != same)
        .map(|(_, c)| c.image_bytes())
        .sum();
    let bytes = others + asset.image_bytes();
    if bytes > MAX_TOTAL_BYTES {
        return Err(CostumeProblem::ProjectFull { bytes });
    }
    match same {
        Some(i) => costumes[i] = asset,
        None if costumes.len() >= MAX_COSTUMES => return Err(CostumeProblem::TooMany),
        None => costumes.push(asset),
    }
    Ok(())
}

fn sides_fine(width: u32, height: u32) -> bool {
    (1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height)
}

/// The type and size of the image in `bytes`.
fn inspect(bytes: &[u8]) -> Result<(MediaType, u32, u32), CostumeProblem> {
    if bytes.len() > MAX_IMAGE_BYTES {
        return Err(CostumeProblem::TooLarge { bytes: bytes.len() });
    }
    let (media_type, (width, height)) = if let Some(size) = png_size(bytes) {
        (MediaType::Png, size)
    } else {
        (MediaType::Svg, svg_size(bytes)?)
    };
    if !sides_fine(width, height) {
        return Err(CostumeProblem::BadSize { width, height });
    }
    Ok((media_type, width, height))
}

/// Width and height from a PNG's header chunk (`IHDR`, always first).
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    let header = bytes.get(..24)?;
    if &header[..8] != SIGNATURE || &header[12..16] != b"IHDR" {
        return None;
    }
    let word = |at: usize| {
        u32::from_be_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]])
    };
    Some((word(16), word(20)))
}

/// The size an SVG drawing declares: its `width` and `height`, else its `viewBox`, else
/// [`SVG_DEFAULT_SIDE`] square; once the drawing passed [`svg_check::check`]. Text that is
/// not markup at all is not an image.
fn svg_size(bytes: &[u8]) -> Result<(u32, u32), CostumeProblem> {
    let text = std::str::from_utf8(bytes).map_err(|_| CostumeProblem::NotAnImage)?;
    if !svg_check::looks_like_markup(text) {
        return Err(CostumeProblem::NotAnImage);
    }
    let root =
        svg_check::check(text.trim_start_matches('\u{feff}')).map_err(CostumeProblem::Svg)?;
    let length = |value: &Option<String>| value.as_deref().and_then(svg_length);
    if let (Some(w), Some(h)) = (length(&root.width), length(&root.height)) {
        return Ok((w, h));
    }
    let view_box = root.view_box.as_deref().map(|v| {
        v.split([' ', ','])
            .filter(|s| !s.is_empty())
            .filter_map(|s| s.parse::<f64>().ok())
            .collect::<Vec<_>>()
    });
    match view_box.as_deref() {
        Some([_, _, w, h]) => match (side(*w), side(*h)) {
            (Some(w), Some(h)) => Ok((w, h)),
            _ => Err(CostumeProblem::BadSize {
                width: w.max(0.0).min(f64::from(u32::MAX)) as u32,
                height: h.max(0.0).min(f64::from(u32::MAX)) as u32,
            }),
        },
        _ => Ok((SVG_DEFAULT_SIDE, SVG_DEFAULT_SIDE)),
    }
}

/// A length in user units or pixels (`48`, `48px`, `48.5`); other units are not sizes we
/// can know.
fn svg_length(text: &str) -> Option<u32> {
    let number = text.trim().strip_suffix("px").unwrap_or(text.trim());
    side(number.parse().ok()?)
}

fn side(length: f64) -> Option<u32> {
    (length.is_finite() && length >= 1.0 && length <= f64::from(MAX_SIDE))
        .then(|| length.round() as u32)
}

/// One frame entry of a sheet: where it is, and whether it is stored turned.
#[derive(Deserialize)]
struct SheetFrame {
    frame: Frame,
    #[serde(default)]
    rotated: bool,
}

/// A sheet's frames in the order the JSON lists them, from either TexturePacker layout: an
/// object keyed by frame name, or an array of entries with a `filename`.
struct SheetFrames(Vec<SheetFrame>);

impl<'de> Deserialize<'de> for SheetFrames {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct InOrder;
        impl<'de> Visitor<'de> for InOrder {
            type Value = SheetFrames;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object or a list of frames")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SheetFrames, A::Error> {
                let mut frames = Vec::new();
                while let Some((_, frame)) =
                    map.next_entry::<serde::de::IgnoredAny, SheetFrame>()?
                {
                    if frames.len() >= MAX_FRAMES {
                        return Err(serde::de::Error::custom(format_args!(
                            "more than {MAX_FRAMES} frames"
                        )));
                    }
                    frames.push(frame);
                }
                Ok(SheetFrames(frames))
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<SheetFrames, A::Error> {
                let mut frames = Vec::new();
                while let Some(frame) = seq.next_element::<SheetFrame>()? {
                    if frames.len() >= MAX_FRAMES {
                        return Err(serde::de::Error::custom(format_args!(
                            "more than {MAX_FRAMES} frames"
                        )));
                    }
                    frames.push(frame);
                }
                Ok(SheetFrames(frames))
            }
        }
        deserializer.deserialize_any(InOrder)
    }
}

/// The frames of sprite-sheet JSON, in pose order.
fn sheet_frames(text: &str) -> Result<Vec<Frame>, CostumeProblem> {
    #[derive(Deserialize)]
    struct Sheet {
        frames: SheetFrames,
    }
    if text.len() > MAX_SHEET_BYTES {
        return Err(CostumeProblem::Sheet {
            message: format!("it is larger than {} KB", MAX_SHEET_BYTES / 1024),
        });
    }
    let sheet: Sheet = serde_json::from_str(text).map_err(|e| CostumeProblem::Sheet {
        message: e.to_string(),
    })?;
    let frames = sheet.frames.0;
    if frames.is_empty() {
        return Err(CostumeProblem::FrameCount { count: 0 });
    }
    if let Some(index) = frames.iter().position(|f| f.rotated) {
        return Err(CostumeProblem::RotatedFrame { index });
    }
    Ok(frames.into_iter().map(|f| f.frame).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG header for a `w`×`h` image (enough for what is read here).
    pub(crate) fn png(w: u32, h: u32) -> Vec<u8> {
        let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        bytes.extend(w.to_be_bytes());
        bytes.extend(h.to_be_bytes());
        bytes.extend([8, 6, 0, 0, 0, 0, 0, 0, 0]);
        bytes
    }

    const SHEET: &str = r#"{
      "frames": {
        "bunny_b.png": { "frame": { "x": 32, "y": 0, "w": 32, "h": 32 }, "rotated": false },
        "bunny_a.png": { "frame": { "x": 0, "y": 0, "w": 32, "h": 32 } },
        "bunny_c.png": { "frame": { "x": 64, "y": 0, "w": 32, "h": 32 } }
      },
      "meta": { "image": "art/bunny.png", "size": { "w": 96, "h": 32 } }
    }"#;

    #[test]
    fn a_png_is_read_with_its_size() {
        let asset = import_image("Bee.PNG", &png(40, 30)).unwrap();
        assert_eq!(asset.name, "bee");
        assert_eq!(asset.media_type, MediaType::Png);
        assert_eq!((asset.width, asset.height), (40, 30));
        assert_eq!(asset.poses(), 1);
        assert_eq!(
            asset.frame(5),
            Frame {
                x: 0,
                y: 0,
                w: 40,
                h: 30
            }
        );
        assert!(asset
            .data_url()
            .starts_with("data:image/png;base64,iVBORw0KGgo"));
        assert_eq!(asset.problem(), None);
    }

    #[test]
    fn an_svg_is_sized_by_its_attributes_or_view_box() {
        let cases = [
            (
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="48" height="24px"></svg>"#,
                (48, 24),
            ),
            (
                r#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60"></svg>"#,
                (120, 60),
            ),
            (
                r#"<svg xmlns='http://www.w3.org/2000/svg' stroke-width="3" viewBox='0,0,10,20'/>"#,
                (10, 20),
            ),
            (
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="50%" height="2em"></svg>"#,
                (64, 64),
            ),
        ];
        for (text, size) in cases {
            let asset = import_image("shape.svg", text.as_bytes()).unwrap();
            assert_eq!(asset.media_type, MediaType::Svg, "{text}");
            assert_eq!((asset.width, asset.height), size, "{text}");
        }
    }

    #[test]
    fn a_sheet_numbers_its_poses_in_file_order() {
        assert_eq!(sheet_image_name(SHEET).as_deref(), Some("bunny.png"));
        let asset = import_sheet("bunny.json", SHEET, &png(96, 32)).unwrap();
        assert_eq!(asset.name, "bunny");
        assert_eq!(asset.poses(), 3);
        assert_eq!(asset.frame(0).x, 32, "the first frame listed is pose 0");
        assert_eq!(asset.frame(1).x, 0);
        assert_eq!(
            asset.frame(9).x,
            32,
            "a pose past the sheet shows the first"
        );
        let listed = r#"{"frames":[{"filename":"a","frame":{"x":0,"y":0,"w":8,"h":8}}]}"#;
        assert_eq!(
            import_sheet("a.json", listed, &png(8, 8)).unwrap().poses(),
            1
        );
        assert_eq!(asset.problem(), None);
    }

    #[test]
    fn files_chosen_together_pair_sheets_with_their_pictures() {
        let file = |name: &str, bytes: Vec<u8>| (name.to_string(), bytes);
        let files = [
            file("moth.png", png(10, 10)),
            file("bunny.json", SHEET.as_bytes().to_vec()),
            file("BUNNY.png", png(96, 32)),
            file(
                "worm.json",
                br#"{"frames":{"a":{"frame":{"x":0,"y":0,"w":4,"h":4}}}}"#.to_vec(),
            ),
            file("worm.png", png(8, 4)),
            file(
                "lost.json",
                SHEET.replace("art/bunny.png", "gone.png").into_bytes(),
            ),
            file("notes.txt", b"hello".to_vec()),
        ];
        let results = import_files(&files);
        let shown: Vec<String> = results
            .iter()
            .map(|r| match r {
                Ok(asset) => format!("{} {}", asset.name, asset.poses()),
                Err(failure) => failure.to_string(),
            })
            .collect();
        assert_eq!(
            shown,
            [
                "moth 1",
                "bunny 3",
                "worm 1",
                "lost.json: a sprite sheet needs its picture: choose 'gone.png' together with it",
                "notes.txt: it is not a PNG or SVG image",
            ]
        );
    }

    #[test]
    fn bad_files_are_refused_saying_why() {
        let cases: [(Result<CostumeAsset, CostumeProblem>, &str); 9] = [
            (import_image("x.gif", b"GIF89a...."), "not a PNG or SVG"),
            (import_image("x.png", &png(0, 10)), "0×10 pixels"),
            (import_image("x.png", &png(5000, 10)), "5000×10"),
            (
                import_image("x.png", &vec![0; MAX_IMAGE_BYTES + 1]),
                "at most 512 KB",
            ),
            (
                import_image("my bee!.png", &png(4, 4)),
                "cannot name a costume",
            ),
            (
                import_sheet("s.json", "{ nope", &png(4, 4)),
                "cannot be read",
            ),
            (
                import_sheet(
                    "s.json",
                    r#"{"frames":{"a":{"frame":{"x":0,"y":0,"w":9,"h":4}}}}"#,
                    &png(8, 8),
                ),
                "frame 0 (9×4 at 0,0) is empty or lies outside the 8×8 image",
            ),
            (
                import_sheet(
                    "s.json",
                    r#"{"frames":{"a":{"frame":{"x":0,"y":0,"w":4,"h":4},"rotated":true}}}"#,
                    &png(8, 8),
                ),
                "stored rotated",
            ),
            (
                import_sheet("s.json", r#"{"frames":{}}"#, &png(8, 8)),
                "0 frames",
            ),
        ];
        for (result, expected) in cases {
            let message = result.map(|a| a.name).unwrap_err().to_string();
            assert!(message.contains(expected), "{message:?} lacks {expected:?}");
        }
        let many = (0..=MAX_FRAMES)
            .map(|i| format!(r#""f{i}":{{"frame":{{"x":0,"y":0,"w":1,"h":1}}}}"#))
            .collect::<Vec<_>>()
            .join(",");
        let err =
            import_sheet("s.json", &format!(r#"{{"frames":{{{many}}}}}"#), &png(8, 8)).unwrap_err();
        assert!(err.to_string().contains("more than 64 frames"), "{err}");
    }

    #[test]
    fn a_damaged_costume_in_a_file_is_found() {
        let good = import_image("a.png", &png(4, 4)).unwrap();
        let bad = |change: fn(&mut CostumeAsset)| {
            let mut asset = good.clone();
            change(&mut asset);
            asset.problem().map(|p| p.to_string()).unwrap_or_default()
        };
        assert!(bad(|a| a.data = "!!!".into()).contains("not base64"));
        assert!(bad(|a| a.data = STANDARD.encode(b"<svg>").into()).contains("SVG cannot be read"));
        assert!(bad(|a| a.data = STANDARD.encode(b"GIF89a").into()).contains("not a PNG"));
        assert!(
            bad(|a| a.width = 4096).contains("says it is 4096×4 pixels, but its picture is 4×4")
        );
        assert!(bad(|a| a.name = "Big".into()).contains("cannot name"));
        assert!(bad(|a| a.width = 0).contains("0×4"));
        assert!(bad(|a| a.frames = vec![Frame {
            x: 3,
            y: 3,
            w: 2,
            h: 1
        }])
        .contains("outside"));
        assert!(bad(|a| a.frames = vec![Frame {
            x: u32::MAX,
            y: 0,
            w: 2,
            h: 1
        }])
        .contains("outside"));
    }

    #[test]
    fn a_project_keeps_within_its_limits() {
        let mut costumes = Vec::new();
        for i in 0..MAX_COSTUMES {
            put(
                &mut costumes,
                import_image(&format!("c{i}.png"), &png(4, 4)).unwrap(),
            )
            .unwrap();
        }
        let extra = import_image("one-more.png", &png(4, 4)).unwrap();
        assert_eq!(put(&mut costumes, extra), Err(CostumeProblem::TooMany));
        let again = import_image("c3.png", &png(8, 8)).unwrap();
        put(&mut costumes, again).unwrap();
        assert_eq!(costumes.len(), MAX_COSTUMES, "the same name replaces");
        assert_eq!(costumes[3].width, 8);

        let mut full = Vec::new();
        let mut big = png(4, 4);
        big.resize(MAX_IMAGE_BYTES, 0);
        for i in 0..4 {
            put(&mut full, import_image(&format!("b{i}.png"), &big).unwrap()).unwrap();
        }
        let err = put(&mut full, import_image("b9.png", &png(4, 4)).unwrap()).unwrap_err();
        assert!(matches!(err, CostumeProblem::ProjectFull { .. }), "{err}");
    }

    #[test]
    fn keys_match_the_names_scripts_use() {
        assert_eq!(costume_key(" Bunny.JSON "), "bunny");
        assert_eq!(costume_key("bunny.png"), "bunny");
        assert_eq!(costume_key("tree_trunk"), "tree_trunk");
        assert_eq!(costume_key("v1.2"), "v1.2");
    }
}
