#!/usr/bin/env bash
# bench/render-study/floors.sh [SIZE]: takes apart bench/render's two floors at SIZE (2160p, or 1080p):
# lenta's exact frames (its lossless first render) and its CRF 20 output decoded, each encoded by
# bench/render's own ffmpeg command at 3 and at 2 x264 threads; prints user/sys CPU and bytes.
# Reads the MP4s a finished `CONFIGS=ultrafast-SIZE bench/render` run left in bench/work/render
# (RENDER=… for another folder); needs twice the raw frames on disk (2 × 11.4 GB at 2160p).
set -euo pipefail
cd "$(dirname "$0")/../.."
size=${1:-2160p}; render=${RENDER:-$PWD/bench/work/render}; out=$PWD/bench/work/render-study
case $size in 2160p) dims=3840x2160 ;; 1080p) dims=1920x1080 ;; *) echo "floors.sh: 2160p or 1080p" >&2; exit 2 ;; esac
mkdir -p "$out"; trap 'rm -f "$out"/exact.yuv "$out"/decoded.yuv' EXIT
ffmpeg -nostdin -hide_banner -loglevel error -y -i "$render/first-ultrafast-$size.mp4" -f rawvideo -pix_fmt yuv420p "$out/exact.yuv"
ffmpeg -nostdin -hide_banner -loglevel error -y -i "$render/lenta-ultrafast-$size.mp4" -f rawvideo -pix_fmt yuv420p "$out/decoded.yuv"
for threads in 3 2; do
    for frames in exact decoded; do
        cat "$out/$frames.yuv" > /dev/null   # warmed: the other file may have pushed it out
        /usr/bin/time -f "$frames frames, $threads threads: %e s wall, %U user, %S sys (load $(cut -d' ' -f1 /proc/loadavg))" \
            ffmpeg -nostdin -hide_banner -loglevel error -y -f rawvideo -pix_fmt yuv420p -s $dims -r 30 -i "$out/$frames.yuv" -an \
            -c:v libx264 -preset ultrafast -crf 20 -profile:v high -pix_fmt yuv420p -g 60 -bf 2 -threads $threads "$out/$frames-$threads.mp4"
        echo "  $(stat -c %s "$out/$frames-$threads.mp4") bytes"
    done
done
