#!/usr/bin/env bash
# Matches of omok-engine against Rapfi (classical evaluation, no network weights) under the
# c-gomoku-cli manager. Nothing of theirs is committed: the sources are fetched into $WORK
# (default /tmp/omok-rapfi) and built there with g++ (no cmake needed).
#
#   bench/rapfi.sh build                       # build Rapfi, c-gomoku-cli and omok-engine
#   bench/rapfi.sh match RULE LIMIT GAMES      # RULE 0 freestyle | 4 renju;
#                                              # LIMIT nodes=20000 | tc=1 (seconds a move)
#
# Sources: RAPFI_SRC and CLI_SRC name checked-out trees (or git directories, whose HEAD is
# archived); see the crate README for the commits measured.
set -euo pipefail

WORK=${WORK:-/tmp/omok-rapfi}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
JOBS=${JOBS:-2}

tree() { # tree SRC DEST: a work tree of SRC (a git dir is archived at HEAD) in DEST
    local src=$1 dest=$2
    [ -d "$dest" ] && return
    mkdir -p "$dest"
    if [ -d "$src/.git" ] || [ -d "$src/src" ] || [ -d "$src/Rapfi" ]; then
        cp -r "$src/." "$dest/"
    else
        git --git-dir="$src" archive HEAD | tar -x -C "$dest"
    fi
}

build_rapfi() {
    tree "${RAPFI_SRC:?set RAPFI_SRC to a Rapfi checkout or git dir}" "$WORK/rapfi"
    local dir="$WORK/rapfi/Rapfi" obj="$WORK/rapfi-obj"
    mkdir -p "$obj"
    local flags=(-std=c++17 -O3 -DNDEBUG -ffp-contract=off -pthread
        -DMULTI_THREADING -DUSE_SSE -DUSE_AVX2 -DUSE_BMI2 -msse4.1 -mavx2 -mfma -mbmi2
        -I"$dir" -I"$dir/external/cpptoml/include" -I"$dir/external/cxxopts/include"
        -I"$dir/external/lz4/include" -I"$dir/external/simde/include")
    local sources
    sources=$(sed -n '/^set(CORE_SOURCES/,/^)/p' "$dir/CMakeLists.txt" | grep '\.cpp')
    for s in $sources; do
        local o="$obj/$(echo "$s" | tr / _).o"
        [ -f "$o" ] || echo "g++ ${flags[*]} -c $dir/$s -o $o"
    done | xargs -P "$JOBS" -I{} sh -c '{}'
    for c in lz4_all xxhash; do
        [ -f "$obj/$c.o" ] || gcc -O3 -I"$dir/external/lz4/include" -c "$dir/external/lz4/src/$c.c" -o "$obj/$c.o"
    done
    g++ -pthread "$obj"/*.o -o "$WORK/pbrain-rapfi"
}

build_cli() {
    tree "${CLI_SRC:?set CLI_SRC to a c-gomoku-cli checkout or git dir}" "$WORK/cli"
    make -C "$WORK/cli/src" -j"$JOBS" CC="g++ -fpermissive -include cstring" >/dev/null
    cp "$WORK/cli/src/c-gomoku-cli" "$WORK/c-gomoku-cli"
}

build_omok() {
    (cd "$ROOT" && cargo build --release --bin omok-engine)
    cp "$ROOT/target/release/omok-engine" "$WORK/pbrain-omok"
}

case "${1:-}" in
build)
    mkdir -p "$WORK"
    build_rapfi
    build_cli
    build_omok
    ;;
*)
    sed -n '2,12p' "$0"
    exit 2
    ;;
esac
