/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* traceset.c: process-wide shared traces and tracesets. */
#include <config.h>
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include <ltt/ltt-error.h>
#include <ltt/import/import.h>
#include "traceset-private.h"

struct _LttvTrace {
	guint refs;
	char *key;                 /* canonical path */
	LttTrace *trace;
	LttvAttribute *a;
	GPtrArray *owners;         /* gpointer * slots, allocated one by one */
	char *import_warning;      /* what the import of its source skipped, NULL: nothing */
};

struct _LttvTraceset {
	GPtrArray *traces;         /* LttvTrace *, one reference each */
	LttvAttribute *a;
};

static GHashTable *open_traces;  /* canonical path -> LttvTrace * */

static void import_progress(guint64 events, gpointer path)
{
	g_printerr("\rlttv: importing %s into the cache: %" G_GUINT64_FORMAT " events", (const char *) path, events);
}

/* A CTF trace or a trace.dat file opens as its import, made once in the
 * cache (doc/import.md); an LTT trace opens as itself. */
static LttTrace *trace_open_any(const char *path, char **warning, GError **error)
{
	char *searched;
	LttImportFormat format = ltt_import_detect_searched(path, &searched);
	gboolean tty = isatty(STDERR_FILENO);
	char *dir;
	LttTrace *lt;

	if (format != LTT_IMPORT_FORMAT_CTF && format != LTT_IMPORT_FORMAT_TRACE_DAT) {
		GError *err = NULL;

		lt = ltt_trace_open(path, &err);
		/* Neither ours nor CTF: say where CTF was looked for. */
		if (lt == NULL && searched != NULL && g_error_matches(err, LTT_ERROR, LTT_ERROR_NOT_A_TRACE))
			g_set_error(error, err->domain, err->code, "%s (%s)", err->message, searched);
		else if (lt == NULL)
			g_propagate_error(error, g_steal_pointer(&err));
		g_clear_error(&err);
		g_free(searched);
		return lt;
	}
	dir = ltt_import_cached(path, format, tty ? import_progress : NULL, (gpointer) path, warning, error);
	if (tty)
		g_printerr("\n");
	if (dir == NULL)
		return NULL;
	if (*warning != NULL)
		g_printerr("lttv: warning: %s (the readable part is shown)\n", *warning);
	lt = ltt_trace_open(dir, error);
	g_free(dir);
	return lt;
}

LttvTrace *lttv_trace_open(const char *path, GError **error)
{
	char *key = realpath(path, NULL);
	if (key == NULL) {
		int e = errno;
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "trace %s: %s", path, g_strerror(e));
		return NULL;
	}
	if (open_traces == NULL)
		open_traces = g_hash_table_new(g_str_hash, g_str_equal);
	LttvTrace *t = g_hash_table_lookup(open_traces, key);
	if (t != NULL) {
		free(key);
		return lttv_trace_ref(t);
	}
	char *warning = NULL;
	LttTrace *lt = trace_open_any(path, &warning, error);
	if (lt == NULL) {
		g_free(warning);
		free(key);
		return NULL;
	}
	t = g_new0(LttvTrace, 1);
	t->refs = 1;
	t->key = g_strdup(key);
	free(key);
	t->trace = lt;
	t->a = lttv_attribute_new();
	t->owners = g_ptr_array_new_with_free_func(g_free);
	t->import_warning = warning;
	g_hash_table_insert(open_traces, t->key, t);
	return t;
}

LttvTrace *lttv_trace_ref(LttvTrace *t)
{
	t->refs++;
	return t;
}

void lttv_trace_unref(LttvTrace *t)
{
	if (t == NULL || --t->refs > 0)
		return;
	g_hash_table_remove(open_traces, t->key);
	if (g_hash_table_size(open_traces) == 0)
		g_clear_pointer(&open_traces, g_hash_table_destroy);
	g_object_unref(t->a);
	ltt_trace_unref(t->trace);
	g_ptr_array_free(t->owners, TRUE);
	g_free(t->import_warning);
	g_free(t->key);
	g_free(t);
}

const char *lttv_trace_import_warning(const LttvTrace *t)
{
	return t->import_warning;
}

guint lttv_trace_ref_count(const LttvTrace *t)
{
	return t->refs;
}

LttTrace *lttv_trace_ltt(const LttvTrace *t)
{
	return t->trace;
}

LttvAttribute *lttv_trace_attribute(const LttvTrace *t)
{
	return t->a;
}

gpointer *lttv_trace_owner_slot(LttvTrace *t, guint tracefile_index)
{
	while (t->owners->len <= tracefile_index)
		g_ptr_array_add(t->owners, g_new0(gpointer, 1));
	return g_ptr_array_index(t->owners, tracefile_index);
}

LttvTraceset *lttv_traceset_new(void)
{
	LttvTraceset *ts = g_new0(LttvTraceset, 1);
	ts->traces = g_ptr_array_new_with_free_func((GDestroyNotify) lttv_trace_unref);
	ts->a = lttv_attribute_new();
	return ts;
}

void lttv_traceset_destroy(LttvTraceset *ts)
{
	if (ts == NULL)
		return;
	g_ptr_array_free(ts->traces, TRUE);
	g_object_unref(ts->a);
	g_free(ts);
}

gboolean lttv_traceset_add(LttvTraceset *ts, LttvTrace *t)
{
	if (g_ptr_array_find(ts->traces, t, NULL))
		return FALSE;
	g_ptr_array_add(ts->traces, lttv_trace_ref(t));
	return TRUE;
}

void lttv_traceset_remove(LttvTraceset *ts, guint i)
{
	g_return_if_fail(i < ts->traces->len);
	g_ptr_array_remove_index(ts->traces, i);
}

guint lttv_traceset_number(const LttvTraceset *ts)
{
	return ts->traces->len;
}

LttvTrace *lttv_traceset_get(const LttvTraceset *ts, guint i)
{
	g_return_val_if_fail(i < ts->traces->len, NULL);
	return g_ptr_array_index(ts->traces, i);
}

LttvAttribute *lttv_traceset_attribute(const LttvTraceset *ts)
{
	return ts->a;
}
