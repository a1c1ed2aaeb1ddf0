/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttvtestclash: claims --test-value, which lttvtestopt owns. */
#include <lttv/option.h>
#include "test-module.h"

static int value;

static gboolean init(GError **error)
{
	return lttv_option_add("test-value", 0, "the same name as lttvtestopt's", "N",
	                       LTTV_OPT_INT, &value, NULL, NULL, error);
}

static void destroy(void)
{
	lttv_option_remove("test-value");
}

LTTV_MODULE("lttvtestclash", "test module with a clashing option", "A module of the test suite.",
            init, destroy, NULL);
