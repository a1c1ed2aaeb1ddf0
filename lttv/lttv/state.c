/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* state.c: processes, CPUs and IRQs rebuilt from kernel events.  The model
 * and the rules for frames that began before the trace are in
 * doc/analysis.md §1. */
#include "config.h"
#include <string.h>
#include "stats-private.h"

/* Deeper stacks only come from damaged or lost events: ignore further entries. */
#define MAX_DEPTH 64

/* sched_switch prev_state bits (format.md §4). */
#define TASK_PREEMPTED 0x100
#define TASK_DEAD_BIT 16
#define TASK_ZOMBIE_BIT 32
#define TASK_IDLE_BIT 128
#define LTT_CLONE_THREAD 0x10000

/* ltt_statedump_process enumerations (format.md §4). */
enum { DUMP_RUNNING, DUMP_SLEEPING, DUMP_DISK_SLEEP, DUMP_STOPPED, DUMP_TRACED, DUMP_ZOMBIE,
       DUMP_DEAD, DUMP_IDLE, DUMP_WAITING_CPU };
enum { DUMP_MODE_USER, DUMP_MODE_SYSCALL, DUMP_MODE_UNKNOWN };

/* Tells the attached statistics, if any, of a transition. */
#define STATS(ts, cb, ...) \
	do { \
		if ((ts)->stats != NULL) \
			lttv_stats_on_##cb((ts)->stats, __VA_ARGS__); \
	} while (0)

/* In a run in lanes (state-private.h), whether p runs on a CPU other than
 * cpu; if so the run is void. */
static gboolean foreign(LttvTraceState *ts, const LttvProcess *p, guint cpu)
{
	if (G_LIKELY(ts->lanes == NULL) || p == NULL || p->cpu == cpu || p->cpu >= ts->cpu_count
	    || ts->cpus[p->cpu].running != p || ts->lanes->ordered)
		return FALSE;
	ts->lanes->conflict = TRUE;
	return TRUE;
}

/* In a run in lanes, something the lanes cannot do in any order: the run is void. */
static gboolean lane_conflict(LttvTraceState *ts)
{
	if (G_LIKELY(ts->lanes == NULL) || ts->lanes->ordered)
		return FALSE;
	ts->lanes->conflict = TRUE;
	return TRUE;
}

static void process_free(LttvProcess *p)
{
	g_free(p->stack);
	g_free(p);
}

/* The frame under everything a task does: kernel threads never leave the
 * kernel, so they have no user mode (doc/analysis.md §1.2). */
static LttvExecMode base_mode(const LttvProcess *p)
{
	if (p->pid == 0)
		return LTTV_MODE_IDLE;
	return p->kernel_thread ? LTTV_MODE_SYSCALL : LTTV_MODE_USER;
}

static LttvProcess *process_new(gint32 pid, guint cpu, const char *name, LttTime t)
{
	LttvProcess *p = g_new0(LttvProcess, 1);

	p->pid = pid;
	p->tgid = pid;
	p->ppid = -1;
	p->cpu = cpu;
	p->status = LTTV_STATUS_UNKNOWN;
	p->name = g_intern_string(name != NULL ? name : "");
	p->comm_len = G_MAXUINT8;
	p->first_seen = t;
	p->capacity = 4;
	p->stack = g_new(LttvExecFrame, p->capacity);
	p->depth = 1;
	p->stack[0].mode = pid == 0 ? LTTV_MODE_IDLE : LTTV_MODE_UNKNOWN;
	p->stack[0].submode = LTTV_SUBMODE_NONE;
	p->stack[0].entry = t;
	return p;
}

/* Live tasks by pid (> 0).  Most events name a task met shortly before:
 * a direct-mapped cache of pointers answers them without hashing. */
#define PID_CACHE_SIZE 1024

static LttvProcess **pid_cache_slot(LttvTraceState *ts, gint32 pid)
{
	if (G_UNLIKELY(ts->pid_cache == NULL))
		ts->pid_cache = g_new0(LttvProcess *, PID_CACHE_SIZE);
	return &ts->pid_cache[(guint) pid & (PID_CACHE_SIZE - 1)];
}

static LttvProcess *process_lookup(LttvTraceState *ts, gint32 pid)
{
	LttvProcess **slot = pid_cache_slot(ts, pid);

	if (G_LIKELY(*slot != NULL && (*slot)->pid == pid))
		return *slot;
	*slot = g_hash_table_lookup(ts->processes, GINT_TO_POINTER(pid));
	return *slot;
}

static void process_insert(LttvTraceState *ts, LttvProcess *p)
{
	g_hash_table_insert(ts->processes, GINT_TO_POINTER(p->pid), p);
	*pid_cache_slot(ts, p->pid) = p;
}

static void grow_cpus(LttvTraceState *ts, guint count)
{
	if (count <= ts->cpu_count)
		return;
	ts->cpus = g_renew(LttvCpuState, ts->cpus, count);
	memset(ts->cpus + ts->cpu_count, 0, (count - ts->cpu_count) * sizeof(LttvCpuState));
	ts->cpu_count = count;
}

static inline void ensure_cpu(LttvTraceState *ts, guint cpu)
{
	if (G_LIKELY(cpu < ts->cpu_count))
		return;
	grow_cpus(ts, cpu + 1);
}

/* A CPU becomes present when the trace has a channel file for it or when
 * it gets a task (running or idle): marked there, not on every event. */
static G_GNUC_NO_INLINE void add_present_cpu(LttvTraceState *ts, guint cpu)
{
	guint i = ts->present_cpus->len;

	while (i > 0 && g_array_index(ts->present_cpus, guint, i - 1) > cpu)
		i--;
	if (i == 0 || g_array_index(ts->present_cpus, guint, i - 1) != cpu)
		g_array_insert_val(ts->present_cpus, i, cpu);
}

/* A CPU with a task is present already: the list is searched only for a
 * CPU that has none yet. */
static inline void mark_present(LttvTraceState *ts, guint cpu)
{
	ensure_cpu(ts, cpu);
	if (G_UNLIKELY(ts->cpus[cpu].running == NULL && ts->cpus[cpu].idle == NULL))
		add_present_cpu(ts, cpu);
}

void lttv_trace_state_add_cpu(LttvTraceState *ts, guint cpu)
{
	mark_present(ts, cpu);
}

static LttvProcess *idle_process(LttvTraceState *ts, guint cpu, LttTime t)
{
	mark_present(ts, cpu);
	if (ts->cpus[cpu].idle == NULL) {
		/* The kernel's name for the idle task of each CPU. */
		char name[32];

		g_snprintf(name, sizeof name, "swapper/%u", cpu);
		ts->cpus[cpu].idle = process_new(0, cpu, name, t);
	}
	return ts->cpus[cpu].idle;
}

/* The kernel keeps 15 characters of a task's name (its comm).  A name
 * known in full (from exec's file name, or a parent's) whose first 15
 * characters are comm is the same name: it stays (doc/analysis.md §1.5). */
#define COMM_MAX 15

static gboolean comm_truncates(const char *name, const char *comm)
{
	return strlen(comm) == COMM_MAX && strlen(name) > COMM_MAX && strncmp(name, comm, COMM_MAX) == 0;
}

static void set_name(LttvProcess *p, const char *name)
{
	p->name = g_intern_string(name);
	p->comm_len = G_MAXUINT8;
}

/* The task's name as an event says it is now (a switch's comm, a
 * rename). */
static void name_from_comm(LttvProcess *p, const char *comm)
{
	if (strcmp(p->name, comm) == 0 || comm[0] == '\0' || comm_truncates(p->name, comm))
		return;
	set_name(p, comm);
}

/* A string field whose end the reading of a later field found: where it
 * starts and its length, without a search; NULL when not found so. */
static inline const char *string_found(const LttvFieldReader *r, const LttvEventData *e, gsize *len)
{
	gsize off;

	if (!r->walkable || r->n_strings >= e->n_ends)
		return NULL;
	off = (r->n_strings > 0 ? e->ends[r->n_strings - 1] : 0) + (gsize) r->tail;
	if (off >= e->ends[r->n_strings])
		return NULL;
	*len = e->ends[r->n_strings] - 1 - off;
	return (const char *) e->payload + off;
}

/* Whether the len bytes at s are p's comm (its last switch's). */
static inline gboolean comm_same(const LttvProcess *p, const char *s, gsize len)
{
	guint64 a, b;
	guint32 c, d;

	if (len != p->comm_len)
		return FALSE;
	/* Two loads that overlap cover any length from 4 to 16. */
	if (len >= 8) {
		memcpy(&a, s, 8);
		memcpy(&b, p->comm, 8);
		if (a != b)
			return FALSE;
		memcpy(&a, s + len - 8, 8);
		memcpy(&b, p->comm + len - 8, 8);
		return a == b;
	}
	if (len >= 4) {
		memcpy(&c, s, 4);
		memcpy(&d, p->comm, 4);
		if (c != d)
			return FALSE;
		memcpy(&c, s + len - 4, 4);
		memcpy(&d, p->comm + len - 4, 4);
		return c == d;
	}
	return memcmp(s, p->comm, len) == 0;
}

/* name_from_comm with the comm a switch gives the task it runs (field r),
 * which usually is the one the task's last switch gave: compared with the
 * copy the task keeps.  (Renames while it runs come as task_rename or
 * sched_process_exec.) */
static inline void name_from_switch(LttvProcess *p, const LttvFieldReader *r, LttvEventData *ev)
{
	gsize len = 0;
	const char *comm = string_found(r, ev, &len);

	if (G_LIKELY(comm != NULL) && comm_same(p, comm, len))
		return;
	if (comm == NULL) {
		comm = lttv_field_reader_string(r, ev);
		len = strlen(comm);
	}
	name_from_comm(p, comm);
	if (len < sizeof p->comm) {
		memcpy(p->comm, comm, len);
		p->comm_len = (guint8) len;
	} else {
		p->comm_len = G_MAXUINT8;
	}
}

LttvTraceState *lttv_trace_state_new(LttTrace *trace)
{
	LttvTraceState *ts = g_new0(LttvTraceState, 1);
	guint i;

	ts->trace = ltt_trace_ref(trace);
	ts->table = lttv_event_table_new(trace);
	ts->processes = g_hash_table_new_full(NULL, NULL, NULL, (GDestroyNotify) process_free);
	ts->present_cpus = g_array_new(FALSE, FALSE, sizeof(guint));
	grow_cpus(ts, MAX(ltt_trace_info(trace)->cpu_count, 1));
	for (i = 0; i < ltt_trace_tracefile_count(trace); i++)
		mark_present(ts, ltt_tracefile_cpu(ltt_trace_tracefile(trace, i)));
	ts->irq_busy = g_array_new(FALSE, TRUE, sizeof(guint));
	ts->syscall_names = g_ptr_array_new();
	ts->irq_names = g_ptr_array_new();
	ts->softirq_names = g_ptr_array_new();
	return ts;
}

static LttvProcess *process_copy(const LttvProcess *p)
{
	LttvProcess *c = g_memdup2(p, sizeof(*p));

	c->stack = g_memdup2(p->stack, p->capacity * sizeof(LttvExecFrame));
	c->stats = NULL;
	return c;
}

static GPtrArray *names_copy(const GPtrArray *a)
{
	GPtrArray *c = g_ptr_array_sized_new(a->len);

	g_ptr_array_set_size(c, a->len);
	if (a->len > 0)   /* pdata may be NULL when empty */
		memcpy(c->pdata, a->pdata, a->len * sizeof(gpointer));
	return c;
}

LttvTraceState *lttv_trace_state_copy(const LttvTraceState *ts)
{
	LttvTraceState *c = g_memdup2(ts, sizeof(*ts));
	GHashTableIter it;
	gpointer key, value;
	guint i;

	ltt_trace_ref(c->trace);
	lttv_event_table_ref(c->table);
	c->stats = NULL;
	c->lanes = NULL;
	c->pid_cache = NULL;
	c->processes = g_hash_table_new_full(NULL, NULL, NULL, (GDestroyNotify) process_free);
	/* Only the present CPUs' entries hold anything: the others stay zero
	 * pages (a trace with kernel_0 and kernel_65535 copies two entries of
	 * a table of 65,536, not 1 MB per checkpoint). */
	c->cpus = g_new0(LttvCpuState, ts->cpu_count);
	g_hash_table_iter_init(&it, ts->processes);
	while (g_hash_table_iter_next(&it, &key, &value))
		g_hash_table_insert(c->processes, key, process_copy(value));
	for (guint k = 0; k < ts->present_cpus->len; k++) {
		i = g_array_index(ts->present_cpus, guint, k);
		LttvProcess *r = ts->cpus[i].running;

		c->cpus[i] = ts->cpus[i];
		if (ts->cpus[i].idle != NULL)
			c->cpus[i].idle = process_copy(ts->cpus[i].idle);
		if (r == NULL)
			continue;
		c->cpus[i].running = r->pid == 0 ? c->cpus[i].idle
		                                 : g_hash_table_lookup(c->processes, GINT_TO_POINTER(r->pid));
	}
	c->present_cpus = g_array_copy(ts->present_cpus);
	c->irq_busy = g_array_copy(ts->irq_busy);
	c->syscall_names = names_copy(ts->syscall_names);
	c->irq_names = names_copy(ts->irq_names);
	c->softirq_names = names_copy(ts->softirq_names);
	return c;
}

void lttv_trace_state_free(LttvTraceState *ts)
{
	guint i;

	if (ts == NULL)
		return;
	for (i = 0; i < ts->present_cpus->len; i++) {
		guint cpu = g_array_index(ts->present_cpus, guint, i);

		if (ts->cpus[cpu].idle != NULL)
			process_free(ts->cpus[cpu].idle);
	}
	g_free(ts->cpus);
	g_array_unref(ts->present_cpus);
	g_free(ts->pid_cache);
	g_hash_table_destroy(ts->processes);
	g_array_unref(ts->irq_busy);
	g_ptr_array_unref(ts->syscall_names);
	g_ptr_array_unref(ts->irq_names);
	g_ptr_array_unref(ts->softirq_names);
	lttv_event_table_unref(ts->table);
	ltt_trace_unref(ts->trace);
	g_free(ts);
}

void lttv_trace_state_set_stats(LttvTraceState *ts, LttvStats *s)
{
	ts->stats = s;
}

void lttv_trace_state_set_name(GPtrArray *names, gint64 index, const char *name)
{
	/* Ids come from the trace: bound them so a damaged one cannot allocate gigabytes. */
	if (index < 0 || index >= 65536 || name == NULL)
		return;
	if (names->len <= index)
		g_ptr_array_set_size(names, index + 1);
	g_ptr_array_index(names, index) = (gpointer) g_intern_string(name);
}

static void irq_busy_add(LttvTraceState *ts, gint32 irq, int delta)
{
	guint *count;

	if (irq < 0 || irq >= 65536)
		return;
	if (ts->irq_busy->len <= (guint) irq)
		g_array_set_size(ts->irq_busy, irq + 1);
	count = &g_array_index(ts->irq_busy, guint, irq);
	if (delta > 0)
		(*count)++;
	else if (*count > 0)
		(*count)--;
	else
		lane_conflict(ts);   /* in lanes, where the order of the changes matters */
}

/* Whether the line was named by an IRQ entry of this run in lanes. */
static gboolean lane_irq_named(const LttvLaneRun *run, gint32 irq)
{
	return run->irq_named != NULL && (guint) irq < run->irq_named->len
	       && g_array_index(run->irq_named, gboolean, irq);
}

/* An IRQ entry names its line the first time the line is met.  In lanes
 * the first met may not be the first in time: when the CPUs name a line
 * differently, the run is void.  (A name the state dump gave came first
 * in time: it stays.) */
static void irq_entry_name(LttvTraceState *ts, LttvEventData *ev, gint32 irq)
{
	LttvLaneRun *run = ts->lanes;
	const char *known;

	if (irq < 0 || irq >= 65536)
		return;
	if ((guint) irq >= ts->irq_names->len || (known = g_ptr_array_index(ts->irq_names, irq)) == NULL) {
		lttv_trace_state_set_name(ts->irq_names, irq, lttv_field_reader_string(&ev->h->fields[1], ev));
		if (run != NULL && !run->ordered) {
			if (run->irq_named == NULL)
				run->irq_named = g_array_new(FALSE, TRUE, sizeof(gboolean));
			if (run->irq_named->len <= (guint) irq)
				g_array_set_size(run->irq_named, irq + 1);
			g_array_index(run->irq_named, gboolean, irq) = TRUE;
		}
	} else if (G_UNLIKELY(run != NULL) && lane_irq_named(run, irq)
	           && strcmp(known, lttv_field_reader_string(&ev->h->fields[1], ev)) != 0) {
		lane_conflict(ts);
	}
}

/* Mode stack primitives: every change goes through these so the
 * statistics see all of them. */

static inline void frame_push(LttvTraceState *ts, LttvProcess *p, LttvExecMode mode, gint32 submode, LttTime t)
{
	if (p->depth >= MAX_DEPTH)
		return;
	if (p->depth == p->capacity) {
		p->capacity *= 2;
		p->stack = g_renew(LttvExecFrame, p->stack, p->capacity);
	}
	p->stack[p->depth].mode = mode;
	p->stack[p->depth].submode = submode;
	p->stack[p->depth].entry = t;
	p->depth++;
	if (mode == LTTV_MODE_IRQ)
		irq_busy_add(ts, submode, 1);
	STATS(ts, frame_push, p);
}

/* Removes the top frame; also the base one (depth 0) when the caller
 * replaces it at once. */
static inline void frame_pop(LttvTraceState *ts, LttvProcess *p, LttTime t)
{
	LttvExecFrame f = p->stack[--p->depth];

	if (f.mode == LTTV_MODE_IRQ)
		irq_busy_add(ts, f.submode, -1);
	STATS(ts, frame_pop, p, &f, t);
}

static void frame_resolve(LttvTraceState *ts, LttvProcess *p, guint i, LttvExecMode mode, gint32 submode)
{
	LttvExecFrame before = p->stack[i];

	if (before.mode == mode && before.submode == submode)
		return;
	/* An IRQ frame that changes line or mode: its line's count would go
	 * down without having gone up. */
	if ((before.mode == LTTV_MODE_IRQ || mode == LTTV_MODE_IRQ) && lane_conflict(ts))
		return;
	p->stack[i].mode = mode;
	p->stack[i].submode = submode;
	STATS(ts, frame_resolve, p, i, &before);
}

/* The base frame is known from now on: mode replaces it, entered when the
 * old base was (it was there all along). */
static void frame_replace_base(LttvTraceState *ts, LttvProcess *p, LttvExecMode mode, LttTime t)
{
	LttTime entry = p->stack[0].entry;

	frame_pop(ts, p, t);
	frame_push(ts, p, mode, LTTV_SUBMODE_NONE, entry);
}

static void pop_above_base(LttvTraceState *ts, LttvProcess *p, LttTime t)
{
	while (p->depth > 1)
		frame_pop(ts, p, t);
}

/* A user-mode entry (system call, user page fault) proves that nothing but
 * the base was on the stack and that the base is user mode. */
static void enter_from_user(LttvTraceState *ts, LttvProcess *p, LttvExecMode mode, gint32 submode, LttTime t)
{
	pop_above_base(ts, p, t);
	if (p->stack[0].mode == LTTV_MODE_UNKNOWN)
		frame_resolve(ts, p, 0, base_mode(p), LTTV_SUBMODE_NONE);
	frame_push(ts, p, mode, submode, t);
}

/* The end of a mode: pops the innermost frame of that mode (and frames above
 * it whose end was lost).  When there is none and the base is unknown, the
 * trace began inside this mode: the base was this mode and what lies under
 * it is the task's base mode for a system call, still unknown otherwise. */
static void exit_mode(LttvTraceState *ts, LttvProcess *p, LttvExecMode mode, gint32 submode, LttTime t)
{
	guint i;

	for (i = p->depth - 1; i >= 1; i--)
		if (p->stack[i].mode == mode)
			break;
	if (i >= 1) {
		while (p->depth - 1 > i)
			frame_pop(ts, p, t);
		if (p->stack[i].submode == LTTV_SUBMODE_NONE)
			frame_resolve(ts, p, i, mode, submode);
		frame_pop(ts, p, t);
		return;
	}
	if (p->stack[0].mode != LTTV_MODE_UNKNOWN)
		return;
	pop_above_base(ts, p, t);
	frame_resolve(ts, p, 0, mode, submode);
	frame_replace_base(ts, p, mode == LTTV_MODE_SYSCALL ? base_mode(p) : LTTV_MODE_UNKNOWN, t);
}

static void cpu_leave(LttvTraceState *ts, guint cpu, LttTime t);
static void cpu_enter(LttvTraceState *ts, guint cpu);

static void process_remove(LttvTraceState *ts, LttvProcess *p, guint cpu, LttTime t)
{
	guint i;

	if (foreign(ts, p, cpu))
		return;
	/* A wakeup applied early went to the task the time order removes. */
	if (G_UNLIKELY(p->lane_woken > t) && lane_conflict(ts))
		return;
	for (i = 0; i < ts->present_cpus->len; i++) {
		guint cpu_i = g_array_index(ts->present_cpus, guint, i);

		if (ts->cpus[cpu_i].running == p) {
			cpu_leave(ts, cpu_i, t);
			ts->cpus[cpu_i].running = NULL;
			cpu_enter(ts, cpu_i);
		}
	}
	STATS(ts, process_remove, p, t);
	if (*pid_cache_slot(ts, p->pid) == p)
		*pid_cache_slot(ts, p->pid) = NULL;
	g_hash_table_remove(ts->processes, GINT_TO_POINTER(p->pid));
}

/* The task with pid, created (state unknown) when first seen; its name is
 * read from the event's name field only when it has none yet. */
static LttvProcess *process_get(LttvTraceState *ts, gint32 pid, guint cpu, LttvEventData *ev,
                                const LttvFieldReader *name, LttTime t)
{
	LttvProcess *p;

	if (pid == 0)
		return idle_process(ts, cpu, t);
	p = process_lookup(ts, pid);
	if (p == NULL) {
		p = process_new(pid, cpu, NULL, t);
		process_insert(ts, p);
	}
	if (p->name[0] == '\0' && name != NULL && !foreign(ts, p, cpu))
		set_name(p, lttv_field_reader_string(name, ev));
	return p;
}

static void cpu_leave(LttvTraceState *ts, guint cpu, LttTime t)
{
	STATS(ts, cpu_leave, cpu, t);
}

/* After a change of the task running on cpu (not needed after a change of
 * its modes: the statistics follow its stack). */
static void cpu_enter(LttvTraceState *ts, guint cpu)
{
	STATS(ts, cpu_enter, cpu);
}

/* Makes p the task running on cpu (and nowhere else). */
static void set_running(LttvTraceState *ts, guint cpu, LttvProcess *p, LttTime t)
{
	guint other = p->cpu;

	mark_present(ts, cpu);
	if (other != cpu && other < ts->cpu_count && ts->cpus[other].running == p) {
		if (lane_conflict(ts))
			return;
		cpu_leave(ts, other, t);
		ts->cpus[other].running = NULL;
		cpu_enter(ts, other);
	}
	ts->cpus[cpu].running = p;
	p->cpu = cpu;
	p->status = LTTV_STATUS_RUNNING;
}

/* What a wakeup does: a task that waited for something now waits for a
 * CPU.  Depends only on the status before, so applying it twice changes
 * nothing. */
static void wake(LttvProcess *p)
{
	switch (p->status) {
	case LTTV_STATUS_UNKNOWN:
	case LTTV_STATUS_BLOCKED:
	case LTTV_STATUS_WAIT_FORK:
		p->status = LTTV_STATUS_WAIT_CPU;
		break;
	default:
		break;
	}
}

/* A wakeup of p at time w applied early (in lanes, before another CPU's
 * events up to w) is done again after those of them that set p's status
 * at t < w: the status then is what the time order gives after w.  At the
 * same time, their order is the tracefiles' (not known here): the run is
 * void. */
static void lane_wake_again(LttvTraceState *ts, LttvProcess *p, LttTime t)
{
	if (G_LIKELY(p->lane_woken <= t))
		return;
	if (p->lane_woken == t + 1)
		lane_conflict(ts);
	else
		wake(p);
}

static LttvProcessStatus status_after_switch(const LttvProcess *p, gint64 prev_state)
{
	/* Idle (128: TASK_IDLE, a kernel thread waiting for work) sleeps like
	 * an uninterruptible wait that adds no load; only the idle tasks
	 * (pid 0) are always runnable. */
	if (p->pid == 0 || prev_state == 0 || (prev_state & TASK_PREEMPTED))
		return LTTV_STATUS_WAIT_CPU;
	if (prev_state & TASK_ZOMBIE_BIT)
		return LTTV_STATUS_ZOMBIE;
	if (prev_state & TASK_DEAD_BIT)
		return LTTV_STATUS_DEAD;
	if (p->status == LTTV_STATUS_EXITING)
		return LTTV_STATUS_ZOMBIE;
	return LTTV_STATUS_BLOCKED;
}

static void on_sched_switch(LttvTraceState *ts, LttvEventData *ev, const LttvEventHandler *h, guint cpu, LttTime t)
{
	gint32 prev_pid = (gint32) lttv_field_reader_int(&h->fields[1], ev);
	gint64 prev_state = lttv_field_reader_int(&h->fields[2], ev);
	gint32 next_pid = (gint32) lttv_field_reader_int(&h->fields[4], ev);
	LttvProcess *prev = ts->cpus[cpu].running, *next;

	if (prev == NULL || prev->pid != prev_pid) {
		prev = process_get(ts, prev_pid, cpu, ev, &h->fields[0], t);
		if (foreign(ts, prev, cpu))
			return;
	}
	prev->status = status_after_switch(prev, prev_state);
	lane_wake_again(ts, prev, t);
	prev->cpu = cpu;
	ts->cpus[cpu].running = NULL;
	next = process_get(ts, next_pid, cpu, ev, &h->fields[3], t);
	set_running(ts, cpu, next, t);
	name_from_switch(next, &h->fields[3], ev);
}

static void on_rename(LttvTraceState *ts, LttvEventData *ev, const LttvEventHandler *h, guint cpu, LttTime t)
{
	gint32 pid = (gint32) lttv_field_reader_int(&h->fields[0], ev);
	LttvProcess *p = process_get(ts, pid, cpu, ev, NULL, t);

	if (!foreign(ts, p, cpu))
		name_from_comm(p, lttv_field_reader_string(&h->fields[2], ev));
}

static void on_wakeup(LttvTraceState *ts, LttvEventData *ev, const LttvEventHandler *h, guint cpu, LttTime t)
{
	gint32 pid = (gint32) lttv_field_reader_int(&h->fields[1], ev);

	if (pid != 0)
		wake(process_get(ts, pid, cpu, ev, &h->fields[0], t));
}

/* A task's birth, part of its key: the statistics change its record at
 * once (what it counted before stays under the old key). */
static void set_birth(LttvTraceState *ts, LttvProcess *p, LttTime birth)
{
	if (p->birth == birth)
		return;
	p->birth = birth;
	STATS(ts, birth, p);
}

/* The two events announcing a fork; each sets its bit in fork_seen. */
enum { FORK_SEEN_NEWTASK = 1, FORK_SEEN_PROCESS_FORK = 2 };

/* A task created by parent at t: task_newtask and sched_process_fork both
 * announce it, in either order; the second finds the first's task.  The
 * birth is sched_process_fork's time when there is one.  The child starts
 * inside the parent's system call, which it leaves with its own sys_exit. */
static LttvProcess *fork_child(LttvTraceState *ts, LttvProcess *parent, gint32 pid, const char *name,
                               guint cpu, guint seen, LttTime t)
{
	LttvProcess *child = pid > 0 ? process_lookup(ts, pid) : NULL;
	guint i;

	if (pid <= 0)
		return NULL;
	if (child != NULL && child->status == LTTV_STATUS_WAIT_FORK && !(child->fork_seen & seen)) {
		child->fork_seen |= seen;
		if (seen == FORK_SEEN_PROCESS_FORK)
			set_birth(ts, child, t);
		return child;
	}
	if (child != NULL)
		process_remove(ts, child, cpu, t);
	/* The child's comm is its parent's, maybe cut to 15 characters. */
	if (parent != NULL && comm_truncates(parent->name, name))
		name = parent->name;
	child = process_new(pid, cpu, name, t);
	process_insert(ts, child);
	child->fork_seen = seen;
	child->birth = t;
	child->status = LTTV_STATUS_WAIT_FORK;
	child->ppid = parent != NULL ? parent->tgid : -1;
	child->kernel_thread = parent != NULL && parent->kernel_thread;
	child->stack[0].mode = base_mode(child);
	for (i = parent != NULL ? parent->depth : 0; i-- > 1;)
		if (parent->stack[i].mode == LTTV_MODE_SYSCALL) {
			frame_push(ts, child, LTTV_MODE_SYSCALL, parent->stack[i].submode, t);
			break;
		}
	return child;
}

static void on_process_fork(LttvTraceState *ts, LttvEventData *ev, const LttvEventHandler *h, guint cpu, LttTime t)
{
	gint32 parent_pid = (gint32) lttv_field_reader_int(&h->fields[0], ev);
	gint32 child_pid = (gint32) lttv_field_reader_int(&h->fields[2], ev);
	LttvProcess *parent = process_get(ts, parent_pid, cpu, ev, NULL, t);

	if (foreign(ts, parent, cpu))
		return;
	fork_child(ts, parent, child_pid, lttv_field_reader_string(&h->fields[1], ev), cpu,
	           FORK_SEEN_PROCESS_FORK, t);
}

static void on_newtask(LttvTraceState *ts, LttvEventData *ev, const LttvEventHandler *h, guint cpu, LttTime t)
{
	gint32 pid = (gint32) lttv_field_reader_int(&h->fields[0], ev);
	guint64 flags = (guint64) lttv_field_reader_int(&h->fields[2], ev);
	LttvProcess *parent = ts->cpus[cpu].running;
	LttvProcess *child = fork_child(ts, parent, pid, lttv_field_reader_string(&h->fields[1], ev), cpu,
	                                FORK_SEEN_NEWTASK, t);

	if (child == NULL || parent == NULL)
		return;
	if (flags & LTT_CLONE_THREAD) {
		child->tgid = parent->tgid;
		child->ppid = parent->ppid;
	}
}

static void on_exec(LttvTraceState *ts, LttvEventData *ev, const LttvEventHandler *h, guint cpu, LttTime t)
{
	const char *filename = lttv_field_reader_string(&h->fields[0], ev);
	gint32 pid = (gint32) lttv_field_reader_int(&h->fields[1], ev);
	const char *slash = strrchr(filename, '/');
	LttvProcess *p = process_get(ts, pid, cpu, ev, NULL, t);

	if (!foreign(ts, p, cpu))
		set_name(p, slash != NULL ? slash + 1 : filename);
}

static void on_process_exit(LttvTraceState *ts, LttvEventData *ev, const LttvEventHandler *h, guint cpu, LttTime t)
{
	gint32 pid = (gint32) lttv_field_reader_int(&h->fields[1], ev);

	if (pid != 0)
		process_get(ts, pid, cpu, ev, &h->fields[0], t)->status = LTTV_STATUS_EXITING;
}

static void on_process_free(LttvTraceState *ts, LttvEventData *ev, const LttvEventHandler *h, guint cpu, LttTime t)
{
	gint32 pid = (gint32) lttv_field_reader_int(&h->fields[1], ev);
	LttvProcess *p = pid > 0 ? process_lookup(ts, pid) : NULL;

	if (p != NULL)
		process_remove(ts, p, cpu, t);
}

static void on_statedump_process(LttvTraceState *ts, LttvEventData *ev, const LttvEventHandler *h,
                                 guint cpu, LttTime t)
{
	gint32 pid = (gint32) lttv_field_reader_int(&h->fields[0], ev);
	gint64 status = lttv_field_reader_int(&h->fields[4], ev);
	gint64 mode = lttv_field_reader_int(&h->fields[5], ev);
	gint64 task_cpu = lttv_field_reader_int(&h->fields[6], ev);
	LttvProcess *p;
	guint pcpu;

	if (pid < 0 || task_cpu < 0 || task_cpu >= 4096)
		return;
	pcpu = (guint) task_cpu;
	if (pcpu != cpu && lane_conflict(ts))
		return;
	ensure_cpu(ts, pcpu);
	cpu_leave(ts, pcpu, t);
	p = process_get(ts, pid, pcpu, ev, NULL, t);
	if (foreign(ts, p, pcpu))
		return;
	p->tgid = (gint32) lttv_field_reader_int(&h->fields[1], ev);
	p->ppid = (gint32) lttv_field_reader_int(&h->fields[2], ev);
	set_name(p, lttv_field_reader_string(&h->fields[3], ev));
	p->kernel_thread = pid == 0 || lttv_field_reader_int(&h->fields[7], ev) != 0;
	set_birth(ts, p, (LttTime) lttv_field_reader_int(&h->fields[8], ev));
	p->cpu = pcpu;
	pop_above_base(ts, p, t);
	if (mode == DUMP_MODE_UNKNOWN)
		frame_resolve(ts, p, 0, LTTV_MODE_UNKNOWN, LTTV_SUBMODE_NONE);
	else
		frame_resolve(ts, p, 0, base_mode(p), LTTV_SUBMODE_NONE);
	if (mode == DUMP_MODE_SYSCALL && base_mode(p) == LTTV_MODE_USER)
		frame_push(ts, p, LTTV_MODE_SYSCALL, LTTV_SUBMODE_NONE, t);
	switch (status) {
	case DUMP_RUNNING:
		set_running(ts, pcpu, p, t);
		break;
	case DUMP_IDLE:
		/* A kernel thread waiting for work ('I'); the idle tasks of the
		 * CPUs the dump says idle are runnable. */
		p->status = p->pid == 0 ? LTTV_STATUS_WAIT_CPU : LTTV_STATUS_BLOCKED;
		break;
	case DUMP_SLEEPING:
	case DUMP_DISK_SLEEP:
	case DUMP_STOPPED:
	case DUMP_TRACED:
		p->status = LTTV_STATUS_BLOCKED;
		break;
	case DUMP_ZOMBIE:
		p->status = LTTV_STATUS_ZOMBIE;
		break;
	case DUMP_DEAD:
		p->status = LTTV_STATUS_DEAD;
		break;
	default:
		p->status = LTTV_STATUS_WAIT_CPU;
		break;
	}
	lane_wake_again(ts, p, t);
	cpu_enter(ts, pcpu);
}

/* A name the tracer kept for a task (trace-cmd's saved cmdlines, written
 * by the import before the task's first event): only a task that has no
 * name yet takes it, so what the events say of the name always wins. */
static void on_statedump_comm(LttvTraceState *ts, LttvEventData *ev, const LttvEventHandler *h, guint cpu,
                              LttTime t)
{
	gint32 pid = (gint32) lttv_field_reader_int(&h->fields[0], ev);

	if (pid > 0)
		process_get(ts, pid, cpu, ev, &h->fields[1], t);
}

/* The events that create, rename or end tasks, and the state dump. */
static void apply_task_event(LttvTraceState *ts, LttvEventData *ev, const LttvEventHandler *h, guint cpu, LttTime t)
{
	switch (h->kind) {
	case LTTV_EV_SCHED_PROCESS_FORK:
		on_process_fork(ts, ev, h, cpu, t);
		break;
	case LTTV_EV_TASK_NEWTASK:
		on_newtask(ts, ev, h, cpu, t);
		break;
	case LTTV_EV_SCHED_PROCESS_EXEC:
		on_exec(ts, ev, h, cpu, t);
		break;
	case LTTV_EV_SCHED_PROCESS_EXIT:
		on_process_exit(ts, ev, h, cpu, t);
		break;
	case LTTV_EV_SCHED_PROCESS_FREE:
		on_process_free(ts, ev, h, cpu, t);
		break;
	case LTTV_EV_TASK_RENAME:
		on_rename(ts, ev, h, cpu, t);
		break;
	case LTTV_EV_STATEDUMP_PROCESS:
		on_statedump_process(ts, ev, h, cpu, t);
		break;
	case LTTV_EV_STATEDUMP_COMM:
		on_statedump_comm(ts, ev, h, cpu, t);
		break;
	case LTTV_EV_STATEDUMP_IRQ:
		lttv_trace_state_set_name(ts->irq_names, lttv_field_reader_int(&h->fields[0], ev),
		                          lttv_field_reader_string(&h->fields[1], ev));
		break;
	case LTTV_EV_STATEDUMP_SYSCALL:
		lttv_trace_state_set_name(ts->syscall_names, lttv_field_reader_int(&h->fields[0], ev),
		                          lttv_field_reader_string(&h->fields[1], ev));
		break;
	default:
		break;
	}
}

/* The task a wakeup in lanes applies to early: TRUE with *p NULL for the
 * idle task (nothing to do); FALSE when it must wait for time order (see
 * lttv_trace_state_apply_local_wakeup). */
static gboolean local_wakeup_task(LttvTraceState *ts, const LttEvent *event, const LttvEventHandler *h, LttvProcess **p)
{
	LttvEventData data;
	gint32 pid;

	lttv_event_data_init(&data, h, event);
	pid = (gint32) lttv_field_reader_int(&h->fields[1], &data);
	*p = NULL;
	if (pid == 0)
		return TRUE;
	*p = process_lookup(ts, pid);
	/* A task met first, or named here, would get this event's time or
	 * name rather than the first in time; a fork's second event reads
	 * WAIT_FORK. */
	return *p != NULL && (*p)->name[0] != '\0' && (*p)->status != LTTV_STATUS_WAIT_FORK;
}

/* A wakeup's effect in lanes, applied before other CPUs' earlier events. */
static void local_wakeup_apply(LttvProcess *p, LttTime t)
{
	if (p != NULL) {
		wake(p);
		p->lane_woken = MAX(p->lane_woken, t + 1);
	}
}

gboolean lttv_trace_state_apply_local_wakeup(LttvTraceState *ts, const LttEvent *event, const LttvEventHandler *h)
{
	LttvProcess *p;

	if (h->evidence != NULL || !local_wakeup_task(ts, event, h, &p))
		return FALSE;
	/* As lttv_trace_state_dispatch would do. */
	if (ts->stats != NULL)
		lttv_stats_on_event(ts->stats, event->cpu, h, event->time);
	ensure_cpu(ts, event->cpu);
	ts->cpus[event->cpu].last_event = event->time;
	local_wakeup_apply(p, event->time);
	return TRUE;
}

/* The frame a CPU-local event of a kind with a closer opens on the running
 * task: TRUE when it enters from user mode (enter_from_user), FALSE when it
 * goes on top of whatever runs (frame_push). */
static inline gboolean frame_opened(LttvEventData *ev, LttvExecMode *mode, gint32 *submode)
{
	switch (ev->h->kind) {
	case LTTV_EV_SYS_ENTER:
		*mode = LTTV_MODE_SYSCALL;
		*submode = (gint32) lttv_field_reader_int(&ev->h->fields[0], ev);
		return TRUE;
	case LTTV_EV_PAGE_FAULT_USER:
		*mode = LTTV_MODE_TRAP;
		*submode = 0;
		return TRUE;
	case LTTV_EV_SOFTIRQ_ENTRY:
		*mode = LTTV_MODE_SOFTIRQ;
		*submode = (gint32) lttv_field_reader_int(&ev->h->fields[0], ev);
		return FALSE;
	case LTTV_EV_IRQ_ENTRY:
		*mode = LTTV_MODE_IRQ;
		*submode = (gint32) lttv_field_reader_int(&ev->h->fields[0], ev);
		return FALSE;
	default:
		*mode = LTTV_MODE_TRAP;
		*submode = 1;
		return FALSE;
	}
}

/* exit_mode of the closing event then finds the opened frame on top, with
 * a known submode (no resolution), and pops it: the frame's only effects
 * are the statistics' (none without them), done at once. */
gboolean lttv_trace_state_apply_pair(LttvTraceState *ts, const LttEvent *ev1, const LttvEventHandler *h1,
                                     const LttEvent *const *body, const LttvEventHandler *const *hb,
                                     guint n_body, LttTime t2, const LttvEventHandler *h2)
{
	LttvProcess *woken[LTTV_PAIR_BODY_MAX];
	LttvEventData data;
	LttvExecMode mode;
	gint32 submode;
	gboolean from_user;
	guint cpu = ev1->cpu, i;
	LttvProcess *p;

	if (h1->closer == LTTV_EV_NONE || h2->kind != h1->closer || cpu >= ts->cpu_count
	    || (p = ts->cpus[cpu].running) == NULL || n_body > LTTV_PAIR_BODY_MAX)
		return FALSE;
	/* Events that name their task are checked one by one (follow_evidence;
	 * h1's closer is NONE then). */
	if (h2->evidence != NULL)
		return FALSE;
	lttv_event_data_init(&data, h1, ev1);
	from_user = frame_opened(&data, &mode, &submode);
	if (submode == LTTV_SUBMODE_NONE
	    || (from_user ? p->depth != 1 || p->stack[0].mode == LTTV_MODE_UNKNOWN || p->pid == 0
	                  : p->depth >= MAX_DEPTH))
		return FALSE;
	for (i = 0; i < n_body; i++) {
		woken[i] = NULL;
		if (hb[i]->evidence != NULL)
			return FALSE;
		if (hb[i]->kind == LTTV_EV_SCHED_WAKEUP ? !local_wakeup_task(ts, body[i], hb[i], &woken[i])
		                                        : hb[i]->kind != LTTV_EV_NONE)
			return FALSE;
	}
	if (ts->stats != NULL && !lttv_stats_on_pair(ts->stats, p, cpu, h1, ev1->time, mode, submode, hb, n_body, h2, t2))
		return FALSE;
	/* The line's count goes up and down again; only its name stays. */
	if (mode == LTTV_MODE_IRQ)
		irq_entry_name(ts, &data, submode);
	for (i = 0; i < n_body; i++)
		local_wakeup_apply(woken[i], body[i]->time);
	ts->cpus[cpu].last_event = t2;
	return TRUE;
}

/* One dispatch per event: the attached statistics count it, then the
 * state (and through it the statistics) follows what it changes. */
void lttv_trace_state_apply(LttvTraceState *ts, const LttEvent *event)
{
	if (ts->event_count++ == 0)
		ts->start = event->time;
	ts->time = event->time;
	lttv_trace_state_dispatch(ts, event, lttv_event_table_lookup(ts->table, event->type));
}

/* The running task of cpu is not the one the state believed: the switch
 * to it was lost, at a time not known since the CPU's last event.  That
 * time stays the believed task's (a later event cannot move what a split
 * in time already gave, doc/analysis.md §3.2); actual (NULL: not known
 * either) runs from now on. */
static void repair_running(LttvTraceState *ts, guint cpu, LttvProcess *actual, LttTime t, LttTime since)
{
	LttvProcess *believed = ts->cpus[cpu].running;

	ts->repairs++;
	/* The span is the state's, not the statistics' (whose CPU time starts
	 * at a split in time): a run split anywhere gives the same. */
	if (ts->stats != NULL)
		lttv_stats_on_repair(ts->stats, believed, actual, since != 0 && t > since ? t - since : 0);
	cpu_leave(ts, cpu, t);
	if (believed->status == LTTV_STATUS_RUNNING)
		believed->status = LTTV_STATUS_UNKNOWN;
	ts->cpus[cpu].running = NULL;
	if (actual != NULL)
		set_running(ts, cpu, actual, t);
	cpu_enter(ts, cpu);
}

/* An event that says it ran in task pid (h->evidence), not in the one the
 * state believes runs on cpu: the event is trusted (doc/analysis.md §1.4).
 * FALSE when, run in lanes, the change must wait for time order (the run
 * is void).  since: the time of the CPU's previous event. */
static G_GNUC_NO_INLINE gboolean follow_evidence(LttvTraceState *ts, LttvEventData *ev, guint cpu, gint32 pid, LttTime t,
                                                 LttTime since)
{
	LttvProcess *p = ts->cpus[cpu].running, *actual;

	/* Like a switch: in lanes only an ordered event may do it. */
	if (ev->h->cpu_local && lane_conflict(ts))
		return FALSE;
	actual = process_get(ts, pid, cpu, ev, ev->h->kind == LTTV_EV_SCHED_SWITCH ? &ev->h->fields[0] : NULL, t);
	if (foreign(ts, actual, cpu))
		return FALSE;
	if (p == NULL) {
		/* The first word on who runs here: the time before it stays the
		 * unknown task's. */
		cpu_leave(ts, cpu, t);
		set_running(ts, cpu, actual, t);
		cpu_enter(ts, cpu);
		return TRUE;
	}
	repair_running(ts, cpu, actual, t, since);
	return TRUE;
}

/* A system call or a user fault while the idle task is believed to run:
 * the idle task has no user mode, so some other task runs, which one is
 * not known.  FALSE when, in lanes, the run is void. */
static G_GNUC_NO_INLINE gboolean leave_idle(LttvTraceState *ts, guint cpu, LttTime t, LttTime since)
{
	if (lane_conflict(ts))
		return FALSE;
	repair_running(ts, cpu, NULL, t, since);
	return TRUE;
}

/* The scheduler's charge of a run (sched_stat_runtime; from Linux 6.8
 * whatever the task's scheduling class, before it the fair class only):
 * only the statistics keep it, as the kernel's own figure of the task's
 * CPU time beside the one measured from switches (doc/analysis.md §3).
 * The task is the current one of a run queue, which is not always the
 * event's CPU's (a wakeup updates the target CPU's queue from the waker's
 * CPU): not evidence of what runs here, and charged on the CPU the task
 * runs on, or last ran on.  A task the state does not know yet (not in
 * the state dump, freed before its last charge) is made known here, birth
 * unknown, as any event naming it would: its charge is the kernel's word
 * that it ran, and must not be lost. */
static void on_stat_runtime(LttvTraceState *ts, LttvEventData *ev, const LttvEventHandler *h, guint cpu,
                            LttTime t)
{
	gint32 pid = (gint32) lttv_field_reader_int(&h->fields[0], ev);
	gint64 ns = lttv_field_reader_int(&h->fields[1], ev);
	LttvProcess *p = ts->cpus[cpu].running;

	if (ns <= 0 || pid < 0)
		return;
	/* Made known whether statistics are attached or not: the state is
	 * the same either way. */
	if (p == NULL || p->pid != pid) {
		p = pid == 0 ? ts->cpus[cpu].idle : process_get(ts, pid, cpu, ev, NULL, t);
		if (p != NULL && p->pid != 0 && p->cpu < ts->cpu_count)
			cpu = p->cpu;
	}
	if (p != NULL && ts->stats != NULL)
		lttv_stats_on_charge(ts->stats, p, cpu, (guint64) ns);
}

void lttv_trace_state_dispatch(LttvTraceState *ts, const LttEvent *event, const LttvEventHandler *h)
{
	LttvEventData data, *ev = &data;
	LttTime t = event->time, since;
	guint cpu = event->cpu;
	LttvProcess *p;

	lttv_event_data_init(ev, h, event);
	ensure_cpu(ts, cpu);
	since = ts->cpus[cpu].last_event;
	ts->cpus[cpu].last_event = t;
	if (h->evidence != NULL) {
		gint32 pid = (gint32) lttv_field_reader_int(h->evidence, ev);

		p = ts->cpus[cpu].running;
		if (G_UNLIKELY(p == NULL || p->pid != pid) && pid >= 0 && !follow_evidence(ts, ev, cpu, pid, t, since))
			return;
	} else if (h->user_entry && (p = ts->cpus[cpu].running) != NULL && G_UNLIKELY(p->pid == 0)
	           && !leave_idle(ts, cpu, t, since)) {
		return;
	}
	if (ts->stats != NULL)
		lttv_stats_on_event(ts->stats, cpu, h, t);
	if (h->kind == LTTV_EV_NONE)
		return;
	ensure_cpu(ts, cpu);
	p = ts->cpus[cpu].running;
	switch (h->kind) {
	case LTTV_EV_SCHED_SWITCH:
		on_sched_switch(ts, ev, h, cpu, t);
		cpu_enter(ts, cpu);
		return;
	case LTTV_EV_SCHED_WAKEUP:
	case LTTV_EV_SCHED_WAKEUP_NEW:
		on_wakeup(ts, ev, h, cpu, t);
		return;
	case LTTV_EV_SYS_ENTER:
	case LTTV_EV_SYS_EXIT:
	case LTTV_EV_IRQ_ENTRY:
	case LTTV_EV_IRQ_EXIT:
	case LTTV_EV_SOFTIRQ_ENTRY:
	case LTTV_EV_SOFTIRQ_EXIT:
	case LTTV_EV_PAGE_FAULT_USER:
	case LTTV_EV_PAGE_FAULT_KERNEL:
	case LTTV_EV_PAGE_FAULT_EXIT:
		break;
	case LTTV_EV_SCHED_STAT_RUNTIME:
		on_stat_runtime(ts, ev, h, cpu, t);
		return;
	default:
		apply_task_event(ts, ev, h, cpu, t);
		return;
	}
	/* The rest change the mode of the task running on this CPU. */
	if (p == NULL)
		return;
	switch (h->kind) {
	case LTTV_EV_SYS_ENTER:
	case LTTV_EV_SOFTIRQ_ENTRY:
	case LTTV_EV_PAGE_FAULT_USER:
	case LTTV_EV_PAGE_FAULT_KERNEL: {
		LttvExecMode mode;
		gint32 submode;

		if (frame_opened(ev, &mode, &submode))
			enter_from_user(ts, p, mode, submode, t);
		else
			frame_push(ts, p, mode, submode, t);
		break;
	}
	case LTTV_EV_SYS_EXIT:
		exit_mode(ts, p, LTTV_MODE_SYSCALL, (gint32) lttv_field_reader_int(&h->fields[0], ev), t);
		break;
	case LTTV_EV_IRQ_ENTRY: {
		gint32 irq = (gint32) lttv_field_reader_int(&h->fields[0], ev);

		irq_entry_name(ts, ev, irq);
		frame_push(ts, p, LTTV_MODE_IRQ, irq, t);
		break;
	}
	case LTTV_EV_IRQ_EXIT:
		exit_mode(ts, p, LTTV_MODE_IRQ, (gint32) lttv_field_reader_int(&h->fields[0], ev), t);
		break;
	case LTTV_EV_SOFTIRQ_EXIT:
		exit_mode(ts, p, LTTV_MODE_SOFTIRQ, (gint32) lttv_field_reader_int(&h->fields[0], ev), t);
		break;
	case LTTV_EV_PAGE_FAULT_EXIT:
		exit_mode(ts, p, LTTV_MODE_TRAP, LTTV_SUBMODE_NONE, t);
		break;
	default:
		break;
	}
}
