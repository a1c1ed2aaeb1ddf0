#!/bin/sh
# bench-ust.sh [EVENTS] [RUNS]: ns per event recorded by an application,
# with the drainer running, 1 and 2 threads:
#   libltt-ust, per-thread buffers (the default) and per-CPU buffers,
#     drained by ltt-ust-drain;
#   LTTng-UST on the same loop (bench-ust-lttng.c), drained by
#     lttng-sessiond/lttng-consumerd, when lttng-ust and lttng-tools are
#     installed.
# Every buffer holds a whole run (32 x 1 MiB sub-buffers per buffer, discard
# mode; per-thread libltt-ust uses 16 buffers: 512 MiB of tmpfs) so nothing
# is dropped whatever the drainer's speed; the registry is on tmpfs.  Configurations
# alternate within each of RUNS rounds (default 3) so that a busy machine
# affects all alike; the median of the rounds is printed.
# Run from the build tree after `make -C bench bench-ust`.
EVENTS=${1:-300000}
RUNS=${2:-3}
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$(dirname "$0")" && pwd)
[ -f "$SRC/bench-ust-lttng.c" ] || SRC=${TOP_SRCDIR:-$HERE/..}/bench
BUILD=${TOP_BUILDDIR:-$HERE/..}
BENCH=$BUILD/bench/bench-ust
DRAIN=$BUILD/ltt-control/ust/ltt-ust-drain
[ -x "$BENCH" ] || { echo "bench-ust.sh: build bench-ust first (make -C bench bench-ust)" >&2; exit 1; }
SHM=/dev/shm
[ -d $SHM ] && [ -w $SHM ] || SHM=${TMPDIR:-/tmp}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/bench-ust.XXXXXX") || exit 1
REG=$(mktemp -d "$SHM/bench-ust-reg.XXXXXX") || exit 1
SESSIOND_PID=
cleanup() {
	[ -n "$SESSIOND_PID" ] && kill "$SESSIOND_PID" 2>/dev/null && wait "$SESSIOND_PID" 2>/dev/null
	rm -rf "$TMP" "$REG"
}
trap cleanup EXIT

# One libltt-ust run: prints "WALL CPU" ns/event, or "lost:N" when the run
# dropped events.
run_ltt() { # run_ltt BUFFERS THREADS
	rm -rf "$TMP/trace"
	"$DRAIN" -o "$TMP/trace" --registry "$REG" --period 50 & dpid=$!
	out=$(LTT_UST_REGISTRY=$REG LTT_UST_BUFFERS=$1 LTT_UST_SUBBUF_SIZE=1048576 LTT_UST_SUBBUF_COUNT=32 \
		"$BENCH" "$2" "$EVENTS")
	kill -TERM $dpid; wait $dpid
	set -- $out
	echo "${12}" >>"$TMP/faults"
	[ "${10}" = 0 ] && echo "$6 $8" || echo "lost:${10}"
}

LTTNG=
if command -v lttng >/dev/null && command -v lttng-sessiond >/dev/null \
   && pkg-config --exists lttng-ust 2>/dev/null \
   && ${CC:-cc} -O2 -I"$SRC" "$SRC/bench-ust-lttng.c" -o "$TMP/bench-ust-lttng" \
	$(pkg-config --cflags --libs lttng-ust) -pthread 2>"$TMP/cc.err"; then
	if ! lttng list >/dev/null 2>&1; then
		# In the foreground of a background job: $! is the daemon itself.
		lttng-sessiond >"$TMP/sessiond.log" 2>&1 & SESSIOND_PID=$!
		i=0
		while ! lttng list >/dev/null 2>&1 && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	fi
	lttng list >/dev/null 2>&1 && LTTNG=$TMP/bench-ust-lttng
fi

run_lttng() { # run_lttng THREADS
	s=bench-ust-$$
	lttng create $s --output="$TMP/lttng" >/dev/null &&
	lttng enable-channel -u ch --subbuf-size=1M --num-subbuf=32 -s $s >/dev/null &&
	lttng enable-event -u -c ch 'bench_ust:tick' -s $s >/dev/null &&
	lttng start $s >/dev/null || { echo "failed"; return; }
	ns=$("$LTTNG" "$1" "$EVENTS" | awk '{ print $6, $8 }')
	msg=$(lttng stop $s 2>&1)
	lttng destroy $s >/dev/null 2>&1
	rm -rf "$TMP/lttng"
	case $msg in *discarded*) echo "lost:$(echo "$msg" | grep -o '[0-9]* events were discarded')";; *) echo "$ns";; esac
}

# median of the "WALL CPU" lines, each column on its own: "WALL/CPU".
median() {
	grep -v lost >"$TMP/m" || { echo "-"; return; }
	w=$(cut -d' ' -f1 "$TMP/m" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
	c=$(cut -d' ' -f2 "$TMP/m" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
	echo "$w/$c"
}

echo "# ns per event as WALL/CPU (elapsed and thread CPU time per event), $EVENTS events per thread,"
echo "# median of $RUNS rounds, drainer running"
[ -n "$LTTNG" ] || echo "# LTTng-UST not measured (needs liblttng-ust-dev, lttng-tools and a working lttng-sessiond)"
: >"$TMP/faults"
for threads in 1 2; do
	: >"$TMP/cpu"; : >"$TMP/thread"; : >"$TMP/lttng.ns"
	for r in $(seq "$RUNS"); do
		run_ltt cpu $threads >>"$TMP/cpu"
		run_ltt thread $threads >>"$TMP/thread"
		[ -n "$LTTNG" ] && run_lttng $threads >>"$TMP/lttng.ns"
	done
	printf "threads %s  libltt-ust per-CPU %s  per-thread %s  LTTng-UST %s\n" $threads \
		"$(median <"$TMP/cpu")" "$(median <"$TMP/thread")" "$( [ -n "$LTTNG" ] && median <"$TMP/lttng.ns" || echo -)"
	for f in cpu thread lttng.ns; do
		grep lost "$TMP/$f" | sed "s/^/# $f, $threads threads, a run dropped events (not in the median): /"
	done
done
# The buffers are populated at registration: the loops should take none.
echo "# page faults inside libltt-ust's measured loops, most in one run: $(sort -n "$TMP/faults" | tail -1)"
