#!/usr/bin/env bash
# Lighthouse over the pages of issue 30 (mobile defaults, the system Chromium), printed as the
# issue's table: performance, LCP, TBT, JavaScript transferred, with FCP, CLS, accessibility,
# best practices and the machine's load average. It starts nothing: serve a built app first
# (bench/web-weight.md). The work is in bench/lighthouse.mjs.
#
#   bench/lighthouse.sh http://127.0.0.1:18300
#   RUNS=3 bench/lighthouse.sh URL                    # the median run per page
#   ROUTES="/ /login" bench/lighthouse.sh URL         # other pages
#   SIGNED_IN_ROUTES="/careergps" bench/lighthouse.sh URL   # other pages, signed in
#   SIGN_IN=admin@example.com SIGNED_IN_ROUTES=/admin-dashboard/analytics bench/lighthouse.sh URL
#                                                     # an admin page, the admin view chosen
#
# Not run in CI: timings move with the machine's load (the JavaScript budget is the test:
# web/scripts/budget.mjs).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

if [ -z "${1:-${WAYPOINT_URL:-}}" ]; then
  echo "usage: bench/lighthouse.sh <base URL>   (e.g. http://127.0.0.1:18300)" >&2
  exit 2
fi
# Lighthouse is a bench-only tool, pinned in bench/package.json (12.2 runs on Node 20);
# playwright-core (signing in for the signed-in page) comes with the web app's packages.
if [ ! -x "$here/node_modules/.bin/lighthouse" ]; then
  npm --prefix "$here" ci --no-audit --no-fund >/dev/null
fi
if [ ! -d "$here/../web/node_modules/playwright-core" ]; then
  npm --prefix "$here/../web" ci --no-audit --no-fund >/dev/null
fi
exec node "$here/lighthouse.mjs" "$@"
