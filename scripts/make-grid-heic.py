#!/usr/bin/env python3
"""Writes a large HEIC as phones write them: a grid of 512x512 HEVC tiles (a 'grid' derived
image over 'hvc1' items), for memory benchmarks and limit tests.

One tile is encoded with heif-enc (libheif-examples) and every tile of the grid points at the
same coded bytes, so a 200-megapixel file is made in a second and weighs a few kilobytes,
while a decoder still has to decode and assemble every tile.

    scripts/make-grid-heic.py WIDTH HEIGHT OUT.heic     (multiples of 512)
"""
import os
import struct
import subprocess
import sys
import tempfile

TILE = 512


def box(kind, payload):
    return struct.pack(">I4s", 8 + len(payload), kind) + payload


def full_box(kind, version, flags, payload):
    return box(kind, struct.pack(">I", (version << 24) | flags) + payload)


def children(data, start, end):
    """(type, payload start, payload end) of the boxes in data[start:end]."""
    out = []
    i = start
    while i + 8 <= end:
        size, kind = struct.unpack(">I4s", data[i:i + 8])
        header = 8
        if size == 1:
            size = struct.unpack(">Q", data[i + 8:i + 16])[0]
            header = 16
        elif size == 0:
            size = end - i
        out.append((kind, i + header, i + size))
        i += size
    return out


def find(data, start, end, kind):
    for k, s, e in children(data, start, end):
        if k == kind:
            return s, e
    raise SystemExit(f"no {kind!r} box in the tile")


def tile_parts(path):
    """The hvcC box (whole) and the coded bytes of the primary image of a heif-enc file."""
    data = open(path, "rb").read()
    ms, me = find(data, 0, len(data), b"meta")
    ms += 4  # FullBox header
    ps, pe = find(data, ms, me, b"pitm")
    primary = struct.unpack(">H", data[ps + 4:ps + 6])[0]
    ips, ipe = find(data, ms, me, b"iprp")
    cs, ce = find(data, ips, ipe, b"ipco")
    hvcc = None
    for k, s, e in children(data, cs, ce):
        if k == b"hvcC":
            hvcc = data[s - 8:e]
    ls, le = find(data, ms, me, b"iloc")
    version = data[ls]
    p = ls + 4
    sizes = data[p]; p += 1
    offset_size, length_size = sizes >> 4, sizes & 15
    base_size = data[p] >> 4; index_size = data[p] & 15 if version in (1, 2) else 0; p += 1
    count = struct.unpack(">H", data[p:p + 2])[0]; p += 2

    def read(n):
        nonlocal p
        v = int.from_bytes(data[p:p + n], "big") if n else 0
        p += n
        return v
    for _ in range(count):
        item = read(2)
        if version in (1, 2):
            read(2)
        read(2)
        base = read(base_size)
        extents = read(2)
        parts = []
        for _ in range(extents):
            if index_size:
                read(index_size)
            off = read(offset_size)
            length = read(length_size)
            parts.append(data[base + off:base + off + length])
        if item == primary:
            return hvcc, b"".join(parts)
    raise SystemExit("the tile's primary item has no location")


def grid_heic(width, height, hvcc, coded):
    columns, rows = width // TILE, height // TILE
    tiles = columns * rows
    grid_id, first_tile = 1, 2
    ftyp = box(b"ftyp", b"heic" + struct.pack(">I", 0) + b"mif1heic")
    hdlr = full_box(b"hdlr", 0, 0, struct.pack(">I", 0) + b"pict" + bytes(12) + b"\0")
    pitm = full_box(b"pitm", 0, 0, struct.pack(">H", grid_id))
    infos = [full_box(b"infe", 2, 0, struct.pack(">HH", grid_id, 0) + b"grid" + b"\0")]
    infos += [full_box(b"infe", 2, 1, struct.pack(">HH", first_tile + t, 0) + b"hvc1" + b"\0") for t in range(tiles)]
    iinf = full_box(b"iinf", 0, 0, struct.pack(">H", len(infos)) + b"".join(infos))
    dimg = box(b"dimg", struct.pack(">HH", grid_id, tiles) + b"".join(struct.pack(">H", first_tile + t) for t in range(tiles)))
    iref = full_box(b"iref", 0, 0, dimg)
    grid = struct.pack(">BBBBHH", 0, 0, rows - 1, columns - 1, width, height)
    idat = box(b"idat", grid)
    ipco = box(b"ipco", hvcc + full_box(b"ispe", 0, 0, struct.pack(">II", TILE, TILE))
               + full_box(b"ispe", 0, 0, struct.pack(">II", width, height)))
    assoc = struct.pack(">HB", grid_id, 1) + bytes([3])
    assoc += b"".join(struct.pack(">HB", first_tile + t, 2) + bytes([0x80 | 1, 2]) for t in range(tiles))
    ipma = full_box(b"ipma", 0, 0, struct.pack(">I", tiles + 1) + assoc)
    iprp = box(b"iprp", ipco + ipma)

    def iloc(mdat_offset):
        entries = struct.pack(">HHH", grid_id, 1, 0) + struct.pack(">HII", 1, 0, len(grid))
        entries += b"".join(struct.pack(">HHH", first_tile + t, 0, 0) + struct.pack(">HII", 1, mdat_offset, len(coded))
                            for t in range(tiles))
        return full_box(b"iloc", 1, 0, bytes([0x44, 0x00]) + struct.pack(">H", tiles + 1) + entries)

    def meta(mdat_offset):
        return full_box(b"meta", 0, 0, hdlr + pitm + iloc(mdat_offset) + iinf + iref + idat + iprp)
    head = len(ftyp) + len(meta(0)) + 8  # the coded bytes start after mdat's header
    return ftyp + meta(head) + box(b"mdat", coded)


def main():
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    width, height, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    if width % TILE or height % TILE or width > 65535 or height > 65535:
        raise SystemExit("width and height: multiples of 512, at most 65535")
    with tempfile.TemporaryDirectory() as work:
        png, heic = os.path.join(work, "tile.png"), os.path.join(work, "tile.heic")
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"testsrc2=s={TILE}x{TILE}", "-frames:v", "1", png], check=True)
        subprocess.run(["heif-enc", "-q", "50", png, "-o", heic], check=True, stdout=subprocess.DEVNULL)
        hvcc, coded = tile_parts(heic)
    open(out, "wb").write(grid_heic(width, height, hvcc, coded))


if __name__ == "__main__":
    main()
