#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# kernel-patch/ltt-page-fault-exit.patch applies to the Linux the module
# tests boot (Debian's linux-source of the same series as linux-headers-amd64).
# Without linux-source (and no way to install it) the case says SKIP.
top_src=${TOP_SRCDIR:-..}
top_build=${TOP_BUILDDIR:-..}
. "$top_src/tests/kmodule/guest.sh"
patch_file=$top_src/kernel-patch/ltt-page-fault-exit.patch
echo "1..1"
series=
kmodule_find_kernel && series=$(echo "$KVER" | sed -n 's/^\([0-9]*\.[0-9]*\)\..*/\1/p')
tarball=/usr/src/linux-source-$series.tar.xz
if [ -n "$series" ] && [ ! -f "$tarball" ] && [ "$(id -u)" = 0 ]; then
	DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q \
		--no-install-recommends "linux-source-$series" >/dev/null 2>&1
fi
if [ -z "$series" ] || [ ! -f "$tarball" ]; then
	why="no linux-source${series:+-$series} (Debian package) to check the patch against"
	echo "# the kernel patch test is SKIPPED: $why" >&2
	echo "ok 1 # SKIP $why"
	exit 0
fi
work=$(cd "$top_build" && pwd)/tests/kmodule-patch
rm -rf "$work" && mkdir -p "$work"
# Only the files the patch touches are taken out of the tarball.
files=$(sed -n 's|^+++ b/||p' "$patch_file" | sed "s|^|linux-source-$series/|")
if tar -C "$work" -xJf "$tarball" $files \
   && (cd "$work/linux-source-$series" && patch -p1 --dry-run <"$patch_file") >"$work/log" 2>&1; then
	echo "ok 1 - $(basename "$patch_file") applies to linux-source-$series"
else
	sed 's/^/# /' "$work/log"
	echo "not ok 1 - $(basename "$patch_file") applies to linux-source-$series"
	exit 1
fi
