#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# lttv-textdump.sh: textDump output of a small trace against the golden
# file, with and without field names and with -o; twice identical.
. "${TESTS_SRCDIR:?}/lttv-env.sh"

echo "1..5"

"$top_builddir/tests/test-lttv-mktrace" "$tmp/golden" || { echo "Bail out! cannot write the trace"; exit 1; }

"$lttv" -m textDump -t "$tmp/golden" > "$tmp/out" 2> "$tmp/err"
diff -u "$srcdir/lttv-textdump.golden" "$tmp/out" >&2 && [ ! -s "$tmp/err" ]
check $? "golden output"

"$lttv" -m textDump -t "$tmp/golden" > "$tmp/out2"
cmp -s "$tmp/out" "$tmp/out2"
check $? "identical across runs"

"$lttv" -m textDump -o "$tmp/file" -t "$tmp/golden" > "$tmp/stdout"
cmp -s "$tmp/out" "$tmp/file" && [ ! -s "$tmp/stdout" ]
check $? "-o FILE"

# Without names: the values of each line, same lines otherwise.
"$lttv" -m textDump --no-field-names -t "$tmp/golden" > "$tmp/nonames"
sed -e 's/ [a-z_]*=/ /g' -e 's/\([{,]\)[a-z_]*=/\1/g' "$tmp/out" | cmp -s - "$tmp/nonames"
check $? "--no-field-names"

# The same trace twice: each line twice, both under the trace's name.
"$lttv" -m textDump -t "$tmp/golden" -t "$tmp/golden/." > "$tmp/twice"
[ "$(wc -l < "$tmp/twice")" -eq "$(wc -l < "$tmp/out")" ]
check $? "a trace opened twice is one trace"
