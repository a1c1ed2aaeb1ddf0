#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# valgrind-run.sh TEST [ARGS]: runs a test program (a libtool wrapper) under
# valgrind's memcheck; any invalid access, use of uninitialised memory or
# definite leak is a hard error (exit 99).  scripts/check runs the viewers'
# engine without a display this way (LOG_COMPILER=tests/valgrind-run.sh).
# Tests that are slow under valgrind run a subset of their cases when they
# see LTTV_TEST_UNDER_VALGRIND (they say which).
LTTV_TEST_UNDER_VALGRIND=1
export LTTV_TEST_UNDER_VALGRIND
exec "${TOP_BUILDDIR:?}/libtool" --mode=execute valgrind -q --error-exitcode=99 --leak-check=full \
	--errors-for-leak-kinds=definite --show-leak-kinds=definite "$@"
