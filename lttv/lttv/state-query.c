/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* state-query.c: what the state tells its users: its tasks, CPUs and
 * IRQs, an event's own task, and the names of statuses, modes and
 * submodes (state.h).  The engine that builds the state is state.c. */
#include "config.h"
#include "state-private.h"
#include "state-vocabulary.h"

LttTrace *lttv_trace_state_trace(const LttvTraceState *ts)
{
	return ts->trace;
}

LttTime lttv_trace_state_time(const LttvTraceState *ts)
{
	return ts->time;
}

guint64 lttv_trace_state_event_count(const LttvTraceState *ts)
{
	return ts->event_count;
}

guint64 lttv_trace_state_repairs(const LttvTraceState *ts)
{
	return ts->repairs;
}

guint lttv_trace_state_cpu_count(const LttvTraceState *ts)
{
	return ts->cpu_count;
}

LttvProcess *lttv_trace_state_find_process(const LttvTraceState *ts, gint32 pid, guint cpu)
{
	if (pid == 0)
		return cpu < ts->cpu_count ? ts->cpus[cpu].idle : NULL;
	return g_hash_table_lookup(ts->processes, GINT_TO_POINTER(pid));
}

LttvProcess *lttv_trace_state_event_process(LttvTraceState *ts, const LttEvent *ev)
{
	const LttvEventHandler *h = lttv_event_table_lookup(ts->table, ev->type);
	LttvProcess *p = lttv_trace_state_running_process(ts, ev->cpu);
	LttvEventData data;
	gint32 pid;

	if (h->evidence == NULL)
		return p;
	lttv_event_data_init(&data, h, ev);
	pid = (gint32) lttv_field_reader_int(h->evidence, &data);
	if (pid < 0 || (p != NULL && p->pid == pid))
		return p;
	return lttv_trace_state_find_process(ts, pid, ev->cpu);
}

LttvProcess *lttv_trace_state_running_process(const LttvTraceState *ts, guint cpu)
{
	return cpu < ts->cpu_count ? ts->cpus[cpu].running : NULL;
}

GPtrArray *lttv_trace_state_processes(const LttvTraceState *ts)
{
	GPtrArray *all = g_ptr_array_sized_new(g_hash_table_size(ts->processes) + ts->cpu_count);
	GHashTableIter it;
	gpointer value;
	guint i;

	for (i = 0; i < ts->cpu_count; i++)
		if (ts->cpus[i].idle != NULL)
			g_ptr_array_add(all, ts->cpus[i].idle);
	g_hash_table_iter_init(&it, ts->processes);
	while (g_hash_table_iter_next(&it, NULL, &value))
		g_ptr_array_add(all, value);
	return all;
}

gint32 lttv_process_pid(const LttvProcess *p) { return p->pid; }
gint32 lttv_process_tgid(const LttvProcess *p) { return p->tgid; }
gint32 lttv_process_ppid(const LttvProcess *p) { return p->ppid; }
const char *lttv_process_name(const LttvProcess *p) { return p->name; }
LttTime lttv_process_birth(const LttvProcess *p) { return p->birth; }
LttTime lttv_process_first_seen(const LttvProcess *p) { return p->first_seen; }
guint lttv_process_cpu(const LttvProcess *p) { return p->cpu; }
LttvProcessStatus lttv_process_status(const LttvProcess *p) { return p->status; }
gboolean lttv_process_is_kernel_thread(const LttvProcess *p) { return p->kernel_thread; }
guint lttv_process_depth(const LttvProcess *p) { return p->depth; }

const LttvExecFrame *lttv_process_frame(const LttvProcess *p, guint i)
{
	return i < p->depth ? &p->stack[i] : NULL;
}

LttvCpuMode lttv_trace_state_cpu_mode(const LttvTraceState *ts, guint cpu)
{
	const LttvProcess *p = lttv_trace_state_running_process(ts, cpu);

	if (p == NULL)
		return LTTV_CPU_BUSY;
	switch (p->stack[p->depth - 1].mode) {
	case LTTV_MODE_IRQ:
		return LTTV_CPU_IRQ;
	case LTTV_MODE_SOFTIRQ:
		return LTTV_CPU_SOFTIRQ;
	case LTTV_MODE_TRAP:
		return LTTV_CPU_TRAP;
	case LTTV_MODE_IDLE:
		return LTTV_CPU_IDLE;
	default:
		return LTTV_CPU_BUSY;
	}
}

gboolean lttv_trace_state_irq_busy(const LttvTraceState *ts, guint irq)
{
	return irq < ts->irq_busy->len && g_array_index(ts->irq_busy, guint, irq) > 0;
}

static const char *name_at(const GPtrArray *names, gint32 i)
{
	return i >= 0 && (guint) i < names->len ? g_ptr_array_index(names, i) : NULL;
}

const char *lttv_trace_state_syscall_name(const LttvTraceState *ts, gint32 id)
{
	const char *name = name_at(ts->syscall_names, id);

	return name != NULL ? name : lttv_vocabulary_syscall_name(ts->table, id);
}

const char *lttv_trace_state_irq_name(const LttvTraceState *ts, gint32 irq)
{
	if (irq >= LTTV_IRQ_VECTOR_BASE)
		return lttv_vocabulary_irq_vector_name(irq);
	return name_at(ts->irq_names, irq);
}

const char *lttv_trace_state_softirq_name(const LttvTraceState *ts, gint32 vec)
{
	/* The enum is learnt with the type's handler: a state restored from a
	 * checkpoint may not have met the type yet, and names as one that did. */
	if (ts->table->softirq_vec == NULL) {
		const LttEventType *et = ltt_trace_event_type_by_name(ts->table->trace, "kernel", "softirq_entry");

		if (et != NULL)
			lttv_event_table_lookup(ts->table, et);
	}
	return ts->table->softirq_vec != NULL ? ltt_type_enum_label(ts->table->softirq_vec, vec) : NULL;
}

const char *lttv_trace_state_submode_name(const LttvTraceState *ts, LttvExecMode mode, gint32 submode)
{
	switch (mode) {
	case LTTV_MODE_SYSCALL:
		return lttv_trace_state_syscall_name(ts, submode);
	case LTTV_MODE_IRQ:
		return lttv_trace_state_irq_name(ts, submode);
	case LTTV_MODE_SOFTIRQ:
		return lttv_trace_state_softirq_name(ts, submode);
	case LTTV_MODE_TRAP:
		return submode == 0 ? "user" : submode == 1 ? "kernel" : NULL;
	default:
		return NULL;
	}
}

const char *lttv_process_status_name(LttvProcessStatus s)
{
	static const char *const names[] = { "unknown", "running", "waiting", "blocked",
	                                     "forked", "exiting", "zombie", "dead" };

	return (guint) s < G_N_ELEMENTS(names) ? names[s] : "invalid";
}

const char *lttv_exec_mode_name(LttvExecMode m)
{
	static const char *const names[] = { "unknown", "user", "syscall", "trap", "irq", "softirq", "idle" };

	return (guint) m < G_N_ELEMENTS(names) ? names[m] : "invalid";
}

const char *lttv_cpu_mode_name(LttvCpuMode m)
{
	static const char *const names[] = { "idle", "busy", "irq", "softirq", "trap" };

	return (guint) m < G_N_ELEMENTS(names) ? names[m] : "invalid";
}
