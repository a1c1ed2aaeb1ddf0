/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-intervals.c: the state-interval store of the precomputation service
 * against a brute-force replay (every task, CPU, IRQ line and soft IRQ
 * vector after every timestamp, also as read back from the cache file), against ltt-synth's ground truth (CPU
 * time per task and mode), and the shape of queries at coarser
 * resolutions. */
#include "config.h"
#include <unistd.h>
#include <lttv/precompute.h>
#include "analysis-merge.h"
#include "analysis-truth.h"
#include "analysis-util.h"

static char *tmpdir;

/* The service of the trace at path, run to the end in small steps; with
 * via_cache, the pass writes the cache and the service returned is a
 * second one, which reads it. */
static LttvPrecompute *precompute_whole_via(const char *path, gboolean via_cache, LttvTrace **t_out)
{
	GError *error = NULL;
	LttvTrace *t = lttv_trace_open(path, &error);
	LttvPrecompute *p;

	g_assert_no_error(error);
	p = lttv_precompute_get(t);
	lttv_precompute_set_cache(p, via_cache);
	while (lttv_precompute_step(p, 500, &error))
		;
	g_assert_no_error(error);
	g_assert_true(lttv_precompute_done(p));
	g_assert_false(lttv_precompute_from_cache(p));
	if (via_cache) {
		lttv_precompute_finish_cache(p);
		lttv_precompute_unref(p);
		p = lttv_precompute_get(t);
		while (lttv_precompute_step(p, 500, &error))
			;
		g_assert_no_error(error);
		g_assert_true(lttv_precompute_from_cache(p));
	}
	*t_out = t;
	return p;
}

static LttvPrecompute *precompute_whole(const char *path, LttvTrace **t_out)
{
	return precompute_whole_via(path, FALSE, t_out);
}

static void expect_item(const LttvIntervalStore *store, LttvIntervalEntity e, LttTime t, gint32 status, gint32 mode,
                        gint32 submode, gint32 pid, const char *what)
{
	LttvIntervalItem item;
	guint n;

	if (e == LTTV_INTERVAL_ENTITY_NONE)
		g_error("%s at %" G_GUINT64_FORMAT ": no entity", what, t);
	n = lttv_intervals_query(store, e, t, t + 1, 1, &item, 1);
	if (n != 1 || item.start != t || item.status != status || item.mode != mode || item.submode != submode
	    || item.pid != pid || item.mixed)
		g_error("%s at %" G_GUINT64_FORMAT ": store has %u item(s) %d/%d/%d/%d from %" G_GUINT64_FORMAT
		        " (entity %u, from %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT "), replay %d/%d/%d/%d", what, t,
		        n, item.status, item.mode, item.submode, item.pid, n > 0 ? item.start : 0, e,
		        lttv_intervals_entity(store, e)->first, lttv_intervals_entity(store, e)->last, status, mode,
		        submode, pid);
}

/* The soft IRQ vectors whose handler some CPU runs (the innermost soft IRQ
 * frame of its running task), counted by vector. */
static GArray *softirq_counts(const LttvTraceState *ts)
{
	GArray *counts = g_array_new(FALSE, TRUE, sizeof(guint));
	guint cpu, i;

	for (cpu = 0; cpu < lttv_trace_state_cpu_count(ts); cpu++) {
		LttvProcess *p = lttv_trace_state_running_process(ts, cpu);

		for (i = p != NULL ? lttv_process_depth(p) : 0; i-- > 0;) {
			const LttvExecFrame *f = lttv_process_frame(p, i);

			if (f->mode == LTTV_MODE_SOFTIRQ) {
				if ((guint) f->submode >= counts->len)
					g_array_set_size(counts, f->submode + 1);
				g_array_index(counts, guint, f->submode)++;
				break;
			}
		}
	}
	return counts;
}

/* The entity when the store had met it by time t. */
static LttvIntervalEntity met(const LttvIntervalStore *store, LttvIntervalEntity e, LttTime t)
{
	return e != LTTV_INTERVAL_ENTITY_NONE && lttv_intervals_entity(store, e)->first <= t ? e : LTTV_INTERVAL_ENTITY_NONE;
}

/* Everything the replay knows just after the events at time t. */
static void check_at(const LttvIntervalStore *store, const LttvTraceState *ts, LttTime t, gboolean count_alive)
{
	GPtrArray *all = lttv_trace_state_processes(ts);
	GArray *soft = softirq_counts(ts);
	guint i, cpu, alive = 0;

	for (i = 0; i < all->len; i++) {
		LttvProcess *p = g_ptr_array_index(all, i);
		const LttvExecFrame *top = lttv_process_frame(p, lttv_process_depth(p) - 1);
		gint32 pid = lttv_process_pid(p);
		LttvIntervalEntity e = lttv_intervals_find_process_at(store, pid, lttv_process_cpu(p), t);
		char *what = g_strdup_printf("pid %d", pid);

		/* The store keeps submodes in 24 bits (a damaged number beyond is none). */
		gint32 submode = top->submode >= -(1 << 23) && top->submode < (1 << 23) ? top->submode : LTTV_SUBMODE_NONE;

		expect_item(store, e, t, lttv_process_status(p), top->mode, submode, -1, what);
		g_free(what);
		g_assert_cmpstr(lttv_intervals_entity(store, e)->name, !=, NULL);
	}
	if (count_alive) {
		GArray *procs = lttv_intervals_processes(store);

		for (i = 0; i < procs->len; i++) {
			const LttvEntityInfo *info = lttv_intervals_entity(store, g_array_index(procs, LttvIntervalEntity, i));

			alive += info->first <= t && t < info->last;
		}
		/* Idle tasks the state made before any event named them are not entities yet. */
		g_assert_cmpuint(alive, <=, all->len);
		g_assert_cmpuint(alive + lttv_trace_state_cpu_count(ts), >=, all->len);
		g_array_unref(procs);
	}
	for (cpu = 0; cpu < lttv_trace_state_cpu_count(ts); cpu++) {
		LttvProcess *run = lttv_trace_state_running_process(ts, cpu);
		LttvIntervalEntity e = met(store, lttv_intervals_find_cpu(store, cpu), t);

		if (e == LTTV_INTERVAL_ENTITY_NONE && run == NULL)
			continue;
		/* A negative pid (damage) reads as not known. */
		expect_item(store, e, t, lttv_trace_state_cpu_mode(ts, cpu), -1, -1,
		            run != NULL ? MAX(lttv_process_pid(run), -1) : -1, "cpu");
	}
	for (i = 0; i < 256; i++) {
		LttvIntervalEntity e = met(store, lttv_intervals_find_irq(store, i), t);

		if (e != LTTV_INTERVAL_ENTITY_NONE)
			expect_item(store, e, t, lttv_trace_state_irq_busy(ts, i), -1, -1, -1, "irq");
		else
			g_assert_false(lttv_trace_state_irq_busy(ts, i));
		e = met(store, lttv_intervals_find_softirq(store, i), t);
		if (e != LTTV_INTERVAL_ENTITY_NONE)
			expect_item(store, e, t, i < soft->len && g_array_index(soft, guint, i) > 0, -1, -1, -1, "softirq");
		else
			g_assert_true(i >= soft->len || g_array_index(soft, guint, i) == 0);
	}
	g_array_unref(soft);
	g_ptr_array_unref(all);
}

/* Replays the trace with a state of the test's own and compares every
 * entity with the store after each timestamp's events. */
/* Damage: 40 bytes of every channel file changed at random (fixed seed). */
static void damage_trace(const char *path)
{
	GRand *rand = g_rand_new_with_seed(5);
	guint cpu, i;

	for (cpu = 0;; cpu++) {
		char *name = g_strdup_printf("%s/kernel_%u", path, cpu);
		gchar *contents;
		gsize len, at;

		if (!g_file_get_contents(name, &contents, &len, NULL)) {
			g_free(name);
			break;
		}
		for (i = 0; i < 40; i++) {
			at = (gsize) g_rand_int_range(rand, 0, (gint32) len);
			contents[at] = (gchar) g_rand_int_range(rand, 0, 256);
		}
		g_assert_true(g_file_set_contents(name, contents, (gssize) len, NULL));
		g_free(contents);
		g_free(name);
	}
	g_assert_cmpuint(cpu, >, 0);
	g_rand_free(rand);
}

/* The store of the trace at path against a replay of its events. */
static void check_replay_path(const char *path, gboolean via_cache)
{
	LttvTrace *t;
	LttvPrecompute *p;
	const LttvIntervalStore *store;
	LttTrace *trace;
	AnalysisMerge *m;
	LttvTraceState *ts;
	const LttEvent *ev;
	guint64 boundaries = 0;

	p = precompute_whole_via(path, via_cache, &t);
	store = lttv_precompute_intervals(p);
	{
		gsize heap, mapped;

		/* Damaged numbers (an IRQ line, a CPU) size nothing. */
		lttv_precompute_sizes(p, &heap, &mapped);
		g_assert_cmpuint(heap, <, 4 << 20);
	}
	g_assert_cmpuint(lttv_intervals_ready_until(store), ==, LTT_TIME_INFINITE);
	trace = lttv_trace_ltt(t);
	m = analysis_merge_new(trace);
	ts = lttv_trace_state_new(trace);
	while ((ev = analysis_merge_source.peek(m)) != NULL) {
		LttTime now = ltt_event_time(ev);
		const LttEvent *next;

		lttv_trace_state_apply(ts, ev);
		analysis_merge_source.advance(m);
		next = analysis_merge_source.peek(m);
		/* After the last event, states last no time: nothing to compare. */
		if (next != NULL && ltt_event_time(next) > now)
			check_at(store, ts, now, boundaries++ % 97 == 0);
	}
	g_assert_cmpuint(boundaries, >, 1000);
	lttv_trace_state_free(ts);
	analysis_merge_free(m);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
}

static void check_replay_damaged(const char *name, const char *const *args, gboolean via_cache, gboolean damaged)
{
	char *path = analysis_synth(tmpdir, name, FALSE, args);

	g_assert_nonnull(path);
	if (damaged)
		damage_trace(path);
	check_replay_path(path, via_cache);
	g_free(path);
}

/* A real recording (lttctl, needs root and tracefs): events that name
 * their task (common_pid), switches the tracer missed (doc/analysis.md
 * §1.4). */
static void test_replay_recorded(void)
{
	char *lttctl = g_build_filename(TOP_BUILDDIR, "ltt-control", "lttctl", NULL);
	char *workload = g_build_filename(TOP_BUILDDIR, "tests", "workload", "ltt-getppid-loop", NULL);
	char *path, *err = NULL;
	char *argv[8];
	GError *error = NULL;
	int status;

	if (geteuid() != 0 || !g_file_test("/sys/kernel/tracing/events", G_FILE_TEST_IS_DIR)
	    || !g_file_test(workload, G_FILE_TEST_IS_EXECUTABLE)) {
		g_test_skip("recording needs root, tracefs and tests/workload/ltt-getppid-loop");
		g_free(lttctl);
		g_free(workload);
		return;
	}
	path = g_build_filename(tmpdir, "recorded", NULL);
	argv[0] = lttctl;
	argv[1] = (char *) "record";
	argv[2] = (char *) "-o";
	argv[3] = path;
	argv[4] = (char *) "--";
	argv[5] = workload;
	argv[6] = (char *) "20000";
	argv[7] = NULL;
	if (!g_spawn_sync(NULL, argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err, &status, &error)
	    || !g_spawn_check_wait_status(status, &error))
		g_error("lttctl record: %s: %s", error->message, err != NULL ? err : "");
	check_replay_path(path, FALSE);
	g_free(err);
	g_free(path);
	g_free(workload);
	g_free(lttctl);
}

static void check_replay(const char *name, const char *const *args, gboolean via_cache)
{
	check_replay_damaged(name, args, via_cache, FALSE);
}

static void test_replay_plain(void)
{
	const char *args[] = { "--cpus=2", "--processes=20", "--events=40000", "--seed=1", NULL };

	check_replay("plain", args, FALSE);
}

static void test_replay_vectors(void)
{
	const char *args[] = { "--cpus=3", "--processes=20", "--events=40000", "--seed=12", "--irq-vectors",
	                       "--common-pid", NULL };

	check_replay("vectors", args, FALSE);
}

static void test_replay_lost(void)
{
	const char *args[] = { "--cpus=3", "--events=30000", "--seed=2", "--lost-every=3", "--block-size=4096", NULL };

	check_replay("lost", args, FALSE);
}

static void test_replay_pid_reuse_threads(void)
{
	const char *args[] = { "--cpus=2", "--processes=10", "--threads-per-process=4", "--events=40000",
	                       "--seed=5", "--pid-reuse", NULL };

	check_replay("reuse", args, FALSE);
	check_replay("reuse-cached", args, TRUE);
}

static void test_replay_start_in_syscall(void)
{
	const char *args[] = { "--cpus=4", "--processes=40", "--events=30000", "--seed=4", "--start-in-syscall", NULL };

	check_replay("insyscall", args, FALSE);
}

static void test_replay_damaged(void)
{
	const char *args[] = { "--cpus=3", "--processes=30", "--events=50000", "--seed=9", "--block-size=4096", NULL };

	check_replay_damaged("damaged", args, FALSE, TRUE);
}

static void test_replay_gaps(void)
{
	const char *args[] = { "--cpus=2", "--events=20000", "--seed=7", "--big-endian", "--long-gaps", NULL };

	check_replay("gaps", args, FALSE);
}

static const LttvExecMode truth_modes[TRUTH_MODES] = {
	LTTV_MODE_USER, LTTV_MODE_SYSCALL, LTTV_MODE_TRAP, LTTV_MODE_IRQ, LTTV_MODE_SOFTIRQ, LTTV_MODE_IDLE
};

/* The time each task spent on a CPU in each mode, summed from its
 * intervals at full resolution, is the truth's CPU time.  Returns how
 * many IRQ intervals of tasks were interrupt vectors. */
static guint check_truth_cpu_time(const char *name, const char *const *args)
{
	char *path = analysis_synth(tmpdir, name, TRUE, args);
	char *json = g_strconcat(path, ".json", NULL);
	GError *error = NULL;
	Truth *truth = truth_load(json, &error);
	LttvTrace *t;
	LttvPrecompute *p;
	const LttvIntervalStore *store;
	LttvIntervalItem *items = g_new(LttvIntervalItem, 1 << 16);
	guint i, j, k, vectors = 0;

	g_assert_no_error(error);
	p = precompute_whole(path, &t);
	store = lttv_precompute_intervals(p);
	for (i = 0; i < truth->processes->len; i++) {
		const TruthProcess *tp = g_ptr_array_index(truth->processes, i);
		LttvIntervalEntity e = lttv_intervals_find_process(store, tp->pid, tp->birth, tp->cpu >= 0 ? (guint) tp->cpu : 0);
		guint64 time[LTTV_MODE_COUNT] = { 0 };
		guint n;

		if (e == LTTV_INTERVAL_ENTITY_NONE) {
			for (j = 0; j < TRUTH_MODES; j++)
				g_assert_cmpuint(tp->time[j], ==, 0);
			continue;
		}
		n = lttv_intervals_query(store, e, 0, LTT_TIME_INFINITE, 1, items, 1 << 16);
		g_assert_cmpuint(n, <, 1 << 16);
		for (k = 0; k < n; k++) {
			if (items[k].status == LTTV_STATUS_RUNNING || items[k].status == LTTV_STATUS_EXITING)
				time[items[k].mode] += items[k].end - items[k].start;
			if (items[k].mode == LTTV_MODE_IRQ && items[k].submode >= LTTV_IRQ_VECTOR_BASE) {
				g_assert_nonnull(lttv_precompute_submode_name(p, items[k].mode, items[k].submode));
				vectors++;
			}
		}
		for (j = 0; j < TRUTH_MODES; j++)
			g_assert_cmpuint(time[truth_modes[j]], ==, tp->time[j]);
		g_assert_cmpstr(lttv_intervals_entity(store, e)->name, ==, tp->name);
		g_assert_cmpint(lttv_intervals_entity(store, e)->tgid, ==, tp->tgid);
	}
	/* A vector has no IRQ line (doc/analysis.md §1.2): only device IRQs have one. */
	for (i = 0; i < lttv_intervals_entity_count(store); i++)
		if (lttv_intervals_entity(store, i)->kind == LTTV_ENTITY_IRQ)
			g_assert_cmpint(lttv_intervals_entity(store, i)->id, <, 65536);
	g_free(items);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
	truth_free(truth);
	g_free(json);
	g_free(path);
	return vectors;
}

static void test_truth_cpu_time(void)
{
	const char *args[] = { "--cpus=3", "--processes=25", "--threads-per-process=2", "--events=50000", "--seed=11",
	                       "--pid-reuse", NULL };
	const char *vectors[] = { "--cpus=3", "--processes=25", "--events=50000", "--seed=12", "--irq-vectors", NULL };

	g_assert_cmpuint(check_truth_cpu_time("truth", args), ==, 0);
	/* Interrupt vectors: IRQ time of the tasks, named, no line. */
	g_assert_cmpuint(check_truth_cpu_time("truth-vectors", vectors), >, 1000);
}

/* Durations of each state over [s, e), from the full-resolution items; a
 * CPU's by its mode, whatever the task (as the store counts a slot's
 * longest state). */
static guint64 state_duration(const LttvIntervalItem *full, guint n, LttTime s, LttTime e, const LttvIntervalItem *like)
{
	guint64 d = 0;
	guint k;

	for (k = 0; k < n; k++)
		if (full[k].status == like->status && full[k].mode == like->mode && full[k].submode == like->submode
		    && full[k].end > s && full[k].start < e)
			d += MIN(full[k].end, e) - MAX(full[k].start, s);
	return d;
}

/* At a coarse resolution: contiguous items, at most one per resolution,
 * exact ones where an interval is long enough, and summaries that carry
 * the state that lasted longest in their slot. */
static void test_resolution(void)
{
	const char *args[] = { "--cpus=2", "--processes=15", "--events=30000", "--seed=3", NULL };
	char *path = analysis_synth(tmpdir, "zoom", FALSE, args);
	LttvTrace *t;
	LttvPrecompute *p = precompute_whole(path, &t);
	const LttvIntervalStore *store = lttv_precompute_intervals(p);
	LttTrace *trace = lttv_trace_ltt(t);
	LttTime start = ltt_trace_start_time(trace), end = ltt_trace_end_time(trace);
	GRand *rand = g_rand_new_with_seed(7);
	guint max = 1 << 16;
	LttvIntervalItem *items = g_new(LttvIntervalItem, max), *full = g_new(LttvIntervalItem, max);
	guint round;

	for (round = 0; round < 300; round++) {
		LttvIntervalEntity e = (LttvIntervalEntity) g_rand_int_range(rand, 0, (gint32) lttv_intervals_entity_count(store));
		LttTime span = (LttTime) (g_rand_double(rand) * (double) (end - start)) + 1;
		LttTime t0 = start + (LttTime) (g_rand_double(rand) * (double) (end - start - MIN(span, end - start)));
		LttTime t1 = t0 + span;
		guint64 res = MAX(span / (guint64) g_rand_int_range(rand, 1, 2000), 1);
		guint n = lttv_intervals_query(store, e, t0, t1, res, items, max);
		guint nf = lttv_intervals_query(store, e, t0, t1, 1, full, max);
		guint k;

		g_assert_cmpuint(nf, <, max);
		g_assert_cmpuint(n, <=, span / res + 2);
		g_assert_cmpuint(n, <=, nf);
		if (nf == 0) {
			g_assert_cmpuint(n, ==, 0);
			continue;
		}
		g_assert_cmpuint(items[0].start, ==, full[0].start);
		g_assert_cmpuint(items[n - 1].end, ==, full[nf - 1].end);
		for (k = 0; k < n; k++) {
			const LttvIntervalItem *it = &items[k];
			guint64 mine = state_duration(full, nf, it->start, it->end, it);

			g_assert_cmpuint(it->end, >, it->start);
			if (k > 0)
				g_assert_cmpuint(it->start, ==, items[k - 1].end);
			if (!it->mixed) {
				/* One state over the whole item. */
				g_assert_cmpuint(mine, ==, it->end - it->start);
			} else {
				guint f, inside = 0;

				g_assert_cmpuint(it->end - it->start, <=, res);
				for (f = 0; f < nf; f++)
					inside += full[f].end > it->start && full[f].start < it->end;
				g_assert_cmpuint(inside, >, 1);
				/* A slot of fewer changes than a chunk never spans a whole
				 * one: it is read from its changes (/intervals/summaries
				 * checks the others). */
				for (f = 0; f < nf && inside <= 64; f++)
					if (full[f].end > it->start && full[f].start < it->end)
						g_assert_cmpuint(state_duration(full, nf, it->start, it->end, &full[f]), <=, mine);
			}
		}
	}
	g_rand_free(rand);
	g_free(items);
	g_free(full);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
	g_free(path);
}

/* The changes of a task, CPU, line or vector are its items at full
 * resolution (one per change: their times differ); chunks of 128 of them
 * are what the store summarises (LTTV_INTERVAL_CHUNK, in the store's
 * private header). */
#define CHUNK 128

/* A state as a slot's longest is counted: a CPU's by its mode, whatever the
 * task it runs (a task's and a line's items have no pid). */
static gboolean same_state(const LttvIntervalItem *a, const LttvIntervalItem *b)
{
	return a->status == b->status && a->mode == b->mode && a->submode == b->submode;
}

/* The first of full[0, nf) that ends after t. */
static guint first_ending_after(const LttvIntervalItem *full, guint nf, LttTime t)
{
	guint a = 0, b = nf;

	while (a < b) {
		guint mid = a + (b - a) / 2;

		if (full[mid].end <= t)
			a = mid + 1;
		else
			b = mid;
	}
	return a;
}

/* Time per state of full[from, to) within [s, e), into states / ns (at
 * most n_max different states); how many there were. */
static guint durations(const LttvIntervalItem *full, guint from, guint to, LttTime s, LttTime e,
                       const LttvIntervalItem **states, guint64 *ns, guint n_max)
{
	guint n = 0, k, m;

	for (k = from; k < to; k++) {
		LttTime a = MAX(full[k].start, s), b = MIN(full[k].end, e);

		if (b <= a)
			continue;
		for (m = 0; m < n && !same_state(states[m], &full[k]); m++)
			;
		if (m == n) {
			g_assert_cmpuint(n, <, n_max);
			states[n] = &full[k];
			ns[n++] = 0;
		}
		ns[m] += b - a;
	}
	return n;
}

typedef struct {
	guint summarised, read, pure;    /* items of each kind seen */
} SlotKinds;

/* Every item of a query against the changes it covers: an item of one
 * state holds it throughout; a mixed one covers several.  A slot that
 * spans whole chunks carries the state that lasted longest among the
 * chunks' own longest (each counted for its time in its chunk: the
 * summaries of intervals-summary.c); any other carries the one that
 * lasted longest in the slot, exactly. */
static void check_items_against_changes(const LttvIntervalItem *items, guint n, const LttvIntervalItem *full, guint nf,
                                        SlotKinds *kinds)
{
	const LttvIntervalItem *states[2 * CHUNK + 2];
	guint64 ns[2 * CHUNK + 2];
	guint n_chunks = (nf + CHUNK - 1) / CHUNK, k;

	for (k = 0; k < n; k++) {
		const LttvIntervalItem *it = &items[k];
		guint from = first_ending_after(full, nf, it->start), to = first_ending_after(full, nf, it->end - 1) + 1;
		guint cs = from / CHUNK, ce = MIN(to, nf) > 0 ? (MIN(to, nf) - 1) / CHUNK : 0, m, best = 0, found;

		g_assert_cmpuint(it->end, >, it->start);
		if (k > 0)
			g_assert_cmpuint(it->start, ==, items[k - 1].end);
		to = MIN(to, nf);
		if (!it->mixed) {
			g_assert_cmpuint(to - from, ==, 1);
			g_assert_true(same_state(it, &full[from]));
			g_assert_cmpint(it->pid, ==, full[from].pid);
			kinds->pure++;
			continue;
		}
		g_assert_cmpuint(to - from, >, 1);
		/* The chunk the slot's end is in: the last whose first change is before it. */
		if (ce >= cs + 2 && ce < n_chunks) {
			/* Whole chunks cs + 1 .. ce - 1: each one's longest state, for its time. */
			guint n_states = 0;
			guint64 weight[2 * CHUNK + 2] = { 0 }, spans = 0;
			const LttvIntervalItem *dom[2 * CHUNK + 2];
			guint c;

			for (c = cs + 1; c < ce && n_states < G_N_ELEMENTS(dom); c++) {
				const LttvIntervalItem *cst[CHUNK];
				guint64 cns[CHUNK];
				guint cn = durations(full, c * CHUNK, (c + 1) * CHUNK, 0, LTT_TIME_INFINITE, cst, cns, CHUNK), cb = 0;

				for (m = 1; m < cn; m++)
					if (cns[m] > cns[cb])
						cb = m;
				for (m = 0; m < n_states && !same_state(dom[m], cst[cb]); m++)
					;
				if (m == n_states)
					dom[n_states++] = cst[cb];
				weight[m] += cns[cb];
				spans += full[(c + 1) * CHUNK].start - full[c * CHUNK].start;
			}
			for (m = 1; m < n_states; m++)
				if (weight[m] > weight[best])
					best = m;
			for (found = 0; found < n_states && !same_state(dom[found], it); found++)
				;
			g_assert_cmpuint(found, <, n_states);
			/* The summaries keep each share in 32 bits of its chunk's span. */
			g_assert_cmpuint(weight[found] + spans / (1u << 31) + (ce - cs), >=, weight[best]);
			kinds->summarised++;
			continue;
		}
		{
			guint n_states = durations(full, from, to, it->start, it->end, states, ns, G_N_ELEMENTS(ns));

			/* Several changes (above); one state where a CPU ran several
			 * tasks in one mode. */
			g_assert_cmpuint(n_states, >=, 1);
			for (m = 1; m < n_states; m++)
				if (ns[m] > ns[best])
					best = m;
			for (found = 0; found < n_states && !same_state(states[found], it); found++)
				;
			g_assert_cmpuint(found, <, n_states);
			g_assert_cmpuint(ns[found], ==, ns[best]);
			kinds->read++;
		}
	}
}

/* The store's chunk summaries against the changes (brute force), at zooms
 * where a slot holds from one change to thousands, on the pass's store
 * and on the one read back from the cache file. */
static void check_summaries(const char *name, const char *const *args, gboolean via_cache)
{
	char *path = analysis_synth(tmpdir, name, FALSE, args);
	LttvTrace *t;
	LttvPrecompute *p = precompute_whole_via(path, via_cache, &t);
	const LttvIntervalStore *store = lttv_precompute_intervals(p);
	GRand *rand = g_rand_new_with_seed(11);
	guint max = 1 << 20, e;
	LttvIntervalItem *items = g_new(LttvIntervalItem, max), *full = g_new(LttvIntervalItem, max);
	SlotKinds kinds = { 0, 0, 0 };

	for (e = 0; e < lttv_intervals_entity_count(store); e++) {
		guint nf = lttv_intervals_query(store, e, 0, LTT_TIME_INFINITE, 1, full, max), round;
		LttTime first, last;

		g_assert_cmpuint(nf, <, max);
		if (nf < 2 * CHUNK)
			continue;
		first = full[0].start;
		last = full[nf - 1].end;
		for (round = 0; round < 24; round++) {
			/* Changes per slot: 2^0 .. 2^12 on average. */
			guint64 per_slot = (guint64) 1 << g_rand_int_range(rand, 0, 13);
			LttTime span = (LttTime) (g_rand_double_range(rand, 0.05, 1.0) * (double) (last - first)) + 1;
			LttTime t0 = first + (LttTime) (g_rand_double(rand) * (double) (last - first - MIN(span, last - first)));
			guint64 res = MAX((last - first) / nf * per_slot, 1);
			guint n = lttv_intervals_query(store, e, t0, t0 + span, res, items, max);

			g_assert_cmpuint(n, <, max);
			check_items_against_changes(items, n, full, nf, &kinds);
		}
	}
	g_test_message("%s: %u items from summaries, %u mixed from changes, %u of one state", name, kinds.summarised,
	               kinds.read, kinds.pure);
	/* Each kind was met often. */
	g_assert_cmpuint(kinds.summarised, >, 1000);
	g_assert_cmpuint(kinds.read, >, 1000);
	g_assert_cmpuint(kinds.pure, >, 1000);
	g_rand_free(rand);
	g_free(items);
	g_free(full);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
	g_free(path);
}

static void test_summaries(void)
{
	const char *args[] = { "--cpus=2", "--processes=12", "--events=300000", "--seed=13", NULL };
	const char *threads[] = { "--cpus=3", "--processes=8", "--threads-per-process=3", "--events=200000", "--seed=14",
	                          "--irq-vectors", "--pid-reuse", NULL };

	check_summaries("summaries", args, FALSE);
	check_summaries("summaries-cached", args, TRUE);
	check_summaries("summaries-threads", threads, FALSE);
}

int main(int argc, char **argv)
{
	int rc;

	g_test_init(&argc, &argv, NULL);
	tmpdir = analysis_tmpdir();
	g_test_add_func("/intervals/replay/plain", test_replay_plain);
	g_test_add_func("/intervals/replay/irq-vectors", test_replay_vectors);
	g_test_add_func("/intervals/replay/lost-events", test_replay_lost);
	g_test_add_func("/intervals/replay/pid-reuse-threads", test_replay_pid_reuse_threads);
	g_test_add_func("/intervals/replay/start-in-syscall", test_replay_start_in_syscall);
	g_test_add_func("/intervals/replay/long-gaps", test_replay_gaps);
	g_test_add_func("/intervals/replay/damaged", test_replay_damaged);
	g_test_add_func("/intervals/replay/recorded", test_replay_recorded);
	g_test_add_func("/intervals/truth-cpu-time", test_truth_cpu_time);
	g_test_add_func("/intervals/resolution", test_resolution);
	g_test_add_func("/intervals/summaries", test_summaries);
	rc = g_test_run();
	tlt_remove_dir(tmpdir);
	g_free(tmpdir);
	return rc;
}
