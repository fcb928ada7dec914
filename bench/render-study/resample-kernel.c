// bench/render-study/resample-kernel.c: lenta's AVX2 fixed-point resampler (CPixelKernels'
// fixed_resample_avx2.c) on 2160p-shaped frames, outside lenta: two builds of the kernel side by
// side (old: e.g. main's file, new: this tree's), checked against a scalar model of the arithmetic
// on random placements, then timed taking turns frame by frame. Built by
// bench/render-study/resample-kernel.sh OLD.c NEW.c (the functions renamed old_… and new_…).
//   resample-kernel [FRAMES] [COLD] [CHECKS]   (COLD 1: the caches flushed before each frame, as x264 leaves them)
// A frame is the bench story's 2160p Ken Burns step: a 4032 × 2268 photo cut (luma) and its
// 2016 × 1134 chroma, zoomed 1.00–1.15 into 3840 × 2160 and 1920 × 1080, one thread.
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "fixed_resample.h"

// The two kernels, each built with its functions renamed (resample-kernel.sh).
#define KERNEL(name)                                                                       \
    int name##_available(void);                                                            \
    long name##_scratch_bytes(const lenta_fixed_resample_plane *);                         \
    void name##_stripes(const lenta_fixed_resample_plane *, long, long, void *);
KERNEL(old)
KERNEL(new)

static double cr(double x) {
    x = fabs(x);
    return x < 1 ? 1.5 * x * x * x - 2.5 * x * x + 1 : x < 2 ? -0.5 * x * x * x + 2.5 * x * x - 4 * x + 2 : 0;
}
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}
static uint64_t rng = 88172645463325252ull;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

typedef struct { int32_t *starts; int16_t *weights; long taps, count; } axis;

/// Catmull-Rom taps (stretched by `scale` past 1.25 as lenta's are) in 2^-14, summing to exactly 2^14.
static axis taps_for(long count, double scale, double offset, long length) {
    double stretch = scale > 1.25 ? scale : 1;
    long taps = scale > 1.25 ? 2 * (long)ceil(2 * stretch) : 4;
    axis a = {malloc(count * 4), malloc(count * taps * 2), taps, count};
    for (long i = 0; i < count; i++) {
        double p = scale * (i + 0.5) + offset - 0.5;
        long first = (long)floor(p) - taps / 2 + 1;
        if (first < 0) first = 0;
        if (first > length - taps) first = length - taps;
        double w[64], total = 0;
        for (long k = 0; k < taps; k++) total += (w[k] = cr((first + k - p) / stretch));
        long sum = 0, top = 0;
        for (long k = 0; k < taps; k++) {
            a.weights[i * taps + k] = (int16_t)lrint(w[k] / total * 16384);
            sum += a.weights[i * taps + k];
            if (abs(a.weights[i * taps + k]) > abs(a.weights[i * taps + top])) top = k;
        }
        a.weights[i * taps + top] += (int16_t)(16384 - sum);
        a.starts[i] = (int32_t)first;
    }
    return a;
}

typedef struct { uint8_t *source; long width, height; } plane;

static plane photo(long width, long height) {
    plane p = {malloc(width * height + 16), width, height};
    for (long x = 0; x < width; x++)
        for (long y = 0; y < height; y++)
            p.source[x * height + y] = (uint8_t)(128 + 100 * sin(x * 0.013 + y * 0.007) * cos(y * 0.021) + (next() & 15));
    memset(p.source + width * height, 0, 16);
    return p;
}

static lenta_fixed_resample_plane describe(plane s, axis x, axis y, uint8_t *target, long targetWidth) {
    long rowMin = y.starts[0], rowCount = y.starts[y.count - 1] + y.taps - rowMin;
    lenta_fixed_resample_plane p = {s.source, s.height, rowMin, rowCount, x.starts, x.weights, x.taps, x.count, 0,
                                    y.starts, y.weights, y.taps, y.count, 0, target, targetWidth,
                                    (int16_t)(8 + (x.taps + 2 * y.taps + 2) / 4)};
    return p;
}

typedef void (*stripes_fn)(const lenta_fixed_resample_plane *, long, long, void *);
typedef long (*scratch_fn)(const lenta_fixed_resample_plane *);

/// The whole plane in slices of `slice` stripes, each with its own scratch (four: `resampleAVX2`'s).
static void run(stripes_fn stripes, scratch_fn scratch, const lenta_fixed_resample_plane *p, long slice) {
    long count = (p->xCount + 15) / 16;
    long bytes = scratch(p);
    void *memory = aligned_alloc(64, (bytes + 63) & ~63L);
    for (long s = 0; s < count; s += slice) stripes(p, s, s + slice < count ? s + slice : count, memory);
    free(memory);
}

static int16_t mulhi(int16_t a, int16_t b) { return (int16_t)(((int32_t)a * b) >> 16); }

/// The scalar model: lenta's portable loops, one sample at a time.
static void model(const lenta_fixed_resample_plane *p) {
    int16_t *h = malloc(p->xCount * p->rowCount * 2);
    for (long i = 0; i < p->xCount; i++)
        for (long r = 0; r < p->rowCount; r++) {
            int16_t sum = 0;
            for (long k = 0; k < p->xTaps; k++) {
                int16_t s = (int16_t)(p->source[(p->xStarts[i] + k) * p->height + p->rowMin + r] << 7);
                sum = (int16_t)(sum + mulhi(s, p->xWeights[i * p->xTaps + k]));
            }
            h[i * p->rowCount + r] = (int16_t)(sum << 1);
        }
    for (long r = 0; r < p->yCount; r++)
        for (long i = 0; i < p->xCount; i++) {
            int16_t sum = 0;
            for (long k = 0; k < p->yTaps; k++)
                sum = (int16_t)(sum + mulhi(h[i * p->rowCount + p->yStarts[r] - p->rowMin + k], p->yWeights[r * p->yTaps + k]));
            int v = (int16_t)(sum + p->rounding) >> 4;
            p->target[(p->yOutputStart + r) * p->targetWidth + p->xOutputStart + i] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
        }
    free(h);
}

/// Random placements (sizes, scales, taps, extreme weights, offsets in the target) through the model
/// and both kernels: every byte of the target, the untouched margin too, must agree.
static int check(long rounds) {
    int bad = 0;
    for (long round = 0; round < rounds; round++) {
        long sw = 4 + next() % 300, sh = 4 + next() % 300;
        plane s = photo(sw, sh);
        for (long i = 0; i < sw * sh; i++) if (next() % 7 == 0) s.source[i] = (next() & 1) ? 255 : 0;
        double sx = 0.3 + (next() % 1000) / 400.0, sy = 0.3 + (next() % 1000) / 400.0;
        long xc = 1 + next() % (long)(sw / sx), yc = 1 + next() % (long)(sh / sy);
        axis x = taps_for(xc, sx, (next() % 100) / 50.0, sw), y = taps_for(yc, sy, (next() % 100) / 50.0, sh);
        if (x.taps > sw || y.taps > sh) {  // no window fits in the source (lenta's taps fold such edges)
            free(s.source); free(x.starts); free(x.weights); free(y.starts); free(y.weights);
            round--;
            continue;
        }
        // Whole phases ((0, 2^14, 0, 0) and its neighbours) and overshoots the tables allow.
        for (long i = 0; i < xc * x.taps; i++) if (next() % 13 == 0) x.weights[i] = (int16_t)(next() % 2 ? 16384 : -3000 + next() % 23000);
        for (long i = 0; i < yc * y.taps; i++) if (next() % 13 == 0) y.weights[i] = (int16_t)(next() % 2 ? 16384 : -3000 + next() % 23000);
        long tw = xc + next() % 40, th = yc + next() % 9;
        uint8_t *a = malloc(tw * th), *b = malloc(tw * th), *c = malloc(tw * th);
        memset(a, 7, tw * th); memset(b, 7, tw * th); memset(c, 7, tw * th);
        lenta_fixed_resample_plane pa = describe(s, x, y, a, tw);
        pa.xOutputStart = next() % (tw - xc + 1);
        pa.yOutputStart = next() % (th - yc + 1);
        lenta_fixed_resample_plane pb = pa, pc = pa;
        pb.target = b; pc.target = c;
        model(&pa);
        long slice = 1 + next() % 7;
        run(old_stripes, old_scratch_bytes, &pb, slice);
        run(new_stripes, new_scratch_bytes, &pc, slice);
        if (memcmp(a, b, tw * th)) { printf("old kernel differs from the model: round %ld\n", round); bad = 1; }
        if (memcmp(a, c, tw * th)) {
            printf("NEW kernel differs from the model: round %ld (%ldx%ld -> %ldx%ld, taps %ld/%ld, slices of %ld)\n", round, sw, sh,
                   xc, yc, x.taps, y.taps, slice);
            bad = 1;
        }
        free(a); free(b); free(c); free(s.source); free(x.starts); free(x.weights); free(y.starts); free(y.weights);
        if (bad) return 1;
    }
    return 0;
}

/// A neighbour like x264 beside the resampler: another thread reading and writing 64 MB over and
/// over (the caches and the memory shared, as in a render), until `quiet`.
static atomic_int quiet;
static void *neighbour(void *unused) {
    (void)unused;
    uint8_t *memory = calloc(64L << 20, 1);
    while (!atomic_load(&quiet))
        for (long i = 0; i < 64L << 20; i += 64) memory[i] += memory[(i + (32L << 20)) & ((64L << 20) - 1)];
    free(memory);
    return 0;
}

static uint8_t *flush_buffer;
static void flush(void) { for (long i = 0; i < 64L << 20; i += 64) flush_buffer[i]++; }

int main(int argc, char **argv) {
    long frames = argc > 1 ? atol(argv[1]) : 60;
    int cold = argc > 2 ? atoi(argv[2]) : 1;
    if (check(argc > 3 ? atol(argv[3]) : 400)) return 1;
    printf("model, old and new agree on the random placements\n");
    flush_buffer = calloc(64L << 20, 1);
    // DIVISOR (1): each side of the frame divided by it, e.g. 4 for a frame whose planes fit in L2.
    const long d = argc > 4 ? atol(argv[4]) : 1, W = 3840 / d, H = 2160 / d, SW = 4032 / d, SH = 2268 / d;
    // BUSY 1: the neighbour runs meanwhile.
    pthread_t busy;
    const int noisy = argc > 5 && atoi(argv[5]);
    if (noisy) pthread_create(&busy, 0, neighbour, 0);
    plane luma = photo(SW, SH), chroma = photo(SW / 2, SH / 2);
    uint8_t *target[2] = {malloc(W * H), malloc(W * H)};
    uint8_t *ctarget[2] = {malloc(W / 2 * (H / 2)), malloc(W / 2 * (H / 2))};
    double spent[2] = {0, 0}, best[2] = {1e9, 1e9};
    for (long f = 0; f < frames; f++) {
        double zoom = 1 + 0.15 * f / (frames > 1 ? frames - 1 : 1), scale = (double)SW / W / zoom;
        double ox = (SW - W * scale) / 2, oy = (SH - H * scale) / 2;
        axis lx = taps_for(W, scale, ox, SW), ly = taps_for(H, scale, oy, SH);
        axis cx = taps_for(W / 2, scale, ox / 2, SW / 2), cy = taps_for(H / 2, scale, oy / 2, SH / 2);
        for (int turn = 0; turn < 2; turn++) {
            int k = (f + turn) & 1;  // old new, new old, …
            stripes_fn fn = k ? new_stripes : old_stripes;
            scratch_fn sc = k ? new_scratch_bytes : old_scratch_bytes;
            lenta_fixed_resample_plane pl = describe(luma, lx, ly, target[k], W);
            lenta_fixed_resample_plane pc = describe(chroma, cx, cy, ctarget[k], W / 2);
            if (cold) flush();
            double t0 = now();
            run(fn, sc, &pl, 4);
            run(fn, sc, &pc, 4);
            run(fn, sc, &pc, 4);
            double t = now() - t0;
            spent[k] += t;
            if (t < best[k]) best[k] = t;
        }
        if (memcmp(target[0], target[1], W * H) || memcmp(ctarget[0], ctarget[1], W / 2 * (H / 2))) {
            printf("frame %ld: old and new differ\n", f);
            return 1;
        }
        free(lx.starts); free(lx.weights); free(ly.starts); free(ly.weights);
        free(cx.starts); free(cx.weights); free(cy.starts); free(cy.weights);
    }
    if (noisy) { atomic_store(&quiet, 1); pthread_join(busy, 0); }
    printf("%ld frames of %ldx%ld (%s caches%s): old %.3f ms a frame (best %.3f), new %.3f ms (best %.3f): new / old %.3f; frames equal\n",
           frames, W, H, cold ? "cold" : "warm", noisy ? ", a neighbour streaming 64 MB" : "", 1e3 * spent[0] / frames, 1e3 * best[0], 1e3 * spent[1] / frames, 1e3 * best[1],
           spent[1] / spent[0]);
    return 0;
}
