/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-stats.c: the statistics engine against ltt-synth's ground truth: CPU
 * time per process per mode to the nanosecond and event counts per process,
 * on traces with lost events, PID reuse, a start inside system calls,
 * threads, thousands of processes, big-endian data and long gaps; and
 * statistics of intervals adding up to the whole. */
#include "config.h"
#include <string.h>
#include <lttv/state.h>
#include <lttv/stats.h>
#include <lttv/checkpoint.h>
#include "analysis-merge.h"
#include "analysis-truth.h"
#include "analysis-util.h"

static char *tmpdir;

static const LttvExecMode truth_modes[TRUTH_MODES] = {
	LTTV_MODE_USER, LTTV_MODE_SYSCALL, LTTV_MODE_TRAP, LTTV_MODE_IRQ, LTTV_MODE_SOFTIRQ, LTTV_MODE_IDLE
};

static LttTime mode_time(const LttvStatsNode *proc, LttvExecMode mode)
{
	const LttvStatsNode *m = lttv_stats_node_find_mode(proc, mode);

	return m != NULL ? m->cpu_time : 0;
}

/* Every process's CPU time per mode to the nanosecond, its events, name
 * and tgid.  Where the tracer missed switches, the CPU time is what the
 * events written allow (the truth's cpu_time_seen, doc/ltt-synth.md §3):
 * the time from a missed switch to the next event of its CPU stays the
 * task's switched out; the statistics' uncertain_time of each task says
 * how far that may be from the time it ran.  Returns the time charged to
 * no task. */
static LttTime check_against_truth(const char *name, const char *const *args)
{
	char *path = analysis_synth(tmpdir, name, TRUE, args);
	char *json = g_strconcat(path, ".json", NULL);
	GError *error = NULL;
	Truth *truth;
	LttTrace *trace;
	LttvTraceState *ts;
	LttvStats *s;
	LttvStatsNode *tree;
	GHashTable *expected = g_hash_table_new(g_direct_hash, g_direct_equal);
	LttTime total = 0, off = 0, unknown = 0;
	guint64 events = 0;
	guint i, j;

	g_assert_nonnull(path);
	truth = truth_load(json, &error);
	g_assert_no_error(error);
	trace = ltt_trace_open(path, &error);
	g_assert_no_error(error);
	s = analysis_whole_stats(trace, &ts, NULL);
	tree = lttv_stats_tree(s, FALSE);

	for (i = 0; i < truth->processes->len; i++) {
		const TruthProcess *tp = g_ptr_array_index(truth->processes, i);
		const LttvStatsNode *pn = lttv_stats_node_find_process(tree, tp->pid, tp->birth,
		                                                       tp->cpu >= 0 ? (guint) tp->cpu : 0);
		GHashTableIter it;
		gpointer key, value;

		if (pn == NULL) {
			/* A task that never ran nor did anything in the trace has no statistics. */
			for (j = 0; j < TRUTH_MODES; j++)
				g_assert_cmpuint(tp->time[j], ==, 0);
			g_assert_cmpuint(g_hash_table_size(tp->events), ==, 0);
			continue;
		}
		g_hash_table_add(expected, (gpointer) pn);
		for (j = 0; j < TRUTH_MODES; j++) {
			LttTime got = mode_time(pn, truth_modes[j]);
			LttTime expected = tp->has_seen ? tp->seen[j] : tp->time[j];

			if (got != expected)
				g_test_message("%s: pid %d birth %" G_GUINT64_FORMAT " %s: %" G_GUINT64_FORMAT
				               " expected %" G_GUINT64_FORMAT, name, tp->pid, tp->birth,
				               truth_mode_names[j], got, expected);
			g_assert_cmpuint(got, ==, expected);
			off += got > tp->time[j] ? got - tp->time[j] : tp->time[j] - got;
		}
		g_assert_cmpuint(mode_time(pn, LTTV_MODE_UNKNOWN), ==, 0);
		g_hash_table_iter_init(&it, tp->events);
		while (g_hash_table_iter_next(&it, &key, &value)) {
			g_assert_cmpuint(lttv_stats_node_count_events(pn, key), ==, *(guint64 *) value);
			events += *(guint64 *) value;
		}
		g_assert_cmpstr(pn->name, ==, tp->name);
		g_assert_cmpint(pn->tgid, ==, tp->tgid);
	}
	/* No task the truth does not know, and nothing but the state dump
	 * counted outside the tasks. */
	for (i = 0; i < tree->children->len; i++) {
		const LttvStatsNode *pn = g_ptr_array_index(tree->children, i);

		total += pn->cpu_time;
		if (pn->pid < 0) {
			unknown += pn->cpu_time;
			events += pn->events;
			continue;
		}
		g_assert_true(g_hash_table_contains(expected, pn));
		g_assert_cmpuint(pn->events, <=, tree->events);
	}
	/* Every CPU is accounted from the start to the last event. */
	g_assert_cmpuint(total, ==, (truth->end - truth->start) * truth->cpus);
	/* Time is charged to no task only where a missed switch leaves it so. */
	g_assert_cmpuint(unknown, ==, truth->unknown_seen);
	g_test_message("%s: CPU times %" G_GUINT64_FORMAT " ns from the time the tasks ran in all, of %" G_GUINT64_FORMAT
	               ", %" G_GUINT64_FORMAT " ns to no task", name, off, total, unknown);
	if (!truth->has_seen)
		g_assert_cmpuint(off, ==, 0);
	g_assert_cmpuint(tree->cpu_time, ==, total);
	g_assert_cmpuint(tree->events, ==, truth->events);
	g_assert_cmpuint(events, ==, truth->events);
	for (i = 0; i < truth->lost->len; i++) {
		LttTracefile *tf = ltt_trace_tracefile_find(trace, "kernel", i);

		g_assert_nonnull(tf);
		g_assert_cmpuint(ltt_tracefile_lost_events(tf), ==, g_array_index(truth->lost, guint64, i));
	}
	lttv_stats_node_free(tree);
	lttv_stats_free(s);
	lttv_trace_state_free(ts);
	ltt_trace_unref(trace);
	truth_free(truth);
	g_hash_table_unref(expected);
	g_free(json);
	g_free(path);
	return unknown;
}

static void test_basic(void)
{
	const char *args[] = { "--cpus=2", "--processes=20", "--events=60000", "--seed=1", NULL };

	check_against_truth("basic", args);
}

static void test_lost_events(void)
{
	const char *args[] = { "--cpus=3", "--events=40000", "--seed=2", "--lost-every=3", "--block-size=4096", NULL };

	check_against_truth("lost", args);
}

static void test_pid_reuse(void)
{
	const char *args[] = { "--cpus=2", "--processes=30", "--events=80000", "--seed=3", "--pid-reuse", NULL };

	check_against_truth("reuse", args);
}

static void test_start_in_syscall(void)
{
	const char *args[] = { "--cpus=4", "--processes=40", "--events=40000", "--seed=4", "--start-in-syscall", NULL };

	check_against_truth("syscall", args);
}

static void test_threads(void)
{
	const char *args[] = { "--cpus=2", "--processes=10", "--threads-per-process=4", "--events=50000",
	                       "--seed=5", "--pid-reuse", NULL };

	check_against_truth("threads", args);
}

static void test_many_processes(void)
{
	const char *args[] = { "--cpus=8", "--processes=3000", "--events=120000", "--seed=6",
	                       "--start-in-syscall", NULL };

	check_against_truth("many", args);
}

static void test_big_endian_long_gaps(void)
{
	const char *args[] = { "--cpus=2", "--events=30000", "--seed=7", "--big-endian", "--long-gaps", NULL };

	check_against_truth("gaps", args);
}

/* One switch in ten is missed by the tracer, but every event carries the
 * pid of its task (doc/analysis.md §1.4): every event is its task's; the
 * CPU times are those the events written give (cpu_time_seen): the time
 * between a missed switch and the next event of its CPU stays the task
 * believed to run (4.1 % of the time counted twice, where it is and where
 * it should be, on this trace). */
static void test_missed_switches(void)
{
	const char *args[] = { "--cpus=2", "--processes=20", "--events=60000", "--seed=11", "--common-pid",
	                       "--missed-switches=10", NULL };

	check_against_truth("missed", args);
}

/* The same on 4 CPUs with PID reuse and x86's vectors, where a task
 * believed to run after its switch out was missed (as a zombie, to a CPU
 * that then idles without events) is freed on another CPU first: its CPU's
 * task is unknown from then until an event names it, and that time goes
 * to no task. */
static void test_missed_switches_unknown(void)
{
	const char *args[] = { "--cpus=4", "--processes=30", "--events=40000", "--seed=23", "--common-pid",
	                       "--missed-switches=7", "--pid-reuse", "--irq-vectors", NULL };

	g_assert_cmpuint(check_against_truth("missed-unknown", args), >, 0);
}

/* x86's interrupt vectors (the tick is the local timer's, IPIs, irq_work,
 * some of them inside soft IRQs) are IRQ time of the task they interrupt,
 * and each of their event types is counted as itself; with common_pid
 * too (doc/analysis.md §1.2). */
static void test_irq_vectors(void)
{
	const char *args[] = { "--cpus=3", "--processes=20", "--events=60000", "--seed=12", "--irq-vectors", NULL };
	const char *with_pid[] = { "--cpus=2", "--processes=20", "--events=40000", "--seed=13", "--irq-vectors",
	                           "--common-pid", "--start-in-syscall", NULL };

	check_against_truth("vectors", args);
	check_against_truth("vectors-pid", with_pid);
}

typedef void (*ModeNodeFunc)(const char *key, const LttvStatsNode *mode, gpointer data);

/* Calls fn on every mode node of a per-CPU tree, with a key that names the
 * node (CPU, process, mode) in any tree of the same trace. */
static void foreach_mode_node(const LttvStatsNode *tree, ModeNodeFunc fn, gpointer data)
{
	for (guint c = 0; c < tree->children->len; c++) {
		const LttvStatsNode *cn = g_ptr_array_index(tree->children, c);

		for (guint p = 0; p < cn->children->len; p++) {
			const LttvStatsNode *pn = g_ptr_array_index(cn->children, p);

			for (guint md = 0; md < pn->children->len; md++) {
				const LttvStatsNode *mn = g_ptr_array_index(pn->children, md);
				char *key = g_strdup_printf("%u/%d/%" G_GUINT64_FORMAT "/%d", cn->cpu, pn->pid,
				                            pn->birth, mn->mode);

				fn(key, mn, data);
				g_free(key);
			}
		}
	}
}

/* sums: key -> { CPU time, events } over the intervals. */
static void add_to_sums(const char *key, const LttvStatsNode *mn, gpointer sums)
{
	guint64 *sum = g_hash_table_lookup(sums, key);

	if (sum == NULL) {
		sum = g_new0(guint64, 2);
		g_hash_table_insert(sums, g_strdup(key), sum);
	}
	sum[0] += mn->cpu_time;
	sum[1] += mn->events;
}

static void check_sum(const char *key, const LttvStatsNode *mn, gpointer sums)
{
	const guint64 *sum = g_hash_table_lookup(sums, key);

	g_assert_nonnull(sum);
	g_assert_cmpuint(sum[0], ==, mn->cpu_time);
	g_assert_cmpuint(sum[1], ==, mn->events);
}

/* Interval statistics: [start, a) + [a, b) + [b, end] count every event
 * and every nanosecond of CPU time once, per process and mode. */
static void test_intervals(void)
{
	const char *args[] = { "--cpus=2", "--processes=15", "--events=30000", "--seed=8", "--start-in-syscall", NULL };
	char *path = analysis_synth(tmpdir, "interval", FALSE, args);
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(path, &error);
	AnalysisMerge *m;
	LttvCheckpoints *cps;
	LttvTraceState *whole_ts;
	LttTime end;
	LttvStats *whole = analysis_whole_stats(trace, &whole_ts, &end);
	LttvStatsNode *whole_tree = lttv_stats_tree(whole, TRUE);
	LttTime start = ltt_trace_start_time(trace);
	LttTime cuts[4] = { start, start + (end - start) / 3, start + (end - start) * 2 / 3, end + 1 };
	GHashTable *sums = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	guint64 events = 0;
	guint k;

	g_assert_no_error(error);
	m = analysis_merge_new(trace);
	cps = lttv_checkpoints_build(trace, 2000, &analysis_merge_source, m, &error);
	g_assert_no_error(error);
	for (k = 0; k < 3; k++) {
		LttvTraceState *ts = lttv_checkpoints_state_at(cps, cuts[k], &analysis_merge_source, m, &error);
		LttvStats *s;
		LttvStatsNode *tree;
		const LttEvent *ev;

		g_assert_no_error(error);
		s = lttv_stats_new(ts, cuts[k]);
		while ((ev = analysis_merge_source.peek(m)) != NULL && ltt_event_time(ev) < cuts[k + 1]) {
			lttv_stats_apply(s, ev);
			analysis_merge_source.advance(m);
		}
		lttv_stats_close(s, MIN(cuts[k + 1], end));
		tree = lttv_stats_tree(s, TRUE);
		events += tree->events;
		foreach_mode_node(tree, add_to_sums, sums);
		lttv_stats_node_free(tree);
		lttv_stats_free(s);
		lttv_trace_state_free(ts);
	}
	g_assert_cmpuint(events, ==, whole_tree->events);
	foreach_mode_node(whole_tree, check_sum, sums);
	g_hash_table_unref(sums);
	lttv_checkpoints_free(cps);
	analysis_merge_free(m);
	lttv_stats_node_free(whole_tree);
	lttv_stats_free(whole);
	lttv_trace_state_free(whole_ts);
	ltt_trace_unref(trace);
	g_free(path);
}

/* The tree adds up: every level is the sum of its children. */
static void check_sums(const LttvStatsNode *n)
{
	guint64 events = 0;
	LttTime cpu = 0, elapsed = 0, cumulative = 0;
	guint i;

	if (n->level == LTTV_STATS_EVENT_TYPE)
		return;
	for (i = 0; i < n->children->len; i++) {
		const LttvStatsNode *c = g_ptr_array_index(n->children, i);

		check_sums(c);
		events += c->events;
		cpu += c->cpu_time;
		elapsed += c->elapsed_time;
		cumulative += c->cumulative_time;
	}
	g_assert_cmpuint(events, ==, n->events);
	if (n->level == LTTV_STATS_SUBMODE)
		return;
	g_assert_cmpuint(cpu, ==, n->cpu_time);
	g_assert_cmpuint(elapsed, ==, n->elapsed_time);
	g_assert_cmpuint(cumulative, ==, n->cumulative_time);
}

static void test_tree_sums(void)
{
	const char *args[] = { "--cpus=3", "--processes=12", "--events=20000", "--seed=9", NULL };
	char *path = analysis_synth(tmpdir, "tree", FALSE, args);
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(path, &error);
	LttvTraceState *ts;
	LttvStats *s;
	LttvStatsNode *per_cpu, *per_process;

	g_assert_no_error(error);
	s = analysis_whole_stats(trace, &ts, NULL);
	per_cpu = lttv_stats_tree(s, TRUE);
	per_process = lttv_stats_tree(s, FALSE);
	check_sums(per_cpu);
	check_sums(per_process);
	g_assert_cmpuint(per_cpu->children->len, ==, 3);
	g_assert_cmpuint(per_cpu->events, ==, per_process->events);
	g_assert_cmpuint(per_cpu->cpu_time, ==, per_process->cpu_time);
	/* A mode's cumulative time (nested modes included) is at least its own. */
	g_assert_cmpuint(per_process->cumulative_time, >=, per_process->cpu_time);
	lttv_stats_node_free(per_cpu);
	lttv_stats_node_free(per_process);
	lttv_stats_free(s);
	lttv_trace_state_free(ts);
	ltt_trace_unref(trace);
	g_free(path);
}

/* What sched_stat_runtime charged each pid in the trace, from its events. */
static GHashTable *raw_charges(LttTrace *trace, guint64 *total)
{
	GHashTable *by_pid = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);

	*total = 0;
	for (guint i = 0; i < ltt_trace_tracefile_count(trace); i++) {
		LttTracefile *tf = ltt_trace_tracefile(trace, i);

		if (ltt_tracefile_seek_time(tf, 0, NULL) != LTT_READ_EVENT)
			continue;
		do {
			const LttEvent *e = ltt_tracefile_event(tf);
			const LttEventType *et = ltt_event_type(e);
			guint64 *sum;

			if (strcmp(ltt_event_type_name(et), "sched_stat_runtime") != 0)
				continue;
			gint pid = (gint) ltt_event_get_int(e, ltt_event_type_field_by_name(et, "pid"));
			guint64 ns = ltt_event_get_uint(e, ltt_event_type_field_by_name(et, "runtime"));

			sum = g_hash_table_lookup(by_pid, GINT_TO_POINTER(pid));
			if (sum == NULL) {
				sum = g_new0(guint64, 1);
				g_hash_table_insert(by_pid, GINT_TO_POINTER(pid), sum);
			}
			*sum += ns;
			*total += ns;
		} while (ltt_tracefile_next(tf, NULL) == LTT_READ_EVENT);
	}
	return by_pid;
}

/* Adds each process node's charged time under n to its pid's sum. */
static void tree_charges(const LttvStatsNode *n, GHashTable *by_pid)
{
	for (guint i = 0; i < n->children->len; i++) {
		const LttvStatsNode *c = g_ptr_array_index(n->children, i);

		if (c->level == LTTV_STATS_CPU) {
			tree_charges(c, by_pid);
		} else if (c->level == LTTV_STATS_PROCESS) {
			guint64 *sum = g_hash_table_lookup(by_pid, GINT_TO_POINTER(c->pid));

			if (sum == NULL) {
				sum = g_new0(guint64, 1);
				g_hash_table_insert(by_pid, GINT_TO_POINTER(c->pid), sum);
			}
			*sum += c->charged_time;
		}
	}
}

static void assert_same_charges(const char *tree, GHashTable *raw, GHashTable *got)
{
	GHashTableIter it;
	gpointer pid, sum;

	g_hash_table_iter_init(&it, raw);
	while (g_hash_table_iter_next(&it, &pid, &sum)) {
		const guint64 *g = g_hash_table_lookup(got, pid);

		if (g == NULL || *g != *(guint64 *) sum)
			g_test_message("%s: pid %d charged %" G_GUINT64_FORMAT " ns in the trace, %" G_GUINT64_FORMAT
			               " in the tree", tree, GPOINTER_TO_INT(pid), *(guint64 *) sum, g != NULL ? *g : 0);
		g_assert_nonnull(g);
		g_assert_cmpuint(*g, ==, *(guint64 *) sum);
	}
}

/* Every charge of the trace (sched_stat_runtime) is in both trees, its
 * pid's rows and the sums above them, whatever the state believed ran
 * where: with switches missed (and no common_pid to repair them), a task
 * is charged on the CPU it is believed to run on or last ran on, where
 * it may have no CPU time; such a charge once made no row, and left the
 * tree by CPU short (seed 2 lost 85,864 ns). */
static void test_every_charge(void)
{
	const char *missed[] = { "--cpus=4", "--processes=30", "--events=40000", "--seed=2", "--missed-switches=5",
	                         "--charges", NULL };
	const char *reuse[] = { "--cpus=4", "--processes=30", "--events=40000", "--seed=1", "--missed-switches=7",
	                        "--pid-reuse", "--charges", NULL };
	const char *const *cases[] = { missed, reuse };

	for (guint k = 0; k < G_N_ELEMENTS(cases); k++) {
		char *name = g_strdup_printf("charges-%u", k);
		char *path = analysis_synth(tmpdir, name, FALSE, cases[k]);
		GError *error = NULL;
		LttTrace *trace = ltt_trace_open(path, &error);
		LttvTraceState *ts;
		LttvStats *s;
		GHashTable *raw, *by_cpu = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free),
		                 *by_process = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
		LttvStatsNode *per_cpu, *per_process;
		guint64 total;

		g_assert_no_error(error);
		raw = raw_charges(trace, &total);
		g_assert_cmpuint(total, >, 0);
		s = analysis_whole_stats(trace, &ts, NULL);
		per_cpu = lttv_stats_tree(s, TRUE);
		per_process = lttv_stats_tree(s, FALSE);
		tree_charges(per_cpu, by_cpu);
		tree_charges(per_process, by_process);
		assert_same_charges("by process", raw, by_process);
		assert_same_charges("by CPU", raw, by_cpu);
		g_assert_cmpuint(per_process->charged_time, ==, total);
		g_assert_cmpuint(per_cpu->charged_time, ==, total);
		lttv_stats_node_free(per_cpu);
		lttv_stats_node_free(per_process);
		g_hash_table_unref(raw);
		g_hash_table_unref(by_cpu);
		g_hash_table_unref(by_process);
		lttv_stats_free(s);
		lttv_trace_state_free(ts);
		ltt_trace_unref(trace);
		g_free(path);
		g_free(name);
	}
}

int main(int argc, char **argv)
{
	int status;

	g_test_init(&argc, &argv, NULL);
	tmpdir = analysis_tmpdir();
	g_test_add_func("/stats/truth/basic", test_basic);
	g_test_add_func("/stats/truth/lost-events", test_lost_events);
	g_test_add_func("/stats/truth/pid-reuse", test_pid_reuse);
	g_test_add_func("/stats/truth/start-in-syscall", test_start_in_syscall);
	g_test_add_func("/stats/truth/threads", test_threads);
	g_test_add_func("/stats/truth/many-processes", test_many_processes);
	g_test_add_func("/stats/truth/big-endian-long-gaps", test_big_endian_long_gaps);
	g_test_add_func("/stats/truth/missed-switches", test_missed_switches);
	g_test_add_func("/stats/truth/missed-switches-unknown", test_missed_switches_unknown);
	g_test_add_func("/stats/truth/irq-vectors", test_irq_vectors);
	g_test_add_func("/stats/intervals", test_intervals);
	g_test_add_func("/stats/tree-sums", test_tree_sums);
	g_test_add_func("/stats/every-charge", test_every_charge);
	status = g_test_run();
	tlt_remove_dir(tmpdir);
	g_free(tmpdir);
	return status;
}
