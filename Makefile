# timeline: build, test, install. `make help` lists the targets.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(DESTDIR)$(PREFIX)/bin
SHAREDIR := $(DESTDIR)$(PREFIX)/share/timeline
SWIFT ?= swift
STATIC_SCRATCH := .build-static
APT_PACKAGES := libjson-c-dev pkg-config tmux tzdata python3 hyperfine valgrind procps polybar xvfb fonts-dejavu-core
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: help deps build build-static test install uninstall bench clean check-fast-path fuzz reliability

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

# Installs the files listed in integrations/README.md ("Installed files"). SKIP_BUILD=1
# installs binaries built elsewhere, named by TIMELINE_BIN and EMIT_BIN (used by the
# IntegrationTests: make install SKIP_BUILD=1 DESTDIR=... TIMELINE_BIN=... EMIT_BIN=...).
install: $(if $(SKIP_BUILD),,deps build)
	@set -e; \
	timeline="$(or $(TIMELINE_BIN),.build/release/timeline)"; \
	emit="$(or $(EMIT_BIN),$(STATIC_SCRATCH)/release/timeline-emit)"; \
	root="$(DESTDIR)$(PREFIX)"; \
	share="$$root/share/timeline"; \
	install -d "$$root/bin" "$$share/integrations/waybar" "$$share/integrations/polybar" \
	  "$$share/integrations/tmux/scripts" "$$share/integrations/systemd" "$$share/integrations/cron" \
	  "$$share/examples" "$$root/lib/systemd/user" "$$root/share/bash-completion/completions" \
	  "$$root/share/zsh/site-functions" "$$root/share/fish/vendor_completions.d"; \
	install -m 755 "$$timeline" "$$root/bin/timeline"; \
	install -m 755 "$$emit" "$$root/bin/timeline-emit"; \
	for f in README.md waybar/config.jsonc waybar/style.css waybar/README.md \
	  polybar/modules.ini polybar/README.md tmux/README.md \
	  systemd/README.md cron/README.md; do \
	  install -m 644 "integrations/$$f" "$$share/integrations/$$f"; done; \
	install -m 755 integrations/tmux/timeline.tmux "$$share/integrations/tmux/timeline.tmux"; \
	install -m 755 integrations/tmux/scripts/interpolate.sh "$$share/integrations/tmux/scripts/interpolate.sh"; \
	for f in systemd/timeline-refresh.service systemd/timeline-refresh.timer cron/crontab; do \
	  sed 's|/usr/local/bin/timeline|$(PREFIX)/bin/timeline|g' "integrations/$$f" > "$$share/integrations/$$f"; \
	  chmod 644 "$$share/integrations/$$f"; done; \
	install -m 644 "$$share/integrations/systemd/timeline-refresh.service" "$$root/lib/systemd/user/timeline-refresh.service"; \
	install -m 644 "$$share/integrations/systemd/timeline-refresh.timer" "$$root/lib/systemd/user/timeline-refresh.timer"; \
	install -m 644 examples/config.toml "$$share/examples/config.toml"; \
	install -m 755 examples/countdown.sh "$$share/examples/countdown.sh"; \
	for f in banidb/random-shabad.json banidb/hukamnama.json banidb/favourites.json \
	  avalanche/varsom-en.json avalanche/varsom-nb.json avalanche/lavinprognoser-sv.json; do \
	  install -D -m 644 "Sources/Providers/Samples/$$f" "$$share/samples/$$f"; done; \
	"$$timeline" --generate-completion-script bash > "$$root/share/bash-completion/completions/timeline"; \
	"$$timeline" --generate-completion-script zsh > "$$root/share/zsh/site-functions/_timeline"; \
	"$$timeline" --generate-completion-script fish > "$$root/share/fish/vendor_completions.d/timeline.fish"; \
	echo "installed timeline and timeline-emit to $$root/bin, integrations to $$share"; \
	echo "next: timeline preview; systemctl --user enable --now timeline-refresh.timer; timeline doctor"

uninstall:
	rm -f $(BINDIR)/timeline $(BINDIR)/timeline-emit
	rm -rf $(SHAREDIR)
	rm -f $(DESTDIR)$(PREFIX)/lib/systemd/user/timeline-refresh.service \
	  $(DESTDIR)$(PREFIX)/lib/systemd/user/timeline-refresh.timer \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/timeline \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_timeline \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/timeline.fish

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
	rm -rf .build $(STATIC_SCRATCH)
