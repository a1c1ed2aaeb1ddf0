#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-import-ctf.sh: the real LTTng kernel trace shared/traces/scp_src
# imported (ltt-import, and lttv -t through the cache) has babeltrace2's
# events, fields and times, and the state understands its vocabulary.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/import-env.sh"

echo "1..19"
src=$traces/scp_src
if [ ! -d "$src" ] || ! command -v babeltrace2 >/dev/null || ! command -v python3 >/dev/null \
   || ! "$ltt_import" --list-formats | grep -qxF ctf; then
	echo "# SKIP: needs $src, babeltrace2, python3 and a build with CTF import" >&2
	skip_reason="no scp_src, babeltrace2, python3 or CTF import"
	for i in $(seq 19); do check 77 "scp_src import"; done
	exit 0
fi

"$ltt_import" -q "$src" "$tmp/scp" 2> "$tmp/err"
check $? "ltt-import exits 0"

# babeltrace2 without its muxer, which stops at event 11,683 of this trace
# (packets whose boundary times overlap); each stream is in order.
babeltrace2 run --component=src:source.ctf.fs --params="inputs=[\"$src\"]" \
	--component=p:sink.text.pretty --params='clock-seconds=true,clock-gmt=true' --connect=src:p \
	> "$tmp/bt" 2> "$tmp/bt.err"
"$lttv" -m textDump -t "$tmp/scp" > "$tmp/lt"
offset=$(awk '$1 == "clock.offset" { print $2 }' "$tmp/scp/metadata")
python3 "$srcdir/import-compare.py" "$tmp/bt" "$tmp/lt" "$offset" > "$tmp/cmp"
[ $? -eq 0 ] && [ "$(cat "$tmp/cmp")" -eq 110771 ]
check $? "same 110771 events as babeltrace2: times, names, fields ($(head -3 "$tmp/cmp"))"

grep -qx 'import.source /.*/scp_src' "$tmp/scp/metadata" && grep -qx 'import.format ctf' "$tmp/scp/metadata" \
	&& grep -qx 'host VM1' "$tmp/scp/metadata" && grep -qx 'clock.offset 1361203559332331489' "$tmp/scp/metadata"
check $? "metadata: provenance, host, clock offset"

# CTF's display base is kept: LTTng's base-16 integers are declared
# x8..x64 (shown in hex), its base-10 ones u8..u64.
grep -q ' inet_sock_local_out { sk: x64; seq: x32; ack_seq: x32; check: x16; window: x16; flags: x16; }$' "$tmp/scp/metadata" &&
	grep -q ' timer_start { timer: u64; function: u64; ' "$tmp/scp/metadata"
check $? "metadata: base 16 as x64/x32/x16 ($(grep -m 1 inet_sock_local_out "$tmp/scp/metadata"))"

# lttv -t on the CTF directory itself: imported into the cache, same output.
"$lttv" -m textDump -t "$src" 2> "$tmp/err1" | sed 's/^scp_src /scp /' > "$tmp/lt1"
cmp -s "$tmp/lt" "$tmp/lt1" && [ ! -s "$tmp/err1" ]
check $? "lttv -t CTF_DIR prints the imported events"

ident=$(ls "$XDG_CACHE_HOME"/lttv/import/*/identity)
before=$(ls -i --full-time "$ident" "$(dirname "$ident")/scp_src/kernel_0")
"$lttv" -m textDump -t "$src" > /dev/null 2>&1
after=$(ls -i --full-time "$ident" "$(dirname "$ident")/scp_src/kernel_0")
[ -n "$before" ] && [ "$before" = "$after" ]
check $? "second open reuses the cache"

# A source that changes is imported again.
cp -r "$src" "$tmp/copy" && chmod -R u+w "$tmp/copy"
"$lttv" -m textDump -t "$tmp/copy" > /dev/null 2>&1
c1=$(ls -i --full-time "$XDG_CACHE_HOME"/lttv/import/*/copy/kernel_0)
touch -d '2001-01-01' "$tmp/copy/channel0_0"
"$lttv" -m textDump -t "$tmp/copy" > /dev/null 2>&1
c2=$(ls -i --full-time "$XDG_CACHE_HOME"/lttv/import/*/copy/kernel_0)
[ "$c1" != "$c2" ]
check $? "a changed source is imported again"

# The state understands LTTng's vocabulary: processes from sched_switch
# (prev_tid/next_tid), names from fork and exec, IRQ names from the state dump.
"$lttv" -m textDump -s --no-events -t "$tmp/scp" > "$tmp/stats"
grep -q '^    process 7421@10533.516859346 name="scp" tgid=7421 ' "$tmp/stats" \
	&& grep -q '^    process 7422@[0-9.]* name="ssh" ' "$tmp/stats"
check $? "statistics: scp and ssh forked and named by exec"
grep -q '^        submode eth0 ' "$tmp/stats" && grep -q '^        submode ata_piix ' "$tmp/stats"
check $? "statistics: IRQ handlers named by lttng_statedump_interrupt"
# Tasks that never run during the trace are known from lttng_statedump_process_state.
grep -q '^    process 2@- name="kthreadd" tgid=2 events=0 ' "$tmp/stats" \
	&& [ "$(grep -c '^    process ' "$tmp/stats")" -eq 80 ]
check $? "statistics: the state dump's tasks (kthreadd), 80 processes"

# Damage: a stream file cut inside a packet (babeltrace2 alone refuses the
# whole trace): its whole packets are read, exit 3, the message names the
# file and the offset of the cut packet; the same events as the file cut
# at that packet's start.
mkdir "$tmp/dmg" "$tmp/whole" && cp "$src/metadata" "$tmp/dmg/" && cp "$src/metadata" "$tmp/whole/"
head -c 1000000 "$src/channel0_0" > "$tmp/dmg/channel0_0"
"$ltt_import" -q "$tmp/dmg" "$tmp/dmg-out" 2> "$tmp/dmg.err"
rc=$?
cut_at=$(sed -n 's/.*dmg\/channel0_0: its last packet, from offset \([0-9]*\), is cut short.*/\1/p' "$tmp/dmg.err")
head -c "${cut_at:-0}" "$src/channel0_0" > "$tmp/whole/channel0_0"
"$ltt_import" -q "$tmp/whole" "$tmp/whole-out" 2> /dev/null
# (without the first column, the trace's name)
"$lttv" -m textDump -t "$tmp/dmg-out" 2> /dev/null | cut -d' ' -f2- > "$tmp/dmg.txt"
"$lttv" -m textDump -t "$tmp/whole-out" 2> /dev/null | cut -d' ' -f2- > "$tmp/whole.txt"
[ $rc -eq 3 ] && [ "${cut_at:-0}" -gt 0 ] && [ -s "$tmp/dmg.txt" ] && cmp -s "$tmp/dmg.txt" "$tmp/whole.txt"
check $? "a packet cut short: exit $rc, $(wc -l < "$tmp/dmg.txt") events of the whole packets kept: $(head -c 200 "$tmp/dmg.err")"
# lttv -t on it: the same events, the warning, and the exit status of
# damage (3), as for a damaged LTT trace.
"$lttv" -m textDump -t "$tmp/dmg" 2> "$tmp/dmg-lttv.err" | cut -d' ' -f2- > "$tmp/dmg-lttv.txt"
rc=$("$lttv" -m textDump -t "$tmp/dmg" > /dev/null 2>&1; echo $?)
[ "$rc" -eq 3 ] && cmp -s "$tmp/dmg-lttv.txt" "$tmp/dmg.txt" \
	&& grep -q "^lttv: warning: $tmp/dmg/channel0_0: its last packet, from offset $cut_at, is cut short" "$tmp/dmg-lttv.err"
check $? "lttv -t on a packet cut short: the whole packets' events, a warning, exit $rc (3 wanted)"

# Damage inside a packet: decoding stops there, what was read is kept
# (exit 3), the message names the stream file; lttv -t shows the readable
# part with a warning.
mkdir "$tmp/dmg2" && cp "$src/metadata" "$src/channel0_0" "$tmp/dmg2/" && chmod u+w "$tmp/dmg2/channel0_0"
head -c 64 /dev/zero | tr '\0' '\377' |
	dd of="$tmp/dmg2/channel0_0" bs=1 seek=1300000 conv=notrunc 2> /dev/null
"$ltt_import" -q "$tmp/dmg2" "$tmp/dmg2-out" 2> "$tmp/dmg2.err"
rc=$?
events=$("$lttv" -m textDump -t "$tmp/dmg2-out" 2> /dev/null | wc -l)
[ $rc -eq 3 ] && grep -q "dmg2/channel0_0" "$tmp/dmg2.err" && [ "$events" -gt 50000 ] && [ "$events" -lt 110771 ]
check $? "damaged packet: exit $rc, $events events kept: $(head -c 200 "$tmp/dmg2.err")"
"$lttv" -m textDump -t "$tmp/dmg2" 2> "$tmp/dmg2-lttv.err" | wc -l | grep -qx "$events" \
	&& grep -q "warning: .*dmg2/channel0_0" "$tmp/dmg2-lttv.err"
check $? "lttv -t on it: the readable part and a warning"
rc=$("$lttv" -m textDump -t "$tmp/dmg2" > /dev/null 2>&1; echo $?)
[ "$rc" -eq 3 ]
check $? "lttv -t on it, from the cache: exit $rc (3 wanted)"

# A metadata text babeltrace2 cannot parse (two bytes inverted): the message
# names the metadata file and the line, which babeltrace2 2.0 only logs.
mkdir "$tmp/badmeta" && cp "$src/metadata" "$src/channel0_0" "$tmp/badmeta/" && chmod u+w "$tmp/badmeta/metadata"
printf '\377\377' | dd of="$tmp/badmeta/metadata" bs=1 seek=5000 conv=notrunc 2> /dev/null
"$lttv" -m textDump -t "$tmp/badmeta" > /dev/null 2> "$tmp/badmeta.err"
rc=$?
"$ltt_import" -q "$tmp/badmeta" "$tmp/badmeta-out" 2> "$tmp/badmeta2.err"
rc2=$?
line="$tmp/badmeta/metadata: At line 166 in metadata stream: .*syntax error"
[ $rc -eq 1 ] && [ $rc2 -eq 1 ] && grep -q "^lttv: option -t/--trace: $tmp/badmeta: .*$line" "$tmp/badmeta.err" \
	&& grep -q "^ltt-import: $tmp/badmeta: .*$line" "$tmp/badmeta2.err" && [ "$(wc -l < "$tmp/badmeta2.err")" -eq 1 ]
check $? "unparsable metadata: the line is named (exit $rc, $rc2): $(head -c 300 "$tmp/badmeta.err")"

# A failed import through lttv leaves nothing in the cache: neither for the
# metadata above nor for a metadata file cut inside a packet.
mkdir "$tmp/cutmeta" && cp "$src/channel0_0" "$tmp/cutmeta/" && head -c 5000 "$src/metadata" > "$tmp/cutmeta/metadata"
"$lttv" -m textDump -t "$tmp/cutmeta" > /dev/null 2> "$tmp/cutmeta.err"
rc=$?
hash_of() { printf %s "$(cd "$1" && pwd -P)" | sha256sum | cut -d' ' -f1; }
left=
for d in badmeta cutmeta; do
	[ -e "$XDG_CACHE_HOME/lttv/import/$(hash_of "$tmp/$d")" ] && left="$left $d"
done
[ $rc -eq 1 ] && [ -z "$left" ] && grep -q "cutmeta/metadata: metadata packet at offset 4096 is damaged" "$tmp/cutmeta.err"
check $? "failed imports leave no folder in the cache (exit $rc; left:${left:- none})"

# An event time beyond 64-bit nanoseconds (found by fuzz-import-ctf):
# babeltrace2's account of it must not stay pending, or the next import in
# the same process aborts.  Two such traces in one lttv.
# corpus_dir INPUT DIR: a fuzz-import-ctf input as a CTF directory.
corpus_dir() {
	python3 - "$srcdir/fuzz/corpus-import-ctf/$1" "$2" <<'PY'
import os, sys
data = open(sys.argv[1], 'rb').read()
n = data[0] | data[1] << 8
os.mkdir(sys.argv[2])
open(os.path.join(sys.argv[2], 'metadata'), 'wb').write(data[2:2 + n])
open(os.path.join(sys.argv[2], 'stream_0'), 'wb').write(data[2 + n:])
PY
}
corpus_dir clock-overflow "$tmp/ovf1"
corpus_dir clock-overflow "$tmp/ovf2"
"$lttv" -m textDump -t "$tmp/ovf1" -t "$tmp/ovf2" > "$tmp/ovf.out" 2> "$tmp/ovf.err"
rc=$?
[ $rc -eq 0 ] && [ "$(wc -l < "$tmp/ovf.out")" -gt 100 ]
check $? "two imports in one process after a clock overflow: exit $rc, $(wc -l < "$tmp/ovf.out") events"

# Metadata on which babeltrace2's ctf plugin trips its own library's
# preconditions and aborts: the import runs in a child, so lttv reports it
# (naming the source) and goes on with the other trace.
corpus_dir bt2-duplicate-member "$tmp/dup"
"$lttv" -m textDump -t "$tmp/dup" > /dev/null 2> "$tmp/dup.err"
rc=$?
"$ltt_import" -q "$tmp/dup" "$tmp/dup-out" 2> "$tmp/dup2.err"
rc2=$?
[ $rc -ne 0 ] && [ $rc -lt 128 ] && grep -q "$tmp/dup: the ctf reader (babeltrace2) stopped abnormally" "$tmp/dup.err" \
	&& [ $rc2 -eq 1 ] && grep -q "$tmp/dup: the ctf reader" "$tmp/dup2.err"
check $? "babeltrace2 aborting on a metadata: lttv exit $rc, ltt-import exit $rc2: $(grep -m1 'ltt\|lttv' "$tmp/dup.err" | head -c 200)"
