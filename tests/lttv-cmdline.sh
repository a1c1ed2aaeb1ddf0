#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# lttv-cmdline.sh: the lttv command's options, and clear failures for bad
# command lines.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
"$top_builddir/tests/test-lttv-mktrace" "$tmp/trace" || { echo "Bail out! cannot write the trace"; exit 1; }
mkdir "$tmp/empty"

echo "1..34"
# expect STATUS PATTERN DESCRIPTION -- ARGS: runs lttv ARGS, checks the exit
# status (0 or "fail") and that stdout+stderr match PATTERN.  $env_args
# holds arguments of env(1) that change the module path.
env_args=
expect() {
	want=$1 pattern=$2 what=$3
	shift 4
	env $env_args "$lttv" "$@" > "$tmp/out" 2>&1
	status=$?
	n=$((n + 1))
	if { [ "$want" = 0 ] && [ $status -eq 0 ]; } || { [ "$want" = fail ] && [ $status -ne 0 ]; }; then
		if grep -q -e "$pattern" "$tmp/out"; then
			echo "ok $n - $what"
			return
		fi
	fi
	echo "not ok $n - $what (status $status)"
	sed 's/^/# /' "$tmp/out"
}

expect 0 "^lttv [0-9][0-9.]*$" "--version" -- --version
expect 0 "--trace=PATH" "--help lists the core options" -- --help
expect 0 "^textDump options:" "--help after -m lists the module's options" -- -m textDump --help
expect 0 "no-field-names" "--help before -m lists them too" -- --help -m textDump
expect 0 "^trace kernel 0 5.000000000 sched_switch" "-m then -t" -- -m textDump -t "$tmp/trace"
expect 0 "^trace kernel 1 5.000000000 sched_switch \"swapper/1\" 0 0 " "module options after -m" -- -m textDump --no-field-names -t "$tmp/trace"
expect fail "unknown option" "module option before -m" -- --no-field-names -m textDump -t "$tmp/trace"
expect fail "--bogus: unknown option" "unknown option" -- --bogus
expect fail "\"nosuchmodule\" not found" "unknown module" -- -m nosuchmodule
expect fail "not found (searched .*); lttv --list-modules lists the modules found, -L DIR or LTTV_MODULE_PATH adds a folder" \
	"an unknown module's message says how to list and add modules" -- -m nosuchmodule
expect 0 "no-field-names" "--help after a mistake still helps" -- --bogus -m textDump --help
expect 0 "no-field-names" "--help with a missing trace still helps" -- -t "$tmp/nope" -m textDump -h
expect fail "\"nosuchmodule\" not found" "--help with an unknown module names it" -- -m nosuchmodule --help
expect 0 "^trace kernel 0 5.000000000 sched_switch" "a trace without -t" -- -m textDump "$tmp/trace"
expect fail "trace $tmp/nope" "a missing trace without -t" -- -m textDump "$tmp/nope"
expect fail "no trace given" "-- ends the options, then nothing" -- -m textDump --
expect fail "$tmp/nope" "missing trace" -- -m textDump -t "$tmp/nope"
expect fail "$tmp/empty" "not a trace" -- -m textDump -t "$tmp/empty"
# The search for a CTF trace below a directory follows no symbolic link to
# a directory (/proc/N/cwd leads back to /; here 40 links to . and one to
# .. made 40^4 directories of four levels), and says what it searched.
mkdir -p "$tmp/loop/a" && ln -s .. "$tmp/loop/a/loop"
for i in $(seq 40); do ln -s . "$tmp/loop/l$i"; done
timeout 120 "$lttv" -m textDump -t "$tmp/loop" > "$tmp/out" 2>&1
status=$?
[ $status -eq 1 ] && grep -q "^lttv: option -t/--trace: $tmp/loop: no metadata file: not a trace (searched for CTF metadata in it and its subdirectories 4 levels down: 2 directories; symbolic links to directories are not followed)" "$tmp/out"
check $? "symbolic link loops below -t DIR: a clear failure at once (status $status: $(head -c 300 "$tmp/out"))"
expect fail "no trace given" "module needing traces without -t" -- -m textDump
expect fail "cannot open $tmp/empty/no/file" "unwritable -o" -- -m textDump -o "$tmp/empty/no/file" -t "$tmp/trace"
if [ -w /dev/full ]; then
	expect fail "^lttv: writing /dev/full: No space left on device" "write error" -- -m textDump -o /dev/full -t "$tmp/trace"
	# Standard output on a full device: said once, by the module that wrote it.
	n=$((n + 1))
	"$lttv" -m textDump -t "$tmp/trace" > /dev/full 2> "$tmp/err"
	status=$?
	if [ $status -eq 1 ] && [ "$(cat "$tmp/err")" = "lttv: writing standard output: No space left on device" ]; then
		echo "ok $n - a write error on standard output is said once"
	else
		echo "not ok $n - a write error on standard output is said once (status $status)"
		sed 's/^/# /' "$tmp/err"
	fi
else
	n=$((n + 2)); echo "ok $((n - 1)) # SKIP no /dev/full"; echo "ok $n # SKIP no /dev/full"
fi
expect 0 "events read" "-v reports counts" -- -v -m textDump -t "$tmp/trace"
env_args="-u LTTV_MODULE_PATH"
# The test modules are never installed: only -L can find them.
expect fail "\"lttvtestopt\" not found" "no module path, no module" -- -m lttvtestopt
expect 0 "module lttvtestopt loaded" "-L finds modules" -- -v -L "$top_builddir/tests/modules" -m lttvtestopt --test-value 3
env_args="LTTV_MODULE_PATH=$tmp/empty:$top_builddir/tests/modules"
expect 0 "module lttvtestopt loaded" "LTTV_MODULE_PATH is a list" -- -v -m lttvtestopt
# Run from the build tree, lttv finds the modules built next to it.
env_args="-u LTTV_MODULE_PATH"
expect 0 "^trace kernel 0 5.000000000 sched_switch" "the build tree's modules without a module path" \
	-- -m textDump "$tmp/trace"
expect 0 "^textDump  *print every event" "--list-modules lists the build tree's modules" -- --list-modules
expect 0 "^  $top_builddir/lttv/modules/text\$" "--list-modules lists the folders searched" -- --list-modules
env_args="LTTV_MODULE_PATH=$top_builddir/tests/modules"
expect 0 "^lttvtestopt " "--list-modules lists LTTV_MODULE_PATH's modules" -- --list-modules
env_args=
expect 0 "note: statistics computed, not printed: textDump prints them" "batchAnalysis -s alone says what prints" \
	-- -m batchAnalysis -s "$tmp/trace"
expect fail "^lttv: option --threads: \"abc\": expected 0 (one per processor) or more threads$" \
	"--threads=abc is refused as -1 is" -- -m batchAnalysis --threads=abc "$tmp/trace"
expect fail "--begin (5.000000000) is after --end (3.000000000)" "--begin after --end" \
	-- -m textDump --begin 5 --end 3 "$tmp/trace"
