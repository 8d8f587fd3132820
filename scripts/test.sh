#!/usr/bin/env bash
# Runs every test suite (type check, unit, build, end-to-end in headless Chromium) and ends with one plain line
# "N passed, N failed" that CI reads.
set -uo pipefail
cd "$(dirname "$0")/.."
passed=0; failed=0
tmp=$(mktemp -d)

step() { # name, command…: a non-test step (type check, build) counts as one test
  local name=$1; shift
  if "$@" >"$tmp/$name.log" 2>&1; then passed=$((passed+1)); echo "ok   $name"
  else failed=$((failed+1)); echo "FAIL $name"; tail -40 "$tmp/$name.log"; fi
}

step typecheck npx tsc --noEmit
step build npm run build --silent

npx vitest run --reporter=default --reporter=json --outputFile="$tmp/vitest.json" 2>&1 | tail -60
if [ -f "$tmp/vitest.json" ]; then
  read -r vp vf < <(node -e 'const r=require(process.argv[1]);console.log(r.numPassedTests, r.numFailedTests + (r.numRuntimeErrorTestSuites||0))' "$tmp/vitest.json")
  passed=$((passed+vp)); failed=$((failed+vf))
else
  echo "vitest produced no report"; failed=$((failed+1))
fi

e2e_files=$(ls test/e2e/*.test.ts 2>/dev/null)
if [ -n "$e2e_files" ]; then
  node --import tsx --test --test-concurrency=1 $e2e_files >"$tmp/e2e.log" 2>&1
  cat "$tmp/e2e.log" | tail -80
  ep=$(grep -E '^# pass [0-9]+' "$tmp/e2e.log" | tail -1 | awk '{print $3}')
  ef=$(grep -E '^# fail [0-9]+' "$tmp/e2e.log" | tail -1 | awk '{print $3}')
  if [ -z "$ep" ]; then ep=$(grep -E 'ℹ pass [0-9]+' "$tmp/e2e.log" | tail -1 | awk '{print $3}'); ef=$(grep -E 'ℹ fail [0-9]+' "$tmp/e2e.log" | tail -1 | awk '{print $3}'); fi
  if [ -z "$ep" ]; then echo "end-to-end run printed no summary"; failed=$((failed+1)); else passed=$((passed+ep)); failed=$((failed+${ef:-0})); fi
fi

rm -rf "$tmp"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
