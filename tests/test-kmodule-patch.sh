#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# kernel-patch/ltt-page-fault-exit.patch applies to the Linux the module
# tests boot (Debian's linux-source of the same series as linux-headers-amd64)
# and compiles there: the objects it touches are built in a tree of
# linux-source configured as Debian's kernel (the headers' .config).
#
# The configured tree (1.5 GB; about 60 s to unpack and prepare) is kept in
# a cache, LTTV_KMODULE_CACHE or ~/.cache/lttv/kmodule-patch, shared by the
# build trees and guarded by a lock; each run puts back the files the patch
# touches as the tarball has them, applies the patch and builds.  Without
# linux-source or the kernel's build tools (and no way to install them) the
# cases say SKIP and why.
top_src=${TOP_SRCDIR:-..}
top_build=${TOP_BUILDDIR:-..}
. "$top_src/tests/kmodule/guest.sh"
patch_file=$top_src/kernel-patch/ltt-page-fault-exit.patch
n=0
failed=0
total=3
echo "1..$total"
series=
kmodule_find_kernel && series=$(echo "$KVER" | sed -n 's/^\([0-9]*\.[0-9]*\)\..*/\1/p')
tarball=/usr/src/linux-source-$series.tar.xz
tools="make gcc flex bison bc"
if [ -n "$series" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
	missing=
	[ -f "$tarball" ] || missing="linux-source-$series"
	for p in flex bison bc libelf-dev libssl-dev; do
		dpkg-query -W -f='${Status}' $p 2>/dev/null | grep -q 'install ok installed' \
			|| missing="$missing $p"
	done
	[ -z "$missing" ] || DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 \
		install -y -q --no-install-recommends $missing >/dev/null 2>&1
fi
if [ -z "$series" ] || [ ! -f "$tarball" ]; then
	why="no linux-source${series:+-$series} (Debian package) to check the patch against"
	echo "# the kernel patch test is SKIPPED: $why" >&2
	skip_rest "$why"
fi
work=$(cd "$top_build" && pwd)/tests/kmodule-patch
rm -rf "$work" && mkdir -p "$work/orig"
# The files the patch touches, as the tarball has them.
touched=$(sed -n 's|^+++ b/||p' "$patch_file")
tar -C "$work/orig" --strip-components=1 -xJf "$tarball" \
	$(echo "$touched" | sed "s|^|linux-source-$series/|") 2>"$work/tar.log"
applies() {
	cp -R "$work/orig" "$work/dry" && (cd "$work/dry" && patch -p1 --dry-run <"$patch_file") \
		>"$work/log" 2>&1 || { sed 's/^/# /' "$work/tar.log" "$work/log"; return 1; }
}
check "$(basename "$patch_file") applies to linux-source-$series" applies
[ $failed = 0 ] || skip_rest "the patch does not apply"

for t in $tools; do
	command -v $t >/dev/null || skip_rest "no $t to build the kernel's objects (flex bison bc libelf-dev libssl-dev)"
done
[ -f /usr/include/gelf.h ] || skip_rest "no libelf-dev (gelf.h) for the kernel's objtool"
[ -f /usr/include/openssl/ssl.h ] || skip_rest "no libssl-dev for the kernel's build tools"

cache=${LTTV_KMODULE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lttv/kmodule-patch}
mkdir -p "$cache" || skip_rest "cannot make the cache $cache"
# One test at a time in the tree (other build trees share the cache).
exec 9>"$cache/lock"
flock -w 1800 9 || { check "the cache $cache is free within 30 min" false; skip_rest "no cache"; }
tree=$cache/linux-source-$series
# The tree is kept while the tarball and the configuration are the same.
stamp="$(stat -c '%s %Y' "$tarball") $(md5sum <"$KHEADERS/.config")"
# The kernel's make on its own: not a job of the make that runs the tests.
kmake() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES make "$@"
}
prepare_tree() {
	[ -d "$tree" ] && [ "$(cat "$tree.stamp" 2>/dev/null)" = "$stamp" ] && return 0
	echo "# unpacking and preparing linux-source-$series in $cache (kept for the next runs)" >&3
	rm -rf "$tree" "$tree.new" "$tree.stamp" && mkdir -p "$tree.new" \
	&& tar -C "$tree.new" --strip-components=1 -xJf "$tarball" \
	&& cp "$KHEADERS/.config" "$tree.new/.config" \
	&& kmake -C "$tree.new" -s olddefconfig \
	&& kmake -C "$tree.new" -s -j"$(nproc)" prepare \
	&& mv "$tree.new" "$tree" && echo "$stamp" >"$tree.stamp"
}
if ! prepare_tree 3>&1 >"$work/prepare.log" 2>&1; then
	sed 's/^/# /' "$work/prepare.log" | tail -30
	check "linux-source-$series unpacks and prepares as Debian's $KVER" false
	skip_rest "no prepared kernel tree"
fi

# The objects to build: those of the C files the patch touches, and of the
# C files of arch/x86 that include a header it touches.
objects=$(
	for f in $touched; do
		case $f in
		*.c) echo "${f%.c}.o" ;;
		arch/x86/include/*.h | include/*.h)
			inc=${f#arch/x86/include/}
			inc=${inc#include/}
			(cd "$tree" && grep -rl --include='*.c' "^#include <$inc>" arch/x86) \
				| sed 's/\.c$/.o/' ;;
		esac
	done | sort -u)
patched_build() {
	(cd "$tree" && rm -f $objects)
	for f in $touched; do
		cp "$work/orig/$f" "$tree/$f" || return 1
	done
	(cd "$tree" && patch -p1 <"$patch_file") >"$work/build.log" 2>&1 \
	&& kmake -C "$tree" -j"$(nproc)" $objects >>"$work/build.log" 2>&1
	status=$?
	echo "# built: $(echo $objects)"
	# The compiler's and objtool's warnings count as failures: the patch
	# must build as cleanly as the tree.
	if [ $status != 0 ] || grep -qE '^[^ ]+\.[chSo](:[0-9]+)*: warning:' "$work/build.log"; then
		sed 's/^/# /' "$work/build.log" | tail -40
		return 1
	fi
}
check "the objects the patch touches compile in linux-source-$series, without a warning" patched_build
check "the patched fault.o defines the page_fault_exit tracepoint" \
	sh -c "nm '$tree/arch/x86/mm/fault.o' | grep -q ' __tracepoint_page_fault_exit$'"
# The tree goes back as the tarball has it, for the next run and other trees.
for f in $touched; do
	cp "$work/orig/$f" "$tree/$f"
done
exit $failed
