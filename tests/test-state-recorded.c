/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-state-recorded.c: the state and statistics on real recordings
 * (doc/analysis.md §1.4, §1.5, §3).  lttctl records:
 * - ltt-getppid-loop, whose getppid calls and CPU time (getrusage) the
 *   trace must give exactly, and whose name set with prctl the state must
 *   know; lttd's own time is not shown inside a system call, the events of
 *   its context are kept; tasks keep their birth from one recording to the
 *   next;
 * - ltt-cpu-burners, threads burning CPU at once under names given with
 *   pthread_setname_np: each one's CPU time against its own clock, their
 *   names, a filter on a name;
 * - ltt-fork-storm-children, 100 children that exit at once: each its own
 *   task with its own exit;
 * - make -j2 compiling a few files, and tar czf of a folder, both run by
 *   ltt-tree-run: the whole process tree's CPU time against getrusage, its
 *   tasks named by their exec, each task's system calls those whose events
 *   carry its pid.
 * On all of them, the idle tasks' names and the unknown task's row.  Needs
 * root and tracefs: otherwise every case says why and skips. */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lttv/filter.h>
#include <lttv/state.h>
#include <lttv/state-filter.h>
#include <lttv/stats.h>
#include "analysis-merge.h"
#include "analysis-util.h"
#include "recorded-util.h"

#define CALLS 300000
#define BURNERS 2
#define BURN_MS 100
#define CHILDREN 100
#define MAKE_FILES 6

static struct {
	char *skip;              /* why recording cannot be tested here */
	char *dir;
	Recording *loop;         /* ltt-getppid-loop */
	gint32 pid;              /* its child, which makes the calls */
	guint64 calls, cpu_ns;
	Recording *burners;      /* ltt-cpu-burners */
	Recording *storm;        /* ltt-fork-storm-children */
	Recording *make;         /* ltt-tree-run make -j2 (NULL: no make or cc here) */
	Recording *tar;          /* ltt-tree-run tar czf (NULL: no tar or gzip here) */
} rec;

/* The value of the workload's output line "KEY VALUE". */
static guint64 output_value(const Recording *r, const char *key)
{
	guint i = 0;
	char **v = recorded_output_next(r, key, &i);
	guint64 value;

	g_assert_nonnull(v);
	g_assert_nonnull(v[0]);
	value = g_ascii_strtoull(v[0], NULL, 10);
	g_strfreev(v);
	return value;
}

/* A folder with MAKE_FILES C files and a Makefile that compiles them. */
static char *make_project(void)
{
	char *dir = g_build_filename(rec.dir, "project", NULL);
	GString *mk = g_string_new("OBJS =");
	char *path;
	int i;

	g_assert_cmpint(g_mkdir_with_parents(dir, 0755), ==, 0);
	for (i = 0; i < MAKE_FILES; i++) {
		/* Enough code that cc1 runs for a while at -O2. */
		GString *c = g_string_new("");
		int f;

		for (f = 0; f < 40; f++)
			g_string_append_printf(c, "int f%d_%d(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) "
			                          "s += a[i] * %d ^ (s >> 3); return s; }\n", i, f, f + 1);
		path = g_strdup_printf("%s/unit%d.c", dir, i);
		g_assert_true(g_file_set_contents(path, c->str, -1, NULL));
		g_free(path);
		g_string_free(c, TRUE);
		g_string_append_printf(mk, " unit%d.o", i);
	}
	g_string_append(mk, "\nall: $(OBJS)\n%.o: %.c\n\tcc -O2 -c -o $@ $<\n");
	path = g_build_filename(dir, "Makefile", NULL);
	g_assert_true(g_file_set_contents(path, mk->str, -1, NULL));
	g_free(path);
	g_string_free(mk, TRUE);
	return dir;
}

/* Reads every file under dir once, so that a command reading them next
 * finds them in the page cache. */
static void read_tree(const char *dir)
{
	GDir *d = g_dir_open(dir, 0, NULL);
	const char *name;

	while (d != NULL && (name = g_dir_read_name(d)) != NULL) {
		char *path = g_build_filename(dir, name, NULL), *text = NULL;

		if (g_file_test(path, G_FILE_TEST_IS_SYMLINK))
			;
		else if (g_file_test(path, G_FILE_TEST_IS_DIR))
			read_tree(path);
		else if (g_file_get_contents(path, &text, NULL, NULL))
			g_free(text);
		g_free(path);
	}
	if (d != NULL)
		g_dir_close(d);
}

/* make -j2 and tar czf, each run by ltt-tree-run, where their tools are.
 * tar's files are read once before: tar reading them from the disk waits
 * on the hypervisor's disk, time the trace sees tar run and the kernel
 * does not charge it (on this VM, 5 to 60 ms a recording, in runs that end
 * in a sleep), which only the time measured as stolen bounds (doc/analysis.md
 * §1.4); from the page cache it is CPU time like the rest. */
static void record_trees(void)
{
	char *cc = g_find_program_in_path("cc"), *make = g_find_program_in_path("make");
	char *tar = g_find_program_in_path("tar"), *gzip = g_find_program_in_path("gzip");

	if (cc != NULL && make != NULL) {
		char *project = make_project();
		const char *argv[] = { "ltt-tree-run", "make", "-s", "-j2", "-C", project, NULL };

		rec.make = recorded_make(rec.dir, "make", argv);
		g_free(project);
	}
	if (tar != NULL && gzip != NULL && g_file_test("/usr/include/linux", G_FILE_TEST_IS_DIR)) {
		char *out = g_build_filename(rec.dir, "include.tgz", NULL);
		const char *argv[] = { "ltt-tree-run", "tar", "czf", out, "-C", "/usr/include", "linux", NULL };

		read_tree("/usr/include/linux");
		rec.tar = recorded_make(rec.dir, "tar", argv);
		g_free(out);
	}
	g_free(cc);
	g_free(make);
	g_free(tar);
	g_free(gzip);
}

static void record(void)
{
	char *calls = g_strdup_printf("%d", CALLS), *burners = g_strdup_printf("%d", BURNERS);
	char *burn_ms = g_strdup_printf("%d", BURN_MS), *children = g_strdup_printf("%d", CHILDREN);
	const char *loop[] = { "ltt-getppid-loop", calls, NULL };
	const char *burn[] = { "ltt-cpu-burners", burners, burn_ms, NULL };
	const char *storm[] = { "ltt-fork-storm-children", children, NULL };

	rec.skip = recorded_cannot_record();
	if (rec.skip != NULL)
		return;
	rec.dir = analysis_tmpdir();
	rec.loop = recorded_make(rec.dir, "loop", loop);
	rec.pid = (gint32) output_value(rec.loop, "pid");
	rec.calls = output_value(rec.loop, "calls");
	rec.cpu_ns = output_value(rec.loop, "cpu_ns");
	g_assert_cmpint(rec.pid, >, 0);
	g_test_message("pid %d, %" G_GUINT64_FORMAT " calls, %" G_GUINT64_FORMAT " ns of CPU", rec.pid, rec.calls,
	               rec.cpu_ns);
	rec.burners = recorded_make(rec.dir, "burners", burn);
	rec.storm = recorded_make(rec.dir, "storm", storm);
	record_trees();
	g_free(calls);
	g_free(burners);
	g_free(burn_ms);
	g_free(children);
}

static gboolean skipped(void)
{
	if (rec.skip == NULL)
		return FALSE;
	g_test_skip(rec.skip);
	return TRUE;
}

/* Every getppid call of the loop is the loop's, whatever switches the
 * tracer missed. */
static void test_calls(void)
{
	const LttvStatsNode *p, *sm;
	guint64 calls = 0;
	guint i = 0;

	if (skipped())
		return;
	while ((p = recorded_process_node(rec.loop, rec.pid, &i)) != NULL)
		if ((sm = recorded_submode(p, LTTV_MODE_SYSCALL, "getppid")) != NULL)
			calls += sm->calls;
	g_assert_cmpuint(calls, ==, rec.calls);
}

/* Its CPU time agrees with getrusage (recorded_assert_cpu_time). */
static void test_cpu_time(void)
{
	if (skipped())
		return;
	recorded_assert_cpu_time(rec.loop, rec.pid, rec.cpu_ns);
}

/* The name set with prctl reaches the state. */
static void test_rename(void)
{
	LttvProcess *p;

	if (skipped())
		return;
	p = lttv_trace_state_find_process(rec.loop->ts, rec.pid, 0);
	/* Freed before the end of the trace: its record keeps its last name. */
	if (p != NULL) {
		g_assert_cmpstr(lttv_process_name(p), ==, "worker-0");
	} else {
		guint i = 0;
		const LttvStatsNode *n = recorded_process_node(rec.loop, rec.pid, &i);

		g_assert_nonnull(n);
		g_assert_cmpstr(n->name, ==, "worker-0");
	}
}

/* A task that existed before two recordings has the same birth in both
 * (the state dump rounds the clocks' difference to the tick), so the same
 * (pid, birth) key.  One forked during the first (a kworker the kernel
 * started then) has there its fork's exact time, and the second's dump
 * the tick's: it is not compared (it failed the test once). */
static void test_stable_births(void)
{
	const char *top = g_getenv("TOP_BUILDDIR");
	char *lttctl, *second, *out = NULL, *err = NULL;
	GError *error = NULL;
	LttvTraceState *ts2 = NULL;
	LttvStats *s2;
	LttTrace *trace;
	GPtrArray *all;
	guint i, compared = 0;
	int status;
	LttTime first_start;

	if (skipped())
		return;
	lttctl = g_build_filename(top, "ltt-control", "lttctl", NULL);
	second = g_build_filename(rec.dir, "second", NULL);
	{
		char *argv[] = { lttctl, "record", "-o", second, "--", "true", NULL };

		if (!g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status, &error)
		    || !g_spawn_check_wait_status(status, &error))
			g_error("lttctl record: %s: %s", error->message, err != NULL ? err : "");
	}
	trace = ltt_trace_open(second, &error);
	g_assert_no_error(error);
	s2 = lttv_stats_run_trace(trace, &ts2, NULL);
	first_start = ltt_trace_start_time(lttv_trace_state_trace(rec.loop->ts));
	all = lttv_trace_state_processes(rec.loop->ts);
	for (i = 0; i < all->len; i++) {
		LttvProcess *p = g_ptr_array_index(all, i), *q;

		if (!lttv_process_is_kernel_thread(p) || lttv_process_pid(p) <= 2 || lttv_process_birth(p) == 0
		    || lttv_process_birth(p) >= first_start)
			continue;
		q = lttv_trace_state_find_process(ts2, lttv_process_pid(p), 0);
		if (q == NULL)
			continue;
		g_assert_cmpuint(lttv_process_birth(q), ==, lttv_process_birth(p));
		compared++;
	}
	g_test_message("%u kernel threads compared", compared);
	g_assert_cmpuint(compared, >, 0);
	g_ptr_array_unref(all);
	lttv_stats_free(s2);
	lttv_trace_state_free(ts2);
	ltt_trace_unref(trace);
	g_free(out);
	g_free(err);
	g_free(second);
	g_free(lttctl);
}

/* lttd does not record its own system calls: its time is not shown in
 * one system call for the whole trace.  Only this recording's lttd: other
 * tests may record at the same time, and their lttd's calls are traced. */
static void test_lttd_mode(void)
{
	guint i, found = 0;

	if (skipped())
		return;
	for (i = 0; i < rec.loop->tree->children->len; i++) {
		const LttvStatsNode *p = g_ptr_array_index(rec.loop->tree->children, i);
		const LttvStatsNode *m;

		if (p->name == NULL || strcmp(p->name, "lttd") != 0 || p->pid != rec.loop->lttd_pid)
			continue;
		found++;
		m = lttv_stats_node_find_mode(p, LTTV_MODE_SYSCALL);
		g_assert_true(m == NULL || m->cpu_time == 0);
		/* Its time is no more than the CPU time lttd counted itself once
		 * tracing was on: the state dump, which says lttd is running, is
		 * stamped when tracing goes on, not before the buffer was emptied
		 * (tens of ms were charged to lttd). */
		GError *error = NULL;
		LttTrace *trace = ltt_trace_open(rec.loop->trace, &error);
		g_assert_no_error(error);
		const char *own = ltt_trace_property(trace, "lttd.cpu_time_traced_ns");
		g_assert_nonnull(own);
		guint64 own_ns = g_ascii_strtoull(own, NULL, 10);
		g_test_message("lttd: %" G_GUINT64_FORMAT " ns in the trace, %" G_GUINT64_FORMAT
		               " ns by its own count", (guint64) p->cpu_time, own_ns);
		g_assert_cmpuint(p->cpu_time, <=, own_ns + rec.loop->unrun_ns + 2000000);
		ltt_trace_unref(trace);
	}
	g_assert_cmpuint(found, >, 0);
}

/* Events recorded while lttd was the current task (their common_pid):
 * its own system calls and faults (*own) and the rest but its switches
 * (*others: IRQs, soft IRQs, wakeups, other tasks' events that merely ran
 * in its context). */
typedef struct {
	gint32 lttd;
	guint64 own, others;
} LttdContext;

static void lttd_context_scan(const LttEvent *e, gboolean first, gpointer data)
{
	LttdContext *c = data;
	const char *name = ltt_event_type_name(ltt_event_type(e));

	if (recorded_field_int(e, "common_pid") != c->lttd)
		return;
	if (g_str_has_prefix(name, "sys_") || g_str_has_prefix(name, "page_fault"))
		c->own++;
	else if (strcmp(name, "sched_switch") != 0)   /* kept even when lttd was not traced */
		c->others++;
}

static void lttd_context_events(gint32 lttd, guint64 *own, guint64 *others)
{
	LttdContext c = { .lttd = lttd };

	recorded_foreach_event(rec.loop, lttd_context_scan, &c);
	*own = c.own;
	*others = c.others;
}

/* lttd leaves out its own system calls and faults, nothing else: events
 * in its context (the soft IRQs, IRQs and switches it was interrupted by)
 * are kept. */
static void test_lttd_context(void)
{
	guint64 own, others;
	gint32 lttd = rec.loop->lttd_pid;

	if (skipped())
		return;
	g_assert_cmpint(lttd, >, 0);
	lttd_context_events(lttd, &own, &others);
	g_test_message("lttd %d: %" G_GUINT64_FORMAT " events of its own, %" G_GUINT64_FORMAT " others in its context",
	               lttd, own, others);
	g_assert_cmpuint(own, ==, 0);
	g_assert_cmpuint(others, >, 0);
}

/* Each CPU burner thread: its CPU time agrees with its own
 * CLOCK_THREAD_CPUTIME_ID within the loop's bound
 * (recorded_assert_cpu_time), while another burner runs beside it. */
static void test_burners_cpu_time(void)
{
	guint i = 0, n = 0;
	char **v;

	if (skipped())
		return;
	while ((v = recorded_output_next(rec.burners, "thread", &i)) != NULL) {
		guint64 cpu_ns = g_ascii_strtoull(v[2], NULL, 10);

		g_assert_cmpuint(cpu_ns, >=, BURN_MS * G_GUINT64_CONSTANT(1000000));
		recorded_assert_cpu_time(rec.burners, atoi(v[0]), cpu_ns);
		g_strfreev(v);
		n++;
	}
	g_assert_cmpuint(n, ==, BURNERS);
}

static const char *field_string(const LttEvent *e, const char *name)
{
	const LttField *f = ltt_event_type_field_by_name(ltt_event_type(e), name);

	return f != NULL ? ltt_event_get_string(e, f) : NULL;
}

/* Reads the recording's events with the state, as lttv -e does (the filter
 * sees the state before the event): the filter `state.process_name =
 * NAME` selects only events of task tid (their common_pid), and every
 * switch out of a task the kernel called NAME (prev_comm).  Returns how
 * many it selected. */
static guint64 filter_by_name(const Recording *r, const char *name, gint32 tid)
{
	char *text = g_strdup_printf("state.process_name = %s", name);
	GError *error = NULL;
	LttvFilter *f = lttv_filter_new(text, &error);
	LttTrace *trace;
	LttvTraceState *ts;
	AnalysisMerge *m;
	const LttEvent *ev;
	guint64 selected = 0, switches = 0;

	g_assert_no_error(error);
	trace = ltt_trace_open(r->trace, &error);
	g_assert_no_error(error);
	ts = lttv_trace_state_new(trace);
	m = analysis_merge_new(trace);
	while ((ev = analysis_merge_source.peek(m)) != NULL) {
		gboolean in = lttv_filter_eval(f, ev, lttv_trace_state_filter_process, ts);
		const char *prev = field_string(ev, "prev_comm");

		if (in) {
			g_assert_cmpint(recorded_field_int(ev, "common_pid"), ==, tid);
			selected++;
		}
		if (prev != NULL && strcmp(prev, name) == 0) {
			g_assert_true(in);
			switches++;
		}
		lttv_trace_state_apply(ts, ev);
		analysis_merge_source.advance(m);
	}
	g_test_message("%s: %" G_GUINT64_FORMAT " events selected, %" G_GUINT64_FORMAT " of them switches out of it",
	               text, selected, switches);
	g_assert_cmpuint(switches, >, 0);
	analysis_merge_free(m);
	lttv_trace_state_free(ts);
	ltt_trace_unref(trace);
	lttv_filter_free(f);
	g_free(text);
	return selected;
}

/* The names given with pthread_setname_np, by the thread itself
 * (worker-0) or by another thread (task_rename of a task that is not the
 * current one), are the threads' names, and a filter on a name selects
 * that thread's events. */
static void test_thread_names(void)
{
	guint i = 0, n = 0;
	char **v;

	if (skipped())
		return;
	while ((v = recorded_output_next(rec.burners, "thread", &i)) != NULL) {
		gint32 tid = atoi(v[0]);
		const LttvStatsNode *p;
		guint j = 0, nodes = 0;

		while ((p = recorded_process_node(rec.burners, tid, &j)) != NULL) {
			g_assert_cmpstr(p->name, ==, v[1]);
			nodes++;
		}
		g_assert_cmpuint(nodes, >, 0);
		g_assert_cmpuint(filter_by_name(rec.burners, v[1], tid), >, 0);
		g_strfreev(v);
		n++;
	}
	g_assert_cmpuint(n, ==, BURNERS);
}

/* A fork storm: every child is a task of its own with its own pid, named
 * as its parent in full (its comm is the first 15 characters, §1.5); its
 * exit_group is its own (its sched_process_exit counted inside its own
 * exit_group call); no task is given another's exit; and each child is
 * one task, under one key.  (Other tasks may share the name: built with
 * sanitizers, the parent's exit forks LeakSanitizer's tracer.) */
static void test_fork_storm(void)
{
	GHashTable *children = g_hash_table_new(g_direct_hash, g_direct_equal);
	gint32 parent;
	guint i = 0, seen = 0;
	char **v;

	if (skipped())
		return;
	parent = (gint32) output_value(rec.storm, "parent");
	while ((v = recorded_output_next(rec.storm, "child", &i)) != NULL) {
		g_hash_table_add(children, GINT_TO_POINTER(atoi(v[0])));
		g_strfreev(v);
	}
	g_assert_cmpuint(g_hash_table_size(children), ==, CHILDREN);
	{
		guint j = 0;
		const LttvStatsNode *p = recorded_process_node(rec.storm, parent, &j);

		g_assert_nonnull(p);
		g_assert_cmpstr(p->name, ==, "ltt-fork-storm-children");
	}
	for (i = 0; i < rec.storm->tree->children->len; i++) {
		const LttvStatsNode *p = g_ptr_array_index(rec.storm->tree->children, i);
		const LttvStatsNode *sm = recorded_submode(p, LTTV_MODE_SYSCALL, "exit_group");
		gboolean child = g_hash_table_contains(children, GINT_TO_POINTER(p->pid));

		/* One exit per task. */
		if (p->pid > 0)
			g_assert_cmpuint(lttv_stats_node_count_events(p, "sched_process_exit"), <=, 1);
		if (!child)
			continue;
		seen++;
		g_assert_cmpstr(p->name, ==, "ltt-fork-storm-children");
		g_assert_cmpint(p->tgid, ==, p->pid);
		g_assert_nonnull(sm);
		g_assert_cmpuint(lttv_stats_node_count_events(sm, "sched_process_exit"), ==, 1);
	}
	/* One task, one key, each. */
	g_assert_cmpuint(seen, ==, CHILDREN);
	g_hash_table_unref(children);
}

/* The tasks of a tree recorded by ltt-tree-run, named name, that ran. */
static guint tree_tasks_named(const Recording *r, GHashTable *tree, const char *name)
{
	guint i, n = 0;

	for (i = 0; i < r->tree->children->len; i++) {
		const LttvStatsNode *p = g_ptr_array_index(r->tree->children, i);

		if (p->pid > 0 && g_hash_table_contains(tree, GINT_TO_POINTER(p->pid)) && p->name != NULL
		    && strcmp(p->name, name) == 0 && p->cpu_time > 0)
			n++;
	}
	return n;
}

/* Each task of the tree: the system calls that returned in the
 * statistics are the sys_exit events that carry its pid (the kernel's
 * common_pid), and so are the sys_exit events counted under it. */
typedef struct {
	GHashTable *tree, *exits;
} ExitScan;

static void exit_scan(const LttEvent *e, gboolean first, gpointer data)
{
	ExitScan *sc = data;
	gpointer pid;

	if (strcmp(ltt_event_type_name(ltt_event_type(e)), "sys_exit") != 0)
		return;
	pid = GINT_TO_POINTER((gint) recorded_field_int(e, "common_pid"));
	if (g_hash_table_contains(sc->tree, pid))
		g_hash_table_insert(sc->exits, pid, GUINT_TO_POINTER(GPOINTER_TO_UINT(g_hash_table_lookup(sc->exits, pid)) + 1));
}

static void assert_tree_calls(const Recording *r, GHashTable *tree)
{
	GHashTable *exits = g_hash_table_new(g_direct_hash, g_direct_equal);
	ExitScan sc = { tree, exits };
	guint i, checked = 0;

	recorded_foreach_event(r, exit_scan, &sc);
	for (i = 0; i < r->tree->children->len; i++) {
		const LttvStatsNode *p = g_ptr_array_index(r->tree->children, i);
		const LttvStatsNode *m = lttv_stats_node_find_mode(p, LTTV_MODE_SYSCALL);
		guint expected;

		if (p->pid <= 0 || !g_hash_table_contains(tree, GINT_TO_POINTER(p->pid)))
			continue;
		expected = GPOINTER_TO_UINT(g_hash_table_lookup(exits, GINT_TO_POINTER(p->pid)));
		g_assert_cmpuint(m != NULL ? m->calls : 0, ==, expected);
		g_assert_cmpuint(lttv_stats_node_count_events(p, "sys_exit"), ==, expected);
		checked++;
	}
	g_test_message("%u tasks' system calls checked", checked);
	g_assert_cmpuint(checked, ==, g_hash_table_size(tree));
	g_hash_table_unref(exits);
}

/* A recording of ltt-tree-run: its tree's CPU time against getrusage,
 * its calls; and the tree (free with g_hash_table_unref). */
static GHashTable *check_tree(const Recording *r)
{
	GHashTable *tree = recorded_descendants(r, (gint32) output_value(r, "child"));

	g_test_message("%u tasks in the tree", g_hash_table_size(tree));
	assert_tree_calls(r, tree);
	recorded_assert_tasks_cpu_time(r, tree, output_value(r, "tree_cpu_ns"));
	return tree;
}

/* make -j2: one cc1 and one as per file, each its own task named by its
 * exec, on top of the checks of every tree. */
static void test_make_tree(void)
{
	GHashTable *tree;

	if (skipped())
		return;
	if (rec.make == NULL) {
		g_test_skip("make or cc is not installed");
		return;
	}
	tree = check_tree(rec.make);
	g_assert_cmpuint(tree_tasks_named(rec.make, tree, "cc1"), ==, MAKE_FILES);
	g_assert_cmpuint(tree_tasks_named(rec.make, tree, "as"), ==, MAKE_FILES);
	g_assert_cmpuint(tree_tasks_named(rec.make, tree, "make"), >=, 1);
	g_hash_table_unref(tree);
}

/* tar czf: tar and the gzip it runs. */
static void test_tar_tree(void)
{
	GHashTable *tree;

	if (skipped())
		return;
	if (rec.tar == NULL) {
		g_test_skip("tar, gzip or /usr/include/linux is missing");
		return;
	}
	tree = check_tree(rec.tar);
	g_assert_cmpuint(tree_tasks_named(rec.tar, tree, "tar"), >=, 1);
	g_assert_cmpuint(tree_tasks_named(rec.tar, tree, "gzip"), ==, 1);
	g_hash_table_unref(tree);
}

/* The CPUs of a recording and the time from its first event to its last. */
static guint recording_span(const Recording *r, LttTime *span)
{
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(r->trace, &error);
	LttTime first = G_MAXUINT64, last = 0;
	guint64 cpus = 0;
	guint i;

	g_assert_no_error(error);
	for (i = 0; i < ltt_trace_tracefile_count(trace); i++) {
		LttTracefile *tf = ltt_trace_tracefile(trace, i);

		if (ltt_tracefile_seek_time(tf, 0, NULL) != LTT_READ_EVENT)
			continue;
		g_assert_cmpuint(ltt_tracefile_cpu(tf), <, 64);
		cpus |= G_GUINT64_CONSTANT(1) << ltt_tracefile_cpu(tf);
		first = MIN(first, ltt_event_time(ltt_tracefile_event(tf)));
		do
			last = MAX(last, ltt_event_time(ltt_tracefile_event(tf)));
		while (ltt_tracefile_next(tf, NULL) == LTT_READ_EVENT);
	}
	ltt_trace_unref(trace);
	*span = last - first;
	return (guint) __builtin_popcountll(cpus);
}

static const Recording *const *recordings(void)
{
	static const Recording *all[6];
	guint n = 0;

	all[n++] = rec.loop;
	all[n++] = rec.burners;
	all[n++] = rec.storm;
	if (rec.make != NULL)
		all[n++] = rec.make;
	if (rec.tar != NULL)
		all[n++] = rec.tar;
	all[n] = NULL;
	return all;
}

/* The idle tasks: one per CPU, named swapper/N as the kernel names them,
 * and never charged a system call or a user fault (some task that the
 * tracer did not see switched to runs then, doc/analysis.md §1.4).  An
 * idle task is known once an event names it, and has statistics once it
 * ran: on a loaded machine a CPU may not idle during a recording. */
static void test_idle_tasks(void)
{
	const Recording *const *r;
	guint ran = 0;

	if (skipped())
		return;
	for (r = recordings(); *r != NULL; r++) {
		LttTime span;
		guint cpus = recording_span(*r, &span), i;

		g_assert_cmpuint(lttv_trace_state_cpu_count((*r)->ts), ==, cpus);
		for (i = 0; i < cpus; i++) {
			const LttvProcess *idle = lttv_trace_state_find_process((*r)->ts, 0, i);
			char *name = g_strdup_printf("swapper/%u", i);

			if (idle != NULL)
				g_assert_cmpstr(lttv_process_name(idle), ==, name);
			g_free(name);
		}
		for (i = 0; i < (*r)->tree->children->len; i++) {
			const LttvStatsNode *p = g_ptr_array_index((*r)->tree->children, i);
			const LttvStatsNode *m = lttv_stats_node_find_mode(p, LTTV_MODE_SYSCALL);
			char *name;

			if (p->pid != 0)
				continue;
			name = g_strdup_printf("swapper/%u", p->cpu);
			g_assert_cmpstr(p->name, ==, name);
			g_free(name);
			g_assert_true(m == NULL || (m->events == 0 && m->cpu_time == 0));
			g_assert_cmpuint(lttv_stats_node_count_events(p, "sys_enter"), ==, 0);
			g_assert_cmpuint(lttv_stats_node_count_events(p, "sys_exit"), ==, 0);
			g_assert_cmpuint(lttv_stats_node_count_events(p, "page_fault_user"), ==, 0);
			ran++;
		}
	}
	g_test_message("%u idle tasks ran in the recordings", ran);
}

/* With the unknown task's row (pid -1: time while no task is known on a
 * CPU), the statistics' CPU time is CPUs x span on a real recording, to
 * a nanosecond per CPU. */
static void test_unknown_row(void)
{
	const Recording *const *r;

	if (skipped())
		return;
	for (r = recordings(); *r != NULL; r++) {
		LttTime span, sum = 0, unknown = 0, expected;
		guint cpus = recording_span(*r, &span), i;

		for (i = 0; i < (*r)->tree->children->len; i++) {
			const LttvStatsNode *p = g_ptr_array_index((*r)->tree->children, i);

			sum += p->cpu_time;
			if (p->pid < 0)
				unknown += p->cpu_time;
		}
		expected = (LttTime) cpus * span;
		g_test_message("%s: %u CPUs x %" G_GUINT64_FORMAT " ns, statistics %" G_GUINT64_FORMAT
		               " ns of which %" G_GUINT64_FORMAT " ns unknown", (*r)->trace, cpus, span, sum, unknown);
		g_assert_cmpuint(sum, ==, (*r)->tree->cpu_time);
		g_assert_cmpuint(sum + cpus, >=, expected);
		g_assert_cmpuint(sum, <=, expected + cpus);
	}
}

int main(int argc, char **argv)
{
	int status;

	g_test_init(&argc, &argv, NULL);
	record();
	if (rec.skip != NULL)
		printf("# SKIP recorded traces: %s\n", rec.skip);
	g_test_add_func("/state-recorded/getppid-calls", test_calls);
	g_test_add_func("/state-recorded/cpu-time", test_cpu_time);
	g_test_add_func("/state-recorded/rename", test_rename);
	g_test_add_func("/state-recorded/lttd-mode", test_lttd_mode);
	g_test_add_func("/state-recorded/lttd-context", test_lttd_context);
	g_test_add_func("/state-recorded/stable-births", test_stable_births);
	g_test_add_func("/state-recorded/burners-cpu-time", test_burners_cpu_time);
	g_test_add_func("/state-recorded/thread-names", test_thread_names);
	g_test_add_func("/state-recorded/fork-storm", test_fork_storm);
	g_test_add_func("/state-recorded/make-tree", test_make_tree);
	g_test_add_func("/state-recorded/tar-tree", test_tar_tree);
	g_test_add_func("/state-recorded/idle-tasks", test_idle_tasks);
	g_test_add_func("/state-recorded/unknown-row", test_unknown_row);
	status = g_test_run();
	recorded_free(rec.loop);
	recorded_free(rec.burners);
	recorded_free(rec.storm);
	recorded_free(rec.make);
	recorded_free(rec.tar);
	if (rec.dir != NULL)
		tlt_remove_dir(rec.dir);
	g_free(rec.dir);
	g_free(rec.skip);
	return status;
}
