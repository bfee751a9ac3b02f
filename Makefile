# timeline: build, test, install. `make help` lists the targets.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(DESTDIR)$(PREFIX)/bin
SHAREDIR := $(DESTDIR)$(PREFIX)/share/timeline
SWIFT ?= swift
STATIC_SCRATCH := .build-static
APT_PACKAGES := libjson-c-dev pkg-config tmux tzdata python3 hyperfine valgrind procps
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: help deps build build-static test install uninstall bench clean check-fast-path

help:
	@echo "make deps       install system packages (apt) the build and tests need"
	@echo "make build      release build of timeline and the static timeline-emit"
	@echo "make test       run every test"
	@echo "make install    install to PREFIX=$(PREFIX) (DESTDIR supported)"
	@echo "make uninstall  remove what install put there"
	@echo "make bench      emitter and refresh benchmarks (docs/performance.md)"
	@echo "make clean      remove build folders"

# Installs only what is missing, so it is a no-op on a ready machine.
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product timeline
	$(MAKE) build-static

# timeline-emit is linked fully static (json-c's libjson-c.a included): no dynamic
# loader work at start-up, which is what makes it as cheap as `cat`.
build-static:
	$(SWIFT) build -c release --product timeline-emit --scratch-path $(STATIC_SCRATCH) -Xswiftc -static-executable
	@$(MAKE) --no-print-directory check-fast-path

check-fast-path:
	@bin=$(STATIC_SCRATCH)/release/timeline-emit; \
	if ldd $$bin 2>/dev/null | grep -Eq 'Foundation|libcurl|libicu'; then \
	  echo "timeline-emit links Foundation, curl or ICU" >&2; exit 1; fi; \
	echo "timeline-emit: $$(ldd $$bin 2>&1 | head -1 | sed 's/^[[:space:]]*//')"

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

install: deps build
	install -d $(BINDIR) $(SHAREDIR)
	install -m 755 .build/release/timeline $(BINDIR)/timeline
	install -m 755 $(STATIC_SCRATCH)/release/timeline-emit $(BINDIR)/timeline-emit
	@if [ -d integrations ]; then cp -R integrations $(SHAREDIR)/; fi
	@echo "installed timeline and timeline-emit to $(BINDIR)"

uninstall:
	rm -f $(BINDIR)/timeline $(BINDIR)/timeline-emit
	rm -rf $(SHAREDIR)

bench: deps build
	bench/run

clean:
	rm -rf .build $(STATIC_SCRATCH)
