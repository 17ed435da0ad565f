#!/usr/bin/env bash
# Lighthouse performance of the web app (mobile preset, the default form factor), in the
# system Chromium. It starts nothing: run a built server first (see bench/web-weight.md).
#
#   bench/lighthouse.sh http://127.0.0.1:18300              # /, /login and /circles
#   ROUTES="/ /events" RUNS=3 bench/lighthouse.sh URL       # other routes, median of 3 runs
#
# Goals of issue 11: performance ≥ 95 on / and /login, ≥ 90 on /circles. Not run in CI:
# scores move with the machine's load.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

base="${1:-${WAYPOINT_URL:-}}"
if [ -z "$base" ]; then
  echo "usage: bench/lighthouse.sh <base URL>   (e.g. http://127.0.0.1:18300)" >&2
  exit 2
fi
base="${base%/}"
routes="${ROUTES:-/ /login /circles}"
runs="${RUNS:-1}"
export CHROME_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

# Lighthouse is a bench-only tool, pinned in bench/package.json (12.2 runs on Node 20).
if [ ! -x "$here/node_modules/.bin/lighthouse" ]; then
  npm --prefix "$here" ci --no-audit --no-fund >/dev/null
fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

printf 'route\tscore\tFCP ms\tLCP ms\tTBT ms\tCLS\tSI ms\n'
for route in $routes; do
  for run in $(seq 1 "$runs"); do
    "$here/node_modules/.bin/lighthouse" "$base$route" \
      --quiet --only-categories=performance --output=json --output-path="$out/run-$run.json" \
      --chrome-flags="--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync" \
      >/dev/null 2>"$out/run-$run.log" || { cat "$out/run-$run.log" >&2; exit 1; }
  done
  node - "$route" "$out" "$runs" <<'EOF'
const fs = require('node:fs');
const [route, dir, runs] = process.argv.slice(2);
const reports = Array.from({ length: Number(runs) }, (_, i) => JSON.parse(fs.readFileSync(`${dir}/run-${i + 1}.json`, 'utf8')));
// The run with the median score stands for the route.
reports.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
const report = reports[Math.floor(reports.length / 2)];
const metric = (id) => report.audits[id].numericValue;
console.log([
  route,
  Math.round(report.categories.performance.score * 100),
  Math.round(metric('first-contentful-paint')),
  Math.round(metric('largest-contentful-paint')),
  Math.round(metric('total-blocking-time')),
  metric('cumulative-layout-shift').toFixed(3),
  Math.round(metric('speed-index')),
].join('\t'));
EOF
done
