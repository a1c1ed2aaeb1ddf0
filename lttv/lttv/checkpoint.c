/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* checkpoint.c: recording checkpoints during a full pass and restoring the
 * state at any time from them. */
#include "config.h"
#include <string.h>
#include "checkpoint-private.h"

G_DEFINE_QUARK(lttv-analysis-error-quark, lttv_analysis_error)

LttvCheckpoint *lttv_checkpoint_new(guint n_tracefiles)
{
	LttvCheckpoint *cp = g_new0(LttvCheckpoint, 1);

	cp->last = g_new0(LttEventPosition, n_tracefiles);
	cp->has_last = g_new0(gboolean, n_tracefiles);
	return cp;
}

void lttv_checkpoint_free(LttvCheckpoint *cp)
{
	lttv_trace_state_free(cp->state);
	g_free(cp->last);
	g_free(cp->has_last);
	g_free(cp);
}

LttvCheckpoints *lttv_checkpoints_alloc(LttTrace *trace, guint interval)
{
	LttvCheckpoints *cps = g_new0(LttvCheckpoints, 1);

	cps->trace = ltt_trace_ref(trace);
	cps->interval = interval > 0 ? interval : LTTV_CHECKPOINT_INTERVAL_DEFAULT;
	cps->n_tracefiles = ltt_trace_tracefile_count(trace);
	cps->list = g_ptr_array_new_with_free_func((GDestroyNotify) lttv_checkpoint_free);
	return cps;
}

LttvCheckpoints *lttv_checkpoints_new(LttTrace *trace, guint interval)
{
	LttvCheckpoints *cps = lttv_checkpoints_alloc(trace, interval);

	cps->last = g_new0(LttEventPosition, cps->n_tracefiles);
	cps->has_last = g_new0(gboolean, cps->n_tracefiles);
	return cps;
}

void lttv_checkpoints_free(LttvCheckpoints *cps)
{
	if (cps == NULL)
		return;
	g_ptr_array_unref(cps->list);
	g_free(cps->last);
	g_free(cps->has_last);
	ltt_trace_unref(cps->trace);
	g_free(cps);
}

void lttv_checkpoints_record(LttvCheckpoints *cps, const LttvTraceState *ts, const LttEvent *ev)
{
	guint tfi = ltt_tracefile_index(ltt_event_tracefile(ev));
	LttvCheckpoint *cp;

	if (G_UNLIKELY(cps->last == NULL || tfi >= cps->n_tracefiles))
		return;
	ltt_event_position(ev, &cps->last[tfi]);
	cps->has_last[tfi] = TRUE;
	if (++cps->since < cps->interval)
		return;
	cps->since = 0;
	cp = lttv_checkpoint_new(cps->n_tracefiles);
	cp->state = lttv_trace_state_copy(ts);
	memcpy(cp->last, cps->last, cps->n_tracefiles * sizeof(LttEventPosition));
	memcpy(cp->has_last, cps->has_last, cps->n_tracefiles * sizeof(gboolean));
	g_ptr_array_add(cps->list, cp);
}

LttvCheckpoints *lttv_checkpoints_build(LttTrace *trace, guint interval, const LttvEventSource *src,
                                        gpointer data, GError **error)
{
	LttvCheckpoints *cps;
	LttvTraceState *ts;
	const LttEvent *ev;

	if (!src->seek_begin(data, error))
		return NULL;
	cps = lttv_checkpoints_new(trace, interval);
	ts = lttv_trace_state_new(trace);
	while ((ev = src->peek(data)) != NULL) {
		lttv_trace_state_apply(ts, ev);
		lttv_checkpoints_record(cps, ts, ev);
		src->advance(data);
	}
	lttv_trace_state_free(ts);
	return cps;
}

guint lttv_checkpoints_interval(const LttvCheckpoints *cps)
{
	return cps->interval;
}

guint lttv_checkpoints_count(const LttvCheckpoints *cps)
{
	return cps->list->len;
}

static const LttvCheckpoint *checkpoint_at(const LttvCheckpoints *cps, guint i)
{
	return g_ptr_array_index(cps->list, i);
}

LttTime lttv_checkpoints_time(const LttvCheckpoints *cps, guint i)
{
	return i < cps->list->len ? checkpoint_at(cps, i)->state->time : LTT_TIME_ZERO;
}

const LttvCheckpoint *lttv_checkpoints_before(const LttvCheckpoints *cps, LttTime t)
{
	guint lo = 0, hi = cps->list->len;

	while (lo < hi) {
		guint mid = lo + (hi - lo) / 2;

		if (checkpoint_at(cps, mid)->state->time < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 ? checkpoint_at(cps, lo - 1) : NULL;
}

gboolean lttv_checkpoint_covers(const LttvCheckpoint *cp, guint tfi, const LttEvent *ev)
{
	LttTime t = ltt_event_time(ev);
	LttEventPosition pos;

	if (t != cp->state->time)
		return t < cp->state->time;
	if (!cp->has_last[tfi])
		return FALSE;
	ltt_event_position(ev, &pos);
	return pos.block < cp->last[tfi].block
	       || (pos.block == cp->last[tfi].block && pos.offset <= cp->last[tfi].offset);
}

LttvTraceState *lttv_checkpoints_state_at(const LttvCheckpoints *cps, LttTime t, const LttvEventSource *src,
                                          gpointer data, GError **error)
{
	const LttvCheckpoint *cp = lttv_checkpoints_before(cps, t);
	LttvTraceState *ts;
	const LttEvent *ev;

	if (cp == NULL) {
		if (!src->seek_begin(data, error))
			return NULL;
		ts = lttv_trace_state_new(cps->trace);
	} else {
		if (!src->seek_after(data, cp->last, cp->has_last, cps->n_tracefiles, error))
			return NULL;
		ts = lttv_trace_state_copy(cp->state);
	}
	while ((ev = src->peek(data)) != NULL && ltt_event_time(ev) < t) {
		lttv_trace_state_apply(ts, ev);
		src->advance(data);
	}
	return ts;
}
