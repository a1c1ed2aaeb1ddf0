#!/bin/bash
# import.sh [BUILD_DIR]: the figures of doc/performance.md "Import and
# export" in one run, beside the peers on the same traces: ltt-import
# against `babeltrace2 -o dummy` (CTF) and `trace-cmd report > /dev/null`
# (trace.dat); lttv -m textDump and -m batchAnalysis -s on the import against
# babeltrace2 and trace-cmd printing the original; the second open of a
# foreign trace through the cache; ltt-export.  Prints "name value unit"
# lines and "#" notes, as bench/run-all.sh does; medians of RUNS (3).
#
#   LTTV_BENCH_DIR     where traces are kept between runs (/tmp/lttv-bench)
#   LTTV_BENCH_EVENTS  events of the synthetic CTF trace (10000000)
#   LTT_TEST_TRACES    shared/traces, for scp_src (/work/shared/traces)
#
# The CTF trace is a synthetic LTT trace exported by ltt-export (sink.ctf.fs
# writes it); the trace.dat is recorded here (root, tracefs) with
# bench/peers/ftrace-extract.sh, and skipped otherwise.
set -u
build=$(cd "${1:-${TOP_BUILDDIR:-.}}" && pwd)
src=$(cd "$(dirname "$0")" && pwd)
work=${LTTV_BENCH_DIR:-/tmp/lttv-bench}
events=${LTTV_BENCH_EVENTS:-10000000}
runs=${RUNS:-3}
traces=${LTT_TEST_TRACES:-/work/shared/traces}
synth=$build/ltt/ltt-synth
import=$build/ltt/import/ltt-import
export_=$build/ltt/import/ltt-export
lttv=$build/lttv/lttv/lttv
LTTV_MODULE_PATH=$build/lttv/modules/text
export LTTV_MODULE_PATH

for p in "$synth" "$import" "$export_" "$lttv"; do
	[ -x "$p" ] || { echo "import.sh: $p missing (a build with libbabeltrace2 is needed)" >&2; exit 1; }
done
command -v babeltrace2 > /dev/null || { echo "import.sh: babeltrace2 missing" >&2; exit 1; }
mkdir -p "$work" || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
XDG_CACHE_HOME=$tmp/cache
export XDG_CACHE_HOME

fig() { printf '%s %s %s\n' "$1" "$2" "$3"; }
note() { printf '# %s\n' "$*"; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'; }

# seconds CMD...: median wall seconds of RUNS runs (stdout to /dev/null);
# BEFORE, when set, runs before each (a cleanup), untimed.
seconds() {
	local i=0 t
	: > "$tmp/t"
	while [ $i -lt "$runs" ]; do
		[ -n "${BEFORE:-}" ] && eval "$BEFORE"
		TIMEFORMAT='%3R'
		t=$( { time "$@" > /dev/null 2> "$tmp/err"; } 2>&1 ) || { echo "import.sh: $*: $(head -n 2 "$tmp/err")" >&2; return 1; }
		echo "$t" >> "$tmp/t"
		i=$((i + 1))
	done
	median < "$tmp/t"
}

# rate NAME EVENTS CMD...: events per wall second, median.
rate() {
	local name=$1 n=$2 s
	shift 2
	s=$(seconds "$@") || return 1
	fig "$name" "$(awk -v n="$n" -v s="$s" 'BEGIN { printf "%.0f", n / s }')" "events/s(wall)"
}

warm() { find "$@" -type f -exec cat {} + > /dev/null; }

note "import.sh: $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -r), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
note "peers: $(babeltrace2 --version | head -n 1); $(trace-cmd --version 2>/dev/null | grep -m 1 version || echo no trace-cmd)"

# ---- CTF: a synthetic trace written by sink.ctf.fs ---------------------
lt=$work/import-synth-$events
ctf=$lt-ctf
if [ ! -f "$ctf/metadata" ] || [ "$(cat "$ctf.stamp" 2>/dev/null)" != "$events $(stat -c %Y "$synth")" ]; then
	rm -rf "$lt" "$ctf"
	"$synth" -o "$lt" --cpus 4 --processes 100 --events "$events" --seed 1 > /dev/null || exit 1
	s=$(TIMEFORMAT='%3R'; { time "$export_" --to ctf "$lt" "$ctf" > /dev/null; } 2>&1) || exit 1
	echo "$events $(stat -c %Y "$synth")" > "$ctf.stamp"
	fig export-ctf "$(awk -v n="$events" -v s="$s" 'BEGIN { printf "%.0f", n / s }')" "events/s(wall)"
fi
note "CTF trace: ltt-synth --cpus 4 --processes 100 --events $events --seed 1, then ltt-export --to ctf ($(du -sh "$ctf" | cut -f1))"
warm "$ctf"
rate ctf-babeltrace2-dummy "$events" babeltrace2 -o dummy "$ctf"
BEFORE='rm -rf "$tmp/imp"' rate ctf-ltt-import "$events" "$import" -q "$ctf" "$tmp/imp"
rm -rf "$tmp/imp"
"$import" -q "$ctf" "$tmp/imp" || exit 1
warm "$tmp/imp"
rate ctf-babeltrace2-text "$events" babeltrace2 "$ctf"
rate ctf-lttv-textdump "$events" "$lttv" -m textDump -t "$tmp/imp"
rate ctf-lttv-batch-stats "$events" "$lttv" -m batchAnalysis -s -t "$tmp/imp"

# lttv -t on the CTF directory: the first open imports, the next ones
# check the source's identity and open the cache.
BEFORE='rm -rf "$XDG_CACHE_HOME"' rate ctf-lttv-first-open "$events" "$lttv" -m batchAnalysis --end=0 -t "$ctf"
s=$(seconds "$lttv" -m batchAnalysis --end=0 -t "$ctf") &&
	fig ctf-lttv-second-open "$(awk -v s="$s" 'BEGIN { printf "%.0f", s * 1000 }')" "ms(wall)"
rm -rf "$tmp/imp" "$XDG_CACHE_HOME"

# ---- scp_src: the real LTTng kernel trace ------------------------------
scp=$traces/scp_src
if [ -d "$scp" ]; then
	n=110771
	warm "$scp"
	BEFORE='rm -rf "$tmp/scp"' rate scp-ltt-import "$n" "$import" -q "$scp" "$tmp/scp"
	# babeltrace2's muxer stops after 11,682 events of this trace
	# (doc/import.md §2): its graph without the muxer reads them all.
	rate scp-babeltrace2-dummy-nomux "$n" babeltrace2 run --component=src:source.ctf.fs \
		--params="inputs=[\"$scp\"]" --component=d:sink.utils.dummy --connect=src:d
else
	note "no $scp: scp_src figures skipped"
fi

# ---- trace.dat -------------------------------------------------------
dat=$work/import-workload.dat
if [ "$(id -u)" = 0 ] && command -v trace-cmd > /dev/null; then
	if [ ! -s "$dat" ]; then
		BUFFER_KB=262144 sh "$src/peers/ftrace-extract.sh" "$dat" \
			sh -c 'for i in 1 2 3 4; do find /usr -type f > /dev/null; done' || rm -f "$dat"
	fi
fi
if [ -s "$dat" ]; then
	"$import" -q "$dat" "$tmp/dat" || exit 1
	n=$("$lttv" -m textDump -t "$tmp/dat" | wc -l)
	note "trace.dat: bench/peers/ftrace-extract.sh on find /usr x4 ($n events, $(du -sh "$dat" | cut -f1))"
	warm "$dat"
	rate dat-trace-cmd-report "$n" trace-cmd report "$dat"
	BEFORE='rm -rf "$tmp/dat"' rate dat-ltt-import "$n" "$import" -q "$dat" "$tmp/dat"
	rm -rf "$tmp/dat"
	"$import" -q "$dat" "$tmp/dat"
	rate dat-lttv-textdump "$n" "$lttv" -m textDump -t "$tmp/dat"
	rate dat-lttv-batch-stats "$n" "$lttv" -m batchAnalysis -s -t "$tmp/dat"
else
	note "no trace.dat (needs root, tracefs and trace-cmd): trace.dat figures skipped"
fi
