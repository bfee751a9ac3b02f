# timeline: build, test, install. `make help` lists the targets.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(DESTDIR)$(PREFIX)/bin
SHAREDIR := $(DESTDIR)$(PREFIX)/share/timeline
SWIFT ?= swift
STATIC_SCRATCH := .build-static
# What building and running need (make build, make install; tzdata: the time-zone database
# `timeline` reads its zones from; gettext: msgfmt, which compiles the catalogs) and what only the tests, benchmarks and packaging checks
# need (make test, make deps): a laptop's `make install` gets no test lab. The
# notification tests run a session bus (dbus-daemon), watch it (dbus-monitor, dbus-bin),
# send with gdbus (libglib2.0-bin, which the .deb recommends) to dunst under Xvfb. The
# language tests generate their locales with localedef (locales) into a directory of their own,
# and run `timeline refresh` at a pinned instant for their goldens with faketime (libfaketime).
BUILD_PACKAGES := libjson-c-dev libcurl4-openssl-dev pkg-config tzdata gettext
TEST_PACKAGES := tmux python3 hyperfine valgrind procps dpkg-dev fakeroot lintian man-db systemd polybar xvfb fonts-dejavu-core khard zsh fish \
  i3blocks i3-wm xmobar lemonbar conky-std xdotool imagemagick fonts-noto-core xfonts-base \
  dbus-daemon dbus-bin libglib2.0-bin dunst locales faketime
APT_PACKAGES := $(BUILD_PACKAGES) $(TEST_PACKAGES)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: lint format help deps build build-static test install uninstall bench clean check-fast-path fuzz reliability
.PHONY: man dist deb check-dist version deps-build catalogs update-po update-po-template

help:
	@echo "make deps       install system packages (apt) the build and tests need"
	@echo "make build      release build of timeline and the static timeline-emit"
	@echo "make test       run every test"
	@echo "make lint       swift-format check (.swift-format); make format rewrites"
	@echo "make install    install to PREFIX=$(PREFIX) (DESTDIR supported)"
	@echo "make uninstall  remove what install put there"
	@echo "make dist       release tarball dist/timeline-VERSION-linux-ARCH.tar.gz"
	@echo "make deb        Debian package dist/timeline_VERSION_ARCH.deb"
	@echo "make check-dist build both and test them as installed (docs/packaging.md)"
	@echo "make man        timeline(1) from the argument parser (.build/man/timeline.1)"
	@echo "make update-po  refresh po/timeline.pot from the sources and merge it into po/*.po"
	@echo "make bench      emitter and refresh benchmarks (docs/performance.md)"
	@echo "make clean      remove build folders"

# Installs only what is missing, so it is a no-op on a ready machine. `make deps-build`
# installs only what the build needs.
deps: PACKAGES = $(APT_PACKAGES)
deps-build: PACKAGES = $(BUILD_PACKAGES)
deps deps-build:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# timeline links the Swift runtime and FoundationEssentials statically (-static-stdlib), so
# it runs where no Swift is installed; its HTTP client needs libcurl at link time. -Osize:
# a refresh waits on the network, not the CPU, and `make check-dist` holds it to 16 MB.
# The release link alone (the debug build of `make test` links without any of these, so
# the package builds without them): lld, which folds identical functions (--icf=all); no
# dynamic symbol table of the package's own symbols (nothing loads them by name); and no
# unwind tables nor their search table (scripts/link/no-eh-frame.ld): a Swift error is not
# an unwind, and nothing in the binary throws a C++ exception. Together they keep the
# binary under check-dist's 16 MB (it is about 1.4 MB over without the last).
TIMELINE_FLAGS := -Xswiftc -static-stdlib -Xswiftc -Osize -Xswiftc -use-ld=lld \
  -Xlinker --icf=all -Xlinker --no-export-dynamic -Xlinker --no-eh-frame-hdr \
  -Xlinker -T -Xlinker $(CURDIR)/scripts/link/no-eh-frame.ld
build: deps-build catalogs
	$(SWIFT) build -c release --product timeline $(TIMELINE_FLAGS) --disable-local-rpath
	$(MAKE) build-static

# The message catalogs (docs/translating.md): every po/*.po is a language, compiled into
# .build/locale/LANG/LC_MESSAGES/timeline.mo (TIMELINE_LOCALE_DIR=.build/locale runs a
# build-tree binary in them; scripts/stage compiles them again into the installed tree).
# `make update-po` extracts the words from the Swift sources: xgettext has no Swift parser,
# but a call `localized("…")` or `localizedPlural("…", "…", n)` reads the same in C, so it
# reads the files that make such calls as C (IntegrationTests/CatalogTests checks that the
# template holds every one), then merges the template into each catalog.
LANGUAGES := $(basename $(notdir $(wildcard po/*.po)))
CATALOGS := $(LANGUAGES:%=.build/locale/%/LC_MESSAGES/timeline.mo)
catalogs: $(CATALOGS)
.build/locale/%/LC_MESSAGES/timeline.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<

XGETTEXT := xgettext --language=C --from-code=UTF-8 --keyword= --keyword=localized --keyword=localizedPlural:1,2 \
  --package-name=timeline --msgid-bugs-address=timeline --sort-by-file --add-location=file -o -
# The template's header without its creation date and with its charset, so that the same
# sources give the same file.
POT ?= po/timeline.pot
update-po-template:
	$(XGETTEXT) $$(grep -rlE --include='*.swift' '\blocalized(Plural)?\(' Sources | LC_ALL=C sort) 2> /dev/null \
	  | sed -e '/^"POT-Creation-Date:/d' -e 's/charset=CHARSET/charset=UTF-8/' > $(POT)
update-po: update-po-template
	for po in po/*.po; do msgmerge --quiet --update --backup=none --no-fuzzy-matching $$po po/timeline.pot; done

# timeline-emit is linked fully static (json-c's libjson-c.a included): no dynamic
# loader work at start-up. Its release build alone also takes two frontend options, which
# earn their place by the emit budget (docs/performance.md): without them a bar's one-shot
# emit costs about 1.15x `cat` in instructions, with them about 0.75x, because the
# runtime's first look-ups of generic metadata (by mangled name, through the demangler) and
# the type-layout copies of large values are most of a one-shot emit. Neither changes
# behaviour; `make test` builds and tests every module without them, so the package never
# depends on them (EMIT_RELEASE_FLAGS= builds the emitter without them too).
EMIT_RELEASE_FLAGS ?= -Xswiftc -Xfrontend -Xswiftc -disable-type-layout \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
build-static:
	$(SWIFT) build -c release --product timeline-emit --scratch-path $(STATIC_SCRATCH) -Xswiftc -static-executable \
	  $(EMIT_RELEASE_FLAGS)
	@$(MAKE) --no-print-directory check-fast-path

check-fast-path:
	@bin=$(STATIC_SCRATCH)/release/timeline-emit; \
	if ldd $$bin 2>/dev/null | grep -Eq 'Foundation|libcurl|libicu'; then \
	  echo "timeline-emit links Foundation, curl or ICU" >&2; exit 1; fi; \
	if nm $$bin 2>/dev/null | grep -q ' swift_task_alloc$$'; then \
	  echo "timeline-emit links Swift's concurrency runtime (an async API reached TimelineCore or TimelineCache)" >&2; exit 1; fi; \
	echo "timeline-emit: $$(ldd $$bin 2>&1 | head -1 | sed 's/^[[:space:]]*//')"

# Style gate: swift-format (part of the Swift toolchain) with the rules in .swift-format.
# `make format` rewrites the files; `make lint` only checks, and fails on any finding.
LINT_PATHS := Sources Tests Fuzz bench Package.swift
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(LINT_PATHS)

format:
	$(SWIFT) format format --in-place --recursive --parallel $(LINT_PATHS)

# Every test uses swift-testing; without --disable-xctest the empty XCTest pass prints a
# confusing "Executed 0 tests".
# The tests run one process per test module, four at a time (scripts/test says why).
test: deps
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory man MAN_FROM=.build/debug/timeline
	scripts/test

# The tree every install starts from (scripts/stage), installed by its own install.sh:
# the same routine as the release tarball's and the Debian package's (docs/packaging.md).
# SKIP_BUILD=1 stages binaries built elsewhere, named by TIMELINE_BIN, EMIT_BIN and
# MAN1 (used by the IntegrationTests).
VERSION := $(shell scripts/version)
STAGE ?= .build/stage/timeline-$(VERSION)
MAN1 ?= .build/man/timeline.1
install: $(if $(SKIP_BUILD),,deps-build build man)
	scripts/stage --out $(STAGE) --timeline "$(or $(TIMELINE_BIN),.build/release/timeline)" \
	  --emit "$(or $(EMIT_BIN),$(STATIC_SCRATCH)/release/timeline-emit)" --man1 "$(MAN1)" --strip
	sh $(STAGE)/install.sh --prefix "$(PREFIX)" $(if $(DESTDIR),--destdir "$(DESTDIR)")

uninstall:
	sh scripts/install.sh --uninstall --prefix "$(PREFIX)" $(if $(DESTDIR),--destdir "$(DESTDIR)")

# timeline(1) from the argument parser's definitions: swift-argument-parser's
# generate-manual tool (a small debug build of the tool alone) reads them from the built
# binary, the release one unless MAN_FROM names another (`make test` uses the debug one),
# so no second build of the package is needed. The date is the last commit's
# (SOURCE_DATE_EPOCH), so the page is the same from the same commit. Its blank lines
# between paragraphs become .Pp, which mdoc wants; SEE ALSO names the other pages.
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)
export SOURCE_DATE_EPOCH
MAN_FROM ?= .build/release/timeline
man:
	@[ -x "$(MAN_FROM)" ] || { echo "make man: $(MAN_FROM) is not built (make build, or MAN_FROM=.build/debug/timeline)" >&2; exit 1; }
	$(SWIFT) build --product generate-manual
	@mkdir -p $(dir $(MAN1)) .build/man-work
	"$$($(SWIFT) build --show-bin-path)/generate-manual" "$(MAN_FROM)" --output-directory .build/man-work \
	  --date "$$(date -u -d @$(SOURCE_DATE_EPOCH) +%Y-%m-%d)"
	awk '{ print ($$0 == "" ? ".Pp" : $$0) }' .build/man-work/timeline.1 > $(MAN1)
	printf '.Sh "SEE ALSO"\n.Xr timeline-emit 1 ,\n.Xr timeline.toml 5\n' >> $(MAN1)

version:
	@echo $(VERSION)

# Release artifacts (docs/packaging.md): stripped binaries, no Swift runtime needed.
DIST_STAGE := .build/dist-stage/timeline-$(VERSION)
TAR_ARCH := $(shell uname -m)
dist: build man
	scripts/stage --out $(DIST_STAGE) --timeline .build/release/timeline \
	  --emit $(STATIC_SCRATCH)/release/timeline-emit --man1 $(MAN1) --strip
	@mkdir -p dist
	tar -C $(dir $(DIST_STAGE)) --sort=name --owner=0 --group=0 --numeric-owner --format=gnu \
	  --mtime=@$(SOURCE_DATE_EPOCH) --mode=u+rwX,go+rX,go-w -cf - timeline-$(VERSION) \
	  | gzip -9n > dist/timeline-$(VERSION)-linux-$(TAR_ARCH).tar.gz
	@ls -l dist/timeline-$(VERSION)-linux-$(TAR_ARCH).tar.gz

deb: dist
	scripts/deb $(DIST_STAGE) dist

# Builds both artifacts, then installs and runs them as a user without Swift would.
# Then makes both again and compares them byte for byte (scripts/check-reproducible).
check-dist: dist deb
	scripts/check-dist dist/timeline-$(VERSION)-linux-$(TAR_ARCH).tar.gz dist/timeline_$(VERSION)_$$(dpkg --print-architecture).deb
	scripts/check-reproducible

# Fault injection, hostile input and fuzzing figures: runs the ReliabilityTests and writes
# docs/reliability.md (scripts/reliability).
reliability: deps
	scripts/reliability

# libFuzzer targets in Fuzz/ (Fuzz/README.md), FUZZ_JOBS at a time; each stops by itself.
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= 2
fuzz:
	scripts/fuzz --seconds $(FUZZ_SECONDS) --jobs $(FUZZ_JOBS)

bench: deps build
	bench/run

clean:
	rm -rf .build $(STATIC_SCRATCH) dist
