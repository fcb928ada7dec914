#!/usr/bin/env bash
# bench/render-photos.sh DIR: writes p01.jpg … p12.jpg, twelve distinct 4032×3024 JPEGs (the size of
# a 12-megapixel phone photo) with fine detail, made by the ffmpeg CLI from its lavfi sources plus
# noise with fixed seeds. Deterministic, nothing downloaded. A photo already there is kept; each is
# written to a temporary name and renamed, so an interrupted run leaves no half-written JPEG.
# Used by bench/render.
set -euo pipefail
dir=${1:?usage: bench/render-photos.sh DIR}
mkdir -p "$dir"
command -v ffmpeg >/dev/null || { echo "render-photos: ffmpeg is missing" >&2; exit 1; }

W=4032 H=3024
# Grain on every photo (as a real sensor has) and the final pixel format for a JPEG encoder.
grain() { echo "noise=alls=$1:allf=u:all_seed=$2,format=yuvj420p"; }
up="scale=${W}:${H}:flags=lanczos"

photo() {  # photo N FILTERGRAPH — the graph ends in one video stream
    local n=$1 graph=$2 out
    out=$dir/$(printf 'p%02d.jpg' "$n")
    [ -s "$out" ] && return 0
    echo "render-photos: $(basename "$out")" >&2
    ffmpeg -nostdin -hide_banner -loglevel error -y -filter_complex "$graph" \
        -frames:v 1 -q:v 3 -f image2 -c:v mjpeg "$out.tmp" && mv "$out.tmp" "$out"
}

photo 1  "mandelbrot=size=${W}x${H}:rate=1:maxiter=400:start_x=-0.743643887037151:start_y=0.13182590420533:start_scale=0.02,$(grain 8 1)"
photo 2  "testsrc2=size=${W}x${H}:rate=1,$(grain 8 2)"
photo 3  "cellauto=rule=30:size=1344x1008:rate=1:start_full=1,$up,format=gbrp[c];gradients=s=${W}x${H}:rate=1:seed=3:nb_colors=4,format=gbrp[g];[c][g]blend=all_mode=screen,$(grain 8 3)"
photo 4  "gradients=s=${W}x${H}:rate=1:type=linear:x0=0:y0=0:x1=${W}:y1=${H}:nb_colors=4:c0=0x1e3c72:c1=0xf7b733:c2=0xfc4a1a:c3=0x4abdac,format=gbrp[g];nullsrc=s=${W}x${H}:r=1,geq=lum='128+90*sin(X/23+3*sin(Y/211))*cos(Y/31)':cb=128:cr=128,format=gbrp[w];[g][w]blend=all_mode=overlay,$(grain 6 4)"
photo 5  "life=size=1008x756:rate=1:seed=5:ratio=0.3:mold=10:life_color=#e8d0a0:death_color=#203040:mold_color=#806040,$up,$(grain 8 5)"
photo 6  "sierpinski=size=${W}x${H}:rate=1:seed=6:type=triangle,format=gbrp[s];gradients=s=${W}x${H}:rate=1:type=radial:x0=2016:y0=1512:x1=0:y1=0:nb_colors=3:c0=0xffe0a0:c1=0x40a0ff:c2=0x103050,format=gbrp[g];[s][g]blend=all_mode=lighten,$(grain 6 6)"
photo 7  "colorspectrum=size=${W}x${H}:rate=1:type=all,$(grain 6 7)"
photo 8  "smptehdbars=size=${W}x${H}:rate=1,$(grain 6 8)"
photo 9  "mandelbrot=size=${W}x${H}:rate=1:maxiter=300:start_x=-0.1011:start_y=0.9563:start_scale=0.05:outer=normalized_iteration_count,$(grain 8 9)"
photo 10 "gradients=s=${W}x${H}:rate=1:type=spiral:x0=2016:y0=1512:x1=2400:y1=1900:nb_colors=5:c0=0xd62828:c1=0xf77f00:c2=0xfcbf49:c3=0xeae2b7:c4=0x003049,format=gbrp[g];testsrc2=size=1008x756:rate=1,$up,format=gbrp[t];[g][t]blend=all_mode=multiply:all_opacity=0.35,$(grain 6 10)"
photo 11 "rgbtestsrc=size=1008x756:rate=1,$up[r];cellauto=rule=110:size=${W}x${H}:rate=1:start_full=1,format=gbrp[c];[r]format=gbrp[r2];[r2][c]blend=all_mode=average,$(grain 8 11)"
photo 12 "sierpinski=size=${W}x${H}:rate=1:seed=12:type=carpet,hue=h=200:s=2,$(grain 8 12)"
