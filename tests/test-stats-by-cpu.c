/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-stats-by-cpu.c: lttv_stats_run_trace, which reads each CPU of a trace
 * apart, gives exactly the state and the statistics of a pass in time
 * order: on the traces of test-stats (lost events, PID
 * reuse, a start inside system calls, threads, 3000 tasks on 8 CPUs,
 * big-endian with long gaps), on the bundled sample trace, with two
 * channels per CPU, when the lanes meet what they cannot run apart
 * and redo the run in time order, where frames opened and closed by
 * consecutive events are applied at once and where they must not be,
 * with events of undeclared ids, with IRQ lines named by two CPUs and with
 * wakeups applied before their task's earlier events on another CPU. */
#include "config.h"
#include <string.h>
#include <lttv/state.h>
#include <lttv/stats.h>
#include <ltt/writer.h>
#include "analysis-util.h"

static char *tmpdir;

/* Whether lttv_stats_run_trace must keep its run on lanes. */
typedef enum { EXPECT_LANES, EXPECT_REDONE, EXPECT_ANY } Expect;

/* The pass in time order's results, which every run must give. */
typedef struct {
	LttvTraceState *ts;
	LttvStats *s;
	LttvStatsNode *cpu, *proc;
} Want;

/* Compares a run's results with want's, and frees them. */
static void assert_run_equal(LttvStats *s, LttvTraceState *ts, const Want *want)
{
	LttvStatsNode *got_cpu = lttv_stats_tree(s, TRUE), *got_proc = lttv_stats_tree(s, FALSE);

	analysis_assert_tree_equal(got_cpu, want->cpu);
	analysis_assert_tree_equal(got_proc, want->proc);
	g_assert_cmpuint(got_cpu->unaccounted, ==, want->cpu->unaccounted);
	g_assert_cmpuint(lttv_trace_state_repairs(ts), ==, lttv_trace_state_repairs(want->ts));
	analysis_assert_state_equal(ts, want->ts);
	g_assert_cmpuint(lttv_trace_state_event_count(ts), ==, lttv_trace_state_event_count(want->ts));
	g_assert_cmpuint(lttv_trace_state_time(ts), ==, lttv_trace_state_time(want->ts));
	lttv_stats_node_free(got_cpu);
	lttv_stats_node_free(got_proc);
	lttv_stats_free(s);
	lttv_trace_state_free(ts);
}

static void check_split(LttTrace *trace, LttTime split, const Want *want)
{
	LttvTraceState *ts;
	LttvStats *s;

	g_test_message("split at %" G_GUINT64_FORMAT, split);
	s = lttv_stats_run_trace_split(trace, split, &ts, NULL);
	assert_run_equal(s, ts, want);
}

/* The run on two threads, split in time (doc/analysis.md §3.2): at each
 * fifth of the trace, at the first event of a tracefile from there (a tie
 * with the other tracefiles' events in several traces), where the threads
 * balance (as lttv_stats_run_trace splits), and outside the events (one
 * thread). */
static void check_splits(LttTrace *trace, const Want *want)
{
	LttTime start = ltt_trace_start_time(trace), end = ltt_trace_end_time(trace);
	guint n_tf = ltt_trace_tracefile_count(trace), k;

	for (k = 1; k <= 4; k++) {
		LttTime t = start + (end - start) / 5 * k;
		LttTracefile *tf = ltt_trace_tracefile(trace, k % n_tf);

		check_split(trace, t, want);
		if (ltt_tracefile_seek_time(tf, t, NULL) == LTT_READ_EVENT)
			check_split(trace, ltt_tracefile_event(tf)->time, want);
	}
	check_split(trace, 0, want);
	check_split(trace, start, want);
	check_split(trace, end, want);
	check_split(trace, end + 1, want);
}

/* Compares the runs by CPU, on one thread and on two, with the pass in
 * time order; returns how many damaged stretches that pass skipped. */
static guint check_trace_damaged(const char *path, Expect expect)
{
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(path, &error);
	LttvTraceState *ts;
	LttvStats *s;
	Want want;
	gboolean redone;
	guint damaged;

	g_assert_no_error(error);
	want.s = analysis_whole_stats_damaged(trace, &want.ts, NULL, &damaged);
	want.cpu = lttv_stats_tree(want.s, TRUE);
	want.proc = lttv_stats_tree(want.s, FALSE);
	s = lttv_stats_run_trace_threads(trace, 1, &ts, &redone);
	g_test_message("%s: %s", path, redone ? "redone in time order" : "by CPU");
	if (expect != EXPECT_ANY)
		g_assert_cmpint(redone, ==, expect == EXPECT_REDONE);
	assert_run_equal(s, ts, &want);
	check_splits(trace, &want);
	lttv_stats_node_free(want.cpu);
	lttv_stats_node_free(want.proc);
	lttv_stats_free(want.s);
	lttv_trace_state_free(want.ts);
	ltt_trace_unref(trace);
	return damaged;
}

static void check_trace(const char *path, Expect expect)
{
	g_assert_cmpuint(check_trace_damaged(path, expect), ==, 0);
}

static void check_synth(const char *name, Expect expect, const char *const *args)
{
	char *path = analysis_synth(tmpdir, name, FALSE, args);

	g_assert_nonnull(path);
	check_trace(path, expect);
	g_free(path);
}

static void test_basic(void)
{
	const char *args[] = { "--cpus=4", "--processes=20", "--events=60000", "--seed=1", NULL };

	check_synth("basic", EXPECT_LANES, args);
}

static void test_pid_reuse(void)
{
	const char *args[] = { "--cpus=2", "--processes=30", "--events=80000", "--seed=3", "--pid-reuse", NULL };

	check_synth("reuse", EXPECT_LANES, args);
}

static void test_start_in_syscall(void)
{
	const char *args[] = { "--cpus=4", "--processes=40", "--events=40000", "--seed=4", "--start-in-syscall", NULL };

	check_synth("syscall", EXPECT_LANES, args);
}

static void test_threads(void)
{
	const char *args[] = { "--cpus=3", "--processes=10", "--threads-per-process=4", "--events=50000",
	                       "--seed=5", "--pid-reuse", NULL };

	check_synth("threads", EXPECT_LANES, args);
}

static void test_many_processes(void)
{
	const char *args[] = { "--cpus=8", "--processes=3000", "--events=120000", "--seed=6",
	                       "--start-in-syscall", NULL };

	check_synth("many", EXPECT_LANES, args);
}

static void test_big_endian_long_gaps(void)
{
	const char *args[] = { "--cpus=2", "--events=30000", "--seed=7", "--big-endian", "--long-gaps", NULL };

	check_synth("gaps", EXPECT_LANES, args);
}

/* Interrupt vectors are CPU-local IRQ frames without a line: the lanes
 * give the time order's result. */
static void test_irq_vectors(void)
{
	const char *args[] = { "--cpus=3", "--processes=20", "--events=60000", "--seed=12", "--irq-vectors", NULL };

	check_synth("vectors", EXPECT_LANES, args);
}

/* Lost events may leave a task running on two CPUs: whatever the lanes
 * did, the result is the pass in time order's. */
static void test_lost_events(void)
{
	const char *args[] = { "--cpus=3", "--events=40000", "--seed=2", "--lost-every=3", "--block-size=4096", NULL };

	check_synth("lost", EXPECT_ANY, args);
}

static void test_sample_trace(void)
{
	char *path = g_build_filename(TOP_SRCDIR, "tests", "data", "sample-trace", NULL);

	check_trace(path, EXPECT_LANES);
	g_free(path);
}

/* Damage: some system call events get an id the metadata does not declare.
 * Lanes read by runs stop before such an event, and next() skips it as the
 * pass in time order does; only CPU-local events are lost, so the run
 * stays on lanes. */
static void test_damaged_events(void)
{
	const char *args[] = { "--cpus=2", "--processes=10", "--events=60000", "--seed=9", "--block-size=4096", NULL };
	char *path = analysis_synth(tmpdir, "damaged", FALSE, args);
	LttTrace *trace = ltt_trace_open(path, NULL);
	GArray *at[2] = { g_array_new(FALSE, FALSE, sizeof(gsize)), g_array_new(FALSE, FALSE, sizeof(gsize)) };
	guint k = 0;

	g_assert_nonnull(trace);
	for (guint i = 0; i < ltt_trace_tracefile_count(trace); i++) {
		LttTracefile *tf = ltt_trace_tracefile(trace, i);

		g_assert_cmpuint(ltt_tracefile_cpu(tf), <, 2);
		ltt_tracefile_seek_begin(tf);
		while (ltt_tracefile_next(tf, NULL) == LTT_READ_EVENT) {
			const LttEvent *ev = ltt_tracefile_event(tf);
			/* An intact trace of 4096-byte blocks: block i at i * 4096. */
			gsize off = (gsize) ev->block * 4096 + ev->offset + 4;

			if (g_str_has_prefix(ltt_event_name(ev), "sys_") && ++k % 300 == 0)
				g_array_append_val(at[ltt_tracefile_cpu(tf)], off);
		}
	}
	ltt_trace_unref(trace);
	for (guint cpu = 0; cpu < 2; cpu++) {
		char *file = g_strdup_printf("%s/kernel_%u", path, cpu);
		gchar *data;
		gsize len;

		g_assert_true(g_file_get_contents(file, &data, &len, NULL));
		for (guint j = 0; j < at[cpu]->len; j++) {
			gsize off = g_array_index(at[cpu], gsize, j);

			g_assert_cmpuint(off + 2, <=, len);
			data[off] = (gchar) 0xfe;   /* id 0xfffe, little-endian */
			data[off + 1] = (gchar) 0xff;
		}
		g_assert_true(g_file_set_contents(file, data, (gssize) len, NULL));
		g_free(data);
		g_free(file);
		g_array_unref(at[cpu]);
	}
	/* The test reads damage, not an intact trace. */
	g_assert_cmpuint(check_trace_damaged(path, EXPECT_LANES), >, 50);
	g_free(path);
}

/* A copy of a trace where each kernel_N file has a twin extra_N declaring
 * the same events in channel "extra": two tracefiles per CPU, whose events
 * all tie in time (the lower tracefile goes first, as in the merge). */
static char *trace_with_twin_channel(const char *name)
{
	const char *args[] = { "--cpus=2", "--processes=10", "--events=20000", "--seed=8", NULL };
	char *path = analysis_synth(tmpdir, name, FALSE, args);
	char *md_path = g_build_filename(path, "metadata", NULL), *md;
	GString *out = g_string_new(NULL);
	gchar **lines;
	guint i;

	g_assert_nonnull(path);
	g_assert_true(g_file_get_contents(md_path, &md, NULL, NULL));
	lines = g_strsplit(md, "\n", -1);
	for (i = 0; lines[i] != NULL; i++) {
		if (lines[i][0] == '\0')
			continue;
		g_string_append_printf(out, "%s\n", lines[i]);
		if (g_str_has_prefix(lines[i], "event kernel "))
			g_string_append_printf(out, "event extra %s\n", lines[i] + strlen("event kernel "));
	}
	g_assert_true(g_file_set_contents(md_path, out->str, -1, NULL));
	for (i = 0; i < 2; i++) {
		char *from = g_strdup_printf("%s/kernel_%u", path, i), *to = g_strdup_printf("%s/extra_%u", path, i);
		gchar *data;
		gsize len;

		g_assert_true(g_file_get_contents(from, &data, &len, NULL));
		g_assert_true(g_file_set_contents(to, data, (gssize) len, NULL));
		g_free(data);
		g_free(from);
		g_free(to);
	}
	g_strfreev(lines);
	g_string_free(out, TRUE);
	g_free(md);
	g_free(md_path);
	return path;
}

static void test_two_channels_per_cpu(void)
{
	char *path = trace_with_twin_channel("twin");

	check_trace(path, EXPECT_LANES);
	g_free(path);
}

static void declare_switch(LttWriter *w, guint id)
{
	GError *error = NULL;

	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", id, "sched_switch",
	                                          "prev_comm: string; prev_pid: s32; prev_state: s64; "
	                                          "next_comm: string; next_pid: s32;", &error));
	g_assert_no_error(error);
}

/* A switch to a task the trace still shows running on another CPU (its
 * switch out was lost): the lanes cannot apply it apart, and the run is
 * redone in time order. */
static void switch_event(LttWriterChannel *ch, LttPayload *p, LttTime t, gint32 prev, gint32 next)
{
	GError *error = NULL;

	ltt_payload_reset(p);
	ltt_payload_put_string(p, prev == 0 ? "swapper" : "task");
	ltt_payload_put_s32(p, prev);
	ltt_payload_put_s64(p, 1);
	ltt_payload_put_string(p, next == 0 ? "swapper" : "task");
	ltt_payload_put_s32(p, next);
	g_assert_true(ltt_writer_channel_append(ch, t, 1, p->data, p->len, &error));
	g_assert_no_error(error);
}

static void syscall_event(LttWriterChannel *ch, LttPayload *p, LttTime t, guint id, gint64 nr)
{
	GError *error = NULL;

	ltt_payload_reset(p);
	ltt_payload_put_s64(p, nr);
	g_assert_true(ltt_writer_channel_append(ch, t, id, p->data, p->len, &error));
	g_assert_no_error(error);
}

static void test_task_on_two_cpus(void)
{
	char *path = g_build_filename(tmpdir, "two-cpus", NULL);
	LttWriter *w = tlt_writer_new(path, G_BYTE_ORDER, 4096, 2);
	LttWriterChannel *c0, *c1;
	GError *error = NULL;
	LttPayload p;
	guint i;

	declare_switch(w, 1);
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", 2, "sys_enter", "id: s64;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", 3, "sys_exit", "id: s64;", &error));
	g_assert_no_error(error);
	c0 = ltt_writer_channel(w, "kernel", 0, &error);
	c1 = ltt_writer_channel(w, "kernel", 1, &error);
	g_assert_no_error(error);
	ltt_payload_init(&p, ltt_writer_byte_order(w));
	switch_event(c0, &p, 100, 0, 5);
	switch_event(c1, &p, 150, 0, 6);
	for (i = 0; i < 50; i++) {
		syscall_event(c0, &p, 200 + 10 * i, 2, i);
		syscall_event(c0, &p, 205 + 10 * i, 3, i);
		syscall_event(c1, &p, 202 + 10 * i, 2, i);
		syscall_event(c1, &p, 207 + 10 * i, 3, i);
	}
	/* Task 5 still runs on CPU 0. */
	switch_event(c1, &p, 1000, 6, 5);
	for (i = 0; i < 50; i++) {
		syscall_event(c0, &p, 1100 + 10 * i, 2, i);
		syscall_event(c1, &p, 1102 + 10 * i, 2, i);
		syscall_event(c0, &p, 1105 + 10 * i, 3, i);
		syscall_event(c1, &p, 1107 + 10 * i, 3, i);
	}
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, &error));
	g_assert_no_error(error);
	check_trace(path, EXPECT_REDONE);
	g_free(path);
}

static void plain_event(LttWriterChannel *ch, LttTime t, guint id)
{
	GError *error = NULL;

	g_assert_true(ltt_writer_channel_append(ch, t, id, NULL, 0, &error));
	g_assert_no_error(error);
}

/* Frames opened and closed by two consecutive events of a CPU, which the
 * run by CPU applies at once (lttv_trace_state_apply_pair), and the cases
 * where it must not: a task whose user mode is not known yet, a system
 * call entered over one whose exit was lost, a stack already as deep as
 * the state allows; and pairs over other frames (faults and soft IRQs in
 * system calls). */
static void test_frame_pairs(void)
{
	enum { SWITCH = 1, SYS_ENTER, SYS_EXIT, FAULT_USER, FAULT_KERNEL, FAULT_EXIT, SOFTIRQ_ENTRY, SOFTIRQ_EXIT };
	char *path = g_build_filename(tmpdir, "pairs", NULL);
	LttWriter *w = tlt_writer_new(path, G_BYTE_ORDER, 4096, 1);
	LttWriterChannel *c;
	GError *error = NULL;
	LttPayload p;
	LttTime t = 1000;
	guint i, round;

	declare_switch(w, SWITCH);
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", SYS_ENTER, "sys_enter", "id: s64;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", SYS_EXIT, "sys_exit", "id: s64;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", FAULT_USER, "page_fault_user", "", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", FAULT_KERNEL, "page_fault_kernel", "", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", FAULT_EXIT, "page_fault_exit", "", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", SOFTIRQ_ENTRY, "softirq_entry", "vec: s64;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", SOFTIRQ_EXIT, "softirq_exit", "vec: s64;", &error));
	g_assert_no_error(error);
	c = ltt_writer_channel(w, "kernel", 0, &error);
	g_assert_no_error(error);
	ltt_payload_init(&p, ltt_writer_byte_order(w));
	/* Enough rounds for pairs to straddle blocks, which are read one by one. */
	for (round = 0; round < 40; round++) {
		gint32 pid = 5 + (gint32) round;

		/* A new task: its base is unknown until its first system call. */
		switch_event(c, &p, t += 10, round == 0 ? 0 : pid - 1, pid);
		syscall_event(c, &p, t += 10, SYS_ENTER, 7);
		syscall_event(c, &p, t += 5, SYS_EXIT, 7);
		for (i = 0; i < 5; i++) {
			syscall_event(c, &p, t += 10, SYS_ENTER, 20 + i);
			syscall_event(c, &p, t += 3, SYS_EXIT, 20 + i);
		}
		plain_event(c, t += 10, FAULT_USER);
		plain_event(c, t += 2, FAULT_EXIT);
		/* The exit of system call 8 is lost. */
		syscall_event(c, &p, t += 10, SYS_ENTER, 8);
		syscall_event(c, &p, t += 10, SYS_ENTER, 9);
		syscall_event(c, &p, t += 4, SYS_EXIT, 9);
		/* A fault and a soft IRQ in a system call; then one entered with
		 * another event before its exit. */
		syscall_event(c, &p, t += 10, SYS_ENTER, 10);
		plain_event(c, t += 2, FAULT_KERNEL);
		plain_event(c, t += 2, FAULT_EXIT);
		syscall_event(c, &p, t += 2, SOFTIRQ_ENTRY, 3);
		syscall_event(c, &p, t += 2, SOFTIRQ_EXIT, 3);
		syscall_event(c, &p, t += 2, SOFTIRQ_ENTRY, 4);
		plain_event(c, t += 2, FAULT_KERNEL);
		plain_event(c, t += 2, FAULT_EXIT);
		syscall_event(c, &p, t += 2, SOFTIRQ_EXIT, 4);
		syscall_event(c, &p, t += 2, SYS_EXIT, 10);
		syscall_event(c, &p, t += 10, SYS_ENTER, 11);
		plain_event(c, t += 2, FAULT_KERNEL);
		syscall_event(c, &p, t += 2, SYS_EXIT, 11);
	}
	/* A task seen only in pairs: its first system call still tells that
	 * it was in user mode. */
	switch_event(c, &p, t += 10, 5 + (gint32) round - 1, 100);
	for (i = 0; i < 3; i++) {
		syscall_event(c, &p, t += 10, SYS_ENTER, 30 + i);
		syscall_event(c, &p, t += 3, SYS_EXIT, 30 + i);
	}
	switch_event(c, &p, t += 10, 100, 5);
	/* Faults whose exits are lost, deeper than the state keeps: a pair on
	 * top of that is one push too many, and its exit pops another frame. */
	syscall_event(c, &p, t += 10, SYS_ENTER, 12);
	for (i = 0; i < 70; i++)
		plain_event(c, t += 2, FAULT_KERNEL);
	plain_event(c, t += 2, FAULT_KERNEL);
	plain_event(c, t += 2, FAULT_EXIT);
	syscall_event(c, &p, t += 2, SOFTIRQ_ENTRY, 5);
	syscall_event(c, &p, t += 2, SOFTIRQ_EXIT, 5);
	syscall_event(c, &p, t += 2, SYS_EXIT, 12);
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, &error));
	g_assert_no_error(error);
	check_trace(path, EXPECT_LANES);
	g_free(path);
}

/* An event of IRQ line 9: its name follows (an entry, or the state dump's
 * line), or with name NULL its return value (an exit). */
static void irq_line_event(LttWriterChannel *ch, LttPayload *p, LttTime t, guint id, const char *name)
{
	GError *error = NULL;

	ltt_payload_reset(p);
	ltt_payload_put_s32(p, 9);
	if (name != NULL)
		ltt_payload_put_string(p, name);
	else
		ltt_payload_put_s32(p, 1);
	g_assert_true(ltt_writer_channel_append(ch, t, id, p->data, p->len, &error));
	g_assert_no_error(error);
}

/* IRQ entries are CPU-local: the first to name a line in the lanes may
 * not be the first in time.  Two CPUs naming a line alike keep the run on
 * lanes, as does a name from the state dump (it came first); naming it
 * differently voids the run.  CPU 0's entry (at 500, its exit next) is
 * applied before CPU 1's (at 200, a count between it and its exit); both
 * go through the pair path. */
static void irq_trace(const char *name, const char *name0, const char *name1, const char *dumped, Expect expect)
{
	enum { SWITCH = 1, IRQ_ENTRY, IRQ_EXIT, NOISE, DUMP_IRQ, DUMP_END };
	char *path = g_build_filename(tmpdir, name, NULL);
	LttWriter *w = tlt_writer_new(path, G_BYTE_ORDER, 4096, 2);
	LttWriterChannel *c[2];
	GError *error = NULL;
	LttPayload p;
	guint i;

	declare_switch(w, SWITCH);
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", IRQ_ENTRY, "irq_handler_entry", "irq: s32; name: string;",
	                                          &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", IRQ_EXIT, "irq_handler_exit", "irq: s32; ret: s32;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", NOISE, "irq_noise", "", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", DUMP_IRQ, "ltt_statedump_irq", "irq: s32; name: string;",
	                                          &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", DUMP_END, "ltt_statedump_end", "", &error));
	g_assert_no_error(error);
	for (i = 0; i < 2; i++) {
		c[i] = ltt_writer_channel(w, "kernel", i, &error);
		g_assert_no_error(error);
	}
	ltt_payload_init(&p, ltt_writer_byte_order(w));
	if (dumped != NULL) {
		irq_line_event(c[0], &p, 10, DUMP_IRQ, dumped);
		plain_event(c[0], 20, DUMP_END);
	}
	switch_event(c[0], &p, 100, 0, 5);
	switch_event(c[1], &p, 150, 0, 6);
	irq_line_event(c[1], &p, 200, IRQ_ENTRY, name1);
	plain_event(c[1], 210, NOISE);
	irq_line_event(c[1], &p, 220, IRQ_EXIT, NULL);
	irq_line_event(c[0], &p, 500, IRQ_ENTRY, name0);
	irq_line_event(c[0], &p, 510, IRQ_EXIT, NULL);
	switch_event(c[0], &p, 600, 5, 0);
	switch_event(c[1], &p, 650, 6, 0);
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, &error));
	g_assert_no_error(error);
	check_trace(path, expect);
	g_free(path);
}

static void test_irq_names(void)
{
	irq_trace("irq-same", "eth0", "eth0", NULL, EXPECT_LANES);
	irq_trace("irq-differ", "late", "early", NULL, EXPECT_REDONE);
	irq_trace("irq-dumped", "late", "early", "dumped", EXPECT_LANES);
}

static void wakeup_event(LttWriterChannel *ch, LttPayload *p, LttTime t, gint32 pid)
{
	GError *error = NULL;

	ltt_payload_reset(p);
	ltt_payload_put_string(p, "task");
	ltt_payload_put_s32(p, pid);
	g_assert_true(ltt_writer_channel_append(ch, t, 2, p->data, p->len, &error));
	g_assert_no_error(error);
}

/* The state dump's two types, with these ids. */
static void declare_dump(LttWriter *w, guint process_id, guint end_id)
{
	GError *error = NULL;

	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", process_id, "ltt_statedump_process",
	                                          "pid: s32; tgid: s32; ppid: s32; name: string; status: u8; mode: u8; "
	                                          "cpu: s32; kernel_thread: u8; birth_time: u64;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", end_id, "ltt_statedump_end", "", &error));
	g_assert_no_error(error);
}

/* A state dump's record of task pid ("task", its own group, parent 1). */
static void dump_process(LttWriterChannel *ch, LttPayload *p, LttTime t, guint id, gint32 pid, guint8 status,
                         guint8 mode, gint32 cpu, LttTime birth)
{
	GError *error = NULL;

	ltt_payload_reset(p);
	ltt_payload_put_s32(p, pid);
	ltt_payload_put_s32(p, pid);
	ltt_payload_put_s32(p, 1);
	ltt_payload_put_string(p, "task");
	ltt_payload_put_u8(p, status);
	ltt_payload_put_u8(p, mode);
	ltt_payload_put_s32(p, cpu);
	ltt_payload_put_u8(p, 0);
	ltt_payload_put_u64(p, birth);
	g_assert_true(ltt_writer_channel_append(ch, t, id, p->data, p->len, &error));
	g_assert_no_error(error);
}

/* Wakeups are applied as CPU-local events when their task is known: CPU 0
 * wakes task 6 at 600, applied before CPU 1's earlier events.  When CPU 1
 * switches 6 out (blocked) before 600, the wakeup is applied again after
 * it; at the very time of the wakeup, or when 6 is freed before it, the
 * lanes cannot know the order and the run is redone.  A state dump in the
 * middle of the trace that says 6 sleeps, before 600, is followed by the
 * wakeup again too. */
static void wakeup_trace(const char *name, LttTime switch_out, gboolean freed, LttTime dump_at, Expect expect)
{
	enum { SWITCH = 1, WAKEUP, SYS_ENTER, SYS_EXIT, FREE, DUMP_PROCESS, DUMP_END };
	char *path = g_build_filename(tmpdir, name, NULL);
	LttWriter *w = tlt_writer_new(path, G_BYTE_ORDER, 4096, 2);
	LttWriterChannel *c0, *c1;
	GError *error = NULL;
	LttPayload p;
	guint i;

	declare_switch(w, SWITCH);
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", WAKEUP, "sched_wakeup", "comm: string; pid: s32;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", SYS_ENTER, "sys_enter", "id: s64;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", SYS_EXIT, "sys_exit", "id: s64;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", FREE, "sched_process_free", "comm: string; pid: s32;",
	                                          &error));
	g_assert_no_error(error);
	declare_dump(w, DUMP_PROCESS, DUMP_END);
	c0 = ltt_writer_channel(w, "kernel", 0, &error);
	c1 = ltt_writer_channel(w, "kernel", 1, &error);
	g_assert_no_error(error);
	ltt_payload_init(&p, ltt_writer_byte_order(w));
	/* The dump's types are declared: every event waits for time order
	 * until the end of a first dump. */
	plain_event(c0, 50, DUMP_END);
	switch_event(c1, &p, 100, 0, 6);
	switch_event(c0, &p, 150, 0, 5);
	for (i = 0; i < 5; i++) {
		syscall_event(c0, &p, 300 + 20 * i, SYS_ENTER, i);
		syscall_event(c1, &p, 310 + 20 * i, SYS_ENTER, i);
		syscall_event(c0, &p, 305 + 20 * i, SYS_EXIT, i);
		syscall_event(c1, &p, 315 + 20 * i, SYS_EXIT, i);
	}
	wakeup_event(c0, &p, 600, 6);
	switch_event(c1, &p, switch_out, 6, 0);
	if (dump_at != 0) {
		/* A second dump, in the middle of the trace: 6 sleeps. */
		dump_process(c1, &p, dump_at, DUMP_PROCESS, 6, 1, 0, 1, 0);
	}
	if (freed) {
		ltt_payload_reset(&p);
		ltt_payload_put_string(&p, "task");
		ltt_payload_put_s32(&p, 6);
		g_assert_true(ltt_writer_channel_append(c1, switch_out + 10, FREE, p.data, p.len, &error));
		g_assert_no_error(error);
	}
	switch_event(c0, &p, 700, 5, 0);
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, &error));
	g_assert_no_error(error);
	check_trace(path, expect);
	g_free(path);
}

static void test_early_wakeups(void)
{
	wakeup_trace("wake-after", 500, FALSE, 0, EXPECT_LANES);
	wakeup_trace("wake-same-time", 600, FALSE, 0, EXPECT_REDONE);
	wakeup_trace("wake-freed", 500, TRUE, 0, EXPECT_REDONE);
	wakeup_trace("wake-before", 650, FALSE, 0, EXPECT_LANES);
	wakeup_trace("wake-after-dump", 400, FALSE, 550, EXPECT_LANES);
}

/* Frames with a short body: an opener, at most two events that only count
 * or wake a task, and the closer, which the run by CPU applies at once
 * (lttv_trace_state_apply_pair); and the cases where it must not: a longer
 * body, a wakeup of a task not met yet (it waits for time order).  Task 6
 * on CPU 1 sleeps and runs between CPU 0's wakeups, some of them applied
 * before CPU 1's earlier switches; the last one leaves it waiting for a
 * CPU. */
static void test_frame_bodies(void)
{
	enum { SWITCH = 1, WAKEUP, SYS_ENTER, SYS_EXIT, SOFTIRQ_ENTRY, SOFTIRQ_EXIT, IRQ_ENTRY, IRQ_EXIT, MARK };
	char *path = g_build_filename(tmpdir, "bodies", NULL);
	LttWriter *w = tlt_writer_new(path, G_BYTE_ORDER, 4096, 2);
	LttWriterChannel *c0, *c1;
	GError *error = NULL;
	LttPayload p;
	LttTime t = 0;
	guint round;

	declare_switch(w, SWITCH);
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", WAKEUP, "sched_wakeup", "comm: string; pid: s32;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", SYS_ENTER, "sys_enter", "id: s64;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", SYS_EXIT, "sys_exit", "id: s64;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", SOFTIRQ_ENTRY, "softirq_entry", "vec: s64;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", SOFTIRQ_EXIT, "softirq_exit", "vec: s64;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", IRQ_ENTRY, "irq_handler_entry", "irq: s32; name: string;",
	                                          &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", IRQ_EXIT, "irq_handler_exit", "irq: s32; ret: s32;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", MARK, "a_mark", "", &error));
	g_assert_no_error(error);
	c0 = ltt_writer_channel(w, "kernel", 0, &error);
	c1 = ltt_writer_channel(w, "kernel", 1, &error);
	g_assert_no_error(error);
	ltt_payload_init(&p, ltt_writer_byte_order(w));
	switch_event(c1, &p, 100, 0, 6);
	switch_event(c0, &p, 150, 0, 5);
	switch_event(c1, &p, 200, 6, 0);
	for (round = 0; round < 30; round++) {
		t = 300 + 100 * (LttTime) round;
		syscall_event(c0, &p, t, SYS_ENTER, 3);
		wakeup_event(c0, &p, t + 2, 6);
		syscall_event(c0, &p, t + 4, SYS_EXIT, 3);
		syscall_event(c0, &p, t + 10, SOFTIRQ_ENTRY, 1);
		wakeup_event(c0, &p, t + 12, 6);
		syscall_event(c0, &p, t + 14, SOFTIRQ_EXIT, 1);
		irq_line_event(c0, &p, t + 20, IRQ_ENTRY, "eth0");
		wakeup_event(c0, &p, t + 22, 6);
		plain_event(c0, t + 24, MARK);
		irq_line_event(c0, &p, t + 26, IRQ_EXIT, NULL);
		/* Three events between: the frame is made. */
		syscall_event(c0, &p, t + 30, SYS_ENTER, 4);
		plain_event(c0, t + 32, MARK);
		plain_event(c0, t + 34, MARK);
		plain_event(c0, t + 36, MARK);
		syscall_event(c0, &p, t + 38, SYS_EXIT, 4);
		/* Task 77 is met in the first round's body. */
		syscall_event(c0, &p, t + 40, SYS_ENTER, 5);
		wakeup_event(c0, &p, t + 42, 77);
		syscall_event(c0, &p, t + 44, SYS_EXIT, 5);
		syscall_event(c0, &p, t + 50, SYS_ENTER, 6);
		wakeup_event(c0, &p, t + 52, 0);
		syscall_event(c0, &p, t + 54, SYS_EXIT, 6);
		switch_event(c1, &p, t + 60, 0, 6);
		syscall_event(c1, &p, t + 62, SYS_ENTER, 7);
		syscall_event(c1, &p, t + 64, SYS_EXIT, 7);
		switch_event(c1, &p, t + 70, 6, 0);
	}
	syscall_event(c0, &p, t + 100, SYS_ENTER, 3);
	wakeup_event(c0, &p, t + 102, 6);
	syscall_event(c0, &p, t + 104, SYS_EXIT, 3);
	switch_event(c0, &p, t + 110, 5, 0);
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, &error));
	g_assert_no_error(error);
	check_trace(path, EXPECT_LANES);
	g_free(path);
}

/* Time given before a split to frames not identified yet moves only as
 * far as one pass would move it (doc/analysis.md §3.2): task 5 starts in
 * a system call of unknown number, task 7 in an unknown mode, both running
 * and counting before the split.  After it, a state dump in the middle of
 * the trace ends 5's system call (the time stays unidentified) and opens
 * another that a sys_exit identifies; another gives 7 a birth, so a new
 * record, before a sys_enter identifies its mode as user.  Task 9, in an
 * unknown mode too, is found in user mode after the split; then a dump
 * says its mode is unknown again and a sys_exit identifies that as a
 * system call, which moves only what was counted since the dump. */
static void test_split_unidentified(void)
{
	enum { SWITCH = 1, TICK, SYS_ENTER, SYS_EXIT, DUMP_PROCESS, DUMP_END };
	enum { MODE_SYSCALL = 1, MODE_UNKNOWN = 2 };
	char *path = g_build_filename(tmpdir, "unidentified", NULL);
	LttWriter *w = tlt_writer_new(path, G_BYTE_ORDER, 4096, 3);
	LttWriterChannel *c0, *c1, *c2;
	GError *error = NULL;
	LttTrace *trace;
	LttvStats *s;
	LttvTraceState *ts;
	Want want;
	LttPayload p;
	LttTime t;

	declare_switch(w, SWITCH);
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", TICK, "tick", "", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", SYS_ENTER, "sys_enter", "id: s64;", &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", SYS_EXIT, "sys_exit", "id: s64;", &error));
	g_assert_no_error(error);
	declare_dump(w, DUMP_PROCESS, DUMP_END);
	c0 = ltt_writer_channel(w, "kernel", 0, &error);
	c1 = ltt_writer_channel(w, "kernel", 1, &error);
	c2 = ltt_writer_channel(w, "kernel", 2, &error);
	g_assert_no_error(error);
	ltt_payload_init(&p, ltt_writer_byte_order(w));
	dump_process(c0, &p, 10, DUMP_PROCESS, 5, 0, MODE_SYSCALL, 0, 0);
	dump_process(c1, &p, 20, DUMP_PROCESS, 7, 0, MODE_UNKNOWN, 1, 0);
	dump_process(c2, &p, 30, DUMP_PROCESS, 9, 0, MODE_UNKNOWN, 2, 0);
	plain_event(c0, 50, DUMP_END);
	for (t = 100; t < 500; t += 40) {
		plain_event(c0, t, TICK);
		plain_event(c1, t + 5, TICK);
		plain_event(c2, t + 7, TICK);
	}
	syscall_event(c2, &p, 600, SYS_ENTER, 1);
	syscall_event(c2, &p, 610, SYS_EXIT, 1);
	dump_process(c2, &p, 650, DUMP_PROCESS, 9, 0, MODE_UNKNOWN, 2, 0);
	plain_event(c2, 670, TICK);
	syscall_event(c2, &p, 700, SYS_EXIT, 5);
	/* The split, at 500. */
	plain_event(c0, 520, TICK);
	dump_process(c0, &p, 600, DUMP_PROCESS, 5, 0, MODE_SYSCALL, 0, 0);
	plain_event(c0, 640, TICK);
	syscall_event(c0, &p, 700, SYS_EXIT, 3);
	plain_event(c1, 560, TICK);
	dump_process(c1, &p, 650, DUMP_PROCESS, 7, 0, MODE_UNKNOWN, 1, 12345);
	plain_event(c1, 690, TICK);
	syscall_event(c1, &p, 750, SYS_ENTER, 4);
	syscall_event(c1, &p, 760, SYS_EXIT, 4);
	plain_event(c0, 800, TICK);
	plain_event(c1, 800, TICK);
	plain_event(c2, 800, TICK);
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, &error));
	g_assert_no_error(error);
	check_trace(path, EXPECT_LANES);
	trace = ltt_trace_open(path, &error);
	g_assert_no_error(error);
	want.s = analysis_whole_stats(trace, &want.ts, NULL);
	want.cpu = lttv_stats_tree(want.s, TRUE);
	want.proc = lttv_stats_tree(want.s, FALSE);
	s = lttv_stats_run_trace_split(trace, 500, &ts, NULL);
	assert_run_equal(s, ts, &want);
	lttv_stats_node_free(want.cpu);
	lttv_stats_node_free(want.proc);
	lttv_stats_free(want.s);
	lttv_trace_state_free(want.ts);
	ltt_trace_unref(trace);
	g_free(path);
}

/* A system call that says which task made it (lttd keeps the kernel's
 * common_pid), or none when pid < 0. */
static void pid_syscall_event(LttWriterChannel *ch, LttPayload *p, LttTime t, guint id, gint32 pid, gint64 nr)
{
	GError *error = NULL;

	ltt_payload_reset(p);
	if (pid >= 0)
		ltt_payload_put_s32(p, pid);
	ltt_payload_put_s64(p, nr);
	g_assert_true(ltt_writer_channel_append(ch, t, id, p->data, p->len, &error));
	g_assert_no_error(error);
}

/* A trace of two CPUs with switches and system calls whose fields are
 * `fields` (id 1: sched_switch, 2: sys_enter, 3: sys_exit). */
static LttWriter *syscall_writer(const char *path, const char *fields, LttWriterChannel **c0, LttWriterChannel **c1)
{
	LttWriter *w = tlt_writer_new(path, G_BYTE_ORDER, 4096, 2);
	GError *error = NULL;

	declare_switch(w, 1);
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", 2, "sys_enter", fields, &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", 3, "sys_exit", fields, &error));
	g_assert_no_error(error);
	*c0 = ltt_writer_channel(w, "kernel", 0, &error);
	*c1 = ltt_writer_channel(w, "kernel", 1, &error);
	g_assert_no_error(error);
	return w;
}

/* Switches lost before the events that contradict the state's belief
 * (doc/analysis.md §1.4).  A switch whose prev_pid is not the task the
 * state believed runs repairs the CPU's task at an ordered event: on lanes.
 * A system call on the idle task, or one whose common_pid names another
 * task, repairs it at a CPU-local event: the run is redone in time order. */
static void evidence_trace(const char *name, gboolean pids, gboolean idle_syscall, Expect expect)
{
	char *path = g_build_filename(tmpdir, name, NULL);
	LttWriterChannel *c0, *c1;
	LttWriter *w = syscall_writer(path, pids ? "common_pid: s32; id: s64;" : "id: s64;", &c0, &c1);
	GError *error = NULL;
	LttPayload p;
	guint i;

	ltt_payload_init(&p, ltt_writer_byte_order(w));
	switch_event(c0, &p, 100, 0, 5);
	switch_event(c1, &p, 150, 0, 6);
	for (i = 0; i < 60; i++) {
		/* CPU 0 switched from 5 to 7 at about 400, unrecorded. */
		gint32 pid0 = !pids ? -1 : i < 30 ? 5 : 7;

		pid_syscall_event(c0, &p, 200 + 10 * i, 2, pid0, 39);
		pid_syscall_event(c0, &p, 205 + 10 * i, 3, pid0, 39);
		pid_syscall_event(c1, &p, 202 + 10 * i, 2, pids ? 6 : -1, 0);
		pid_syscall_event(c1, &p, 207 + 10 * i, 3, pids ? 6 : -1, 0);
	}
	/* CPU 1 switched from 6 to 8 at about 850, unrecorded. */
	switch_event(c1, &p, 900, 8, 0);
	switch_event(c0, &p, 950, 7, 0);
	if (idle_syscall) {
		pid_syscall_event(c1, &p, 1000, 2, -1, 39);
		pid_syscall_event(c1, &p, 1005, 3, -1, 39);
		switch_event(c1, &p, 1100, 9, 0);
	}
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, &error));
	g_assert_no_error(error);
	check_trace(path, expect);
	g_free(path);
}

/* A trace with no state dump whose events name their task (common_pid on
 * every event, as lttd records through ftrace): each CPU's first event
 * tells who runs there, which in lanes only time order may do.  The run
 * waits for time order until every CPU's task is known, then goes on in
 * lanes: not redone (it was, at each CPU's first event). */
static void test_first_word(void)
{
	char *path = g_build_filename(tmpdir, "first-word", NULL);
	LttWriterChannel *c0, *c1;
	LttWriter *w = syscall_writer(path, "common_pid: s32; id: s64;", &c0, &c1);
	GError *error = NULL;
	LttPayload p;
	guint i;

	ltt_payload_init(&p, ltt_writer_byte_order(w));
	for (i = 0; i < 60; i++) {
		/* Tasks 5 and 6 swap CPUs at about 500, through the switches. */
		pid_syscall_event(c0, &p, 200 + 10 * i, 2, i < 30 ? 5 : 6, 39);
		pid_syscall_event(c0, &p, 205 + 10 * i, 3, i < 30 ? 5 : 6, 39);
		pid_syscall_event(c1, &p, 202 + 10 * i, 2, i < 30 ? 6 : 5, 0);
		pid_syscall_event(c1, &p, 207 + 10 * i, 3, i < 30 ? 6 : 5, 0);
		if (i == 29) {
			switch_event(c0, &p, 496, 5, 0);
			switch_event(c1, &p, 497, 6, 5);
			switch_event(c0, &p, 498, 0, 6);
		}
	}
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, &error));
	g_assert_no_error(error);
	check_trace(path, EXPECT_LANES);
	g_free(path);
}

static void test_missing_switches(void)
{
	const char *missed[] = { "--cpus=3", "--processes=20", "--events=40000", "--seed=11", "--missed-switches=7", NULL };
	const char *pids[] = { "--cpus=3", "--processes=20", "--events=40000", "--seed=11", "--missed-switches=7",
	                       "--common-pid", NULL };

	evidence_trace("switch-evidence", FALSE, FALSE, EXPECT_LANES);
	evidence_trace("idle-syscall", FALSE, TRUE, EXPECT_REDONE);
	evidence_trace("pid-evidence", TRUE, FALSE, EXPECT_REDONE);
	check_synth("missed-switches", EXPECT_ANY, missed);
	check_synth("missed-switches-pids", EXPECT_ANY, pids);
}

int main(int argc, char **argv)
{
	int status;

	g_test_init(&argc, &argv, NULL);
	tmpdir = analysis_tmpdir();
	g_test_add_func("/stats-by-cpu/basic", test_basic);
	g_test_add_func("/stats-by-cpu/pid-reuse", test_pid_reuse);
	g_test_add_func("/stats-by-cpu/start-in-syscall", test_start_in_syscall);
	g_test_add_func("/stats-by-cpu/threads", test_threads);
	g_test_add_func("/stats-by-cpu/many-processes", test_many_processes);
	g_test_add_func("/stats-by-cpu/big-endian-long-gaps", test_big_endian_long_gaps);
	g_test_add_func("/stats-by-cpu/lost-events", test_lost_events);
	g_test_add_func("/stats-by-cpu/irq-vectors", test_irq_vectors);
	g_test_add_func("/stats-by-cpu/sample-trace", test_sample_trace);
	g_test_add_func("/stats-by-cpu/two-channels-per-cpu", test_two_channels_per_cpu);
	g_test_add_func("/stats-by-cpu/task-on-two-cpus", test_task_on_two_cpus);
	g_test_add_func("/stats-by-cpu/frame-pairs", test_frame_pairs);
	g_test_add_func("/stats-by-cpu/frame-bodies", test_frame_bodies);
	g_test_add_func("/stats-by-cpu/damaged-events", test_damaged_events);
	g_test_add_func("/stats-by-cpu/irq-names", test_irq_names);
	g_test_add_func("/stats-by-cpu/early-wakeups", test_early_wakeups);
	g_test_add_func("/stats-by-cpu/split-unidentified", test_split_unidentified);
	g_test_add_func("/stats-by-cpu/missing-switches", test_missing_switches);
	g_test_add_func("/stats-by-cpu/first-word", test_first_word);
	status = g_test_run();
	tlt_remove_dir(tmpdir);
	g_free(tmpdir);
	return status;
}
