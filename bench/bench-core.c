/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* bench-core TRACE [SEEKS]: what an interactive viewer waits for on the
 * core (doc/performance.md, "Core for interactive viewers"):
 *   index    building the event index (event-index.h) in 20 ms steps, as
 *            a background scheduler drives it: events/s, interval, size;
 *   seek     a viewer's context made to deliver event N, random N:
 *            median, 99th percentile and max (target: 1 ms);
 *   number   the number of the event at a viewer's position (same target);
 *   budget   lttv_process_traceset_middle_budget with a 20 ms budget and
 *            hooks of 250 us per event: time taken beyond the budget,
 *            median and max (target: 5 ms);
 *            and how many events began after the deadline (the budget
 *            logic's own share: one, a few when the process was
 *            descheduled within a slice; the rest of the time is the
 *            scheduler's);
 *   cheap    the same call with a hook that only counts, against plain
 *            middle: the clock checks must cost nothing when hooks are
 *            cheap (events per CPU second, 20 ms chunks as a scheduler
 *            runs them).
 * Other times are elapsed (monotonic clock). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <glib.h>
#include <ltt/ltt.h>
#include <lttv/tracecontext.h>
#include <lttv/event-index.h>

static void die(const char *what, GError *error)
{
	fprintf(stderr, "bench-core: %s: %s\n", what, error != NULL ? error->message : "failed");
	exit(1);
}

static int cmp_i64(const void *a, const void *b)
{
	gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
	return x < y ? -1 : x > y;
}

/* Prints median, 99th percentile and max of n samples (us), sorting them. */
static void print_spread(const char *name, gint64 *us, guint n, const char *target)
{
	qsort(us, n, sizeof(gint64), cmp_i64);
	printf("%-8s median %6" G_GINT64_FORMAT " us  p99 %6" G_GINT64_FORMAT " us  max %6" G_GINT64_FORMAT
	       " us  (%u samples; target %s)\n", name, us[n / 2], us[n * 99 / 100], us[n - 1], n, target);
}

static gboolean count_event(void *hook_data, void *call_data)
{
	(*(guint64 *) hook_data)++;
	return FALSE;
}

/* The slow hooks note how many of them began after the chunk's deadline:
 * the budget logic's own overshoot, whatever the scheduler adds (on a
 * loaded machine the process is also descheduled for milliseconds). */
typedef struct {
	gint64 deadline;
	guint late;
} Slow;

static gboolean slow_event(void *hook_data, void *call_data)
{
	Slow *slow = hook_data;
	gint64 now = g_get_monotonic_time(), until = now + 250;
	slow->late += now >= slow->deadline;
	while (g_get_monotonic_time() < until)
		;
	return FALSE;
}

/* CPU time of this thread, us. */
static gint64 cpu_usec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (gint64) ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void bench_index(LttvEventIndex *idx)
{
	gint64 t0 = g_get_monotonic_time(), longest = 0;
	guint steps = 0;
	gboolean done = FALSE;
	while (!done) {
		gint64 s = g_get_monotonic_time();
		done = lttv_event_index_step(idx, 20000);
		longest = MAX(longest, g_get_monotonic_time() - s);
		steps++;
	}
	double secs = (double) (g_get_monotonic_time() - t0) / 1e6;
	guint64 n = lttv_event_index_count(idx);
	printf("index    %" G_GUINT64_FORMAT " events (block headers said %" G_GUINT64_FORMAT ") in %.2f s, "
	       "%.2f M events/s, %u steps of 20 ms (longest %.1f ms), one position every %u events\n",
	       n, lttv_event_index_total_estimate(idx), secs, (double) n / secs / 1e6, steps,
	       (double) longest / 1000, lttv_event_index_interval(idx));
}

static void bench_seek(LttvEventIndex *idx, LttvTracesetContext *viewer, guint seeks)
{
	GRand *rand = g_rand_new_with_seed(1);
	gint64 *seek_us = g_new(gint64, seeks), *number_us = g_new(gint64, seeks);
	guint64 total = lttv_event_index_count(idx), got = 0;
	LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(viewer);
	LttvHooks *hooks = lttv_hooks_new();
	GError *error = NULL;

	lttv_hooks_add(hooks, count_event, &got, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(viewer, NULL, NULL, NULL, hooks, NULL);
	for (guint k = 0; k < seeks; k++) {
		guint64 n = (guint64) (g_rand_double(rand) * (double) total), number;
		gint64 t = g_get_monotonic_time();

		/* A list view: seek, then the first event is drawn. */
		if (!lttv_event_index_seek(idx, viewer, n, &error))
			die("seek", error);
		lttv_process_traceset_middle(viewer, LTT_TIME_INFINITE, 1, NULL);
		seek_us[k] = g_get_monotonic_time() - t;
		lttv_process_traceset_seek_n_backward(viewer, 1);
		lttv_traceset_context_position_save(viewer, pos);
		t = g_get_monotonic_time();
		if (!lttv_event_index_number(idx, pos, &number, &error))
			die("number", error);
		number_us[k] = g_get_monotonic_time() - t;
		if (number != n) {
			fprintf(stderr, "bench-core: event %" G_GUINT64_FORMAT " numbered %" G_GUINT64_FORMAT "\n", n, number);
			exit(1);
		}
	}
	lttv_process_traceset_end(viewer, NULL, NULL, NULL, hooks, NULL);
	print_spread("seek", seek_us, seeks, "1000 us");
	print_spread("number", number_us, seeks, "1000 us");
	lttv_hooks_destroy(hooks);
	lttv_traceset_context_position_destroy(pos);
	g_free(seek_us);
	g_free(number_us);
	g_rand_free(rand);
}

static void bench_budget(LttvTracesetContext *viewer)
{
	enum { CALLS = 30 };
	gint64 over[CALLS];
	guint late_max = 0;
	Slow slow;
	LttvHooks *hooks = lttv_hooks_new();

	lttv_hooks_add(hooks, slow_event, &slow, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(viewer, NULL, NULL, NULL, hooks, NULL);
	lttv_process_traceset_seek_time(viewer, 0);
	for (guint k = 0; k < CALLS; k++) {
		gint64 t = g_get_monotonic_time();
		slow = (Slow) { t + 20000, 0 };
		lttv_process_traceset_middle_budget(viewer, LTT_TIME_INFINITE, G_MAXUINT64, NULL, 20000);
		over[k] = MAX(g_get_monotonic_time() - t - 20000, 0);
		late_max = MAX(late_max, slow.late);
	}
	lttv_process_traceset_end(viewer, NULL, NULL, NULL, hooks, NULL);
	lttv_hooks_destroy(hooks);
	print_spread("budget", over, CALLS, "overshoot 5000 us; 20 ms budget, hooks of 250 us");
	printf("budget   events begun after the deadline: at most %u per call\n", late_max);
}

/* Events per CPU second over the first `events` events, in 20 ms budgeted
 * chunks or in one plain middle. */
static double cheap_rate(LttvTracesetContext *viewer, gboolean budget, guint64 events)
{
	guint64 counted = 0, done = 0;
	LttvHooks *hooks = lttv_hooks_new();

	lttv_hooks_add(hooks, count_event, &counted, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(viewer, NULL, NULL, NULL, hooks, NULL);
	lttv_process_traceset_seek_time(viewer, 0);
	gint64 t = cpu_usec();
	if (budget) {
		guint64 n;
		while (done < events && (n = lttv_process_traceset_middle_budget(viewer, LTT_TIME_INFINITE,
		                                                                    events - done, NULL, 20000)) > 0)
			done += n;
	} else {
		done = lttv_process_traceset_middle(viewer, LTT_TIME_INFINITE, events, NULL);
	}
	double rate = (double) done / ((double) MAX(cpu_usec() - t, 1) / 1e6);
	lttv_process_traceset_end(viewer, NULL, NULL, NULL, hooks, NULL);
	lttv_hooks_destroy(hooks);
	return rate;
}

static void bench_cheap(LttvTracesetContext *viewer, guint64 events)
{
	enum { ROUNDS = 5 };
	double plain = 0, budgeted = 0;

	/* Alternated, best of each: the machine is shared. */
	for (guint k = 0; k < ROUNDS; k++) {
		plain = MAX(plain, cheap_rate(viewer, FALSE, events));
		budgeted = MAX(budgeted, cheap_rate(viewer, TRUE, events));
	}
	printf("cheap    middle %.2f M events/s, middle_budget in 20 ms chunks %.2f M events/s (CPU; %+.1f%%; %"
	       G_GUINT64_FORMAT " events, best of %d)\n", plain / 1e6, budgeted / 1e6,
	       (budgeted / plain - 1) * 100, events, ROUNDS);
}

int main(int argc, char **argv)
{
	GError *error = NULL;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: bench-core TRACE [SEEKS]\n"
		        "  TRACE: e.g. ltt-synth -o /tmp/t10m --cpus 4 --processes 2000 --events 10000000 --seed 1\n");
		return 2;
	}
	guint seeks = argc == 3 ? (guint) g_ascii_strtoull(argv[2], NULL, 10) : 1000;
	LttvTrace *trace = lttv_trace_open(argv[1], &error);
	if (trace == NULL)
		die(argv[1], error);
	LttvTraceset *ts = lttv_traceset_new();
	lttv_traceset_add(ts, trace);
	lttv_trace_unref(trace);
	LttvTracesetContext *viewer = lttv_traceset_context_new(ts);
	/* The private read's index, with the interval the index would choose:
	 * interval 0 over one trace takes the precomputation's marks instead,
	 * a whole pass (bench-precompute measures that). */
	guint64 total = 0;
	guint tracefiles = ltt_trace_tracefile_count(lttv_trace_ltt(trace));
	for (guint i = 0; i < tracefiles; i++)
		total += ltt_tracefile_event_count(ltt_trace_tracefile(lttv_trace_ltt(trace), i));
	LttvEventIndex *idx = lttv_event_index_new(viewer, lttv_event_index_choose_interval(total, tracefiles));

	bench_index(idx);
	if (seeks > 0 && lttv_event_index_count(idx) > 0)
		bench_seek(idx, viewer, seeks);
	bench_budget(viewer);
	bench_cheap(viewer, lttv_event_index_count(idx));
	lttv_event_index_free(idx);
	g_object_unref(viewer);
	lttv_traceset_destroy(ts);
	return 0;
}
