#!/usr/bin/env bash
# bench/render-ffmpeg.sh PHOTOS_DIR OUT.mp4: the bench story made the way the forums say, with the
# ffmpeg CLI alone — the peer that bench/render times against `lenta render`.
#
# Each photo p01.jpg … pNN.jpg is cropped to 16:9 about its centre (what `"fit": "fill"` does),
# scaled up to 8000 px wide (the usual trick against zoompan's shake), zoomed 1.0 → 1.15 about
# the centre with zoompan, and the clips are chained with xfade at cumulative offsets:
#
#   [0]crop=iw:iw*9/16,scale=8000:-1,zoompan=z='min(zoom+STEP,1.15)':x='iw/2-(iw/zoom/2)':
#       y='ih/2-(ih/zoom/2)':d=90:s=1920x1080:fps=30[v0]; …
#   [v0][v1]xfade=transition=fade:duration=0.5:offset=2.5[x1]; [x1][v2]xfade=…:offset=5[x2]; …
#
# Each photo is one input frame (`-i pN.jpg`) and zoompan emits d = 3 s × 30 = 90 frames from it.
# (The other form that is pasted, `-loop 1 -t 3 -i pN.jpg` with d=90, emits d frames per *input*
# frame — 75 × 90 per photo — and decodes and scales the photo again for every one; RECIPE=loop
# runs its corrected form, `-loop 1 -framerate 30 -t 3` with d=1 and z='min(1+STEP*on,1.15)' — `zoom`
# starts again at 1 on every input frame when d=1 — about twice as slow.)
# STEP = 0.15 / (90 − 1), so the last frame of each photo is at zoom 1.15, as in the project.
#
# Settings come from the environment (bench/render passes the output preset's):
#   PHOTOS=12 DURATION=3 FADE=0.5 FPS=30 WIDTH=1920 HEIGHT=1080 ZOOM=1.15 OVERSAMPLE=8000
#   X264_PRESET=veryfast CRF=20 GOP=60 BFRAMES=2 PROFILE=high THREADS=0
set -euo pipefail
dir=${1:?usage: bench/render-ffmpeg.sh PHOTOS_DIR OUT.mp4}
out=${2:?usage: bench/render-ffmpeg.sh PHOTOS_DIR OUT.mp4}
n=${PHOTOS:-12} duration=${DURATION:-3} fade=${FADE:-0.5} fps=${FPS:-30}
width=${WIDTH:-1920} height=${HEIGHT:-1080} zoom=${ZOOM:-1.15} oversample=${OVERSAMPLE:-8000}
recipe=${RECIPE:-single}

num() { LC_ALL=C awk "BEGIN { printf \"%.10g\", $1 }"; }
frames=$(num "$duration * $fps")
step=$(num "($zoom - 1) / ($frames - 1)")

inputs=() graph=""
for ((i = 0; i < n; i++)); do
    photo=$(printf '%s/p%02d.jpg' "$dir" $((i + 1)))
    [ -f "$photo" ] || { echo "render-ffmpeg: no $photo" >&2; exit 1; }
    if [ "$recipe" = loop ]; then
        inputs+=(-loop 1 -framerate "$fps" -t "$duration" -i "$photo")
        d=1 z="min(1+${step}*on,${zoom})"   # with d=1, `zoom` starts again at 1 on every input frame
    else
        inputs+=(-i "$photo")
        d=$frames z="min(zoom+${step},${zoom})"
    fi
    graph+="[$i:v]crop=iw:iw*${height}/${width},scale=${oversample}:-1,"
    graph+="zoompan=z='${z}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${d}:s=${width}x${height}:fps=${fps},setsar=1[v$i];"
done
last=v0
for ((i = 1; i < n; i++)); do
    offset=$(num "$i * ($duration - $fade)")
    graph+="[$last][v$i]xfade=transition=fade:duration=${fade}:offset=${offset}[x$i];"
    last=x$i
done
graph=${graph%;}

exec ffmpeg -nostdin -hide_banner -loglevel error -y "${inputs[@]}" -filter_complex "$graph" -map "[$last]" -an \
    -c:v libx264 -preset "${X264_PRESET:-veryfast}" -crf "${CRF:-20}" -profile:v "${PROFILE:-high}" -pix_fmt yuv420p \
    -g "${GOP:-60}" -bf "${BFRAMES:-2}" -threads "${THREADS:-0}" -movflags +faststart "$out"
