/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-lttv-attribute: the typed tree, paths, sums and the dump. */
#include <glib.h>
#include <string.h>
#include "lttv/attribute.h"
#include "lttv/lttv.h"

static void test_find_create(void)
{
	LttvAttribute *a = lttv_attribute_new();
	LttvAttributeValue v, w;
	GError *error = NULL;
	g_assert_true(lttv_attribute_find_by_path(a, "stats/cpu0/events", LTTV_ULONG, &v, &error));
	g_assert_no_error(error);
	g_assert_cmpuint(*v.v_ulong, ==, 0);     /* created zeroed */
	*v.v_ulong = 42;
	g_assert_true(lttv_attribute_find_by_path(a, "stats/cpu0/events", LTTV_ULONG, &w, NULL));
	g_assert_true(w.v_ulong == v.v_ulong);
	/* Values stay where they are while the tree grows. */
	for (int i = 0; i < 100; i++) {
		char *p = g_strdup_printf("stats/cpu0/x%d", i);
		g_assert_true(lttv_attribute_find_by_path(a, p, LTTV_INT, &w, NULL));
		g_free(p);
	}
	g_assert_cmpuint(*v.v_ulong, ==, 42);
	LttvAttribute *cpu0 = lttv_attribute_find_subdir_by_path(a, "stats/cpu0", NULL);
	g_assert_nonnull(cpu0);
	g_assert_cmpuint(lttv_attribute_get_number(cpu0), ==, 101);
	LttvAttributeName name;
	g_assert_cmpint(lttv_attribute_get(cpu0, 0, &name, &w), ==, LTTV_ULONG);
	g_assert_cmpstr(g_quark_to_string(name), ==, "events");
	g_assert_cmpint(lttv_attribute_get(cpu0, 101, NULL, NULL), ==, 0);
	g_assert_cmpint(lttv_attribute_get_type_by_name(cpu0, g_quark_from_string("x5")), ==, LTTV_INT);
	g_assert_true(lttv_attribute_remove_by_name(cpu0, g_quark_from_string("x5")));
	g_assert_false(lttv_attribute_remove_by_name(cpu0, g_quark_from_string("x5")));
	g_assert_cmpint(lttv_attribute_get_type_by_name(cpu0, g_quark_from_string("x5")), ==, 0);
	g_object_unref(a);
}

static void test_type_checks(void)
{
	LttvAttribute *a = lttv_attribute_new();
	LttvAttributeValue v;
	GError *error = NULL;
	g_assert_true(lttv_attribute_find_by_path(a, "n", LTTV_INT, &v, NULL));
	g_assert_false(lttv_attribute_find_by_path(a, "n", LTTV_DOUBLE, &v, &error));
	g_assert_error(error, LTTV_ATTRIBUTE_ERROR, LTTV_ATTRIBUTE_ERROR_TYPE);
	g_assert_nonnull(strstr(error->message, "\"n\""));
	g_clear_error(&error);
	/* n is not a subtree: a path through it fails. */
	g_assert_false(lttv_attribute_find_by_path(a, "n/m", LTTV_INT, &v, &error));
	g_assert_error(error, LTTV_ATTRIBUTE_ERROR, LTTV_ATTRIBUTE_ERROR_PATH);
	g_clear_error(&error);
	g_assert_false(lttv_attribute_find_by_path(a, "a//b", LTTV_INT, &v, &error));
	g_assert_error(error, LTTV_ATTRIBUTE_ERROR, LTTV_ATTRIBUTE_ERROR_PATH);
	g_clear_error(&error);
	g_assert_null(lttv_attribute_find_subdir(a, g_quark_from_string("n"), &error));
	g_assert_error(error, LTTV_ATTRIBUTE_ERROR, LTTV_ATTRIBUTE_ERROR_TYPE);
	g_clear_error(&error);
	g_object_unref(a);
}

static void test_all_types(void)
{
	LttvAttribute *a = lttv_attribute_new();
	LttvAttributeValue v;
	g_assert_true(lttv_attribute_find_by_path(a, "i", LTTV_INT, &v, NULL)); *v.v_int = -3;
	g_assert_true(lttv_attribute_find_by_path(a, "u", LTTV_UINT, &v, NULL)); *v.v_uint = 3;
	g_assert_true(lttv_attribute_find_by_path(a, "l", LTTV_LONG, &v, NULL)); *v.v_long = -4;
	g_assert_true(lttv_attribute_find_by_path(a, "ul", LTTV_ULONG, &v, NULL)); *v.v_ulong = 4;
	g_assert_true(lttv_attribute_find_by_path(a, "f", LTTV_FLOAT, &v, NULL)); *v.v_float = 0.5f;
	g_assert_true(lttv_attribute_find_by_path(a, "d", LTTV_DOUBLE, &v, NULL)); *v.v_double = 2.25;
	g_assert_true(lttv_attribute_find_by_path(a, "t", LTTV_TIME, &v, NULL));
	*v.v_time = 1500000000ULL;
	g_assert_true(lttv_attribute_find_by_path(a, "p", LTTV_POINTER, &v, NULL)); *v.v_pointer = NULL;
	g_assert_true(lttv_attribute_set_string(a, "s", "hello", NULL));
	g_assert_true(lttv_attribute_set_string(a, "s", "world", NULL));
	g_assert_true(lttv_attribute_find_by_path(a, "o", LTTV_GOBJECT, &v, NULL));
	*v.v_gobject = G_OBJECT(lttv_attribute_new());   /* the tree owns this reference */
	g_assert_nonnull(lttv_attribute_find_subdir_by_path(a, "sub/deeper", NULL));
	GString *dump = g_string_new(NULL);
	lttv_attribute_dump(a, dump, 0);
	g_assert_cmpstr(dump->str, ==,
	                "i (int): -3\n"
	                "u (uint): 3\n"
	                "l (long): -4\n"
	                "ul (ulong): 4\n"
	                "f (float): 0.5\n"
	                "d (double): 2.25\n"
	                "t (time): 1.500000000\n"
	                "p (pointer): (nil)\n"
	                "s (string): \"world\"\n"
	                "o (gobject): LttvAttribute\n"
	                "sub (subtree)\n"
	                "  deeper (subtree)\n");
	g_string_free(dump, TRUE);
	g_object_unref(a);
}

static void test_sum(void)
{
	LttvAttribute *a = lttv_attribute_new(), *b = lttv_attribute_new();
	LttvAttributeValue v;
	g_assert_true(lttv_attribute_find_by_path(a, "cpu/0/events", LTTV_ULONG, &v, NULL)); *v.v_ulong = 5;
	g_assert_true(lttv_attribute_find_by_path(a, "cpu/0/time", LTTV_TIME, &v, NULL)); *v.v_time = 7;
	g_assert_true(lttv_attribute_find_by_path(b, "cpu/0/events", LTTV_ULONG, &v, NULL)); *v.v_ulong = 10;
	g_assert_true(lttv_attribute_find_by_path(b, "cpu/1/events", LTTV_ULONG, &v, NULL)); *v.v_ulong = 1;
	g_assert_true(lttv_attribute_find_by_path(b, "ratio", LTTV_DOUBLE, &v, NULL)); *v.v_double = 0.25;
	g_assert_true(lttv_attribute_set_string(b, "name", "ignored", NULL));
	g_assert_true(lttv_attribute_sum(a, b, NULL));
	g_assert_true(lttv_attribute_sum(a, b, NULL));
	GString *dump = g_string_new(NULL);
	lttv_attribute_dump(a, dump, 0);
	g_assert_cmpstr(dump->str, ==,
	                "cpu (subtree)\n"
	                "  0 (subtree)\n"
	                "    events (ulong): 25\n"
	                "    time (time): 0.000000007\n"
	                "  1 (subtree)\n"
	                "    events (ulong): 2\n"
	                "ratio (double): 0.5\n");
	g_string_free(dump, TRUE);
	/* Same name, different types: an error. */
	g_assert_true(lttv_attribute_find_by_path(b, "cpu/1/events2", LTTV_INT, &v, NULL));
	g_assert_true(lttv_attribute_find_by_path(a, "cpu/1/events2", LTTV_UINT, &v, NULL));
	GError *error = NULL;
	g_assert_false(lttv_attribute_sum(a, b, &error));
	g_assert_error(error, LTTV_ATTRIBUTE_ERROR, LTTV_ATTRIBUTE_ERROR_TYPE);
	g_clear_error(&error);
	g_object_unref(a);
	g_object_unref(b);
}

static void test_global(void)
{
	LttvHooks *h = lttv_global_hooks("hooks/main/before");
	g_assert_nonnull(h);
	g_assert_true(lttv_global_hooks("hooks/main/before") == h);
	LttvAttributeValue v;
	g_assert_true(lttv_attribute_find_by_path(lttv_global_attributes(), "hooks/main/before",
	                                          LTTV_POINTER, &v, NULL));
	g_assert_true(*v.v_pointer == h);
	lttv_global_fini();
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/attribute/find-create", test_find_create);
	g_test_add_func("/attribute/type-checks", test_type_checks);
	g_test_add_func("/attribute/all-types", test_all_types);
	g_test_add_func("/attribute/sum", test_sum);
	g_test_add_func("/attribute/global", test_global);
	return g_test_run();
}
