#!/usr/bin/env bash
# bench/render-study/resample-kernel.sh OLD.c NEW.c [FRAMES] [COLD] [CHECKS] [DIVISOR] [BUSY]: builds resample-kernel.c
# with two fixed_resample_avx2.c (e.g. `git show main:Sources/CPixelKernels/fixed_resample_avx2.c`
# saved to a file, and this tree's) and runs it: random placements against the scalar model, then
# FRAMES 2160p frames (60) taking turns, caches flushed before each (COLD 1) or not (0); DIVISOR > 1
# shrinks the frame (4: 960 x 540, planes that stay in L2); BUSY 1 runs a thread beside it that streams
# through 64 MB (caches and memory shared, as with x264 in a render).
set -euo pipefail
cd "$(dirname "$0")/../.."
old=$1; new=$2; work=${TMPDIR:-/tmp}/resample-kernel; mkdir -p "$work"
cc=${CC:-clang}; flags=(-O2 -I Sources/CPixelKernels/include ${CFLAGS:-})
for side in old new; do
    src=$old; [ "$side" = new ] && src=$new
    "$cc" "${flags[@]}" -c "$src" -o "$work/$side.o" \
        -Dlenta_fixed_resample_avx2_available=${side}_available \
        -Dlenta_fixed_resample_avx2_scratch_bytes=${side}_scratch_bytes \
        -Dlenta_fixed_resample_avx2_stripes=${side}_stripes \
        -Dlenta_fixed_resample_avx512_available=${side}_available \
        -Dlenta_fixed_resample_avx512_scratch_bytes=${side}_scratch_bytes \
        -Dlenta_fixed_resample_avx512_stripes=${side}_stripes
done
"$cc" "${flags[@]}" bench/render-study/resample-kernel.c "$work/old.o" "$work/new.o" -lm -lpthread -o "$work/resample-kernel"
exec "$work/resample-kernel" "${3:-60}" "${4:-1}" "${5:-400}" "${6:-1}" "${7:-0}"
