/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* state-private.h: the structures behind state.h, shared with the
 * checkpoint and statistics engines of liblttvcore. */
#ifndef LTTV_STATE_PRIVATE_H
#define LTTV_STATE_PRIVATE_H

#include <string.h>
#include "state.h"
#include "stats.h"

/* What an event does to the state; resolved once per event type. */
typedef enum {
	LTTV_EV_NONE,
	LTTV_EV_SCHED_SWITCH,
	LTTV_EV_SCHED_WAKEUP,
	LTTV_EV_SCHED_WAKEUP_NEW,
	LTTV_EV_SCHED_PROCESS_FORK,
	LTTV_EV_TASK_NEWTASK,
	LTTV_EV_SCHED_PROCESS_EXEC,
	LTTV_EV_SCHED_PROCESS_EXIT,
	LTTV_EV_SCHED_PROCESS_FREE,
	LTTV_EV_TASK_RENAME,
	LTTV_EV_SYS_ENTER,
	LTTV_EV_SYS_EXIT,
	LTTV_EV_IRQ_ENTRY,
	LTTV_EV_IRQ_EXIT,
	LTTV_EV_SOFTIRQ_ENTRY,
	LTTV_EV_SOFTIRQ_EXIT,
	LTTV_EV_PAGE_FAULT_USER,
	LTTV_EV_PAGE_FAULT_KERNEL,
	LTTV_EV_PAGE_FAULT_EXIT,
	LTTV_EV_SCHED_STAT_RUNTIME,
	LTTV_EV_STATEDUMP_PROCESS,
	LTTV_EV_STATEDUMP_COMM,
	LTTV_EV_STATEDUMP_IRQ,
	LTTV_EV_STATEDUMP_SYSCALL,
	LTTV_EV_STATEDUMP_END,
	LTTV_EV_COUNT
} LttvEventKind;

#define LTTV_MAX_FIELDS 9

/* Top-level strings a field may follow. */
#define LTTV_MAX_STRINGS 8

/* A top-level payload field read without libltt's generic accessors: the
 * fields before it are skipped by their fixed sizes and by finding the end
 * of the strings among them (format.md §3.2), bounded by the payload. */
typedef struct {
	const LttField *field;
	gboolean walkable;       /* FALSE: something before it has neither a fixed size nor is a string */
	guint n_strings;         /* strings before it; LTTV_NOT_WALKABLE when not walkable */
	gint32 gaps[LTTV_MAX_STRINGS];  /* fixed bytes before each of them, after the previous one */
	gint32 tail;             /* fixed bytes between the last of them (or the start) and the field */
	gint32 fixed;            /* offset when no string precedes, else -1 */
	guint8 size;             /* bytes of an integer, 0 for a string */
	gboolean is_signed;
	gboolean swap;           /* the trace's byte order is not the host's */
	/* Read on the slow path (not walkable), state-vocabulary.c: */
	gint64 constant;         /* field NULL and not event_cpu: the value */
	gboolean event_cpu;      /* field NULL: the event's CPU */
	const struct _LttvValueMap *map;  /* the field's values translated, NULL: as they are */
} LttvFieldReader;

/* Above any n_strings: the inline reader then never takes the ends found. */
#define LTTV_NOT_WALKABLE (LTTV_MAX_STRINGS + 1)

/* How the state interprets one event type of one trace. */
typedef struct {
	LttvEventKind kind;
	gboolean cpu_local;      /* lttv_event_kind_is_cpu_local(kind) */
	LttvEventKind closer;    /* a CPU-local kind that opens a frame: the kind that closes it, else NONE
	                          * (also when the event names its task: evidence) */
	gboolean user_entry;     /* enters the kernel from user mode (system call, user fault) */
	guint type_index;        /* dense index of the event type within the trace */
	guint slot;              /* where the statistics' frames count it, LTTV_NO_SLOT: not there */
	const LttEventType *type;
	LttvFieldReader fields[LTTV_MAX_FIELDS];
	/* The walkable field after the most strings: the first field read past
	 * a string finds the ends of all of them, so the others are read
	 * inline; NULL when no field follows a string. */
	const LttvFieldReader *deepest;
	/* The pid of the task the event ran in, as the event itself says
	 * (doc/analysis.md §1.4): its common_pid field when the recorder kept
	 * it, else a switch's prev_pid; NULL when it says nothing. */
	const LttvFieldReader *evidence;
	LttvFieldReader common_pid;
} LttvEventHandler;

/* The statistics' frames count events by slot rather than by type, so
 * that counting one is an increment: the kinds the state knows have fixed
 * slots (kind - 1), the first other types met the slots left; the state
 * dump's types and the types met after those have none (counted on a slow
 * path). */
#define LTTV_EVENT_SLOTS 32
#define LTTV_NO_SLOT LTTV_EVENT_SLOTS

typedef struct {
	const LttEventType *type;  /* NULL: free */
	LttvEventHandler *h;
} LttvEventSlot;

/* Shared by a state and its copies: the handlers by event type, made the
 * first time a type is met.  Keyed by the event's type pointer (ev->type):
 * a channel's tracefiles share their types, and ids never size an array. */
typedef struct {
	gint refcount;
	LttTrace *trace;           /* not referenced: every state using the table holds one */
	gboolean swap;
	LttvEventSlot *slots;      /* open addressing, capacity mask + 1, at most half full */
	guint mask;
	GPtrArray *handlers;       /* LttvEventHandler by type_index, owned */
	guint slot_type[LTTV_EVENT_SLOTS];  /* type_index by slot, for those given */
	guint next_slot;           /* the next slot for a type of no kind (or of a kind whose slot is given) */
	guint32 fixed_slots_given; /* bit kind - 1: the kind's fixed slot counts a type */
	const LttType *softirq_vec;/* the enum naming soft IRQ vectors, once met */
	GPtrArray *syscalls;       /* per-call system call names by number, NULL until needed (state-vocabulary.c) */
} LttvEventTable;

struct _LttvProcess {
	gint32 pid, tgid, ppid;
	guint cpu;
	LttvProcessStatus status;
	const char *name;          /* interned */
	/* The comm (comm_len bytes) of the last switch to it (G_MAXUINT8: none
	 * since its name changed): a switch with the same comm changes nothing. */
	char comm[16];
	guint8 comm_len;
	LttTime birth, first_seen;
	gboolean kernel_thread;
	guint fork_seen;           /* which fork events announced it (state.c) */
	LttTime lane_woken;        /* in lanes: time + 1 of the latest wakeup applied early, 0: none */
	guint depth, capacity;
	LttvExecFrame *stack;
	struct _LttvStatsProc *stats; /* the statistics' counters of the task (stats.c), NULL in copies */
};

typedef struct {
	LttvProcess *running;      /* NULL until an event says who runs here */
	LttvProcess *idle;         /* pid 0 of this CPU */
	LttTime last_event;        /* of the CPU's latest event applied, 0: none: a lost switch
	                            * happened after it (repair_running) */
} LttvCpuState;

/*
 * The statistics engine (stats.c) attached to a state follows every change
 * of what a CPU executes through calls made by the state itself, one
 * dispatch per event: on_event (before the event changes anything: counts
 * it and gives its CPU's time so far to the running task's current frame),
 * cpu_leave (the same for another CPU about to change), cpu_enter (after a
 * change of a CPU's running task), and push/pop/resolve/remove (frames that
 * began, ended or were identified).  The frequent ones are inlined
 * (stats-private.h).
 */
G_GNUC_INTERNAL void lttv_stats_on_cpu_enter(LttvStats *s, guint cpu);
/* f was at index p->depth (already removed) and ended at t. */
G_GNUC_INTERNAL void lttv_stats_on_frame_pop(LttvStats *s, LttvProcess *p, const LttvExecFrame *f, LttTime t);
/* Frame i of p had mode/submode before and is now known to be p->stack[i]. */
G_GNUC_INTERNAL void lttv_stats_on_frame_resolve(LttvStats *s, LttvProcess *p, guint i, const LttvExecFrame *before);
/* A switch was lost (state.c: repair_running): believed, charged since
 * its CPU's last event, and actual (NULL: not known), found running then,
 * may each have run any part of that span. */
G_GNUC_INTERNAL void lttv_stats_on_repair(LttvStats *s, LttvProcess *believed, LttvProcess *actual, LttTime span);
/* The kernel's scheduler charged p ns of CPU time on cpu (sched_stat_runtime). */
G_GNUC_INTERNAL void lttv_stats_on_charge(LttvStats *s, LttvProcess *p, guint cpu, guint64 ns);
/* p leaves the process table at t (freed, or replaced by a reused pid). */
G_GNUC_INTERNAL void lttv_stats_on_process_remove(LttvStats *s, LttvProcess *p, LttTime t);
/* p's birth (part of its record's key) changed. */
G_GNUC_INTERNAL void lttv_stats_on_birth(LttvStats *s, LttvProcess *p);

/*
 * A run by CPU, in lanes (stats-by-cpu.c): each CPU's local events
 * (lttv_event_kind_is_cpu_local) are applied as they come, the others in
 * the traceset's time order, so a CPU's local events may be applied before
 * another CPU's earlier ordered events.  That gives the time order's result
 * as long as an ordered event touches no task running on another CPU, no
 * IRQ line's count would go below zero (where the order of its changes
 * matters), and no two CPUs name an IRQ line differently: otherwise the
 * state sets conflict, and the run is void (the caller redoes it in time
 * order).
 */
typedef struct {
	gboolean conflict;
	gboolean ordered;          /* for now every event waits for time order (no conflict) */
	gboolean dump_pending;     /* a state dump is still to end */
	gboolean first_words;      /* events name their task: ordered until each CPU's is known */
	gboolean in_order;         /* every event, to the end: a run redone */
	GArray *irq_named;         /* gboolean by IRQ line: named by an IRQ entry of this run; NULL: none */
} LttvLaneRun;

/* System calls, IRQs, soft IRQs and faults change only the mode stack of
 * the task running on the event's CPU (and the statistics of that CPU).
 * IRQs also change their line's busy count, a sum whatever the order, and
 * name a line the first time it is met (the state sets conflict when two
 * CPUs name it differently). */
static inline gboolean lttv_event_kind_is_cpu_local(LttvEventKind k)
{
	switch (k) {
	case LTTV_EV_NONE:
	case LTTV_EV_SYS_ENTER:
	case LTTV_EV_SYS_EXIT:
	case LTTV_EV_IRQ_ENTRY:
	case LTTV_EV_IRQ_EXIT:
	case LTTV_EV_SOFTIRQ_ENTRY:
	case LTTV_EV_SOFTIRQ_EXIT:
	case LTTV_EV_PAGE_FAULT_USER:
	case LTTV_EV_PAGE_FAULT_KERNEL:
	case LTTV_EV_PAGE_FAULT_EXIT:
		return TRUE;
	default:
		return FALSE;
	}
}

/* A CPU-local kind that opens a frame on the running task: the kind that
 * closes it (NONE for the others). */
static inline LttvEventKind lttv_event_kind_closer(LttvEventKind k)
{
	switch (k) {
	case LTTV_EV_SYS_ENTER:
		return LTTV_EV_SYS_EXIT;
	case LTTV_EV_IRQ_ENTRY:
		return LTTV_EV_IRQ_EXIT;
	case LTTV_EV_SOFTIRQ_ENTRY:
		return LTTV_EV_SOFTIRQ_EXIT;
	case LTTV_EV_PAGE_FAULT_USER:
	case LTTV_EV_PAGE_FAULT_KERNEL:
		return LTTV_EV_PAGE_FAULT_EXIT;
	default:
		return LTTV_EV_NONE;
	}
}

struct _LttvTraceState {
	LttTrace *trace;
	LttvEventTable *table;
	LttTime time;
	LttTime start;             /* time of the first event applied */
	guint64 event_count;
	GHashTable *processes;     /* pid (> 0) -> LttvProcess */
	LttvProcess **pid_cache;   /* in front of processes (state.c); NULL until used */
	guint cpu_count;
	LttvCpuState *cpus;        /* by CPU number, up to the highest one named */
	/* guint, ascending: the CPUs of the trace's channel files and those an
	 * event gave a task (running or idle).  What goes over every CPU goes
	 * over these: channel files kernel_0 and kernel_65535 make two, not
	 * 65,536. */
	GArray *present_cpus;
	GArray *irq_busy;          /* guint per IRQ line: CPUs in its handler */
	GPtrArray *syscall_names;  /* interned, by id */
	GPtrArray *irq_names;
	GPtrArray *softirq_names;
	LttvStats *stats;          /* attached statistics, NULL when none */
	LttvLaneRun *lanes;        /* while run in lanes, else NULL */
	guint64 repairs;           /* running tasks an event's own evidence contradicted (§1.4) */
};

/* Makes cpu one of the state's present CPUs (a restored checkpoint's). */
G_GNUC_INTERNAL void lttv_trace_state_add_cpu(LttvTraceState *ts, guint cpu);
G_GNUC_INTERNAL LttvEventTable *lttv_event_table_new(LttTrace *trace);
G_GNUC_INTERNAL LttvEventTable *lttv_event_table_ref(LttvEventTable *table);
G_GNUC_INTERNAL void lttv_event_table_unref(LttvEventTable *table);
/* Makes the handler of a type met for the first time. */
G_GNUC_INTERNAL const LttvEventHandler *lttv_event_table_add(LttvEventTable *table, const LttEventType *type);

static inline guint lttv_event_table_hash(const LttEventType *type)
{
	return (guint) (((guint64) (guintptr) type * G_GUINT64_CONSTANT(0x9E3779B97F4A7C15)) >> 32);
}

/* The handler of an event type: one probe in the usual case. */
static inline const LttvEventHandler *lttv_event_table_lookup(LttvEventTable *table, const LttEventType *type)
{
	guint i = lttv_event_table_hash(type) & table->mask;

	for (;; i = (i + 1) & table->mask) {
		const LttvEventSlot *slot = &table->slots[i];

		if (G_LIKELY(slot->type == type))
			return slot->h;
		if (slot->type == NULL)
			return lttv_event_table_add(table, type);
	}
}

/* An event as the engines see it: looked up once, its fields read where
 * the handler's readers say. */
typedef struct {
	const LttEvent *ev;
	const LttvEventHandler *h;
	const guint8 *payload;
	gsize len;
	/* Where the payload's top-level strings end, found as fields after them
	 * are read: the fields of a handler share the strings before them. */
	guint n_ends;
	gsize ends[LTTV_MAX_STRINGS];
} LttvEventData;

static inline void lttv_event_data_init(LttvEventData *e, const LttvEventHandler *h, const LttEvent *ev)
{
	e->ev = ev;
	e->h = h;
	e->payload = ev->payload;
	e->len = ev->size;
	e->n_ends = 0;
}

G_GNUC_INTERNAL gint64 lttv_field_reader_int_walk(const LttvFieldReader *r, LttvEventData *e);
G_GNUC_INTERNAL const char *lttv_field_reader_string(const LttvFieldReader *r, LttvEventData *e);

/* Most fields the state reads are integers at a fixed offset, or after
 * strings whose ends an earlier field of the event found, in the host's
 * byte order. */
static inline gint64 lttv_field_reader_int(const LttvFieldReader *r, LttvEventData *e)
{
	gsize off;

	if (G_LIKELY(r->fixed >= 0))
		off = (gsize) r->fixed;
	else if (r->n_strings - 1 < e->n_ends)   /* at least one string before it, all found */
		off = e->ends[r->n_strings - 1] + (gsize) r->tail;
	else
		return lttv_field_reader_int_walk(r, e);
	if (G_LIKELY(!r->swap && off + r->size <= e->len)) {
		const guint8 *p = e->payload + off;

		if (r->size == 8) {
			gint64 v;

			memcpy(&v, p, 8);
			return v;
		}
		if (r->size == 4) {
			guint32 v;

			memcpy(&v, p, 4);
			return r->is_signed ? (gint64) (gint32) v : (gint64) v;
		}
	}
	return lttv_field_reader_int_walk(r, e);
}

G_GNUC_INTERNAL void lttv_trace_state_set_stats(LttvTraceState *ts, LttvStats *s);
/* What lttv_trace_state_apply does to everything but the trace's event
 * count and times, h being the handler of the event's type. */
G_GNUC_INTERNAL void lttv_trace_state_dispatch(LttvTraceState *ts, const LttEvent *event, const LttvEventHandler *h);
G_GNUC_INTERNAL void lttv_trace_state_set_name(GPtrArray *names, gint64 index, const char *name);
/* At most this many events between a frame's opener and its closer for
 * lttv_trace_state_apply_pair. */
#define LTTV_PAIR_BODY_MAX 2

/* Whether an event of h can be in the body of a pair: it only counts
 * (kind NONE), or it is a wakeup, whose effect (another task's status) does
 * not depend on the frame it happens in. */
static inline gboolean lttv_event_can_be_body(const LttvEventHandler *h)
{
	return h->kind == LTTV_EV_NONE || h->kind == LTTV_EV_SCHED_WAKEUP;
}

/* Applies ev1 (h1), the n_body events of its CPU that follow it (body,
 * handlers hb: lttv_event_can_be_body), and the next one, of h2 at t2,
 * when h1 opens a frame at the top of the running task's stack and h2
 * closes it: the frame is never made.  A wakeup in the body is applied
 * as lttv_trace_state_apply_local_wakeup would.  FALSE when they cannot be
 * applied so (nothing was done). */
G_GNUC_INTERNAL gboolean lttv_trace_state_apply_pair(LttvTraceState *ts, const LttEvent *ev1, const LttvEventHandler *h1,
                                                     const LttEvent *const *body, const LttvEventHandler *const *hb,
                                                     guint n_body, LttTime t2, const LttvEventHandler *h2);
/* In lanes, applies a wakeup (h: SCHED_WAKEUP) as a CPU-local event when
 * its task is known and named and is not a child whose fork is still
 * being announced; FALSE, having done nothing, otherwise (it then waits
 * for time order).  Its only effect, the task's status, is applied again
 * after each earlier event of another CPU that sets that status
 * (state.c). */
G_GNUC_INTERNAL gboolean lttv_trace_state_apply_local_wakeup(LttvTraceState *ts, const LttEvent *event,
                                                             const LttvEventHandler *h);
/* The statistics' part of it (stats.c), for the running task p of cpu: the
 * frame (mode, submode) opened at t1 on top of p's stack; FALSE, having
 * done nothing, when its counters are not in the state that allows it. */
G_GNUC_INTERNAL gboolean lttv_stats_on_pair(LttvStats *s, LttvProcess *p, guint cpu, const LttvEventHandler *h1, LttTime t1,
                                            LttvExecMode mode, gint32 submode, const LttvEventHandler *const *body,
                                            guint n_body, const LttvEventHandler *h2, LttTime t2);

#endif
