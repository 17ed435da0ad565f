# Convenience targets; the scripts hold the real steps.
.PHONY: run test lint e2e bench openapi

run:
	./scripts/run.sh

test:
	./scripts/test.sh

lint:
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings
	npm --prefix web run -s lint
	npm --prefix web run -s typecheck

e2e:
	./scripts/e2e.sh

bench:
	./bench/run.sh

openapi:
	cargo run -q -p waypoint -- openapi > openapi.json
	npm --prefix web run -s gen:api
