/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* scheduler.c: the foreground scheduler of a tab (scheduler.h, seed 000).
 *
 * A pass reads the traceset forward from a seek point.  Between reads the
 * context stands at P, the next event to read, with every trace's state as
 * just before P.  Requests go from waiting (their start is not reached) to
 * active (they receive events) to ended; ended ones are freed only when no
 * read is in progress, since the hook lists of the event being delivered
 * may still name them.
 *
 * A waiting request joins the pass when P is its first event: for a start
 * position, P is that position; for a start time t, P is the first event at
 * or after t and no event read by the pass is at or after t.  One whose
 * start the pass has gone by waits until the active requests end; then a
 * new pass starts at the lowest start, continuing from P when P is not
 * after it and no checkpoint lies between, otherwise seeking.  Each read
 * stops at the nearest end of an active request or start of a waiting one,
 * so every request gets exactly its own events.
 *
 * Never call from inside the scheduler's hooks (before/after_request,
 * chunk and event hooks): lttvwindow_scheduler_free and _set_traceset (they
 * destroy the context being read), lttvwindow_scheduler_run (a read would
 * re-enter the read in progress), the lttv_process_traceset_* reads, seeks
 * and lttv_context_state_seek_time on the scheduler's context or state,
 * nor anything that iterates the main loop (gtk_main_iteration,
 * g_main_context_iteration, gtk_dialog_run): the scheduler's idle callback
 * would run inside itself.  Submitting and cancelling are fine.
 */
#include "config.h"
#include <lttv/checkpoint.h>
#include "scheduler.h"
#include "scheduler-request.h"

/* After every other hook of the event: the tracker sees the event read. */
#define TRACK_PRIORITY G_MAXINT

struct _LttvwindowScheduler {
	LttvTracesetContext *ctx;
	LttvContextState *cs;
	gboolean checkpoints_loaded;

	GQueue waiting, active;     /* SchedRequest *, in submission order */
	GSList *ended;              /* freed when no read is in progress */
	guint last_handle;

	guint idle_id;
	gint64 chunk_usec;
	gboolean servicing;         /* inside service(): not reentrant */
	gboolean reading;           /* inside a read: hooks may run */
	gboolean stop_read;         /* a request came or went from a hook: stop after this event */

	gboolean positioned;        /* the context stands at P with valid states */
	gboolean seeking;           /* replaying the state only, up to the target below */
	LttTime seek_time;
	LttvTracesetContextPosition *seek_position;   /* NULL: the target is seek_time */
	/* Events read by the pass are before join_from (or at it when not
	 * join_inclusive): where a time start can still join. */
	LttTime join_from;
	gboolean join_inclusive;

	GFunc idle_notify;
	gpointer idle_data;
	gboolean idle_notified;     /* since the last submit */
};

/* ---- the context ---- */

static gboolean track_event(void *hook_data, void *call_data)
{
	LttvwindowScheduler *s = hook_data;
	LttvTracefileContext *tfc = call_data;

	s->join_from = ltt_event_time(tfc->e);
	s->join_inclusive = FALSE;
	return s->stop_read;
}

static void change_tracker(LttvwindowScheduler *s, gboolean add)
{
	guint i, j;

	for (i = 0; i < s->ctx->n_traces; i++) {
		LttvTraceContext *tc = s->ctx->traces[i];

		for (j = 0; j < tc->n_tracefiles; j++) {
			if (add)
				lttv_hooks_add_owned(tc->tracefiles[j]->event, track_event, s, TRACK_PRIORITY, s);
			else
				lttv_hooks_remove_data(tc->tracefiles[j]->event, track_event, s);
		}
	}
}

static void build_context(LttvwindowScheduler *s, LttvTraceset *ts)
{
	s->ctx = lttv_traceset_context_new(ts);
	s->cs = lttv_context_state_new(s->ctx);
	lttv_context_state_add_hooks(s->cs);
	change_tracker(s, TRUE);
	s->checkpoints_loaded = FALSE;
	s->positioned = FALSE;
	s->seeking = FALSE;
}

static void destroy_context(LttvwindowScheduler *s)
{
	change_tracker(s, FALSE);
	lttv_context_state_free(s->cs);
	g_object_unref(s->ctx);
	g_clear_pointer(&s->seek_position, lttv_traceset_context_position_destroy);
	s->cs = NULL;
	s->ctx = NULL;
}

/* Seeks cost at most a checkpoint interval once every trace has its
 * checkpoints in the cache (the background computation writes them); until
 * then they replay from the start.  Never computes them here: a full pass
 * would freeze the window. */
static void load_checkpoints(LttvwindowScheduler *s)
{
	guint i;

	if (s->checkpoints_loaded)
		return;
	for (i = 0; i < s->ctx->n_traces; i++) {
		LttTrace *trace = s->ctx->traces[i]->t;
		char *path = lttv_checkpoints_cache_path(trace);
		LttvCheckpoints *cps = lttv_checkpoints_load(trace, path, NULL);
		gboolean usable = cps != NULL && lttv_checkpoints_interval(cps) == LTTV_CHECKPOINT_INTERVAL_DEFAULT;

		lttv_checkpoints_free(cps);
		g_free(path);
		if (!usable)
			return;
	}
	lttv_context_state_compute_checkpoints(s->cs, 0);
	s->checkpoints_loaded = TRUE;
}

/* Seeks restore from each trace's shared precomputation once it is done
 * (the background computation's): found again at each pass until every
 * trace has one, as they start after the tab. */
static void attach_precomputes(LttvwindowScheduler *s)
{
	guint i;

	if (lttv_context_state_seeks_anywhere(s->cs))
		return;
	for (i = 0; i < s->ctx->n_traces; i++) {
		LttvPrecompute *p = lttv_precompute_find(s->ctx->traces[i]->vt);

		if (p != NULL) {
			lttv_context_state_use_precompute(s->cs, i, p);
			lttv_precompute_unref(p);
		}
	}
}

/* Whether a checkpoint of some trace lies in (from, to]: then a seek is
 * cheaper than reading on.  With the precomputations done, any seek
 * replays at most one of their checkpoint intervals: reading on is
 * cheaper only over a short stretch (a 64th of the traces' span). */
static gboolean checkpoint_between(const LttvwindowScheduler *s, LttTime from, LttTime to)
{
	guint i, k;

	if (lttv_context_state_seeks_anywhere(s->cs)) {
		LttTime first = LTT_TIME_INFINITE, last = 0;

		for (i = 0; i < s->ctx->n_traces; i++) {
			first = MIN(first, ltt_trace_start_time(s->ctx->traces[i]->t));
			last = MAX(last, ltt_trace_end_time(s->ctx->traces[i]->t));
		}
		return to > from && last > first && to - from > (last - first) / 64;
	}

	for (i = 0; i < s->ctx->n_traces; i++) {
		const LttvCheckpoints *cps = lttv_context_state_checkpoints(s->cs, i);
		guint n = cps != NULL ? lttv_checkpoints_count(cps) : 0;

		for (k = 0; k < n; k++) {
			LttTime t = lttv_checkpoints_time(cps, k);

			if (t > from && t <= to)
				return TRUE;
		}
	}
	return FALSE;
}

/* ---- where requests stand relative to P ---- */

static LttTime current_time(const LttvwindowScheduler *s)
{
	return lttv_traceset_context_current_time(s->ctx);
}

/* No event the pass read is at or after q's start. */
static gboolean not_passed(const LttvwindowScheduler *s, const SchedRequest *q)
{
	if (q->r.start_position != NULL)
		return lttv_traceset_context_ctx_pos_compare(s->ctx, q->r.start_position) <= 0;
	return s->join_inclusive ? q->r.start_time >= s->join_from : q->r.start_time > s->join_from;
}

static gboolean starts_here(const LttvwindowScheduler *s, const SchedRequest *q)
{
	if (q->r.start_position != NULL)
		return lttv_traceset_context_ctx_pos_compare(s->ctx, q->r.start_position) == 0;
	return not_passed(s, q) && q->r.start_time <= current_time(s);
}

static gboolean starts_ahead(const LttvwindowScheduler *s, const SchedRequest *q)
{
	if (q->r.start_position != NULL)
		return lttv_traceset_context_ctx_pos_compare(s->ctx, q->r.start_position) < 0;
	return q->r.start_time > current_time(s);
}

static gboolean ends_here(const LttvwindowScheduler *s, const SchedRequest *q)
{
	if (q->finish || lttv_traceset_context_at_end(s->ctx) || current_time(s) >= q->r.end_time)
		return TRUE;
	return q->r.end_position != NULL && lttv_traceset_context_ctx_pos_compare(s->ctx, q->r.end_position) >= 0;
}

/* ---- ending requests ---- */

static guint pending(const LttvwindowScheduler *s)
{
	return g_queue_get_length((GQueue *) &s->waiting) + g_queue_get_length((GQueue *) &s->active);
}

static void free_ended(LttvwindowScheduler *s)
{
	if (s->reading)
		return;
	g_slist_free_full(s->ended, (GDestroyNotify) sched_request_free);
	s->ended = NULL;
}

/* Last: the notified waiter may free the scheduler. */
static void notify_if_idle(LttvwindowScheduler *s)
{
	if (pending(s) > 0 || s->servicing || s->idle_notified)
		return;
	s->idle_notified = TRUE;
	if (s->idle_notify != NULL)
		s->idle_notify(s->idle_data, s);
}

static void end_request(LttvwindowScheduler *s, SchedRequest *q)
{
	g_queue_remove(q->state == SCHED_REQUEST_WAITING ? &s->waiting : &s->active, q);
	q->state = SCHED_REQUEST_ENDED;
	if (s->reading)
		s->stop_read = TRUE;
	sched_request_detach(q, s->ctx);
	lttv_hooks_call(q->r.after_request, s->ctx);
	s->ended = g_slist_prepend(s->ended, q);
	if (!s->servicing)
		free_ended(s);
}

/* Ends every request for which match is TRUE; hooks may change the lists
 * meanwhile, so the search starts over after each. */
static guint end_matching(LttvwindowScheduler *s, gboolean (*match)(const SchedRequest *, gconstpointer),
                          gconstpointer data)
{
	guint n = 0;

	for (;;) {
		SchedRequest *q = NULL;
		GList *l;

		for (l = s->active.head; l != NULL && q == NULL; l = l->next)
			if (match(l->data, data))
				q = l->data;
		for (l = s->waiting.head; l != NULL && q == NULL; l = l->next)
			if (match(l->data, data))
				q = l->data;
		if (q == NULL)
			return n;
		end_request(s, q);
		n++;
	}
}

static gboolean match_any(const SchedRequest *q, gconstpointer data)
{
	return TRUE;
}

static gboolean match_handle(const SchedRequest *q, gconstpointer data)
{
	return q->handle == GPOINTER_TO_UINT(data);
}

static gboolean match_owner(const SchedRequest *q, gconstpointer data)
{
	return q->r.owner == data;
}

/* ---- servicing ---- */

/* Requests whose first event is P start; those whose range is over end. */
static void settle(LttvwindowScheduler *s)
{
	GList *l;
	SchedRequest *q;

	do {
		q = NULL;
		for (l = s->waiting.head; l != NULL && q == NULL; l = l->next)
			if (starts_here(s, l->data))
				q = l->data;
		if (q != NULL) {
			g_queue_remove(&s->waiting, q);
			g_queue_push_tail(&s->active, q);
			q->state = SCHED_REQUEST_ACTIVE;
			lttv_hooks_call(q->r.before_request, s->ctx);
		}
	} while (q != NULL);
	do {
		q = NULL;
		for (l = s->active.head; l != NULL && q == NULL; l = l->next)
			if (ends_here(s, l->data))
				q = l->data;
		if (q != NULL)
			end_request(s, q);
	} while (q != NULL);
}

static SchedRequest *lowest_waiting(const LttvwindowScheduler *s)
{
	SchedRequest *first = NULL;
	GList *l;

	for (l = s->waiting.head; l != NULL; l = l->next)
		if (first == NULL || sched_request_start_compare(l->data, first) < 0)
			first = l->data;
	return first;
}

/* Where a seek to t starts its replay: the latest time at or before t
 * where every trace has a checkpoint at or before it (the start without
 * checkpoints). */
static LttTime seek_origin(const LttvwindowScheduler *s, LttTime t)
{
	LttTime from = t;
	guint i, k;

	if (lttv_context_state_seeks_anywhere(s->cs))
		return t;   /* restored there at once */
	for (i = 0; i < s->ctx->n_traces; i++) {
		const LttvCheckpoints *cps = lttv_context_state_checkpoints(s->cs, i);
		guint n = cps != NULL ? lttv_checkpoints_count(cps) : 0;
		LttTime best = LTT_TIME_ZERO;

		for (k = 0; k < n; k++) {
			LttTime tk = lttv_checkpoints_time(cps, k);

			if (tk <= t && tk > best)
				best = tk;
		}
		from = MIN(from, best);
	}
	return from;
}

/* A new pass towards the lowest start.  The state is restored by a read
 * without the viewers' hooks, in budgeted steps (continue_seek), so that
 * no seek freezes the window: from P when P is not after the start and no
 * checkpoint lies between, otherwise from the nearest checkpoints. */
static void start_pass(LttvwindowScheduler *s)
{
	SchedRequest *first = lowest_waiting(s);
	LttTime t = sched_request_start_time(first), from;
	GError *error = NULL;

	load_checkpoints(s);
	attach_precomputes(s);
	s->seeking = TRUE;
	s->seek_time = first->r.start_position != NULL ? LTT_TIME_INFINITE : t;
	g_clear_pointer(&s->seek_position, lttv_traceset_context_position_destroy);
	if (first->r.start_position != NULL) {
		s->seek_position = lttv_traceset_context_position_new(s->ctx);
		lttv_traceset_context_position_copy(s->seek_position, first->r.start_position);
	}
	if (s->positioned && not_passed(s, first) && !checkpoint_between(s, current_time(s), t))
		return;
	/* A position of another traceset would never be reached. */
	if (first->r.start_position != NULL
	    && !lttv_process_traceset_seek_position(s->ctx, first->r.start_position, &error)) {
		g_warning("events request %u: %s", first->handle, error->message);
		g_error_free(error);
		s->seeking = FALSE;
		end_request(s, first);
		return;
	}
	from = seek_origin(s, t);
	lttv_context_state_seek_time(s->cs, from);
	s->join_from = from;
	s->join_inclusive = TRUE;
	s->positioned = TRUE;
}

static gboolean seek_reached(const LttvwindowScheduler *s)
{
	if (lttv_traceset_context_at_end(s->ctx) || current_time(s) >= s->seek_time)
		return TRUE;
	return s->seek_position != NULL && lttv_traceset_context_ctx_pos_compare(s->ctx, s->seek_position) >= 0;
}

static void read_until(LttvwindowScheduler *s, LttTime end, const LttvTracesetContextPosition *end_position,
                       gint64 deadline)
{
	s->stop_read = FALSE;
	s->reading = TRUE;
	lttv_process_traceset_middle_budget(s->ctx, end, G_MAXUINT64, end_position,
	                                    MAX(deadline - g_get_monotonic_time(), 1));
	s->reading = FALSE;
}

static void continue_seek(LttvwindowScheduler *s, gint64 deadline)
{
	if (!seek_reached(s))
		read_until(s, s->seek_time, s->seek_position, deadline);
	if (!seek_reached(s))
		return;
	s->seeking = FALSE;
	settle(s);
}

static const LttvTracesetContextPosition *earlier(const LttvTracesetContextPosition *a,
                                                  const LttvTracesetContextPosition *b)
{
	if (a == NULL)
		return b;
	if (b == NULL)
		return a;
	return lttv_traceset_context_position_compare(a, b) <= 0 ? a : b;
}

/* One read with the active requests' hooks, up to the nearest end of an
 * active request or start of a waiting one. */
static void read_chunk(LttvwindowScheduler *s, gint64 deadline)
{
	const LttvTracesetContextPosition *end_position = NULL;
	LttTime end = LTT_TIME_INFINITE;
	GList *l;

	for (l = s->active.head; l != NULL; l = l->next) {
		SchedRequest *q = l->data;

		end = MIN(end, q->r.end_time);
		end_position = earlier(end_position, q->r.end_position);
	}
	for (l = s->waiting.head; l != NULL; l = l->next) {
		SchedRequest *q = l->data;

		if (!starts_ahead(s, q))
			continue;
		if (q->r.start_position != NULL)
			end_position = earlier(end_position, q->r.start_position);
		else
			end = MIN(end, q->r.start_time);
	}
	/* before_chunk hooks may submit or cancel: attach one at a time. */
	for (;;) {
		SchedRequest *q = NULL;

		for (l = s->active.head; l != NULL && q == NULL; l = l->next)
			if (!((SchedRequest *) l->data)->attached)
				q = l->data;
		if (q == NULL)
			break;
		sched_request_attach(q, s->ctx);
	}
	if (g_queue_is_empty(&s->active))
		return;
	read_until(s, end, end_position, deadline);
	settle(s);
}

static void detach_all(LttvwindowScheduler *s)
{
	for (;;) {
		SchedRequest *q = NULL;
		GList *l;

		for (l = s->active.head; l != NULL && q == NULL; l = l->next)
			if (((SchedRequest *) l->data)->attached)
				q = l->data;
		if (q == NULL)
			return;
		sched_request_detach(q, s->ctx);
	}
}

/* One chunk: reads for about budget microseconds, then every active
 * request's after_chunk hooks run. */
static void service(LttvwindowScheduler *s, gint64 budget)
{
	gint64 deadline = g_get_monotonic_time() + budget;

	s->servicing = TRUE;
	do {
		if (s->seeking)
			continue_seek(s, deadline);
		else if (!g_queue_is_empty(&s->active))
			read_chunk(s, deadline);
		else if (!g_queue_is_empty(&s->waiting))
			start_pass(s);
		else
			break;
		free_ended(s);
	} while (g_get_monotonic_time() < deadline);
	detach_all(s);
	free_ended(s);
	s->servicing = FALSE;
}

static gboolean service_idle(gpointer data)
{
	LttvwindowScheduler *s = data;

	service(s, s->chunk_usec);
	if (pending(s) > 0)
		return G_SOURCE_CONTINUE;
	s->idle_id = 0;
	notify_if_idle(s);
	return G_SOURCE_REMOVE;
}

static void ensure_idle(LttvwindowScheduler *s)
{
	if (s->idle_id == 0)
		s->idle_id = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, service_idle, s, NULL);
}

static void remove_idle(LttvwindowScheduler *s)
{
	if (s->idle_id != 0)
		g_source_remove(s->idle_id);
	s->idle_id = 0;
}

/* ---- the API ---- */

LttvwindowScheduler *lttvwindow_scheduler_new(LttvTraceset *ts)
{
	LttvwindowScheduler *s = g_new0(LttvwindowScheduler, 1);

	g_return_val_if_fail(ts != NULL, NULL);
	g_queue_init(&s->waiting);
	g_queue_init(&s->active);
	s->chunk_usec = LTTVWINDOW_CHUNK_USEC;
	s->idle_notified = TRUE;
	build_context(s, ts);
	return s;
}

void lttvwindow_scheduler_free(LttvwindowScheduler *s)
{
	if (s == NULL)
		return;
	g_return_if_fail(!s->servicing);
	s->idle_notify = NULL;
	remove_idle(s);
	end_matching(s, match_any, NULL);
	free_ended(s);
	destroy_context(s);
	g_free(s);
}

void lttvwindow_scheduler_set_traceset(LttvwindowScheduler *s, LttvTraceset *ts)
{
	g_return_if_fail(s != NULL && ts != NULL && !s->servicing);
	end_matching(s, match_any, NULL);
	free_ended(s);
	destroy_context(s);
	build_context(s, ts);
	notify_if_idle(s);
}

LttvTracesetContext *lttvwindow_scheduler_context(const LttvwindowScheduler *s)
{
	return s->ctx;
}

LttvContextState *lttvwindow_scheduler_state(const LttvwindowScheduler *s)
{
	return s->cs;
}

guint lttvwindow_scheduler_submit(LttvwindowScheduler *s, const LttvwindowEventsRequest *r)
{
	SchedRequest *q;

	g_return_val_if_fail(s != NULL && r != NULL, 0);
	g_return_val_if_fail(r->trace < (gint) s->ctx->n_traces, 0);
	q = sched_request_new(r, ++s->last_handle, s->ctx);
	g_queue_push_tail(&s->waiting, q);
	s->idle_notified = FALSE;
	if (s->reading)
		s->stop_read = TRUE;
	ensure_idle(s);
	return q->handle;
}

gboolean lttvwindow_scheduler_cancel(LttvwindowScheduler *s, guint handle)
{
	g_return_val_if_fail(s != NULL, FALSE);
	if (end_matching(s, match_handle, GUINT_TO_POINTER(handle)) == 0)
		return FALSE;
	notify_if_idle(s);
	return TRUE;
}

guint lttvwindow_scheduler_remove_owner(LttvwindowScheduler *s, gpointer owner)
{
	guint n;

	g_return_val_if_fail(s != NULL, 0);
	n = end_matching(s, match_owner, owner);
	notify_if_idle(s);
	return n;
}

guint lttvwindow_scheduler_pending(const LttvwindowScheduler *s)
{
	return pending(s);
}

gboolean lttvwindow_scheduler_run(LttvwindowScheduler *s, gint64 max_usec)
{
	gint64 start = g_get_monotonic_time();
	gboolean done;

	g_return_val_if_fail(s != NULL && !s->servicing, FALSE);
	while (pending(s) > 0) {
		service(s, s->chunk_usec);
		if (max_usec > 0 && g_get_monotonic_time() - start >= max_usec)
			break;
	}
	done = pending(s) == 0;
	if (done) {
		remove_idle(s);
		notify_if_idle(s);
	}
	return done;
}

void lttvwindow_scheduler_set_chunk(LttvwindowScheduler *s, gint64 usec)
{
	g_return_if_fail(s != NULL);
	s->chunk_usec = MAX(usec, 1);
}

void lttvwindow_scheduler_set_idle_notify(LttvwindowScheduler *s, GFunc notify, gpointer data)
{
	g_return_if_fail(s != NULL);
	s->idle_notify = notify;
	s->idle_data = data;
}
