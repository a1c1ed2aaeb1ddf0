#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# robustness.sh: bad input to the shipped programs.  Damaged traces (made
# from one ltt-synth trace by deterministic byte changes and cuts), crafted
# traces with extreme CPU numbers and event ids, and bad command lines must
# give a clear message and the documented exit status: never a crash, an
# abort, a GLib critical or a sanitizer report.
top_builddir=${TOP_BUILDDIR:?}
synth="$top_builddir/ltt/ltt-synth"
lttv="$top_builddir/lttv/lttv/lttv"
lttctl="$top_builddir/ltt-control/lttctl"
lttd="$top_builddir/ltt-control/lttd"
drain="$top_builddir/ltt-control/ust/ltt-ust-drain"
example="$top_builddir/tests/ust-example/ust-example"
LTTV_MODULE_PATH="$top_builddir/lttv/modules/text"
export LTTV_MODULE_PATH
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

"$synth" -o "$tmp/orig" --cpus 2 --processes 12 --events 2500 --seed 7 --block-size 4096 \
	--pid-reuse --start-in-syscall 2> "$tmp/err" || { echo "Bail out! ltt-synth failed"; cat "$tmp/err"; exit 1; }

FLIPS=48
CUTS=12
READER_DAMAGE=17
UST_HOSTILE=7
echo "1..$((FLIPS + CUTS + 35 + READER_DAMAGE + UST_HOSTILE))"
n=0

# Text that only a crash, an abort or a programming-error check prints.
bad_text='Sanitizer|runtime error|Aborted|CRITICAL|assertion|Segmentation|core dumped'

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() {
	n=$((n + 1))
	echo "not ok $n - $1"
	sed 's/^/# /' "$tmp/err" | head -20
}

# check WANT PATTERN DESCRIPTION: judges the last run ($status, $tmp/err).
# WANT: "fail" (non-zero, below 128), "ok" (0) or "any" (0, 1, or 3: lttv
# completed but skipped damage, doc/lttv.md §3).  PATTERN,
# when not empty, must appear on standard error.
check() {
	want=$1 pattern=$2 what=$3
	if grep -E -q "$bad_text" "$tmp/err"; then
		not_ok "$what (crash or check failure, status $status)"
		return
	fi
	case $want in
	fail) [ $status -ne 0 ] && [ $status -lt 128 ] && [ -s "$tmp/err" ] || { not_ok "$what (status $status)"; return; } ;;
	ok) [ $status -eq 0 ] || { not_ok "$what (status $status)"; return; } ;;
	any) [ $status -le 1 ] || [ $status -eq 3 ] || { not_ok "$what (status $status)"; return; }
	     [ $status -eq 0 ] || [ -s "$tmp/err" ] || { not_ok "$what (failed silently)"; return; } ;;
	esac
	if [ -n "$pattern" ] && ! grep -q -e "$pattern" "$tmp/err"; then
		not_ok "$what (no message matching '$pattern')"
		return
	fi
	ok "$what"
}

run() { "$@" > /dev/null 2> "$tmp/err"; status=$?; }

# Little-endian integers for the crafted files, in POSIX sh.
byte() { printf "\\$(printf %03o $(($1 & 255)))"; }
u16() { byte "$1"; byte $(($1 >> 8)); }
u32() { u16 $(($1 & 65535)); u16 $((($1 >> 16) & 65535)); }
u64() { u32 $(($1 & 4294967295)); u32 $((($1 >> 32) & 4294967295)); }

# poke FILE OFFSET BYTE: overwrites one byte in place.
poke() { byte "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2> /dev/null; }

size_of() { wc -c < "$1" | tr -d ' '; }

fresh() { rm -rf "$tmp/t"; cp -R "$tmp/orig" "$tmp/t"; }

dump() { run "$lttv" -m textDump -p -m batchAnalysis -s -t "$tmp/t"; }

# 1. Byte changes: a linear congruential sequence picks the file, the
# offset (block headers, event headers, payloads, metadata) and the value.
files="kernel_0 kernel_1 metadata"
x=7
i=0
while [ $i -lt $FLIPS ]; do
	fresh
	k=0
	while [ $k -lt $((1 + i % 4)) ]; do
		x=$(((x * 1103515245 + 12345) % 2147483648))
		f=$(echo $files | cut -d' ' -f$((x % 3 + 1)))
		sz=$(size_of "$tmp/t/$f")
		x=$(((x * 1103515245 + 12345) % 2147483648))
		case $((i % 3)) in
		0) off=$(((x / 7 % (sz / 4096 + 1)) * 4096 + x % 64)) ;;   # a block header
		1) off=$(((x / 7 % (sz / 4096 + 1)) * 4096 + 64 + x % 96)) ;;  # first events
		*) off=$((x % sz)) ;;
		esac
		[ $off -lt $sz ] || off=$((sz - 1))
		poke "$tmp/t/$f" $off $((x / 3))
		k=$((k + 1))
	done
	dump
	check any "" "byte changes, variant $i"
	i=$((i + 1))
done

# 2. Cuts: each file cut at deterministic lengths (inside a header, inside
# an event, at zero).
i=0
while [ $i -lt $CUTS ]; do
	fresh
	f=$(echo $files | cut -d' ' -f$((i % 3 + 1)))
	sz=$(size_of "$tmp/t/$f")
	len=$(((sz * (i * 37 % 100)) / 100 + i))
	[ $len -lt $sz ] || len=$((sz / 2))
	truncate -s $len "$tmp/t/$f"
	dump
	check any "" "$f cut to $len bytes"
	i=$((i + 1))
done

# 2b. A known damage (the magic of kernel_0's second block): every other
# event is still printed, the block is named, and the exit status is 3.
fresh
poke "$tmp/t/kernel_0" 4096 0
"$lttv" -m textDump -t "$tmp/t" > "$tmp/out" 2> "$tmp/err"; status=$?
"$lttv" -m textDump -t "$tmp/orig" > "$tmp/out-orig" 2> /dev/null
if [ $status -eq 3 ] && grep -q "kernel_0.*block 1" "$tmp/err" &&
	[ "$(wc -l < "$tmp/out")" -gt 0 ] && [ "$(wc -l < "$tmp/out")" -lt "$(wc -l < "$tmp/out-orig")" ]; then
	ok "damaged block: reported by file and block, the rest printed, exit status 3"
else
	not_ok "damaged block: status $status, $(wc -l < "$tmp/out") of $(wc -l < "$tmp/out-orig") lines"
fi

# 3. CPU numbers no machine has: reported and skipped, not used to size tables.
fresh
mv "$tmp/t/kernel_1" "$tmp/t/kernel_4294967295"
dump
check any "kernel_4294967295: CPU 4294967295 is not below 65536; file skipped" "channel file with CPU 2^32-1"
fresh
sed 's/^cpus .*/cpus 100000000/' "$tmp/orig/metadata" > "$tmp/t/metadata"
dump
check any "metadata:[0-9]*: column [0-9]*: expected a number of CPUs" "metadata with 10^8 CPUs"

# 4. Event ids of 2^32-1 and 4*10^9 in extended headers: no table sized by them.
mkdir "$tmp/ids"
printf 'ltt-metadata 1.0\nbyte_order little\ncpus 1\nevent kernel 4294967295 big { v: u32; }\nevent kernel 4000000000 large { v: u32; }\n' \
	> "$tmp/ids/metadata"
{
	u32 $((0x4254544C)); u16 1; u16 0; u32 64; u32 4096; u32 0; u32 $((64 + 2 * 28))
	u64 0; u64 1000; u64 1020; u64 0; u32 2; u32 0
	u32 0; u16 65535; u16 0; u64 1010; u32 4294967295; u32 4; u32 7
	u32 0; u16 65535; u16 0; u64 1020; u32 4000000000; u32 4; u32 8
} > "$tmp/ids/kernel_0"
truncate -s 4096 "$tmp/ids/kernel_0"
"$lttv" -m textDump -t "$tmp/ids" > "$tmp/out" 2> "$tmp/err"; status=$?
check ok "" "textDump with event ids 2^32-1 and 4*10^9"
n=$((n + 1))
if grep -q "big v=7" "$tmp/out" && grep -q "large v=8" "$tmp/out"; then
	echo "ok $n - both events printed"
else
	echo "not ok $n - both events printed"; sed 's/^/# /' "$tmp/out"
fi
run "$lttv" -m batchAnalysis -s -m textDump -p -t "$tmp/ids"
check ok "" "state and statistics with event ids 2^32-1 and 4*10^9"

# 5. Bad command lines and trace paths.
fresh
mkdir "$tmp/empty"
: > "$tmp/file"
run "$lttv" -m textDump -t "$tmp/nope"; check fail "$tmp/nope" "lttv: missing trace"
run "$lttv" -m textDump -t "$tmp/empty"; check fail "$tmp/empty: no metadata file" "lttv: empty directory"
run "$lttv" -m textDump -t "$tmp/file"; check fail "$tmp/file" "lttv: a file as the trace"
mkdir "$tmp/fifo" && mkfifo "$tmp/fifo/metadata"
run timeout 20 "$lttv" -m textDump -t "$tmp/fifo"
check fail "$tmp/fifo/metadata: not a regular file" "lttv: metadata a FIFO (no wait for a writer)"
run "$lttv" -m textDump -t; check fail "missing argument" "lttv: -t without argument"
run "$lttv" -m '%s%n'; check fail "is not a module name" "lttv: format directives as a module name"
run "$lttv" -m textDump --stats-format=%n -t "$tmp/t"; check fail "unknown format" "lttv: bad --stats-format"
run "$lttv" -m textFilter -e 'state.pid = 99999999999999999999999' -t "$tmp/t"
check fail "column 13" "lttv: filter number beyond 64 bits"
run "$lttv" -m textFilter -e "$(printf '\377\376')" -t "$tmp/t"; check fail "column 1: expected UTF-8" "lttv: filter not UTF-8"
run "$lttv" -m textFilter -e 'événement = ☃' -t "$tmp/t"; check fail "column 1" "lttv: filter with unicode names"
long=$(printf '!%.0s' $(seq 1 3000))
run "$lttv" -m textFilter -e "${long}state.pid = 1" -t "$tmp/t"; check fail "at most 256 nested" "lttv: 3000 nested '!'"
run "$lttv" -m textFilter -e 'event.name = "\' -t "$tmp/t"; check fail "column 15" "lttv: filter string ending in a backslash"
run "$synth" -o "$tmp/s1" --cpus 99999999999999999999; check fail "--cpus 99999999999999999999: expected an integer from 1 to 4096" "ltt-synth: huge --cpus"
run "$synth" -o "$tmp/s2" --block-size 4097; check fail "block-size" "ltt-synth: --block-size not a power of two"
run "$synth" -o "$tmp/file"; check fail "$tmp/file" "ltt-synth: a file as the output"
run "$synth" -o "$tmp/s3" --events abc; check fail "--events abc: expected an integer" "ltt-synth: --events not a number"

# 6. lttctl and lttd: option checks come before any tracefs access.
if [ -x "$lttctl" ]; then
	run "$lttctl" record -s -5 -o "$tmp/r1" -- true; check fail "--buffer-size -5: expected 0 (the default) or more" "lttctl: negative --buffer-size"
	run "$lttctl" create s -b -3 -o "$tmp/r2"; check fail "--block-size -3: expected 0 (the default) or more" "lttctl: negative --block-size"
	[ ! -e "$tmp/r1" ] && [ ! -e "$tmp/r2" ]; status=$?; : > "$tmp/err"
	check ok "" "lttctl: nothing written after a bad option"
else
	for w in 1 2 3; do n=$((n + 1)); echo "ok $n # SKIP lttctl not built"; done
fi
instances=/sys/kernel/tracing/instances
if [ -x "$lttd" ] && [ "$(id -u)" = 0 ] && [ -d "$instances" ]; then
	run "$lttd" -i ../x -o "$tmp/d1"; check fail "not a tracefs instance name" "lttd: instance name with a '/'"
	run "$lttd" -i no-such-instance-h14 -o "$tmp/d2"; check fail "no such tracefs instance" "lttd: missing instance"
	[ ! -e "$tmp/d1" ] && [ ! -e "$tmp/d2" ]; status=$?; : > "$tmp/err"
	check ok "" "lttd: no trace directory left by a bad instance"
	# record names its session record-PID: other programs may trace meanwhile.
	"$lttctl" record -e '' -o "$tmp/r3" -- true > /dev/null 2> "$tmp/err" & pid1=$!
	wait $pid1; status=$?
	check fail "expected SYSTEM or SYSTEM:EVENT" "lttctl: empty event name"
	"$lttctl" record -e 'sched:' -o "$tmp/r4" -- true > /dev/null 2> "$tmp/err" & pid2=$!
	wait $pid2; status=$?
	check fail "expected SYSTEM or SYSTEM:EVENT" "lttctl: empty event after the colon"
	[ ! -e "$instances/ltt-record-$pid1" ] && [ ! -e "$instances/ltt-record-$pid2" ]; status=$?; : > "$tmp/err"
	check ok "" "no tracefs instance left behind"
else
	for w in 1 2 3 4 5 6; do n=$((n + 1)); echo "ok $n # SKIP needs root, tracefs and lttd"; done
fi

# 7. Damaged user-space registry files: reported by name and kept (the
# drainer removes only the files it took), the drain itself succeeds.
if [ -x "$drain" ] && [ -x "$example" ]; then
	mkdir "$tmp/reg0"
	LTT_UST_REGISTRY="$tmp/reg0" LTT_UST_SUBBUF_SIZE=4096 LTT_UST_SUBBUF_COUNT=4 \
		"$example" --threads 1 --events 50 > /dev/null
	for v in "0 0 bad magic" "100 255 buffer geometry" "4 9 unsupported version" "cut 0 layout does not match"; do
		set -- $v
		rm -rf "$tmp/reg" "$tmp/u"
		cp -R "$tmp/reg0" "$tmp/reg"
		f=$(ls "$tmp/reg"/*.ust)
		if [ "$1" = cut ]; then truncate -s 1000 "$f"; else poke "$f" "$1" "$2"; fi
		shift 2
		run "$drain" -o "$tmp/u" -r "$tmp/reg" --once
		if [ -e "$f" ]; then check ok "$f: $*" "ltt-ust-drain: registry file with $*"
		else not_ok "ltt-ust-drain: registry file with $* (the file is gone)"; fi
	done
else
	for w in 1 2 3 4; do n=$((n + 1)); echo "ok $n # SKIP ltt-ust-drain or ust-example not built"; done
fi

# 8. Reader damage that must not cost good data (issue 24).  lines_like_orig
# WANT DESCRIPTION: textDump of $tmp/t prints every line of the original and
# exits with WANT.
lines_like_orig() {
	"$lttv" -m textDump -t "$tmp/t" > "$tmp/out" 2> "$tmp/err"; status=$?
	"$lttv" -m textDump -t "$tmp/orig" > "$tmp/out-orig" 2> /dev/null
	sed 's/^orig /t /' "$tmp/out-orig" > "$tmp/out-want"
	if [ $status -eq "$1" ] && cmp -s "$tmp/out" "$tmp/out-want" && ! grep -E -q "$bad_text" "$tmp/err"; then
		ok "$2"
	else
		not_ok "$2 (status $status, $(wc -l < "$tmp/out") of $(wc -l < "$tmp/out-orig") lines)"
	fi
}
# A valid header (CRC not computed) whose end time is 2^64-1: its events
# and every later block's are still printed.
fresh
i=40; while [ $i -lt 48 ]; do poke "$tmp/t/kernel_0" $((2 * 4096 + i)) 255; i=$((i + 1)); done
i=60; while [ $i -lt 64 ]; do poke "$tmp/t/kernel_0" $((2 * 4096 + i)) 0; i=$((i + 1)); done
lines_like_orig 3 "block end time 2^64-1: every event printed, exit status 3"
# The same header with its CRC right (as a writer that lies would make it),
# and one whose end time is the last block's end: every event still
# printed, the block named.  seal FILE BLOCK computes the header's CRC-32 as
# libltt does (gzip's trailer holds the same CRC, little-endian like the
# trace ltt-synth writes on this host).
seal() {
	dd if="$1" bs=1 skip=$(($2 * 4096)) count=60 2> /dev/null | gzip -c | tail -c 8 | head -c 4 |
		dd of="$1" bs=1 seek=$(($2 * 4096 + 60)) conv=notrunc 2> /dev/null
}
fresh
seal "$tmp/t/kernel_0" 2
sealed_right=$(cmp -s "$tmp/t/kernel_0" "$tmp/orig/kernel_0" && echo yes)
i=40; while [ $i -lt 48 ]; do poke "$tmp/t/kernel_0" $((2 * 4096 + i)) 255; i=$((i + 1)); done
seal "$tmp/t/kernel_0" 2
lines_like_orig 3 "block end time 2^64-1, header CRC right: every event printed, exit status 3"
[ "$sealed_right" = yes ] || status=99
check any "kernel_0: block 2 (offset 8192): sequence 2, times [0-9]* to 18446744073709551615 overlap" \
	"the block whose end time lies is named (CRC computed as libltt does: $sealed_right)"
fresh
blocks=$(($(size_of "$tmp/t/kernel_0") / 4096))
dd if="$tmp/orig/kernel_0" of="$tmp/t/kernel_0" bs=1 skip=$(((blocks - 1) * 4096 + 40)) seek=$((2 * 4096 + 40)) \
	count=8 conv=notrunc 2> /dev/null
seal "$tmp/t/kernel_0" 2
lines_like_orig 3 "block end time that is the last block's end, header CRC right: every event printed, exit status 3"
# Two blocks exchanged in the file: read in sequence order.
fresh
dd if="$tmp/orig/kernel_1" of="$tmp/t/kernel_1" bs=4096 skip=1 seek=5 count=1 conv=notrunc 2> /dev/null
dd if="$tmp/orig/kernel_1" of="$tmp/t/kernel_1" bs=4096 skip=5 seek=1 count=1 conv=notrunc 2> /dev/null
lines_like_orig 0 "two blocks swapped in the file: every event printed"
# The output file is one of the inputs (given before or after the trace):
# refused, the file untouched.
fresh
run "$lttv" -m textDump -t "$tmp/t" -o "$tmp/t/kernel_0"
cmp -s "$tmp/t/kernel_0" "$tmp/orig/kernel_0" || status=0
check fail "$tmp/t/kernel_0: the output file is the input file" "lttv -o onto a channel file of its trace"
run "$lttv" -m textDump -o "$tmp/t/metadata" -t "$tmp/t"
cmp -s "$tmp/t/metadata" "$tmp/orig/metadata" || status=0
check fail "$tmp/t/metadata: the output file is the input file" "lttv -o onto its trace's metadata, before -t"
# A reader that stops early (head): a normal end.
{ "$lttv" -m textDump -t "$tmp/orig" 2> "$tmp/err"; echo $? > "$tmp/status"; } | head -n 1 > /dev/null
status=$(cat "$tmp/status")
check ok "" "lttv | head: exit status 0"
# CPU numbers are sparse: a trace whose second CPU is numbered 65535 costs
# the statistics about what the same trace with CPUs 0 and 1 costs (tables
# sized by the highest number made it 3.4 s instead of 0.07 s).
"$synth" -o "$tmp/cpus" --cpus 2 --processes 400 --events 200000 --seed 3 2> /dev/null
cp -R "$tmp/cpus" "$tmp/sparse"
mv "$tmp/sparse/kernel_1" "$tmp/sparse/kernel_65535"
stats_ms() {
	t0=$(date +%s%N)
	"$lttv" -m batchAnalysis -s -m textDump --no-events -t "$1" > "$tmp/out" 2> "$tmp/err"; status=$?
	echo $((($(date +%s%N) - t0) / 1000000))
}
dense_ms=$(stats_ms "$tmp/cpus")
sparse_ms=$(stats_ms "$tmp/sparse")
grep -q "^  cpu 65535 events=" "$tmp/out" || status=98
[ "$sparse_ms" -lt $((4 * dense_ms + 1500)) ] || status=99
check ok "" "statistics with CPUs 0 and 65535: ${sparse_ms} ms, with CPUs 0 and 1: ${dense_ms} ms"
# Metadata cut after its properties: every event is of an undeclared type;
# a few warnings, then one that counts the rest (one per event was kept).
fresh
grep -v '^event ' "$tmp/orig/metadata" > "$tmp/t/metadata"
dump
[ "$(wc -l < "$tmp/err")" -le 20 ] || status=99
check any "[0-9]* more like this: .*is not declared for channel kernel" "metadata without events: warnings summarised"
# Names of channel files that are no channel file: each reported, every
# event of the real ones printed, exit status 3 (a FIFO is never opened).
fresh
ln -s no-such-file "$tmp/t/kernel_2"
ln -s kernel_3 "$tmp/t/kernel_3"
mkdir "$tmp/t/kernel_4"
mkfifo "$tmp/t/kernel_5"
ln -s /dev/null "$tmp/t/kernel_6"
: > "$tmp/t/kernel_4294967296"
lines_like_orig 3 "dangling link, link loop, directory, FIFO, device as channel files"
for f in kernel_2 kernel_3 kernel_4 kernel_5 kernel_6; do
	grep -q "$tmp/t/$f: .*; file skipped" "$tmp/err" || status=99
done
check any "kernel_4294967296: CPU 4294967296 is not below 65536; file skipped" "each of them named, and CPU 2^32"
# A payload shorter than its type: printed as <damaged>, reported with its
# place, exit status 3.
rm -rf "$tmp/ids"; mkdir "$tmp/ids"
printf 'ltt-metadata 1.0\nbyte_order little\ncpus 1\nevent kernel 1 v { x: u32; }\n' > "$tmp/ids/metadata"
{
	u32 $((0x4254544C)); u16 1; u16 0; u32 64; u32 4096; u32 0; u32 $((64 + 12 + 10))
	u64 0; u64 1000; u64 1010; u64 0; u32 2; u32 0
	u32 1000; u16 1; u16 4; u32 7
	u32 1010; u16 1; u16 2; u16 8
} > "$tmp/ids/kernel_0"
truncate -s 4096 "$tmp/ids/kernel_0"
"$lttv" -m textDump -t "$tmp/ids" > "$tmp/out" 2> "$tmp/err"; status=$?
grep -q "x=<damaged>" "$tmp/out" && [ $status -eq 3 ] || status=99
check any "kernel_0: block 0 (offset 0): event at offset 76: payload of v damaged" "damaged payload value: reported with its place, exit 3"
# A trace of no event: metadata only, as ltt-ust-drain writes when no
# application was traced.
rm -rf "$tmp/md-only" "$tmp/no-apps"; mkdir "$tmp/no-apps"
if [ -x "$drain" ]; then
	"$drain" -o "$tmp/md-only" -r "$tmp/no-apps" --once 2> /dev/null
else
	mkdir "$tmp/md-only"; cp "$tmp/orig/metadata" "$tmp/md-only/"
fi
run "$lttv" -m textDump -m batchAnalysis -s -t "$tmp/md-only"
check ok "" "a trace with metadata only: 0 events, exit status 0"
# Modules that do not load: the loader's reason, not "(null)" or "file not found".
mkdir -p "$tmp/mods"
echo garbage > "$tmp/mods/badla.la"
printf 'not an ELF file' > "$tmp/mods/badso.so"
LTTV_MODULE_PATH="$tmp/mods" run "$lttv" -m badla
grep -q -e '(null)' "$tmp/err" && status=0
check fail "cannot load $tmp/mods/badla.la: not a libtool library file" "lttv: a .la that is not one"
LTTV_MODULE_PATH="$tmp/mods" run "$lttv" -m badso
grep -q -e 'file not found' "$tmp/err" && status=0
check fail "cannot load $tmp/mods/badso.so: [a-z]" "lttv: a .so that is not one"
# 300 channel files, 64 descriptors.
fresh
c=2; while [ $c -lt 300 ]; do cp "$tmp/orig/kernel_1" "$tmp/t/kernel_$c"; c=$((c + 1)); done
(ulimit -n 64 && "$lttv" -m textDump -t "$tmp/t" > /dev/null 2> "$tmp/err"); status=$?
check ok "" "300 channel files with 64 open files allowed"

# 9. Hostile user-space registry files (doc/ust.md §8): a link, a file that
# speaks for another name, types whose payloads do not match, an unsigned
# claim.  Each is reported by name and the drain goes on (status 0).
if [ -x "$drain" ] && [ -x "$example" ]; then
	mkdir "$tmp/hreg0"
	LTT_UST_REGISTRY="$tmp/hreg0" LTT_UST_NAME=h "$example" --threads 1 --events 50 > /dev/null
	for v in link rename payload sequence claim; do
		rm -rf "$tmp/reg" "$tmp/u"
		cp -R "$tmp/hreg0" "$tmp/reg"
		f=$(ls "$tmp/reg"/*.ust)
		case $v in
		link) ln -s "$tmp/orig/metadata" "$tmp/reg/link-1.ust"; want="link-1.ust: cannot open: a symbolic link" ;;
		rename) mv "$f" "$tmp/reg/other-1.ust"; want="other-1.ust: its header says" ;;
		payload) # same length, now of fixed size: no payload fits
			at=$(grep -boa 'label: string;' "$f" | head -1 | cut -d: -f1)
			printf 'label: u64[9];' | dd of="$f" bs=1 seek="$at" conv=notrunc 2> /dev/null
			want="put aside as" ;;
		sequence) # a sequence whose count (the thread and seq fields) no payload holds
			fields='thread: u32; seq: u64; value: u64; check: u32; label: string;'
			at=$(grep -boa "$fields" "$f" | head -1 | cut -d: -f1)
			printf '%-*s' ${#fields} 'bytes: u8[u64];' | dd of="$f" bs=1 seek="$at" conv=notrunc 2> /dev/null
			want="that is not of its type.*put aside as" ;;
		claim) at=$(od -An -tu8 -j112 -N8 "$f" | tr -d ' ')
			poke "$f" $((at + 80)) 1; want="trace is unknown" ;;
		esac
		run "$drain" -o "$tmp/u" -r "$tmp/reg" --once
		check ok "$want" "ltt-ust-drain: hostile registry file ($v)"
	done
	# One application whose payloads do not fit their types beside a good
	# one: the bad file is put aside, every event of the good one drained.
	rm -rf "$tmp/reg" "$tmp/u"
	cp -R "$tmp/hreg0" "$tmp/reg"
	f=$(ls "$tmp/reg"/*.ust)
	at=$(grep -boa 'label: string;' "$f" | head -1 | cut -d: -f1)
	printf 'label: u64[9];' | dd of="$f" bs=1 seek="$at" conv=notrunc 2> /dev/null
	LTT_UST_REGISTRY="$tmp/reg" LTT_UST_NAME=good "$example" --threads 1 --events 50 > /dev/null
	run "$drain" -o "$tmp/u" -r "$tmp/reg" --once
	good=$("$lttv" -m textDump -t "$tmp/u" 2> /dev/null | grep -c 'ust-good-')
	[ "$good" -ge 50 ] || status=99
	check ok "put aside as" "ltt-ust-drain: a bad application beside a good one: the good one's $good events drained"
	# An application named ".x" (its file would be hidden): drained.
	rm -rf "$tmp/reg" "$tmp/u"; mkdir "$tmp/reg"
	LTT_UST_REGISTRY="$tmp/reg" LTT_UST_NAME=.x "$example" --threads 1 --events 20 > /dev/null
	run "$drain" -o "$tmp/u" -r "$tmp/reg" --once
	dotted=$("$lttv" -m textDump -t "$tmp/u" 2> /dev/null | grep -c 'ust--x-')
	[ "$dotted" -ge 20 ] && [ -z "$(ls -A "$tmp/reg" | grep -v '^\.drainer\.lock$')" ] || status=99
	check ok "" "ltt-ust-drain: an application named .x drained ($dotted events), its file removed"
else
	for w in 1 2 3 4 5 6 7; do n=$((n + 1)); echo "ok $n # SKIP ltt-ust-drain or ust-example not built"; done
fi
