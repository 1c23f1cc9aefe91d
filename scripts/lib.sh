# Shared helpers for scripts/serve, scripts/test and scripts/bench: each step installs what is
# missing, pinned, from the registries (crates.io, npm, Debian) and skips itself when present.
# Sourced, not run.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TRUNK_VERSION=0.21.14
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$ROOT/e2e/node_modules/.bin:$PATH"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

# Runs a command as root: directly when we are root, else through sudo.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# The wasm-bindgen version locked in Cargo.lock; the CLI must match it exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' "$ROOT/Cargo.lock"
}

ensure_wasm_target() {
  rustup target list --installed | grep -qx wasm32-unknown-unknown && return
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
}

ensure_trunk() {
  trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION\$" && return
  say "installing trunk $TRUNK_VERSION (a few minutes, once)"
  # Trunk's own release profile uses fat LTO; thin codegen halves its install time.
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo install trunk --version "$TRUNK_VERSION" --locked
}

ensure_wasm_bindgen() {
  local v; v="$(wasm_bindgen_version)"
  wasm-bindgen --version 2>/dev/null | grep -q " $v\$" && return
  say "installing wasm-bindgen-cli $v (to match Cargo.lock)"
  cargo install wasm-bindgen-cli --version "$v" --locked
}

# npm packages of e2e/: binaryen (wasm-opt, used by the release build) and playwright-core.
ensure_npm_packages() {
  local stamp="$ROOT/e2e/node_modules/.installed-lock"
  if [ -f "$stamp" ] && cmp -s "$stamp" "$ROOT/e2e/package-lock.json"; then return; fi
  say "installing npm packages of e2e/"
  npm --prefix "$ROOT/e2e" ci --no-audit --no-fund
  cp "$ROOT/e2e/package-lock.json" "$stamp"
}

ensure_chromium() {
  [ -x /usr/bin/chromium ] && return
  say "installing Debian's chromium"
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
}

# Everything a release build of the site needs.
ensure_build_tools() {
  ensure_wasm_target
  ensure_trunk
  ensure_wasm_bindgen
  ensure_npm_packages
}

# Builds the site into dist/ (release, offline: every tool and crate is already local).
build_site() {
  say "building the site into dist/"
  (cd "$ROOT" && cargo fetch --target wasm32-unknown-unknown --locked \
    && trunk build --release --offline)
}
