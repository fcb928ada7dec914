#!/usr/bin/env bash
# make-samples.sh — write samples/: a small travel-photo library that the project generates itself.
#
# Every picture is drawn here (ffmpeg lavfi sources + geq); nothing is downloaded. The pictures carry
# no text of their own: the stories draw their captions on them, and text under text looks broken.
# Metadata is written with exiftool the way cameras and phones write it (EXIF dates with offsets
# and sub-seconds, GPS with UTC stamps, Orientation 6, EXIF inside a HEIC, QuickTime ©xyz,
# Apple mdta keys, a display-matrix rotation), and every file's mtime is set to its capture time.
#
# Deterministic: the same ffmpeg/x264/x265/exiftool versions give the same bytes on every run.
# Idempotent: the two trip folders are deleted and rewritten; anything else in samples/
# (README.md, project files) is left alone.
#
# Usage: scripts/make-samples.sh        (from any directory)
# Needs: ffmpeg, ffprobe (ffmpeg), exiftool (libimage-exiftool-perl), heif-enc (libheif-examples).
set -euo pipefail
export LC_ALL=C TZ=UTC

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out="$root/samples"
portugal="$out/2024-05 Portugal"
japan="$out/2024-10 Japan"
kyoto="$japan/Kyoto"

# ---------------------------------------------------------------------------------------------
# tools

missing=0
need() { # command debian-package
    if ! command -v "$1" >/dev/null 2>&1; then
        echo "make-samples: '$1' not found; it is in the Debian package '$2' (sudo apt-get install $2)" >&2
        missing=1
    fi
}
need ffmpeg ffmpeg
need ffprobe ffmpeg
need exiftool libimage-exiftool-perl
need heif-enc libheif-examples
[ "$missing" = 0 ] || exit 1
if ! grep -q ' libx264 ' <<<"$(ffmpeg -hide_banner -encoders 2>/dev/null)"; then
    echo "make-samples: this ffmpeg has no libx264 encoder (Debian's 'ffmpeg' package has it)" >&2
    exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/make-samples.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# -nostdin: never eat the caller's stdin; bitexact flags: no version strings, same bytes every run.
# (geq keeps one parsed expression per slice thread, so threads do not change its pixels.)
ff=(ffmpeg -hide_banner -nostdin -loglevel error -y)
bitexact=(-fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1)
exif=(exiftool -q -q -overwrite_original)

# ---------------------------------------------------------------------------------------------
# picture helpers: a scene is a geq filter built from layers, topmost first.
# Each layer is "CONDITION|R|G|B" (ffmpeg expressions); the last one has an empty condition.
# The prelude stores u = X/W in var 0 and v = Y/H in var 1.

u='ld(0)'
v='ld(1)'
pre='st(0,X/W);st(1,Y/H);'

hash() { printf 'mod(abs(sin((%s)*12.9898)*43758.5453),1)' "$1"; } # deterministic 0..1 from a number

layers() { # prelude layer...
    local prelude=$1; shift
    local ch layer cond r g b val e close out=()
    for ch in r g b; do
        e="" close=""
        for layer in "$@"; do
            IFS='|' read -r cond r g b <<<"$layer"
            case $ch in r) val=$r ;; g) val=$g ;; b) val=$b ;; esac
            if [ -z "$cond" ]; then e+="$val"; else e+="if($cond,$val,"; close+=")"; fi
        done
        out+=("${pre}${prelude}clip(${e}${close},0,255)")
    done
    printf "geq=r='%s':g='%s':b='%s'" "${out[0]}" "${out[1]}" "${out[2]}"
}

# Praça do Comércio: yellow arcades, the Rua Augusta arch, calçada waves.
scene_praca() {
    local arch="lt(abs($u-0.5),0.045)*(gt($v,0.52)+lt(hypot(($u-0.5)*W,($v-0.52)*H),0.045*W))*lt($v,0.80)"
    local statue="lt(hypot(($u-0.5)*W,($v-0.165)*H),0.055*W)*lt($v,0.165)"
    local block="between($u,0.42,0.58)*between($v,0.165,0.80)"
    local arcade="between($v,0.64,0.80)*lt(abs(ld(2)),0.34)*(gt($v,0.695)+lt(hypot(ld(2)*100,($v-0.695)*H),34))"
    local glass="between($v,0.40,0.62)*lt(abs(mod(X,100)-50),11)*lt(abs(mod(($v-0.40)*H,88)-44),22)"
    local frame="between($v,0.40,0.62)*lt(abs(mod(X,100)-50),17)*lt(abs(mod(($v-0.40)*H,88)-44),28)"
    local cornice="between($v,0.345,0.365)+between($v,0.625,0.64)"
    layers "st(2,mod(X,100)/100-0.5);" \
        "$arch|150+40*$v|165+30*$v|185+20*$v" \
        "$statue|120|112|95" \
        "$block|232-20*lt(abs(mod(X,40)-20),4)|220-20*lt(abs(mod(X,40)-20),4)|190-20*lt(abs(mod(X,40)-20),4)" \
        "$arcade|95-20*($v-0.64)/0.16|75-20*($v-0.64)/0.16|50-15*($v-0.64)/0.16" \
        "$glass|60+30*gt(mod(X+Y,60),45)|72+30*gt(mod(X+Y,60),45)|88+30*gt(mod(X+Y,60),45)" \
        "$frame|245|240|225" \
        "($cornice)*between($v,0.345,0.80)|240|235|220" \
        "between($v,0.30,0.345)|170-20*lt(mod(X,12),2)|82-15*lt(mod(X,12),2)|55-10*lt(mod(X,12),2)" \
        "between($v,0.345,0.80)|238-10*$u|196-10*$u|88" \
        "gt($v,0.80)|if(gt(sin(X/18+5*sin(Y/45)),0.80),55,222-40*($v-0.8))|if(gt(sin(X/18+5*sin(Y/45)),0.80),55,216-40*($v-0.8))|if(gt(sin(X/18+5*sin(Y/45)),0.80),62,204-40*($v-0.8))" \
        "|80+100*$v/0.3|140+70*$v/0.3|215+25*$v/0.3"
}

# Sunset over the Tejo with the 25 de Abril bridge.
scene_sunset() {
    local hill="st(3,0.60-0.16*pow(max(0,($u-0.62)/0.38),1.3)-0.008*gt(sin(X/7),0.3)*gt($u,0.66));"
    local sun="st(2,hypot(($u-0.30)*W,($v-0.565)*H)/H);"
    local refl="st(4,exp(-abs($u-0.30)*W/(25+600*($v-0.60)))*(0.55+0.45*sin(Y*1.3+6*sin(X/40))));"
    local cable="0.26+3.0*pow($u-0.80,2)"
    local dark="70|25|32"
    layers "$sun$hill$refl" \
        "lt(abs($u-0.80),0.006)*between($v,0.26,0.60)|$dark" \
        "lt(abs($v-($cable)),0.0025)*between($u,0.52,1)|$dark" \
        "lt(mod(X,18),2)*gt($v,$cable)*lt($v,0.455)*between($u,0.55,1)|$dark" \
        "between($v,0.455,0.47)*gt($u,0.52)|60|22|28" \
        "between($u,0.52,0.53)*between($v,0.47,0.60)|60|22|28" \
        "gt($u,0.6)*gt($v,ld(3))|38|22|42" \
        "gt($v,0.60)|130-200*($v-0.6)+12*sin(Y*0.9+3*sin(X/60))+215*ld(4)|70-90*($v-0.6)+8*sin(Y*0.9+3*sin(X/60))+160*ld(4)|105-60*($v-0.6)+10*sin(Y*0.9+3*sin(X/60))+40*ld(4)" \
        "lt(ld(2),0.045)|255|232|165" \
        "|60+190*$v/0.6+50*exp(-ld(2)*6)|35+100*pow($v/0.6,1.6)+90*exp(-ld(2)*5)|110-40*$v/0.6+40*exp(-ld(2)*7)"
}

# Torre de Belém standing in the river, clouds.
scene_belem() {
    local shade="30*gt($u,0.5)"
    layers "st(2,max(0,sin($u*6+1)*sin($v*18+2)+0.5*sin($u*17+$v*9)-0.3));" \
        "lt(abs(mod(X,56)-28),7)*lt(abs(mod(Y,90)-45),16)*between($u,0.45,0.55)*between($v,0.27,0.46)|60|55|50" \
        "between($v,0.56,0.60)*lt(abs(mod(X,64)-32),12)*between($u,0.37,0.63)|70|65|60" \
        "between($v,0.12,0.14)*between($u,0.475,0.525)*lt(mod(X,24),13)|225-$shade|215-$shade|188-$shade" \
        "between($v,0.14,0.20)*between($u,0.475,0.525)|225-$shade|215-$shade|188-$shade" \
        "between($v,0.20,0.24)*between($u,0.44,0.56)*lt(mod(X,36),20)|228-$shade|218-$shade|192-$shade" \
        "between($u,0.44,0.56)*between($v,0.24,0.70)|228-$shade|218-$shade|192-$shade" \
        "between($v,0.46,0.49)*between($u,0.34,0.66)*lt(mod(X,36),20)|220-$shade|210-$shade|185-$shade" \
        "between($u,0.34,0.66)*between($v,0.49,0.70)|220-$shade|210-$shade|185-$shade" \
        "between($u,0.34,0.66)*between($v,0.70,0.84)*gt(sin(Y*0.8+3*sin(X*0.05)),-0.3)|140-60*($v-0.7)|140-50*($v-0.7)|135-30*($v-0.7)" \
        "between($v,0.645,0.66)|120|130|115" \
        "gt($v,0.66)|55+60*gt(sin(Y*0.45+4*sin(X/70)),0.93)|105+60*gt(sin(Y*0.45+4*sin(X/70)),0.93)|135+50*gt(sin(Y*0.45+4*sin(X/70)),0.93)" \
        "|105+90*$v/0.66+120*ld(2)|165+60*$v/0.66+80*ld(2)|228+20*$v/0.66+27*ld(2)"
}

# Azulejo tiles (square picture).
scene_azulejos() {
    local x='ld(2)' y='ld(3)' r='ld(4)' c='ld(5)' a='ld(6)'
    local blue="lt($r,0.18)+between($r,0.56,0.64)+lt(abs(abs($x)-abs($y)),0.05)*between($r,0.18,0.5)+between($c,0.22,0.32)+lt(abs($r-0.38),0.07)*gt(cos(8*$a),0.2)"
    local tint="6*sin(floor(X/150)*1.7+floor(Y/150)*2.3)"
    layers "st(2,mod(X,150)/75-1);st(3,mod(Y,150)/75-1);st(4,hypot($x,$y));st(5,hypot(1-abs($x),1-abs($y)));st(6,atan2($y,$x));" \
        "gt(max(abs($x),abs($y)),0.975)|205|200|190" \
        "lt($r,0.10)|225|175|60" \
        "$blue|30+15*sin($r*9)+$tint|65+15*sin($r*9)|150+15*sin($r*9)-$tint" \
        "|243-10*$r+$tint|240-10*$r|228-10*$r-$tint"
}

# Sintra: misty ridges, Pena Palace on the peak.
scene_sintra() {
    local tex="10*sin(X/9)*sin(Y/7)"
    layers "st(2,0.50+0.04*sin($u*5+1)+0.02*sin($u*13));st(3,0.52-0.15*exp(-pow(($u-0.62)/0.11,2))+0.015*sin($u*21));st(4,0.70+0.05*sin($u*4+2)+0.01*abs(sin($u*80)));st(5,0.86+0.04*sin($u*3)-0.025*abs(sin($u*45+1)));" \
        "gt($v,ld(5))|28+$tex|62+$tex|35+$tex" \
        "gt($v,ld(4))|52+$tex+40*exp(-($v-ld(4))*30)|95+$tex+40*exp(-($v-ld(4))*30)|60+$tex+40*exp(-($v-ld(4))*30)" \
        "lt(hypot(($u-0.609)*W,($v-0.300)*H),10)|130|140|165" \
        "between($u,0.603,0.615)*between($v,0.30,0.325)|232|190|70" \
        "between($u,0.598,0.626)*between($v,0.325,0.39)|232|190|70-20*lt(abs(mod(X,8)-4),1)*lt(mod(Y,14),7)" \
        "between($u,0.626,0.652)*between($v,0.340,0.39)|190|60|50" \
        "between($u,0.585,0.598)*between($v,0.345,0.39)|170|160|150" \
        "gt($v,ld(3))|80+30*exp(-($v-ld(3))*25)|120+30*exp(-($v-ld(3))*25)|95+30*exp(-($v-ld(3))*25)" \
        "gt($v,ld(2))|145|170|170" \
        "|165+50*$v+30*exp(-pow(($v-0.48)/0.05,2))|195+40*$v+30*exp(-pow(($v-0.48)/0.05,2))|225+5*$v+20*exp(-pow(($v-0.48)/0.05,2))"
}

# Quinta da Regaleira: tall trunks in green light (portrait content).
scene_forest() {
    local b='ld(2)' cx='ld(4)' hw='ld(5)'
    local bark="(0.55+0.45*(1-abs(X-$cx)/$hw))"
    layers "st(2,floor(X/90));st(3,$(hash "$b"));st(4,$b*90+20+50*$(hash "$b+7"));st(5,8+26*$(hash "$b+3"));st(6,floor(X/53));" \
        "gt($v,0.86+0.02*sin($u*20))|70+25*gt(sin(X/6+Y/3)*sin(X/11-Y/5),0.3)|80+35*gt(sin(X/6+Y/3)*sin(X/11-Y/5),0.3)|40" \
        "gt(ld(3),0.35)*lt(abs(X-$cx),$hw)*gt($v,0.05*$(hash "$b+11"))|(70+12*sin(Y/5+X/3))*$bark+25*lt(X,$cx-0.4*$hw)|(55+12*sin(Y/5+X/3))*$bark+45*lt(X,$cx-0.4*$hw)|(40+8*sin(Y/5+X/3))*$bark" \
        "lt($v,0.25)*gt(sin(X/13)*sin(Y/11)+sin(X/29+Y/17),1.1)|60|110+60*(0.25-$v)|50" \
        "gt($(hash "ld(6)+50"),0.5)*lt(abs(mod(X,53)-26),4+6*$(hash "ld(6)+60"))|125-40*$v|150-40*$v|115-40*$v" \
        "|200-140*$v+40*pow(max(0,sin((X+0.45*Y)/70)),12)*(1-$v)|225-130*$v+40*pow(max(0,sin((X+0.45*Y)/70)),12)*(1-$v)|160-105*$v+30*pow(max(0,sin((X+0.45*Y)/70)),12)*(1-$v)"
}

# Kaminarimon: the great red lantern between vermilion pillars.
scene_lantern() {
    local side="(1-0.55*pow(($u-0.5)/0.19,2))"
    local rib="40*gt(sin(Y*0.22),0.85)"
    local awn="floor(X/70)"
    layers "st(2,pow(($u-0.5)/0.19,2)+pow(($v-0.50)/0.37,2));" \
        "(lt(abs($v-0.19),0.005)+lt(abs($v-0.81),0.005))*lt(abs($u-0.5),0.14)|205|165|70" \
        "(between($v,0.12,0.19)+between($v,0.81,0.88))*lt(abs($u-0.5),0.135)|35|30|28" \
        "lt(ld(2),1)*between($v,0.19,0.81)|205*$side-$rib|30*$side-0.5*$rib|25*$side-0.5*$rib" \
        "lt($u,0.14)+gt($u,0.86)|185+30*sin(X/40)|45+8*sin(X/40)|30" \
        "lt($v,0.06)|60|25|20" \
        "lt($v,0.10)|170|40|28" \
        "gt($v,0.85)|150-20*gt(sin(X/25)*sin(Y/25),0.5)|145-20*gt(sin(X/25)*sin(Y/25),0.5)|140-20*gt(sin(X/25)*sin(Y/25),0.5)" \
        "between($v,0.45,0.52)|150+100*$(hash "$awn")|80+100*$(hash "$awn+1")|60+80*$(hash "$awn+2")" \
        "|230-60*$v|210-70*$v|180-80*$v"
}

# Tokyo Skytree at night over Asakusa roofs.
scene_skytree() {
    local b='ld(2)'
    local lattice="60*gt(sin((X+Y)/3)*sin((X-Y)/3),0.2)"
    layers "st(2,floor(X/48));st(3,0.56+0.22*$(hash "$b"));st(4,0.004+0.022*pow(max(0,$v-0.06)/0.69,1.5));" \
        "gt($v,0.90)|15+150*$(hash "floor(X/6)")*gt(sin(Y*1.7+X/30),0.6)|20+110*$(hash "floor(X/6)")*gt(sin(Y*1.7+X/30),0.6)|40+40*$(hash "floor(X/6)")*gt(sin(Y*1.7+X/30),0.6)" \
        "gt($v,ld(3)+0.015)*lt(abs(mod(X,48)-24),18)*lt(mod(X,6),4)*lt(mod(Y,14),8)*gt($(hash "$b*97+floor(Y/14)*13+floor(X/6)*1.7"),0.62)|250|205|120" \
        "gt($v,ld(3))|22+10*$(hash "$b+5")|22+8*$(hash "$b+5")|38+10*$(hash "$b+5")" \
        "between($v,0.30,0.325)*lt(abs($u-0.68),0.016)+between($v,0.43,0.45)*lt(abs($u-0.68),0.021)|190|230|255" \
        "between($v,0.03,0.80)*lt(abs($u-0.68),ld(4))|120+$lattice|170+$lattice|230+$lattice" \
        "lt($v,0.03)*lt(abs($u-0.68),0.0012)|200|220|255" \
        "lt($v,0.5)*gt($(hash "X*1.31+Y*7.77"),0.9993)|230|230|255" \
        "|8+50*$v+60*exp(-(0.75-$v)*8)|12+25*$v+20*exp(-(0.75-$v)*8)|45+70*$v"
}

# Shibuya at night: neon, a giant screen, the scramble crossing on wet asphalt.
scene_shibuya() {
    local g1='ld(5)' g2='ld(6)' g3='ld(7)'
    local refl="exp(-abs($v-0.80)*5)*(0.5+0.5*sin(Y*0.8))"
    layers "st(2,($u-0.5)/max($v-0.42,0.001));st(5,exp(-pow(hypot($u-0.18,$v-0.28)/0.10,2)));st(6,exp(-pow(hypot($u-0.82,$v-0.27)/0.09,2)));st(7,exp(-pow(hypot($u-0.90,$v-0.35)/0.08,2)));" \
        "between($v,0.62,0.82)*gt(sin(ld(2)*28),0.1)|205+40*exp(-pow(($u-0.18)/0.06,2))|205+40*exp(-pow(($u-0.82)/0.06,2))|215" \
        "gt($v,0.55)|30+150*exp(-pow(($u-0.18)/0.04,2))*$refl+120*exp(-pow(($u-0.90)/0.03,2))*$refl|30+140*exp(-pow(($u-0.82)/0.04,2))*$refl+100*exp(-pow(($u-0.90)/0.03,2))*$refl|38+130*exp(-pow(($u-0.18)/0.04,2))*$refl+140*exp(-pow(($u-0.82)/0.04,2))*$refl" \
        "between($u,0.36,0.64)*between($v,0.08,0.30)*gt(min(min($u-0.36,0.64-$u)*W,min($v-0.08,0.30-$v)*H),6)|128+127*sin($u*20)|128+127*sin($u*20+2)|128+127*sin($v*30+4)" \
        "between($u,0.355,0.645)*between($v,0.075,0.305)|15|15|20" \
        "lt(abs($u-0.18),0.025)*between($v,0.10,0.45)|if(lt(mod(Y,40),28),255,120)|if(lt(mod(Y,40),28),60,20)|if(lt(mod(Y,40),28),200,90)" \
        "lt(abs($u-0.82),0.025)*between($v,0.12,0.42)|if(lt(mod(Y,40),28),60,20)|if(lt(mod(Y,40),28),230,100)|if(lt(mod(Y,40),28),255,120)" \
        "lt(abs($u-0.90),0.02)*between($v,0.20,0.50)|if(lt(mod(Y,36),24),255,120)|if(lt(mod(Y,36),24),210,90)|if(lt(mod(Y,36),24),60,20)" \
        "|25+25*lt(mod(X,30),15)*lt(mod(Y,24),10)*gt($(hash "floor(X/30)+floor(Y/24)*31"),0.5)+150*$g1+150*$g3|22+25*lt(mod(X,30),15)*lt(mod(Y,24),10)*gt($(hash "floor(X/30)+floor(Y/24)*31"),0.5)+140*$g2+120*$g3|40+20*lt(mod(X,30),15)*lt(mod(Y,24),10)*gt($(hash "floor(X/30)+floor(Y/24)*31"),0.5)+140*$g1+150*$g2"
}

# Fushimi Inari: a tunnel of vermilion torii; T walks forward (the clip uses it): the picture at
# T + 2/3 s is the picture at T, so 20 frames at 30 fps loop seamlessly.
scene_torii() {
    local side="gt(abs(ld(2))/0.45,abs(ld(3))/0.6)"
    local gate="lt(ld(6),0.45)"
    local fog='ld(8)' light='ld(7)'
    layers "st(2,(X-W/2)/H);st(3,(Y-H*0.55)/H);st(4,max(abs(ld(2))/0.45,abs(ld(3))/0.6));st(5,1/max(ld(4),0.02));st(6,mod(ld(5)*2.2+T*1.5,1));st(7,clip(1.5/(ld(5)+0.5),0.08,1));st(8,170*exp(-ld(4)*8));" \
        "lt(ld(4),0.06)|235|235|200" \
        "$side*$gate*gt(ld(3)/ld(4),0.42)|25*$light+$fog|20*$light+$fog|18*$light+$fog" \
        "$side*$gate|240*$light+40*$light*lt(ld(6),0.10)+$fog|95*$light+25*$light*lt(ld(6),0.10)+$fog|35*$light+$fog" \
        "$side|25*($light+0.3)+$fog|48*($light+0.3)+$fog|25*($light+0.3)+$fog" \
        "lt(ld(3),0)*lt(ld(6),0.15)|30*$light+$fog|25*$light+$fog|25*$light+$fog" \
        "lt(ld(3),0)*$gate|180*$light+$fog|60*$light+$fog|25*$light+$fog" \
        "lt(ld(3),0)|40*($light+0.2)+$fog|70*($light+0.2)+$fog|35*($light+0.2)+$fog" \
        "|(130+15*$(hash "X*3.1+Y*7.3"))*$light+$fog|(120+15*$(hash "X*3.1+Y*7.3"))*$light+$fog|(100+15*$(hash "X*3.1+Y*7.3"))*$light+$fog"
}

# Tōfuku-ji: maple leaves over warm bokeh (portrait).
scene_maple() {
    leaf() { # cx cy radius
        printf 'lt(hypot(X-%s,Y-%s),%s*(0.45+0.55*pow(abs(cos(2.5*(atan2(Y-%s,X-%s)+PI/2))),2)+0.03*sin(atan2(Y-%s,X-%s)*40)))' \
            "$1" "$2" "$3" "$2" "$1" "$2" "$1"
    }
    local cell="(floor(X/150)+floor(Y/150)*17)"
    local disc="clip((30+30*$(hash "$cell+1")-hypot(X-(floor(X/150)*150+75+40*($(hash "$cell")-0.5)),Y-(floor(Y/150)*150+75+40*($(hash "$cell+3")-0.5))))/10,0,1)*gt($(hash "$cell+2"),0.4)"
    layers "st(2,$disc);" \
        "$(leaf 560 640 260)|200+20*sin(X/40)|35+15*sin(Y/50)|25" \
        "$(leaf 300 1050 180)|230|110+15*sin(X/30)|30" \
        "$(leaf 820 1150 150)|235|165+15*sin(Y/30)|40" \
        "lt(abs(Y-(150+0.45*X+0.0002*X*X)),5)*lt(X,700)|50|30|25" \
        "|120+80*sin(X/160+1)+40*sin(Y/230)+80*ld(2)|50+40*sin(Y/190+2)+30*sin(X/120)+70*ld(2)|30+20*sin(X/170+Y/210)+30*ld(2)"
}

# Lisbon: a street of pastel façades (background of the tram clip).
scene_street() {
    local fb='ld(2)'
    layers "st(2,floor(X/160));" \
        "lt(abs($v-0.14),0.003)|40|40|40" \
        "lt(abs($v-0.865),0.006)+lt(abs($v-0.90),0.006)|150|150|155" \
        "gt($v,0.82)|120+15*gt(sin(X/4)*sin(Y/3),0.5)|115+15*gt(sin(X/4)*sin(Y/3),0.5)|105+15*gt(sin(X/4)*sin(Y/3),0.5)" \
        "gt($v,0.05)*lt($v,0.75)*lt(abs(mod(X,40)-20),8)*lt(abs(mod(Y,50)-25),12)|60|50|50" \
        "gt($v,0.05)*lt($v,0.75)*lt(abs(mod(X,40)-20),11)*lt(abs(mod(Y,50)-25),15)|245|245|240" \
        "gt($v,0.05)|200+50*$(hash "$fb")|150+90*$(hash "$fb+1")|140+100*$(hash "$fb+2")" \
        "|120|180|235"
}

uv() { local e=${1//ld(0)/X/W}; printf '%s' "${e//ld(1)/Y/H}"; } # an expression without the prelude

# The yellow tram as a sprite with alpha (gbrap), as tall as the frame, half as wide.
sprite_tram() {
    local pole="lt(abs(($v-0.36)+($u*0.5-0.30)*1.2),0.005)*between($v,0.14,0.36)"
    local wheels="(between($u,0.12,0.42)+between($u,0.58,0.88))*between($v,0.79,0.86)"
    printf "%s:a='255*gt(%s+%s+between(Y/H,0.36,0.80),0)'" "$(layers "" \
        "$pole|40|40|40" \
        "$wheels|30|30|30" \
        "between($u,0.06,0.94)*between($v,0.44,0.58)*lt(mod(X,40),30)|90+60*gt(mod(X+Y,50),40)|110+60*gt(mod(X+Y,50),40)|120+60*gt(mod(X+Y,50),40)" \
        "between($v,0.62,0.645)|240|240|230" \
        "between($v,0.36,0.39)|200|200|190" \
        "|245|195-40*gt($v,0.645)|25")" "$(uv "$pole")" "$(uv "$wheels")"
}

# the bottom of the picture darkened smoothly so that the stories' captions read on light scenes.
shade_k="(1-0.55*clip((Y/H-0.65)/0.35,0,1))"
shade_yuv="geq=lum='lum(X,Y)*$shade_k':cb='128+(cb(X,Y)-128)*$shade_k':cr='128+(cr(X,Y)-128)*$shade_k'"
shade_rgba="geq=r='r(X,Y)*$shade_k':g='g(X,Y)*$shade_k':b='b(X,Y)*$shade_k':a='alpha(X,Y)'"

# draw one picture to a JPEG. post: extra filters after the shading (e.g. a rotation).
draw_jpeg() { # file W H scene-filter [post]
    local file=$1 w=$2 h=$3 scene=$4 post=${5:-}
    "${ff[@]}" -f lavfi -i "color=c=black:s=${w}x${h}:r=1:d=1,format=gbrp" \
        -vf "$scene,format=yuv444p,$shade_yuv${post:+,$post},format=yuvj420p" \
        -frames:v 1 -q:v 4 "${bitexact[@]}" "$file"
}

draw_mandelbrot() { # file W H
    "${ff[@]}" -f lavfi -i "mandelbrot=s=${2}x${3}:r=1:start_x=-0.7436438870371587:start_y=0.1318259042053119:start_scale=0.0009:end_scale=0.0009:maxiter=1500:outer=normalized_iteration_count:inner=period" \
        -vf "hue=h=95:s=1.4,eq=contrast=1.1:brightness=0.02,vignette=PI/5,format=yuv444p,$shade_yuv,format=yuvj420p" \
        -frames:v 1 -q:v 4 "${bitexact[@]}" "$1"
}

# ---------------------------------------------------------------------------------------------
# metadata helpers

utc() { date -u -d "$1$2" +"$3"; }        # "YYYY-MM-DD hh:mm:ss" "+hh:mm" format -> UTC
exifdate() { printf '%s' "${1//-/:}"; }     # 2024-05-03 10:12:07 -> 2024:05:03 10:12:07

# tag FILE key=value...: make model time offset (local time is time+offset) subsec
#   gps=lat,lon,alt (omit for no GPS) orient=N nooffset=1 (keep the offset out of EXIF).
tag() {
    local file=$1; shift
    local make="" model="" time="" offset="" subsec="" gps="" orient=1 nooffset="" kv
    for kv in "$@"; do
        case $kv in
            make=*) make=${kv#*=} ;; model=*) model=${kv#*=} ;; time=*) time=${kv#*=} ;;
            offset=*) offset=${kv#*=} ;; subsec=*) subsec=${kv#*=} ;; gps=*) gps=${kv#*=} ;;
            orient=*) orient=${kv#*=} ;; nooffset=*) nooffset=${kv#*=} ;;
            *) echo "tag: unknown $kv" >&2; exit 1 ;;
        esac
    done
    local d; d=$(exifdate "$time")
    local w h
    read -r w h <<<"$(exiftool -p '$ImageWidth $ImageHeight' "$file")"
    local args=(-Make="$make" -Model="$model" -Orientation#="$orient"
        -XResolution=72 -YResolution=72 -ResolutionUnit=inches -ColorSpace=sRGB
        -DateTimeOriginal="$d" -CreateDate="$d" -ModifyDate="$d"
        -ExifImageWidth="$w" -ExifImageHeight="$h")
    if [ -z "$nooffset" ]; then
        args+=(-OffsetTimeOriginal="$offset" -OffsetTimeDigitized="$offset" -OffsetTime="$offset")
    fi
    if [ -n "$subsec" ]; then
        args+=(-SubSecTimeOriginal="$subsec" -SubSecTimeDigitized="$subsec")
    fi
    if [ -n "$gps" ]; then
        local lat lon alt
        IFS=, read -r lat lon alt <<<"$gps"
        args+=(-GPSLatitude="${lat#-}" -GPSLatitudeRef="$([ "${lat:0:1}" = - ] && echo S || echo N)"
            -GPSLongitude="${lon#-}" -GPSLongitudeRef="$([ "${lon:0:1}" = - ] && echo W || echo E)"
            -GPSAltitude="${alt#-}" -GPSAltitudeRef#="$([ "${alt:0:1}" = - ] && echo 1 || echo 0)"
            -GPSDateStamp="$(utc "$time" "$offset" %Y:%m:%d)"
            -GPSTimeStamp="$(utc "$time" "$offset" %H:%M:%S)")
    fi
    "${exif[@]}" "${args[@]}" "$file"
}

stamp() { touch -d "$2$3" "$1"; } # file time offset: mtime = capture instant

# ---------------------------------------------------------------------------------------------
# the library

rm -rf "$portugal" "$japan"
mkdir -p "$portugal" "$kyoto"
echo "make-samples: drawing pictures into $out" >&2

# -- Portugal, May 2024 (WEST, UTC+01:00). A Fujifilm camera and a Samsung phone.
f="$portugal/DSCF1024.JPG"; t="2024-05-03 10:12:07"; o=+01:00
draw_jpeg "$f" 1600 1200 "$(scene_praca)"  # Praça do Comércio, Lisbon
tag "$f" make=FUJIFILM model=X-T30 time="$t" offset=$o subsec=42 gps=38.7075,-9.1364,4.2
stamp "$f" "$t" $o

f="$portugal/DSCF1031.JPG"; t="2024-05-03 20:41:33"; o=+01:00
draw_jpeg "$f" 1440 1080 "$(scene_sunset)"  # Tejo at sunset, Lisbon
tag "$f" make=FUJIFILM model=X-T30 time="$t" offset=$o gps=38.7038,-9.1620,12
stamp "$f" "$t" $o

f="$portugal/DSCF1047.JPG"; t="2024-05-04 11:30:52"; o=+01:00
draw_jpeg "$f" 1600 1200 "$(scene_belem)"  # Torre de Belém
tag "$f" make=FUJIFILM model=X-T30 time="$t" offset=$o subsec=08 gps=38.6916,-9.2160,-1.5
stamp "$f" "$t" $o

f="$portugal/20240504_150510.jpg"; t="2024-05-04 15:05:10"; o=+01:00
draw_jpeg "$f" 1200 1200 "$(scene_azulejos)"  # Azulejos, Belém
tag "$f" make=samsung model=SM-G960F time="$t" offset=$o nooffset=1 gps=38.6979,-9.2068,9
stamp "$f" "$t" $o

f="$portugal/DSCF1068.JPG"; t="2024-05-05 10:18:44"; o=+01:00
draw_jpeg "$f" 1600 1200 "$(scene_sintra)"  # Pena Palace from Sintra
tag "$f" make=FUJIFILM model=X-T30 time="$t" offset=$o gps=38.7979,-9.3906,207
stamp "$f" "$t" $o

# portrait picture stored sideways: pixels turned 90° counter-clockwise, Orientation 6 turns them back.
f="$portugal/DSCF1071.JPG"; t="2024-05-05 12:47:03"; o=+01:00
draw_jpeg "$f" 1200 1600 "$(scene_forest)" "transpose=cclock"  # Quinta da Regaleira
tag "$f" make=FUJIFILM model=X-T30 time="$t" offset=$o subsec=6 gps=38.7963,-9.3960,250 orient=6
stamp "$f" "$t" $o

# -- Japan, October 2024 (JST, UTC+09:00). An iPhone.
f="$japan/IMG_4512.HEIC"; t="2024-10-12 14:10:26"; o=+09:00
draw_jpeg "$tmp/IMG_4512.jpg" 1600 1200 "$(scene_lantern)"  # Kaminarimon, Asakusa
tag "$tmp/IMG_4512.jpg" make=Apple model="iPhone 13 mini" time="$t" offset=$o subsec=351 gps=35.7148,139.7967,8.4
heif-enc -q 55 -o "$f" "$tmp/IMG_4512.jpg" >/dev/null # heif-enc copies the JPEG's EXIF into the HEIC
stamp "$f" "$t" $o

f="$japan/IMG_4519.JPG"; t="2024-10-12 18:32:15"; o=+09:00
draw_jpeg "$f" 1440 1080 "$(scene_skytree)"  # Skytree from the Sumida
tag "$f" make=Apple model="iPhone 13 mini" time="$t" offset=$o subsec=907 gps=35.7098,139.7986,3
stamp "$f" "$t" $o

f="$japan/IMG_4533.JPG"; t="2024-10-13 11:02:40"; o=+09:00
draw_mandelbrot "$f" 1600 1200  # teamLab Planets, Toyosu · no GPS indoors
tag "$f" make=Apple model="iPhone 13 mini" time="$t" offset=$o subsec=120
stamp "$f" "$t" $o

f="$japan/IMG_4540.JPG"; t="2024-10-13 20:15:58"; o=+09:00
draw_jpeg "$f" 1600 1200 "$(scene_shibuya)"  # Shibuya Crossing
tag "$f" make=Apple model="iPhone 13 mini" time="$t" offset=$o subsec=554 gps=35.6595,139.7005,35
stamp "$f" "$t" $o

# 08:47 local is still 13 October in UTC: the GPS date stamp is the day before.
f="$kyoto/IMG_4561.JPG"; t="2024-10-14 08:47:20"; o=+09:00
draw_jpeg "$f" 1440 1080 "$(scene_torii)"  # Fushimi Inari-taisha, Kyoto
tag "$f" make=Apple model="iPhone 13 mini" time="$t" offset=$o subsec=7 gps=34.9671,135.7727,40
stamp "$f" "$t" $o

f="$kyoto/IMG_4578.JPG"; t="2024-10-14 13:25:09"; o=+09:00
draw_jpeg "$f" 1080 1440 "$(scene_maple)"  # Tōfuku-ji, Kyoto
tag "$f" make=Apple model="iPhone 13 mini" time="$t" offset=$o subsec=288 gps=34.9767,135.7740,52
stamp "$f" "$t" $o

# -- videos: 4 s, H.264 + AAC (a quiet sine), creation_time in UTC.
echo "make-samples: encoding clips" >&2
x264=(-c:v libx264 -threads 1 -preset medium -crf 27 -profile:v high -pix_fmt yuv420p -g 30)
aac=(-c:a aac -b:a 96k -ac 2 -ar 48000)

# Samsung-style MP4, landscape: a tram crosses the street (a still background and a sprite moved
# by overlay). The place is a ©xyz string in moov/udta, written by exiftool: ffmpeg 5.1's mp4
# muxer writes -metadata location as a 3GPP 'loci' box instead.
f="$portugal/20240503_182004.mp4"; t="2024-05-03 18:20:04"; o=+01:00
"${ff[@]}" -f lavfi -i "color=c=black:s=640x360:r=1:d=1,format=gbrp" -vf "$(scene_street),format=yuv444p,$shade_yuv" -frames:v 1 "$tmp/street.png"
"${ff[@]}" -f lavfi -i "color=c=black:s=320x360:r=1:d=1,format=gbrap" -vf "$(sprite_tram),$shade_rgba" -frames:v 1 "$tmp/tram.png"
"${ff[@]}" -loop 1 -framerate 30 -i "$tmp/street.png" -loop 1 -framerate 30 -i "$tmp/tram.png" \
    -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=5" \
    -filter_complex "[0:v][1:v]overlay=x='-300+240*t':y=0,format=yuv420p[v];[2:a]volume=0.25[a]" \
    -map "[v]" -map "[a]" -t 4 "${x264[@]}" "${aac[@]}" "${bitexact[@]}" \
    -metadata creation_time="$(utc "$t" "$o" %Y-%m-%dT%H:%M:%S.000000Z)" -f mp4 "$f"
"${exif[@]}" -UserData:GPSCoordinates="38.7139, -9.1394" "$f"
stamp "$f" "$t" $o

# iPhone-style MOV, portrait by display matrix: 640x360 pixels holding the upright 360x640 picture
# turned 90° counter-clockwise; the track matrix turns it back (ffprobe: rotation=-90). Walking
# through the torii: 20 frames that loop, shown 6 times.
# ffmpeg 5.1 ignores -metadata:s:v rotate= when encoding, so exiftool writes the matrix, and the
# Apple keys (in moov/meta, like an iPhone; see samples/README.md).
f="$kyoto/IMG_4580.MOV"; t="2024-10-14 16:05:00"; o=+09:00
"${ff[@]}" -f lavfi -i "color=c=black:s=360x640:r=30,format=gbrp" \
    -vf "$(scene_torii),format=yuv444p,$shade_yuv" \
    -frames:v 20 "$tmp/torii%02d.png"
"${ff[@]}" -loop 1 -framerate 30 -i "$tmp/torii%02d.png" \
    -f lavfi -i "sine=frequency=523.25:sample_rate=48000:duration=5" \
    -filter_complex "[0:v]transpose=cclock,format=yuv420p[v];[1:a]volume=0.25[a]" \
    -map "[v]" -map "[a]" -t 4 "${x264[@]}" "${aac[@]}" "${bitexact[@]}" \
    -metadata creation_time="$(utc "$t" "$o" %Y-%m-%dT%H:%M:%S.000000Z)" -f mov "$f"
"${exif[@]}" -Rotation=90 \
    -Keys:CreationDate="2024:10:14 16:05:00+09:00" -Keys:GPSCoordinates="34.9671, 135.7727, 40" \
    -Keys:Make=Apple -Keys:Model="iPhone 13 mini" -Keys:Software=17.6.1 "$f"
stamp "$f" "$t" $o

# ---------------------------------------------------------------------------------------------
# check table

# ---------------------------------------------------------------------------------------------
# music: a calm 24 s loop for the stories (I–V–vi–IV in C, soft pads with a plucked arpeggio),
# synthesised with aevalsrc; AAC in M4A, as music libraries keep it.
music="$out/music"
rm -rf "$music"; mkdir -p "$music"
pad='0.12*(sin(2*PI*f1*t)+0.5*sin(2*PI*f2*t)+0.4*sin(2*PI*f3*t))*(0.6+0.4*sin(PI*mod(t,6)/6))'
chord='if(lt(mod(t,24),6),261.63,if(lt(mod(t,24),12),196.00,if(lt(mod(t,24),18),220.00,174.61)))'
expr=$(echo "$pad" | sed "s/f1/($chord)/g; s/f2/($chord*1.25)/g; s/f3/($chord*1.5)/g")
pluck="0.18*sin(2*PI*($chord)*2*pow(2,floor(mod(t*4,4))/3)*t)*exp(-6*mod(t,0.25))"
"${ff[@]}" -f lavfi -i "aevalsrc=exprs='$expr+$pluck|$expr+0.8*$pluck':s=48000:d=24" \
    -af "afade=t=in:d=0.05,afade=t=out:st=23.9:d=0.1" -c:a aac -b:a 96k "${bitexact[@]}" \
    "$music/theme.m4a"

cd "$out"
echo
echo "== photos (exiftool)"
{
    printf 'Directory\tFileName\tDateTimeOriginal\tSubSec\tOffset\tGPSLat\tGPSLon\tGPSAlt\tGPSDate\tGPSTime\tOrient\tSize\n'
    exiftool -T -r -ext jpg -ext heic -directory -filename -DateTimeOriginal -SubSecTimeOriginal -OffsetTimeOriginal \
        -GPSLatitude# -GPSLongitude# -GPSAltitude# -GPSDateStamp -GPSTimeStamp -Orientation# -ImageSize . | sort
} | column -t -s $'\t'
echo
echo "== videos (ffprobe)"
probe() { ffprobe -v error "${@:2}" -of default=nw=1:nk=1 "$1" | head -n 1; }
{
    printf 'File\tPixels\tRotation\tShown\tVideo\tAudio\tcreation_time (UTC)\tlocation\tcom.apple.quicktime.creationdate\tcom.apple.quicktime.location.ISO6709\n'
    for f in */*.mp4 */*/*.MOV; do
        w=$(probe "$f" -select_streams v:0 -show_entries stream=width)
        h=$(probe "$f" -select_streams v:0 -show_entries stream=height)
        rot=$(probe "$f" -select_streams v:0 -show_entries stream_side_data=rotation)
        shown="${w}x${h}"; case ${rot:-0} in 90|-90|270|-270) shown="${h}x${w}" ;; esac
        printf '%s\t%s\t%s\t%s\t%ss\t%ss\t%s\t%s\t%s\t%s\n' "$(basename "$f")" "${w}x${h}" "${rot:-0}" "$shown" \
            "$(probe "$f" -select_streams v:0 -show_entries stream=duration)" \
            "$(probe "$f" -select_streams a:0 -show_entries stream=duration)" \
            "$(probe "$f" -show_entries format_tags=creation_time)" \
            "$(probe "$f" -show_entries format_tags=location)" \
            "$(probe "$f" -show_entries format_tags=com.apple.quicktime.creationdate)" \
            "$(probe "$f" -show_entries format_tags=com.apple.quicktime.location.ISO6709)"
    done
} | sed 's/\t\t/\t-\t/g; s/\t\t/\t-\t/g; s/\t$/\t-/' | column -t -s $'\t'
echo
echo "total: $(du -ch "$portugal" "$japan" | tail -n 1 | cut -f1) in $(find "$portugal" "$japan" -type f | wc -l) files under $out"
