#!/usr/bin/env bash
# Builds the npm package tabletop-rules (web/pkg) and the web page (web/page/dist).
#
#   web/build.sh            both
#   web/build.sh package    the package only
#   web/build.sh page       the page only (over the package built before)
#
# Needs: the wasm32-unknown-unknown target of the Rust toolchain
# (`rustup target add wasm32-unknown-unknown`), wasm-bindgen-cli of the version that
# crates/tabletop-wasm pins (`cargo install wasm-bindgen-cli --version <it>`; a
# `WASM_BINDGEN` variable may name the program), and `npm ci` run in web/ (esbuild).
set -euo pipefail
cd "$(dirname "$0")"
what=${1:-all}

build_package() {
    local crate=../crates/tabletop-wasm version bindgen=${WASM_BINDGEN:-wasm-bindgen}
    version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' "$crate/Cargo.toml")
    # web/setup.sh installs it here.
    if [ -x ../target/tools/bin/wasm-bindgen ] && [ -z "${WASM_BINDGEN:-}" ]; then
        bindgen=../target/tools/bin/wasm-bindgen
    fi
    if [ "$("$bindgen" --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
        echo "web/build.sh needs wasm-bindgen $version (crates/tabletop-wasm pins it):" >&2
        echo "  cargo install wasm-bindgen-cli --version $version" >&2
        exit 1
    fi
    cargo build --release --locked --target wasm32-unknown-unknown \
        --manifest-path "$crate/Cargo.toml" --target-dir ../target/wasm
    rm -rf pkg/dist
    "$bindgen" --target web --out-dir pkg/dist \
        ../target/wasm/wasm32-unknown-unknown/release/tabletop_wasm.wasm
    # The package carries the project's licence (npm packs a LICENSE beside package.json).
    cp ../LICENSE pkg/LICENSE
}

# The page: its HTML and CSS, the module, and main.js and worker.js bundled by esbuild.
build_page() {
    rm -rf page/dist
    mkdir -p page/dist
    cp page/index.html page/style.css pkg/dist/tabletop_wasm_bg.wasm page/dist/
    npx esbuild page/src/main.ts page/src/worker.ts --bundle --format=esm --target=es2022 \
        --outdir=page/dist --log-level=warning
}

[ "$what" = page ] || build_package
[ "$what" = package ] || build_page
