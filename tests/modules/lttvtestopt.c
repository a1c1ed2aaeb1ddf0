/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttvtestopt: registers --test-value (stored in the global attribute
 * "test/value") and --test-flag. */
#include <lttv/option.h>
#include "test-module.h"

static int value;
static gboolean flag;

static gboolean store(void *hook_data, void *call_data)
{
	LttvAttributeValue v;
	if (value < 0) {
		lttv_option_fail("--test-value must not be negative");
		return TRUE;
	}
	if (lttv_attribute_find_by_path(lttv_global_attributes(), "test/value", LTTV_INT, &v, NULL))
		*v.v_int = value;
	return FALSE;
}

static gboolean init(GError **error)
{
	test_module_log("lttvtestopt+");
	if (!lttv_option_add("test-value", 'T', "a number for the test", "N", LTTV_OPT_INT, &value,
	                     store, NULL, error))
		return FALSE;
	if (!lttv_option_add("test-flag", 0, "a flag for the test", NULL, LTTV_OPT_NONE, &flag,
	                     NULL, NULL, error)) {
		lttv_option_remove("test-value");
		return FALSE;
	}
	return TRUE;
}

static void destroy(void)
{
	test_module_log(flag ? "lttvtestopt-flag" : "lttvtestopt-");
	lttv_option_remove("test-value");
	lttv_option_remove("test-flag");
}

LTTV_MODULE("lttvtestopt", "test module with options", "A module of the test suite.",
            init, destroy, NULL);
