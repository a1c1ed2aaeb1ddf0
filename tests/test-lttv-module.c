/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-lttv-module: loading modules with prerequisites, use counts, load
 * errors, and options of modules loaded in the middle of a command line.
 * The modules are in tests/modules/. */
#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include "lttv/lttv.h"
#include "lttv/module.h"
#include "lttv/hook.h"
#include "lttv/option.h"

static const char *logged(void)
{
	LttvAttributeValue v;
	g_assert_true(lttv_attribute_find_by_path(lttv_global_attributes(), "test/log", LTTV_STRING,
	                                          &v, NULL));
	return *v.v_string ? *v.v_string : "";
}

static void setup(void)
{
	lttv_module_add_path(TESTS_BUILDDIR "/modules");
}

static void teardown(void)
{
	lttv_module_unload_all();
	lttv_option_clear();
	lttv_global_fini();
}

static void test_prerequisites(void)
{
	setup();
	GError *error = NULL;
	LttvModule *a = lttv_module_require("lttvtesta", &error);
	g_assert_no_error(error);
	g_assert_cmpstr(logged(), ==, "lttvtestb+ lttvtesta+ ");
	LttvModule *b = lttv_module_find("lttvtestb");
	g_assert_nonnull(b);
	g_assert_cmpuint(lttv_module_use_count(a), ==, 1);
	g_assert_cmpuint(lttv_module_use_count(b), ==, 1);
	g_assert_cmpstr(lttv_module_get_info(a)->short_description, ==, "test module lttvtesta");
	g_assert_true(lttv_module_require("lttvtestb", NULL) == b);
	g_assert_cmpuint(lttv_module_use_count(b), ==, 2);
	LttvModule *c = lttv_module_require("lttvtestc", &error);
	g_assert_no_error(error);
	g_assert_cmpstr(logged(), ==, "lttvtestb+ lttvtesta+ lttvtestc+ ");
	g_assert_cmpuint(lttv_module_use_count(a), ==, 2);
	g_assert_cmpuint(lttv_module_use_count(b), ==, 3);
	g_assert_cmpuint(lttv_module_number(), ==, 3);
	g_assert_true(lttv_module_get(0) == b && lttv_module_get(2) == c);
	lttv_module_release(c);
	g_assert_null(lttv_module_find("lttvtestc"));
	g_assert_cmpuint(lttv_module_use_count(a), ==, 1);
	g_assert_cmpuint(lttv_module_use_count(b), ==, 2);
	lttv_module_release(b);
	lttv_module_release(a);   /* its prerequisite b goes with it */
	g_assert_cmpuint(lttv_module_number(), ==, 0);
	g_assert_cmpstr(logged(), ==,
	                "lttvtestb+ lttvtesta+ lttvtestc+ lttvtestc- lttvtesta- lttvtestb- ");
	teardown();
}

static void expect_failure(const char *name, gint code, const char *needle)
{
	GError *error = NULL;
	g_assert_null(lttv_module_require(name, &error));
	g_assert_error(error, LTTV_MODULE_ERROR, code);
	if (strstr(error->message, needle) == NULL)
		g_error("message \"%s\" lacks \"%s\"", error->message, needle);
	g_error_free(error);
	/* Nothing stays loaded, prerequisites included. */
	g_assert_cmpuint(lttv_module_number(), ==, 0);
}

static gboolean count_main(void *hook_data, void *call_data)
{
	(*(guint *) call_data) += 10;
	return FALSE;
}

/* A module's hooks leave every list when it is unloaded, even those its
 * destroy forgot; the others stay. */
static void test_hook_owner(void)
{
	setup();
	GError *error = NULL;
	LttvHooks *h = lttv_global_hooks("test/hooks");
	lttv_hooks_add(h, count_main, NULL, LTTV_PRIO_LOW);
	LttvModule *m = lttv_module_require("lttvtesthooks", &error);
	g_assert_no_error(error);
	g_assert_cmpuint(lttv_hooks_number(h), ==, 2);
	g_assert_cmpuint(lttv_hooks_owner_refs(h, 0, lttv_module_get_info(m)->name), ==, 1);
	g_assert_cmpuint(lttv_hooks_owner_refs(h, 1, NULL), ==, 1);
	guint calls = 0;
	lttv_hooks_call(h, &calls);
	g_assert_cmpuint(calls, ==, 11);
	lttv_module_release(m);
	g_assert_cmpuint(lttv_hooks_number(h), ==, 1);
	calls = 0;
	lttv_hooks_call(h, &calls);
	g_assert_cmpuint(calls, ==, 10);
	teardown();
}

static void test_errors(void)
{
	setup();
	expect_failure("lttvtestnothere", LTTV_MODULE_ERROR_NOT_FOUND, "\"lttvtestnothere\" not found");
	expect_failure("../modules/lttvtesta", LTTV_MODULE_ERROR_NOT_FOUND, "not a module name");
	expect_failure("lttvtestnosym", LTTV_MODULE_ERROR_SYMBOL, "lttv_module_info");
	expect_failure("lttvtestfail", LTTV_MODULE_ERROR_INIT, "refusing on purpose");
	expect_failure("lttvtestmissing", LTTV_MODULE_ERROR_NOT_FOUND, "lttvtestnothere");
	expect_failure("lttvtestself", LTTV_MODULE_ERROR_CYCLE, "lttvtestself");
	/* The prerequisite of the failing modules was loaded then released. */
	g_assert_cmpstr(logged(), ==, "lttvtestb+ lttvtestb- lttvtestb+ lttvtestb- ");
	teardown();
}

static gboolean load(void *hook_data, void *call_data)
{
	GError *error = NULL;
	if (lttv_module_require(call_data, &error) == NULL) {
		lttv_option_fail("%s", error->message);
		g_error_free(error);
		return TRUE;
	}
	return FALSE;
}

static gboolean parse(const char *line, GError **error)
{
	gchar **argv = NULL;
	int argc = 0;
	g_assert_true(g_shell_parse_argv(line, &argc, &argv, NULL));
	gboolean ok = lttv_option_parse(argc, argv, error);
	g_strfreev(argv);
	return ok;
}

static void setup_options(void)
{
	setup();
	g_assert_true(lttv_option_add("module", 'm', "load a module", "NAME", LTTV_OPT_STRING, NULL,
	                              load, NULL, NULL));
}

static int test_value(void)
{
	LttvAttributeValue v;
	g_assert_true(lttv_attribute_find_by_path(lttv_global_attributes(), "test/value", LTTV_INT,
	                                          &v, NULL));
	return *v.v_int;
}

static void test_options_mid_line(void)
{
	setup_options();
	GError *error = NULL;
	g_assert_true(parse("prog -m lttvtestb -m lttvtestopt --test-value 5 --test-flag -T 7", &error));
	g_assert_no_error(error);
	g_assert_cmpint(test_value(), ==, 7);
	lttv_module_unload_all();
	g_assert_cmpstr(logged(), ==, "lttvtestb+ lttvtestopt+ lttvtestopt-flag lttvtestb- ");
	teardown();

	/* Before the module is loaded its options are unknown. */
	setup_options();
	g_assert_false(parse("prog --test-value 5 -m lttvtestopt", &error));
	g_assert_error(error, LTTV_OPTION_ERROR, LTTV_OPTION_ERROR_PARSE);
	g_assert_nonnull(strstr(error->message, "--test-value"));
	g_clear_error(&error);
	teardown();
}

static void test_option_errors(void)
{
	static const struct {
		const char *line;
		gint code;
		const char *needle;
	} cases[] = {
		{ "prog -m lttvtestopt --test-value abc", LTTV_OPTION_ERROR_PARSE, "\"abc\" is not an integer" },
		{ "prog -m lttvtestopt --test-value 99999999999", LTTV_OPTION_ERROR_PARSE, "99999999999" },
		{ "prog -m lttvtestopt --test-value -1", LTTV_OPTION_ERROR_HOOK, "must not be negative" },
		{ "prog -m lttvtestopt --test-value", LTTV_OPTION_ERROR_PARSE, "--test-value" },
		{ "prog -m lttvtestnothere", LTTV_OPTION_ERROR_HOOK, "\"lttvtestnothere\" not found" },
		{ "prog -m lttvtestb stray", LTTV_OPTION_ERROR_PARSE, "unexpected argument \"stray\"" },
		{ "prog -m lttvtestopt -m lttvtestclash", LTTV_OPTION_ERROR_HOOK, "conflicts with option -T/--test-value of lttvtestopt" },
	};
	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		GError *error = NULL;
		setup_options();
		g_assert_false(parse(cases[i].line, &error));
		g_assert_error(error, LTTV_OPTION_ERROR, cases[i].code);
		if (strstr(error->message, cases[i].needle) == NULL)
			g_error("%s: message \"%s\" lacks \"%s\"", cases[i].line, error->message, cases[i].needle);
		g_error_free(error);
		teardown();
	}
}

static void test_registration_conflict(void)
{
	GError *error = NULL;
	g_assert_true(lttv_option_add("alpha", 'a', "first", NULL, LTTV_OPT_NONE, NULL, NULL, NULL, &error));
	g_assert_false(lttv_option_add("alpha", 0, "same long name", NULL, LTTV_OPT_NONE, NULL, NULL, NULL, &error));
	g_assert_error(error, LTTV_OPTION_ERROR, LTTV_OPTION_ERROR_CONFLICT);
	g_clear_error(&error);
	g_assert_false(lttv_option_add("beta", 'a', "same short name", NULL, LTTV_OPT_NONE, NULL, NULL, NULL, &error));
	g_assert_error(error, LTTV_OPTION_ERROR, LTTV_OPTION_ERROR_CONFLICT);
	g_clear_error(&error);
	lttv_option_remove("alpha");
	g_assert_true(lttv_option_add("beta", 'a', "free again", NULL, LTTV_OPT_NONE, NULL, NULL, NULL, &error));
	lttv_option_clear();
}

static void test_help(void)
{
	setup_options();
	g_assert_true(parse("prog -m lttvtestopt", NULL));
	char *path = NULL;
	int fd = g_file_open_tmp("lttv-help-XXXXXX", &path, NULL);
	g_assert_cmpint(fd, >=, 0);
	FILE *f = fdopen(fd, "w");
	lttv_option_print_help(f, "prog");
	fclose(f);
	char *text = NULL;
	g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
	g_assert_nonnull(strstr(text, "Usage: prog [OPTION...]"));
	g_assert_nonnull(strstr(text, "\nlttv options:\n  -m, --module=NAME"));
	g_assert_nonnull(strstr(text, "\nlttvtestopt options:\n  -T, --test-value=N"));
	g_assert_nonnull(strstr(text, "      --test-flag"));
	g_free(text);
	g_unlink(path);
	g_free(path);
	teardown();
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/module/prerequisites", test_prerequisites);
	g_test_add_func("/module/errors", test_errors);
	g_test_add_func("/module/hook-owner", test_hook_owner);
	g_test_add_func("/option/mid-line", test_options_mid_line);
	g_test_add_func("/option/errors", test_option_errors);
	g_test_add_func("/option/registration-conflict", test_registration_conflict);
	g_test_add_func("/option/help", test_help);
	return g_test_run();
}
