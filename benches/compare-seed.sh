#!/usr/bin/env bash
# The scan as a whole process against the reference C++ program:
# `stone-game sum L --scan` and `SEED --skip-checkpoints --limit=L`, timed
# in alternating runs, with the medians, their ratio, and what starting
# `stone-game` costs (`stone-game --version`).
#
# Usage: benches/compare-seed.sh [SEED_BIN]
#   SEED_BIN        the reference program, built with `g++ -O2 -std=c++17 -pthread`
#                   (the argument wins over the environment variable); without
#                   it only stone-game is timed and the comparison is skipped
#   STONE_GAME_BIN  the CLI to time (default: target/release/stone-game;
#                   build it first with `cargo build --release`)
#   LIMIT           the limit (default 1000)
#   RUNS            runs of each command (default 11, at least 7)
#
# Times come from bash's EPOCHREALTIME around each run, so they include
# fork and exec, as a user's shell would see them. Nothing else should run
# on the machine meanwhile; the runs alternate so that load hits all three.
set -euo pipefail

seed=${1:-${SEED_BIN:-}}
ours=${STONE_GAME_BIN:-target/release/stone-game}
limit=${LIMIT:-1000}
runs=${RUNS:-11}

if [[ ! -x $ours ]]; then
    echo "no stone-game binary at $ours: run cargo build --release, or set STONE_GAME_BIN" >&2
    exit 1
fi
if ((runs < 7)); then
    echo "RUNS=$runs: medians need at least 7 runs" >&2
    exit 1
fi
if [[ -n $seed && ! -x $seed ]]; then
    echo "the seed program $seed is not an executable file" >&2
    exit 1
fi

# Microseconds one run of "$@" takes, output discarded.
time_us() {
    local start=$EPOCHREALTIME
    "$@" >/dev/null 2>&1
    local end=$EPOCHREALTIME
    echo $(( (${end/./} - ${start/./}) ))
}

median() {
    sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

ms() {
    awk -v us="$1" 'BEGIN { printf "%.2f ms", us / 1000 }'
}

# Both must print S(L) before their times mean anything.
expected=$("$ours" sum "$limit" --scan 2>/dev/null)
if [[ -n $seed ]]; then
    theirs=$("$seed" --skip-checkpoints --limit="$limit")
    if [[ $theirs != "$expected" ]]; then
        echo "S($limit) differs: stone-game says $expected, the seed says $theirs" >&2
        exit 1
    fi
fi

ours_times=() seed_times=() start_times=()
for ((i = 0; i < runs; i++)); do
    ours_times+=("$(time_us "$ours" sum "$limit" --scan)")
    start_times+=("$(time_us "$ours" --version)")
    if [[ -n $seed ]]; then
        seed_times+=("$(time_us "$seed" --skip-checkpoints --limit="$limit")")
    fi
done

ours_med=$(printf '%s\n' "${ours_times[@]}" | median)
start_med=$(printf '%s\n' "${start_times[@]}" | median)
echo "machine: $(nproc) cores, $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)"
echo "S($limit) = $expected; medians of $runs alternating runs:"
echo "  stone-game sum $limit --scan   $(ms "$ours_med")"
echo "  stone-game --version        $(ms "$start_med")  (process start)"
if [[ -z $seed ]]; then
    echo "  seed program: skipped (pass it as the argument or in SEED_BIN)"
    exit 0
fi
seed_med=$(printf '%s\n' "${seed_times[@]}" | median)
echo "  seed --limit=$limit           $(ms "$seed_med")"
awk -v s="$seed_med" -v o="$ours_med" -v t="$start_med" 'BEGIN {
    printf "  seed / stone-game: %.1fx\n", s / o
    printf "  stone-game minus its start: %.2f ms\n", (o - t) / 1000
}'
