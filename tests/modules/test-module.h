/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-module.h: what the test modules share: they note their init and
 * destroy in the global attribute "test/log" so tests can check the order. */
#ifndef TEST_MODULE_H
#define TEST_MODULE_H

#include <lttv/lttv.h>
#include <lttv/module.h>

static inline void test_module_log(const char *what)
{
	LttvAttributeValue v;
	if (lttv_attribute_find_by_path(lttv_global_attributes(), "test/log", LTTV_STRING, &v, NULL)) {
		char *s = g_strconcat(*v.v_string ? *v.v_string : "", what, " ", NULL);
		g_free(*v.v_string);
		*v.v_string = s;
	}
}

/* A module that only logs "NAME+" and "NAME-". */
#define TEST_MODULE(name, prerequisites) \
	static gboolean test_init(GError **error) { test_module_log(name "+"); return TRUE; } \
	static void test_destroy(void) { test_module_log(name "-"); } \
	LTTV_MODULE(name, "test module " name, "A module of the test suite.", \
	            test_init, test_destroy, prerequisites)

#endif
