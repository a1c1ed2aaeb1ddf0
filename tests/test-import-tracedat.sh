#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-import-tracedat.sh: a trace.dat made here (a tracefs instance and
# `trace-cmd extract`, bench/peers/ftrace-extract.sh) imported by ltt-import
# and opened by lttv -t has trace-cmd report's events (CPU, time, name), with
# the same pids and field values (trace-cmd report -R, tracedat-compare.py),
# also from the same recording converted to a version 6 file,
# the state names the workload's processes, and a task has, from its first
# event on, the name trace-cmd report gives it (the file's saved cmdlines,
# ltt_statedump_comm events; also on data/tracedat/tiny-v7.dat, which needs
# no root).  Needs root, tracefs and
# trace-cmd: skipped loudly without them.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/import-env.sh"

echo "1..9"
# The saved names on a fixed recording (data/tracedat/tiny-v7.dat), without
# root: needs trace-cmd for its report.
if command -v trace-cmd >/dev/null && command -v python3 >/dev/null && "$ltt_import" --list-formats | grep -qxF trace.dat; then
	"$ltt_import" -q "$srcdir/data/tracedat/tiny-v7.dat" "$tmp/tiny" 2> "$tmp/tiny.err" &&
		trace-cmd report -t "$srcdir/data/tracedat/tiny-v7.dat" > "$tmp/tiny-tc" 2>/dev/null &&
		"$lttv" -m textDump -p -t "$tmp/tiny" > "$tmp/tiny-lt" &&
		python3 "$srcdir/tracedat-names.py" "$tmp/tiny-tc" "$tmp/tiny-lt" > "$tmp/tiny-names"
	status=$?
	[ $status -eq 0 ] || sed 's/^/# /' "$tmp/tiny.err" "$tmp/tiny-names"
	check $status "tiny-v7.dat: tasks named from their first event ($(awk '{ print $1 " events of " $2 " tasks" }' "$tmp/tiny-names" | head -n 1))"
	# An import cached by a version without the saved names is made again.
	XDG_CACHE_HOME=$tmp/cache-tiny "$lttv" -m textDump -t "$srcdir/data/tracedat/tiny-v7.dat" > /dev/null 2>&1
	identity=$(ls "$tmp"/cache-tiny/lttv/import/*/identity)
	sed '1s/^ltt-import-cache [0-9]* /ltt-import-cache 1 /' "$identity" > "$tmp/identity" && cat "$tmp/identity" > "$identity"
	XDG_CACHE_HOME=$tmp/cache-tiny "$lttv" -m textDump -t "$srcdir/data/tracedat/tiny-v7.dat" 2> /dev/null |
		grep -q ' ltt_statedump_comm ' &&
		! head -n 1 "$identity" | grep -q '^ltt-import-cache 1 '
	check $? "a cached import of version 1 (no saved names) is made again"
else
	skip_reason="no trace-cmd, python3 or trace.dat import"
	check 77 "tiny-v7.dat: tasks named from their first event"
	check 77 "a cached import of version 1 is made again"
fi

extract="$TOP_SRCDIR/bench/peers/ftrace-extract.sh"
if [ "$(id -u)" != 0 ] || ! command -v trace-cmd >/dev/null || ! "$ltt_import" --list-formats | grep -qxF trace.dat \
   || ! BUFFER_KB=8192 sh "$extract" "$tmp/t.dat" sh -c 'ls -R /usr/include > /dev/null; cat /etc/hostname' 2> "$tmp/extract.err"; then
	echo "# SKIP: needs root, tracefs, trace-cmd and a build with trace.dat import: $(cat "$tmp/extract.err" 2>/dev/null)" >&2
	skip_reason="no root, tracefs, trace-cmd or trace.dat import"
	for i in 1 2 3 4 5 6 7; do check 77 "trace.dat import"; done
	exit 0
fi

"$ltt_import" -q "$tmp/t.dat" "$tmp/t" 2> "$tmp/err"
check $? "ltt-import exits 0 $(head -c 200 "$tmp/err")"

# (CPU, time in ns, event name) of every event, as trace-cmd report -t prints them.
trace-cmd report -t "$tmp/t.dat" 2>/dev/null | awk 'NR > 1 {
	for (i = 1; i < NF; i++) if ($i ~ /^\[[0-9]+\]$/) {
		t = $(i + 1); e = $(i + 2); sub(/:$/, "", t); sub(/:$/, "", e)
		print substr($i, 2, length($i) - 2) + 0, t, e; break } }' | sort > "$tmp/tc"
# (The saved names, ltt_statedump_comm, are the import's, not trace-cmd's events.)
"$lttv" -m textDump -t "$tmp/t" | awk '$5 != "ltt_statedump_comm" { print $3, $4, $5 }' | sort > "$tmp/lt"
[ -s "$tmp/tc" ] && cmp -s "$tmp/tc" "$tmp/lt"
check $? "same events as trace-cmd report ($(wc -l < "$tmp/tc") events, CPUs $(cut -d' ' -f1 "$tmp/tc" | sort -u | tr '\n' ' '))"

# Every field's value, and each event's pid, as trace-cmd report -R prints them.
trace-cmd report -R -t "$tmp/t.dat" > "$tmp/tc-raw" 2>/dev/null
"$lttv" -m textDump -t "$tmp/t" | grep -v '^[^ ]* [^ ]* [^ ]* [^ ]* ltt_statedump_comm ' > "$tmp/lt-raw"
cut -d' ' -f2- "$tmp/lt-raw" > "$tmp/lt-raw.body"   # without the trace's name
command -v python3 > /dev/null && python3 "$srcdir/tracedat-compare.py" "$tmp/tc-raw" "$tmp/lt-raw" > "$tmp/fields"
status=$?
[ $status -eq 0 ] || sed 's/^/# /' "$tmp/fields"
check $status "same pids and field values as trace-cmd report -R ($(head -n 1 "$tmp/fields" | awk '{ print $1 " events, " $2 " instruction pointers trace-cmd resolved to symbols" }'))"

# The same recording as a version 6 file (trace-cmd 2.x's, uncompressed):
# the same events and values.
trace-cmd convert -i "$tmp/t.dat" -o "$tmp/t6.dat" --file-version 6 --compression none > /dev/null 2>&1 &&
	[ "$(head -c 10 "$tmp/t6.dat" | tail -c 7)" = "tracing" ] && [ "$(head -c 11 "$tmp/t6.dat" | tail -c 1)" = 6 ] &&
	"$ltt_import" -q "$tmp/t6.dat" "$tmp/t6" 2> "$tmp/err6" &&
	"$lttv" -m textDump -t "$tmp/t6" | grep -v '^[^ ]* [^ ]* [^ ]* [^ ]* ltt_statedump_comm ' | cut -d' ' -f2- |
	cmp -s - "$tmp/lt-raw.body"
check $? "a version 6 trace.dat gives the same events and values $(head -c 200 "$tmp/err6" 2>/dev/null)"

# lttv -t on the file itself goes through the cache.
"$lttv" -m textDump -t "$tmp/t.dat" | awk '$5 != "ltt_statedump_comm" { print $3, $4, $5 }' | sort | cmp -s - "$tmp/lt" \
	&& [ -f "$(ls "$XDG_CACHE_HOME"/lttv/import/*/identity)" ]
check $? "lttv -t trace.dat"

# The extracted instance is the state's channel: the workload is named.
"$lttv" -m textDump -s --no-events -t "$tmp/t" | grep -q '^    process [0-9]*@[-0-9.]* name="cat" '
check $? "statistics name the workload's processes"

# Before any event names a task (switch, fork, wakeup), the file's saved
# cmdlines do: the name column shows what trace-cmd report shows.
trace-cmd report -t "$tmp/t.dat" > "$tmp/tc-names" 2>/dev/null
"$lttv" -m textDump -p -t "$tmp/t" > "$tmp/lt-names"
command -v python3 > /dev/null && python3 "$srcdir/tracedat-names.py" "$tmp/tc-names" "$tmp/lt-names" > "$tmp/names"
status=$?
[ $status -eq 0 ] || sed 's/^/# /' "$tmp/names"
check $status "tasks are named from their first event ($(awk '{ print $1 " events of " $2 " tasks" }' "$tmp/names" | head -n 1) before an event names them)"
