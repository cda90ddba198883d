#!/usr/bin/env bash
# Stops the Swift all-in-one started by scripts/swift/start.sh: the pids recorded in its state folder.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
DIR="${SWIFT_STATE_DIR:-$ROOT/.tmp/swift}"
[ -f "$DIR/pids" ] || exit 0
pids=()
while read -r _ pid; do
  if kill "$pid" 2>/dev/null; then pids+=("$pid"); fi
done <"$DIR/pids"
# Give them five seconds to exit, then force.
for _ in $(seq 1 50); do
  alive=()
  for pid in "${pids[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then alive+=("$pid"); fi
  done
  if [ "${#alive[@]}" -eq 0 ]; then break; fi
  sleep 0.1
done
for pid in "${pids[@]}"; do
  if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid" 2>/dev/null || true; fi
done
rm -f "$DIR/pids"
echo "swift: stopped" >&2
