#!/usr/bin/env bash
# Installs what web/build.sh and web/tests need, each only when it is missing:
# - the Rust toolchain's wasm32-unknown-unknown target (rustup);
# - wasm-bindgen-cli of the version crates/tabletop-wasm pins, into target/tools/bin
#   (cargo install, about 4 minutes of CPU once);
# - the npm packages of web/package-lock.json (npm ci: esbuild, TypeScript, playwright-core);
# - Debian's Chromium for the end-to-end tests (apt-get; `--no-browser` skips it).
#
# Afterwards: PATH="$PWD/target/tools/bin:$PATH" web/build.sh (from the repository's root).
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' crates/tabletop-wasm/Cargo.toml)

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
# A `WASM_BINDGEN` naming a wasm-bindgen of that version (as web/build.sh takes) will do too.
installed=${WASM_BINDGEN:-target/tools/bin/wasm-bindgen}
if [ "$("$installed" --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
    # Not `--locked`: the CLI's own lock file pins webpki-roots 1.0.11, which crates.io has
    # since yanked, so its dependencies resolve afresh within their semver ranges.
    cargo install --quiet --root target/tools wasm-bindgen-cli --version "$version"
fi
if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules ]; then
    (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi
if [ "${1:-}" != --no-browser ] && [ ! -x /usr/bin/chromium ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium
fi
