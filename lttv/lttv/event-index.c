/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* event-index.c: the position of every K-th event of a traceset, saved by
 * a hook of a private context while it reads in steps. */
#include <config.h>
#include "event-index.h"

/* What the saved positions may take at most, so that K follows the number
 * of tracefiles (a position holds one place per tracefile). */
#define INDEX_BYTES_MAX (4u << 20)
/* Below this K, seeking would cost less but the index more than it saves. */
#define INTERVAL_MIN 1024

struct _LttvEventIndex {
	LttvTraceset *ts;                   /* the traces indexed, for ctx */
	LttvTracesetContext *ctx;           /* private: builds, then answers lookups */
	LttvHooks *hooks;
	guint interval;
	guint64 total_estimate;
	GPtrArray *marks;                   /* LttvTracesetContextPosition of events 0, K, 2K... */
	guint64 counted;
	gboolean complete;
	/* A lookup moves ctx: the build goes on from here. */
	LttvTracesetContextPosition *resume;
	gboolean moved;
};

static gboolean mark_event(void *hook_data, void *call_data)
{
	LttvEventIndex *idx = hook_data;
	if (idx->counted % idx->interval == 0) {
		/* Inside the hook the position designates this event. */
		LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(idx->ctx);
		lttv_traceset_context_position_save(idx->ctx, pos);
		g_ptr_array_add(idx->marks, pos);
	}
	idx->counted++;
	return FALSE;
}

static guint choose_interval(guint64 total, guint tracefiles)
{
	guint64 entry = 32 * (guint64) tracefiles + 48;
	guint64 k = total * entry / INDEX_BYTES_MAX + 1;
	return (guint) CLAMP(k, INTERVAL_MIN, G_MAXUINT32);
}

LttvEventIndex *lttv_event_index_new(const LttvTracesetContext *ctx, guint interval)
{
	LttvEventIndex *idx = g_new0(LttvEventIndex, 1);
	guint tracefiles = 0;
	idx->ts = lttv_traceset_context_snapshot(ctx);
	idx->ctx = lttv_traceset_context_new(idx->ts);
	for (guint i = 0; i < idx->ctx->n_traces; i++) {
		LttvTraceContext *tc = idx->ctx->traces[i];
		for (guint j = 0; j < tc->n_tracefiles; j++)
			idx->total_estimate += ltt_tracefile_event_count(tc->tracefiles[j]->tf);
		tracefiles += tc->n_tracefiles;
	}
	idx->interval = interval != 0 ? interval : choose_interval(idx->total_estimate, tracefiles);
	idx->marks = g_ptr_array_new_with_free_func((GDestroyNotify) lttv_traceset_context_position_destroy);
	idx->resume = lttv_traceset_context_position_new(idx->ctx);
	idx->hooks = lttv_hooks_new();
	lttv_hooks_add(idx->hooks, mark_event, idx, LTTV_PRIO_DEFAULT);
	/* Lookups pass events without calling hooks: the hook can stay. */
	lttv_process_traceset_begin(idx->ctx, NULL, NULL, NULL, idx->hooks, NULL);
	return idx;
}

void lttv_event_index_free(LttvEventIndex *idx)
{
	if (idx == NULL)
		return;
	lttv_process_traceset_end(idx->ctx, NULL, NULL, NULL, idx->hooks, NULL);
	lttv_hooks_destroy(idx->hooks);
	lttv_traceset_context_position_destroy(idx->resume);
	g_ptr_array_free(idx->marks, TRUE);
	g_object_unref(idx->ctx);
	lttv_traceset_destroy(idx->ts);
	g_free(idx);
}

gboolean lttv_event_index_step(LttvEventIndex *idx, gint64 budget_usec)
{
	if (idx->complete)
		return TRUE;
	if (idx->moved) {
		lttv_process_traceset_seek_position(idx->ctx, idx->resume, NULL);
		idx->moved = FALSE;
	}
	lttv_process_traceset_middle_budget(idx->ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL, budget_usec);
	idx->complete = lttv_traceset_context_at_end(idx->ctx);
	return idx->complete;
}

void lttv_event_index_build(LttvEventIndex *idx)
{
	while (!lttv_event_index_step(idx, G_MAXINT64))
		;
}

gboolean lttv_event_index_complete(const LttvEventIndex *idx)
{
	return idx->complete;
}

guint64 lttv_event_index_count(const LttvEventIndex *idx)
{
	return idx->counted;
}

guint64 lttv_event_index_total_estimate(const LttvEventIndex *idx)
{
	return idx->total_estimate;
}

guint lttv_event_index_interval(const LttvEventIndex *idx)
{
	return idx->interval;
}

static gboolean not_indexed(const LttvEventIndex *idx, guint64 n, GError **error)
{
	g_set_error(error, LTTV_CONTEXT_ERROR, LTTV_CONTEXT_ERROR_NOT_INDEXED,
	            "event %" G_GUINT64_FORMAT " is not indexed (%" G_GUINT64_FORMAT " events indexed%s)",
	            n, idx->counted, idx->complete ? ", the whole traceset" : " so far");
	return FALSE;
}

/* The private context is about to move: remember where the build was. */
static void lookup_begins(LttvEventIndex *idx)
{
	if (!idx->complete && !idx->moved)
		lttv_traceset_context_position_save(idx->ctx, idx->resume);
	idx->moved = TRUE;
}

gboolean lttv_event_index_seek(LttvEventIndex *idx, LttvTracesetContext *ctx, guint64 n, GError **error)
{
	if (n > idx->counted || (n == idx->counted && !idx->complete))
		return not_indexed(idx, n, error);
	if (idx->marks->len == 0) {
		/* A complete index of no event: the end. */
		lttv_process_traceset_seek_time(ctx, LTT_TIME_INFINITE);
		return TRUE;
	}
	/* The end (n == the count) is reached from the last mark too. */
	guint64 mark = MIN(n / idx->interval, (guint64) idx->marks->len - 1);
	if (ctx == idx->ctx)
		lookup_begins(idx);
	if (!lttv_process_traceset_seek_position(ctx, g_ptr_array_index(idx->marks, mark), error))
		return FALSE;
	lttv_process_traceset_seek_n_forward(ctx, n - mark * idx->interval);
	return TRUE;
}

gboolean lttv_event_index_position(LttvEventIndex *idx, guint64 n, LttvTracesetContextPosition *pos,
                                   GError **error)
{
	if (!lttv_event_index_seek(idx, idx->ctx, n, error))
		return FALSE;
	lttv_traceset_context_position_save(idx->ctx, pos);
	return TRUE;
}

gboolean lttv_event_index_number(LttvEventIndex *idx, const LttvTracesetContextPosition *pos, guint64 *n,
                                 GError **error)
{
	/* The last mark at or before pos. */
	guint lo = 0, hi = idx->marks->len;
	while (lo < hi) {
		guint mid = lo + (hi - lo) / 2;
		if (lttv_traceset_context_position_compare(g_ptr_array_index(idx->marks, mid), pos) <= 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	guint64 base = lo > 0 ? (guint64) (lo - 1) * idx->interval : 0;
	lookup_begins(idx);
	if (lo > 0 && !lttv_process_traceset_seek_position(idx->ctx, g_ptr_array_index(idx->marks, lo - 1), error))
		return FALSE;
	if (lo == 0)
		lttv_process_traceset_seek_time(idx->ctx, 0);
	/* Beyond what is indexed, counting would read on without bound. */
	LttvSeekLimits lim = { .max_examined = idx->interval, .end = pos };
	guint64 number = base + lttv_process_traceset_seek_n_forward_limited(idx->ctx, G_MAXUINT64, &lim);
	if (lttv_traceset_context_ctx_pos_compare(idx->ctx, pos) != 0 || number > idx->counted ||
	    (number == idx->counted && !idx->complete)) {
		g_set_error(error, LTTV_CONTEXT_ERROR, LTTV_CONTEXT_ERROR_NOT_INDEXED,
		            "the position is past the %" G_GUINT64_FORMAT " events indexed%s",
		            idx->counted, idx->complete ? "" : " so far");
		return FALSE;
	}
	*n = number;
	return TRUE;
}
