#!/usr/bin/env bash
# What stone-game costs a crate that depends on it: clean release builds of
# a new crate outside this workspace, as a user's first build would be.
#
# Usage: benches/dependent-build.sh [RUNS]
#   RUNS               clean builds of each dependent, interleaved (default 5)
#   STONE_GAME_LIMIT   passed on to the builds (default: unset, 1000)
#   DEPENDENTS         which dependents, of: default lean (default: both)
#
# Each dependent is `pub const S: Option<u64> = stone_game::losing_sum(100);`
# with stone-game by path: "default" with its default features (the phf
# map), "lean" with `default-features = false`. Crates are fetched first;
# each run removes the target directory and runs `cargo build --release
# --timings`, every rustc under GNU time. Prints, per dependent: the crates
# compiled, the median clean build, the median run of stone-game's build
# script (from cargo's timings), and the largest rustc's peak memory.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-5}
dependents=${DEPENDENTS:-default lean}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Logs each rustc's crate name and peak resident memory (KiB).
cat >"$scratch/rustc-wrapper" <<'WRAPPER'
#!/usr/bin/env bash
crate=unknown
args=("$@")
for ((i = 1; i < ${#args[@]}; i++)); do
    if [[ ${args[i - 1]} == --crate-name ]]; then crate=${args[i]}; fi
done
exec /usr/bin/time -a -o "$PEAKS_LOG" -f "$crate %M" "$@"
WRAPPER
chmod +x "$scratch/rustc-wrapper"

for name in $dependents; do
    case $name in
        default) features="" ;;
        lean) features=", default-features = false" ;;
        *) echo "unknown dependent $name: expected default or lean" >&2; exit 2 ;;
    esac
    mkdir -p "$scratch/$name/src"
    printf '[package]\nname = "dependent-%s"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n[dependencies]\nstone-game = { path = "%s"%s }\n\n[workspace]\n' \
        "$name" "$repo" "$features" >"$scratch/$name/Cargo.toml"
    echo 'pub const S: Option<u64> = stone_game::losing_sum(100);' >"$scratch/$name/src/lib.rs"
    cp "$repo/Cargo.lock" "$scratch/$name/"
    (cd "$scratch/$name" && cargo fetch --quiet)
done

# The seconds the unit "stone-game (run build script)" took, from the
# timings report's unit data.
build_script_seconds() {
    python3 - "$1" <<'PY'
import json, re, sys
html = open(sys.argv[1]).read()
units = json.loads(re.search(r"const UNIT_DATA = (\[.*?\]);", html, re.S).group(1))
print(next(f"{u['duration']:.2f}" for u in units
           if u["name"] == "stone-game" and u["mode"] == "run-custom-build"))
PY
}

for ((run = 1; run <= runs; run++)); do
    for name in $dependents; do
        dir=$scratch/$name
        rm -rf "$dir/target"
        export PEAKS_LOG=$dir/rustc-$run.log
        start=$(date +%s.%N)
        (cd "$dir" && RUSTC_WRAPPER="$scratch/rustc-wrapper" cargo build --release --quiet --timings)
        end=$(date +%s.%N)
        echo "$end - $start" | bc >>"$dir/builds"
        build_script_seconds "$dir/target/cargo-timings/cargo-timing.html" >>"$dir/scripts"
        awk '{ print $2 }' "$PEAKS_LOG" | sort -n | tail -1 >>"$dir/peaks"
    done
done

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg); STONE_GAME_LIMIT=${STONE_GAME_LIMIT:-unset}; $runs runs"
for name in $dependents; do
    dir=$scratch/$name
    crates=$(awk '$1 != "___" { print $1 }' "$dir/rustc-1.log" | sort -u | grep -v '^unknown$' | tr '\n' ' ')
    printf '%s: clean build median %s s (%s); build script %s s; largest rustc %s MiB\n' \
        "$name" "$(median <"$dir/builds")" "$(sort -n "$dir/builds" | tr '\n' ' ')" \
        "$(median <"$dir/scripts")" "$(( $(sort -n "$dir/peaks" | tail -1) / 1024 ))"
    printf '  rustc ran for: %s\n' "$crates"
done
