/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* state-context.c: process states driven by a traceset context's hooks.
 * Full passes and replays run on a private context over the same traces
 * (contexts share traces and re-seek what another moved), so the user's
 * context and its hooks are left alone.  The private context is made from
 * the traces the user's context reads, not from its traceset, which may
 * have gained traces since: the per-trace arrays have one entry per trace
 * of the user's context. */
#include "config.h"
#include "state-context.h"
#include "checkpoint-private.h"
#include "precompute-private.h"

struct _LttvContextState {
	LttvTracesetContext *ctx;
	guint n;
	LttvTraceState **states;
	LttvStats **stats;                 /* NULL entries when not gathering */
	gboolean stats_open;               /* started and not stopped: the hook counts */
	LttvCheckpoints **checkpoints;
	/* During a private pass: what each trace does with its events. */
	LttvCheckpoints **recording;       /* non-NULL: apply and record */
	const LttvCheckpoint **resume;     /* replay: skip what this checkpoint holds */
	gboolean *replaying;
	LttvPrecompute **precomputes;      /* lttv_context_state_use_precompute's, or NULL */
	LttvTraceset *private_ts;          /* the traces of ctx, for private_ctx */
	LttvTracesetContext *private_ctx;
	guint hooked;                      /* add_hooks calls not yet undone */
};

LttvContextState *lttv_context_state_new(LttvTracesetContext *ctx)
{
	LttvContextState *cs = g_new0(LttvContextState, 1);
	guint i;

	cs->ctx = ctx;
	cs->n = ctx->n_traces;
	cs->states = g_new0(LttvTraceState *, cs->n);
	cs->stats = g_new0(LttvStats *, cs->n);
	cs->checkpoints = g_new0(LttvCheckpoints *, cs->n);
	cs->recording = g_new0(LttvCheckpoints *, cs->n);
	cs->resume = g_new0(const LttvCheckpoint *, cs->n);
	cs->replaying = g_new0(gboolean, cs->n);
	cs->precomputes = g_new0(LttvPrecompute *, cs->n);
	for (i = 0; i < cs->n; i++)
		cs->states[i] = lttv_trace_state_new(ctx->traces[i]->t);
	return cs;
}

static gboolean state_hook(void *hook_data, void *call_data)
{
	LttvContextState *cs = hook_data;
	LttvTracefileContext *tfc = call_data;
	guint i = tfc->t_context->index;

	if (cs->stats_open)
		lttv_stats_apply(cs->stats[i], tfc->e);
	else
		lttv_trace_state_apply(cs->states[i], tfc->e);
	return FALSE;
}

static void drop_stats(LttvContextState *cs)
{
	guint i;

	for (i = 0; i < cs->n; i++)
		g_clear_pointer(&cs->stats[i], lttv_stats_free);
	cs->stats_open = FALSE;
}

void lttv_context_state_start_stats(LttvContextState *cs, LttTime start)
{
	guint i;

	drop_stats(cs);
	for (i = 0; i < cs->n; i++)
		cs->stats[i] = lttv_stats_new(cs->states[i], start);
	cs->stats_open = TRUE;
}

void lttv_context_state_stop_stats(LttvContextState *cs, LttTime end)
{
	guint i;

	for (i = 0; i < cs->n && cs->stats_open; i++)
		lttv_stats_close(cs->stats[i], end);
	cs->stats_open = FALSE;
}

LttvStats *lttv_context_state_stats(const LttvContextState *cs, guint i)
{
	return i < cs->n ? cs->stats[i] : NULL;
}

static void each_tracefile(LttvContextState *cs, gboolean add)
{
	guint i, j;

	for (i = 0; i < cs->n; i++) {
		LttvTraceContext *tc = cs->ctx->traces[i];

		for (j = 0; j < tc->n_tracefiles; j++)
			if (add)
				lttv_hooks_add(tc->tracefiles[j]->event, state_hook, cs, LTTV_PRIO_STATE);
			else
				lttv_hooks_remove_data(tc->tracefiles[j]->event, state_hook, cs);
	}
}

void lttv_context_state_add_hooks(LttvContextState *cs)
{
	each_tracefile(cs, TRUE);
	cs->hooked++;
}

void lttv_context_state_remove_hooks(LttvContextState *cs)
{
	if (cs->hooked == 0)
		return;
	each_tracefile(cs, FALSE);
	cs->hooked--;
}

void lttv_context_state_free(LttvContextState *cs)
{
	guint i;

	if (cs == NULL)
		return;
	while (cs->hooked > 0)
		lttv_context_state_remove_hooks(cs);
	drop_stats(cs);
	for (i = 0; i < cs->n; i++) {
		lttv_trace_state_free(cs->states[i]);
		lttv_checkpoints_free(cs->checkpoints[i]);
		if (cs->precomputes[i] != NULL)
			lttv_precompute_unref(cs->precomputes[i]);
	}
	if (cs->private_ctx != NULL) {
		g_object_unref(cs->private_ctx);
		lttv_traceset_destroy(cs->private_ts);
	}
	g_free(cs->states);
	g_free(cs->stats);
	g_free(cs->checkpoints);
	g_free(cs->recording);
	g_free(cs->resume);
	g_free(cs->replaying);
	g_free(cs->precomputes);
	g_free(cs);
}

LttvTraceState *lttv_context_state_get(const LttvContextState *cs, guint i)
{
	return i < cs->n ? cs->states[i] : NULL;
}

const LttvCheckpoints *lttv_context_state_checkpoints(const LttvContextState *cs, guint i)
{
	return i < cs->n ? cs->checkpoints[i] : NULL;
}

/* The hook of private passes: a full pass records checkpoints, a replay
 * applies what its trace's checkpoint does not already hold. */
static gboolean pass_hook(void *hook_data, void *call_data)
{
	LttvContextState *cs = hook_data;
	LttvTracefileContext *tfc = call_data;
	guint i = tfc->t_context->index;
	const LttvCheckpoint *cp = cs->resume[i];

	if (cs->recording[i] != NULL) {
		lttv_trace_state_apply(cs->states[i], tfc->e);
		lttv_checkpoints_record(cs->recording[i], cs->states[i], tfc->e);
	} else if (cs->replaying[i] && (cp == NULL || !lttv_checkpoint_covers(cp, ltt_tracefile_index(tfc->tf), tfc->e))) {
		lttv_trace_state_apply(cs->states[i], tfc->e);
	}
	return FALSE;
}

/* Delivers the events from time from up to time to or position end (NULL:
 * none), excluded, of the traceset to pass_hook only. */
static void private_pass(LttvContextState *cs, LttTime from, LttTime to,
                         const LttvTracesetContextPosition *end)
{
	LttvHooks *hooks = lttv_hooks_new();

	if (cs->private_ctx == NULL) {
		cs->private_ts = lttv_traceset_context_snapshot(cs->ctx);
		cs->private_ctx = lttv_traceset_context_new(cs->private_ts);
	}
	lttv_hooks_add(hooks, pass_hook, cs, LTTV_PRIO_STATE);
	lttv_process_traceset_begin(cs->private_ctx, NULL, NULL, NULL, hooks, NULL);
	lttv_process_traceset_seek_time(cs->private_ctx, from);
	lttv_process_traceset_middle(cs->private_ctx, to, G_MAXUINT64, end);
	lttv_process_traceset_end(cs->private_ctx, NULL, NULL, NULL, hooks, NULL);
	lttv_hooks_destroy(hooks);
}

/* A read-only trace directory only costs the next open a pass. */
static void save_cache(const LttvCheckpoints *cps, LttTrace *trace)
{
	char *path = lttv_checkpoints_cache_path(trace);

	lttv_checkpoints_save(cps, path, NULL);
	g_free(path);
}

void lttv_context_state_compute_checkpoints(LttvContextState *cs, guint interval)
{
	LttvTraceState **kept;
	gboolean pass = FALSE;
	guint i;

	if (interval == 0)
		interval = LTTV_CHECKPOINT_INTERVAL_DEFAULT;
	for (i = 0; i < cs->n; i++) {
		LttTrace *trace = cs->ctx->traces[i]->t;
		char *path = lttv_checkpoints_cache_path(trace);
		LttvCheckpoints *cached = lttv_checkpoints_load(trace, path, NULL);

		g_free(path);
		if (cached != NULL && lttv_checkpoints_interval(cached) == interval) {
			lttv_checkpoints_free(cs->checkpoints[i]);
			cs->checkpoints[i] = cached;
			continue;
		}
		lttv_checkpoints_free(cached);
		cs->recording[i] = lttv_checkpoints_new(trace, interval);
		pass = TRUE;
	}
	if (!pass)
		return;
	/* The pass needs states from the start: the caller's are set aside. */
	kept = cs->states;
	cs->states = g_new0(LttvTraceState *, cs->n);
	for (i = 0; i < cs->n; i++)
		cs->states[i] = lttv_trace_state_new(cs->ctx->traces[i]->t);
	private_pass(cs, LTT_TIME_ZERO, LTT_TIME_INFINITE, NULL);
	for (i = 0; i < cs->n; i++) {
		lttv_trace_state_free(cs->states[i]);
		if (cs->recording[i] == NULL)
			continue;
		lttv_checkpoints_free(cs->checkpoints[i]);
		cs->checkpoints[i] = cs->recording[i];
		cs->recording[i] = NULL;
		save_cache(cs->checkpoints[i], cs->ctx->traces[i]->t);
	}
	g_free(cs->states);
	cs->states = kept;
}

void lttv_context_state_use_precompute(LttvContextState *cs, guint i, LttvPrecompute *p)
{
	g_return_if_fail(i < cs->n && p != NULL);
	g_return_if_fail(lttv_precompute_trace(p) == cs->ctx->traces[i]->vt);
	lttv_precompute_ref(p);
	if (cs->precomputes[i] != NULL)
		lttv_precompute_unref(cs->precomputes[i]);
	cs->precomputes[i] = p;
}

static gboolean precompute_usable(const LttvContextState *cs, guint i)
{
	return cs->precomputes[i] != NULL && lttv_precompute_done(cs->precomputes[i]);
}

gboolean lttv_context_state_seeks_anywhere(const LttvContextState *cs)
{
	guint i;

	for (i = 0; i < cs->n; i++)
		if (!precompute_usable(cs, i))
			return FALSE;
	return cs->n > 0;
}

/* Trace i's state as just before its first event at or after t, from its
 * precomputation's checkpoints; NULL when that failed (damage: the caller
 * replays instead). */
static LttvTraceState *precomputed_state(LttvContextState *cs, guint i, LttTime t)
{
	LttTrace *reader = ltt_trace_new_reader(cs->ctx->traces[i]->t);
	LttvMerge *merge = lttv_merge_new(reader);
	LttvTraceState *ts = lttv_compact_checkpoints_state_at(lttv_precompute_checkpoints(cs->precomputes[i]), t,
	                                                       &lttv_merge_source, merge, NULL);

	lttv_merge_free(merge);
	ltt_trace_unref(reader);
	return ts;
}

/* Every state as just before the event at time t or at position end
 * (NULL: the first event at or after t): from the trace's precomputation
 * when it is done (at t; for a position, then a replay of the events at t
 * up to it), otherwise nearest checkpoint before t, then a state-only
 * replay on the private context. */
static void restore(LttvContextState *cs, LttTime t, const LttvTracesetContextPosition *end)
{
	LttTime from = LTT_TIME_INFINITE;
	gboolean replay = FALSE;
	guint i;

	drop_stats(cs);
	for (i = 0; i < cs->n; i++) {
		LttvTraceState *ts = precompute_usable(cs, i) ? precomputed_state(cs, i, t) : NULL;
		const LttvCheckpoint *cp = NULL;
		LttTime replay_from = t;

		if (ts == NULL) {
			cp = cs->checkpoints[i] != NULL ? lttv_checkpoints_before(cs->checkpoints[i], t) : NULL;
			ts = cp != NULL ? lttv_trace_state_copy(cp->state) : lttv_trace_state_new(cs->ctx->traces[i]->t);
			replay_from = cp != NULL ? cp->state->time : LTT_TIME_ZERO;
		} else if (end == NULL) {
			/* Precomputed at t exactly: nothing to replay. */
			lttv_trace_state_free(cs->states[i]);
			cs->states[i] = ts;
			continue;
		}
		lttv_trace_state_free(cs->states[i]);
		cs->states[i] = ts;
		cs->resume[i] = cp;
		cs->replaying[i] = TRUE;
		replay = TRUE;
		from = MIN(from, replay_from);
	}
	if (replay)
		private_pass(cs, from, end != NULL ? LTT_TIME_INFINITE : t, end);
	for (i = 0; i < cs->n; i++) {
		cs->resume[i] = NULL;
		cs->replaying[i] = FALSE;
	}
}

void lttv_context_state_seek_time(LttvContextState *cs, LttTime t)
{
	restore(cs, t, NULL);
	lttv_process_traceset_seek_time(cs->ctx, t);
}

gboolean lttv_context_state_seek_position(LttvContextState *cs, const LttvTracesetContextPosition *pos,
                                          GError **error)
{
	/* Seeking first checks that pos belongs to these traces. */
	if (!lttv_process_traceset_seek_position(cs->ctx, pos, error))
		return FALSE;
	restore(cs, lttv_traceset_context_position_get_time(pos), pos);
	return TRUE;
}

gboolean lttv_context_state_seek_event_number(LttvContextState *cs, LttvEventIndex *idx, guint64 n,
                                              GError **error)
{
	LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(cs->ctx);
	gboolean ok = lttv_event_index_position(idx, n, pos, error)
	              && lttv_context_state_seek_position(cs, pos, error);

	lttv_traceset_context_position_destroy(pos);
	return ok;
}
