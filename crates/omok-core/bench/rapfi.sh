#!/usr/bin/env bash
# Matches of omok-engine against Rapfi (classical evaluation, no network weights) under the
# c-gomoku-cli manager. Nothing of theirs is committed: the sources are fetched into $WORK
# (default /tmp/omok-rapfi) and built there with g++ (no cmake needed).
#
#   bench/rapfi.sh build                  # build Rapfi, c-gomoku-cli and omok-engine
#   bench/rapfi.sh match RULE LIMIT GAMES # RULE 0 freestyle | 4 renju; LIMIT: Rapfi's cap,
#                                         # nodes=20000 or tc=1 (seconds a move); GAMES even
#   bench/rapfi.sh versus RULE GAMES      # omok-engine against OPPONENT_CMD (an older
#                                         # build), both at OMOK_TC seconds a move, or at
#                                         # VERSUS_NODES nodes a move when set
#
# omok-engine (OMOK_CMD, default $WORK/pbrain-omok) plays at OMOK_TC seconds a move (default 1),
# one thread unless OMOK_THREADS; with OMOK_NODES it is also capped at that many nodes a move
# (INFO max_node), which makes a match independent of the machine's load when OMOK_TC is
# long enough for the nodes.
# Openings: GAMES/2 three-stone openings in the central 5x5 (OPENING_SEED picks them), each
# played twice with colours reversed (-repeat). The result line gives wins, losses, draws
# and the score with its 95% interval (normal approximation over games, draws counting 1/2).
#
# Sources: RAPFI_SRC and CLI_SRC name checked-out trees (or git directories, whose HEAD is
# archived); see the crate README for the commits measured. Results go to $WORK/TAG-*.log and .sgf.
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

openings() { # openings COUNT: three-stone openings, offsets from the centre, one a line
    python3 - "$1" "${OPENING_SEED:-7}" <<'PY'
import random, sys
count, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
seen = set()
while len(seen) < count:
    stones = rng.sample([(x, y) for x in range(-2, 3) for y in range(-2, 3)], 3)
    seen.add(tuple(stones))
for stones in sorted(seen):
    print(", ".join(f"{x},{y}" for x, y in stones))
PY
}

score() { # score LOG: the last "Score of" line, with the 95% interval of the score
    python3 - "$1" <<'PY'
import math, re, sys
lines = [l for l in open(sys.argv[1]) if l.startswith("Score of")]
w, l, d = map(int, re.search(r": (\d+) - (\d+) - (\d+)", lines[-1]).groups())
n = w + l + d
s = (w + d / 2) / n
var = (w * (1 - s) ** 2 + l * s ** 2 + d * (0.5 - s) ** 2) / n
half = 1.96 * math.sqrt(var / n)
print(f"{lines[-1].strip()}  score {100*s:.1f}% +- {100*half:.1f}% (95%, {n} games)")
PY
}

run_versus() { # run_versus RULE GAMES: a duplicate match against another omok-engine build
    local rule=$1 games=$2
    local tag="${TAG:-versus}-rule$rule-$games"
    openings $((games / 2)) >"$WORK/$tag.openings"
    "$WORK/c-gomoku-cli" -rule "$rule" -boardsize 15 -games "$games" -repeat \
        -concurrency "${CONCURRENCY:-1}" -drawafter 225 \
        -openings file="$WORK/$tag.openings" type=offset order=sequential \
        -each tc="0/${OMOK_TC:-1}" ${VERSUS_NODES:+nodes=$VERSUS_NODES} \
        -engine name=new cmd="${OMOK_CMD:-$WORK/pbrain-omok}" \
        -engine name=old cmd="${OPPONENT_CMD:?OPPONENT_CMD names the older build}" \
        -sgf "$WORK/$tag.sgf" >"$WORK/$tag.log"
    echo "forfeits (time, illegal move, crash): $(grep -cE "Finished game.*(forfeit|illegal|crash)" "$WORK/$tag.log")"
    score "$WORK/$tag.log"
}

run_match() { # run_match RULE LIMIT GAMES
    local rule=$1 limit=$2 games=$3
    local tag="${TAG:-omok}-rule$rule-${limit//=/}-$games"
    openings $((games / 2)) >"$WORK/$tag.openings"
    local rapfi_limit
    # Rapfi thinks to the end of its turn and overruns it by a few ms on a loaded machine,
    # which c-gomoku-cli counts as a loss on time: at equal time it is told 70% of the turn
    # (option.timeout_turn, sent after the clock), as much as omok-engine takes of it.
    case $limit in
    nodes=*) rapfi_limit="$limit tc=0/10" ;;
    tc=*) rapfi_limit="tc=0/${limit#tc=} option.timeout_turn=$((${limit#tc=} * 700))" ;;
    *) echo "LIMIT is nodes=N or tc=SECONDS" >&2; exit 2 ;;
    esac
    local threads=${OMOK_THREADS:+thread=$OMOK_THREADS} nodes=${OMOK_NODES:+nodes=$OMOK_NODES}
    # shellcheck disable=SC2086 # the limits are several words on purpose
    "$WORK/c-gomoku-cli" -rule "$rule" -boardsize 15 -games "$games" -repeat \
        -concurrency "${CONCURRENCY:-1}" -drawafter 225 \
        -openings file="$WORK/$tag.openings" type=offset order=sequential \
        -engine name=omok cmd="${OMOK_CMD:-$WORK/pbrain-omok}" tc="0/${OMOK_TC:-1}" $threads $nodes \
        -engine name=rapfi cmd="$WORK/pbrain-rapfi" $rapfi_limit maxmemory="${RAPFI_MEMORY:-67108864}" \
        -sgf "$WORK/$tag.sgf" | tee "$WORK/$tag.log" | grep -E "^Score of|forfeit|illegal|crash" || true
    echo "forfeits (time, illegal move, crash): $(grep -cE "Finished game.*(forfeit|illegal|crash)" "$WORK/$tag.log")"
    score "$WORK/$tag.log"
}

case "${1:-}" in
build)
    mkdir -p "$WORK"
    build_rapfi
    build_cli
    build_omok
    ;;
match)
    run_match "${2:?RULE}" "${3:?LIMIT}" "${4:?GAMES}"
    ;;
versus)
    run_versus "${2:?RULE}" "${3:?GAMES}"
    ;;
*)
    sed -n '2,12p' "$0"
    exit 2
    ;;
esac
