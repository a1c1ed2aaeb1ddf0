#!/bin/sh
# test-import-gui.sh: lttv-gui -t opens an LTTng CTF trace directly (through
# the import cache), with the default viewers over its whole time range.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/gui-env.sh"
. "$srcdir/import-env.sh"

src=$traces/scp_src
if [ ! -d "$src" ] || ! "$ltt_import" --list-formats | grep -qxF ctf; then
	echo "1..0 # SKIP needs $src and a build with CTF import"
	exit 0
fi
require_xvfb
echo "1..2"

printf 'wait\nprint\nquit\n' > "$tmp/script"
"$gui" -t "$src" --script "$tmp/script" > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc -eq 0 ] && grep -qx 'window 0.000000000 23.004992764 time 0.000000000 traces 1 viewers controlflow detailedevents' "$tmp/out"
check $? "lttv-gui -t CTF_DIR: exit $rc, $(cat "$tmp/out" "$tmp/err" | head -c 200)"
[ -f "$(ls "$XDG_CACHE_HOME"/lttv/import/*/identity 2>/dev/null)" ]
check $? "imported into the cache"
