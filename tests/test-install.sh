#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-install.sh: what `make install` gives a user and a distribution.  A
# viewer module (doc/examples/eventrate.c) and an instrumented program are
# built out of the tree with pkg-config only; the libraries export only what
# their installed headers declare; the man pages carry the version; the
# README is installed; every installed program says its version; the installed documents point nowhere into tests/
# or bench/, which are not installed.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
top_srcdir=${TOP_SRCDIR:?}
echo "1..10"
if ! command -v pkg-config >/dev/null 2>&1 || ! command -v nm >/dev/null 2>&1; then
	skip_reason="no pkg-config or nm"
	for i in 1 2 3 4 5 6 7 8 9 10; do check 77 "install"; done
	exit 0
fi
dest=$installed
[ -f "$dest/.done" ]
status=$?
[ $status -eq 0 ] || tail -n 20 "$installed_log" | sed 's/^/# /'
check $status "make install DESTDIR=... (made by make check before the tests: $dest)"

# Where the build tree's libltt.pc says things go, and the installed .pc
# files moved under $dest as a user's copy of the tree would be.
libdir=$(PKG_CONFIG_PATH="$top_builddir/ltt" pkg-config --variable=libdir libltt)
includedir=$(PKG_CONFIG_PATH="$top_builddir/ltt" pkg-config --variable=includedir libltt)
version=$(PKG_CONFIG_PATH="$top_builddir/ltt" pkg-config --modversion libltt)
mkdir "$tmp/pc"
for pc in "$dest$libdir"/pkgconfig/*.pc; do
	sed -E "s|^(prefix\|exec_prefix\|libdir\|includedir)=/|\1=$dest/|" "$pc" > "$tmp/pc/${pc##*/}"
done
PKG_CONFIG_PATH="$tmp/pc"
export PKG_CONFIG_PATH
# The compiler and flags the tree was configured with (a sanitizer build's
# libraries need its runtime in the program too).
make_var() { sed -n "s/^$1 = //p" "$top_builddir/Makefile"; }
cc=$(make_var CC) cflags=$(make_var CFLAGS) ldflags=$(make_var LDFLAGS)

$cc $cflags -shared -fPIC -o "$tmp/eventrate.so" "$top_srcdir/doc/examples/eventrate.c" \
	$(pkg-config --cflags --libs lttvwindow) $ldflags > "$tmp/viewer.log" 2>&1 &&
	nm -D --defined-only "$tmp/eventrate.so" | grep -q ' lttv_module_info$'
status=$?
[ $status -eq 0 ] || sed 's/^/# /' "$tmp/viewer.log"
check $status "a viewer module builds with pkg-config lttvwindow only"

$cc $cflags -o "$tmp/ust-program" "$top_srcdir/doc/examples/ust-hello.c" $(pkg-config --cflags --libs ltt-ust) $ldflags \
	> "$tmp/ust.log" 2>&1 &&
	LD_LIBRARY_PATH="$dest$libdir" "$tmp/ust-program" | grep -qx 'lost 0'
status=$?
[ $status -eq 0 ] || sed 's/^/# /' "$tmp/ust.log"
check $status "an instrumented program builds with pkg-config ltt-ust only and runs"

# Each shared library's exported symbols are named in an installed header
# (libltt-ust-cyg's are the compiler's -finstrument-functions hooks).
for lib in "$dest$libdir"/lib*.so; do
	nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVW]$/ { print $3 }' | while read -r sym; do
		case $sym in __cyg_profile_func_enter|__cyg_profile_func_exit) continue ;; esac
		grep -rqw -- "$sym" "$dest$includedir"/*/ || echo "${lib##*/} $sym"
	done
done > "$tmp/undeclared"
sed 's/^/# exported, in no installed header: /' "$tmp/undeclared" | head -n 20
! grep -qv '^liblttvwindow.so ' "$tmp/undeclared"
check $? "libltt, liblttvcore, libltt-ust export only what their headers declare"
# liblttvwindow: the viewers' API and the host's (lttvwindow/host.h); lttv-gui's
# own window is not in it.
[ -f "$dest$libdir/liblttvwindow.so" ] && ! grep -q '^liblttvwindow.so ' "$tmp/undeclared"
check $? "liblttvwindow exports only what its headers declare"

# Each installed lttvwindow header (host.h too) compiles alone with the SDK.
alone=
for h in "$dest$includedir"/lttvwindow/*.h; do
	printf '#include <lttvwindow/%s>\n' "${h##*/}" |
		$cc $cflags -fsyntax-only -x c - $(pkg-config --cflags lttvwindow) 2>>"$tmp/headers.log" ||
		alone="$alone ${h##*/}"
done
[ -f "$dest$includedir/lttvwindow/host.h" ] && [ -z "$alone" ]
status=$?
[ $status -eq 0 ] || sed 's/^/# /' "$tmp/headers.log" | head -n 20
check $status "every installed lttvwindow header compiles alone${alone:+ (not:$alone)}"

# The man pages and documents, wherever the configured prefix put them.
pages=$(find "$dest" -path '*/man1/*.1')
readme=$(find "$dest" -name README.md)
docdir=${readme%/README.md}
unversioned=
for page in $pages; do
	grep -q "^\.TH .*\"lttv $version\"" "$page" || unversioned="$unversioned ${page##*/}"
done
[ -n "$pages" ] && [ -z "$unversioned" ]
check $? "every man page names lttv $version${unversioned:+ (not:$unversioned)}"

[ -n "$readme" ] && cmp -s "$top_srcdir/README.md" "$readme"
check $? "README.md is installed (${docdir#$dest})"

# README.md describes the source tree (its scripts, its layout) on purpose.
pointers=$(grep -lE '(^|[^a-z-])(tests|bench)/' "${docdir:-/nonexistent}"/*.md | grep -v '/README.md$' | sed 's|.*/||' | tr '\n' ' ')
[ -z "$pointers" ]
check $? "the installed documents point nowhere into tests/ or bench/${pointers:+ ($pointers)}"

# Every installed program answers --version with its name and the package's
# version, without a display (lttv-gui too).
unversioned=
programs=$(find "$dest" -path '*/bin/*' -type f -perm -u+x)
for program in $programs; do
	name=${program##*/}
	out=$(unset DISPLAY; LD_LIBRARY_PATH="$dest$libdir" "$program" --version 2>&1 | head -n 1)
	[ "$out" = "$name $version" ] || unversioned="$unversioned $name"
done
[ -n "$programs" ] && [ -z "$unversioned" ]
check $? "every installed program prints its version with --version${unversioned:+ (not:$unversioned)}"
