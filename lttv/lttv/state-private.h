/* state-private.h: the structures behind state.h, shared with the
 * checkpoint and statistics engines of liblttvcore. */
#ifndef LTTV_STATE_PRIVATE_H
#define LTTV_STATE_PRIVATE_H

#include <string.h>
#include "state.h"

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
	LTTV_EV_SYS_ENTER,
	LTTV_EV_SYS_EXIT,
	LTTV_EV_IRQ_ENTRY,
	LTTV_EV_IRQ_EXIT,
	LTTV_EV_SOFTIRQ_ENTRY,
	LTTV_EV_SOFTIRQ_EXIT,
	LTTV_EV_PAGE_FAULT_USER,
	LTTV_EV_PAGE_FAULT_KERNEL,
	LTTV_EV_PAGE_FAULT_EXIT,
	LTTV_EV_STATEDUMP_PROCESS,
	LTTV_EV_STATEDUMP_IRQ,
	LTTV_EV_STATEDUMP_SYSCALL,
	LTTV_EV_STATEDUMP_END,
	LTTV_EV_COUNT
} LttvEventKind;

#define LTTV_MAX_FIELDS 9

/* Steps from the payload start to a field: what precedes it. */
#define LTTV_MAX_STEPS 16
#define LTTV_STEP_STRING (-1)

/* A top-level payload field read without libltt's generic accessors: the
 * fields before it are skipped by their fixed sizes and by finding the end
 * of the strings among them (format.md §3.2), bounded by the payload. */
typedef struct {
	const LttField *field;
	gboolean walkable;       /* FALSE: something before it has neither a fixed size nor is a string */
	guint n_steps;
	gint32 steps[LTTV_MAX_STEPS];  /* bytes to skip, or LTTV_STEP_STRING */
	gint32 fixed;            /* offset when nothing of variable size precedes, else -1 */
	guint8 size;             /* bytes of an integer, 0 for a string */
	gboolean is_signed;
	gboolean swap;           /* the trace's byte order is not the host's */
} LttvFieldReader;

/* How the state interprets one event type of one trace. */
typedef struct {
	LttvEventKind kind;
	guint type_index;        /* dense index of the event type within the trace */
	const LttEventType *type;
	LttvFieldReader fields[LTTV_MAX_FIELDS];
} LttvEventHandler;

/* The handlers of one tracefile by event id (NULL: not met yet). */
typedef struct {
	LttvEventHandler **by_id;
	guint len;
} LttvEventHandlers;

#define LTTV_DENSE_ID_LIMIT 65536U

/* Shared by a state and its copies: the per-tracefile, per-id table of
 * handlers, filled lazily as event types are met. */
typedef struct {
	gint refcount;
	LttTrace *trace;           /* not referenced: every state using the table holds one */
	gboolean swap;
	guint n_tracefiles;
	LttvEventHandlers *by_tracefile;  /* by tracefile index, ids below LTTV_DENSE_ID_LIMIT */
	/* LttEventType -> LttvEventHandler for larger ids (extended headers):
	 * an id read from a file must not size an array. */
	GHashTable *sparse;
	GPtrArray *types;          /* LttEventType by type_index */
	GHashTable *type_indexes;  /* LttEventType -> type_index + 1 */
	const LttType *softirq_vec;/* the enum naming soft IRQ vectors, once met */
} LttvEventTable;

struct _LttvProcess {
	gint32 pid, tgid, ppid;
	guint cpu;
	LttvProcessStatus status;
	const char *name;          /* interned */
	LttTime birth, first_seen;
	gboolean kernel_thread;
	guint fork_seen;           /* which fork events announced it (state.c) */
	guint depth, capacity;
	LttvExecFrame *stack;
	gpointer observer_data;    /* owned by the state's observer, NULL in copies */
};

typedef struct {
	LttvProcess *running;      /* NULL until an event says who runs here */
	LttvProcess *idle;         /* pid 0 of this CPU */
} LttvCpuState;

/*
 * Callbacks through which the statistics engine follows every change of what
 * a CPU executes.  leave is called before, enter after, any change to the
 * running task or its mode stack on that CPU; push/pop/resolve/remove tell
 * which frames began, ended or were identified.
 */
typedef struct {
	void (*cpu_leave)(gpointer data, LttvTraceState *ts, guint cpu, LttTime t);
	void (*cpu_enter)(gpointer data, LttvTraceState *ts, guint cpu, LttTime t);
	void (*frame_push)(gpointer data, LttvProcess *p, LttTime t);
	/* f was at index p->depth (already removed) and ended at t. */
	void (*frame_pop)(gpointer data, LttvProcess *p, const LttvExecFrame *f, LttTime t);
	/* Frame i of p had mode/submode before and is now known to be p->stack[i]. */
	void (*frame_resolve)(gpointer data, LttvProcess *p, guint i, const LttvExecFrame *before);
	/* p leaves the process table at t (freed, or replaced by a reused pid). */
	void (*process_remove)(gpointer data, LttvProcess *p, LttTime t);
} LttvStateObserver;

struct _LttvTraceState {
	LttTrace *trace;
	LttvEventTable *table;
	LttTime time;
	LttTime start;             /* time of the first event applied */
	guint64 event_count;
	GHashTable *processes;     /* pid (> 0) -> LttvProcess */
	guint cpu_count;
	LttvCpuState *cpus;
	GArray *irq_busy;          /* guint per IRQ line: CPUs in its handler */
	GPtrArray *syscall_names;  /* interned, by id */
	GPtrArray *irq_names;
	GPtrArray *softirq_names;
	const LttvStateObserver *observer;
	gpointer observer_data;
};

/* The handler of ev (resolved on first use of its type). */
const LttvEventHandler *lttv_event_table_lookup(LttvEventTable *table, const LttEvent *ev);
LttvEventTable *lttv_event_table_new(LttTrace *trace);
LttvEventTable *lttv_event_table_ref(LttvEventTable *table);
void lttv_event_table_unref(LttvEventTable *table);
/* An event as the engines see it: looked up once, its fields read where
 * the handler's readers say. */
typedef struct {
	const LttEvent *ev;
	const LttvEventHandler *h;
	LttTime time;
	guint cpu;
	const guint8 *payload;
	gsize len;
	/* Where the payload's top-level strings end, found as fields after them
	 * are read: the fields of a handler share the strings before them. */
	guint n_ends;
	gsize ends[LTTV_MAX_STEPS];
} LttvEventData;

void lttv_event_data_init(LttvEventData *e, LttvEventTable *table, const LttEvent *ev);
gint64 lttv_field_reader_int_walk(const LttvFieldReader *r, LttvEventData *e);
const char *lttv_field_reader_string(const LttvFieldReader *r, LttvEventData *e);

/* Most fields the state reads are integers at a fixed offset, in the
 * host's byte order. */
static inline gint64 lttv_field_reader_int(const LttvFieldReader *r, LttvEventData *e)
{
	if (G_LIKELY(r->fixed >= 0 && !r->swap && (gsize) r->fixed + r->size <= e->len)) {
		const guint8 *p = e->payload + r->fixed;

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

/* Applies an event already looked up (lets the statistics share the work). */
void lttv_trace_state_apply_data(LttvTraceState *ts, LttvEventData *e);
void lttv_trace_state_set_observer(LttvTraceState *ts, const LttvStateObserver *obs, gpointer data);
void lttv_trace_state_set_name(GPtrArray *names, gint64 index, const char *name);

#endif
