/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttvtestfail: its init fails (after its prerequisite loaded). */
#include "test-module.h"

static const char *const prerequisites[] = { "lttvtestb", NULL };

static gboolean init(GError **error)
{
	g_set_error(error, LTTV_MODULE_ERROR, LTTV_MODULE_ERROR_INIT, "refusing on purpose");
	return FALSE;
}

LTTV_MODULE("lttvtestfail", "test module whose init fails", "A module of the test suite.",
            init, NULL, prerequisites);
