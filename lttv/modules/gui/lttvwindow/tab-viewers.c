/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* tab-viewers.c: what each viewer of a tab registered through the host's
 * helpers (signal handlers, events requests, background notifications), so
 * that the host removes all of it when the viewer goes: a viewer writes no
 * unregister code (GUI-STYLE.md, "the host cleans up for the plugin"). */
#include <config.h>
#include "tab-struct.h"

typedef struct {
	GtkWidget *viewer;
	gulong destroy_id;
	GArray *handlers;               /* gulong signal handler ids on the tab */
	gboolean gone;                  /* forgotten: further helper calls are refused */
	gboolean working;               /* lttvwindow_viewer_working */
} TabViewer;

static void viewer_free(gpointer p)
{
	TabViewer *v = p;
	g_array_free(v->handlers, TRUE);
	g_free(v);
}

GHashTable *lttvwindow_tab_viewers_new(void)
{
	return g_hash_table_new_full(NULL, NULL, NULL, viewer_free);
}

/* A forgotten viewer's record is kept, marked gone, until the widget is
 * finalized: gtk_widget_destroy runs dispose (and weak-reference
 * notifications) while closures and idles may still hold the widget and
 * call the helpers.  Object data is freed at finalization only, so the
 * record goes with a datum of the widget's. */
typedef struct {
	GHashTable *viewers;            /* a reference: the tab may go first */
	gpointer viewer;
} GoneViewer;

/* One datum per tab: a widget given to two tabs keeps both records. */
static GQuark gone_viewer_quark(GHashTable *viewers)
{
	char key[48];
	g_snprintf(key, sizeof(key), "lttvwindow-gone-viewer-%p", (void *) viewers);
	return g_quark_from_string(key);
}

static void viewer_finalized(gpointer data)
{
	GoneViewer *g = data;
	g_hash_table_remove(g->viewers, g->viewer);
	g_hash_table_unref(g->viewers);
	g_free(g);
}

static void on_viewer_destroy(GtkWidget *viewer, gpointer tab)
{
	lttvwindow_tab_forget_viewer(tab, viewer);
}

/* The viewer's record, made at its first helper call; NULL once it was
 * forgotten (a dying viewer registers nothing more). */
static TabViewer *viewer_record(LttvwindowTab *tab, GtkWidget *viewer)
{
	g_return_val_if_fail(GTK_IS_WIDGET(viewer), NULL);
	if (tab->viewers == NULL)
		return NULL;
	TabViewer *v = g_hash_table_lookup(tab->viewers, viewer);
	if (v == NULL) {
		v = g_new0(TabViewer, 1);
		v->viewer = viewer;
		v->handlers = g_array_new(FALSE, FALSE, sizeof(gulong));
		v->destroy_id = g_signal_connect(viewer, "destroy", G_CALLBACK(on_viewer_destroy), tab);
		g_hash_table_insert(tab->viewers, viewer, v);
	}
	return v->gone ? NULL : v;
}

static void viewer_cleanup(LttvwindowTab *tab, TabViewer *v)
{
	if (v->gone)
		return;
	/* Refuse new registrations first: after_request hooks run below and
	 * may try to submit again. */
	v->gone = TRUE;
	v->working = FALSE;
	for (guint i = 0; i < v->handlers->len; i++)
		g_signal_handler_disconnect(tab, g_array_index(v->handlers, gulong, i));
	g_array_set_size(v->handlers, 0);
	for (guint i = 0; i < tab->backgrounds->len; i++)
		lttvwindow_background_remove_owner(g_ptr_array_index(tab->backgrounds, i), v->viewer);
	lttvwindow_scheduler_remove_owner(tab->sched, v->viewer);
	g_signal_handler_disconnect(v->viewer, v->destroy_id);
}

void lttvwindow_tab_forget_viewer(LttvwindowTab *tab, GtkWidget *viewer)
{
	if (tab->viewers == NULL)
		return;
	TabViewer *v = g_hash_table_lookup(tab->viewers, viewer);
	if (v == NULL) {
		/* Never registered anything: still remember it is gone. */
		viewer_record(tab, viewer);
		v = g_hash_table_lookup(tab->viewers, viewer);
	} else if (v->gone) {
		return;
	}
	viewer_cleanup(tab, v);
	/* The record stays (marked gone) while the widget exists, so that a
	 * late helper call is refused instead of registering again. */
	GoneViewer *g = g_new(GoneViewer, 1);
	*g = (GoneViewer) { g_hash_table_ref(tab->viewers), viewer };
	g_object_set_qdata_full(G_OBJECT(viewer), gone_viewer_quark(tab->viewers), g, viewer_finalized);
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_BUSY], 0);
}

void lttvwindow_tab_forget_all_viewers(LttvwindowTab *tab)
{
	GHashTableIter it;
	gpointer key, value;
	g_hash_table_iter_init(&it, tab->viewers);
	while (g_hash_table_iter_next(&it, &key, &value))
		viewer_cleanup(tab, value);
}

void lttvwindow_tab_cancel_all_requests(LttvwindowTab *tab)
{
	GHashTableIter it;
	gpointer key, value;
	GPtrArray *owners = g_ptr_array_new();
	g_hash_table_iter_init(&it, tab->viewers);
	while (g_hash_table_iter_next(&it, &key, &value))
		g_ptr_array_add(owners, key);
	/* after_request hooks may submit or forget: iterate a copy. */
	for (guint i = 0; i < owners->len; i++)
		lttvwindow_scheduler_remove_owner(tab->sched, g_ptr_array_index(owners, i));
	g_ptr_array_free(owners, TRUE);
}

void lttvwindow_tab_forget_background(LttvwindowTab *tab, LttvwindowBackground *b)
{
	if (tab->viewers == NULL)
		return;
	GHashTableIter it;
	gpointer key, value;
	g_hash_table_iter_init(&it, tab->viewers);
	while (g_hash_table_iter_next(&it, &key, &value))
		lttvwindow_background_remove_owner(b, key);
}

/* ---- the helpers of lttvwindow.h ---- */

gulong lttvwindow_connect(LttvwindowTab *tab, GtkWidget *viewer, const char *signal,
                          GCallback callback, gpointer data)
{
	TabViewer *v = viewer_record(tab, viewer);
	if (v == NULL)
		return 0;
	gulong id = g_signal_connect(tab, signal, callback, data);
	if (id != 0)
		g_array_append_val(v->handlers, id);
	return id;
}

guint lttvwindow_events_request(LttvwindowTab *tab, GtkWidget *viewer,
                                const LttvwindowEventsRequest *r)
{
	if (viewer_record(tab, viewer) == NULL)
		return 0;
	LttvwindowEventsRequest copy = *r;
	copy.owner = viewer;
	guint handle = lttvwindow_scheduler_submit(tab->sched, &copy);
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_BUSY], 0);
	return handle;
}

void lttvwindow_viewer_working(LttvwindowTab *tab, GtkWidget *viewer, gboolean working)
{
	/* "Done" registers nothing: a viewer says it from its destroy path. */
	TabViewer *v = working ? viewer_record(tab, viewer)
	                       : tab->viewers != NULL ? g_hash_table_lookup(tab->viewers, viewer) : NULL;
	if (v == NULL || v->working == working)
		return;
	v->working = working;
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_BUSY], 0);
}

gboolean lttvwindow_tab_viewers_working(LttvwindowTab *tab)
{
	GHashTableIter it;
	gpointer value;
	if (tab->viewers == NULL)
		return FALSE;
	g_hash_table_iter_init(&it, tab->viewers);
	while (g_hash_table_iter_next(&it, NULL, &value))
		if (((TabViewer *) value)->working)
			return TRUE;
	return FALSE;
}

gboolean lttvwindow_events_cancel(LttvwindowTab *tab, guint handle)
{
	return lttvwindow_scheduler_cancel(tab->sched, handle);
}

guint lttvwindow_events_cancel_all(LttvwindowTab *tab, GtkWidget *viewer)
{
	return lttvwindow_scheduler_remove_owner(tab->sched, viewer);
}

static LttvwindowBackground *requested(LttvwindowTab *tab, GtkWidget *viewer, guint trace)
{
	g_return_val_if_fail(trace < tab->backgrounds->len, NULL);
	if (viewer_record(tab, viewer) == NULL)
		return NULL;
	LttvwindowBackground *b = g_ptr_array_index(tab->backgrounds, trace);
	if (!tab->stopped && !lttvwindow_background_ready(b))
		lttvwindow_background_start(b);
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_BUSY], 0);
	return b;
}

guint lttvwindow_background_request(LttvwindowTab *tab, GtkWidget *viewer, guint trace,
                                    LttTime time, LttvHook f, gpointer data)
{
	LttvwindowBackground *b = requested(tab, viewer, trace);
	return b != NULL ? lttvwindow_background_notify(b, time, viewer, f, data) : 0;
}

guint lttvwindow_background_request_position(LttvwindowTab *tab, GtkWidget *viewer, guint trace,
                                             const LttvTracesetContextPosition *pos,
                                             LttvHook f, gpointer data)
{
	LttvwindowBackground *b = requested(tab, viewer, trace);
	return b != NULL ? lttvwindow_background_notify_position(b, pos, viewer, f, data) : 0;
}
