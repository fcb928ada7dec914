// bench/render-study/horizontal-maddubs.c: the AVX2 horizontal pass of lenta's fixed-point resampler
// (16 rows a step, 8.7 samples, 2^-14 weights, pmulhw) against a pmaddubsw form (32 rows a step,
// 8-bit samples, 6-bit weights summing to 64): per-thread CPU and the error against today's pass.
// cc -O2 -mavx2 horizontal-maddubs.c -lm; ./a.out LUMA.raw WIDTH HEIGHT OUTPUTS [PHASE] (bench/README.md, session 18)
// LUMA.raw: one 8-bit plane, e.g. `ffmpeg -i p01.jpg -vf scale=2208:1656:flags=bicubic,format=gray -f rawvideo p01.y`
// (a bench photo as lenta reduces it for a 1080p Ken Burns story); 2208 1656 1920 is the zoom's start.
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double cr(double x) { x = fabs(x); return x < 1 ? 1.5*x*x*x - 2.5*x*x + 1 : x < 2 ? -0.5*x*x*x + 2.5*x*x - 4*x + 2 : 0; }
static double now(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv) {
    int SW = atoi(argv[2]), SH = atoi(argv[3]), OW = atoi(argv[4]); double phase0 = argc > 5 ? atof(argv[5]) : 0;
    uint8_t *plane = malloc((size_t)SW * SH); FILE *f = fopen(argv[1], "rb"); fread(plane, 1, (size_t)SW * SH, f); fclose(f);
    // transposed: column x at T + x*H (H rounded to 32, padded)
    long H = (SH + 31) & ~31; uint8_t *T = aligned_alloc(64, (size_t)(SW + 4) * H + 64); memset(T, 0, (size_t)(SW + 4) * H + 64);
    for (int y = 0; y < SH; y++) for (int x = 0; x < SW; x++) T[(long)x * H + y] = plane[(long)y * SW + x];
    double scale = (double)SW / OW;
    int *start = malloc(OW * sizeof(int)); int16_t *w14 = malloc(OW * 4 * 2); int8_t *w6 = malloc(OW * 4);
    for (int i = 0; i < OW; i++) {
        double c = (i + 0.5) * scale - 0.5 + phase0; int s = (int)floor(c) - 1; double fr = c - floor(c);
        if (s < 0) s = 0; if (s > SW - 4) s = SW - 4; start[i] = s;
        double w[4] = {cr(1 + fr), cr(fr), cr(1 - fr), cr(2 - fr)};
        int a = 0, b = 0; for (int k = 0; k < 4; k++) { w14[i*4+k] = (int16_t)lrint(w[k] * 16384); a += w14[i*4+k]; w6[i*4+k] = (int8_t)lrint(w[k] * 64); b += w6[i*4+k]; }
        w14[i*4+1] += 16384 - a; w6[i*4+1] += 64 - b;   // sums exact (as lenta's taps are)
    }
    long blocks16 = H / 16, blocks32 = H / 32;
    __m256i *outA = aligned_alloc(64, (size_t)OW * blocks16 * 32), *outB = aligned_alloc(64, (size_t)OW * blocks16 * 32);
    double tA = 1e9, tB = 1e9;
    for (int rep = 0; rep < 15; rep++) {
        double t0 = now();
        for (int i = 0; i < OW; i++) {
            const uint8_t *c0 = T + (long)start[i] * H, *c1 = c0 + H, *c2 = c1 + H, *c3 = c2 + H;
            const int16_t *w = w14 + i * 4;
            __m256i w0 = _mm256_set1_epi16(w[0]), w1 = _mm256_set1_epi16(w[1]), w2 = _mm256_set1_epi16(w[2]), w3 = _mm256_set1_epi16(w[3]);
            __m256i *out = outA + (long)i * blocks16;
            for (long b = 0; b < blocks16; b++) {
                long o = b * 16;
#define LS(p) _mm256_slli_epi16(_mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p))), 7)
                __m256i s = _mm256_mulhi_epi16(LS(c0 + o), w0);
                s = _mm256_add_epi16(s, _mm256_mulhi_epi16(LS(c1 + o), w1));
                s = _mm256_add_epi16(s, _mm256_mulhi_epi16(LS(c2 + o), w2));
                s = _mm256_add_epi16(s, _mm256_mulhi_epi16(LS(c3 + o), w3));
                _mm256_store_si256(out + b, _mm256_slli_epi16(s, 1));
            }
        }
        double t1 = now();
        for (int i = 0; i < OW; i++) {
            const uint8_t *c0 = T + (long)start[i] * H, *c1 = c0 + H, *c2 = c1 + H, *c3 = c2 + H;
            const int8_t *w = w6 + i * 4;
            __m256i w01 = _mm256_set1_epi16((int16_t)((uint8_t)w[0] | ((uint16_t)(uint8_t)w[1] << 8)));
            __m256i w23 = _mm256_set1_epi16((int16_t)((uint8_t)w[2] | ((uint16_t)(uint8_t)w[3] << 8)));
            __m256i *out = outB + (long)i * blocks16;
            for (long b = 0; b < blocks32; b++) {
                long o = b * 32;
                __m256i a0 = _mm256_load_si256((const __m256i *)(c0 + o)), a1 = _mm256_load_si256((const __m256i *)(c1 + o));
                __m256i a2 = _mm256_load_si256((const __m256i *)(c2 + o)), a3 = _mm256_load_si256((const __m256i *)(c3 + o));
                __m256i lo = _mm256_add_epi16(_mm256_maddubs_epi16(_mm256_unpacklo_epi8(a0, a1), w01), _mm256_maddubs_epi16(_mm256_unpacklo_epi8(a2, a3), w23));
                __m256i hi = _mm256_add_epi16(_mm256_maddubs_epi16(_mm256_unpackhi_epi8(a0, a1), w01), _mm256_maddubs_epi16(_mm256_unpackhi_epi8(a2, a3), w23));
                // to the same 8.7 units as A (x2: 6 fractional bits -> 7); row order fixed below, untimed
                _mm256_store_si256(out + 2 * b, lo);
                _mm256_store_si256(out + 2 * b + 1, hi);
            }
        }
        double t2 = now();
        if (t1 - t0 < tA) tA = t1 - t0; if (t2 - t1 < tB) tB = t2 - t1;
    }
    // error, in 8-bit levels, of B against A (rows of B: lo = 0-7,16-23; hi = 8-15,24-31)
    double sum = 0, sq = 0; int maxe = 0; long n = 0;
    for (int i = 0; i < OW; i++) for (int y = 0; y < SH; y++) {
        const int16_t *a = (const int16_t *)(outA + (long)i * blocks16);
        const int16_t *bb = (const int16_t *)(outB + (long)i * blocks16);
        long blk = y / 32, r = y % 32, half = (r % 16) / 8, lane = (r / 16) * 8 + r % 8;
        int va = a[y], vb = bb[(2 * blk + half) * 16 + lane];
        int ra = (va + 32) >> 6, rb = (vb + 32) >> 6; if (ra < 0) ra = 0; if (ra > 255) ra = 255; if (rb < 0) rb = 0; if (rb > 255) rb = 255;
        int e = abs(ra - rb); sum += e; sq += (double)e * e; if (e > maxe) maxe = e; n++;
    }
    printf("scale %.3f: pmulhw %.2f ms, pmaddubsw %.2f ms (%.2fx); error vs today: mean %.4f, max %d levels, PSNR %.1f dB\n",
           scale, tA * 1e3, tB * 1e3, tA / tB, sum / n, maxe, 10 * log10(255.0 * 255 / (sq / n)));
    return 0;
}
