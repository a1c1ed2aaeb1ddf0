#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# lttctl and lttd command lines: help, version, usage errors, the errors a
# user meets without root or tracefs, and `lttctl record` end to end.
# Parts that need root and tracefs say so and skip.
bin=${TOP_BUILDDIR:-..}/ltt-control
lttctl=$bin/lttctl
lttd=$bin/lttd
tracefs=${LTT_TRACEFS:-/sys/kernel/tracing}
tmp=$(mktemp -d)
LTTCTL_STATE_DIR=$tmp/state
export LTTCTL_STATE_DIR
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0
echo "1..24"

check() {   # check DESCRIPTION COMMAND...: ok when COMMAND succeeds
	desc=$1
	shift
	n=$((n + 1))
	if "$@"; then
		echo "ok $n - $desc"
	else
		echo "not ok $n - $desc"
		failed=1
	fi
}

skip() {    # skip DESCRIPTION REASON
	n=$((n + 1))
	echo "ok $n - $1 # SKIP $2"
}

version=$(sed -n 's/^#define PACKAGE_VERSION "\(.*\)"/\1/p' "${TOP_BUILDDIR:-..}/config.h")

check "lttctl --help lists the commands" \
	sh -c "'$lttctl' --help | grep -q 'record -o DIR'"
check "lttctl --help lists --overwrite, as ltt-synth's help says" \
	sh -c "'$lttctl' --help | grep -q -- '--overwrite  *replace a trace already in DIR' &&
	       '${TOP_BUILDDIR:-..}/ltt/ltt-synth' --help | grep -q -- '--overwrite .*lttctl --overwrite'"
check "lttctl --version prints the package version" \
	sh -c "'$lttctl' --version | grep -qF '$version'"
check "lttd --help describes its options" \
	sh -c "'$lttd' --help | grep -q -- '--instance'"
check "lttd --version prints the package version" \
	sh -c "'$lttd' --version | grep -qF '$version'"
check "lttctl without a command is a usage error (status 2)" \
	sh -c "'$lttctl' 2>/dev/null; test \$? -eq 2"
check "an unknown lttctl command is named in the error" \
	sh -c "'$lttctl' frobnicate 2>&1 | grep -q 'unknown command \"frobnicate\"'"
check "lttd without --instance is a usage error (status 2)" \
	sh -c "'$lttd' -o '$tmp/x' 2>/dev/null; test \$? -eq 2"
# One rule per message, "prog: what: why".
check "lttd without arguments names the one missing option" \
	sh -c "'$lttd' 2>&1 | grep -qx 'lttd: missing --output DIR (the trace directory to write) (try lttd --help)'"
check "lttd without a source says what to drain" \
	sh -c "'$lttd' -o '$tmp/x' 2>&1 | grep -qx 'lttd: missing --instance NAME, --module or --ust DIR (what to drain) (try lttd --help)'"
check "lttd --period 0 names the value" \
	sh -c "'$lttd' -o '$tmp/x' -i x --period 0 2>&1 | grep -q '^lttd: --period 0: expected a positive number'"
check "lttctl list with an argument is a usage error" \
	sh -c "'$lttctl' list extra 2>&1 | grep -q '^lttctl: list: unexpected argument \"extra\"'; test \$? -eq 0 &&
	       '$lttctl' list extra 2>/dev/null; test \$? -eq 2"
check "lttctl --help mentions --version" \
	sh -c "'$lttctl' --help | grep -q -- '--version, -V'"
check "-V prints the same version line on every tool" \
	sh -c "test \"\$('$lttctl' -V)\" = 'lttctl $version' && test \"\$('$lttd' -V)\" = 'lttd $version' &&
	       test \"\$('${TOP_BUILDDIR:-..}/ltt/ltt-synth' -V)\" = 'ltt-synth $version' &&
	       test \"\$('${TOP_BUILDDIR:-..}/lttv/lttv/lttv' -V)\" = 'lttv $version'"
check "ltt-synth --block-size says the rule (a power of two)" \
	sh -c "'${TOP_BUILDDIR:-..}/ltt/ltt-synth' -o '$tmp/s' --block-size 1000 2>&1 |
	       grep -qx 'ltt-synth: --block-size 1000: expected a power of two from 4096 to 67108864 (try ltt-synth --help)'"
check "lttctl start without a name names the command" \
	sh -c "'$lttctl' start 2>&1 | grep -q '^lttctl: start: missing the session name'"

# Not root: a clear message, not a tracefs error.
if [ "$(id -u)" != 0 ]; then
	check "without root, lttctl says root is needed" \
		sh -c "'$lttctl' create t -o '$tmp/t' 2>&1 | grep -q 'needs root'"
elif command -v setpriv >/dev/null; then
	check "without root, lttctl says root is needed" \
		sh -c "setpriv --reuid=65534 --regid=65534 --clear-groups '$lttctl' create t -o '$tmp/t' 2>&1 | grep -q 'needs root'"
else
	skip "without root, lttctl says root is needed" "running as root without setpriv"
fi

if [ "$(id -u)" != 0 ]; then
	skip "a missing tracefs is reported" "needs root"
	skip "unknown events are refused and leave no instance" "needs root"
	skip "record returns the command's status and removes its instance" "needs root"
	skip "record writes a readable trace directory" "needs root"
	skip "record -o DIR holding a trace: refused, saying what to do" "needs root"
	skip "record --overwrite replaces the trace" "needs root"
	skip "a session's --overwrite replaces the earlier trace once" "needs root"
	exit $failed
fi
check "a missing tracefs is reported" \
	sh -c "LTT_TRACEFS='$tmp/none' '$lttctl' create t -o '$tmp/t' 2>&1 | grep -q 'tracefs'"
if [ ! -d "$tracefs/instances" ]; then
	skip "unknown events are refused and leave no instance" "no tracefs at $tracefs"
	skip "record returns the command's status and removes its instance" "no tracefs at $tracefs"
	skip "record writes a readable trace directory" "no tracefs at $tracefs"
	skip "record -o DIR holding a trace: refused, saying what to do" "no tracefs at $tracefs"
	skip "record --overwrite replaces the trace" "no tracefs at $tracefs"
	skip "a session's --overwrite replaces the earlier trace once" "no tracefs at $tracefs"
	exit $failed
fi
name=cli-$$
check "unknown events are refused and leave no instance" \
	sh -c "! '$lttctl' create $name -o '$tmp/t' -e nosuch:event 2>'$tmp/err' &&
	       grep -q 'nosuch:event: no such kernel event' '$tmp/err' &&
	       test ! -e '$tracefs/instances/ltt-$name' && test ! -e '$tmp/state/$name.session'"
# Tests run in parallel: only this lttctl's own instance (ltt-record-PID) counts.
"$lttctl" record -o "$tmp/rec" -- sh -c 'exit 3' 2>"$tmp/rec.err" &
pid=$!
wait $pid
status=$?
check "record returns the command's status and removes its instance" \
	sh -c "test $status -eq 3 && test ! -e '$tracefs/instances/ltt-record-$pid'"
check "record writes a readable trace directory" \
	sh -c "grep -q '^ltt-metadata 1.0' '$tmp/rec/metadata' && test -s '$tmp/rec/kernel_0' &&
	       grep -q '^lttd.cpu0.events ' '$tmp/rec/metadata'"
# A directory holding a trace: refused before lttd starts, with what to do.
before=$(cat "$tmp/rec/metadata")
"$lttctl" record -o "$tmp/rec" -- true 2>"$tmp/again.err"
status=$?
[ $status -eq 1 ] && [ "$(cat "$tmp/rec/metadata")" = "$before" ] \
	&& grep -qx "lttctl: record: $tmp/rec already holds a trace (metadata exists): give --overwrite to replace it, or another directory with -o" "$tmp/again.err"
check "record -o DIR holding a trace: refused, saying what to do" test $? -eq 0
"$lttctl" record --overwrite -o "$tmp/rec" -- true 2>"$tmp/over.err"
status=$?
[ $status -eq 0 ] && grep -q '^lttd.cpu0.events ' "$tmp/rec/metadata" && [ "$(cat "$tmp/rec/metadata")" != "$before" ]
check "record --overwrite replaces the trace" test $? -eq 0
# A session's --overwrite replaces the trace that was in DIR before it,
# once: starting the session again keeps what its first start recorded.
"$lttctl" create $name -o "$tmp/rec" --overwrite 2>"$tmp/s.err" && "$lttctl" start $name 2>>"$tmp/s.err" &&
	"$lttctl" stop $name 2>>"$tmp/s.err"
first=$(cat "$tmp/rec/metadata")
"$lttctl" start $name 2>"$tmp/restart.err"
status=$?
"$lttctl" destroy $name 2>>"$tmp/s.err"
[ $status -eq 1 ] && [ "$first" != "$before" ] && [ "$(cat "$tmp/rec/metadata")" = "$first" ] &&
	grep -q "already holds a trace" "$tmp/restart.err"
kept=$?
check "a session's --overwrite replaces the earlier trace once (start again: status $status, $(head -c 200 "$tmp/restart.err"))" test $kept -eq 0
exit $failed
