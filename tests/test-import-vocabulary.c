/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-import-vocabulary.c: the state on traces that speak LTTng's kernel
 * vocabulary (as ltt-import writes them from LTTng's CTF): tid fields,
 * per-call system call events, lttng_statedump_process_state with and
 * without its cpu field (lttv/lttv/state-vocabulary.c, doc/analysis.md);
 * and ltt_statedump_comm, the names a trace.dat import carries. */
#include "config.h"
#include <string.h>
#include <lttv/state.h>
#include "analysis-merge.h"
#include "analysis-util.h"
#include "test-ltt-util.h"

static char *tmpdir;

enum { E_DUMP = 1, E_DUMP_OLD, E_SWITCH, E_FORK, E_EXEC, E_READ_IN, E_READ_OUT, E_OPENAT_IN, E_OPENAT_OUT, E_COMM };

static const struct { guint id; const char *name, *fields; } types[] = {
	{ E_DUMP, "lttng_statedump_process_state", "tid: s32; vtid: s32; pid: s32; vpid: s32; ppid: s32; vppid: s32; "
	  "name: string; type: s32; mode: s32; submode: s32; status: s32; ns_level: s32; cpu: s32;" },
	{ E_SWITCH, "sched_switch", "prev_comm: string; prev_tid: s32; prev_prio: s32; prev_state: s64; "
	  "next_comm: string; next_tid: s32; next_prio: s32;" },
	{ E_FORK, "sched_process_fork", "parent_comm: string; parent_tid: s32; parent_pid: s32; child_comm: string; "
	  "child_tid: s32; child_pid: s32;" },
	{ E_EXEC, "sched_process_exec", "filename: string; tid: s32; old_tid: s32;" },
	{ E_READ_IN, "syscall_entry_read", "fd: u32; buf: u64; count: u64;" },
	{ E_READ_OUT, "syscall_exit_read", "ret: s64; buf: u64;" },
	{ E_OPENAT_IN, "syscall_entry_openat", "dfd: s32; filename: string; flags: s32; mode: u16;" },
	{ E_OPENAT_OUT, "syscall_exit_openat", "ret: s64;" },
	{ E_COMM, "ltt_statedump_comm", "pid: s32; comm: string;" },
};

/* lttng-modules before 2.3: no cpu field. */
static const char old_dump_fields[] = "tid: s32; vtid: s32; pid: s32; vpid: s32; ppid: s32; vppid: s32; "
	"name: string; type: s32; mode: s32; submode: s32; status: s32; ns_level: s32;";

enum { LTTNG_USER_MODE = 0, LTTNG_WAIT = 5, LTTNG_RUN = 6 };

typedef struct {
	LttWriter *w;
	LttPayload pl;
	char *path;
} Builder;

static Builder *builder_new(const char *name, gboolean old_dump)
{
	Builder *b = g_new0(Builder, 1);
	LttWriterOptions opt = { .cpu_count = 2, .host = "test", .tracer = "lttng-modules 2.12", .block_size = 4096 };
	GError *error = NULL;
	guint i;

	b->path = g_build_filename(tmpdir, name, NULL);
	b->w = ltt_writer_new(b->path, &opt, &error);
	g_assert_no_error(error);
	for (i = 0; i < G_N_ELEMENTS(types); i++) {
		const char *fields = types[i].id == E_DUMP && old_dump ? old_dump_fields : types[i].fields;

		g_assert_nonnull(ltt_writer_declare_event(b->w, "kernel", types[i].id, types[i].name, fields, &error));
	}
	ltt_payload_init(&b->pl, ltt_writer_byte_order(b->w));
	return b;
}

static void emit(Builder *b, guint cpu, LttTime t, guint id)
{
	GError *error = NULL;
	LttWriterChannel *ch = ltt_writer_channel(b->w, "kernel", cpu, &error);

	g_assert_no_error(error);
	g_assert_true(ltt_writer_channel_append(ch, t, id, b->pl.data, b->pl.len, &error));
	ltt_payload_reset(&b->pl);
}

static void dump(Builder *b, gboolean old, LttTime t, gint32 tid, gint32 ppid, const char *name, gint32 status, gint32 cpu)
{
	gint32 ids[] = { tid, tid, tid, tid, ppid, ppid };
	guint i;

	for (i = 0; i < G_N_ELEMENTS(ids); i++)
		ltt_payload_put_s32(&b->pl, ids[i]);
	ltt_payload_put_string(&b->pl, name);
	ltt_payload_put_s32(&b->pl, 0);               /* type: user thread */
	ltt_payload_put_s32(&b->pl, LTTNG_USER_MODE);
	ltt_payload_put_s32(&b->pl, 0);               /* submode */
	ltt_payload_put_s32(&b->pl, status);
	ltt_payload_put_s32(&b->pl, 0);               /* ns_level */
	if (!old)
		ltt_payload_put_s32(&b->pl, cpu);
	emit(b, 0, t, E_DUMP);
}

static void syscall_event(Builder *b, guint cpu, LttTime t, guint id)
{
	switch (id) {
	case E_READ_IN:
		ltt_payload_put_u32(&b->pl, 3);
		ltt_payload_put_u64(&b->pl, 0x1000);
		ltt_payload_put_u64(&b->pl, 512);
		break;
	case E_OPENAT_IN:
		ltt_payload_put_s32(&b->pl, -100);
		ltt_payload_put_string(&b->pl, "/etc/passwd");
		ltt_payload_put_s32(&b->pl, 0);
		ltt_payload_put_u16(&b->pl, 0);
		break;
	case E_READ_OUT:
		ltt_payload_put_s64(&b->pl, 512);
		ltt_payload_put_u64(&b->pl, 0x1000);
		break;
	default:
		ltt_payload_put_s64(&b->pl, 3);
		break;
	}
	emit(b, cpu, t, id);
}

static LttTrace *builder_finish(Builder *b)
{
	GError *error = NULL;
	LttTrace *trace;

	g_assert_true(ltt_writer_close(b->w, &error));
	ltt_payload_clear(&b->pl);
	trace = ltt_trace_open(b->path, &error);
	g_assert_no_error(error);
	g_free(b->path);
	g_free(b);
	return trace;
}

/* Applies every event before t. */
static void run_until(AnalysisMerge *m, LttvTraceState *ts, LttTime t)
{
	const LttEvent *ev;

	while ((ev = analysis_merge_source.peek(m)) != NULL && ltt_event_time(ev) < t) {
		lttv_trace_state_apply(ts, ev);
		analysis_merge_source.advance(m);
	}
}

static void assert_top(const LttvTraceState *ts, const LttvProcess *p, LttvExecMode mode, const char *submode)
{
	const LttvExecFrame *f = lttv_process_frame(p, lttv_process_depth(p) - 1);

	g_assert_cmpstr(lttv_exec_mode_name(f->mode), ==, lttv_exec_mode_name(mode));
	g_assert_cmpstr(lttv_trace_state_submode_name(ts, f->mode, f->submode), ==, submode);
}

static void test_lttng_kernel(void)
{
	Builder *b = builder_new("lttng", FALSE);
	LttTrace *trace;
	AnalysisMerge *m;
	LttvTraceState *ts;
	LttvProcess *app, *child;

	dump(b, FALSE, 1000, 1, 0, "init", LTTNG_WAIT, 0);
	dump(b, FALSE, 1001, 100, 1, "app", LTTNG_RUN, 1);
	syscall_event(b, 1, 2000, E_READ_IN);
	syscall_event(b, 1, 3000, E_READ_OUT);
	syscall_event(b, 1, 4000, E_OPENAT_IN);
	ltt_payload_put_string(&b->pl, "app");
	ltt_payload_put_s32(&b->pl, 100);
	ltt_payload_put_s32(&b->pl, 100);
	ltt_payload_put_string(&b->pl, "app");
	ltt_payload_put_s32(&b->pl, 101);
	ltt_payload_put_s32(&b->pl, 101);
	emit(b, 1, 4500, E_FORK);
	syscall_event(b, 1, 5000, E_OPENAT_OUT);
	ltt_payload_put_string(&b->pl, "swapper/0");
	ltt_payload_put_s32(&b->pl, 0);
	ltt_payload_put_s32(&b->pl, 120);
	ltt_payload_put_s64(&b->pl, 0);
	ltt_payload_put_string(&b->pl, "app");
	ltt_payload_put_s32(&b->pl, 101);
	ltt_payload_put_s32(&b->pl, 120);
	emit(b, 0, 6000, E_SWITCH);
	ltt_payload_put_string(&b->pl, "/bin/ls");
	ltt_payload_put_s32(&b->pl, 101);
	ltt_payload_put_s32(&b->pl, 101);
	emit(b, 0, 7000, E_EXEC);
	trace = builder_finish(b);
	m = analysis_merge_new(trace);
	ts = lttv_trace_state_new(trace);

	run_until(m, ts, 1500);
	app = lttv_trace_state_running_process(ts, 1);
	g_assert_nonnull(app);
	g_assert_cmpint(lttv_process_pid(app), ==, 100);
	g_assert_cmpstr(lttv_process_name(app), ==, "app");
	g_assert_cmpint(lttv_process_status(lttv_trace_state_find_process(ts, 1, 0)), ==, LTTV_STATUS_BLOCKED);
	assert_top(ts, app, LTTV_MODE_USER, NULL);

	run_until(m, ts, 2500);
	assert_top(ts, app, LTTV_MODE_SYSCALL, "read");
	run_until(m, ts, 3500);
	assert_top(ts, app, LTTV_MODE_USER, NULL);
	run_until(m, ts, 4800);
	assert_top(ts, app, LTTV_MODE_SYSCALL, "openat");
	child = lttv_trace_state_find_process(ts, 101, 1);
	g_assert_nonnull(child);
	g_assert_cmpint(lttv_process_ppid(child), ==, 100);
	run_until(m, ts, 6500);
	assert_top(ts, app, LTTV_MODE_USER, NULL);
	g_assert_true(lttv_trace_state_running_process(ts, 0) == lttv_trace_state_find_process(ts, 101, 0));
	run_until(m, ts, 8000);
	g_assert_cmpstr(lttv_process_name(lttv_trace_state_find_process(ts, 101, 0)), ==, "ls");

	lttv_trace_state_free(ts);
	analysis_merge_free(m);
	ltt_trace_unref(trace);
}

/* Without the cpu field, a task the dump says running is only runnable:
 * on which CPU it ran is not recorded. */
static void test_lttng_old_statedump(void)
{
	Builder *b = builder_new("lttng-old", TRUE);
	LttTrace *trace;
	AnalysisMerge *m;
	LttvTraceState *ts;
	LttvProcess *p;

	dump(b, TRUE, 1000, 100, 1, "app", LTTNG_RUN, 0);
	dump(b, TRUE, 1001, 200, 1, "sleeper", LTTNG_WAIT, 0);
	trace = builder_finish(b);
	m = analysis_merge_new(trace);
	ts = lttv_trace_state_new(trace);
	run_until(m, ts, 2000);
	p = lttv_trace_state_find_process(ts, 100, 0);
	g_assert_nonnull(p);
	g_assert_cmpstr(lttv_process_name(p), ==, "app");
	g_assert_cmpint(lttv_process_ppid(p), ==, 1);
	g_assert_cmpint(lttv_process_status(p), ==, LTTV_STATUS_WAIT_CPU);
	g_assert_cmpint(lttv_process_status(lttv_trace_state_find_process(ts, 200, 0)), ==, LTTV_STATUS_BLOCKED);
	lttv_trace_state_free(ts);
	analysis_merge_free(m);
	ltt_trace_unref(trace);
}

static void saved_comm(Builder *b, guint cpu, LttTime t, gint32 pid, const char *comm)
{
	ltt_payload_put_s32(&b->pl, pid);
	ltt_payload_put_string(&b->pl, comm);
	emit(b, cpu, t, E_COMM);
}

/* A saved name (trace-cmd's cmdlines) names a task that has none; a name
 * an event gives wins, whether it comes before or after. */
static void test_saved_comm(void)
{
	Builder *b = builder_new("saved-comm", FALSE);
	LttTrace *trace;
	AnalysisMerge *m;
	LttvTraceState *ts;

	saved_comm(b, 0, 1000, 100, "saved");
	ltt_payload_put_string(&b->pl, "saved");
	ltt_payload_put_s32(&b->pl, 100);
	ltt_payload_put_s32(&b->pl, 100);
	ltt_payload_put_string(&b->pl, "forked");
	ltt_payload_put_s32(&b->pl, 101);
	ltt_payload_put_s32(&b->pl, 101);
	emit(b, 0, 1500, E_FORK);
	saved_comm(b, 0, 2000, 101, "late");
	ltt_payload_put_string(&b->pl, "/bin/ls");
	ltt_payload_put_s32(&b->pl, 100);
	ltt_payload_put_s32(&b->pl, 100);
	emit(b, 0, 3000, E_EXEC);
	saved_comm(b, 1, 4000, 100, "saved");
	trace = builder_finish(b);
	m = analysis_merge_new(trace);
	ts = lttv_trace_state_new(trace);
	run_until(m, ts, 1200);
	g_assert_nonnull(lttv_trace_state_find_process(ts, 100, 0));
	g_assert_cmpstr(lttv_process_name(lttv_trace_state_find_process(ts, 100, 0)), ==, "saved");
	run_until(m, ts, 2500);
	g_assert_cmpstr(lttv_process_name(lttv_trace_state_find_process(ts, 101, 0)), ==, "forked");
	run_until(m, ts, 5000);
	g_assert_cmpstr(lttv_process_name(lttv_trace_state_find_process(ts, 100, 1)), ==, "ls");
	lttv_trace_state_free(ts);
	analysis_merge_free(m);
	ltt_trace_unref(trace);
}

int main(int argc, char **argv)
{
	int rc;

	g_test_init(&argc, &argv, NULL);
	tmpdir = analysis_tmpdir();
	g_test_add_func("/vocabulary/lttng-kernel", test_lttng_kernel);
	g_test_add_func("/vocabulary/lttng-old-statedump", test_lttng_old_statedump);
	g_test_add_func("/vocabulary/saved-comm", test_saved_comm);
	rc = g_test_run();
	tlt_remove_dir(tmpdir);
	g_free(tmpdir);
	return rc;
}
