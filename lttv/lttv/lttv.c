/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttv.c: the global attribute tree and its hook lists. */
#include "lttv.h"

static LttvAttribute *global;
static GPtrArray *global_hooks;   /* LttvHooks * created by lttv_global_hooks */

LttvAttribute *lttv_global_attributes(void)
{
	if (global == NULL)
		global = lttv_attribute_new();
	return global;
}

LttvHooks *lttv_global_hooks(const char *path)
{
	LttvAttributeValue v;
	GError *error = NULL;
	if (!lttv_attribute_find_by_path(lttv_global_attributes(), path, LTTV_POINTER, &v, &error)) {
		/* Paths are chosen by programs, not by users. */
		g_critical("global hooks \"%s\": %s", path, error->message);
		g_error_free(error);
		return NULL;
	}
	if (*v.v_pointer == NULL) {
		*v.v_pointer = lttv_hooks_new();
		if (global_hooks == NULL)
			global_hooks = g_ptr_array_new_with_free_func((GDestroyNotify) lttv_hooks_destroy);
		g_ptr_array_add(global_hooks, *v.v_pointer);
	}
	return *v.v_pointer;
}

int lttv_global_int(const char *path)
{
	LttvAttributeValue v;
	if (!lttv_attribute_find_by_path(lttv_global_attributes(), path, LTTV_INT, &v, NULL))
		return 0;
	return *v.v_int;
}

void lttv_global_set_int(const char *path, int value)
{
	LttvAttributeValue v;
	if (lttv_attribute_find_by_path(lttv_global_attributes(), path, LTTV_INT, &v, NULL))
		*v.v_int = value;
}

gpointer lttv_global_pointer(const char *path)
{
	LttvAttributeValue v;
	if (!lttv_attribute_find_by_path(lttv_global_attributes(), path, LTTV_POINTER, &v, NULL))
		return NULL;
	return *v.v_pointer;
}

void lttv_global_set_pointer(const char *path, gpointer value)
{
	LttvAttributeValue v;
	if (lttv_attribute_find_by_path(lttv_global_attributes(), path, LTTV_POINTER, &v, NULL))
		*v.v_pointer = value;
}

void lttv_global_fini(void)
{
	g_clear_object(&global);
	if (global_hooks != NULL) {
		g_ptr_array_free(global_hooks, TRUE);
		global_hooks = NULL;
	}
}
