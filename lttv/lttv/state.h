/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* state.h: the state of a traced system (processes, CPUs, IRQs) rebuilt from
 * its kernel events (doc/format.md §4; semantics in doc/analysis.md).
 *
 * An LttvTraceState is an engine: feed it the events of one trace in time
 * order with lttv_trace_state_apply() and query it at any point.  Copies are
 * independent, which is what checkpoints store. */
#ifndef LTTV_STATE_H
#define LTTV_STATE_H

#include <glib.h>
#include <ltt/ltt.h>

G_BEGIN_DECLS

typedef struct _LttvTraceState LttvTraceState;
typedef struct _LttvProcess LttvProcess;

typedef enum {
	LTTV_STATUS_UNKNOWN,     /* seen in an event but never scheduled since the trace began */
	LTTV_STATUS_RUNNING,     /* current task of its CPU */
	LTTV_STATUS_WAIT_CPU,    /* runnable, waiting for a CPU */
	LTTV_STATUS_BLOCKED,     /* sleeping (interruptible or not), stopped or traced */
	LTTV_STATUS_WAIT_FORK,   /* created by a fork, not run yet */
	LTTV_STATUS_EXITING,     /* sched_process_exit seen, still running its exit path */
	LTTV_STATUS_ZOMBIE,      /* gone from the CPUs, waiting for its parent */
	LTTV_STATUS_DEAD         /* freed; kept only in finished statistics */
} LttvProcessStatus;

typedef enum {
	LTTV_MODE_UNKNOWN,       /* began before the trace, not resolved yet */
	LTTV_MODE_USER,
	LTTV_MODE_SYSCALL,       /* submode: system call number */
	LTTV_MODE_TRAP,          /* page fault; submode 0 from user mode, 1 from kernel mode */
	LTTV_MODE_IRQ,           /* submode: IRQ number */
	LTTV_MODE_SOFTIRQ,       /* submode: vector */
	LTTV_MODE_IDLE,          /* the base of the idle tasks (pid 0) */
	LTTV_MODE_COUNT
} LttvExecMode;

/* Submode of a frame whose number is not known (a system call that began
 * before the trace, or a mode without submodes). */
#define LTTV_SUBMODE_NONE (-1)

/* IRQ frames from this submode on are interrupt vectors that have no IRQ
 * line (x86's local timer, IPIs...): LTTV_IRQ_VECTOR_BASE + the vector's
 * number in doc/analysis.md §1.2 (0 local_timer, 1 reschedule, ...); their
 * name is lttv_trace_state_irq_name's.  Above any Linux IRQ number, so
 * that no device IRQ is taken for a vector, and within the interval
 * store's 24-bit submodes. */
#define LTTV_IRQ_VECTOR_BASE 0x400000

/* One level of a process's execution-mode stack. */
typedef struct {
	LttvExecMode mode;
	gint32 submode;
	LttTime entry;           /* when the mode was entered (trace start for frames that began before) */
} LttvExecFrame;

typedef enum {
	LTTV_CPU_IDLE,           /* running pid 0 outside interrupts */
	LTTV_CPU_BUSY,
	LTTV_CPU_IRQ,
	LTTV_CPU_SOFTIRQ,
	LTTV_CPU_TRAP
} LttvCpuMode;

/* New state of trace: no process known until events (first of all the
 * process-state dump) are applied.  Holds a reference on trace. */
LttvTraceState *lttv_trace_state_new(LttTrace *trace);
/* Deep copy: the copy shares nothing mutable with ts and has no statistics attached. */
LttvTraceState *lttv_trace_state_copy(const LttvTraceState *ts);
void lttv_trace_state_free(LttvTraceState *ts);

/* Applies one event of the state's trace.  Events must come in time order
 * (the order of a traceset context).  Event types are resolved once per
 * type, by name; events of channels other than "kernel" change nothing. */
void lttv_trace_state_apply(LttvTraceState *ts, const LttEvent *ev);

LttTrace *lttv_trace_state_trace(const LttvTraceState *ts);
/* Time of the last event applied (LTT_TIME_ZERO before the first). */
LttTime lttv_trace_state_time(const LttvTraceState *ts);
/* Number of events applied since the state was created. */
guint64 lttv_trace_state_event_count(const LttvTraceState *ts);

/* How many times an event's own evidence (a switch's prev_pid, the pid an
 * event carries, a system call on the idle task) contradicted the task the
 * state believed was running, and the state corrected it
 * (doc/analysis.md §1.4), since the state was made (copies keep the count;
 * a state read from the checkpoint cache starts from 0). */
guint64 lttv_trace_state_repairs(const LttvTraceState *ts);
/* Processes.  Pointers stay valid until the next apply. */
guint lttv_trace_state_cpu_count(const LttvTraceState *ts);
/* The live task with this pid (pid 0: the idle task of cpu), or NULL. */
LttvProcess *lttv_trace_state_find_process(const LttvTraceState *ts, gint32 pid, guint cpu);
LttvProcess *lttv_trace_state_running_process(const LttvTraceState *ts, guint cpu);
/* The task ev (of this trace, not applied yet) ran in: the one it names
 * itself (a switch's prev_pid, common_pid) when it names one, else the
 * running task of its CPU; NULL when not known (doc/analysis.md §1.4). */
LttvProcess *lttv_trace_state_event_process(LttvTraceState *ts, const LttEvent *ev);
/* Every live task (idle tasks included), in no particular order. */
GPtrArray *lttv_trace_state_processes(const LttvTraceState *ts);

gint32 lttv_process_pid(const LttvProcess *p);
gint32 lttv_process_tgid(const LttvProcess *p);
gint32 lttv_process_ppid(const LttvProcess *p);
/* Interned string; "" when never named. */
const char *lttv_process_name(const LttvProcess *p);
/* Fork time; LTT_TIME_ZERO when the task existed before the trace and the
 * dump did not say.  (pid, birth) identifies a task across pid reuse. */
LttTime lttv_process_birth(const LttvProcess *p);
LttTime lttv_process_first_seen(const LttvProcess *p);
/* CPU the task runs on or last ran on. */
guint lttv_process_cpu(const LttvProcess *p);
LttvProcessStatus lttv_process_status(const LttvProcess *p);
gboolean lttv_process_is_kernel_thread(const LttvProcess *p);
/* Execution-mode stack: depth >= 1; frame 0 is the bottom, depth-1 the
 * current mode. */
guint lttv_process_depth(const LttvProcess *p);
const LttvExecFrame *lttv_process_frame(const LttvProcess *p, guint i);

LttvCpuMode lttv_trace_state_cpu_mode(const LttvTraceState *ts, guint cpu);
/* IRQ lines: busy while a handler runs on some CPU. */
gboolean lttv_trace_state_irq_busy(const LttvTraceState *ts, guint irq);

/* Names, from the process-state dump and the events; NULL when unknown. */
const char *lttv_trace_state_syscall_name(const LttvTraceState *ts, gint32 id);
const char *lttv_trace_state_irq_name(const LttvTraceState *ts, gint32 irq);
const char *lttv_trace_state_softirq_name(const LttvTraceState *ts, gint32 vec);

const char *lttv_process_status_name(LttvProcessStatus s);
const char *lttv_exec_mode_name(LttvExecMode m);
const char *lttv_cpu_mode_name(LttvCpuMode m);

/* Name of frame's submode ("read", "timer", "RCU"), or NULL. */
const char *lttv_trace_state_submode_name(const LttvTraceState *ts, LttvExecMode mode, gint32 submode);

G_END_DECLS

#endif
