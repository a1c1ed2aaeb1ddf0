/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* scheduler-util.c: the scheduler tests' traceset, brute-force read and
 * fake viewers (scheduler-util.h). */
#include "config.h"
#include <string.h>
#include "analysis-util.h"
#include "scheduler-util.h"

static char *event_key(const LttvTracefileContext *tfc)
{
	LttEventPosition pos;

	ltt_event_position(tfc->e, &pos);
	return g_strdup_printf("%u/%u/%u/%u", tfc->t_context->index, tfc->index, pos.block, pos.offset);
}

typedef struct {
	Reference *ref;
	LttvTracesetContext *ctx;
} RefRead;

static gboolean ref_event(void *hook_data, void *call_data)
{
	RefRead *rr = hook_data;
	LttvTracefileContext *tfc = call_data;
	RefEvent e = { tfc->t_context->index, ltt_event_time(tfc->e), g_intern_string(ltt_event_name(tfc->e)) };
	LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(rr->ctx);

	lttv_traceset_context_position_save(rr->ctx, pos);
	g_ptr_array_add(rr->ref->positions, pos);
	g_array_append_val(rr->ref->events, e);
	g_hash_table_insert(rr->ref->index, event_key(tfc), GUINT_TO_POINTER(rr->ref->events->len));
	return FALSE;
}

Reference *reference_new(const char *dir)
{
	const char *args_a[] = { "--cpus=2", "--processes=12", "--events=9000", "--seed=31", NULL };
	const char *args_b[] = { "--cpus=3", "--processes=8", "--events=7000", "--seed=32", "--start-in-syscall", NULL };
	Reference *ref = g_new0(Reference, 1);
	LttvHooks *hooks = lttv_hooks_new();
	GError *error = NULL;
	RefRead rr = { ref, NULL };
	guint i;

	ref->paths[0] = analysis_synth(dir, "a", FALSE, args_a);
	ref->paths[1] = analysis_synth(dir, "b", FALSE, args_b);
	ref->set = lttv_traceset_new();
	for (i = 0; i < 2; i++) {
		LttvTrace *t;

		g_assert_nonnull(ref->paths[i]);
		t = lttv_trace_open(ref->paths[i], &error);
		g_assert_no_error(error);
		lttv_traceset_add(ref->set, t);
		lttv_trace_unref(t);
	}
	ref->events = g_array_new(FALSE, FALSE, sizeof(RefEvent));
	ref->positions = g_ptr_array_new_with_free_func((GDestroyNotify) lttv_traceset_context_position_destroy);
	ref->index = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	rr.ctx = lttv_traceset_context_new(ref->set);
	lttv_hooks_add(hooks, ref_event, &rr, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(rr.ctx, NULL, NULL, NULL, hooks, NULL);
	lttv_process_traceset_seek_time(rr.ctx, LTT_TIME_ZERO);
	lttv_process_traceset_middle(rr.ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL);
	lttv_process_traceset_end(rr.ctx, NULL, NULL, NULL, hooks, NULL);
	lttv_hooks_destroy(hooks);
	g_object_unref(rr.ctx);
	g_assert_cmpuint(ref->events->len, ==, 16000);
	return ref;
}

void reference_free(Reference *ref)
{
	g_ptr_array_unref(ref->positions);
	g_array_unref(ref->events);
	g_hash_table_unref(ref->index);
	lttv_traceset_destroy(ref->set);
	g_free(ref->paths[0]);
	g_free(ref->paths[1]);
	g_free(ref);
}

guint reference_index(const Reference *ref, const LttvTracefileContext *tfc)
{
	char *key = event_key(tfc);
	guint i = GPOINTER_TO_UINT(g_hash_table_lookup(ref->index, key));

	g_free(key);
	g_assert_cmpuint(i, >, 0);
	return i - 1;
}

GArray *reference_expected(const Reference *ref, const Ask *ask)
{
	GArray *out = g_array_new(FALSE, FALSE, sizeof(guint));
	guint64 counted = 0;
	guint i;

	for (i = 0; i < ref->events->len; i++) {
		const RefEvent *e = &g_array_index(ref->events, RefEvent, i);

		if (ask->start_index >= 0 ? i < (guint) ask->start_index : e->time < ask->start_time)
			continue;
		if ((ask->end_index >= 0 && i >= (guint) ask->end_index) || e->time >= ask->end_time)
			break;
		if (ask->trace >= 0 && e->trace != (guint) ask->trace)
			continue;
		if (counted++ >= ask->num_events)
			break;
		if (ask->name == NULL || e->name == ask->name)
			g_array_append_val(out, i);
	}
	return out;
}

/* ---- fake viewers ---- */

/* Reading the trace from inside a hook would move the cursors the
 * scheduler's context reads with: the states are only copied here and
 * compared with a replay once the scheduler is idle. */
static void copy_state(Viewer *v, guint index)
{
	LttvTracesetContext *ctx = lttvwindow_scheduler_context(v->s);
	guint i;

	v->state_index = index;
	v->states = g_ptr_array_new_with_free_func((GDestroyNotify) lttv_trace_state_free);
	for (i = 0; i < ctx->n_traces; i++)
		g_ptr_array_add(v->states, lttv_trace_state_copy(lttv_context_state_get(lttvwindow_scheduler_state(v->s), i)));
	v->check_state = FALSE;
}

static void assert_state(const Viewer *v)
{
	LttvTracesetContext *ctx = lttvwindow_scheduler_context(v->s);
	const RefEvent *e = &g_array_index(v->ref->events, RefEvent, v->state_index);
	guint i;

	/* The state before this event is a replay up to its time only when no
	 * earlier event shares the time. */
	g_assert_true(v->state_index == 0 || g_array_index(v->ref->events, RefEvent, v->state_index - 1).time < e->time);
	for (i = 0; i < ctx->n_traces; i++) {
		LttvTraceState *full = analysis_replay(ctx->traces[i]->t, e->time);

		analysis_assert_state_equal(g_ptr_array_index(v->states, i), full);
		lttv_trace_state_free(full);
	}
}

/* At LTTV_PRIO_HIGH: the state is the one before the event. */
static gboolean viewer_event(void *hook_data, void *call_data)
{
	Viewer *v = hook_data;
	guint index = reference_index(v->ref, call_data);

	if (v->check_state)
		copy_state(v, index);
	g_array_append_val(v->got, index);
	return v->on_event != NULL ? v->on_event(v, index, call_data) : FALSE;
}

static gboolean viewer_before(void *hook_data, void *call_data)
{
	((Viewer *) hook_data)->before_request++;
	return FALSE;
}

static gboolean viewer_after(void *hook_data, void *call_data)
{
	Viewer *v = hook_data;

	g_assert_cmpuint(v->chunks_open, ==, 0);
	v->after_request++;
	return FALSE;
}

static gboolean viewer_before_chunk(void *hook_data, void *call_data)
{
	Viewer *v = hook_data;

	g_assert_cmpuint(v->chunks_open, ==, 0);
	v->chunks_open++;
	return FALSE;
}

static gboolean viewer_after_chunk(void *hook_data, void *call_data)
{
	Viewer *v = hook_data;

	g_assert_cmpuint(v->chunks_open, ==, 1);
	v->chunks_open--;
	v->chunks++;
	return FALSE;
}

Viewer *viewer_new(const Reference *ref, LttvwindowScheduler *s, const Ask *ask)
{
	Viewer *v = g_new0(Viewer, 1);

	v->ref = ref;
	v->s = s;
	v->ask = *ask;
	v->got = g_array_new(FALSE, FALSE, sizeof(guint));
	v->event = lttv_hooks_new();
	v->before = lttv_hooks_new();
	v->after = lttv_hooks_new();
	v->before_chunk = lttv_hooks_new();
	v->after_chunk = lttv_hooks_new();
	lttv_hooks_add(v->event, viewer_event, v, LTTV_PRIO_HIGH);
	lttv_hooks_add(v->before, viewer_before, v, LTTV_PRIO_DEFAULT);
	lttv_hooks_add(v->after, viewer_after, v, LTTV_PRIO_DEFAULT);
	lttv_hooks_add(v->before_chunk, viewer_before_chunk, v, LTTV_PRIO_DEFAULT);
	lttv_hooks_add(v->after_chunk, viewer_after_chunk, v, LTTV_PRIO_DEFAULT);
	return v;
}

void viewer_free(Viewer *v)
{
	if (v->states != NULL)
		g_ptr_array_unref(v->states);
	g_array_unref(v->got);
	lttv_hooks_destroy(v->event);
	lttv_hooks_destroy(v->before);
	lttv_hooks_destroy(v->after);
	lttv_hooks_destroy(v->before_chunk);
	lttv_hooks_destroy(v->after_chunk);
	g_free(v);
}

void viewer_submit(Viewer *v)
{
	LttvwindowEventsRequest *r = lttvwindow_events_request_new(v, v);

	r->start_time = v->ask.start_time;
	if (v->ask.start_index >= 0)
		r->start_position = g_ptr_array_index(v->ref->positions, v->ask.start_index);
	r->end_time = v->ask.end_time;
	if (v->ask.end_index >= 0)
		r->end_position = g_ptr_array_index(v->ref->positions, v->ask.end_index);
	r->num_events = v->ask.num_events;
	r->trace = v->ask.trace;
	r->before_request = v->before;
	r->after_request = v->after;
	r->before_chunk_traceset = v->before_chunk;
	r->after_chunk_traceset = v->after_chunk;
	if (v->ask.name != NULL) {
		/* By name: the request's hook_data (the viewer) is the hook's. */
		v->by_name.name = v->ask.name;
		v->by_name.hook = viewer_event;
		r->event_by_name = &v->by_name;
		r->n_event_by_name = 1;
	} else {
		r->event = v->event;
	}
	v->handle = lttvwindow_scheduler_submit(v->s, r);
	lttvwindow_events_request_free(r);
	g_assert_cmpuint(v->handle, >, 0);
}

void viewer_assert_range(const Viewer *v, guint from, guint to)
{
	guint i;

	g_assert_cmpuint(v->got->len, ==, to - from);
	for (i = 0; i < v->got->len; i++)
		g_assert_cmpuint(g_array_index(v->got, guint, i), ==, from + i);
}

void viewer_assert_exact(const Viewer *v)
{
	GArray *want = reference_expected(v->ref, &v->ask);

	g_assert_cmpuint(v->after_request, ==, 1);
	g_assert_cmpuint(v->before_request, ==, 1);
	g_assert_false(v->check_state);
	if (v->states != NULL)
		assert_state(v);
	g_assert_cmpmem(v->got->data, v->got->len * sizeof(guint), want->data, want->len * sizeof(guint));
	g_array_unref(want);
}

static void quit_loop(gpointer data, gpointer scheduler)
{
	g_main_loop_quit(data);
}

void run_until_idle(LttvwindowScheduler *s)
{
	GMainLoop *loop = g_main_loop_new(NULL, FALSE);

	lttvwindow_scheduler_set_idle_notify(s, quit_loop, loop);
	if (lttvwindow_scheduler_pending(s) > 0)
		g_main_loop_run(loop);
	lttvwindow_scheduler_set_idle_notify(s, NULL, NULL);
	g_main_loop_unref(loop);
}
