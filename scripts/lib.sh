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

# Installs the npm packages locked in folder $1 (relative to the root), unless the lockfile is
# unchanged since the last install.
npm_ci_once() {
  local stamp="$ROOT/$1/node_modules/.installed-lock"
  if [ -f "$stamp" ] && cmp -s "$stamp" "$ROOT/$1/package-lock.json"; then return; fi
  say "installing npm packages of $1/"
  npm --prefix "$ROOT/$1" ci --no-audit --no-fund
  cp "$ROOT/$1/package-lock.json" "$stamp"
}

# npm packages of e2e/: binaryen (wasm-opt, used by the release build), playwright-core and
# axe-core (the accessibility check).
ensure_npm_packages() {
  npm_ci_once e2e
}

# npm packages of bench/: agentscript, one of the systems scripts/bench measures.
ensure_bench_packages() {
  npm_ci_once bench
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

# Downloads the crates the wasm build needs, so Trunk can build with --offline.
fetch_crates() {
  (cd "$ROOT" && cargo fetch --target wasm32-unknown-unknown --locked)
}

# Builds the site into dist/ (release, offline: every tool and crate is already local).
build_site() {
  fetch_crates
  say "building the site into dist/"
  (cd "$ROOT" && trunk build --release --offline)
}

# Debian's openssl: the TLS session test makes a throwaway certificate authority with it.
ensure_openssl() {
  command -v openssl >/dev/null && return
  say "installing Debian's openssl (the TLS session test's throwaway certificates)"
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y openssl
}

# Debian's nats-server, the messaging server of live classroom sessions.
ensure_nats_server() {
  command -v nats-server >/dev/null && return
  say "installing Debian's nats-server (live classroom sessions)"
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y nats-server
}

# The teacher's key for the local session server: made once, kept in target/nats/ (outside
# the repository), so a teacher's page that remembered it keeps working across restarts.
teacher_key() {
  local file="$ROOT/target/nats/teacher-key"
  if [ ! -s "$file" ]; then
    mkdir -p "$(dirname "$file")"
    head -c 18 /dev/urandom | base64 | tr -d '/+=' > "$file"
  fi
  cat "$file"
}

# The teachers with keys of their own (scripts/teacher): one line each, `NAME TAG KEY`.
teachers_file() {
  echo "${STEPWISE_TEACHERS:-$ROOT/target/nats/teachers}"
}

# Writes the session server's configuration into folder $1: deploy/nats/'s files, with a user
# in permissions.conf for each teacher of teachers_file, allowed their own tag's rooms only.
server_config() {
  local out="$1" store
  store="$(teachers_file)"
  mkdir -p "$out"
  cp "$ROOT"/deploy/nats/*.conf "$out"/
  [ -s "$store" ] || return 0
  awk -v store="$store" '
    /# TEACHERS/ {
      while ((getline line < store) > 0) {
        split(line, f, " ")
        printf "    {\n      user: \"teacher-%s\"\n      password: \"%s\"\n", f[2], f[3]
        printf "      permissions: {\n        publish: [\"sw.%s.*.out\"]\n        subscribe: [\"sw.%s.*.in\"]\n      }\n    }\n", f[2], f[2]
      }
      next
    }
    { print }
  ' "$ROOT/deploy/nats/permissions.conf" >"$out/permissions.conf"
}

# Starts nats-server with deploy/nats/classroom.conf (with every teacher of scripts/teacher)
# on address $1 (127.0.0.1 or 0.0.0.0),
# in the background; its PID goes to $NATS_PID. Stops it when this shell exits.
start_nats() {
  local host="$1" log="$ROOT/target/nats/nats-server.log" config=classroom.conf
  # With a certificate (STEPWISE_TLS_CERT and STEPWISE_TLS_KEY), pages reach it over wss://.
  if [ -n "${STEPWISE_TLS_CERT:-}" ]; then config=classroom-tls.conf; fi
  mkdir -p "$ROOT/target/nats"
  server_config "$ROOT/target/nats/conf"
  STEPWISE_NATS_HOST="$host" STEPWISE_NATS_PORT="${STEPWISE_NATS_PORT:-4222}" \
    STEPWISE_WS_PORT="${STEPWISE_WS_PORT:-9222}" STEPWISE_TEACHER_KEY="$(teacher_key)" \
    nats-server -c "$ROOT/target/nats/conf/$config" >"$log" 2>&1 &
  NATS_PID=$!
  trap 'kill "$NATS_PID" 2>/dev/null' EXIT
  for _ in $(seq 50); do
    grep -qs "Server is ready" "$log" && return
    kill -0 "$NATS_PID" 2>/dev/null || break
    sleep 0.1
  done
  say "nats-server did not start (see $log); sessions will offer the same-computer projector only"
}
