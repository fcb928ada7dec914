# lenta — make demo (install, build, run on the samples) and make test.
SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift
CONFIG ?= release
BIN := .build/$(CONFIG)/lenta
# Debian packages: build headers for the C libraries, and the tools tests and benches compare with.
DEB_PACKAGES := pkg-config libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev \
	libexif-dev libheif-dev libjpeg-dev libsqlite3-dev ffmpeg libimage-exiftool-perl libheif-examples imagemagick parallel \
	libfreetype-dev libharfbuzz-dev libfontconfig-dev fonts-dejavu-core

.PHONY: deps build test fuzz demo samples bench clean

deps:
	@missing=$$(for p in $(DEB_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	else echo "dependencies already installed"; fi

build: deps
	$(SWIFT) build -c $(CONFIG)

test: deps
	$(SWIFT) build -c debug
	$(SWIFT) test --parallel

# The fuzzing campaign, FUZZ_SECONDS per target (make test runs a short fixed slice of it).
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz

DEMO := LENTA_CATALOG=out/demo-catalog.sqlite $(BIN)

demo: build
	@mkdir -p out
	@echo "== lenta scan samples/"
	$(DEMO) scan samples
	@echo; echo "== lenta list"
	$(DEMO) list
	@for id in $$($(DEMO) list --json | sed -n 's/^    "id" : \([0-9]*\),*/\1/p'); do \
		echo; echo "== lenta show $$id"; $(DEMO) show $$id; \
		echo; echo "== lenta project $$id -o out/story-$$id.json"; $(DEMO) project $$id -o out/story-$$id.json --force && \
		$(BIN) validate out/story-$$id.json && \
		echo "== lenta map $$id -o out/route-$$id.png (and .geojson, .gpx)" && \
		$(DEMO) map $$id -o out/route-$$id.png && $(DEMO) map $$id -o out/route-$$id.geojson && \
		$(DEMO) map $$id -o out/route-$$id.gpx || exit 1; \
	done
	@for p in samples/projects/*.json; do \
		n=$$(basename $$p .json); echo; echo "== lenta render $$p -o out/$$n.mp4"; \
		$(BIN) render $$p -o out/$$n.mp4 && $(BIN) frame $$p --at 1 -o out/$$n-title.png && \
		$(BIN) frame $$p --at 4 -o out/$$n-4s.png || exit 1; \
	done
	@echo; echo "== lenta auto samples --out out/stories --preset preview (the nightly job; previews for speed)"
	$(DEMO) auto samples --out out/stories --preset preview --settle 1h
	@echo; ls -la out out/stories

samples:
	scripts/make-samples.sh

bench: build
	bench/scan
	bench/places

clean:
	rm -rf .build out bench/work
