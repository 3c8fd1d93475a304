# The two README commands. Everything else lives in CMake presets and scripts/.
PRESET ?= dev
BUILD  := build/$(PRESET)
JOBS   ?= $(shell nproc)
OUT    ?= vestige-demo

.PHONY: demo test deps configure build asan fuzz bench clean format

deps:
	@scripts/deps

configure: deps
	@test -f $(BUILD)/build.ninja || cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

demo: build
	$(BUILD)/apps/vestige/vestige demo --out $(OUT)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

asan:
	@$(MAKE) --no-print-directory test PRESET=asan

fuzz: deps
	@scripts/fuzz-smoke $(FUZZ_SECONDS)

bench: build
	@scripts/bench

format:
	@git ls-files '*.cpp' '*.hpp' | xargs clang-format -i

clean:
	rm -rf build
