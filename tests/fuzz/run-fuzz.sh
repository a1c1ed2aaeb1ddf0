#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# run-fuzz.sh FUZZER SECONDS [CORPUS-DIR]: runs a libFuzzer target (built
# with configure --enable-fuzz CC=clang) for SECONDS seconds, starting from a
# copy of CORPUS-DIR when given.  Exits non-zero when the fuzzer finds a
# crash, a leak or a timeout; the reproducer is left in the directory it
# prints.
set -u
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	echo "usage: run-fuzz.sh FUZZER SECONDS [CORPUS-DIR]" >&2
	exit 2
fi
fuzzer=$(cd "$(dirname "$1")" 2>/dev/null && pwd)/$(basename "$1")
seconds=$2
if [ ! -x "$fuzzer" ]; then
	echo "run-fuzz.sh: $fuzzer not found (configure with --enable-fuzz CC=clang)" >&2
	exit 2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/run-fuzz.XXXXXX")
mkdir "$work/corpus"
[ $# -eq 3 ] && cp "$3"/* "$work/corpus/"
cd "$work" || exit 2
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
	-print_final_stats=1 corpus > fuzz.log 2>&1
status=$?
tail -n 20 fuzz.log
if [ $status -ne 0 ]; then
	echo "run-fuzz.sh: $fuzzer failed (status $status); reproducer and log in $work" >&2
	exit 1
fi
rm -rf "$work"
