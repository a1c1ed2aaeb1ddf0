/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* dev-tail.c: moving back when the tab's filter hides events: Page Up,
 * Up and the wheel up above the first row, and End.
 *
 * Without a filter the row k above the top is event top - k, which the
 * event index finds at once.  With one it is the k-th event before the top
 * that passes, which only reading tells: blocks of DEV_BACK_BLOCK events
 * before the top are read (events requests from the index's positions, so
 * the state and the filter see them as the page does), the last block
 * first, keeping the numbers of the last k passing events of each; once k
 * are found the page starts at the earliest of them, and when the start of
 * the traceset comes first, at the first page. */
#include <config.h>
#include "dev.h"

void dev_tail_cancel(Dev *d)
{
	/* The cancelled request's after_request hook runs too: tail_request
	 * 0 tells it to do nothing. */
	guint request = d->tail_request;
	d->tail_request = 0;
	if (request != 0)
		lttvwindow_events_cancel(d->tab, request);
}

static gboolean on_tail_event(void *hook_data, void *call_data)
{
	Dev *d = hook_data;
	LttvTracefileContext *tfc = call_data;
	guint64 k = d->tail_read++;
	if (dev_passes_filter(d, tfc->e))
		d->tail_ring[d->tail_found++ % d->tail_wanted] = d->tail_start + k;
	return FALSE;
}

/* Reads the block of events before event `end` (its number). */
static void read_block(Dev *d, guint64 end)
{
	LttvTracesetContext *ctx = lttvwindow_get_traceset_context(d->tab);
	LttvTracesetContextPosition *from = lttv_traceset_context_position_new(ctx);
	LttvTracesetContextPosition *to = lttv_traceset_context_position_new(ctx);
	guint64 start = end > DEV_BACK_BLOCK ? end - DEV_BACK_BLOCK : 0;
	GError *error = NULL;
	if (lttv_event_index_position(d->index, start, from, &error) &&
	    lttv_event_index_position(d->index, end, to, &error)) {
		d->tail_start = start;
		d->tail_len = end - start;
		d->tail_read = 0;
		d->tail_found = 0;
		LttvwindowEventsRequest *r = lttvwindow_events_request_new(d->top, d);
		r->start_position = from;
		r->end_position = to;
		r->event = d->tail_event;
		r->after_request = d->tail_after;
		d->tail_request = lttvwindow_events_request(d->tab, d->top, r);
		lttvwindow_events_request_free(r);
	} else {
		dev_set_status(d, "Going back: %s", error->message);
		g_error_free(error);
	}
	lttv_traceset_context_position_destroy(from);
	lttv_traceset_context_position_destroy(to);
}

static gboolean on_tail_after(void *hook_data, void *call_data)
{
	Dev *d = hook_data;
	if (d->tail_request == 0)
		return FALSE;
	d->tail_request = 0;
	if (d->tail_read != d->tail_len) {
		/* Stopped short of the block's end (the traceset changed
		 * under it): nothing is known. */
		dev_set_status(d, "Going back stopped after %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
		               " events", d->tail_read, d->tail_len);
		return FALSE;
	}
	if (d->tail_found >= d->tail_wanted) {
		/* The earliest of the last tail_wanted: the ring's next slot. */
		dev_show_number(d, d->tail_ring[d->tail_found % d->tail_wanted]);
		return FALSE;
	}
	if (d->tail_start == 0) {
		dev_show_number(d, 0);
		return FALSE;
	}
	d->tail_wanted -= d->tail_found;
	dev_set_status(d, "Going back from event %" G_GUINT64_FORMAT " through the filter...",
	               d->tail_start);
	read_block(d, d->tail_start);
	return FALSE;
}

void dev_tail_back(Dev *d, guint64 before, guint64 k)
{
	dev_tail_cancel(d);
	if (d->index == NULL || k == 0)
		return;
	if (before == 0) {
		dev_show_number(d, 0);
		return;
	}
	g_free(d->tail_ring);
	d->tail_ring = g_new(guint64, k);
	d->tail_wanted = k;
	read_block(d, before);
}

void dev_tail_init(Dev *d)
{
	d->tail_event = lttv_hooks_new();
	/* Below the state, as the page's rows: the filter sees the state
	 * before the event. */
	lttv_hooks_add(d->tail_event, on_tail_event, d, LTTV_PRIO_STATE - 5);
	d->tail_after = lttv_hooks_new();
	lttv_hooks_add(d->tail_after, on_tail_after, d, LTTV_PRIO_DEFAULT);
}

void dev_tail_free(Dev *d)
{
	lttv_hooks_destroy(d->tail_event);
	lttv_hooks_destroy(d->tail_after);
	g_free(d->tail_ring);
}
