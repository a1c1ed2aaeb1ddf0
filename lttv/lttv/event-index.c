/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* event-index.c: the position of every K-th event of a traceset.
 *
 * Over one trace they are the precomputation's event marks (precompute.h):
 * the pass that makes the state and the intervals records them, and the
 * cache file keeps them, so the index costs no read of its own and a
 * second open has it at once.  Over several traces (whose merged numbers
 * no single trace's pass knows) a hook of a private context saves them
 * while it reads in steps.  Either way lookups go through the private
 * context. */
#include <config.h>
#include "event-index.h"
#include "precompute.h"

/* What the saved positions may take at most, so that K follows the number
 * of tracefiles (a position holds one place per tracefile). */
#define INDEX_BYTES_MAX (4u << 20)
/* The longest step asked of the precomputation: its deadline is the
 * clock plus the budget, which G_MAXINT64 (lttv_event_index_build) would
 * overflow. */
#define PRECOMPUTE_STEP_MAX_USEC G_GINT64_CONSTANT(3600000000)
/* Below this K, seeking would cost less but the index more than it saves. */
#define INTERVAL_MIN 1024

struct _LttvEventIndex {
	LttvTraceset *ts;                   /* the traces indexed, for ctx */
	LttvTracesetContext *ctx;           /* private: builds, then answers lookups */
	LttvHooks *hooks;
	LttvPrecompute *pc;                 /* over one trace: the marks are its; else NULL */
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

guint lttv_event_index_choose_interval(guint64 total, guint tracefiles)
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
	idx->interval = interval != 0 ? interval : lttv_event_index_choose_interval(idx->total_estimate, tracefiles);
	idx->marks = g_ptr_array_new_with_free_func((GDestroyNotify) lttv_traceset_context_position_destroy);
	idx->resume = lttv_traceset_context_position_new(idx->ctx);
	if (interval == 0 && idx->ctx->n_traces == 1) {
		idx->pc = lttv_precompute_get(lttv_traceset_get(idx->ts, 0));
		idx->interval = lttv_precompute_mark_interval(idx->pc);
		return idx;
	}
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
	if (idx->pc != NULL) {
		lttv_precompute_unref(idx->pc);
	} else {
		lttv_process_traceset_end(idx->ctx, NULL, NULL, NULL, idx->hooks, NULL);
		lttv_hooks_destroy(idx->hooks);
	}
	lttv_traceset_context_position_destroy(idx->resume);
	g_ptr_array_free(idx->marks, TRUE);
	g_object_unref(idx->ctx);
	lttv_traceset_destroy(idx->ts);
	g_free(idx);
}

gboolean lttv_event_index_step(LttvEventIndex *idx, gint64 budget_usec)
{
	if (idx->pc != NULL) {
		/* The precomputation may be stepped by others too (the GUI's
		 * background scheduler): this only moves it on. */
		lttv_precompute_step(idx->pc, MIN(budget_usec, PRECOMPUTE_STEP_MAX_USEC), NULL);
		return lttv_precompute_done(idx->pc) || lttv_precompute_stopped(idx->pc);
	}
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
	return idx->pc != NULL ? lttv_precompute_done(idx->pc) : idx->complete;
}

gboolean lttv_event_index_stopped(const LttvEventIndex *idx)
{
	return idx->pc != NULL && lttv_precompute_stopped(idx->pc);
}

guint64 lttv_event_index_count(const LttvEventIndex *idx)
{
	return idx->pc != NULL ? lttv_precompute_events_done(idx->pc) : idx->counted;
}

/* Saved marks: the precomputation's, or the private read's. */
static guint64 mark_count(const LttvEventIndex *idx)
{
	return idx->pc != NULL ? lttv_precompute_mark_count(idx->pc) : idx->marks->len;
}

/* Mark i's position, for a context over the index's traces; NULL past
 * the marks.  Free with lttv_traceset_context_position_destroy. */
static LttvTracesetContextPosition *mark_position(const LttvEventIndex *idx, guint64 i)
{
	LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(idx->ctx);

	if (idx->pc != NULL) {
		guint n = idx->ctx->traces[0]->n_tracefiles;
		LttEventPosition *places = g_new(LttEventPosition, MAX(n, 1));
		gboolean *has = g_new(gboolean, MAX(n, 1));
		gboolean ok = lttv_precompute_mark(idx->pc, i, places, has);

		if (ok)
			lttv_traceset_context_position_set(pos, places, has, n);
		g_free(places);
		g_free(has);
		if (ok)
			return pos;
	} else if (i < idx->marks->len) {
		lttv_traceset_context_position_copy(pos, g_ptr_array_index(idx->marks, i));
		return pos;
	}
	lttv_traceset_context_position_destroy(pos);
	return NULL;
}

guint64 lttv_event_index_total_estimate(const LttvEventIndex *idx)
{
	return idx->total_estimate;
}

guint lttv_event_index_interval(const LttvEventIndex *idx)
{
	return idx->interval;
}

static const char *how_far(const LttvEventIndex *idx)
{
	if (lttv_event_index_complete(idx))
		return ", the whole traceset";
	return lttv_event_index_stopped(idx) ? ", where the precomputation stopped" : " so far";
}

static gboolean not_indexed(const LttvEventIndex *idx, guint64 n, GError **error)
{
	g_set_error(error, LTTV_CONTEXT_ERROR, LTTV_CONTEXT_ERROR_NOT_INDEXED,
	            "event %" G_GUINT64_FORMAT " is not indexed (%" G_GUINT64_FORMAT " events indexed%s)",
	            n, lttv_event_index_count(idx), how_far(idx));
	return FALSE;
}

/* The private context is about to move: remember where the build was. */
static void lookup_begins(LttvEventIndex *idx)
{
	if (idx->pc == NULL && !idx->complete && !idx->moved)
		lttv_traceset_context_position_save(idx->ctx, idx->resume);
	idx->moved = TRUE;
}

gboolean lttv_event_index_seek(LttvEventIndex *idx, LttvTracesetContext *ctx, guint64 n, GError **error)
{
	guint64 count = lttv_event_index_count(idx), marks = mark_count(idx);

	if (n > count || (n == count && !lttv_event_index_complete(idx)))
		return not_indexed(idx, n, error);
	if (marks == 0) {
		/* A complete index of no event: the end. */
		lttv_process_traceset_seek_time(ctx, LTT_TIME_INFINITE);
		return TRUE;
	}
	/* The end (n == the count) is reached from the last mark too. */
	guint64 mark = MIN(n / idx->interval, marks - 1);
	LttvTracesetContextPosition *pos = mark_position(idx, mark);
	if (ctx == idx->ctx)
		lookup_begins(idx);
	gboolean ok = lttv_process_traceset_seek_position(ctx, pos, error);
	lttv_traceset_context_position_destroy(pos);
	if (ok)
		lttv_process_traceset_seek_n_forward(ctx, n - mark * idx->interval);
	return ok;
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
	guint64 lo = 0, hi = mark_count(idx);
	while (lo < hi) {
		guint64 mid = lo + (hi - lo) / 2;
		LttvTracesetContextPosition *m = mark_position(idx, mid);
		if (lttv_traceset_context_position_compare(m, pos) <= 0)
			lo = mid + 1;
		else
			hi = mid;
		lttv_traceset_context_position_destroy(m);
	}
	guint64 base = lo > 0 ? (lo - 1) * idx->interval : 0;
	lookup_begins(idx);
	if (lo > 0) {
		LttvTracesetContextPosition *m = mark_position(idx, lo - 1);
		gboolean ok = lttv_process_traceset_seek_position(idx->ctx, m, error);
		lttv_traceset_context_position_destroy(m);
		if (!ok)
			return FALSE;
	} else {
		lttv_process_traceset_seek_time(idx->ctx, 0);
	}
	/* Beyond what is indexed, counting would read on without bound. */
	LttvSeekLimits lim = { .max_examined = idx->interval, .end = pos };
	guint64 number = base + lttv_process_traceset_seek_n_forward_limited(idx->ctx, G_MAXUINT64, &lim);
	guint64 count = lttv_event_index_count(idx);
	if (lttv_traceset_context_ctx_pos_compare(idx->ctx, pos) != 0 || number > count ||
	    (number == count && !lttv_event_index_complete(idx))) {
		g_set_error(error, LTTV_CONTEXT_ERROR, LTTV_CONTEXT_ERROR_NOT_INDEXED,
		            "the position is past the %" G_GUINT64_FORMAT " events indexed%s",
		            count, lttv_event_index_complete(idx) ? "" : how_far(idx));
		return FALSE;
	}
	*n = number;
	return TRUE;
}
