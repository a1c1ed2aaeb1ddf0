/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* tab.c: a tab's traceset and shared values (time window, current time and
 * position, filter, dividor), the reports that change them and the signals
 * that tell the viewers, with the report's source. */
#include <config.h>
#include <string.h>
#include "tab-struct.h"

guint lttvwindow_tab_signals[TAB_N_SIGNALS];

G_DEFINE_TYPE(LttvwindowTab, lttvwindow_tab, G_TYPE_OBJECT)

static void on_scheduler_idle(gpointer tab, gpointer scheduler)
{
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_BUSY], 0);
}

static void on_background_progress(gpointer tab, gpointer background)
{
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_BUSY], 0);
}

static void set_window(LttvwindowTab *tab, GtkWindow *window)
{
	if (tab->toplevel != NULL)
		g_object_remove_weak_pointer(G_OBJECT(tab->toplevel), (gpointer *) &tab->toplevel);
	tab->toplevel = window;
	if (window != NULL)
		g_object_add_weak_pointer(G_OBJECT(window), (gpointer *) &tab->toplevel);
}

static void lttvwindow_tab_init(LttvwindowTab *tab)
{
	tab->ts = lttv_traceset_new();
	tab->sched = lttvwindow_scheduler_new(tab->ts);
	lttvwindow_scheduler_set_idle_notify(tab->sched, on_scheduler_idle, tab);
	tab->backgrounds = g_ptr_array_new();
	tab->progress_ids = g_array_new(FALSE, FALSE, sizeof(guint));
	tab->window.width = 1;
	tab->viewers = lttvwindow_tab_viewers_new();
}

static void drop_background(LttvwindowTab *tab, guint i)
{
	LttvwindowBackground *b = g_ptr_array_index(tab->backgrounds, i);
	lttvwindow_tab_forget_background(tab, b);
	lttvwindow_background_remove_progress_listener(b, g_array_index(tab->progress_ids, guint, i));
	lttvwindow_background_unref(b);
	g_ptr_array_remove_index(tab->backgrounds, i);
	g_array_remove_index(tab->progress_ids, i);
}

static void lttvwindow_tab_dispose(GObject *object)
{
	LttvwindowTab *tab = LTTVWINDOW_TAB(object);
	if (tab->viewers != NULL) {
		lttvwindow_tab_forget_all_viewers(tab);
		g_hash_table_destroy(tab->viewers);
		tab->viewers = NULL;
	}
	set_window(tab, NULL);
	G_OBJECT_CLASS(lttvwindow_tab_parent_class)->dispose(object);
}

static void lttvwindow_tab_finalize(GObject *object)
{
	LttvwindowTab *tab = LTTVWINDOW_TAB(object);
	while (tab->backgrounds->len > 0)
		drop_background(tab, tab->backgrounds->len - 1);
	g_ptr_array_free(tab->backgrounds, TRUE);
	g_array_free(tab->progress_ids, TRUE);
	if (tab->position != NULL)
		lttv_traceset_context_position_destroy(tab->position);
	lttvwindow_scheduler_free(tab->sched);
	lttv_traceset_destroy(tab->ts);
	if (tab->filter != NULL)
		lttv_filter_free(tab->filter);
	g_free(tab->filter_text);
	G_OBJECT_CLASS(lttvwindow_tab_parent_class)->finalize(object);
}

static guint new_signal(const char *name, guint n_params, ...)
{
	va_list ap;
	va_start(ap, n_params);
	guint id = g_signal_new_valist(name, LTTVWINDOW_TYPE_TAB, G_SIGNAL_RUN_LAST, NULL, NULL, NULL,
	                               NULL, G_TYPE_NONE, n_params, ap);
	va_end(ap);
	return id;
}

static void lttvwindow_tab_class_init(LttvwindowTabClass *klass)
{
	GObjectClass *oc = G_OBJECT_CLASS(klass);
	oc->dispose = lttvwindow_tab_dispose;
	oc->finalize = lttvwindow_tab_finalize;
	guint *s = lttvwindow_tab_signals;
	s[TAB_SIGNAL_TIME_WINDOW] = new_signal(LTTVWINDOW_SIGNAL_TIME_WINDOW, 1, G_TYPE_POINTER);
	s[TAB_SIGNAL_CURRENT_TIME] = new_signal(LTTVWINDOW_SIGNAL_CURRENT_TIME, 2, G_TYPE_UINT64,
	                                        G_TYPE_POINTER);
	s[TAB_SIGNAL_CURRENT_POSITION] = new_signal(LTTVWINDOW_SIGNAL_CURRENT_POSITION, 2,
	                                            G_TYPE_POINTER, G_TYPE_POINTER);
	s[TAB_SIGNAL_TRACESET] = new_signal(LTTVWINDOW_SIGNAL_TRACESET, 0);
	s[TAB_SIGNAL_FILTER] = new_signal(LTTVWINDOW_SIGNAL_FILTER, 2, G_TYPE_POINTER, G_TYPE_POINTER);
	s[TAB_SIGNAL_REDRAW] = new_signal(LTTVWINDOW_SIGNAL_REDRAW, 0);
	s[TAB_SIGNAL_CONTINUE] = new_signal(LTTVWINDOW_SIGNAL_CONTINUE, 0);
	s[TAB_SIGNAL_DIVIDOR] = new_signal(LTTVWINDOW_SIGNAL_DIVIDOR, 2, G_TYPE_INT, G_TYPE_POINTER);
	s[TAB_SIGNAL_BUSY] = new_signal(LTTVWINDOW_SIGNAL_BUSY, 0);
}

GQuark lttvwindow_error_quark(void)
{
	return g_quark_from_static_string("lttvwindow-error-quark");
}

LttvwindowTab *lttvwindow_tab_new(GtkWindow *window)
{
	LttvwindowTab *tab = g_object_new(LTTVWINDOW_TYPE_TAB, NULL);
	set_window(tab, window);
	return tab;
}

/* ---- traces ---- */

static void traceset_changed(LttvwindowTab *tab)
{
	/* Positions were made on the old context: they mean nothing now. */
	if (tab->position != NULL) {
		lttv_traceset_context_position_destroy(tab->position);
		tab->position = NULL;
	}
	lttvwindow_scheduler_set_traceset(tab->sched, tab->ts);
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_TRACESET], 0);
	/* The whole span is shown; the current time stays in it: a new tab
	 * starts at its start. */
	LttTime start, end;
	lttvwindow_get_time_span(tab, &start, &end);
	lttvwindow_report_time_window(tab, (LttvwindowTimeWindow) { start, end - start + 1 }, NULL);
	if (tab->current_time < start || tab->current_time > end)
		lttvwindow_report_current_time(tab, start, NULL);
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_BUSY], 0);
}

gboolean lttvwindow_tab_add_trace(LttvwindowTab *tab, const char *path, GError **error)
{
	LttvTrace *t = lttv_trace_open(path, error);
	if (t == NULL)
		return FALSE;
	if (!lttv_traceset_add(tab->ts, t)) {
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_TRACE,
		            "%s: this trace is already in the tab", path);
		lttv_trace_unref(t);
		return FALSE;
	}
	LttvwindowBackground *b = lttvwindow_background_get(t);
	lttv_trace_unref(t);
	guint id = lttvwindow_background_add_progress_listener(b, on_background_progress, tab);
	g_ptr_array_add(tab->backgrounds, b);
	g_array_append_val(tab->progress_ids, id);
	if (!tab->stopped)
		lttvwindow_background_start(b);
	traceset_changed(tab);
	return TRUE;
}

void lttvwindow_tab_remove_trace(LttvwindowTab *tab, guint i)
{
	g_return_if_fail(i < lttv_traceset_number(tab->ts));
	drop_background(tab, i);
	lttv_traceset_remove(tab->ts, i);
	traceset_changed(tab);
}

/* ---- getters ---- */

LttvTraceset *lttvwindow_get_traceset(LttvwindowTab *tab)
{
	return tab->ts;
}

LttvTracesetContext *lttvwindow_get_traceset_context(LttvwindowTab *tab)
{
	return lttvwindow_scheduler_context(tab->sched);
}

LttvContextState *lttvwindow_get_state(LttvwindowTab *tab)
{
	return lttvwindow_scheduler_state(tab->sched);
}

LttvwindowScheduler *lttvwindow_get_scheduler(LttvwindowTab *tab)
{
	return tab->sched;
}

void lttvwindow_get_time_span(LttvwindowTab *tab, LttTime *start, LttTime *end)
{
	const LttvTracesetContext *ctx = lttvwindow_scheduler_context(tab->sched);
	gboolean empty = ctx->n_traces == 0 || ctx->start_time > ctx->end_time;
	*start = empty ? 0 : ctx->start_time;
	*end = empty ? 0 : ctx->end_time;
}

LttvwindowTimeWindow lttvwindow_get_time_window(LttvwindowTab *tab)
{
	return tab->window;
}

LttTime lttvwindow_get_current_time(LttvwindowTab *tab)
{
	return tab->current_time;
}

const LttvTracesetContextPosition *lttvwindow_get_current_position(LttvwindowTab *tab)
{
	return tab->position;
}

LttvFilter *lttvwindow_get_filter(LttvwindowTab *tab)
{
	return tab->filter;
}

const char *lttvwindow_get_filter_text(LttvwindowTab *tab)
{
	return tab->filter_text;
}

gint lttvwindow_get_dividor(LttvwindowTab *tab)
{
	return tab->dividor;
}

GtkWindow *lttvwindow_get_window(LttvwindowTab *tab)
{
	return tab->toplevel;
}

LttvwindowBackground *lttvwindow_get_background(LttvwindowTab *tab, guint trace)
{
	g_return_val_if_fail(trace < tab->backgrounds->len, NULL);
	return g_ptr_array_index(tab->backgrounds, trace);
}

gboolean lttvwindow_tab_busy(LttvwindowTab *tab)
{
	if (lttvwindow_scheduler_pending(tab->sched) > 0 || lttvwindow_tab_viewers_working(tab))
		return TRUE;
	for (guint i = 0; i < tab->backgrounds->len; i++)
		if (lttvwindow_background_in_progress(g_ptr_array_index(tab->backgrounds, i)))
			return TRUE;
	return FALSE;
}

gdouble lttvwindow_tab_background_progress(LttvwindowTab *tab)
{
	if (tab->backgrounds->len == 0)
		return 1.0;
	gdouble sum = 0;
	for (guint i = 0; i < tab->backgrounds->len; i++)
		sum += lttvwindow_background_progress(g_ptr_array_index(tab->backgrounds, i));
	return sum / tab->backgrounds->len;
}

char *lttvwindow_tab_take_message(LttvwindowTab *tab)
{
	for (guint i = 0; i < tab->backgrounds->len; i++) {
		char *m = lttvwindow_background_take_message(g_ptr_array_index(tab->backgrounds, i));
		if (m != NULL)
			return m;
	}
	return NULL;
}

gboolean lttvwindow_tab_stopped(LttvwindowTab *tab)
{
	return tab->stopped;
}

/* ---- reports ---- */

static LttvwindowTimeWindow clamp_window(LttvwindowTab *tab, LttvwindowTimeWindow w)
{
	LttTime start, end;
	lttvwindow_get_time_span(tab, &start, &end);
	/* The span includes its last event: [start, end] is end - start + 1 ns. */
	LttTime span = end - start + 1;
	w.width = CLAMP(w.width, 1, span);
	w.start = CLAMP(w.start, start, start + span - w.width);
	return w;
}

void lttvwindow_report_time_window(LttvwindowTab *tab, LttvwindowTimeWindow window, gpointer source)
{
	window = clamp_window(tab, window);
	if (window.start == tab->window.start && window.width == tab->window.width)
		return;
	LttvwindowTimeWindowChange change = {
		.old_window = tab->window, .new_window = window,
		.zoom = window.width != tab->window.width, .source = source,
	};
	tab->window = window;
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_TIME_WINDOW], 0, &change);
}

void lttvwindow_report_current_time(LttvwindowTab *tab, LttTime time, gpointer source)
{
	if (time == tab->current_time)
		return;
	tab->current_time = time;
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_CURRENT_TIME], 0, (guint64) time, source);
}

void lttvwindow_report_current_position(LttvwindowTab *tab, const LttvTracesetContextPosition *pos,
                                        gpointer source)
{
	if (tab->position == NULL)
		tab->position = lttv_traceset_context_position_new(lttvwindow_get_traceset_context(tab));
	else if (lttv_traceset_context_position_compare(tab->position, pos) == 0)
		return;
	lttv_traceset_context_position_copy(tab->position, pos);
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_CURRENT_POSITION], 0, tab->position,
	              source);
	LttTime t = lttv_traceset_context_position_get_time(pos);
	if (t != LTT_TIME_INFINITE)
		lttvwindow_report_current_time(tab, t, source);
}

gboolean lttvwindow_report_filter(LttvwindowTab *tab, const char *expression, gpointer source,
                                  GError **error)
{
	LttvFilter *filter = NULL;
	if (expression != NULL && expression[0] != '\0') {
		filter = lttv_filter_new(expression, error);
		if (filter == NULL)
			return FALSE;
	}
	if (tab->filter != NULL)
		lttv_filter_free(tab->filter);
	g_free(tab->filter_text);
	tab->filter = filter;
	tab->filter_text = filter != NULL ? g_strdup(expression) : NULL;
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_FILTER], 0, filter, source);
	return TRUE;
}

void lttvwindow_report_dividor(LttvwindowTab *tab, gint position, gpointer source)
{
	if (position == tab->dividor)
		return;
	tab->dividor = position;
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_DIVIDOR], 0, position, source);
}

void lttvwindow_report_redraw(LttvwindowTab *tab)
{
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_REDRAW], 0);
}

void lttvwindow_report_stop(LttvwindowTab *tab)
{
	tab->stopped = TRUE;
	lttvwindow_tab_cancel_all_requests(tab);
	for (guint i = 0; i < tab->backgrounds->len; i++)
		lttvwindow_background_stop(g_ptr_array_index(tab->backgrounds, i));
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_BUSY], 0);
}

void lttvwindow_report_continue(LttvwindowTab *tab)
{
	tab->stopped = FALSE;
	for (guint i = 0; i < tab->backgrounds->len; i++)
		lttvwindow_background_start(g_ptr_array_index(tab->backgrounds, i));
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_CONTINUE], 0);
	g_signal_emit(tab, lttvwindow_tab_signals[TAB_SIGNAL_BUSY], 0);
}
