#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# lttv-pkgconfig.sh: lttv.pc (as configured in the build tree) gives the
# flags of liblttvcore and, for module authors, the plugin directory lttv
# searches.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
echo "1..3"
if ! command -v pkg-config >/dev/null 2>&1; then
	skip_reason="no pkg-config"
	check 77 "plugindir"; check 77 "flags"; check 77 "libltt"
	exit 0
fi
PKG_CONFIG_PATH="$top_builddir/lttv/lttv:$top_builddir/ltt"
export PKG_CONFIG_PATH
libdir=$(pkg-config --variable=libdir lttv)
plugindir=$(pkg-config --variable=plugindir lttv)
[ -n "$libdir" ] && [ "$plugindir" = "$libdir/lttv/plugins" ]
check $? "plugindir is \$libdir/lttv/plugins ($plugindir)"
flags=$(pkg-config --cflags --libs lttv)
case " $flags " in
*" -llttvcore "*) check 0 "flags: $flags" ;;
*) check 1 "flags: $flags" ;;
esac
case " $flags " in
*" -lltt "*) case " $flags " in
	*" -lgobject-2.0 "*) check 0 "libltt and GObject come with it" ;;
	*) check 1 "GObject comes with it: $flags" ;;
	esac ;;
*) check 1 "libltt comes with it: $flags" ;;
esac
