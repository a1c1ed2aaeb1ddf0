#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# run-all.sh [BUILD_DIR]: every benchmark of doc/performance.md in one run,
# with the peers (babeltrace2, trace-cmd, LTTng-UST) measured beside ours on
# the same machine at the same time.  Prints one line per figure,
# "name value unit", and "#" lines saying what was run and why a peer could
# not be.  Units ending in "(cpu)" are per CPU second (user + system, or the
# thread's CPU time where the bench program measures it), "(wall)" per
# elapsed second.  Commands run 3 times (RUNS) and the median is printed;
# the bench programs that repeat internally run once with 3 rounds.
#
#   LTTV_BENCH_DIR     where traces are cached between runs (/tmp/lttv-bench)
#   LTTV_BENCH_EVENTS  events of the synthetic and user-space traces (10000000)
#   RUNS               repetitions (3)
#
# Needs root for the kernel figures (tracefs), which are skipped otherwise.
# Run from anywhere: BUILD_DIR defaults to TOP_BUILDDIR, then the current
# directory.
set -u
build=$(cd "${1:-${TOP_BUILDDIR:-.}}" && pwd)
src=$(cd "$(dirname "$0")" && pwd)
work=${LTTV_BENCH_DIR:-/tmp/lttv-bench}
events=${LTTV_BENCH_EVENTS:-10000000}
runs=${RUNS:-3}
tree=${TREE:-/usr/include}
synth=$build/ltt/ltt-synth
lttv=$build/lttv/lttv/lttv
lttctl=$build/ltt-control/lttctl
LTTV_MODULE_PATH=$build/lttv/modules/text
export LTTV_MODULE_PATH

[ -f "$build/Makefile" ] || { echo "run-all: $build is not a configured build tree" >&2; exit 1; }
mkdir -p "$work" || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

fig() { printf '%s %s %s\n' "$1" "$2" "$3"; }
note() { printf '# %s\n' "$*"; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'; }

# timed FILE CMD...: runs CMD (stdout to /dev/null) and appends
# "WALL CPU" seconds to FILE; FALSE if CMD failed.
timed() {
	local f=$1 t rc
	shift
	TIMEFORMAT='%3R %3U %3S'
	# time's report goes to the group's standard error, the command's
	# own messages to $tmp/err.
	t=$( { time "$@" >/dev/null 2>"$tmp/err"; } 2>&1 ); rc=$?
	[ $rc = 0 ] || { echo "run-all: $*: $(head -n 2 "$tmp/err")" >&2; return 1; }
	echo "$t" | awk '{ print $1, $2 + $3 }' >> "$f"
}

# rate NAME EVENTS TRACE CMD...: RUNS timed runs of CMD reading TRACE (a
# file or directory, read once before so that it is in the page cache);
# prints events per second of wall and of CPU time (medians).
rate() {
	local name=$1 n=$2 i=0
	find "$3" -type f -exec cat {} + > /dev/null
	shift 3
	: > "$tmp/rate"
	while [ $i -lt "$runs" ]; do
		timed "$tmp/rate" "$@" || return 1
		i=$((i + 1))
	done
	rate_wall=$(awk -v n="$n" '{ print n / $1 }' "$tmp/rate" | median | xargs printf '%.0f')
	rate_cpu=$(awk -v n="$n" '{ print n / $2 }' "$tmp/rate" | median | xargs printf '%.0f')
	fig "$name" "$rate_wall" "events/s(wall)"
	fig "$name" "$rate_cpu" "events/s(cpu)"
}

# cached DIR STAMP CMD...: runs CMD to make DIR unless DIR was made by the
# same STAMP (a description of the command) before.
cached() {
	local dir=$1 stamp=$2
	shift 2
	if [ -e "$dir" ] && [ "$(cat "$dir.stamp" 2>/dev/null)" = "$stamp" ]; then
		return 0
	fi
	rm -rf "$dir" "$dir.stamp" "$dir.count"
	"$@" || return 1
	echo "$stamp" > "$dir.stamp"
}

# count_lines DIR.count CMD...: lines CMD prints, cached beside the trace
# (cached() removes it with the trace).
count_lines() {
	local f=$1
	shift
	[ -s "$f" ] || "$@" 2>/dev/null | wc -l > "$f"
	cat "$f"
}

# field FILE KEY: the value of "KEY value" lines (bench-ltt-read), median.
field() { awk -v k="$2" '$1 == k { print $2 }' "$1" | median; }

note "run-all: $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -r), $(nproc) CPUs," \
     "$(grep -m 1 'model name' /proc/cpuinfo | sed 's/.*: //')"
note "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
note "$events events in the synthetic and user-space traces; median of $runs"
note "peers: $(babeltrace2 --version 2>/dev/null | head -n 1 || echo no babeltrace2);" \
     "$(trace-cmd --version 2>/dev/null | grep -m 1 version || echo no trace-cmd);" \
     "$(lttng --version 2>/dev/null | head -n 1 || echo no lttng)," \
     "lttng-ust $(pkg-config --modversion lttng-ust 2>/dev/null || echo absent)"

# The whole tree and the bench programs, all that the figures run.
build_all() {
	make -s -C "$build" >"$tmp/make.log" 2>&1 && make -s -C "$build/bench" bench >>"$tmp/make.log" 2>&1 ||
		{ cat "$tmp/make.log" >&2; exit 1; }
}
note "building the tree and the bench programs: make -C $build && make -C $build/bench bench"
build_all

# ---- traces ------------------------------------------------------------
st=$work/synth-$events
cached "$st" "ltt-synth --cpus 4 --processes 100 --events $events --seed 1 $(stat -c %Y "$synth")" \
	"$synth" -o "$st" --cpus 4 --processes 100 --events "$events" --seed 1 >/dev/null || exit 1
note "synthetic trace: $synth -o $st --cpus 4 --processes 100 --events $events --seed 1"

# The same user-space events through libltt-ust (ours) and LTTng-UST (CTF for
# babeltrace2): 4 threads; LTTng-UST writes each thread to its own channel,
# 8 streams on 2 CPUs; libltt-ust's per-thread buffers give 4 tracefiles.
ut=$work/ltt-ust-$events
if cached "$ut" "ltt-ust 4 $events $(stat -c %Y "$build/bench/bench-ust")" \
	sh "$src/peers/ltt-ust-trace.sh" "$build" "$ut" "$events" 4 2>"$tmp/ut.err"; then
	note "libltt-ust trace: $src/peers/ltt-ust-trace.sh $build $ut $events 4"
else
	note "no libltt-ust trace: $(head -n 1 "$tmp/ut.err")"
	ut=
fi
ct=$work/lttng-ust-$events
if cached "$ct" "lttng-ust 4 $events split" \
	sh "$src/peers/lttng-ust-trace.sh" "$ct" "$events" 4 split 2>"$tmp/ct.err"; then
	note "LTTng-UST CTF trace: $src/peers/lttng-ust-trace.sh $ct $events 4 split"
else
	note "no LTTng-UST trace, babeltrace2 not measured: $(head -n 1 "$tmp/ct.err")"
	ct=
fi

# One workload traced by lttctl record and by the kernel's own buffer
# written out by trace-cmd extract (trace-cmd record fails on this VM):
# tar+gzip of a tree, 4 times for a few million events.
job="for i in 1 2 3 4; do tar -C $(dirname "$tree") -cf - $(basename "$tree") 2>/dev/null | gzip -3 >/dev/null; done"
kt='' tc=''
if [ "$(id -u)" = 0 ] && [ -d /sys/kernel/tracing/instances ] && [ -x "$lttctl" ]; then
	kt=$work/lttctl-tar
	LTTCTL_STATE_DIR=$tmp/lttctl-state
	export LTTCTL_STATE_DIR
	if cached "$kt" "lttctl record $job" "$lttctl" record -o "$kt" -s 65536 -- sh -c "$job" \
		>/dev/null 2>"$tmp/kt.err"; then
		note "kernel trace: $lttctl record -o $kt -s 65536 -- sh -c '$job'"
	else
		note "no lttctl trace: $(head -n 1 "$tmp/kt.err")"
		kt=
	fi
	tc=$work/trace-cmd-tar.dat
	if command -v trace-cmd >/dev/null \
	   && cached "$tc" "ftrace-extract $job" sh "$src/peers/ftrace-extract.sh" "$tc" sh -c "$job" 2>"$tmp/tc.err"; then
		note "trace.dat: $src/peers/ftrace-extract.sh $tc sh -c '$job' (same events as lttctl's default set)"
		[ -s "$tmp/tc.err" ] && note "$(head -n 1 "$tmp/tc.err")"
	else
		note "trace-cmd not measured: $(command -v trace-cmd >/dev/null && head -n 1 "$tmp/tc.err" || echo not installed)"
		tc=
	fi
else
	note "kernel traces not made: needs root, tracefs and lttctl"
fi
note "load average after making traces: $(cut -d' ' -f1-3 /proc/loadavg)"

# ---- libltt (issue 2) ----------------------------------------------------
# bench-ltt-read measures throughput in its thread's CPU time, open and
# seeks in wall time.
read_bench() { # read_bench OUT TRACE
	local i=0
	: > "$1"
	while [ $i -lt "$runs" ]; do
		"$build/bench/bench-ltt-read" "$2" >> "$1" || return 1
		i=$((i + 1))
	done
}
note "libltt: $build/bench/bench-ltt-read $st (x$runs)"
if read_bench "$tmp/read" "$st"; then
	n_st=$(field "$tmp/read" events)
	fig libltt.iterate_headers "$(field "$tmp/read" headers_events_per_s)" "events/s(cpu)"
	fig libltt.decode_all_fields "$(field "$tmp/read" decode_events_per_s)" "events/s(cpu)"
	fig libltt.seek_time_median "$(field "$tmp/read" seek_median_us)" "us(wall)"
	fig libltt.seek_time_p99 "$(field "$tmp/read" seek_p99_us)" "us(wall)"
	fig libltt.open "$(field "$tmp/read" open_ms)" "ms(wall)"
else
	n_st=$events
fi
if [ -n "$ut" ] && read_bench "$tmp/uread" "$ut"; then
	note "libltt on the libltt-ust trace ($(field "$tmp/uread" events) events): bench-ltt-read $ut"
	fig libltt.ust_trace.decode_all_fields "$(field "$tmp/uread" decode_events_per_s)" "events/s(cpu)"
fi
if [ -n "$ct" ]; then
	if command -v babeltrace2 >/dev/null; then
		n_ct=$(count_lines "$ct.count" babeltrace2 "$ct")
		note "babeltrace2 decode ($n_ct events, muxed): babeltrace2 -o dummy $ct"
		rate peer.babeltrace2.decode_dummy "$n_ct" "$ct" babeltrace2 -o dummy "$ct"
	else
		note "babeltrace2 not measured: not installed"
	fi
fi

# ---- lttv (issue 3) --------------------------------------------------------
note "lttv textDump: $lttv -m textDump -t $st > /dev/null"
rate lttv.textdump "$n_st" "$st" "$lttv" -m textDump -t "$st"
if [ -n "$ut" ] && [ -n "$ct" ] && command -v babeltrace2 >/dev/null; then
	n_ut=$(count_lines "$ut.count" "$lttv" -m textDump -t "$ut")
	note "same user-space events as text: ours $lttv -m textDump -t $ut ($n_ut lines);" \
	     "babeltrace2 $ct > /dev/null ($n_ct lines)"
	rate lttv.textdump.ust_trace "$n_ut" "$ut" "$lttv" -m textDump -t "$ut"
	rate peer.babeltrace2.text "$n_ct" "$ct" babeltrace2 "$ct"
fi
if [ -n "$kt" ] && [ -n "$tc" ]; then
	n_kt=$(count_lines "$kt.count" "$lttv" -m textDump -t "$kt")
	n_tc=$(count_lines "$tc.count" trace-cmd report -i "$tc")
	note "same kernel workload as text: ours $lttv -m textDump -t $kt ($n_kt lines);" \
	     "trace-cmd report -i $tc > /dev/null ($n_tc lines)"
	fig lttv.textdump.kernel_trace.events "$n_kt" lines
	fig lttv.textdump.kernel_trace.lost "$(awk '$1 ~ /^lttd\.cpu[0-9]+\.lost$/ { l += $2 } END { print l + 0 }' "$kt/metadata")" events
	fig peer.trace-cmd.report.events "$n_tc" lines
	rate lttv.textdump.kernel_trace "$n_kt" "$kt" "$lttv" -m textDump -t "$kt"
	rate peer.trace-cmd.report "$n_tc" "$tc" trace-cmd report -i "$tc"
fi

merge_events=${LTTV_BENCH_MERGE_EVENTS:-$((events < 4000000 ? events : 4000000))}
note "merge: $build/bench/bench-merge --rounds $runs $merge_events (thread CPU time; 'random' is judged)"
if "$build/bench/bench-merge" --rounds "$runs" "$merge_events" > "$tmp/merge"; then
	sed 's/^/#   /' "$tmp/merge"
	for m in random bursts; do
		for n in 8 1000; do
			fig "lttv.merge.$m.$n" "$(awk -v m=$m -v n=$n '$2 == m && $3 == n { for (i = 1; i < NF; i++) if ($i == "median") printf "%.0f\n", $(i + 1) * 1e6 }' "$tmp/merge")" "events/s(cpu)"
		done
		fig "lttv.merge.$m.ratio_1000_8" "$(awk -v m=$m '$2 == m && /ratio/ { for (i = 1; i < NF; i++) if ($i == "ratio:") print $(i + 1) }' "$tmp/merge")" "%"
		fig "lttv.merge.$m.per_event_bound_ratio_1000_8" "$(awk -v m=$m '$2 == m && /ratio/ { for (i = 1; i < NF; i++) if ($i == "bound:") print $(i + 1) }' "$tmp/merge")" "%"
	done
fi
# babeltrace2's merge (its muxer) over 8 and 1,000 streams: LTTng-UST
# traces where every tracepoint hit goes to all channels, so consecutive
# events come from different streams, as in bench-merge's random model.
fan_events=${LTTV_BENCH_FANOUT_EVENTS:-100000}
if command -v babeltrace2 >/dev/null && [ -n "$ct" ]; then
	fan_rates=
	for ch in 4 500; do
		ft=$work/lttng-fanout-$ch-$fan_events
		if ! cached "$ft" "lttng-ust $ch $fan_events fanout" \
			sh "$src/peers/lttng-ust-trace.sh" "$ft" "$fan_events" "$ch" fanout 2>"$tmp/ft.err"; then
			note "babeltrace2 merge over $((2 * ch)) streams not measured: $(head -n 1 "$tmp/ft.err")"
			continue
		fi
		# Two threads, each one event before the loop and
		# fan_events / ch / 2 in it, every one written to ch channels.
		n=$(( (fan_events / ch / 2 + 1) * 2 * ch ))
		note "babeltrace2 merge: $src/peers/lttng-ust-trace.sh $ft $fan_events $ch fanout;" \
		     "babeltrace2 -o dummy $ft ($n events, $((2 * ch)) streams)"
		rate "peer.babeltrace2.merge.$((2 * ch))" "$n" "$ft" babeltrace2 -o dummy "$ft" &&
			fan_rates="$fan_rates $rate_cpu"
	done
	set -- $fan_rates
	[ $# = 2 ] && fig peer.babeltrace2.merge.ratio_1000_8 "$(echo "scale=2; $2 * 100 / $1" | bc)" "%(cpu)"
fi

# ---- analysis (issue 4) ----------------------------------------------------
note "analysis: $build/bench/bench-state --trace $st --rounds $runs --passes read,state,stats,ctx-read,ctx-stats,by-cpu,two-threads --intervals 15000 --seeks 1000 (process CPU time; elapsed time for two threads)"
if "$build/bench/bench-state" --trace "$st" --rounds "$runs" --passes read,state,stats,ctx-read,ctx-stats,by-cpu,two-threads \
	--intervals 15000 --seeks 1000 > "$tmp/state"; then
	sed 's/^/#   /' "$tmp/state"
	for p in "read only:read:cpu" "state:state:cpu" "state + statistics:state_stats:cpu" \
	         "read, traceset context:ctx_read:cpu" "state + statistics, context:ctx_state_stats:cpu" \
	         "state + statistics, by CPU:by_cpu_state_stats:cpu" \
	         "state + statistics, 2 threads:two_threads_state_stats:wall"; do
		label=${p%%:*} rest=${p#*:}
		fig "analysis.${rest%:*}" "$(awk -v l="$label" '{ h = substr($0, 1, 34); sub(/ +$/, "", h) }
			h == l { for (i = 1; i < NF; i++) if ($i == "median") printf "%.0f\n", $(i + 1) * 1e6 }' "$tmp/state")" "events/s(${rest#*:})"
	done
	fig analysis.state_at_time_mean "$(sed -n 's/.*random time \([0-9.]*\) ms mean.*/\1/p' "$tmp/state")" "ms(cpu)"
	fig analysis.state_at_time_max "$(sed -n 's/.*ms mean, \([0-9.]*\) ms max.*/\1/p' "$tmp/state")" "ms(cpu)"
fi
expr='event.name = sched_switch & event.cpu = 1 | state.pid > 100'
note "filter: $build/bench/bench-filter $st '$expr' (x$runs; each the fastest of 9, thread CPU time)"
: > "$tmp/filter"
i=0
while [ $i -lt "$runs" ]; do
	"$build/bench/bench-filter" "$st" "$expr" | awk '/ns\/event/ { for (i = 1; i < NF; i++) if ($(i + 1) == "ns/event") print $i }' >> "$tmp/filter"
	i=$((i + 1))
done
fig analysis.filter_3_leaves "$(median < "$tmp/filter")" "ns/event(cpu)"

# ---- recording (issue 5) ---------------------------------------------------
if [ "$(id -u)" = 0 ] && [ -d /sys/kernel/tracing/instances ]; then
	note "recording: RUNS=$runs $src/record-overhead.sh $build (wall time)"
	if RUNS=$runs TREE=$tree sh "$src/record-overhead.sh" "$build" > "$tmp/rec" 2>"$tmp/rec.err"; then
		sed 's/^/#   /' "$tmp/rec"
		awk '
		/: untraced/ { job = ($1 == "tar+gzip") ? "tar" : "build"; printf "record.%s.untraced %s s(wall)\n", job, $(NF - 1) }
		/kernel buffer, no reader/ && job != "" && !/per call/ { printf "record.%s.floor_overhead %s %%\n", job, $(NF - 1) }
		/lttctl record \(lttd\)/ && !/per call/ { printf "record.%s.lttctl_overhead %s %%\n", job, $(NF - 1) }
		/lttctl record, whole/ { for (i = 1; i < NF; i++) if ($i == "whole") printf "record.%s.lttctl_whole %s s(wall)\n", job, $(i + 1) }
		/trace-cmd record/ && /%/ { printf "record.%s.trace_cmd_overhead %s %%\n", job, $(NF - 1) }
		/lttd:.*of one CPU/ { for (i = 1; i < NF; i++) if ($i == "=") printf "record.%s.lttd_cpu %s %%_of_one_CPU\n", job, $(i + 1) }
		/system-call loop/ { job = "" }
		/untraced:.*per call/ { printf "record.syscall_loop.untraced %s ns/call(wall)\n", $2 }
		/no reader:.*per call/ { sub(/ ns per event.*/, ""); printf "record.syscall_loop.floor %s ns/event(wall)\n", $NF }
		/lttctl record \(lttd\):.*per call/ { l = $0; sub(/.*\(/, "", l); sub(/ ns per event.*/, "")
			printf "record.syscall_loop.lttctl %s ns/event(wall)\n", $NF
			printf "record.syscall_loop.lttctl_lost %s events\n", l + 0 }
		' "$tmp/rec"
		grep -q 'trace-cmd record.*n/a' "$tmp/rec" && note "peer trace-cmd record: $(sed -n 's/.*n\/a (\(.*\))/\1/p' "$tmp/rec" | head -n 1)"
	else
		note "record-overhead.sh failed: $(head -n 2 "$tmp/rec.err")"
	fi
else
	note "recording not measured: needs root and tracefs"
fi

# ---- user-space tracer (issue 6) -------------------------------------------
ust_events=${LTTV_BENCH_UST_EVENTS:-300000}
note "user-space tracer: $src/bench-ust.sh $ust_events $runs (ns/event as wall/cpu, drainer running)"
if TOP_BUILDDIR=$build sh "$src/bench-ust.sh" "$ust_events" "$runs" > "$tmp/ust" 2>"$tmp/ust.err"; then
	sed 's/^/#   /' "$tmp/ust"
	awk '/^threads/ {
		t = $2
		split($5, c, "/"); split($7, p, "/"); split($9, l, "/")
		printf "ust.%s_threads.per_thread %s ns/event(wall)\n", t, p[1]
		printf "ust.%s_threads.per_thread %s ns/event(cpu)\n", t, p[2]
		printf "ust.%s_threads.per_cpu %s ns/event(wall)\n", t, c[1]
		printf "ust.%s_threads.per_cpu %s ns/event(cpu)\n", t, c[2]
		if ($9 != "-") {
			printf "peer.lttng-ust.%s_threads %s ns/event(wall)\n", t, l[1]
			printf "peer.lttng-ust.%s_threads %s ns/event(cpu)\n", t, l[2]
		}
	}' "$tmp/ust"
else
	note "bench-ust.sh failed: $(head -n 2 "$tmp/ust.err")"
fi
note "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
note "end: $(date -u '+%H:%M UTC')"
