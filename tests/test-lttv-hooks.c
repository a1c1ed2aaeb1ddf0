/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-lttv-hooks: priorities, reference counts, the call variants and
 * hooks by id. */
#include <glib.h>
#include "lttv/hook.h"

/* Each hook appends its tag to the GString passed as call data and
 * returns what its data says. */
typedef struct {
	char tag;
	gboolean result;
} Probe;

static gboolean record(void *hook_data, void *call_data)
{
	Probe *p = hook_data;
	g_string_append_c(call_data, p->tag);
	return p->result;
}

static gboolean record_other(void *hook_data, void *call_data)
{
	Probe *p = hook_data;
	g_string_append_c(call_data, g_ascii_toupper(p->tag));
	return p->result;
}

static char *run(LttvHooks *h, gboolean *ret)
{
	GString *s = g_string_new(NULL);
	gboolean r = lttv_hooks_call(h, s);
	if (ret)
		*ret = r;
	return g_string_free(s, FALSE);
}

static void test_priority_order(void)
{
	Probe a = { 'a', FALSE }, b = { 'b', FALSE }, c = { 'c', FALSE }, d = { 'd', FALSE };
	LttvHooks *h = lttv_hooks_new();
	lttv_hooks_add(h, record, &a, 50);
	lttv_hooks_add(h, record, &b, 10);
	lttv_hooks_add(h, record, &c, 50);
	lttv_hooks_add(h, record, &d, 90);
	char *s = run(h, NULL);
	g_assert_cmpstr(s, ==, "bacd");   /* a before c: stable among equal priorities */
	g_free(s);
	g_assert_cmpuint(lttv_hooks_number(h), ==, 4);
	LttvHookPriority p;
	void *data;
	g_assert_true(lttv_hooks_get(h, 0, NULL, &data, &p, NULL));
	g_assert_true(data == &b);
	g_assert_cmpint(p, ==, 10);
	g_assert_false(lttv_hooks_get(h, 4, NULL, NULL, NULL, NULL));
	lttv_hooks_destroy(h);
}

static void test_ref_count(void)
{
	Probe a = { 'a', FALSE }, b = { 'b', FALSE };
	LttvHooks *h = lttv_hooks_new();
	lttv_hooks_add(h, record, &a, 50);
	lttv_hooks_add(h, record, &a, 10);    /* same pair: counted, priority kept */
	lttv_hooks_add(h, record, &b, 50);
	lttv_hooks_add(h, record_other, &a, 60);  /* other function: another hook */
	char *s = run(h, NULL);
	g_assert_cmpstr(s, ==, "abA");
	g_free(s);
	guint refs;
	g_assert_true(lttv_hooks_get(h, 0, NULL, NULL, NULL, &refs));
	g_assert_cmpuint(refs, ==, 2);
	lttv_hooks_remove_data(h, record, &a);
	s = run(h, NULL);
	g_assert_cmpstr(s, ==, "abA");
	g_free(s);
	lttv_hooks_remove_data(h, record, &a);
	s = run(h, NULL);
	g_assert_cmpstr(s, ==, "bA");
	g_free(s);
	lttv_hooks_remove_data(h, record, &a);   /* absent: nothing happens */
	lttv_hooks_remove_data(h, record_other, &b);   /* another pair: nothing happens */
	s = run(h, NULL);
	g_assert_cmpstr(s, ==, "bA");
	g_free(s);
	lttv_hooks_remove_data(h, record_other, &a);
	s = run(h, NULL);
	g_assert_cmpstr(s, ==, "b");
	g_free(s);
	lttv_hooks_destroy(h);
}

static void test_lists(void)
{
	Probe a = { 'a', FALSE }, b = { 'b', FALSE }, c = { 'c', FALSE };
	LttvHooks *h = lttv_hooks_new(), *l = lttv_hooks_new();
	lttv_hooks_add(h, record, &a, 50);
	lttv_hooks_add(l, record, &a, 50);
	lttv_hooks_add(l, record, &b, 20);
	lttv_hooks_add(l, record, &c, 70);
	lttv_hooks_add_list(h, l);
	char *s = run(h, NULL);
	g_assert_cmpstr(s, ==, "bac");
	g_free(s);
	lttv_hooks_remove_list(h, l);
	s = run(h, NULL);
	g_assert_cmpstr(s, ==, "a");     /* a was there before the list: still once */
	g_free(s);
	lttv_hooks_destroy(h);
	lttv_hooks_destroy(l);
}

/* Two viewers share a list and a hook: each removes its own references;
 * the hook runs once while either holds one. */
static void test_owners(void)
{
	Probe a = { 'a', FALSE }, b = { 'b', FALSE };
	int viewer1, viewer2;
	LttvHooks *h = lttv_hooks_new(), *l = lttv_hooks_new();
	lttv_hooks_add_owned(h, record, &a, 50, &viewer1);
	lttv_hooks_add_owned(h, record, &a, 50, &viewer2);
	lttv_hooks_add_owned(h, record, &b, 60, &viewer2);
	lttv_hooks_add_owned(h, record, &b, 60, &viewer2);
	g_assert_cmpuint(lttv_hooks_owner_refs(h, 0, &viewer1), ==, 1);
	g_assert_cmpuint(lttv_hooks_owner_refs(h, 0, &viewer2), ==, 1);
	g_assert_cmpuint(lttv_hooks_owner_refs(h, 1, &viewer2), ==, 2);
	char *s = run(h, NULL);
	g_assert_cmpstr(s, ==, "ab");
	g_free(s);
	/* A list copied keeps the owners; removing it takes its references. */
	lttv_hooks_add_list(l, h);
	g_assert_cmpuint(lttv_hooks_owner_refs(l, 1, &viewer2), ==, 2);
	g_assert_cmpuint(lttv_hooks_remove_owner(h, &viewer2), ==, 3);
	s = run(h, NULL);
	g_assert_cmpstr(s, ==, "a");
	g_free(s);
	g_assert_cmpuint(lttv_hooks_remove_owner(h, &viewer2), ==, 0);
	g_assert_cmpuint(lttv_hooks_remove_owner_everywhere(&viewer1), ==, 2);
	g_assert_cmpuint(lttv_hooks_number(h), ==, 0);
	/* l keeps a (viewer2 holds it too) and b. */
	g_assert_cmpuint(lttv_hooks_number(l), ==, 2);
	g_assert_cmpuint(lttv_hooks_owner_refs(l, 0, &viewer1), ==, 0);
	lttv_hooks_add_list(h, l);
	lttv_hooks_remove_list(h, l);
	g_assert_cmpuint(lttv_hooks_number(h), ==, 0);
	lttv_hooks_destroy(h);
	lttv_hooks_destroy(l);
}

static void test_call_variants(void)
{
	Probe a = { 'a', FALSE }, b = { 'b', TRUE }, c = { 'c', FALSE };
	LttvHooks *h = lttv_hooks_new();
	gboolean ret;
	char *s = run(h, &ret);
	g_assert_cmpstr(s, ==, "");
	g_assert_false(ret);
	g_free(s);
	g_assert_false(lttv_hooks_call(NULL, NULL));
	lttv_hooks_add(h, record, &a, 1);
	lttv_hooks_add(h, record, &b, 2);
	lttv_hooks_add(h, record, &c, 3);
	s = run(h, &ret);
	g_assert_cmpstr(s, ==, "abc");   /* call: every hook, OR of results */
	g_assert_true(ret);
	g_free(s);
	GString *str = g_string_new(NULL);
	g_assert_true(lttv_hooks_call_check(h, str));
	g_assert_cmpstr(str->str, ==, "ab");   /* check: stops at the first TRUE */
	g_string_truncate(str, 0);
	b.result = FALSE;
	g_assert_false(lttv_hooks_call_check(h, str));
	g_assert_cmpstr(str->str, ==, "abc");
	g_string_free(str, TRUE);
	lttv_hooks_destroy(h);
}

static void test_merge(void)
{
	Probe a = { 'a', FALSE }, b = { 'b', FALSE }, c = { 'c', TRUE }, x = { 'x', FALSE },
	      y = { 'y', FALSE };
	LttvHooks *h1 = lttv_hooks_new(), *h2 = lttv_hooks_new();
	lttv_hooks_add(h1, record, &a, 10);
	lttv_hooks_add(h1, record, &b, 30);
	lttv_hooks_add(h1, record, &c, 50);
	lttv_hooks_add(h2, record, &x, 30);
	lttv_hooks_add(h2, record, &y, 40);
	GString *s1 = g_string_new(NULL);
	/* Both lists write to one string: calls interleave by priority, h1
	 * first among equals. */
	g_assert_true(lttv_hooks_call_merge(h1, s1, h2, s1));
	g_assert_cmpstr(s1->str, ==, "abxyc");
	g_string_truncate(s1, 0);
	lttv_hooks_add(h2, record, &y, 40);
	c.result = FALSE;
	y.result = TRUE;
	g_assert_true(lttv_hooks_call_check_merge(h1, s1, h2, s1));
	g_assert_cmpstr(s1->str, ==, "abxy");
	g_string_truncate(s1, 0);
	g_assert_true(lttv_hooks_call_merge(NULL, NULL, h2, s1));
	g_assert_cmpstr(s1->str, ==, "xy");
	g_string_free(s1, TRUE);
	lttv_hooks_destroy(h1);
	lttv_hooks_destroy(h2);
}

/* A hook that removes itself and destroys... its list keeps working. */
static gboolean remove_self(void *hook_data, void *call_data)
{
	lttv_hooks_remove_data(hook_data, remove_self, hook_data);
	g_string_append_c(call_data, 's');
	return FALSE;
}

static void test_change_during_call(void)
{
	Probe a = { 'a', FALSE };
	LttvHooks *h = lttv_hooks_new();
	lttv_hooks_add(h, remove_self, h, 10);
	lttv_hooks_add(h, record, &a, 20);
	char *s = run(h, NULL);
	g_assert_cmpstr(s, ==, "sa");    /* the call goes on over the list it started with */
	g_free(s);
	s = run(h, NULL);
	g_assert_cmpstr(s, ==, "a");
	g_free(s);
	lttv_hooks_destroy(h);
}

static void test_by_id(void)
{
	Probe a = { 'a', FALSE }, b = { 'b', FALSE };
	LttvHooksById *h = lttv_hooks_by_id_new();
	g_assert_null(lttv_hooks_by_id_get(h, 3));
	g_assert_cmpuint(lttv_hooks_by_id_max_id(h), ==, 0);
	lttv_hooks_add(lttv_hooks_by_id_find(h, 3), record, &a, 50);
	lttv_hooks_add(lttv_hooks_by_id_find(h, 100), record, &b, 50);
	g_assert_true(lttv_hooks_by_id_find(h, 3) == lttv_hooks_by_id_get(h, 3));
	g_assert_null(lttv_hooks_by_id_get(h, 4));
	g_assert_null(lttv_hooks_by_id_get(h, 100000));
	g_assert_cmpuint(lttv_hooks_by_id_max_id(h), ==, 101);
	char *s = run(lttv_hooks_by_id_get(h, 100), NULL);
	g_assert_cmpstr(s, ==, "b");
	g_free(s);
	LttvHooksById *other = lttv_hooks_by_id_new();
	lttv_hooks_by_id_add_list(other, h);
	lttv_hooks_by_id_add_list(other, h);
	guint refs;
	g_assert_true(lttv_hooks_get(lttv_hooks_by_id_get(other, 3), 0, NULL, NULL, NULL, &refs));
	g_assert_cmpuint(refs, ==, 2);
	lttv_hooks_by_id_remove_list(other, h);
	g_assert_cmpuint(lttv_hooks_number(lttv_hooks_by_id_get(other, 3)), ==, 1);
	lttv_hooks_by_id_remove(h, 100);
	g_assert_null(lttv_hooks_by_id_get(h, 100));
	g_assert_cmpuint(lttv_hooks_by_id_max_id(h), ==, 4);
	lttv_hooks_by_id_destroy(other);
	lttv_hooks_by_id_destroy(h);
}

/* Extended event headers carry 32-bit ids that a trace's metadata chooses:
 * the largest must neither overflow nor size an allocation. */
static void test_by_id_huge(void)
{
	Probe a = { 'a', FALSE }, b = { 'b', FALSE };
	LttvHooksById *h = lttv_hooks_by_id_new();
	LttvHooksById *other = lttv_hooks_by_id_new();

	lttv_hooks_add(lttv_hooks_by_id_find(h, G_MAXUINT32), record, &a, 50);
	lttv_hooks_add(lttv_hooks_by_id_find(h, 4000000000U), record, &b, 50);
	g_assert_true(lttv_hooks_by_id_find(h, G_MAXUINT32) == lttv_hooks_by_id_get(h, G_MAXUINT32));
	g_assert_null(lttv_hooks_by_id_get(h, G_MAXUINT32 - 1));
	g_assert_cmpuint(lttv_hooks_by_id_max_id(h), ==, (guint64) G_MAXUINT32 + 1);
	g_assert_cmpuint(h->len, ==, 0);
	char *s = run(lttv_hooks_by_id_get(h, 4000000000U), NULL);
	g_assert_cmpstr(s, ==, "b");
	g_free(s);
	lttv_hooks_by_id_add_list(other, h);
	g_assert_cmpuint(lttv_hooks_number(lttv_hooks_by_id_get(other, G_MAXUINT32)), ==, 1);
	lttv_hooks_by_id_remove_list(other, h);
	g_assert_cmpuint(lttv_hooks_number(lttv_hooks_by_id_get(other, G_MAXUINT32)), ==, 0);
	lttv_hooks_by_id_remove(h, G_MAXUINT32);
	g_assert_null(lttv_hooks_by_id_get(h, G_MAXUINT32));
	g_assert_cmpuint(lttv_hooks_by_id_max_id(h), ==, 4000000001ULL);
	lttv_hooks_by_id_destroy(other);
	lttv_hooks_by_id_destroy(h);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/hooks/priority-order", test_priority_order);
	g_test_add_func("/hooks/ref-count", test_ref_count);
	g_test_add_func("/hooks/lists", test_lists);
	g_test_add_func("/hooks/owners", test_owners);
	g_test_add_func("/hooks/call-variants", test_call_variants);
	g_test_add_func("/hooks/merge", test_merge);
	g_test_add_func("/hooks/change-during-call", test_change_during_call);
	g_test_add_func("/hooks/by-id", test_by_id);
	g_test_add_func("/hooks/by-id-huge", test_by_id_huge);
	return g_test_run();
}
