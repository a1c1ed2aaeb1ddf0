#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# textdump.sh [EVENTS]: speed of `lttv -m textDump` writing to /dev/null on
# an ltt-synth trace of EVENTS events (default 10,000,000), in events/s of
# elapsed time and of CPU time (user + system), best of three runs.
# Run from the build tree: bash bench/textdump.sh, or set TOP_BUILDDIR.
events=${1:-10000000}
top_builddir=${TOP_BUILDDIR:-$(pwd)}
lttv="$top_builddir/lttv/lttv/lttv"
synth="$top_builddir/ltt/ltt-synth"
LTTV_MODULE_PATH="$top_builddir/lttv/modules/text"
export LTTV_MODULE_PATH
[ -x "$lttv" ] && [ -x "$synth" ] || { echo "textdump.sh: build lttv and ltt-synth first (run from the build tree)" >&2; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

"$synth" -o "$tmp/trace" --cpus 4 --processes 100 --events "$events" --seed 1 || exit 1
lines=$("$lttv" -m textDump -t "$tmp/trace" | wc -l)
best_wall= best_cpu=
TIMEFORMAT='%R %U %S'
for pass in 1 2 3; do
	read -r wall user sys < <({ time "$lttv" -m textDump -t "$tmp/trace" > /dev/null; } 2>&1) || exit 1
	cpu=$(echo "$user + $sys" | bc -l)
	if [ -z "$best_wall" ] || [ "$(echo "$wall < $best_wall" | bc -l)" -eq 1 ]; then best_wall=$wall; fi
	if [ -z "$best_cpu" ] || [ "$(echo "$cpu < $best_cpu" | bc -l)" -eq 1 ]; then best_cpu=$cpu; fi
done
printf 'textDump to /dev/null: %s events; elapsed %.2f s = %.2f M events/s; CPU %.2f s = %.2f M events/s\n' \
	"$lines" "$best_wall" "$(echo "$lines / $best_wall / 1000000" | bc -l)" \
	"$best_cpu" "$(echo "$lines / $best_cpu / 1000000" | bc -l)"
