//! The built-in costumes and how GEMSTEP costume names map onto them.
//!
//! Our art lives in `static/costumes/*.svg`: white, shaded shapes with dark outlines, facing
//! right, so a multiply tint recolours them. Each [`Art`] has a natural size in world units and
//! a default tint. Models name costumes like GEMSTEP's sprite files (`fish.json`,
//! `lightmoth.json`, `tree_trunk.json`); [`Costumes::resolve`] interns such a name once and
//! returns a small [`CostumeId`], so the per-frame data carries no strings. A project's own
//! costumes ([`Costumes::set_project`]) come first: an imported `bunny.json` replaces our
//! bunny.

use super::color::Rgb;
use sim_core::{project::costume_key, CostumeAsset};
use std::collections::HashMap;

/// One piece of built-in art.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Art {
    /// A plain disc.
    Circle,
    /// A rounded square.
    Square,
    /// A triangle pointing right.
    Triangle,
    /// A fish swimming right; frames: normal, hungry, dead.
    Fish,
    /// A clump of water weed.
    Algae,
    /// A moth seen from above, head to the right.
    Moth,
    /// A leafy tree.
    Tree,
    /// A striped bee flying right.
    Bee,
    /// A rabbit facing right; frames tinted as GEMSTEP's sheet (natural, brown, green,
    /// blue: iu-sandbox's people are frames 2 and 3).
    Bunny,
    /// A worm crawling right; frames pink, brown, earth red.
    Worm,
    /// A boulder.
    Rock,
    /// A sun with rays.
    Sun,
    /// A five-petalled flower on its stem; frames red, yellow, blue (aquatic's decorations).
    Flower,
    /// A bird of prey seen from above, flying right; frames brown, grey, black.
    Predator,
    /// A crumbly heap of dead matter (decomposition's waste).
    OrganicMatter,
    /// A young plant on its stem.
    Plant,
    /// A bare tree trunk, for a tree whose leaves are a separate agent.
    TreeTrunk,
    /// A tree's leafy crown on its own.
    TreeLeaves,
    /// A fox trotting right.
    Fox,
    /// A beehive on the ground.
    Hive,
    /// A car seen from above, facing right.
    Car,
    /// A cloud.
    Cloud,
    /// A carbon dioxide molecule, O=C=O, in its own colours.
    Co2,
    /// A factory with two chimneys, in its own colours.
    Factory,
    /// GEMSTEP's `onexone`: a 1×1 costume that draws nothing, worn by meters and timers
    /// whose widgets are all they show.
    Blank,
}

/// What the renderer needs to know about a piece of art.
#[derive(Debug, Clone, Copy)]
pub struct ArtSpec {
    /// The name models use, also the file stem.
    pub name: &'static str,
    /// The art's frames, as URLs relative to the page.
    pub frames: &'static [&'static str],
    /// Width and height in world units at scale 1.
    pub size: f64,
    /// The tint used when the agent sets no colour.
    pub tint: Rgb,
    /// Per frame, a tint that replaces `tint` (for sheets whose frames differ by colour);
    /// frames past the list use `tint`.
    pub frame_tints: &'static [Rgb],
}

/// Every built-in costume, in [`Art`] order.
pub const ARTS: [(Art, ArtSpec); 25] = [
    (
        Art::Circle,
        spec("circle", &["static/costumes/circle.svg"], 32.0, 0x5b8def),
    ),
    (
        Art::Square,
        spec("square", &["static/costumes/square.svg"], 32.0, 0xef8d5b),
    ),
    (
        Art::Triangle,
        spec(
            "triangle",
            &["static/costumes/triangle.svg"],
            32.0,
            0xb07be6,
        ),
    ),
    (
        Art::Fish,
        spec(
            "fish",
            &[
                "static/costumes/fish.svg",
                "static/costumes/fish-hungry.svg",
                "static/costumes/fish-dead.svg",
            ],
            56.0,
            0xf59a2f,
        ),
    ),
    (
        Art::Algae,
        spec("algae", &["static/costumes/algae.svg"], 44.0, 0x4fae4a),
    ),
    (
        Art::Moth,
        spec("moth", &["static/costumes/moth.svg"], 44.0, 0xb59a78),
    ),
    (
        Art::Tree,
        spec("tree", &["static/costumes/tree.svg"], 140.0, 0x5aa450),
    ),
    (
        Art::Bee,
        spec("bee", &["static/costumes/bee.svg"], 36.0, 0xf7c531),
    ),
    (
        Art::Bunny,
        tinted(
            spec("bunny", &[BUNNY, BUNNY, BUNNY, BUNNY], 48.0, 0xcfb593),
            &[
                Rgb::from_packed(0xcfb593),
                Rgb::from_packed(0x9a6b43),
                Rgb::from_packed(0x5fbf5a),
                Rgb::from_packed(0x5b8def),
            ],
        ),
    ),
    (
        Art::Worm,
        tinted(
            spec("worm", &[WORM, WORM, WORM], 40.0, 0xe58a9a),
            &[
                Rgb::from_packed(0xe58a9a),
                Rgb::from_packed(0xa0704a),
                Rgb::from_packed(0xc4574a),
            ],
        ),
    ),
    (
        Art::Rock,
        spec("rock", &["static/costumes/rock.svg"], 56.0, 0x9a9a9a),
    ),
    (
        Art::Sun,
        spec("sun", &["static/costumes/sun.svg"], 72.0, 0xffd23f),
    ),
    (
        Art::Flower,
        tinted(
            spec("flower", &[FLOWER, FLOWER, FLOWER], 40.0, 0xe8484f),
            &[
                Rgb::from_packed(0xe8484f),
                Rgb::from_packed(0xf7c531),
                Rgb::from_packed(0x4f7fe8),
            ],
        ),
    ),
    (
        Art::Predator,
        tinted(
            spec("predator", &[PREDATOR, PREDATOR, PREDATOR], 64.0, 0x8a6240),
            &[
                Rgb::from_packed(0x8a6240),
                Rgb::from_packed(0x8f959c),
                Rgb::from_packed(0x3b3b40),
            ],
        ),
    ),
    (
        Art::OrganicMatter,
        spec(
            "organic_matter",
            &["static/costumes/organic-matter.svg"],
            40.0,
            0x7a5a3a,
        ),
    ),
    (
        Art::Plant,
        spec("plant", &["static/costumes/plant.svg"], 44.0, 0x5fb04a),
    ),
    (
        Art::TreeTrunk,
        spec(
            "tree_trunk",
            &["static/costumes/tree-trunk.svg"],
            140.0,
            0x8a6a4c,
        ),
    ),
    (
        Art::TreeLeaves,
        spec(
            "tree_leaves",
            &["static/costumes/tree-leaves.svg"],
            140.0,
            0x5aa450,
        ),
    ),
    (
        Art::Fox,
        spec("fox", &["static/costumes/fox.svg"], 56.0, 0xd9772b),
    ),
    (
        Art::Hive,
        spec("hive", &["static/costumes/hive.svg"], 64.0, 0xe0b04a),
    ),
    (
        Art::Car,
        spec("car", &["static/costumes/car.svg"], 32.0, 0xe8484f),
    ),
    (
        Art::Cloud,
        spec("cloud", &["static/costumes/cloud.svg"], 32.0, 0xf4f6f8),
    ),
    // Drawn in their own colours: a white tint leaves them as they are.
    (
        Art::Co2,
        spec("co2", &["static/costumes/co2.svg"], 40.0, 0xffffff),
    ),
    (
        Art::Factory,
        spec("factory", &["static/costumes/factory.svg"], 64.0, 0xffffff),
    ),
    (Art::Blank, spec("onexone", &[], 1.0, 0xffffff)),
];

const BUNNY: &str = "static/costumes/bunny.svg";
const WORM: &str = "static/costumes/worm.svg";
const FLOWER: &str = "static/costumes/flower.svg";
const PREDATOR: &str = "static/costumes/predator.svg";

const fn spec(
    name: &'static str,
    frames: &'static [&'static str],
    size: f64,
    tint: u32,
) -> ArtSpec {
    ArtSpec {
        name,
        frames,
        size,
        tint: Rgb::from_packed(tint),
        frame_tints: &[],
    }
}

const fn tinted(spec: ArtSpec, frame_tints: &'static [Rgb]) -> ArtSpec {
    ArtSpec {
        frame_tints,
        ..spec
    }
}

/// Other words models use for our art; each word maps to the art named second.
const ALIASES: [(&str, &str); 15] = [
    ("boulder", "rock"),
    ("stone", "rock"),
    ("pebble", "rock"),
    ("sunbeam", "sun"),
    ("sunlight", "sun"),
    ("trunk", "tree_trunk"),
    ("leaves", "tree_leaves"),
    ("foliage", "tree_leaves"),
    ("sprout", "plant"),
    ("seaweed", "algae"),
    ("kelp", "algae"),
    ("rabbit", "bunny"),
    ("hare", "bunny"),
    ("dot", "circle"),
    ("box", "square"),
];

/// Prefixes that change the tint of the art they precede (`lightmoth`, `dark_moth`,
/// `dead_moth`): the default tint is mixed towards the colour by the amount.
const MODIFIERS: [(&str, Rgb, f64); 3] = [
    ("light", Rgb::WHITE, 0.6),
    ("dark", Rgb::new(30, 28, 26), 0.65),
    ("dead", Rgb::new(120, 120, 120), 0.8),
];

/// Width and height of the labelled fallback shape, world units.
const FALLBACK_SIZE: f64 = 32.0;
/// Tint of the labelled fallback shape.
const FALLBACK_TINT: Rgb = Rgb::new(170, 178, 189);

impl Art {
    /// The art's entry in [`ARTS`].
    pub fn spec(self) -> &'static ArtSpec {
        &ARTS[self as usize].1
    }

    /// The art a single lowercase word names, directly or through an alias.
    fn named(word: &str) -> Option<Art> {
        let name = ALIASES
            .iter()
            .find(|(alias, _)| *alias == word)
            .map_or(word, |(_, art)| art);
        ARTS.iter()
            .find(|(_, spec)| spec.name == name)
            .map(|(art, _)| *art)
    }
}

/// A costume as resolved from a name: built-in art (with a tint), one of the project's own
/// costumes, or a labelled fallback.
#[derive(Debug, Clone, PartialEq)]
pub struct Costume {
    /// The built-in art, or `None` for a name we have no art for.
    pub art: Option<Art>,
    /// For one of the project's own costumes: its index in the project's list, and its pose
    /// count.
    pub imported: Option<(u16, u16)>,
    /// The name as the model wrote it, without its file extension; shown under fallbacks.
    pub label: String,
    /// Tint used when the agent sets no colour.
    pub tint: Rgb,
    /// Per frame, the tint that replaces `tint` (see [`ArtSpec::frame_tints`]); empty when a
    /// modifier word recoloured the art.
    pub frame_tints: &'static [Rgb],
    /// Width and height in world units at scale 1.
    pub size: f64,
}

impl Costume {
    /// The tint of `frame` when the agent sets no colour.
    pub fn tint_at(&self, frame: u16) -> Rgb {
        self.frame_tints
            .get(usize::from(frame))
            .copied()
            .unwrap_or(self.tint)
    }

    /// Whether it draws nothing (GEMSTEP's `onexone`): only the agent's widgets show.
    pub fn is_blank(&self) -> bool {
        self.art == Some(Art::Blank)
    }

    /// Whether it is the labelled stand-in for a name with no art.
    pub fn is_fallback(&self) -> bool {
        self.art.is_none() && self.imported.is_none()
    }
}

/// A resolved costume's index in its [`Costumes`]. The default id is the plain circle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CostumeId(u16);

/// The costumes resolved so far. Starts with the built-in art in [`ARTS`] order, so
/// `CostumeId` of the n-th art is `n`; other names are added as they are first resolved.
#[derive(Debug, Clone)]
pub struct Costumes {
    list: Vec<Costume>,
    by_name: HashMap<String, CostumeId>,
    /// Names exactly as models spell them, so the stage's per-agent, per-frame lookup of an
    /// already seen name allocates nothing (normalising does).
    by_spelling: HashMap<String, CostumeId>,
    /// The spelling looked up last and its id: agents drawn one after another mostly wear
    /// the same costume, and comparing a short name is cheaper than hashing it.
    last: (String, CostumeId),
}

/// The most spellings remembered; past it, new spellings are normalised on every lookup.
const MAX_SPELLINGS: usize = 4096;

impl Default for Costumes {
    fn default() -> Self {
        Costumes::new()
    }
}

impl Costumes {
    /// The built-in costumes and, in place of any of the same name, `assets` (a project's
    /// own costumes); names already resolved may now resolve differently, so ids from before
    /// are stale (the stage resolves its agents' names again every frame).
    pub fn set_project(&mut self, assets: &[CostumeAsset]) {
        *self = Costumes::new();
        for (index, asset) in assets.iter().enumerate() {
            let (Ok(index), Ok(id)) = (u16::try_from(index), u16::try_from(self.list.len())) else {
                break;
            };
            let pose = asset.frame(0);
            self.list.push(Costume {
                art: None,
                imported: Some((index, u16::try_from(asset.poses()).unwrap_or(u16::MAX))),
                label: asset.name.clone(),
                tint: Rgb::WHITE,
                frame_tints: &[],
                size: f64::from(pose.w.max(pose.h)),
            });
            self.by_name.insert(asset.name.clone(), CostumeId(id));
        }
    }

    /// The built-in costumes only.
    pub fn new() -> Costumes {
        let mut costumes = Costumes {
            list: Vec::new(),
            by_name: HashMap::new(),
            by_spelling: HashMap::new(),
            last: (String::new(), CostumeId::default()),
        };
        for (_, spec) in ARTS {
            costumes.resolve(spec.name);
        }
        costumes
    }

    /// The id of the costume a model names, e.g. `fish.json`, `lightmoth.json` or
    /// `tree_trunk.png`; the same name always gives the same id. A name with no matching
    /// art becomes a labelled fallback shape. Once `u16::MAX` names exist, further new names
    /// share the plain circle.
    pub fn resolve(&mut self, name: &str) -> CostumeId {
        if self.last.0 == name && !name.is_empty() {
            return self.last.1;
        }
        let id = match self.by_spelling.get(name) {
            Some(id) => *id,
            None => {
                let id = self.resolve_key(normalise(name));
                if self.by_spelling.len() < MAX_SPELLINGS {
                    self.by_spelling.insert(name.to_string(), id);
                }
                id
            }
        };
        // The buffer is reused, so remembering allocates only while names grow longer.
        self.last.0.clear();
        self.last.0.push_str(name);
        self.last.1 = id;
        id
    }

    /// The id of a normalised name, adding its costume when it is new.
    fn resolve_key(&mut self, key: String) -> CostumeId {
        if let Some(id) = self.by_name.get(&key) {
            return *id;
        }
        let Ok(index) = u16::try_from(self.list.len()) else {
            return CostumeId::default();
        };
        let id = CostumeId(index);
        self.list.push(costume_for(&key));
        self.by_name.insert(key, id);
        id
    }

    /// The id of built-in art.
    pub fn of_art(art: Art) -> CostumeId {
        CostumeId(art as u16)
    }

    /// The costume behind an id; an id from elsewhere reads as the plain circle.
    pub fn get(&self, id: CostumeId) -> &Costume {
        let index = usize::from(id.0);
        match self.list.get(index) {
            Some(costume) => costume,
            // `new` fills the built-in art first, so the list is never empty.
            None => &self.list[0],
        }
    }
}

/// A costume name as a lookup key: trimmed, lowercase, without a file extension (as the
/// project's own costumes are keyed).
fn normalise(name: &str) -> String {
    costume_key(name)
}

/// The costume for a normalised name: the whole name when it names art (`tree_trunk`,
/// `organic-matter`), else the first word (split on `_`, `-`, space) that names art, tinted
/// by a modifier word or prefix (`dead_moth`, `lightmoth`); else a fallback.
fn costume_for(key: &str) -> Costume {
    let mut modifier = None;
    let mut art = Art::named(&key.replace(['-', ' '], "_"));
    let words = key.split(['_', '-', ' ']).filter(|w| !w.is_empty());
    for word in words.take_while(|_| art.is_none()).collect::<Vec<_>>() {
        if let Some(m) = MODIFIERS.iter().find(|(prefix, ..)| *prefix == word) {
            modifier = Some(m);
            continue;
        }
        let prefixed = MODIFIERS
            .iter()
            .find_map(|m| Some((m, Art::named(word.strip_prefix(m.0)?)?)));
        if let Some((m, found)) = prefixed {
            modifier = Some(m);
            art = Some(found);
        } else {
            art = Art::named(word);
        }
        if art.is_some() {
            break;
        }
    }
    let Some(art) = art else {
        return Costume {
            art: None,
            imported: None,
            label: key.to_string(),
            tint: FALLBACK_TINT,
            frame_tints: &[],
            size: FALLBACK_SIZE,
        };
    };
    let spec = art.spec();
    let (tint, frame_tints) = match modifier {
        Some((_, towards, amount)) => (spec.tint.mix(*towards, *amount), &[][..]),
        None => (spec.tint, spec.frame_tints),
    };
    Costume {
        art: Some(art),
        imported: None,
        label: key.to_string(),
        tint,
        frame_tints,
        size: spec.size,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn art_of(name: &str) -> Option<Art> {
        let mut costumes = Costumes::new();
        let id = costumes.resolve(name);
        costumes.get(id).art
    }

    #[test]
    fn every_built_in_art_is_in_its_own_slot() {
        let costumes = Costumes::new();
        for (art, spec) in ARTS {
            let costume = costumes.get(Costumes::of_art(art));
            assert_eq!(costume.art, Some(art));
            assert_eq!(costume.label, spec.name);
            assert_eq!(costume.tint, spec.tint);
            assert_eq!(art.spec().name, spec.name, "ARTS is out of Art order");
            assert_eq!(spec.frames.is_empty(), art == Art::Blank, "{}", spec.name);
        }
    }

    #[test]
    fn gemstep_file_names_map_to_our_art() {
        let cases = [
            ("fish.json", Art::Fish),
            ("Algae.JSON", Art::Algae),
            ("circle.png", Art::Circle),
            ("tree_trunk.json", Art::TreeTrunk),
            ("tree-leaves.json", Art::TreeLeaves),
            ("tree.json", Art::Tree),
            ("boulder.json", Art::Rock),
            ("sunbeam.json", Art::Sun),
            ("plant.json", Art::Plant),
            ("flower.json", Art::Flower),
            ("predator.json", Art::Predator),
            ("organic_matter.json", Art::OrganicMatter),
            ("onexone", Art::Blank),
            ("bunny.json", Art::Bunny),
            ("worm.json", Art::Worm),
            ("square.json", Art::Square),
            ("lightmoth.json", Art::Moth),
            ("darkmoth.json", Art::Moth),
            ("dead_moth.json", Art::Moth),
            (" bee ", Art::Bee),
        ];
        for (name, art) in cases {
            assert_eq!(art_of(name), Some(art), "{name}");
        }
    }

    #[test]
    fn sheets_whose_frames_differ_by_colour_tint_each_frame() {
        let mut costumes = Costumes::new();
        let flower = costumes.resolve("flower.json");
        let flower = costumes.get(flower);
        assert_ne!(flower.tint_at(0), flower.tint_at(1));
        assert_ne!(flower.tint_at(1), flower.tint_at(2));
        assert_eq!(
            flower.tint_at(9),
            flower.tint,
            "frames past the list use the tint"
        );
        // The frame counts the models use: flower 0-2, bunny 0-3, worm 0-2, predator 0-2.
        for (art, frames) in [
            (Art::Flower, 3),
            (Art::Bunny, 4),
            (Art::Worm, 3),
            (Art::Predator, 3),
        ] {
            assert_eq!(art.spec().frames.len(), frames, "{}", art.spec().name);
            assert_eq!(art.spec().frame_tints.len(), frames, "{}", art.spec().name);
        }
        let blank = costumes.resolve("onexone.json");
        assert!(costumes.get(blank).is_blank());
    }

    /// Every `setCostume 'name' pose` in GEMSTEP's shipped models (`../shared`) names our art
    /// with at least that many frames; skipped, saying so, when the models are absent.
    #[test]
    fn every_costume_the_gemstep_models_use_has_art_with_its_poses() {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/gemstep-models");
        let Ok(entries) = std::fs::read_dir(&dir) else {
            eprintln!("skipped: {} is absent", dir.display());
            return;
        };
        let mut costumes = Costumes::new();
        let mut seen = 0;
        for entry in entries.flatten() {
            let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
            for (at, found) in text.match_indices("setCostume '") {
                let rest = &text[at + found.len()..];
                let Some((name, after)) = rest.split_once('\'') else {
                    continue;
                };
                let pose: usize = after
                    .trim_start()
                    .split(|c: char| !c.is_ascii_digit())
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(0);
                let id = costumes.resolve(name);
                let costume = costumes.get(id);
                let art = costume.art.unwrap_or_else(|| panic!("no art for {name}"));
                if art != Art::Blank {
                    assert!(art.spec().frames.len() > pose, "{name} has no pose {pose}");
                }
                seen += 1;
            }
        }
        assert!(seen > 10, "found only {seen} costumes");
        let blank = costumes.resolve("onexone");
        assert!(
            costumes.get(blank).is_blank(),
            "the skin meters and timers wear"
        );
    }

    #[test]
    fn modifiers_lighten_darken_and_grey_the_tint() {
        let mut costumes = Costumes::new();
        let moth = costumes.get(Costumes::of_art(Art::Moth)).tint;
        let light = costumes.resolve("lightmoth.json");
        let dark = costumes.resolve("dark_moth");
        let bright = |c: Rgb| u32::from(c.r) + u32::from(c.g) + u32::from(c.b);
        assert!(bright(costumes.get(light).tint) > bright(moth));
        assert!(bright(costumes.get(dark).tint) < bright(moth));
    }

    #[test]
    fn unknown_names_become_labelled_fallbacks() {
        let mut costumes = Costumes::new();
        for name in ["wolf.json", "organic_soup.json", "", "lightning", "..."] {
            let id = costumes.resolve(name);
            let costume = costumes.get(id);
            assert_eq!(costume.art, None, "{name}");
            assert_eq!(costume.label, normalise(name));
            assert_eq!(costume.size, FALLBACK_SIZE);
        }
    }

    #[test]
    fn the_same_name_resolves_to_the_same_id() {
        let mut costumes = Costumes::new();
        let a = costumes.resolve("wolf.json");
        let b = costumes.resolve("WOLF");
        assert_eq!(a, b);
        assert_eq!(costumes.resolve("fish.json"), Costumes::of_art(Art::Fish));
        assert_ne!(costumes.resolve("fox"), a);
    }

    #[test]
    fn a_remembered_spelling_gives_the_id_its_normal_form_gives() {
        let mut costumes = Costumes::new();
        let first = costumes.resolve(" Moth.PNG ");
        assert_eq!(costumes.resolve(" Moth.PNG "), first);
        assert_eq!(costumes.resolve("moth"), first);
        assert_eq!(costumes.by_spelling.get(" Moth.PNG "), Some(&first));
    }

    #[test]
    fn past_the_spelling_limit_names_still_resolve() {
        let mut costumes = Costumes::new();
        for i in 0..MAX_SPELLINGS + 10 {
            costumes.resolve(&format!("FISH.json{}", " ".repeat(i % 3)));
            costumes.resolve(&format!("thing{i}"));
        }
        assert!(costumes.by_spelling.len() <= MAX_SPELLINGS);
        assert_eq!(
            costumes.resolve("thing9999"),
            costumes.resolve("THING9999.json")
        );
    }

    #[test]
    fn a_project_costume_takes_the_place_of_our_art() {
        let png = |w: u32, h: u32| {
            let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
            bytes.extend(w.to_be_bytes());
            bytes.extend(h.to_be_bytes());
            bytes
        };
        let sheet = r#"{"frames":{"a":{"frame":{"x":0,"y":0,"w":30,"h":20}},
            "b":{"frame":{"x":30,"y":0,"w":30,"h":20}}}}"#;
        let assets = [
            sim_core::project::import_sheet("Bunny.json", sheet, &png(60, 20)).unwrap(),
            sim_core::project::import_image("wolf.png", &png(50, 70)).unwrap(),
        ];
        let mut costumes = Costumes::new();
        costumes.set_project(&assets);
        let bunny = costumes.resolve("bunny.json");
        let bunny = costumes.get(bunny).clone();
        assert_eq!(bunny.imported, Some((0, 2)));
        assert_eq!(bunny.size, 30.0, "the larger side of its first pose");
        assert!(!bunny.is_fallback());
        let wolf = costumes.resolve("WOLF.png");
        assert_eq!(costumes.get(wolf).imported, Some((1, 1)));
        assert_eq!(
            costumes.get(wolf).tint,
            Rgb::WHITE,
            "drawn in its own colours"
        );
        assert_eq!(art_of_in(&mut costumes, "fish.json"), Some(Art::Fish));
        costumes.set_project(&[]);
        assert_eq!(art_of_in(&mut costumes, "bunny.json"), Some(Art::Bunny));
        let wolf = costumes.resolve("wolf");
        assert!(costumes.get(wolf).is_fallback());
    }

    fn art_of_in(costumes: &mut Costumes, name: &str) -> Option<Art> {
        let id = costumes.resolve(name);
        costumes.get(id).art
    }

    #[test]
    fn a_foreign_id_reads_as_the_circle() {
        let costumes = Costumes::new();
        assert_eq!(costumes.get(CostumeId(u16::MAX)).art, Some(Art::Circle));
    }
}
