//! Stepwise's browser entry point: mounts the Yew [`App`](app::App) on the page body.

mod app;
mod orbits;
mod projects;
mod share;
mod stage;

fn main() {
    yew::Renderer::<app::App>::new().render();
}
