/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-state.c: the state engine on small hand-written traces: the process
 * state dump, frames that began before the trace (system call, IRQ,
 * unknown) and how they resolve, forks, threads, PID reuse, the idle task
 * of each CPU, statuses, names, and events it cannot interpret. */
#include "config.h"
#include <string.h>
#include <lttv/state.h>
#include <lttv/stats.h>
#include <lttv/state-filter.h>
#include "analysis-merge.h"
#include "analysis-util.h"

static char *tmpdir;

/* Event ids of the traces written here. */
enum {
	E_DUMP_PROCESS = 1, E_DUMP_IRQ, E_DUMP_SYSCALL, E_DUMP_END, E_SWITCH, E_WAKEUP, E_WAKEUP_NEW,
	E_FORK, E_NEWTASK, E_EXEC, E_EXIT, E_FREE, E_SYS_ENTER, E_SYS_EXIT, E_IRQ_ENTRY, E_IRQ_EXIT,
	E_SOFTIRQ_ENTRY, E_SOFTIRQ_EXIT, E_PF_USER, E_PF_KERNEL, E_PF_EXIT, E_ODD, E_RENAME, E_PID_SYS_ENTER,
	E_PID_SYS_EXIT, E_TIMER_ENTRY, E_TIMER_EXIT, E_LTTNG_RESCHED_ENTRY, E_LTTNG_RESCHED_EXIT,
	E_STAT_RUNTIME
};

#define TASK_FIELDS "comm: string; pid: s32; prio: s32;"
#define SOFTIRQ_FIELDS "vec: enum u32 { HI = 0, TIMER = 1, NET_TX = 2, NET_RX = 3, BLOCK = 4, IRQ_POLL = 5, " \
	"TASKLET = 6, SCHED = 7, HRTIMER = 8, RCU = 9 };"
#define FAULT_FIELDS "address: u64; ip: u64; error_code: u64;"

static const struct { guint id; const char *name, *fields; } types[] = {
	{ E_DUMP_PROCESS, "ltt_statedump_process", "pid: s32; tgid: s32; ppid: s32; name: string; "
	  "status: enum u8 { RUNNING = 0, SLEEPING = 1, DISK_SLEEP = 2, STOPPED = 3, TRACED = 4, ZOMBIE = 5, "
	  "DEAD = 6, IDLE = 7, WAITING_CPU = 8 }; mode: enum u8 { USER = 0, SYSCALL = 1, UNKNOWN = 2 }; "
	  "cpu: s32; kernel_thread: u8; birth_time: u64;" },
	{ E_DUMP_IRQ, "ltt_statedump_irq", "irq: s32; name: string;" },
	{ E_DUMP_SYSCALL, "ltt_statedump_syscall", "id: s32; name: string;" },
	{ E_DUMP_END, "ltt_statedump_end", "" },
	{ E_SWITCH, "sched_switch", "prev_comm: string; prev_pid: s32; prev_prio: s32; prev_state: s64; "
	  "next_comm: string; next_pid: s32; next_prio: s32;" },
	{ E_WAKEUP, "sched_wakeup", "comm: string; pid: s32; prio: s32; target_cpu: s32;" },
	{ E_WAKEUP_NEW, "sched_wakeup_new", "comm: string; pid: s32; prio: s32; target_cpu: s32;" },
	{ E_FORK, "sched_process_fork", "parent_comm: string; parent_pid: s32; child_comm: string; child_pid: s32;" },
	{ E_NEWTASK, "task_newtask", "pid: s32; comm: string; clone_flags: u64; oom_score_adj: s16;" },
	{ E_EXEC, "sched_process_exec", "filename: string; pid: s32; old_pid: s32;" },
	{ E_EXIT, "sched_process_exit", TASK_FIELDS },
	{ E_FREE, "sched_process_free", TASK_FIELDS },
	{ E_SYS_ENTER, "sys_enter", "id: s64; args: u64[6];" },
	{ E_SYS_EXIT, "sys_exit", "id: s64; ret: s64;" },
	{ E_IRQ_ENTRY, "irq_handler_entry", "irq: s32; name: string;" },
	{ E_IRQ_EXIT, "irq_handler_exit", "irq: s32; ret: s32;" },
	{ E_SOFTIRQ_ENTRY, "softirq_entry", SOFTIRQ_FIELDS },
	{ E_SOFTIRQ_EXIT, "softirq_exit", SOFTIRQ_FIELDS },
	{ E_PF_USER, "page_fault_user", FAULT_FIELDS },
	{ E_PF_KERNEL, "page_fault_kernel", FAULT_FIELDS },
	{ E_PF_EXIT, "page_fault_exit", "" },
	/* A second type of that name, typed unlike format.md: the state ignores it. */
	{ E_ODD, "sched_process_free", "comm: string; pid: string; prio: s32;" },
	{ E_RENAME, "task_rename", "pid: s32; oldcomm: string; newcomm: string; oom_score_adj: s16;" },
	/* System calls as lttd records them, with the kernel's common_pid. */
	{ E_PID_SYS_ENTER, "sys_enter", "common_pid: s32; id: s64; args: u64[6];" },
	{ E_PID_SYS_EXIT, "sys_exit", "common_pid: s32; id: s64; ret: s64;" },
	/* Interrupt vectors, as ftrace and as LTTng name them. */
	{ E_TIMER_ENTRY, "local_timer_entry", "vector: s32;" },
	{ E_TIMER_EXIT, "local_timer_exit", "vector: s32;" },
	{ E_LTTNG_RESCHED_ENTRY, "x86_irq_vectors_reschedule_entry", "vector: s32;" },
	{ E_LTTNG_RESCHED_EXIT, "x86_irq_vectors_reschedule_exit", "vector: s32;" },
	/* The scheduler's charge of a run, as Linux 6.8 and later write it. */
	{ E_STAT_RUNTIME, "sched_stat_runtime", "comm: string; pid: s32; runtime: u64;" },
};

typedef struct {
	LttWriter *w;
	LttPayload pl;
	char *path;
} Builder;

/* fault_exit FALSE: like a trace recorded through ftrace, no page_fault_exit. */
static Builder *builder_new_full(const char *name, guint cpus, gboolean fault_exit)
{
	Builder *b = g_new0(Builder, 1);
	LttWriterOptions opt = { .cpu_count = cpus, .host = "test", .os = "Linux", .kernel = "6.1",
	                         .tracer = "test-state", .block_size = 4096 };
	GError *error = NULL;
	guint i;

	b->path = g_build_filename(tmpdir, name, NULL);
	b->w = ltt_writer_new(b->path, &opt, &error);
	g_assert_no_error(error);
	for (i = 0; i < G_N_ELEMENTS(types); i++) {
		if (types[i].id == E_PF_EXIT && !fault_exit)
			continue;
		g_assert_nonnull(ltt_writer_declare_event(b->w, "kernel", types[i].id, types[i].name, types[i].fields, &error));
		g_assert_no_error(error);
	}
	ltt_payload_init(&b->pl, ltt_writer_byte_order(b->w));
	return b;
}

static Builder *builder_new(const char *name, guint cpus)
{
	return builder_new_full(name, cpus, TRUE);
}

static void emit(Builder *b, guint cpu, LttTime t, guint id)
{
	GError *error = NULL;
	LttWriterChannel *ch = ltt_writer_channel(b->w, "kernel", cpu, &error);

	g_assert_no_error(error);
	ltt_writer_channel_append(ch, t, id, b->pl.data, b->pl.len, &error);
	g_assert_no_error(error);
	ltt_payload_reset(&b->pl);
}

static void dump_process(Builder *b, LttTime t, gint32 pid, gint32 tgid, gint32 ppid, const char *name,
                         guint8 status, guint8 mode, gint32 cpu, LttTime birth)
{
	ltt_payload_put_s32(&b->pl, pid);
	ltt_payload_put_s32(&b->pl, tgid);
	ltt_payload_put_s32(&b->pl, ppid);
	ltt_payload_put_string(&b->pl, name);
	ltt_payload_put_u8(&b->pl, status);
	ltt_payload_put_u8(&b->pl, mode);
	ltt_payload_put_s32(&b->pl, cpu);
	ltt_payload_put_u8(&b->pl, pid == 0);
	ltt_payload_put_u64(&b->pl, birth);
	emit(b, 0, t, E_DUMP_PROCESS);
}

static void dump_name(Builder *b, LttTime t, guint id, gint32 n, const char *name)
{
	ltt_payload_put_s32(&b->pl, n);
	ltt_payload_put_string(&b->pl, name);
	emit(b, 0, t, id);
}

static void sched_switch(Builder *b, guint cpu, LttTime t, gint32 prev, gint64 prev_state, gint32 next,
                         const char *next_comm)
{
	ltt_payload_put_string(&b->pl, "");   /* no comm: names come from the other events */
	ltt_payload_put_s32(&b->pl, prev);
	ltt_payload_put_s32(&b->pl, 120);
	ltt_payload_put_s64(&b->pl, prev_state);
	ltt_payload_put_string(&b->pl, next_comm);
	ltt_payload_put_s32(&b->pl, next);
	ltt_payload_put_s32(&b->pl, 120);
	emit(b, cpu, t, E_SWITCH);
}

static void wakeup(Builder *b, guint cpu, LttTime t, guint id, gint32 pid)
{
	ltt_payload_put_string(&b->pl, "task");
	ltt_payload_put_s32(&b->pl, pid);
	ltt_payload_put_s32(&b->pl, 120);
	ltt_payload_put_s32(&b->pl, (gint32) cpu);
	emit(b, cpu, t, id);
}

static void task_event(Builder *b, guint cpu, LttTime t, guint id, gint32 pid)
{
	ltt_payload_put_string(&b->pl, "task");
	ltt_payload_put_s32(&b->pl, pid);
	ltt_payload_put_s32(&b->pl, 120);
	emit(b, cpu, t, id);
}

static void fork_events(Builder *b, guint cpu, LttTime t, gint32 parent, gint32 child, gboolean thread)
{
	ltt_payload_put_s32(&b->pl, child);
	ltt_payload_put_string(&b->pl, "child");
	ltt_payload_put_u64(&b->pl, thread ? 0x3d0f00 : 0x1200011);
	ltt_payload_put_s16(&b->pl, 0);
	emit(b, cpu, t, E_NEWTASK);
	ltt_payload_put_string(&b->pl, "parent");
	ltt_payload_put_s32(&b->pl, parent);
	ltt_payload_put_string(&b->pl, "child");
	ltt_payload_put_s32(&b->pl, child);
	emit(b, cpu, t + 10, E_FORK);
}

static void syscall_event(Builder *b, guint cpu, LttTime t, guint id, gint64 nr)
{
	guint i;

	ltt_payload_put_s64(&b->pl, nr);
	if (id == E_SYS_ENTER || id == E_PID_SYS_ENTER)
		for (i = 0; i < 6; i++)
			ltt_payload_put_u64(&b->pl, 0);
	else
		ltt_payload_put_s64(&b->pl, 0);
	emit(b, cpu, t, id);
}

static void irq_event(Builder *b, guint cpu, LttTime t, guint id, gint32 irq)
{
	ltt_payload_put_s32(&b->pl, irq);
	if (id == E_IRQ_ENTRY)
		ltt_payload_put_string(&b->pl, "eth0");
	else
		ltt_payload_put_s32(&b->pl, 1);
	emit(b, cpu, t, id);
}

static void softirq_event(Builder *b, guint cpu, LttTime t, guint id, guint32 vec)
{
	ltt_payload_put_u32(&b->pl, vec);
	emit(b, cpu, t, id);
}

static void fault_event(Builder *b, guint cpu, LttTime t, guint id)
{
	if (id != E_PF_EXIT) {
		ltt_payload_put_u64(&b->pl, 0x1000);
		ltt_payload_put_u64(&b->pl, 0x2000);
		ltt_payload_put_u64(&b->pl, 6);
	}
	emit(b, cpu, t, id);
}

/* Closes the writer and opens the trace for reading. */
static LttTrace *builder_finish(Builder *b)
{
	GError *error = NULL;
	LttTrace *trace;

	g_assert_true(ltt_writer_close(b->w, &error));
	g_assert_no_error(error);
	ltt_payload_clear(&b->pl);
	trace = ltt_trace_open(b->path, &error);
	g_assert_no_error(error);
	g_assert_cmpuint(ltt_trace_warning_count(trace), ==, 0);
	g_free(b->path);
	g_free(b);
	return trace;
}

#define T0 G_GUINT64_CONSTANT(1000000)

/* A trace replayed in time order into a state, and into statistics from
 * T0 when they are asked for. */
typedef struct {
	LttTrace *trace;
	AnalysisMerge *m;
	LttvTraceState *ts;
	LttvStats *s;            /* NULL: the state alone */
} Replay;

/* Takes the reference of trace. */
static void replay_open(Replay *r, LttTrace *trace, gboolean stats)
{
	r->trace = trace;
	r->m = analysis_merge_new(trace);
	r->ts = lttv_trace_state_new(trace);
	r->s = stats ? lttv_stats_new(r->ts, T0) : NULL;
}

static void replay_close(Replay *r)
{
	if (r->s != NULL)
		lttv_stats_free(r->s);
	lttv_trace_state_free(r->ts);
	analysis_merge_free(r->m);
	ltt_trace_unref(r->trace);
}

/* Applies the events of the trace up to (not including) time t. */
static void run_until(Replay *r, LttTime t)
{
	const LttEvent *ev;

	while ((ev = analysis_merge_source.peek(r->m)) != NULL && ltt_event_time(ev) < t) {
		if (r->s != NULL)
			lttv_stats_apply(r->s, ev);
		else
			lttv_trace_state_apply(r->ts, ev);
		analysis_merge_source.advance(r->m);
	}
}

/* Evaluates a filter on the next event with the state's process fields. */
static void assert_filter(LttvTraceState *ts, AnalysisMerge *m, const char *text, gboolean expected)
{
	GError *error = NULL;
	LttvFilter *f = lttv_filter_new(text, &error);

	g_assert_no_error(error);
	g_assert_nonnull(analysis_merge_source.peek(m));
	g_assert_cmpint(lttv_filter_eval(f, analysis_merge_source.peek(m), lttv_trace_state_filter_process, ts), ==,
	                expected);
	lttv_filter_free(f);
}

static void assert_top(const LttvProcess *p, guint depth, LttvExecMode mode, gint32 submode)
{
	const LttvExecFrame *f;

	g_assert_nonnull(p);
	g_assert_cmpuint(lttv_process_depth(p), ==, depth);
	f = lttv_process_frame(p, depth - 1);
	g_assert_cmpint(f->mode, ==, mode);
	g_assert_cmpint(f->submode, ==, submode);
}

static LttTime node_mode_time(const LttvStatsNode *tree, gint32 pid, LttTime birth, guint cpu, LttvExecMode mode)
{
	const LttvStatsNode *p = lttv_stats_node_find_process(tree, pid, birth, cpu);
	const LttvStatsNode *m = p != NULL ? lttv_stats_node_find_mode(p, mode) : NULL;

	return m != NULL ? m->cpu_time : 0;
}

static LttTime submode_time(const LttvStatsNode *tree, gint32 pid, LttvExecMode mode, gint32 submode)
{
	const LttvStatsNode *p = lttv_stats_node_find_process(tree, pid, 0, 0);
	const LttvStatsNode *m = p != NULL ? lttv_stats_node_find_mode(p, mode) : NULL;
	guint i;

	for (i = 0; m != NULL && i < m->children->len; i++) {
		const LttvStatsNode *sm = g_ptr_array_index(m->children, i);

		if (sm->submode == submode)
			return sm->cpu_time;
	}
	return 0;
}

/* CPU 0 starts inside an IRQ over a task in an unknown mode; CPU 1 inside
 * a system call whose number the dump does not give; task 30 is not in the
 * dump at all. */
static void test_start_inside(void)
{
	Builder *b = builder_new("inside", 2);
	Replay r;
	LttvStatsNode *tree;
	LttvProcess *p10, *p20, *p30;

	dump_process(b, T0, 0, 0, 0, "swapper/0", 7, 1, 0, 0);
	dump_process(b, T0, 0, 0, 0, "swapper/1", 7, 1, 1, 0);
	dump_process(b, T0, 10, 10, 1, "a", 0, 2, 0, 0);
	dump_process(b, T0, 20, 20, 1, "b", 0, 1, 1, 0);
	dump_name(b, T0, E_DUMP_SYSCALL, 3, "close");
	dump_name(b, T0, E_DUMP_IRQ, 16, "eth0");
	emit(b, 0, T0, E_DUMP_END);
	irq_event(b, 0, T0 + 100, E_IRQ_EXIT, 16);        /* a: the unknown frame was IRQ 16 */
	softirq_event(b, 0, T0 + 150, E_SOFTIRQ_ENTRY, 3);
	softirq_event(b, 0, T0 + 170, E_SOFTIRQ_EXIT, 3);
	syscall_event(b, 0, T0 + 200, E_SYS_ENTER, 3);    /* a: under it, user mode */
	syscall_event(b, 0, T0 + 260, E_SYS_EXIT, 3);
	syscall_event(b, 1, T0 + 300, E_SYS_EXIT, 3);     /* b: was in close */
	fault_event(b, 1, T0 + 400, E_PF_USER);
	fault_event(b, 1, T0 + 450, E_PF_EXIT);
	sched_switch(b, 1, T0 + 500, 20, 1, 30, "c");     /* c: never seen before */
	syscall_event(b, 1, T0 + 600, E_SYS_EXIT, 3);     /* c: was in close too */
	syscall_event(b, 1, T0 + 700, E_SYS_ENTER, 0);

	replay_open(&r, builder_finish(b), TRUE);
	run_until(&r, T0 + 1);
	p10 = lttv_trace_state_find_process(r.ts, 10, 0);
	p20 = lttv_trace_state_find_process(r.ts, 20, 1);
	assert_top(p10, 1, LTTV_MODE_UNKNOWN, LTTV_SUBMODE_NONE);
	assert_top(p20, 2, LTTV_MODE_SYSCALL, LTTV_SUBMODE_NONE);
	g_assert_cmpint(lttv_process_frame(p20, 0)->mode, ==, LTTV_MODE_USER);
	g_assert_true(lttv_trace_state_running_process(r.ts, 0) == p10);
	g_assert_cmpstr(lttv_trace_state_syscall_name(r.ts, 3), ==, "close");
	g_assert_cmpstr(lttv_trace_state_irq_name(r.ts, 16), ==, "eth0");

	run_until(&r, T0 + 101);
	assert_top(p10, 1, LTTV_MODE_UNKNOWN, LTTV_SUBMODE_NONE);
	run_until(&r, T0 + 151);
	assert_top(p10, 2, LTTV_MODE_SOFTIRQ, 3);
	g_assert_cmpint(lttv_trace_state_cpu_mode(r.ts, 0), ==, LTTV_CPU_SOFTIRQ);
	g_assert_cmpstr(lttv_trace_state_softirq_name(r.ts, 3), ==, "NET_RX");
	run_until(&r, T0 + 201);
	assert_top(p10, 2, LTTV_MODE_SYSCALL, 3);
	g_assert_cmpint(lttv_process_frame(p10, 0)->mode, ==, LTTV_MODE_USER);
	assert_filter(r.ts, r.m, "state.pid = 10 & state.execution_mode = syscall & state.execution_submode = close"
	              " & state.process_status = running & state.cpu = 0 & state.process_name = a", TRUE);
	assert_filter(r.ts, r.m, "state.pid = 20 | state.execution_mode = user", FALSE);
	run_until(&r, T0 + 301);
	assert_top(p10, 1, LTTV_MODE_USER, LTTV_SUBMODE_NONE);
	assert_top(p20, 1, LTTV_MODE_USER, LTTV_SUBMODE_NONE);
	run_until(&r, T0 + 401);
	assert_top(p20, 2, LTTV_MODE_TRAP, 0);
	g_assert_cmpint(lttv_trace_state_cpu_mode(r.ts, 1), ==, LTTV_CPU_TRAP);
	run_until(&r, T0 + 501);
	p30 = lttv_trace_state_find_process(r.ts, 30, 1);
	assert_top(p30, 1, LTTV_MODE_UNKNOWN, LTTV_SUBMODE_NONE);
	g_assert_cmpint(lttv_process_status(p20), ==, LTTV_STATUS_BLOCKED);
	g_assert_cmpint(lttv_process_status(p30), ==, LTTV_STATUS_RUNNING);
	g_assert_cmpuint(lttv_process_first_seen(p30), ==, T0 + 500);
	g_assert_cmpstr(lttv_process_name(p30), ==, "c");
	run_until(&r, T0 + 701);
	assert_top(p30, 2, LTTV_MODE_SYSCALL, 0);
	g_assert_cmpint(lttv_process_frame(p30, 0)->mode, ==, LTTV_MODE_USER);
	lttv_stats_close(r.s, T0 + 700);

	/* The time of frames identified late went to what they turned out to be. */
	tree = lttv_stats_tree(r.s, FALSE);
	g_assert_cmpuint(node_mode_time(tree, 10, 0, 0, LTTV_MODE_IRQ), ==, 100);
	g_assert_cmpuint(node_mode_time(tree, 10, 0, 0, LTTV_MODE_SOFTIRQ), ==, 20);
	g_assert_cmpuint(node_mode_time(tree, 10, 0, 0, LTTV_MODE_USER), ==, 50 + 30 + 440);
	g_assert_cmpuint(node_mode_time(tree, 10, 0, 0, LTTV_MODE_SYSCALL), ==, 60);
	g_assert_cmpuint(node_mode_time(tree, 10, 0, 0, LTTV_MODE_UNKNOWN), ==, 0);
	g_assert_cmpuint(submode_time(tree, 20, LTTV_MODE_SYSCALL, 3), ==, 300);
	g_assert_cmpuint(submode_time(tree, 20, LTTV_MODE_SYSCALL, LTTV_SUBMODE_NONE), ==, 0);
	g_assert_cmpuint(node_mode_time(tree, 20, 0, 0, LTTV_MODE_TRAP), ==, 50);
	g_assert_cmpuint(submode_time(tree, 30, LTTV_MODE_SYSCALL, 3), ==, 100);
	g_assert_cmpuint(node_mode_time(tree, 30, 0, 0, LTTV_MODE_UNKNOWN), ==, 0);
	g_assert_cmpuint(tree->cpu_time, ==, 2 * 700);
	lttv_stats_node_free(tree);
	replay_close(&r);
}

/* Exits without an entry on a task whose mode is known change nothing,
 * nor do events of types typed unlike format.md. */
static void test_stray_events(void)
{
	Builder *b = builder_new("stray", 1);
	Replay r;
	LttvProcess *p;

	dump_process(b, T0, 0, 0, 0, "swapper/0", 7, 1, 0, 0);
	dump_process(b, T0, 10, 10, 1, "a", 0, 0, 0, 0);
	irq_event(b, 0, T0 + 10, E_IRQ_EXIT, 16);
	syscall_event(b, 0, T0 + 20, E_SYS_EXIT, 3);
	softirq_event(b, 0, T0 + 30, E_SOFTIRQ_EXIT, 1);
	fault_event(b, 0, T0 + 40, E_PF_EXIT);
	task_event(b, 0, T0 + 50, E_EXIT, 10);
	ltt_payload_put_string(&b->pl, "a");
	ltt_payload_put_string(&b->pl, "10");
	ltt_payload_put_s32(&b->pl, 120);
	emit(b, 0, T0 + 60, E_ODD);
	/* A lost sys_exit: the next sys_enter still leaves one system call. */
	syscall_event(b, 0, T0 + 70, E_SYS_ENTER, 1);
	irq_event(b, 0, T0 + 75, E_IRQ_ENTRY, 16);
	syscall_event(b, 0, T0 + 80, E_SYS_ENTER, 2);

	replay_open(&r, builder_finish(b), FALSE);
	run_until(&r, T0 + 61);
	p = lttv_trace_state_find_process(r.ts, 10, 0);
	assert_top(p, 1, LTTV_MODE_USER, LTTV_SUBMODE_NONE);
	g_assert_cmpint(lttv_process_status(p), ==, LTTV_STATUS_EXITING);
	g_assert_false(lttv_trace_state_irq_busy(r.ts, 16));
	run_until(&r, T0 + 76);
	assert_top(p, 3, LTTV_MODE_IRQ, 16);
	g_assert_true(lttv_trace_state_irq_busy(r.ts, 16));
	g_assert_cmpint(lttv_trace_state_cpu_mode(r.ts, 0), ==, LTTV_CPU_IRQ);
	run_until(&r, T0 + 81);
	assert_top(p, 2, LTTV_MODE_SYSCALL, 2);
	g_assert_false(lttv_trace_state_irq_busy(r.ts, 16));
	g_assert_cmpuint(lttv_trace_state_event_count(r.ts), ==, 11);
	replay_close(&r);
}

/* Forks, threads, statuses through a life, PID reuse, pid 0 per CPU. */
static void test_lifecycle(void)
{
	Builder *b = builder_new("life", 2);
	Replay r;
	LttvStatsNode *tree;
	LttvProcess *parent, *child, *thread, *idle0, *idle1;

	dump_process(b, T0, 0, 0, 0, "swapper/0", 7, 1, 0, 0);
	dump_process(b, T0, 0, 0, 0, "swapper/1", 0, 1, 1, 0);
	dump_process(b, T0, 10, 10, 1, "shell", 0, 0, 0, 500);
	syscall_event(b, 0, T0 + 100, E_SYS_ENTER, 56);
	fork_events(b, 0, T0 + 110, 10, 40, FALSE);
	wakeup(b, 0, T0 + 130, E_WAKEUP_NEW, 40);
	fork_events(b, 0, T0 + 140, 10, 41, TRUE);
	syscall_event(b, 0, T0 + 160, E_SYS_EXIT, 56);
	sched_switch(b, 1, T0 + 200, 0, 0, 40, "child");
	syscall_event(b, 1, T0 + 250, E_SYS_EXIT, 56);        /* the child leaves clone */
	syscall_event(b, 1, T0 + 300, E_SYS_ENTER, 59);
	ltt_payload_put_string(&b->pl, "/usr/bin/ls");
	ltt_payload_put_s32(&b->pl, 40);
	ltt_payload_put_s32(&b->pl, 40);
	emit(b, 1, T0 + 310, E_EXEC);
	syscall_event(b, 1, T0 + 320, E_SYS_EXIT, 59);
	syscall_event(b, 1, T0 + 400, E_SYS_ENTER, 231);
	task_event(b, 1, T0 + 410, E_EXIT, 40);
	sched_switch(b, 1, T0 + 420, 40, 32, 0, "swapper/1");
	task_event(b, 0, T0 + 500, E_FREE, 40);
	syscall_event(b, 0, T0 + 600, E_SYS_ENTER, 56);
	fork_events(b, 0, T0 + 610, 10, 40, FALSE);           /* pid 40 again */
	syscall_event(b, 0, T0 + 630, E_SYS_EXIT, 56);
	sched_switch(b, 0, T0 + 700, 10, 1, 0, "swapper/0");
	wakeup(b, 1, T0 + 800, E_WAKEUP, 10);

	replay_open(&r, builder_finish(b), TRUE);
	run_until(&r, T0 + 1);
	idle0 = lttv_trace_state_find_process(r.ts, 0, 0);
	idle1 = lttv_trace_state_find_process(r.ts, 0, 1);
	g_assert_true(idle0 != idle1);
	g_assert_cmpstr(lttv_process_name(idle1), ==, "swapper/1");
	g_assert_true(lttv_trace_state_running_process(r.ts, 1) == idle1);
	g_assert_cmpint(lttv_trace_state_cpu_mode(r.ts, 1), ==, LTTV_CPU_IDLE);
	g_assert_cmpint(lttv_trace_state_cpu_mode(r.ts, 0), ==, LTTV_CPU_BUSY);
	assert_top(idle1, 1, LTTV_MODE_IDLE, LTTV_SUBMODE_NONE);
	parent = lttv_trace_state_find_process(r.ts, 10, 0);
	g_assert_cmpuint(lttv_process_birth(parent), ==, 500);

	run_until(&r, T0 + 121);
	child = lttv_trace_state_find_process(r.ts, 40, 0);
	g_assert_nonnull(child);
	g_assert_cmpint(lttv_process_status(child), ==, LTTV_STATUS_WAIT_FORK);
	g_assert_cmpuint(lttv_process_birth(child), ==, T0 + 120);
	g_assert_cmpint(lttv_process_ppid(child), ==, 10);
	g_assert_cmpint(lttv_process_tgid(child), ==, 40);
	assert_top(child, 2, LTTV_MODE_SYSCALL, 56);
	run_until(&r, T0 + 151);
	g_assert_cmpint(lttv_process_status(child), ==, LTTV_STATUS_WAIT_CPU);
	thread = lttv_trace_state_find_process(r.ts, 41, 0);
	g_assert_cmpint(lttv_process_tgid(thread), ==, 10);
	g_assert_cmpint(lttv_process_ppid(thread), ==, 1);

	run_until(&r, T0 + 201);
	g_assert_cmpint(lttv_process_status(child), ==, LTTV_STATUS_RUNNING);
	g_assert_cmpuint(lttv_process_cpu(child), ==, 1);
	g_assert_cmpint(lttv_process_status(idle1), ==, LTTV_STATUS_WAIT_CPU);
	run_until(&r, T0 + 251);
	assert_top(child, 1, LTTV_MODE_USER, LTTV_SUBMODE_NONE);
	run_until(&r, T0 + 321);
	g_assert_cmpstr(lttv_process_name(child), ==, "ls");
	run_until(&r, T0 + 411);
	g_assert_cmpint(lttv_process_status(child), ==, LTTV_STATUS_EXITING);
	run_until(&r, T0 + 421);
	g_assert_cmpint(lttv_process_status(child), ==, LTTV_STATUS_ZOMBIE);
	run_until(&r, T0 + 501);
	g_assert_null(lttv_trace_state_find_process(r.ts, 40, 0));
	run_until(&r, T0 + 621);
	child = lttv_trace_state_find_process(r.ts, 40, 0);
	g_assert_cmpuint(lttv_process_birth(child), ==, T0 + 620);
	run_until(&r, T0 + 701);
	g_assert_cmpint(lttv_process_status(parent), ==, LTTV_STATUS_BLOCKED);
	run_until(&r, T0 + 801);
	g_assert_cmpint(lttv_process_status(parent), ==, LTTV_STATUS_WAIT_CPU);
	lttv_stats_close(r.s, T0 + 800);

	/* Both tasks 40 have statistics of their own. */
	tree = lttv_stats_tree(r.s, FALSE);
	g_assert_nonnull(lttv_stats_node_find_process(tree, 40, T0 + 120, 0));
	g_assert_nonnull(lttv_stats_node_find_process(tree, 40, T0 + 620, 0));
	g_assert_cmpuint(node_mode_time(tree, 40, T0 + 120, 0, LTTV_MODE_SYSCALL), ==, 50 + 10 + 10 + 20);
	g_assert_cmpuint(node_mode_time(tree, 40, T0 + 120, 0, LTTV_MODE_USER), ==, 50 + 80);
	g_assert_cmpstr(lttv_stats_node_find_process(tree, 40, T0 + 120, 0)->name, ==, "ls");
	g_assert_cmpuint(node_mode_time(tree, 0, 0, 1, LTTV_MODE_IDLE), ==, 200 + 380);
	g_assert_cmpuint(node_mode_time(tree, 0, 0, 0, LTTV_MODE_IDLE), ==, 100);
	g_assert_cmpuint(lttv_stats_node_count_events(lttv_stats_node_find_process(tree, 40, T0 + 120, 0),
	                                              "sched_switch"), ==, 1);
	lttv_stats_node_free(tree);
	replay_close(&r);
}

/* Without page_fault_exit in the trace, faults do not change modes. */
static void test_faults_without_exit(void)
{
	Builder *b = builder_new_full("ftrace-like", 1, FALSE);
	Replay r;
	LttvProcess *p;

	dump_process(b, T0, 0, 0, 0, "swapper/0", 7, 1, 0, 0);
	dump_process(b, T0, 10, 10, 1, "a", 0, 0, 0, 0);
	fault_event(b, 0, T0 + 10, E_PF_USER);
	syscall_event(b, 0, T0 + 20, E_SYS_ENTER, 0);
	fault_event(b, 0, T0 + 30, E_PF_KERNEL);

	replay_open(&r, builder_finish(b), FALSE);
	run_until(&r, T0 + 11);
	p = lttv_trace_state_find_process(r.ts, 10, 0);
	assert_top(p, 1, LTTV_MODE_USER, LTTV_SUBMODE_NONE);
	run_until(&r, LTT_TIME_INFINITE);
	assert_top(p, 2, LTTV_MODE_SYSCALL, 0);
	replay_close(&r);
}

/* A copy is independent of the original. */
static void test_copy(void)
{
	const char *args[] = { "--cpus=2", "--processes=8", "--events=5000", "--seed=12", NULL };
	char *path = analysis_synth(tmpdir, "copy", FALSE, args);
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(path, &error);
	Replay r;
	LttvTraceState *copy, *again;
	GString *why = g_string_new(NULL);

	g_assert_no_error(error);
	replay_open(&r, trace, FALSE);
	run_until(&r, ltt_trace_start_time(trace) + (ltt_trace_end_time(trace) - ltt_trace_start_time(trace)) / 2);
	copy = lttv_trace_state_copy(r.ts);
	g_assert_true(analysis_state_equal(r.ts, copy, why));
	run_until(&r, LTT_TIME_INFINITE);
	g_assert_false(analysis_state_equal(r.ts, copy, why));
	again = lttv_trace_state_copy(copy);
	g_assert_true(analysis_state_equal(again, copy, why));
	lttv_trace_state_free(again);
	lttv_trace_state_free(copy);
	g_string_free(why, TRUE);
	replay_close(&r);
	g_free(path);
}

/* A system call with the pid of the task that made it. */
static void pid_syscall(Builder *b, guint cpu, LttTime t, guint id, gint32 pid, gint64 nr)
{
	ltt_payload_put_s32(&b->pl, pid);
	syscall_event(b, cpu, t, id, nr);
}

static guint64 task_events(const LttvStatsNode *tree, gint32 pid, const char *type)
{
	const LttvStatsNode *p = lttv_stats_node_find_process(tree, pid, 0, 0);

	return p != NULL ? lttv_stats_node_count_events(p, type) : 0;
}

/* Task 100 makes 10 getppid calls after a switch to the agent 200 whose
 * switch back was never recorded (doc/analysis.md §1.4).  With the pid
 * each call carries, every call is 100's; with the switches alone, the
 * next switch's prev_pid repairs the CPU's task. */
static void missing_switch_trace(gboolean pids, LttvStatsNode **tree, LttvTraceState **state)
{
	Builder *b = builder_new(pids ? "missing-switch-pids" : "missing-switch", 1);
	Replay r;
	guint i;

	dump_process(b, T0, 0, 0, 0, "swapper/0", 8, 1, 0, 0);
	dump_process(b, T0, 100, 100, 1, "loop", 0, 0, 0, 0);
	dump_process(b, T0, 200, 200, 1, "agent", 1, 0, 0, 0);
	emit(b, 0, T0, E_DUMP_END);
	sched_switch(b, 0, T0 + 100, 100, 0, 200, "agent");
	for (i = 0; i < 10; i++) {
		LttTime t = T0 + 1000 + 100 * i;

		if (pids) {
			pid_syscall(b, 0, t, E_PID_SYS_ENTER, 100, 110);
			pid_syscall(b, 0, t + 50, E_PID_SYS_EXIT, 100, 110);
		} else {
			syscall_event(b, 0, t, E_SYS_ENTER, 110);
			syscall_event(b, 0, t + 50, E_SYS_EXIT, 110);
		}
	}
	sched_switch(b, 0, T0 + 3000, 100, 1, 0, "swapper/0");
	replay_open(&r, builder_finish(b), TRUE);
	run_until(&r, LTT_TIME_INFINITE);
	lttv_stats_close(r.s, T0 + 3000);
	*tree = lttv_stats_tree(r.s, FALSE);
	*state = lttv_trace_state_copy(r.ts);
	replay_close(&r);
}

static void test_missing_switch(void)
{
	LttvStatsNode *tree;
	LttvTraceState *ts;

	missing_switch_trace(TRUE, &tree, &ts);
	g_assert_cmpuint(task_events(tree, 100, "sys_enter"), ==, 10);
	g_assert_cmpuint(task_events(tree, 200, "sys_enter"), ==, 0);
	/* Repaired at the first call: 100 ran from then on, in user mode
	 * between the calls. */
	g_assert_cmpuint(lttv_trace_state_repairs(ts), ==, 1);
	g_assert_cmpuint(tree->unaccounted, ==, 1);
	g_assert_cmpuint(submode_time(tree, 100, LTTV_MODE_SYSCALL, 110), ==, 10 * 50);
	/* Its calls, not what happened inside them (doc/analysis.md §3). */
	g_assert_cmpuint(lttv_stats_node_find_mode(lttv_stats_node_find_process(tree, 100, 0, 0), LTTV_MODE_SYSCALL)->calls,
	                 ==, 10);
	g_assert_cmpuint(node_mode_time(tree, 100, 0, 0, LTTV_MODE_USER), ==, 100 + 9 * 50 + 1050);
	g_assert_cmpuint(node_mode_time(tree, 200, 0, 0, LTTV_MODE_USER), ==, 900);
	/* Those 900 ns from the switch to the first call were 200's or 100's:
	 * both say so. */
	g_assert_cmpuint(lttv_stats_node_find_process(tree, 200, 0, 0)->uncertain_time, ==, 900);
	g_assert_cmpuint(lttv_stats_node_find_process(tree, 100, 0, 0)->uncertain_time, ==, 900);
	g_assert_cmpuint(lttv_stats_node_find_process(tree, 0, 0, 0)->uncertain_time, ==, 0);
	g_assert_cmpint(lttv_process_status(lttv_trace_state_find_process(ts, 200, 0)), ==, LTTV_STATUS_UNKNOWN);
	lttv_stats_node_free(tree);
	lttv_trace_state_free(ts);

	missing_switch_trace(FALSE, &tree, &ts);
	/* The switch alone proves 100 ran: the CPU's task is repaired there,
	 * and the time since the CPU's last event (the last call's exit) is
	 * undecided. */
	g_assert_cmpuint(lttv_trace_state_repairs(ts), ==, 1);
	g_assert_cmpuint(lttv_stats_node_find_process(tree, 200, 0, 0)->uncertain_time, ==, 3000 - 1950);
	g_assert_cmpuint(lttv_stats_node_find_process(tree, 100, 0, 0)->uncertain_time, ==, 3000 - 1950);
	g_assert_cmpint(lttv_process_status(lttv_trace_state_find_process(ts, 100, 0)), ==, LTTV_STATUS_BLOCKED);
	g_assert_cmpint(lttv_process_status(lttv_trace_state_find_process(ts, 200, 0)), ==, LTTV_STATUS_UNKNOWN);
	g_assert_cmpint(lttv_process_pid(lttv_trace_state_running_process(ts, 0)), ==, 0);
	lttv_stats_node_free(tree);
	lttv_trace_state_free(ts);
}

/* Before a switch whose prev task is not the one the state believes
 * runs, the event's own task is its prev task: textDump -p shows it, and
 * a filter's state.* fields are its. */
static void test_event_process(void)
{
	Builder *b = builder_new("event-process", 1);
	const LttEvent *ev;
	Replay r;

	dump_process(b, T0, 100, 100, 1, "loop", 0, 0, 0, 0);
	dump_process(b, T0, 200, 200, 1, "agent", 1, 0, 0, 0);
	emit(b, 0, T0, E_DUMP_END);
	sched_switch(b, 0, T0 + 100, 100, 0, 200, "agent");
	sched_switch(b, 0, T0 + 3000, 100, 1, 0, "swapper/0");
	replay_open(&r, builder_finish(b), FALSE);
	run_until(&r, T0 + 3000);
	ev = analysis_merge_source.peek(r.m);
	g_assert_cmpint(lttv_process_pid(lttv_trace_state_running_process(r.ts, 0)), ==, 200);
	g_assert_cmpint(lttv_process_pid(lttv_trace_state_event_process(r.ts, ev)), ==, 100);
	assert_filter(r.ts, r.m, "state.process_name = loop", TRUE);
	assert_filter(r.ts, r.m, "state.pid = 100", TRUE);
	assert_filter(r.ts, r.m, "state.pid = 200", FALSE);
	replay_close(&r);
}

/* A kernel thread waiting for work ('I' in the dump, prev_state 128 at a
 * switch) sleeps: it is blocked, not waiting for a CPU; the idle task the
 * dump says idle is the one that is runnable. */
static void test_idle_kthread(void)
{
	Builder *b = builder_new("idle-kthread", 1);
	Replay r;

	dump_process(b, T0, 0, 0, 0, "swapper/0", 7, 0, 0, 0);
	dump_process(b, T0, 1, 1, 0, "init", 0, 0, 0, 0);
	dump_process(b, T0, 40, 40, 2, "kworker/0:1", 7, 0, 0, 0);
	dump_process(b, T0, 41, 41, 2, "kworker/0:2", 0, 0, 0, 0);
	emit(b, 0, T0, E_DUMP_END);
	sched_switch(b, 0, T0 + 100, 1, 1, 41, "kworker/0:2");
	sched_switch(b, 0, T0 + 200, 41, 128, 0, "swapper/0");
	replay_open(&r, builder_finish(b), FALSE);
	run_until(&r, T0 + 150);
	g_assert_cmpint(lttv_process_status(lttv_trace_state_find_process(r.ts, 40, 0)), ==, LTTV_STATUS_BLOCKED);
	g_assert_cmpint(lttv_process_status(lttv_trace_state_find_process(r.ts, 0, 0)), ==, LTTV_STATUS_WAIT_CPU);
	run_until(&r, LTT_TIME_INFINITE);
	g_assert_cmpint(lttv_process_status(lttv_trace_state_find_process(r.ts, 41, 0)), ==, LTTV_STATUS_BLOCKED);
	replay_close(&r);
}

/* No switch out of the idle task was recorded: a system call proves some
 * other task runs.  The idle task never gets a system call; the calls go
 * to the unknown task (pid -1) until a switch says who ran. */
static void test_idle_syscall(void)
{
	Builder *b = builder_new("idle-syscall", 1);
	LttvStatsNode *tree;
	const LttvStatsNode *unknown;
	Replay r;

	dump_process(b, T0, 0, 0, 0, "swapper/0", 0, 1, 0, 0);
	dump_process(b, T0, 300, 300, 1, "reader", 1, 0, 0, 0);
	emit(b, 0, T0, E_DUMP_END);
	syscall_event(b, 0, T0 + 100, E_SYS_ENTER, 0);
	syscall_event(b, 0, T0 + 200, E_SYS_EXIT, 0);
	sched_switch(b, 0, T0 + 500, 300, 1, 0, "swapper/0");
	replay_open(&r, builder_finish(b), TRUE);
	run_until(&r, LTT_TIME_INFINITE);
	lttv_stats_close(r.s, T0 + 600);
	tree = lttv_stats_tree(r.s, TRUE);
	g_assert_cmpuint(lttv_trace_state_repairs(r.ts), ==, 1);
	g_assert_cmpuint(lttv_stats_node_count_events(lttv_stats_node_find_process(g_ptr_array_index(tree->children, 0),
	                                                                           0, 0, 0), "sys_enter"), ==, 0);
	unknown = lttv_stats_node_find_process(g_ptr_array_index(tree->children, 0), -1, 0, 0);
	g_assert_nonnull(unknown);
	g_assert_cmpstr(unknown->name, ==, "unknown");
	g_assert_cmpuint(lttv_stats_node_count_events(unknown, "sys_enter"), ==, 1);
	/* The switch's prev_pid says who ran: the switch is 300's. */
	g_assert_cmpuint(lttv_stats_node_count_events(unknown, "sched_switch"), ==, 0);
	g_assert_cmpuint(lttv_stats_node_count_events(lttv_stats_node_find_process(g_ptr_array_index(tree->children, 0),
	                                                                           300, 0, 0), "sched_switch"), ==, 1);
	/* Every nanosecond of the CPU is someone's, the unknown task's too
	 * (doc/analysis.md §3). */
	g_assert_cmpuint(tree->cpu_time, ==, 600);
	g_assert_cmpuint(unknown->cpu_time, ==, 400);
	lttv_stats_node_free(tree);
	replay_close(&r);
}

/* Time before any event says who runs on a CPU is the unknown task's:
 * CPU time sums to CPUs x span. */
static void test_unknown_time(void)
{
	Builder *b = builder_new("unknown-time", 2);
	LttvStatsNode *tree;
	Replay r;

	dump_process(b, T0, 10, 10, 1, "a", 0, 0, 0, 0);
	emit(b, 0, T0, E_DUMP_END);
	sched_switch(b, 1, T0 + 400, 20, 1, 0, "swapper/1");
	sched_switch(b, 0, T0 + 1000, 10, 1, 0, "swapper/0");
	replay_open(&r, builder_finish(b), TRUE);
	run_until(&r, LTT_TIME_INFINITE);
	lttv_stats_close(r.s, T0 + 1000);
	tree = lttv_stats_tree(r.s, TRUE);
	g_assert_cmpuint(tree->cpu_time, ==, 2 * 1000);
	g_assert_cmpuint(lttv_stats_node_find_process(g_ptr_array_index(tree->children, 1), -1, 0, 1)->cpu_time, ==, 400);
	lttv_stats_node_free(tree);
	replay_close(&r);
}

static void charge(Builder *b, guint cpu, LttTime t, gint32 pid, guint64 ns)
{
	ltt_payload_put_string(&b->pl, "task");
	ltt_payload_put_s32(&b->pl, pid);
	ltt_payload_put_u64(&b->pl, ns);
	emit(b, cpu, t, E_STAT_RUNTIME);
}

/* The kernel's charges (sched_stat_runtime) go to the task the event
 * names, on the event's CPU when it runs there, else on the CPU it last
 * ran on (a wakeup charges the target queue's task from the waker's
 * CPU); the tree by CPU has each CPU's, the tree by process their sum,
 * the trace and CPU nodes the sums of their processes; the switches' CPU
 * time is left as it was. */
static void test_charged(void)
{
	Builder *b = builder_new("charged", 2);
	LttvStatsNode *by_cpu, *whole;
	const LttvStatsNode *cpu0, *cpu1;
	Replay r;

	dump_process(b, T0, 10, 10, 1, "a", 0, 0, 0, 0);
	dump_process(b, T0, 20, 20, 1, "b", 0, 0, 1, 0);
	dump_process(b, T0, 30, 30, 1, "c", 1, 0, -1, 0);
	emit(b, 0, T0, E_DUMP_END);
	charge(b, 0, T0 + 100, 10, 90);
	charge(b, 1, T0 + 150, 20, 140);
	sched_switch(b, 0, T0 + 200, 10, 1, 20, "b");     /* b moves to CPU 0 */
	charge(b, 1, T0 + 250, 30, 7);                    /* c, sleeping (no CPU known) */
	charge(b, 1, T0 + 260, 20, 5);                    /* b, from CPU 1: on CPU 0, where b runs */
	charge(b, 0, T0 + 300, 20, 95);
	sched_switch(b, 0, T0 + 400, 20, 1, 0, "swapper/0");
	charge(b, 0, T0 + 450, 0, 1000);                  /* the idle task (kernels do not write it) */
	replay_open(&r, builder_finish(b), TRUE);
	run_until(&r, LTT_TIME_INFINITE);
	lttv_stats_close(r.s, T0 + 500);
	by_cpu = lttv_stats_tree(r.s, TRUE);
	whole = lttv_stats_tree(r.s, FALSE);
	cpu0 = g_ptr_array_index(by_cpu->children, 0);
	cpu1 = g_ptr_array_index(by_cpu->children, 1);
	g_assert_cmpuint(lttv_stats_node_find_process(cpu0, 10, 0, 0)->charged_time, ==, 90);
	g_assert_cmpuint(lttv_stats_node_find_process(cpu0, 20, 0, 0)->charged_time, ==, 95 + 5);
	g_assert_cmpuint(lttv_stats_node_find_process(cpu1, 20, 0, 0)->charged_time, ==, 140);
	g_assert_cmpuint(lttv_stats_node_find_process(cpu0, 0, 0, 0)->charged_time, ==, 1000);
	g_assert_cmpuint(cpu0->charged_time, ==, 90 + 95 + 5 + 1000);
	g_assert_cmpuint(lttv_stats_node_find_process(whole, 20, 0, 0)->charged_time, ==, 140 + 95 + 5);
	g_assert_cmpuint(lttv_stats_node_find_process(whole, 10, 0, 0)->cpu_time, ==, 200);
	g_assert_cmpuint(whole->charged_time, ==, by_cpu->charged_time);
	/* c is in no state dump (its CPU is not known), but the kernel says
	 * it ran: the charge makes it known, and its 7 ns are in its rows
	 * and the sums of both trees; it ran for no CPU time the state saw. */
	g_assert_nonnull(lttv_stats_node_find_process(cpu1, 30, 0, 0));
	g_assert_cmpuint(lttv_stats_node_find_process(cpu1, 30, 0, 0)->charged_time, ==, 7);
	g_assert_cmpuint(lttv_stats_node_find_process(cpu1, 30, 0, 0)->cpu_time, ==, 0);
	g_assert_nonnull(lttv_stats_node_find_process(whole, 30, 0, 0));
	g_assert_cmpuint(lttv_stats_node_find_process(whole, 30, 0, 0)->charged_time, ==, 7);
	g_assert_cmpuint(cpu1->charged_time, ==, 140 + 7);
	g_assert_cmpuint(by_cpu->charged_time, ==, 90 + 95 + 5 + 140 + 1000 + 7);
	lttv_stats_node_free(by_cpu);
	lttv_stats_node_free(whole);
	replay_close(&r);
}

/* A task's last charge comes at its last switch out, after its exit; its
 * parent may reap it on another CPU and the kernel free it before that
 * (sched_process_free, once an RCU grace period has passed): the charge
 * still names the task, which the state made known again, and is in its
 * pid's row and the sums, not dropped. */
static void test_charged_after_free(void)
{
	Builder *b = builder_new("charged-free", 2);
	LttvStatsNode *whole;
	guint64 charged = 0;
	Replay r;

	dump_process(b, T0, 10, 10, 1, "a", 0, 0, 0, 0);
	emit(b, 0, T0, E_DUMP_END);
	charge(b, 0, T0 + 100, 10, 90);
	task_event(b, 0, T0 + 200, E_EXIT, 10);
	task_event(b, 1, T0 + 300, E_FREE, 10);
	charge(b, 0, T0 + 400, 10, 35);                   /* its last run, from T0 + 100 */
	sched_switch(b, 0, T0 + 400, 10, 0x80, 0, "swapper/0");
	replay_open(&r, builder_finish(b), TRUE);
	run_until(&r, LTT_TIME_INFINITE);
	lttv_stats_close(r.s, T0 + 500);
	whole = lttv_stats_tree(r.s, FALSE);
	for (guint i = 0; i < whole->children->len; i++) {
		const LttvStatsNode *p = g_ptr_array_index(whole->children, i);

		if (p->pid == 10)
			charged += p->charged_time;
	}
	g_assert_cmpuint(charged, ==, 90 + 35);
	g_assert_cmpuint(whole->charged_time, ==, 90 + 35);
	lttv_stats_node_free(whole);
	replay_close(&r);
}

/* Names: a rename (prctl, pthread_setname_np), a switch's comm fresher
 * than what the state knew, the kernel's 15-character comm of a long
 * name, and the idle tasks' names (doc/analysis.md §1.5). */
static void test_names(void)
{
	Builder *b = builder_new("names", 2);
	LttvTraceState *ts;
	Replay r;

	dump_process(b, T0, 10, 10, 1, "bash", 0, 0, 0, 0);
	dump_process(b, T0, 11, 10, 1, "bash", 1, 0, 0, 0);
	emit(b, 0, T0, E_DUMP_END);
	ltt_payload_put_string(&b->pl, "/usr/bin/cpu-burner-with-a-long-name");
	ltt_payload_put_s32(&b->pl, 10);
	ltt_payload_put_s32(&b->pl, 10);
	emit(b, 0, T0 + 100, E_EXEC);
	fork_events(b, 0, T0 + 200, 10, 12, FALSE);
	ltt_payload_put_s32(&b->pl, 11);
	ltt_payload_put_string(&b->pl, "bash");
	ltt_payload_put_string(&b->pl, "worker-0");
	ltt_payload_put_s16(&b->pl, 0);
	emit(b, 0, T0 + 300, E_RENAME);
	ltt_payload_put_string(&b->pl, "cpu-burner-with");
	ltt_payload_put_s32(&b->pl, 10);
	ltt_payload_put_s32(&b->pl, 120);
	ltt_payload_put_s64(&b->pl, 1);
	ltt_payload_put_string(&b->pl, "kworker/0:1");
	ltt_payload_put_s32(&b->pl, 13);
	ltt_payload_put_s32(&b->pl, 120);
	emit(b, 0, T0 + 400, E_SWITCH);
	sched_switch(b, 1, T0 + 500, 0, 0, 11, "worker-0");   /* no comm for swapper/1 */
	sched_switch(b, 0, T0 + 600, 13, 1, 0, "swapper/0");
	/* The switch says 10 is "cpu-burner-with": the same name, cut. */
	sched_switch(b, 0, T0 + 700, 0, 0, 10, "cpu-burner-with");
	replay_open(&r, builder_finish(b), FALSE);
	/* The child's comm "child" is not its parent's: it stays. */
	run_until(&r, T0 + 250);
	g_assert_cmpstr(lttv_process_name(lttv_trace_state_find_process(r.ts, 12, 0)), ==, "child");
	run_until(&r, T0 + 350);
	g_assert_cmpstr(lttv_process_name(lttv_trace_state_find_process(r.ts, 11, 0)), ==, "worker-0");
	run_until(&r, LTT_TIME_INFINITE);
	ts = r.ts;
	g_assert_cmpstr(lttv_process_name(lttv_trace_state_find_process(ts, 10, 0)), ==, "cpu-burner-with-a-long-name");
	g_assert_cmpstr(lttv_process_name(lttv_trace_state_find_process(ts, 11, 0)), ==, "worker-0");
	g_assert_cmpstr(lttv_process_name(lttv_trace_state_find_process(ts, 13, 0)), ==, "kworker/0:1");
	g_assert_cmpstr(lttv_process_name(lttv_trace_state_find_process(ts, 0, 0)), ==, "swapper/0");
	g_assert_cmpstr(lttv_process_name(lttv_trace_state_find_process(ts, 0, 1)), ==, "swapper/1");
	replay_close(&r);
}

static void vector_event(Builder *b, guint cpu, LttTime t, guint id, gint32 vector)
{
	ltt_payload_put_s32(&b->pl, vector);
	emit(b, cpu, t, id);
}

#define VECTOR_LOCAL_TIMER LTTV_IRQ_VECTOR_BASE
#define VECTOR_RESCHEDULE (LTTV_IRQ_VECTOR_BASE + 1)

/* Interrupt vectors are IRQ frames named after the vector, whose number
 * is no IRQ line's (doc/analysis.md §1.2): the local timer inside a system
 * call, a reschedule IPI (LTTng's name) inside a soft IRQ, a device IRQ
 * 236 (the timer's vector number) apart; their time is the task's IRQ
 * time. */
static void test_irq_vectors(void)
{
	Builder *b = builder_new("vectors", 1);
	Replay r;
	LttvProcess *p;
	LttvStatsNode *tree;

	dump_process(b, T0, 0, 0, 0, "swapper/0", 7, 1, 0, 0);
	dump_process(b, T0, 10, 10, 1, "a", 0, 0, 0, 0);
	dump_name(b, T0, E_DUMP_IRQ, 236, "eth0");
	emit(b, 0, T0, E_DUMP_END);
	syscall_event(b, 0, T0 + 100, E_SYS_ENTER, 110);
	vector_event(b, 0, T0 + 200, E_TIMER_ENTRY, 236);
	vector_event(b, 0, T0 + 300, E_TIMER_EXIT, 236);
	softirq_event(b, 0, T0 + 310, E_SOFTIRQ_ENTRY, 1);
	vector_event(b, 0, T0 + 320, E_LTTNG_RESCHED_ENTRY, 253);
	vector_event(b, 0, T0 + 330, E_LTTNG_RESCHED_EXIT, 253);
	softirq_event(b, 0, T0 + 340, E_SOFTIRQ_EXIT, 1);
	syscall_event(b, 0, T0 + 400, E_SYS_EXIT, 110);
	irq_event(b, 0, T0 + 500, E_IRQ_ENTRY, 236);
	irq_event(b, 0, T0 + 550, E_IRQ_EXIT, 236);
	vector_event(b, 0, T0 + 600, E_TIMER_ENTRY, 236);
	vector_event(b, 0, T0 + 640, E_TIMER_EXIT, 236);
	syscall_event(b, 0, T0 + 700, E_SYS_ENTER, 110);
	replay_open(&r, builder_finish(b), TRUE);
	run_until(&r, T0 + 201);
	p = lttv_trace_state_find_process(r.ts, 10, 0);
	assert_top(p, 3, LTTV_MODE_IRQ, VECTOR_LOCAL_TIMER);
	g_assert_cmpint(lttv_trace_state_cpu_mode(r.ts, 0), ==, LTTV_CPU_IRQ);
	g_assert_cmpstr(lttv_trace_state_submode_name(r.ts, LTTV_MODE_IRQ, VECTOR_LOCAL_TIMER), ==, "local_timer");
	/* No line is busy: a vector has none. */
	g_assert_false(lttv_trace_state_irq_busy(r.ts, 236));
	run_until(&r, T0 + 301);
	assert_top(p, 2, LTTV_MODE_SYSCALL, 110);
	run_until(&r, T0 + 321);
	assert_top(p, 4, LTTV_MODE_IRQ, VECTOR_RESCHEDULE);
	g_assert_cmpstr(lttv_trace_state_submode_name(r.ts, LTTV_MODE_IRQ, VECTOR_RESCHEDULE), ==, "reschedule");
	run_until(&r, T0 + 331);
	assert_top(p, 3, LTTV_MODE_SOFTIRQ, 1);
	run_until(&r, T0 + 501);
	assert_top(p, 2, LTTV_MODE_IRQ, 236);
	g_assert_true(lttv_trace_state_irq_busy(r.ts, 236));
	g_assert_cmpstr(lttv_trace_state_irq_name(r.ts, 236), ==, "eth0");
	run_until(&r, LTT_TIME_INFINITE);
	assert_top(p, 2, LTTV_MODE_SYSCALL, 110);
	tree = lttv_stats_tree(r.s, FALSE);
	g_assert_cmpuint(node_mode_time(tree, 10, 0, 0, LTTV_MODE_IRQ), ==, 100 + 10 + 50 + 40);
	g_assert_cmpuint(submode_time(tree, 10, LTTV_MODE_IRQ, VECTOR_LOCAL_TIMER), ==, 100 + 40);
	g_assert_cmpuint(submode_time(tree, 10, LTTV_MODE_IRQ, VECTOR_RESCHEDULE), ==, 10);
	g_assert_cmpuint(submode_time(tree, 10, LTTV_MODE_IRQ, 236), ==, 50);
	g_assert_cmpuint(node_mode_time(tree, 10, 0, 0, LTTV_MODE_SOFTIRQ), ==, 20);
	g_assert_cmpuint(node_mode_time(tree, 10, 0, 0, LTTV_MODE_SYSCALL), ==, 100 + 10 + 60);
	lttv_stats_node_free(tree);
	replay_close(&r);
}

/* A long name's children: their comm is the parent's cut to 15 characters. */
static void test_long_name_children(void)
{
	Builder *b = builder_new("long-name-children", 1);
	Replay r;

	dump_process(b, T0, 10, 10, 1, "cpu-burner-with-a-long-name", 0, 0, 0, 0);
	emit(b, 0, T0, E_DUMP_END);
	ltt_payload_put_s32(&b->pl, 12);
	ltt_payload_put_string(&b->pl, "cpu-burner-with");
	ltt_payload_put_u64(&b->pl, 0x1200011);
	ltt_payload_put_s16(&b->pl, 0);
	emit(b, 0, T0 + 100, E_NEWTASK);
	replay_open(&r, builder_finish(b), FALSE);
	run_until(&r, LTT_TIME_INFINITE);
	g_assert_cmpstr(lttv_process_name(lttv_trace_state_find_process(r.ts, 12, 0)), ==, "cpu-burner-with-a-long-name");
	replay_close(&r);
}

int main(int argc, char **argv)
{
	int status;

	g_test_init(&argc, &argv, NULL);
	tmpdir = analysis_tmpdir();
	g_test_add_func("/state/start-inside", test_start_inside);
	g_test_add_func("/state/stray-events", test_stray_events);
	g_test_add_func("/state/lifecycle", test_lifecycle);
	g_test_add_func("/state/faults-without-exit", test_faults_without_exit);
	g_test_add_func("/state/copy", test_copy);
	g_test_add_func("/state/missing-switch", test_missing_switch);
	g_test_add_func("/state/event-process", test_event_process);
	g_test_add_func("/state/idle-syscall", test_idle_syscall);
	g_test_add_func("/state/idle-kthread", test_idle_kthread);
	g_test_add_func("/state/unknown-time", test_unknown_time);
	g_test_add_func("/state/charged", test_charged);
	g_test_add_func("/state/charged-after-free", test_charged_after_free);
	g_test_add_func("/state/names", test_names);
	g_test_add_func("/state/irq-vectors", test_irq_vectors);
	g_test_add_func("/state/long-name-children", test_long_name_children);
	status = g_test_run();
	tlt_remove_dir(tmpdir);
	g_free(tmpdir);
	return status;
}
