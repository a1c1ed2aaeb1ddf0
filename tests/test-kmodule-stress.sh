#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# The kernel trace module under stress, in a 4-CPU qemu guest: a fork storm
# and system calls on every CPU with buffers too small for them, in discard
# mode (lost events counted exactly) and in overwrite mode (the newest
# blocks kept); 100 starts and stops; unloading while busy.  Skips, saying
# why, without the packages (see tests/kmodule/guest.sh).
top_src=${TOP_SRCDIR:-..}
top_build=${TOP_BUILDDIR:-..}
lttv=$top_build/lttv/lttv/lttv
work=$(cd "$top_build" && pwd)/tests/kmodule-stress
. "$top_src/tests/kmodule/guest.sh"
n=0
failed=0
total=11
echo "1..$total"

if ! kmodule_prepare; then
	echo "# the kernel module stress tests are SKIPPED: $KMODULE_WHY" >&2
	skip_rest "$KMODULE_WHY"
fi
rm -rf "$work" && mkdir -p "$work/boot"
kmodule_build "$top_src" "$work/build" || { sed 's/^/# /' "$work/build/build.log"; skip_rest "no module"; }
cp "$KMODULE_KO" "$work/boot/" && kmodule_initramfs "$work/initramfs.gz" || skip_rest "no initramfs"

cat >"$work/guest" <<'GUEST'
w=$(dirname "$0")
cd "$w" || exit 1
cpus=$(nproc)
storm() {   # 4 forking loops and 4 dd's of one-byte system calls (TCG is slow)
	pids=
	for j in 1 2 3 4; do
		(i=0; while [ $i -lt 15 ]; do /bin/true; i=$((i + 1)); done) &
		pids="$pids $!"
		dd if=/dev/zero of=/dev/null bs=1 count=3000 2>/dev/null &
		pids="$pids $!"
	done
	wait $pids   # not the readers
}
record() {   # record DIR: the module's files into a trace directory
	mkdir -p $1
	for c in $(seq 0 $((cpus - 1))); do cat /dev/ltt/cpu$c >$1/kernel_$c & done
}
insmod ltt-tracer.ko || exit 2
# Discard: 2 blocks of 4 KiB per CPU, drained by cat.
printf 'subbuf_size 4096\nsubbuf_count 2\nmode discard\n' >/dev/ltt/ctl || exit 3
record discard
echo start >/dev/ltt/ctl || exit 4
storm
echo stop >/dev/ltt/ctl
wait
cat /dev/ltt/ctl >discard/metadata
cat /dev/ltt/stats >discard.stats
# Discard again, read only once stopped: every sub-buffer is full at the
# stop, with events lost after the last block began.
echo start >/dev/ltt/ctl || exit 7
storm
echo stop >/dev/ltt/ctl
record full
wait
cat /dev/ltt/ctl >full/metadata
cat /dev/ltt/stats >full.stats
# Overwrite: 4 blocks of 4 KiB per CPU, read once stopped.
printf 'subbuf_count 4\nmode overwrite\n' >/dev/ltt/ctl || exit 5
echo start >/dev/ltt/ctl || exit 6
storm
echo stop >/dev/ltt/ctl
cat /proc/uptime >overwrite.stopped
record overwrite
wait
cat /dev/ltt/ctl >overwrite/metadata
cat /dev/ltt/stats >overwrite.stats
# 100 starts and stops, then the module still records.
printf 'subbuf_size 65536\nsubbuf_count 4\nmode discard\n' >/dev/ltt/ctl
i=0 ok=0
while [ $i -lt 100 ]; do
	echo start >/dev/ltt/ctl && echo stop >/dev/ltt/ctl && ok=$((ok + 1))
	i=$((i + 1))
done
echo $ok >restarts
# Unloading while busy is refused; once stopped it succeeds.
echo start >/dev/ltt/ctl
storm &
busy=$!
rmmod ltt_tracer 2>rmmod-busy.err && echo unloaded >rmmod-busy
wait $busy
echo stop >/dev/ltt/ctl
cat /dev/ltt/stats >last.stats
rmmod ltt_tracer && echo unloaded >rmmod-idle
GUEST
kmodule_boot "$work/initramfs.gz" "$work/boot" "$work/guest" 4
status=$?
check "the 4-CPU guest ran the stress (status $status)" test $status = 0
[ $status = 0 ] || { kmodule_report "$work/boot"; skip_rest "the guest failed: $KMODULE_FAILURE"; }
d=$work/boot

per_cpu() {   # per_cpu DUMP: "cpu events" of the trace, the dump aside
	awk '$5 !~ /^ltt_statedump/ { n[$3]++ } END { for (c in n) print c, n[c] }' "$1" | sort
}
# Lost events: what lttv reports per channel file = the module's count.
lost_exact() {   # lost_exact MODE
	"$lttv" -m textDump "$d/$1" >"$d/$1.dump" 2>"$d/$1.err"
	sed -n 's|^lttv: note: .*/kernel_\([0-9]*\): \([0-9]*\) events lost.*|\1 \2|p' "$d/$1.err" \
		| sort >"$d/$1.trace-lost"
	awk '$1 == "cpu" && $6 > 0 { print $2, $6 }' "$d/$1.stats" | sort >"$d/$1.module-lost"
	echo "# $1: lost per CPU in the trace: $(tr '\n' ' ' <"$d/$1.trace-lost")module: $(tr '\n' ' ' <"$d/$1.module-lost")"
	[ -s "$d/$1.module-lost" ] && cmp -s "$d/$1.trace-lost" "$d/$1.module-lost"
}
events_exact() {   # events_exact MODE: events per CPU in the trace = the module's counters
	awk '$1 == "cpu" && $4 > 0 { print $2, $4 }' "$d/$1.stats" | sort >"$d/$1.module-counts"
	per_cpu "$d/$1.dump" >"$d/$1.trace-counts"
	cmp -s "$d/$1.module-counts" "$d/$1.trace-counts"
}
check "discard: events are lost, and the trace counts exactly the module's losses" lost_exact discard
check "discard: events per CPU equal the module's counters" events_exact discard
check "discard, full at the stop: the trace counts exactly the module's losses" lost_exact full
check "discard, full at the stop: events per CPU equal the module's counters" events_exact full
check "overwrite: blocks were overwritten, and lost counts them" lost_exact overwrite
# The trace keeps the newest blocks: events written minus overwritten.
kept_newest() {
	awk '$1 == "cpu" && $4 - $8 > 0 { print $2, $4 - $8 }' "$d/overwrite.stats" | sort >"$d/overwrite.kept"
	per_cpu "$d/overwrite.dump" >"$d/overwrite.trace-counts"
	cmp -s "$d/overwrite.kept" "$d/overwrite.trace-counts" || return 1
	# ...and its last event is from the end of the storm, not its start.
	last=$(awk '$5 !~ /^ltt_statedump/ { t = $4 } END { print t }' "$d/overwrite.dump")
	first=$(awk '$5 !~ /^ltt_statedump/ { print $4; exit }' "$d/overwrite.dump")
	echo "# overwrite: kept events from $first to $last s; stopped at $(cut -d' ' -f1 "$d/overwrite.stopped") s of uptime"
	awk -v a="$first" -v b="$last" -v s="$(cut -d' ' -f1 "$d/overwrite.stopped")" \
		'BEGIN { exit !(b <= s && s - b < 1.0) }'
}
check "overwrite: the trace holds the newest events (written - overwritten per CPU)" kept_newest
check "100 starts and stops succeed" test "$(cat "$d/restarts")" = 100
check "unloading while busy is refused" test ! -e "$d/rmmod-busy" -a -s "$d/rmmod-busy.err"
check "after all that, the module stops and unloads cleanly" test -e "$d/rmmod-idle"
check "after 100 restarts the module still records on every CPU" \
	sh -c "[ \"\$(awk '\$1 == \"cpu\" && \$4 > 0' '$d/last.stats' | wc -l)\" = 4 ]"
exit $failed
