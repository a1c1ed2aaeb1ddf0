/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* dev-index.c: event numbers, from the core's event index.
 *
 * The scrollbar is the event number, not the time: a burst of events
 * takes as much of the bar as it takes rows.  The index (a position every
 * K events, lttv/event-index.h) comes with the trace's precomputation:
 * complete at once from its cache, otherwise growing with the pass, which
 * an idle callback below the schedulers' priority also steps, so it never
 * competes with a page being read; what it covers is usable at once. */
#include <config.h>
#include "dev.h"

/* Work per idle step.  GLib dispatches every ready source of one
 * priority in the same main-loop turn: this step shares its turn with the
 * precomputation's background step (8 ms) and the script's line, so it
 * keeps the turn under about 20 ms. */
#define DEV_INDEX_STEP_USEC 6000
/* A jump to an event not indexed yet indexes on at once for at most this
 * long (a million events or so); beyond, it happens when the idle steps
 * reach the event. */
#define DEV_INDEX_JUMP_USEC 40000

guint64 dev_index_number(Dev *d, const LttvTracesetContextPosition *pos)
{
	guint64 n;
	if (d->index == NULL || !lttv_event_index_number(d->index, pos, &n, NULL))
		return DEV_NO_NUMBER;
	return n;
}

static guint64 event_total(const Dev *d)
{
	if (d->index == NULL)
		return 0;
	if (lttv_event_index_complete(d->index))
		return lttv_event_index_count(d->index);
	return MAX(lttv_event_index_total_estimate(d->index), lttv_event_index_count(d->index));
}

void dev_index_sync_scrollbar(Dev *d)
{
	gdouble upper = (gdouble) MAX(event_total(d), 1);
	gdouble page = MAX(d->page_rows, 1);
	d->setting_adjustment = TRUE;
	gtk_adjustment_configure(d->vadj,
	                         d->top_number == DEV_NO_NUMBER ? gtk_adjustment_get_value(d->vadj)
	                                                        : (gdouble) d->top_number,
	                         0, upper + page - 1, 1, page, page);
	d->setting_adjustment = FALSE;
}

/* Indexes on, within DEV_INDEX_JUMP_USEC, until event n is indexed
 * (G_MAXUINT64: until the end); TRUE when it is. */
static gboolean index_reach(Dev *d, guint64 n)
{
	gint64 deadline = g_get_monotonic_time() + DEV_INDEX_JUMP_USEC;
	while (!lttv_event_index_complete(d->index) && !lttv_event_index_stopped(d->index) &&
	       lttv_event_index_count(d->index) <= n && g_get_monotonic_time() < deadline)
		lttv_event_index_step(d->index, deadline - g_get_monotonic_time());
	return lttv_event_index_complete(d->index) || lttv_event_index_count(d->index) > n;
}

/* A jump waiting for the index keeps the tab busy (the script's `wait`
 * waits for it, the status bar says so). */
static void pending_changed(Dev *d)
{
	lttvwindow_viewer_working(d->tab, d->top,
	                          d->pending_end || d->pending_number != DEV_NO_NUMBER);
}

gboolean dev_show_last_page(Dev *d)
{
	if (d->index == NULL)
		return FALSE;
	d->pending_number = DEV_NO_NUMBER;
	d->pending_end = !index_reach(d, G_MAXUINT64);
	if (d->pending_end && lttv_event_index_stopped(d->index)) {
		d->pending_end = FALSE;
		dev_set_status(d, "The end is not known: the events were indexed up to %" G_GUINT64_FORMAT
		               " only (the precomputation stopped)", lttv_event_index_count(d->index));
		return FALSE;
	}
	if (d->pending_end) {
		dev_set_status(d, "Going to the end once the events are indexed...");
		pending_changed(d);
		return FALSE;
	}
	guint64 count = lttv_event_index_count(d->index);
	if (lttvwindow_get_filter(d->tab) != NULL) {
		/* The last page_rows events that pass, found by reading back. */
		dev_tail_back(d, count, MAX(d->page_rows, 1));
		return TRUE;
	}
	return dev_show_number(d, count > d->page_rows ? count - d->page_rows : 0);
}

static gboolean show_number(Dev *d, guint64 n, gboolean select)
{
	if (d->index == NULL)
		return FALSE;
	d->pending_number = DEV_NO_NUMBER;
	d->pending_end = FALSE;
	d->pending_select = select;
	if (!index_reach(d, n)) {
		if (lttv_event_index_stopped(d->index)) {
			dev_set_status(d, "There is no event %" G_GUINT64_FORMAT " among the %" G_GUINT64_FORMAT
			               " indexed (the precomputation stopped)", n, lttv_event_index_count(d->index));
			return FALSE;
		}
		d->pending_number = n;
		dev_set_status(d, "Going to event %" G_GUINT64_FORMAT " once it is indexed (%" G_GUINT64_FORMAT
		               " events so far)...", n, lttv_event_index_count(d->index));
		pending_changed(d);
		return FALSE;
	}
	LttvTracesetContextPosition *pos =
		lttv_traceset_context_position_new(lttvwindow_get_traceset_context(d->tab));
	gboolean ok = lttv_event_index_position(d->index, n, pos, NULL);
	if (ok && select) {
		dev_ensure_positions(d);
		lttv_traceset_context_position_copy(d->selected_pos, pos);
		d->have_selection = TRUE;
		d->selected_number = n;
		dev_set_status(d, "%s", "");
	}
	if (ok)
		dev_show_from(d, pos, n);
	if (ok && select)
		lttvwindow_report_current_position(d->tab, pos, d->top);
	if (!ok)
		dev_set_status(d, "There is no event %" G_GUINT64_FORMAT " (%" G_GUINT64_FORMAT " events)", n,
		               lttv_event_index_count(d->index));
	lttv_traceset_context_position_destroy(pos);
	return ok;
}

gboolean dev_show_number(Dev *d, guint64 n)
{
	return show_number(d, n, FALSE);
}

gboolean dev_select_number(Dev *d, guint64 n)
{
	return show_number(d, n, TRUE);
}

static gboolean index_step(gpointer data)
{
	Dev *d = data;
	gboolean done = lttv_event_index_step(d->index, DEV_INDEX_STEP_USEC);
	/* The numbers of the rows read before the index reached them. */
	if (d->top_number == DEV_NO_NUMBER && d->top_pos != NULL) {
		d->top_number = dev_index_number(d, d->top_pos);
		if (d->top_number != DEV_NO_NUMBER) {
			for (guint i = 0; i < d->rows->len; i++) {
				DevRow *row = g_ptr_array_index(d->rows, i);
				row->number = dev_index_number(d, row->pos);
			}
			if (d->has_next)
				d->next_number = dev_index_number(d, d->next_pos);
			gtk_widget_queue_draw(d->area);
		}
	}
	dev_index_sync_scrollbar(d);
	/* A jump that waited for the index. */
	if (d->pending_end && done)
		dev_show_last_page(d);
	else if (d->pending_number != DEV_NO_NUMBER && (done || lttv_event_index_count(d->index) > d->pending_number))
		/* Done: the number is there, or show_number says there is none. */
		show_number(d, d->pending_number, d->pending_select);
	pending_changed(d);
	if (done) {
		d->index_source = 0;
		return FALSE;
	}
	return TRUE;
}

void dev_index_stop(Dev *d)
{
	if (d->index_source != 0)
		g_source_remove(d->index_source);
	d->index_source = 0;
	if (d->index != NULL)
		lttv_event_index_free(d->index);
	d->index = NULL;
}

void dev_index_start(Dev *d)
{
	dev_index_stop(d);
	d->pending_number = DEV_NO_NUMBER;
	d->pending_end = FALSE;
	pending_changed(d);
	if (lttv_traceset_number(lttvwindow_get_traceset(d->tab)) == 0)
		return;
	d->index = lttv_event_index_new(lttvwindow_get_traceset_context(d->tab), 0);
	d->index_source = g_idle_add_full(G_PRIORITY_LOW, index_step, d, NULL);
}

static void on_scrolled(GtkAdjustment *adj, gpointer data)
{
	Dev *d = data;
	if (d->setting_adjustment)
		return;
	guint64 n = (guint64) gtk_adjustment_get_value(adj);
	if (n != d->top_number)
		dev_show_number(d, n);
}

/* Connected once, by the constructor. */
void dev_index_connect_scrollbar(Dev *d)
{
	g_signal_connect(d->vadj, "value-changed", G_CALLBACK(on_scrolled), d);
}
