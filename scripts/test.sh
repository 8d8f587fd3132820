#!/usr/bin/env bash
# Runs every test suite (type check, lint, HTML-sink check, build, bundle budget, quality gate, unit, the runner's
# self-test, end-to-end in headless Chromium) and ends with one plain line "N passed, N failed" that CI reads. Exits
# non-zero on any failure.
# Counting lives in scripts/lib/test-counts.ts: anything that did not visibly pass is a failure (a file that throws
# on import, tests stranded by a failed hook, a cancelled or timed-out test, a missing report, a non-zero exit).
set -uo pipefail
cd "$(dirname "$0")/.."
passed=0; failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

step() { # name, command…: a non-test step (type check, build) counts as one test
  local name=$1; shift
  local started=$SECONDS
  if "$@" >"$tmp/$name.log" 2>&1; then passed=$((passed+1)); echo "ok   $name ($((SECONDS-started)) s)"
  else failed=$((failed+1)); echo "FAIL $name ($((SECONDS-started)) s)"; tail -40 "$tmp/$name.log"; fi
}

count() { # runner (vitest | node-test), report file, exit status: adds the runner's counts
  local p f
  if read -r p f < <(node --import tsx scripts/lib/test-counts.ts "$1" "$2" "$3"); then
    passed=$((passed+p)); failed=$((failed+f))
  else
    echo "could not count the $1 report"; failed=$((failed+1))
  fi
}

node_tests() { # name, files…: node:test with a readable log and a TAP report for counting
  local name=$1; shift
  local started=$SECONDS
  node --import tsx --test --test-concurrency=1 \
    --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$tmp/$name.tap" "$@" >"$tmp/$name.log" 2>&1
  local status=$?
  tail -200 "$tmp/$name.log"
  echo "$name: $((SECONDS-started)) s"
  count node-test "$tmp/$name.tap" "$status"
}

step typecheck npx tsc --noEmit
step lint npx biome lint
step html-sinks npx tsx scripts/check-html-sinks.ts
step build npm run build --silent
step bundle-budget npx tsx scripts/bundle-budget.ts
# F1 on a fixed sample of the dev sets against bench/floors.json (a few minutes; needs ../shared/bench)
step quality-gate npx tsx scripts/quality-gate.ts

started=$SECONDS
npx vitest run --reporter=default --reporter=json --outputFile="$tmp/vitest.json" >"$tmp/vitest.log" 2>&1
status=$?
tail -60 "$tmp/vitest.log"
echo "vitest: $((SECONDS-started)) s"
count vitest "$tmp/vitest.json" "$status"

node_tests runner test/runner/*.test.ts

e2e_files=$(ls test/e2e/*.test.ts 2>/dev/null)
if [ -n "$e2e_files" ]; then node_tests e2e $e2e_files; fi

# The Dask integration (integrations/dask/): Debian's python3-pytest, python3-dask, python3-distributed.
python=${PITH_PYTHON:-/usr/bin/python3}
if "$python" -c 'import pytest' >/dev/null 2>&1; then
  "$python" -m pytest -p no:cacheprovider -q --junitxml="$tmp/pytest.xml" integrations/dask/tests >"$tmp/pytest.log" 2>&1
  tail -30 "$tmp/pytest.log"
  read -r t f e s < <(sed -n 's/.*<testsuite [^>]*errors="\([0-9]*\)" failures="\([0-9]*\)" skipped="\([0-9]*\)" tests="\([0-9]*\)".*/\4 \2 \1 \3/p' "$tmp/pytest.xml" 2>/dev/null)
  if [ -n "${t:-}" ]; then passed=$((passed+t-f-e-s)); failed=$((failed+f+e+s)); else echo "FAIL pytest: no report"; failed=$((failed+1)); fi
else
  echo "FAIL dask integration: pytest is not installed for $python (apt-get install -y python3-pytest python3-dask python3-distributed)"
  failed=$((failed+1))
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
