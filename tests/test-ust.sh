#!/bin/sh
# User-space tracing end to end: ust-example (N threads x M events with
# sequence numbers and checksums) traced through libltt-ust, drained by
# ltt-ust-drain, read back by test-ust-verify through libltt's reader.
# Checked: every event present once and intact or counted lost, in discard
# and overwrite mode; an application that crashes (also with an event left
# half-written); a drainer killed and restarted; an application killed at an
# unknown point.
B=${TOP_BUILDDIR:-..}
DRAIN=$B/ltt-control/ust/ltt-ust-drain
EXAMPLE=$B/tests/ust-example/ust-example
VERIFY=$B/tests/test-ust-verify
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test-ust.XXXXXX") || exit 1
TMP=$(cd "$TMP" && pwd) || exit 1   # absolute, as the drainer writes its trace in the lock file
trap 'kill $DPID $APID 2>/dev/null; rm -rf "$TMP"' EXIT
n=0
DPID=
APID=

ok() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

# verify LABEL ARGS...: runs test-ust-verify, shows its summary.
verify() {
	label=$1; shift
	out=$("$VERIFY" "$@" 2>"$TMP/verify.err"); st=$?
	echo "# $label: $out"
	sed 's/^/# /' "$TMP/verify.err"
	ok $st "$label"
}

# announced LINE [BUFFERS]: "ust_thread" events the library writes, one per
# thread with per-thread buffers (the default), none with per-CPU buffers.
announced() {
	[ "${2:-thread}" = cpu ] && echo 0 || field threads "$1"
}

field() { # field NAME LINE
	echo "$2" | tr ' ' '\n' | sed -n "/^$1\$/{n;p;}"
}

# wait_for GLOB: until a file matches (the drainer wrote events); after
# 30 s says so and fails, as the test then cannot hold.
wait_for() {
	i=0
	until ls $1 >/dev/null 2>&1; do
		[ $i -ge 3000 ] && { echo "# no file $1 after 30 s"; return 1; }
		sleep 0.01; i=$((i + 1))
	done
}

start_drain() { # start_drain TRACE REGISTRY: returns once the drainer holds the registry
	"$DRAIN" -o "$1" --registry "$2" --period 20 & DPID=$!
	# The lock file names the trace of its holder: a drainer killed before
	# leaves its own, which says nothing about this one being ready (and a
	# SIGTERM before it is ready would kill it before its handlers exist).
	i=0
	until grep -qxF "trace $1" "$2/.drainer.lock" 2>/dev/null; do
		[ $i -ge 3000 ] && { echo "# the drainer of $1 not ready after 30 s"; return 1; }
		sleep 0.01; i=$((i + 1))
	done
}

stop_drain() {
	kill -TERM $DPID; wait $DPID; st=$?; DPID=
	return $st
}

echo "1..19"

# 1. Discard mode, small buffers, drainer running: some loss is likely,
# and every event is present or counted, exactly as the application counted;
# with per-thread buffers (owner-only operations) and per-CPU buffers
# (shared, atomic operations).
for BUF in thread cpu; do
	R=$TMP/r1$BUF; T=$TMP/t1$BUF
	start_drain "$T" "$R"
	line=$(LTT_UST_BUFFERS=$BUF LTT_UST_REGISTRY=$R LTT_UST_SUBBUF_SIZE=4096 LTT_UST_SUBBUF_COUNT=4 \
		"$EXAMPLE" --threads 4 --events 50000)
	stop_drain; ok $? "ltt-ust-drain stops cleanly on SIGTERM ($BUF buffers)"
	verify "discard mode, $BUF buffers: present + lost = emitted, lost = the application's count" \
		--emitted "$(field emitted "$line")" --announced "$(announced "$line" $BUF)" \
		--app-lost "$(field lost "$line")" --window "$(field start "$line")" "$(field end "$line")" "$T"
done

# 2. Overwrite mode with no drainer during the run (flight recorder): only
# the newest sub-buffers survive, the rest is counted lost.
R=$TMP/r2; T=$TMP/t2
line=$(LTT_UST_REGISTRY=$R LTT_UST_MODE=overwrite LTT_UST_SUBBUF_SIZE=4096 LTT_UST_SUBBUF_COUNT=4 \
	"$EXAMPLE" --threads 3 --events 20000)
"$DRAIN" -o "$T" --registry "$R" --once
verify "overwrite mode: present + lost = emitted" --emitted "$(field emitted "$line")" \
	--announced "$(announced "$line")" "$T"
# lttv's note on those losses names what a user-space channel counts
# (doc/ust.md §5), not only a full buffer.
LTTV_MODULE_PATH=$B/lttv/modules/text "$B/lttv/lttv/lttv" -m textDump --no-events -t "$T" \
	>/dev/null 2>"$TMP/notes"
sed 's/^/# /' "$TMP/notes"
grep -q "^lttv: note: $T/ust-[^ ]*: [1-9][0-9]* events lost while recording (user space: dropped by the application's library (buffer full, .*overwritten, damaged or of an undeclared type before the drainer took them)\$" "$TMP/notes"
ok $? "lttv's note on lost events says what a user-space channel counts"

# 2b. Overwrite mode with the drainer running: sub-buffers may be overwritten
# while the drainer copies them; such copies are dropped and counted.
R=$TMP/r2b; T=$TMP/t2b
start_drain "$T" "$R"
line=$(LTT_UST_REGISTRY=$R LTT_UST_MODE=overwrite LTT_UST_SUBBUF_SIZE=4096 LTT_UST_SUBBUF_COUNT=4 \
	"$EXAMPLE" --threads 3 --events 50000)
stop_drain
verify "overwrite mode, drainer running: present + lost = emitted" --emitted "$(field emitted "$line")" \
	--announced "$(announced "$line")" "$T"

# 3. Crash with partially filled sub-buffers and no drainer: everything
# committed is recovered, nothing lost (monotonic clock forced).
R=$TMP/r3; T=$TMP/t3
line=$(LTT_UST_REGISTRY=$R LTT_UST_CLOCK=monotonic "$EXAMPLE" --threads 3 --events 1000 --crash)
"$DRAIN" -o "$T" --registry "$R" --once
verify "crashed application: all committed events recovered" --emitted "$(field emitted "$line")" \
	--announced "$(announced "$line")" --app-lost 0 --window "$(field start "$line")" "$(field end "$line")" "$T"
ls "$R"/*.ust >/dev/null 2>&1; [ $? != 0 ]; ok $? "the dead application's buffer file is removed"

# 4. Crash with one event reserved and never committed, other threads
# writing after it in the same buffers (per-CPU buffers, shared): the
# drainer looks past the hole.
R=$TMP/r4; T=$TMP/t4
line=$(LTT_UST_BUFFERS=cpu LTT_UST_REGISTRY=$R "$EXAMPLE" --threads 4 --events 3000 --hole)
"$DRAIN" -o "$T" --registry "$R" --once
verify "crash with a half-written event: the events after it are recovered" \
	--emitted "$(field emitted "$line")" "$T"

# 5. Drainer killed (SIGKILL) during the run and restarted into a second
# trace: over both traces every event is present once or counted lost.
# The application emits half its events, then waits for SIGUSR1, sent once
# the second drainer holds the registry: it is still running when the first
# drainer dies, and the second one certainly has events to take (without
# that wait, a loaded machine let the application finish while the first
# drainer ran, and the second trace was empty).
R=$TMP/r5; T=$TMP/t5
LTT_UST_REGISTRY=$R LTT_UST_SUBBUF_SIZE=16384 "$EXAMPLE" --threads 2 --events 400000 --wait-usr1 \
	>"$TMP/out5" & APID=$!
start_drain "$T.a" "$R"
wait_for "$T.a/ust-*"
kill -KILL $DPID; wait $DPID 2>/dev/null
start_drain "$T.b" "$R"
kill -USR1 $APID
wait $APID; APID=
stop_drain
line=$(cat "$TMP/out5")
ls "$T.b"/ust-* >/dev/null 2>&1; ok $? "the restarted drainer took the events emitted after its start"
verify "drainer killed and restarted: present + lost = emitted over both traces" \
	--emitted "$(field emitted "$line")" --announced "$(announced "$line")" \
	--app-lost "$(field lost "$line")" "$T.a" "$T.b"

# 5b. The drainer dies between writing a pass to its trace and storing how
# far it got (forced at its second pass that wrote events, by
# LTT_UST_DRAIN_KILL_BEFORE_COMMIT): the next drainer truncates that pass
# off the old trace and drains it again, so over both traces every event is
# there once or counted lost.  The application, paused after half its
# events until SIGUSR1, holds events in both its buffers (one per thread),
# each drained by a pass of its own: the second pass comes whatever the
# timing.
R=$TMP/r5b; T=$TMP/t5b
LTT_UST_REGISTRY=$R LTT_UST_SUBBUF_SIZE=16384 "$EXAMPLE" --threads 2 --events 400000 --wait-usr1 \
	>"$TMP/out5b" & APID=$!
LTT_UST_DRAIN_KILL_BEFORE_COMMIT=2 "$DRAIN" -o "$T.a" --registry "$R" --period 20 & DPID=$!
wait $DPID; killed=$?; DPID=
start_drain "$T.b" "$R"
kill -USR1 $APID
wait $APID; APID=
stop_drain
line=$(cat "$TMP/out5b")
ls "$T.b"/ust-* >/dev/null 2>&1; ok $? "the drainer restarted after the kill took the events emitted after its start"
[ "$killed" = 137 ]; ok $? "the drainer was killed between its trace write and its commit"
verify "drainer killed before its commit, restarted: every event once over both traces" \
	--emitted "$(field emitted "$line")" --announced "$(announced "$line")" \
	--app-lost "$(field lost "$line")" "$T.a" "$T.b"

# 6. Application killed at an unknown point while the drainer runs (paced so
# that little or nothing is dropped, which makes "all there" meaningful).
R=$TMP/r6; T=$TMP/t6
start_drain "$T" "$R"
LTT_UST_REGISTRY=$R "$EXAMPLE" --threads 3 --forever --pace & APID=$!
wait_for "$T/ust-*"
kill -KILL $APID; wait $APID 2>/dev/null; APID=
stop_drain
verify "application killed: events intact, once, committed ones all there" "$T"

# 6b. lttd stopped cleanly while the application runs (it takes the
# committed part of partial sub-buffers), another drainer continues from
# there, then the application is killed: nothing twice, nothing missing.
R=$TMP/r6b; T=$TMP/t6b
start_drain "$T.a" "$R"
LTT_UST_REGISTRY=$R LTT_UST_SUBBUF_COUNT=64 "$EXAMPLE" --threads 3 --forever --pace & APID=$!
wait_for "$T.a/ust-*"
stop_drain
start_drain "$T.b" "$R"
wait_for "$T.b/ust-*"
kill -KILL $APID; wait $APID 2>/dev/null; APID=
stop_drain
verify "drainer stopped with the application running, then restarted: events once, all there" "$T.a" "$T.b"

# 7. -finstrument-functions: fib(10) makes 177 calls, plus main.
R=$TMP/r7f; T=$TMP/t7f
LTT_UST_REGISTRY=$R "$B/tests/ust-example/ust-cyg-example" 10 >/dev/null
"$DRAIN" -o "$T" --registry "$R" --once
verify "function entry and exit events (libltt-ust-cyg)" --expect func_entry=178 --expect func_exit=178 "$T"

# 8. Tracing off: without LTT_UST_REGISTRY nothing is registered.
R=$TMP/r7; mkdir "$R"
line=$("$EXAMPLE" --threads 2 --events 100)
[ -z "$(ls "$R")" ] && [ "$(field lost "$line")" = 0 ]; ok $? "no registry: the program runs, nothing recorded"
