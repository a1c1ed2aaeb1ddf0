/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* batchAnalysis.c: the batch run of the lttv command.
 *
 * Every event of the traces given with -t goes, in time order, through:
 *   1. the filter (textFilter's -e), with the process state as it was when
 *      the event occurred, then the text modules' hooks if it passed;
 *   2. the process state and, with -s, the statistics (every event,
 *      whether the filter selected it or not).
 * With lttv's --begin/--end the run seeks to the first event at or after
 * the begin time (the state there is rebuilt by a state-only replay) and
 * stops after the end time; the statistics then cover that range.
 * What each hook sees is described in lttv/lttv/lttv.h; the user's view in
 * doc/lttv.md. */
#include <config.h>
#include <stdio.h>
#include <string.h>
#include <lttv/filter.h>
#include <lttv/lttv.h>
#include <lttv/module.h>
#include <lttv/option.h>
#include <lttv/state-context.h>
#include <lttv/state-filter.h>
#include <lttv/stats.h>
#include <lttv/tracecontext.h>

static gboolean compute_stats;
static int threads;             /* --threads: for the statistics by CPU; 0: one per processor */

/* How one tracefile's events reach the text modules. */
typedef struct {
	LttvTracefileContext *tfc;
	LttvHooks *hooks;          /* published as batch/event */
	LttvTraceState *state;     /* of the tracefile's trace; NULL when not tracked */
	LttvFilter *filter;        /* NULL: every event is selected */
} Delivery;

typedef struct {
	LttvTracesetContext *ctx;
	gboolean ranged;           /* lttv's --begin or --end */
	LttTime begin, end;        /* the events delivered (end included) */
	LttvContextState *cs;      /* NULL when no one needs the state */
	LttvStats **stats;         /* per trace, with -s */
	LttvTraceState **by_cpu;   /* per trace, with -s when read by CPU: the statistics' states */
	LttvStatsNode **trees;     /* per trace, with -s, once the events are read */
	GPtrArray *deliveries;     /* Delivery *, one per tracefile */
} Run;

static void publish(LttvAttribute *a, const char *path, gpointer p)
{
	LttvAttributeValue v;
	if (lttv_attribute_find_by_path(a, path, LTTV_POINTER, &v, NULL))
		*v.v_pointer = p;
}

/* At LTTV_PRIO_HIGH: before the state hooks, so the filter's state.* fields
 * and the modules see the state in force when the event occurred. */
static gboolean deliver(void *hook_data, void *call_data)
{
	Delivery *d = hook_data;
	LttvTracefileContext *tfc = call_data;
	if (d->filter != NULL &&
	    !lttv_filter_eval(d->filter, tfc->e, d->state != NULL ? lttv_trace_state_filter_process : NULL,
	                      d->state))
		return FALSE;
	return lttv_hooks_call(d->hooks, tfc);
}

/* With -s, in place of the state hook: each trace's statistics cover its
 * own span, so that traces of different times do not stretch each other. */
static gboolean count_event(void *hook_data, void *call_data)
{
	const LttvTracefileContext *tfc = call_data;
	lttv_stats_apply(hook_data, tfc->e);
	return FALSE;
}

static void delivery_free(gpointer data)
{
	Delivery *d = data;
	lttv_hooks_destroy(d->hooks);
	g_free(d);
}

static LttTime global_time(const char *path)
{
	LttvAttributeValue v;
	if (!lttv_attribute_find_by_path(lttv_global_attributes(), path, LTTV_TIME, &v, NULL))
		return LTT_TIME_ZERO;
	return *v.v_time;
}

/* lttv's --begin/--end (lttv.h: batch/time_range): the first event to
 * deliver becomes the first at or after begin.  A seek of the state context
 * replaces the states: this runs before anything holds them. */
static void run_seek(Run *run)
{
	run->ranged = lttv_global_int("batch/time_range") != 0;
	run->begin = run->ranged ? global_time("batch/begin") : LTT_TIME_ZERO;
	run->end = run->ranged ? global_time("batch/end") : LTT_TIME_INFINITE;
	if (run->begin == LTT_TIME_ZERO)
		return;
	if (run->cs != NULL)
		lttv_context_state_seek_time(run->cs, run->begin);
	else
		lttv_process_traceset_seek_time(run->ctx, run->begin);
}

static void run_setup(Run *run, LttvFilter *filter)
{
	LttvTracesetContext *ctx = run->ctx;
	LttvHooks *event = lttv_global_hooks("hooks/event");
	gboolean need_state = run->cs != NULL;
	if (compute_stats) {
		run->stats = g_new0(LttvStats *, ctx->n_traces);
		run->trees = g_new0(LttvStatsNode *, ctx->n_traces);
	} else if (need_state) {
		lttv_context_state_add_hooks(run->cs);
	}
	run->deliveries = g_ptr_array_new_with_free_func(delivery_free);
	for (guint i = 0; i < ctx->n_traces; i++) {
		LttvTraceContext *tc = ctx->traces[i];
		LttvTraceState *state = need_state ? lttv_context_state_get(run->cs, i) : NULL;
		publish(tc->a, "batch/state", state);
		if (compute_stats)
			run->stats[i] = lttv_stats_new(state, MAX(run->begin, ltt_trace_start_time(tc->t)));
		for (guint j = 0; j < tc->n_tracefiles; j++) {
			LttvTracefileContext *tfc = tc->tracefiles[j];
			Delivery *d = g_new0(Delivery, 1);
			d->tfc = tfc;
			d->hooks = lttv_hooks_new();
			d->state = state;
			d->filter = filter;
			lttv_hooks_add_list(d->hooks, event);
			g_ptr_array_add(run->deliveries, d);
			publish(tfc->a, "batch/event", d->hooks);
			lttv_hooks_add(tfc->event, deliver, d, LTTV_PRIO_HIGH);
			if (compute_stats)
				lttv_hooks_add(tfc->event, count_event, run->stats[i], LTTV_PRIO_STATE);
		}
	}
}

/* Once the hooks/tracefile/before hooks ran, the modules' lists are final
 * (lttv.h): a tracefile whose events go to no module needs no delivery, and
 * the context then calls its state or statistics hook directly. */
static void run_drop_idle_deliveries(Run *run)
{
	for (guint i = 0; i < run->deliveries->len; i++) {
		Delivery *d = g_ptr_array_index(run->deliveries, i);
		if (lttv_hooks_number(d->hooks) == 0)
			lttv_hooks_remove_data(d->tfc->event, deliver, d);
	}
}

/* When only the statistics take events (-s, and no module takes any), no
 * hook needs them in time order: each trace is read by CPU, on two threads
 * when it is big enough (lttv_stats_run_trace_threads, doc/analysis.md
 * §3.1, §3.2), which gives the same statistics faster.  Returns whether it
 * did, and the events read. */
static gboolean run_stats_by_cpu(Run *run, guint64 *events)
{
	LttvTracesetContext *ctx = run->ctx;

	if (!compute_stats || run->ranged)
		return FALSE;
	for (guint i = 0; i < ctx->n_traces; i++)
		for (guint j = 0; j < ctx->traces[i]->n_tracefiles; j++) {
			LttvTracefileContext *tfc = ctx->traces[i]->tracefiles[j];
			if (lttv_hooks_number(tfc->event) != 1 || lttv_hooks_by_id_max_id(tfc->event_by_id) != 0)
				return FALSE;
		}
	run->by_cpu = g_new0(LttvTraceState *, ctx->n_traces);
	*events = 0;
	for (guint i = 0; i < ctx->n_traces; i++) {
		lttv_stats_free(run->stats[i]);
		run->stats[i] = lttv_stats_run_trace_threads(ctx->traces[i]->t, (guint) threads, &run->by_cpu[i], NULL);
		*events += lttv_trace_state_event_count(run->by_cpu[i]);
	}
	return TRUE;
}

/* Each trace's statistics end at its last event (where they started when
 * there was none). */
static void run_close_stats(Run *run)
{
	for (guint i = 0; i < run->ctx->n_traces; i++) {
		LttvTraceContext *tc = run->ctx->traces[i];
		LttTime last = lttv_trace_state_time(run->by_cpu != NULL ? run->by_cpu[i]
		                                                           : lttv_context_state_get(run->cs, i));
		lttv_stats_close(run->stats[i], MAX(last, MAX(run->begin, ltt_trace_start_time(tc->t))));
		run->trees[i] = lttv_stats_tree(run->stats[i], TRUE);
		publish(tc->a, "batch/stats", run->trees[i]);
	}
}

static void run_free(Run *run)
{
	for (guint i = 0; run->stats != NULL && i < run->ctx->n_traces; i++) {
		if (run->trees[i] != NULL)
			lttv_stats_node_free(run->trees[i]);
		lttv_stats_free(run->stats[i]);
		if (run->by_cpu != NULL)
			lttv_trace_state_free(run->by_cpu[i]);
	}
	g_free(run->by_cpu);
	g_free(run->trees);
	g_free(run->stats);
	lttv_context_state_free(run->cs);
	g_object_unref(run->ctx);
	g_ptr_array_unref(run->deliveries);
}

/* What a channel's lost count covers, as its recorder counts it: lttd's
 * kernel channel (lttd-kernel.c), libltt-ust's channels drained by lttd or
 * ltt-ust-drain (doc/ust.md §5). */
static const char *lost_events_cause(const char *channel)
{
	if (g_str_has_prefix(channel, "ust-"))
		return "user space: dropped by the application's library (buffer full, an event too big "
		       "or of a size its type cannot have, a type not registered), or overwritten, "
		       "damaged or of an undeclared type before the drainer took them";
	if (strcmp(channel, "kernel") == 0)
		return "kernel: the ring buffer was full or overwritten, or records could not be read";
	return "counted by the recorder in the block headers";
}

static gboolean batch_run(void *hook_data, void *call_data)
{
	LttvTraceset *ts = lttv_global_pointer("traceset");
	if (ts == NULL || lttv_traceset_number(ts) == 0)
		return FALSE;
	LttvFilter *filter = lttv_global_pointer("batch/filter");
	gboolean need_state = compute_stats || lttv_global_int("batch/needs_state") ||
	                      (filter != NULL && lttv_filter_uses_state(filter));
	Run run = { .ctx = lttv_traceset_context_new(ts) };
	if (need_state)
		run.cs = lttv_context_state_new(run.ctx);
	run_seek(&run);
	run_setup(&run, filter);
	lttv_process_traceset_begin(run.ctx, lttv_global_hooks("hooks/traceset/before"),
	                            lttv_global_hooks("hooks/trace/before"),
	                            lttv_global_hooks("hooks/tracefile/before"), NULL, NULL);
	run_drop_idle_deliveries(&run);
	guint64 n;
	if (!run_stats_by_cpu(&run, &n))
		n = lttv_process_traceset_middle(run.ctx, run.end == LTT_TIME_INFINITE ? run.end : run.end + 1,
		                                 G_MAXUINT64, NULL);
	if (compute_stats)
		run_close_stats(&run);
	lttv_process_traceset_end(run.ctx, lttv_global_hooks("hooks/traceset/after"),
	                          lttv_global_hooks("hooks/trace/after"),
	                          lttv_global_hooks("hooks/tracefile/after"), NULL, NULL);
	run_free(&run);
	if (lttv_global_int("verbose"))
		fprintf(stderr, "lttv: %" G_GUINT64_FORMAT " events read\n", n);
	/* Alone, batchAnalysis computes (what a benchmark times) and prints nothing. */
	if (compute_stats && lttv_module_number() == 1)
		fprintf(stderr, "lttv: note: statistics computed, not printed: textDump prints them "
		        "(lttv -m textDump -s --no-events [--stats-format=csv|json] TRACE)\n");
	for (guint i = 0; i < lttv_traceset_number(ts); i++) {
		LttTrace *t = lttv_trace_ltt(lttv_traceset_get(ts, i));
		for (guint k = 0; k < ltt_trace_warning_count(t); k++)
			fprintf(stderr, "lttv: warning: %s\n", ltt_trace_warning(t, k));
		/* Everything readable was delivered; the exit status still says
		 * that some of the input was skipped. */
		if (ltt_trace_warning_count(t) > 0)
			lttv_global_set_int("damaged", 1);
		/* The import of a CTF trace or trace.dat skipped some of its
		 * source (its warning was printed when the trace was opened). */
		if (lttv_trace_import_warning(lttv_traceset_get(ts, i)) != NULL)
			lttv_global_set_int("damaged", 1);
		/* Not damage: the recorder counted what it could not record,
		 * and figures computed over the trace miss those events. */
		for (guint k = 0; k < ltt_trace_tracefile_count(t); k++) {
			const LttTracefile *tf = ltt_trace_tracefile(t, k);
			guint64 lost = ltt_tracefile_lost_events(tf);
			if (lost > 0)
				fprintf(stderr, "lttv: note: %s: %" G_GUINT64_FORMAT " events lost while recording (%s)\n",
				        ltt_tracefile_path(tf), lost, lost_events_cause(ltt_tracefile_channel(tf)));
		}
	}
	return FALSE;
}

/* --threads: one message for every value refused, a word or a negative number. */
static gboolean set_threads(void *hook_data, void *call_data)
{
	const char *text = call_data;
	guint64 v;
	if (g_ascii_string_to_unsigned(text, 10, 0, G_MAXINT, &v, NULL)) {
		threads = (int) v;
		return FALSE;
	}
	lttv_option_fail("\"%s\": expected 0 (one per processor) or more threads", text);
	return TRUE;
}

static gboolean init(GError **error)
{
	threads = 0;
	if (!lttv_option_add("stats", 's', "compute statistics per trace, CPU, process, mode, submode "
	                     "and event type", NULL, LTTV_OPT_NONE, &compute_stats, NULL, NULL, error)
	    || !lttv_option_add("threads", 0, "threads for the statistics when no module takes events: 1, or 2 "
	                        "and more for traces of a million events or more (default 0: one per processor)",
	                        "N", LTTV_OPT_STRING, NULL, set_threads, NULL, error))
		return FALSE;
	lttv_global_set_int("batch/needs_traces", 1);
	lttv_hooks_add(lttv_global_hooks("hooks/main/before"), batch_run, NULL, LTTV_PRIO_DEFAULT);
	return TRUE;
}

static void destroy(void)
{
	lttv_hooks_remove_data(lttv_global_hooks("hooks/main/before"), batch_run, NULL);
	lttv_option_remove("stats");
	lttv_option_remove("threads");
}

LTTV_MODULE("batchAnalysis", "read the traces, with process state, statistics and filter",
            "Reads every event of the traces given with -t in time order, keeps the process state "
            "when a module needs it, computes statistics with -s, and hands the events the filter "
            "selects (textFilter) to the text modules, such as textDump.",
            init, destroy, NULL);
