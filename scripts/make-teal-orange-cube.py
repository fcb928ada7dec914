#!/usr/bin/env python3
"""Writes samples/looks/teal-orange.cube: a 17³ .cube LUT (the format colourists and cameras
use) with the "teal and orange" grade — warm skin and highlights, teal shadows, a gentle S-curve.
Used by samples/projects/lisbon.json to show that any .cube file works as a look. Deterministic."""
import sys

N = 17
def clamp(x): return min(1.0, max(0.0, x))
def s_curve(x): return clamp(x + 0.12 * (x - 0.5) * (1 - abs(2 * x - 1)) * 2)

def grade(r, g, b):
    luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
    # Shadows towards teal, highlights towards orange, weighted by luma.
    w = luma
    r += (1 - w) * -0.04 + w * 0.06
    g += (1 - w) * 0.02 + w * 0.015
    b += (1 - w) * 0.05 + w * -0.06
    return s_curve(clamp(r)), s_curve(clamp(g)), s_curve(clamp(b))

out = sys.argv[1] if len(sys.argv) > 1 else "samples/looks/teal-orange.cube"
with open(out, "w") as f:
    f.write('TITLE "teal-orange"\n# Made by scripts/make-teal-orange-cube.py for lenta\'s samples.\n')
    f.write(f"LUT_3D_SIZE {N}\nDOMAIN_MIN 0.0 0.0 0.0\nDOMAIN_MAX 1.0 1.0 1.0\n\n")
    for bi in range(N):
        for gi in range(N):
            for ri in range(N):  # red changes fastest
                r, g, b = grade(ri / (N - 1), gi / (N - 1), bi / (N - 1))
                f.write(f"{r:.6f} {g:.6f} {b:.6f}\n")
