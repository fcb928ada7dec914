#!/usr/bin/env bash
# bench/render-study/pairs.sh OLD NEW [SIZE] [PAIRS]: two lenta binaries render bench/render's story
# at bench-render-SIZE-ultrafast (1080p or 2160p) taking turns (old new, new old, …: PAIRS pairs,
# 5 unless told), each round's CPU (user + sys) and wall from /usr/bin/time with the load beside,
# then the median new / old ratios and their spread, and whether both gave the same decoded frames.
# Needs the inputs of `INPUTS_ONLY=1 bench/render` (bench/work/render: photos, presets, story.json).
set -euo pipefail
cd "$(dirname "$0")/../.."
old=$1; new=$2; size=${3:-1080p}; pairs=${4:-5}
work=$PWD/bench/work/render; out=$PWD/bench/work/render-study
[ -f "$work/story.json" ] || { echo "pairs.sh: no $work/story.json (run INPUTS_ONLY=1 bench/render)" >&2; exit 1; }
export LENTA_PRESETS=$work/presets
mkdir -p "$out"; log=$out/pairs-$size.txt; : > "$log"
round() {  # name binary
    /usr/bin/time -f "$1 %U %S %e %M $(cut -d' ' -f1 /proc/loadavg)" -a -o "$log" \
        "$2" render "$work/story.json" --preset "bench-render-$size-ultrafast" -o "$out/$1-$size.mp4" --quiet
}
for ((i = 0; i < pairs; i++)); do
    if ((i % 2 == 0)); then round old "$old"; round new "$new"; else round new "$new"; round old "$old"; fi
done
python3 - "$log" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
old = [r for r in rows if r[0] == "old"]; new = [r for r in rows if r[0] == "new"]
for name, side in (("old", old), ("new", new)):
    print(name, " ".join(f"{float(r[1]) + float(r[2]):.2f}/{float(r[3]):.1f}s(load {r[5]})" for r in side), "CPU/wall")
cpu = sorted((float(n[1]) + float(n[2])) / (float(o[1]) + float(o[2])) for o, n in zip(old, new))
wall = sorted(float(n[3]) / float(o[3]) for o, n in zip(old, new))
print(f"new / old CPU: median {statistics.median(cpu):.3f} ({cpu[0]:.3f}-{cpu[-1]:.3f}); "
      f"wall: median {statistics.median(wall):.3f} ({wall[0]:.3f}-{wall[-1]:.3f}); peak RSS old {max(int(r[4]) for r in old)} KB, new {max(int(r[4]) for r in new)} KB")
PY
a=$(ffmpeg -v error -i "$out/old-$size.mp4" -f md5 -); b=$(ffmpeg -v error -i "$out/new-$size.mp4" -f md5 -)
[ "$a" = "$b" ] && echo "decoded frames identical ($a)" || echo "decoded frames DIFFER: old $a, new $b"
