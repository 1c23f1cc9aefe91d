//! How an entry reads as plain text: its title, the shape of a line that uses it, and the
//! whole entry as `stepwise reference` prints it.

use super::{entries, Entry, Section};

impl Entry {
    /// A short title: `featCall`, `Movement distance`, `add (Number property)`.
    pub fn title(&self) -> String {
        match (self.section, self.owner) {
            (Section::Method, Some(ty)) => format!("{} ({ty} property)", self.name),
            (Section::Feature, _) => format!("{} feature", self.name),
            (Section::WhenTest, _) => format!("when … {} …", self.name),
            (_, Some(owner)) => format!("{owner} {}", self.name),
            (_, None) => self.name.to_owned(),
        }
    }

    /// The shape of a line that uses it, with its arguments in place:
    /// `featCall Movement jitterPos min max`, `prop NAME add value`.
    pub fn usage(&self) -> String {
        let args: String = self
            .args
            .iter()
            .map(|a| match a.how_many {
                "" => format!(" {}", a.name),
                "optional" => format!(" [{}]", a.name),
                _ => format!(" [{} …]", a.name),
            })
            .collect();
        let owner = self.owner.unwrap_or_default();
        match self.section {
            Section::Keyword | Section::Heading => format!("{}{args}", self.name),
            Section::WhenTest => format!("when Kind {} OtherKind [[ … ]]", self.name),
            Section::Feature => format!("addFeature {}", self.name),
            Section::FeatureProp => format!("featProp {owner} {} method value", self.name),
            Section::FeatureMethod => format!("featCall {owner} {}{args}", self.name),
            Section::Method => format!("prop NAME {}{args}", self.name),
        }
    }

    /// The whole entry as plain text: title, use, what it does, the value it holds or gives,
    /// its arguments, the example and GEMSTEP's other names.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{} — {}\n  {}\n  {}\n",
            self.title(),
            section_word(self.section),
            self.usage(),
            self.summary
        );
        if let Some(value) = &self.value {
            out.push_str(&format!("  Holds: {value}\n"));
        }
        if let Some(answer) = &self.answers {
            out.push_str(&format!("  Gives back: {answer}\n"));
        }
        if !self.args.is_empty() {
            out.push_str("  Arguments:\n");
            for a in &self.args {
                let how = if a.how_many.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", a.how_many)
                };
                out.push_str(&format!("    {}{how}: {}\n", a.name, a.help));
            }
        }
        out.push_str("  Example:\n");
        for line in self.example.lines() {
            out.push_str(&format!("    {line}\n"));
        }
        if !self.gemstep.is_empty() {
            out.push_str(&format!(
                "  GEMSTEP also writes: {}\n",
                self.gemstep.join(", ")
            ));
        }
        out
    }
}

/// What kind of word an entry is, in the singular, for its first line.
fn section_word(section: Section) -> &'static str {
    match section {
        Section::Keyword => "keyword",
        Section::Heading => "# line",
        Section::WhenTest => "when test",
        Section::Feature => "feature",
        Section::FeatureProp => "feature property",
        Section::FeatureMethod => "feature method",
        Section::Method => "property method",
    }
}

/// Every entry as plain text, under its section's heading: what `stepwise reference` prints.
pub fn listing() -> String {
    let mut out = String::new();
    for section in Section::ALL {
        let in_section: Vec<&Entry> = entries().iter().filter(|e| e.section == section).collect();
        out.push_str(&format!(
            "## {} ({})\n\n",
            section.title(),
            in_section.len()
        ));
        for e in in_section {
            out.push_str(&e.to_text());
            out.push('\n');
        }
    }
    out
}
