#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-packaging.sh: dpkg-buildpackage -us -uc -b builds every binary
# package debian/control names, each holding what it is for, and lintian
# finds no error in them.  It builds the whole tree again (minutes), so
# `make check` runs it only with LTTV_TEST_PACKAGING=1; scripts/check runs
# it once on its own.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
top_srcdir=${TOP_SRCDIR:?}
echo "1..4"
skip_all() {
	skip_reason=$1
	echo "# SKIP: $1" >&2
	check 77 "the build"; check 77 "every package"; check 77 "their contents"; check 77 "lintian"
	exit 0
}
[ "${LTTV_TEST_PACKAGING:-0}" = 1 ] ||
	skip_all "building the Debian packages takes minutes: set LTTV_TEST_PACKAGING=1 (scripts/check does)"
command -v dpkg-buildpackage >/dev/null 2>&1 && command -v dh >/dev/null 2>&1 ||
	skip_all "no dpkg-buildpackage or debhelper (apt-get install dpkg-dev debhelper)"

# A copy of the source: the build writes into its tree and one folder up.
mkdir "$tmp/src"
(cd "$top_srcdir" && tar --exclude=./build --exclude=./.git -cf - .) | tar -C "$tmp/src" -xf -
(cd "$tmp/src" && DEB_BUILD_OPTIONS="nocheck parallel=$(nproc)" dpkg-buildpackage -us -uc -b) \
	> "$tmp/build.log" 2>&1
status=$?
[ $status -eq 0 ] || tail -n 40 "$tmp/build.log" | sed 's/^/# /'
check $status "dpkg-buildpackage -us -uc -b"

version=$(dpkg-parsechangelog -l "$top_srcdir/debian/changelog" -S Version)
arch=$(dpkg --print-architecture)
missing=
for p in $(sed -n 's/^Package: //p' "$top_srcdir/debian/control"); do
	[ -s "$tmp/${p}_${version}_$arch.deb" ] || missing="$missing $p"
done
[ -z "$missing" ]
check $? "every package of debian/control is built${missing:+ (missing:$missing)}"

# package  a path it must hold (the end of it, an extended regex: dh_compress
# gzips documents over 4 kB)
wrong=
while read -r p path; do
	dpkg-deb -c "$tmp/${p}_${version}_$arch.deb" 2>/dev/null | grep -qE "$path( -> .*)?\$" || wrong="$wrong $p:$path"
done <<LIST
lttv ./usr/bin/lttv
lttv ./usr/bin/lttd
lttv ./usr/bin/lttctl
lttv /lttv/plugins/textDump.so
lttv ./usr/share/man/man1/lttv.1.gz
lttv ./usr/share/doc/lttv/README\.md(\.gz)?
lttv-gui ./usr/bin/lttv-gui
lttv-gui /lttv/plugins/controlflow.so
lttv-gui ./usr/share/applications/lttv-gui.desktop
libltt0 /libltt.so.0
libltt-import0 /libltt-import.so.0
lttv ./usr/bin/ltt-import
libltt-dev ./usr/include/ltt/ltt.h
libltt-dev /pkgconfig/libltt.pc
liblttvcore0 /liblttvcore.so.0
liblttvcore-dev /pkgconfig/lttv.pc
liblttvwindow0 /liblttvwindow.so.0
liblttvwindow-dev ./usr/include/lttvwindow/lttvwindow.h
libltt-ust0 /libltt-ust.so.0
libltt-ust-dev ./usr/include/ltt/ltt-ust.h
libltt-ust-dev /pkgconfig/ltt-ust.pc
LIST
[ -z "$wrong" ]
check $? "each package holds its files${wrong:+ (not found:$wrong)}"

if command -v lintian >/dev/null 2>&1; then
	lintian --fail-on error "$tmp"/*_"$version"_"$arch".deb > "$tmp/lintian.out" 2>&1
	status=$?
	sed 's/^/# /' "$tmp/lintian.out"
	check $status "lintian finds no error"
else
	skip_reason="no lintian (apt-get install lintian)"
	check 77 "lintian"
fi
