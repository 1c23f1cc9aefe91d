//! The app's side of the map editor: opening and closing it. Its clicks and drops on the
//! stage are handled with the other pointer events in `pointer`.

use super::App;
use crate::browser;
use crate::mapedit::MapTool;

impl App {
    /// Opens, closes or retargets the map editor. Opening it pauses and shows the starting
    /// state, the state its edits change; while it is open the page makes room for its panel.
    pub(super) fn set_map_tool(&mut self, tool: MapTool) {
        if tool.open && !self.map.open {
            self.held = None;
            self.reset();
        }
        self.map_error = None;
        browser::set_root_class("map-editing", tool.open);
        self.map = tool;
    }
}
