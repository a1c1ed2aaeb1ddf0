#!/bin/sh
# test-import-tracedat.sh: a trace.dat made here (a tracefs instance and
# `trace-cmd extract`, bench/peers/ftrace-extract.sh) imported by ltt-import
# and opened by lttv -t has trace-cmd report's events (CPU, time, name), and
# the state names the workload's processes.  Needs root, tracefs and
# trace-cmd: skipped loudly without them.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/import-env.sh"

echo "1..4"
extract="$TOP_SRCDIR/bench/peers/ftrace-extract.sh"
if [ "$(id -u)" != 0 ] || ! command -v trace-cmd >/dev/null || ! "$ltt_import" --list-formats | grep -qxF trace.dat \
   || ! BUFFER_KB=8192 sh "$extract" "$tmp/t.dat" sh -c 'ls -R /usr/include > /dev/null; cat /etc/hostname' 2> "$tmp/extract.err"; then
	echo "# SKIP: needs root, tracefs, trace-cmd and a build with trace.dat import: $(cat "$tmp/extract.err" 2>/dev/null)" >&2
	skip_reason="no root, tracefs, trace-cmd or trace.dat import"
	for i in 1 2 3 4; do check 77 "trace.dat import"; done
	exit 0
fi

"$ltt_import" -q "$tmp/t.dat" "$tmp/t" 2> "$tmp/err"
check $? "ltt-import exits 0 $(head -c 200 "$tmp/err")"

# (CPU, time in ns, event name) of every event, as trace-cmd report -t prints them.
trace-cmd report -t "$tmp/t.dat" 2>/dev/null | awk 'NR > 1 {
	for (i = 1; i < NF; i++) if ($i ~ /^\[[0-9]+\]$/) {
		t = $(i + 1); e = $(i + 2); sub(/:$/, "", t); sub(/:$/, "", e)
		print substr($i, 2, length($i) - 2) + 0, t, e; break } }' | sort > "$tmp/tc"
"$lttv" -m textDump -t "$tmp/t" | awk '{ print $3, $4, $5 }' | sort > "$tmp/lt"
[ -s "$tmp/tc" ] && cmp -s "$tmp/tc" "$tmp/lt"
check $? "same events as trace-cmd report ($(wc -l < "$tmp/tc") events, CPUs $(cut -d' ' -f1 "$tmp/tc" | sort -u | tr '\n' ' '))"

# lttv -t on the file itself goes through the cache.
"$lttv" -m textDump -t "$tmp/t.dat" | awk '{ print $3, $4, $5 }' | sort | cmp -s - "$tmp/lt" \
	&& [ -f "$(ls "$XDG_CACHE_HOME"/lttv/import/*/identity)" ]
check $? "lttv -t trace.dat"

# The extracted instance is the state's channel: the workload is named.
"$lttv" -m textDump -s --no-events -t "$tmp/t" | grep -q '^    process [0-9]*@[-0-9.]* name="cat" '
check $? "statistics name the workload's processes"
