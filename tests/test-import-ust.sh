#!/bin/sh
# test-import-ust.sh: a user-space CTF trace recorded here with LTTng-UST
# (bench/peers/lttng-ust-trace.sh: two channels, two threads) imported by
# lttv -t has babeltrace2's events, event by event; UST's provider:event
# names are kept in the metadata.  Needs lttng-tools and liblttng-ust-dev
# (and root for lttng-sessiond): skipped loudly without them.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/import-env.sh"

echo "1..3"
record="$TOP_SRCDIR/bench/peers/lttng-ust-trace.sh"
if ! "$ltt_import" --list-formats | grep -qxF ctf || ! command -v babeltrace2 >/dev/null \
   || ! command -v python3 >/dev/null \
   || ! sh "$record" "$tmp/ust" 2000 2 split > "$tmp/record.out" 2>&1; then
	echo "# SKIP: needs CTF import, babeltrace2, python3, lttng-tools and liblttng-ust-dev: $(tail -n 2 "$tmp/record.out" 2>/dev/null)" >&2
	skip_reason="no LTTng-UST recording or CTF import"
	for i in 1 2 3; do check 77 "LTTng-UST trace"; done
	exit 0
fi

"$lttv" -m textDump -t "$tmp/ust" > "$tmp/lt" 2> "$tmp/err"
check $? "lttv -t on the LTTng session directory $(head -c 200 "$tmp/err")"

meta=$(ls "$XDG_CACHE_HOME"/lttv/import/*/ust/metadata)
babeltrace2 --clock-seconds --clock-gmt "$tmp/ust" > "$tmp/bt" 2> "$tmp/bt.err"
offset=$(awk '$1 == "clock.offset" { print $2 }' "$meta")
python3 "$srcdir/import-compare.py" "$tmp/bt" "$tmp/lt" "$offset" > "$tmp/cmp"
[ $? -eq 0 ] && [ "$(cat "$tmp/cmp")" -ge 2000 ]
check $? "same events as babeltrace2, event by event ($(head -3 "$tmp/cmp"))"

grep -qx 'import.event.ust.0 bench_ust:tick' "$meta" && grep -q '^event ust-1 0 bench_ust_tick ' "$meta" \
	&& grep -q '^tracer "lttng-ust ' "$meta"
check $? "provider:event names kept, one LTT channel per LTTng channel"
