/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* scheduler-request.c: a request's copy and its hook wrappers
 * (scheduler-request.h). */
#include "config.h"
#include <limits.h>
#include "scheduler-request.h"

/* The counter runs before every other hook of the event, so that the hooks
 * of the last counted event still run; the scheduler's own tracker runs
 * after all of them. */
#define COUNT_PRIORITY G_MININT

SchedRequest *sched_request_new(const LttvwindowEventsRequest *r, guint handle, const LttvTracesetContext *ctx)
{
	SchedRequest *q = g_new0(SchedRequest, 1);
	LttvTracesetContextPosition *pos;
	guint i;

	q->handle = handle;
	q->r = *r;
	q->state = SCHED_REQUEST_WAITING;
	if (r->start_position != NULL) {
		pos = lttv_traceset_context_position_new(ctx);
		lttv_traceset_context_position_copy(pos, r->start_position);
		q->r.start_position = pos;
	}
	if (r->end_position != NULL) {
		pos = lttv_traceset_context_position_new(ctx);
		lttv_traceset_context_position_copy(pos, r->end_position);
		q->r.end_position = pos;
	}
	q->r.event_by_name = NULL;
	q->by_name = g_new0(SchedBinding, r->n_event_by_name);
	for (i = 0; i < r->n_event_by_name; i++) {
		q->by_name[i].req = q;
		q->by_name[i].hook = r->event_by_name[i].hook;
		q->by_name[i].hook_data = r->hook_data;
		q->by_name[i].channel = g_strdup(r->event_by_name[i].channel);
		q->by_name[i].name = g_strdup(r->event_by_name[i].name);
	}
	return q;
}

void sched_request_free(SchedRequest *q)
{
	guint i;

	if (q == NULL)
		return;
	if (q->r.start_position != NULL)
		lttv_traceset_context_position_destroy((LttvTracesetContextPosition *) q->r.start_position);
	if (q->r.end_position != NULL)
		lttv_traceset_context_position_destroy((LttvTracesetContextPosition *) q->r.end_position);
	for (i = 0; i < q->r.n_event_by_name; i++) {
		g_free(q->by_name[i].channel);
		g_free(q->by_name[i].name);
	}
	g_free(q->by_name);
	g_free(q->events);
	g_free(q);
}

LttTime sched_request_start_time(const SchedRequest *q)
{
	return q->r.start_position != NULL ? lttv_traceset_context_position_get_time(q->r.start_position)
	                                   : q->r.start_time;
}

int sched_request_start_compare(const SchedRequest *a, const SchedRequest *b)
{
	LttTime ta = sched_request_start_time(a), tb = sched_request_start_time(b);

	if (ta != tb)
		return ta < tb ? -1 : 1;
	if (a->r.start_position == NULL || b->r.start_position == NULL)
		return (a->r.start_position != NULL) - (b->r.start_position != NULL);
	return lttv_traceset_context_position_compare(a->r.start_position, b->r.start_position);
}

/* ---- wrappers ---- */

static gboolean count_event(void *hook_data, void *call_data)
{
	SchedRequest *q = hook_data;

	if (q->state != SCHED_REQUEST_ACTIVE || q->finish)
		return FALSE;
	if (++q->delivered < q->r.num_events)
		return FALSE;
	q->finish = TRUE;
	return TRUE;
}

/* TRUE from a viewer's hook ends its own request: the read stops after this
 * event so that the scheduler ends it before the next one. */
static gboolean call_binding(SchedBinding *b, void *call_data)
{
	if (b->req->state != SCHED_REQUEST_ACTIVE)
		return FALSE;
	if (!b->hook(b->hook_data, call_data))
		return FALSE;
	b->req->finish = TRUE;
	return TRUE;
}

static gboolean deliver_event(void *hook_data, void *call_data)
{
	return call_binding(hook_data, call_data);
}

static gboolean deliver_by_name(void *hook_data, void *call_data)
{
	SchedBinding *b = hook_data;
	LttvTracefileContext *tfc = call_data;

	if (b->req->r.trace >= 0 && tfc->t_context->index != (guint) b->req->r.trace)
		return FALSE;
	return call_binding(b, call_data);
}

/* ---- attach / detach ---- */

static gboolean has_trace(const SchedRequest *q, guint i)
{
	return q->r.trace < 0 || (guint) q->r.trace == i;
}

/* Calls traceset, then trace and tracefile hooks (before), or the reverse (after). */
static void call_chunk_hooks(const SchedRequest *q, LttvTracesetContext *ctx, LttvHooks *traceset,
                             LttvHooks *trace, LttvHooks *tracefile, gboolean before)
{
	guint i, j;

	if (before)
		lttv_hooks_call(traceset, ctx);
	for (i = 0; i < ctx->n_traces; i++) {
		LttvTraceContext *tc = ctx->traces[i];

		if (!has_trace(q, i))
			continue;
		if (before)
			lttv_hooks_call(trace, tc);
		for (j = 0; j < tc->n_tracefiles; j++)
			lttv_hooks_call(tracefile, tc->tracefiles[j]);
		if (!before)
			lttv_hooks_call(trace, tc);
	}
	if (!before)
		lttv_hooks_call(traceset, ctx);
}

/* Adds (add) or removes the event-list wrappers and the counter on every
 * tracefile of q's traces. */
static void change_event_lists(SchedRequest *q, LttvTracesetContext *ctx, gboolean add)
{
	LttvHookPriority prio = 0;
	guint i, j, k;

	for (i = 0; i < ctx->n_traces; i++) {
		LttvTraceContext *tc = ctx->traces[i];

		if (!has_trace(q, i))
			continue;
		for (j = 0; j < tc->n_tracefiles; j++) {
			LttvHooks *list = tc->tracefiles[j]->event;

			if (q->r.num_events != G_MAXUINT64) {
				if (add)
					lttv_hooks_add_owned(list, count_event, q, COUNT_PRIORITY, q);
				else
					lttv_hooks_remove_data(list, count_event, q);
			}
			for (k = 0; k < q->n_events; k++) {
				if (add) {
					lttv_hooks_get(q->r.event, k, NULL, NULL, &prio, NULL);
					lttv_hooks_add_owned(list, deliver_event, &q->events[k], prio, q);
				} else {
					lttv_hooks_remove_data(list, deliver_event, &q->events[k]);
				}
			}
		}
	}
}

void sched_request_attach(SchedRequest *q, LttvTracesetContext *ctx)
{
	guint k;

	if (q->attached)
		return;
	q->attached = TRUE;
	/* The viewer may have changed its list since the last chunk. */
	g_free(q->events);
	q->n_events = q->r.event != NULL ? lttv_hooks_number(q->r.event) : 0;
	q->events = g_new0(SchedBinding, q->n_events);
	for (k = 0; k < q->n_events; k++) {
		q->events[k].req = q;
		lttv_hooks_get(q->r.event, k, &q->events[k].hook, &q->events[k].hook_data, NULL, NULL);
	}
	change_event_lists(q, ctx, TRUE);
	for (k = 0; k < q->r.n_event_by_name; k++)
		lttv_traceset_context_add_event_hook(ctx, q->by_name[k].channel, q->by_name[k].name,
		                                     deliver_by_name, &q->by_name[k], LTTV_PRIO_DEFAULT);
	call_chunk_hooks(q, ctx, q->r.before_chunk_traceset, q->r.before_chunk_trace,
	                 q->r.before_chunk_tracefile, TRUE);
}

void sched_request_detach(SchedRequest *q, LttvTracesetContext *ctx)
{
	guint k;

	if (!q->attached)
		return;
	q->attached = FALSE;
	call_chunk_hooks(q, ctx, q->r.after_chunk_traceset, q->r.after_chunk_trace,
	                 q->r.after_chunk_tracefile, FALSE);
	change_event_lists(q, ctx, FALSE);
	for (k = 0; k < q->r.n_event_by_name; k++)
		lttv_traceset_context_remove_event_hook(ctx, q->by_name[k].channel, q->by_name[k].name,
		                                        deliver_by_name, &q->by_name[k]);
}
