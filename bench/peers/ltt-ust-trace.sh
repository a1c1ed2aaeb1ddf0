#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# ltt-ust-trace.sh BUILD_DIR OUT EVENTS THREADS: records with libltt-ust and
# ltt-ust-drain the events bench-ust-lttng records with LTTng-UST (same loop,
# same fields: bench/bench-ust-loop.h), THREADS threads writing EVENTS in
# all, so that run-all.sh reads traces of the same events with our tools and
# with babeltrace2.  Every buffer holds the whole run (per-thread buffers of
# 128 x 1 MiB sub-buffers on tmpfs, allocated as written), so nothing is
# dropped whatever the drainer's speed.
set -u
build=$1 out=$2 events=$3 threads=$4
bench=$build/bench/bench-ust
drain=$build/ltt-control/ust/ltt-ust-drain
fail() { echo "ltt-ust-trace: $*" >&2; exit 1; }
[ -x "$bench" ] && [ -x "$drain" ] || fail "build bench-ust and ltt-ust-drain first"
shm=/dev/shm
[ -d $shm ] && [ -w $shm ] || shm=${TMPDIR:-/tmp}
reg=$(mktemp -d "$shm/ltt-ust-trace.XXXXXX") || exit 1
dpid=
trap '[ -n "$dpid" ] && kill "$dpid" 2>/dev/null; rm -rf "$reg"' EXIT
trap 'exit 1' INT TERM
rm -rf "$out"
"$drain" -o "$out" --registry "$reg" --period 50 & dpid=$!
res=$(LTT_UST_REGISTRY=$reg LTT_UST_SUBBUF_SIZE=1048576 LTT_UST_SUBBUF_COUNT=128 \
	"$bench" "$threads" $((events / threads))) || fail "bench-ust failed"
kill -TERM $dpid
wait $dpid || fail "ltt-ust-drain failed"
dpid=
set -- $res
[ "${10}" = 0 ] || fail "$res: events were lost"
