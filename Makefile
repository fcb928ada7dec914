# lenta — make demo (install, build, run on the samples) and make test.
SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift
CONFIG ?= release
BIN := .build/$(CONFIG)/lenta
# Debian packages: build headers for the C libraries, and the tools tests and benches compare with.
DEB_PACKAGES := pkg-config libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev \
	libexif-dev libheif-dev libsqlite3-dev ffmpeg libimage-exiftool-perl libheif-examples

.PHONY: deps build test demo samples bench clean

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

demo: build
	@mkdir -p out
	@echo "== lenta scan samples/"
	LENTA_CATALOG=out/demo-catalog.sqlite $(BIN) scan samples

samples:
	scripts/make-samples.sh

bench: build
	bench/scan

clean:
	rm -rf .build out bench/work
