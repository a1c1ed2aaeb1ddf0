#!/bin/sh
# run-fuzz.sh DIR SECONDS: runs DIR/fuzz-ltt-read (built with
# --enable-fuzz) from the seed corpus for SECONDS seconds.  Exits non-zero
# when the fuzzer finds a crash, a leak or a timeout; the reproducer is left
# in the working directory it prints.
set -u
if [ $# -ne 2 ]; then
	echo "usage: run-fuzz.sh BUILT-FUZZER-DIR SECONDS" >&2
	exit 2
fi
fuzzer=$1/fuzz-ltt-read
seconds=$2
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -x "$fuzzer" ]; then
	echo "run-fuzz.sh: $fuzzer not found (configure with --enable-fuzz CC=clang)" >&2
	exit 2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/run-fuzz.XXXXXX")
mkdir "$work/corpus"
cp "$here"/corpus/* "$work/corpus/"
cd "$work" || exit 2
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
	-print_final_stats=1 corpus > fuzz.log 2>&1
status=$?
tail -n 20 fuzz.log
if [ $status -ne 0 ]; then
	echo "run-fuzz.sh: fuzzer failed (status $status); reproducer and log in $work" >&2
	exit 1
fi
rm -rf "$work"
exit 0
