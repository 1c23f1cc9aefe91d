//! Stepwise's browser entry point: mounts the Yew [`App`](app::App) on the page body.

mod app;
mod editor;
mod orbits;
mod stage;

fn main() {
    yew::Renderer::<app::App>::new().render();
}
