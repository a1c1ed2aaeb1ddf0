#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-import-damage.sh: damaged sources to the import (issue 22 §4).  Small
# real inputs -- trace.dat versions 7 and 6 (data/tracedat, README) and the
# first packet of the shared LTTng trace scp_src with its metadata -- are
# copied with deterministic damage: cuts at many lengths, bytes inverted in
# the headers, metadata, page and packet headers, zeroed ranges.  On each,
# `ltt-import SRC DST` and `lttv -m textDump -t SRC` must end with status 0,
# 1 or 3 (never a signal, a sanitizer report or a hang), a failure must name
# SRC, and a failed import (1) must not leave DST looking like a trace,
# while a partial one (3) leaves a trace lttv reads.  The cases that found
# defects are listed in data/import-damage/cases (README there), run first.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/import-env.sh"

# Text only a crash, a sanitizer or a programming-error check prints.
bad_text='Sanitizer|runtime error|CRITICAL|Segmentation|core dumped'
# crashed FILE: whether FILE shows a crash of ours.  In a sanitizer build,
# the libraries' own deadly signals in the import's child (libtracecmd
# dereferences NULL on some damaged files) are reported too; those, the
# product's fork contains, as it contains their aborts (doc/import.md §3).
crashed() {
	grep -v 'WARNING: AddressSanitizer failed to allocate' "$1" | grep -E -q "$bad_text" || return 1
	! awk '/LeakSanitizer|runtime error|CRITICAL/ { ours = 1 }
		/ERROR: AddressSanitizer:/ { reports++; deadly = /SEGV|BUS|FPE|ILL|deadly signal/ }
		deadly && /#0 / { if (/libtracecmd|libtraceevent|libbabeltrace2|babeltrace-plugin/) lib++; deadly = 0 }
		END { exit !(!ours && reports > 0 && reports == lib) }' "$1"
}
limit=${LTTV_DAMAGE_TIMEOUT:-120}
# libtracecmd asks malloc for the sizes a damaged header gives: as glibc's,
# a sanitizer's malloc says no (NULL, and a warning) rather than stopping
# the process.
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1
export ASAN_OPTIONS
formats=$("$ltt_import" --list-formats 2>/dev/null)
has_format() { printf '%s\n' "$formats" | grep -qxF "$1"; }
size_of() { wc -c < "$1" | tr -d ' '; }

# The damages of a file of SIZE bytes, one "KIND OFFSET LENGTH" a line:
# cut (keep OFFSET bytes), flip (invert the byte at OFFSET), zero (LENGTH
# bytes from OFFSET).  PAGE > 0 adds damage to each page's header (the
# first ones): trace.dat data pages and CTF packets start on such bounds.
damages() {
	size=$1 page=$2
	for off in 0 3 10 12 24 40 100 512 2048; do
		[ $off -lt $size ] && echo "cut $off 0"
	done
	k=1
	while [ $k -lt 8 ]; do echo "cut $((size * k / 8 + k)) 0"; k=$((k + 1)); done
	echo "cut $((size - 1)) 0"
	for off in 0 3 8 10 12 16 20 24 28 32 40 48 64 100 160 300 600; do
		[ $off -lt $size ] && echo "flip $off 0"
	done
	k=1
	while [ $k -lt 12 ]; do echo "flip $((size * k / 12 + k * 7)) 0"; k=$((k + 1)); done
	k=1
	while [ $k -lt 4 ]; do echo "zero $((size * k / 4)) 64"; k=$((k + 1)); done
	if [ "$page" -gt 0 ]; then
		p=$page
		while [ $p -lt $size ] && [ $p -le $((page * 3)) ]; do
			echo "flip $p 0"; echo "flip $((p + 8)) 0"; echo "flip $((p + 12)) 0"; echo "zero $p 32"
			p=$((p + page))
		done
	fi
}

# damage FILE KIND OFFSET LENGTH: applies one damage in place.
damage() {
	case $2 in
	cut) truncate -s "$3" "$1" ;;
	flip)
		[ "$3" -lt "$(size_of "$1")" ] || return 0
		v=$(od -An -tu1 -j "$3" -N1 "$1" | tr -d ' ')
		printf "\\$(printf %03o $((v ^ 255)))" | dd of="$1" bs=1 seek="$3" conv=notrunc 2> /dev/null ;;
	zero) dd if=/dev/zero of="$1" bs=1 seek="$3" count="$4" conv=notrunc 2> /dev/null ;;
	esac
}

# judge SRC WHAT: runs the import and the textDump of one damaged source.
judge() {
	src=$1 what=$2
	rm -rf "$tmp/dst" "$tmp/cache"
	timeout "$limit" "$ltt_import" -q "$src" "$tmp/dst" < /dev/null > /dev/null 2> "$tmp/err"
	st=$?
	if crashed "$tmp/err" || { [ $st -ne 0 ] && [ $st -ne 1 ] && [ $st -ne 3 ]; }; then
		why="ltt-import status $st"
	elif [ $st -ne 0 ] && ! grep -q -F "$src" "$tmp/err"; then
		why="ltt-import status $st without naming the source"
	elif [ $st -eq 1 ] && [ -e "$tmp/dst/metadata" ]; then
		why="failed ltt-import left a trace in DST"
	elif [ $st -ne 1 ] && ! { timeout "$limit" "$lttv" -m textDump -t "$tmp/dst" < /dev/null > /dev/null 2> "$tmp/err"; s=$?; [ $s -eq 0 ] || [ $s -eq 3 ]; }; then
		why="the import (status $st) is not a trace lttv reads"
	else
		timeout "$limit" "$lttv" -m textDump -t "$src" < /dev/null > /dev/null 2> "$tmp/err"
		st=$?
		if crashed "$tmp/err" || { [ $st -ne 0 ] && [ $st -ne 1 ] && [ $st -ne 3 ]; }; then
			why="lttv -t status $st"
		elif [ $st -ne 0 ] && ! grep -q -F "$src" "$tmp/err"; then
			why="lttv -t status $st without naming the source"
		else
			why=
		fi
	fi
	if [ -z "$why" ]; then
		check 0 "$what"
	else
		check 1 "$what: $why"
		sed 's/^/# /' "$tmp/err" | head -n 8
	fi
}

# The sources: NAME KIND PATH (file or directory) FILE-TO-DAMAGE PAGE.
: > "$tmp/sources"
if has_format trace.dat; then
	echo "tiny-v7 file $srcdir/data/tracedat/tiny-v7.dat - 4096" >> "$tmp/sources"
	echo "tiny-v6 file $srcdir/data/tracedat/tiny-v6.dat - 4096" >> "$tmp/sources"
fi
if has_format ctf && [ -f "$traces/scp_src/metadata" ]; then
	mkdir "$tmp/scp"
	cp "$traces/scp_src/metadata" "$tmp/scp/"
	head -c 262144 "$traces/scp_src/channel0_0" > "$tmp/scp/channel0_0"
	echo "scp-metadata dir $tmp/scp metadata 0" >> "$tmp/sources"
	echo "scp-stream dir $tmp/scp channel0_0 4096" >> "$tmp/sources"
fi

# The regression cases (data/import-damage/cases), then the campaign.
grep -v '^#' "$srcdir/data/import-damage/cases" > "$tmp/regressions"
total=$(wc -l < "$tmp/regressions")
while read -r name kind path file page; do
	f=$path
	[ "$kind" = dir ] && f=$path/$file
	total=$((total + $(damages "$(size_of "$f")" "$page" | wc -l)))
done < "$tmp/sources"
echo "1..$((total + 1))"
if [ -s "$tmp/sources" ]; then
	check 0 "sources: $(cut -d' ' -f1 "$tmp/sources" | tr '\n' ' ')"
else
	skip_reason="no trace.dat nor CTF import in this build, or no shared traces"
	check 77 "damaged sources"
fi

# apply SOURCE HOW OFFSET LENGTH [FILE]: the damaged copy of SOURCE (a file,
# or FILE in directory SOURCE) in $case.
apply() {
	rm -rf "$tmp/case" "$tmp/case.dat"
	if [ -d "$1" ]; then
		case=$tmp/case
		cp -R "$1" "$case"
		chmod -R u+w "$case"
		[ "$2" = none ] || damage "$case/$5" "$2" "$3" "$4"
	else
		case=$tmp/case.dat
		cp "$1" "$case"
		chmod u+w "$case"
		[ "$2" = none ] || damage "$case" "$2" "$3" "$4"
	fi
}

while read -r source how off len; do
	case $source in
	import-damage/*) has_format ctf ;;
	*) has_format trace.dat ;;
	esac || { skip_reason="not in this build"; check 77 "regression $source $how $off"; continue; }
	apply "$srcdir/data/$source" "$how" "$off" "$len"
	judge "$case" "regression $source $how $off $len"
done < "$tmp/regressions"

while read -r name kind path file page; do
	f=$path
	[ "$kind" = dir ] && f=$path/$file
	damages "$(size_of "$f")" "$page" > "$tmp/damages"
	while read -r how off len; do
		apply "$path" "$how" "$off" "$len" "$file"
		judge "$case" "$name $how $off $len"
	done < "$tmp/damages"
done < "$tmp/sources"
