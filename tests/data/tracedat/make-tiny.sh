#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# make-tiny.sh DIR: remakes tiny-v7.dat and tiny-v6.dat (README).  Needs
# root, tracefs, trace-cmd and unshare: in a mount namespace of its own,
# /proc/kallsyms and printk_formats are hidden and tracefs' events directory
# shows only the systems the recording enables, so the file holds little
# besides its events; bench/peers/ftrace-extract.sh records.
set -eu
out=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
T=${LTT_TRACEFS:-/sys/kernel/tracing}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
: > "$work/empty"
mkdir "$work/events"
cp "$T/events/header_page" "$T/events/header_event" "$work/events/"
for s in sched raw_syscalls irq task exceptions ftrace; do
	for e in "$T/events/$s"/*/; do
		[ -f "$e/format" ] || continue
		mkdir -p "$work/events/$s/$(basename "$e")"
		cat "$e/format" > "$work/events/$s/$(basename "$e")/format"
	done
done
unshare -m sh -c "mount --bind '$work/empty' /proc/kallsyms && mount --bind '$work/empty' '$T/printk_formats' &&
	mount --bind '$work/events' '$T/events' &&
	BUFFER_KB=64 sh '$here/../../../bench/peers/ftrace-extract.sh' '$out/tiny-v7.dat' \
		sh -c 'echo hi > /dev/null; cat /etc/hostname'"
trace-cmd convert -i "$out/tiny-v7.dat" -o "$out/tiny-v6.dat" --file-version 6 --compression none > /dev/null
