/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* intervals.h: what each process, CPU, IRQ line and soft IRQ vector did,
 * as intervals of constant state, queryable at any zoom (doc/analysis.md §6).
 *
 * A store is filled by the precomputation service (precompute.h) in time
 * order and read by viewers: each entity (a task keyed by (pid, birth), a
 * CPU, an IRQ line, a soft IRQ vector) has the times at which its state
 * changed.  Queries return at most one item per `resolution` nanoseconds,
 * so drawing a row of W pixels costs O(log n + W) whatever the zoom. */
#ifndef LTTV_INTERVALS_H
#define LTTV_INTERVALS_H

#include <glib.h>
#include <ltt/ltt.h>
#include "state.h"

G_BEGIN_DECLS

typedef struct _LttvIntervalStore LttvIntervalStore;

/* An entity's index in its store; stable for the store's life. */
typedef guint LttvIntervalEntity;
#define LTTV_INTERVAL_ENTITY_NONE G_MAXUINT

typedef enum {
	LTTV_ENTITY_PROCESS,     /* state: (status, mode, submode) */
	LTTV_ENTITY_CPU,         /* state: (CPU mode, running pid) */
	LTTV_ENTITY_IRQ,         /* state: busy (a handler runs on some CPU) or not */
	LTTV_ENTITY_SOFTIRQ      /* state: busy (a CPU runs its handler) or not */
} LttvEntityKind;

/* What the store knows of an entity.  For a process: its last known name,
 * group, parent and CPU. */
typedef struct {
	LttvEntityKind kind;
	gint32 id;               /* pid, CPU number, IRQ line or soft IRQ vector */
	gint32 tgid, ppid;       /* processes; -1 otherwise */
	const char *name;        /* processes: interned, "" when never named; NULL otherwise */
	LttTime birth;           /* processes: fork time, 0 when unknown */
	guint cpu;               /* processes: the CPU it runs or last ran on */
	LttTime first;           /* time of its first interval */
	LttTime last;            /* end of its last interval: when it left the state
	                          * (a task freed), LTT_TIME_INFINITE while it lives */
} LttvEntityInfo;

/* One item of a query.  For a process, status/mode/submode are its
 * LttvProcessStatus, LttvExecMode and submode, pid is -1; for a CPU, status
 * is its LttvCpuMode, pid the running task's pid (-1: not known yet), mode
 * and submode are -1; for an IRQ line or soft IRQ vector, status is 1 when
 * busy, 0 when not, the others -1.  mixed: the item summarises a slot of
 * `resolution` in which several states occurred; it then carries the one
 * that lasted longest in the slot (a CPU's counted by its mode, whatever
 * the task it ran: the pid of such an item is -1), or, in a slot spanning whole chunks of
 * 128 changes, the one that lasted longest among the chunks' own longest
 * (intervals-summary.c). */
typedef struct {
	LttTime start, end;      /* [start, end) */
	gint32 status;
	gint32 mode;
	gint32 submode;
	gint32 pid;
	gboolean mixed;
} LttvIntervalItem;

guint lttv_intervals_entity_count(const LttvIntervalStore *store);
/* NULL when entity is out of range.  Valid until the store is freed (the
 * contents change while the store is filled). */
const LttvEntityInfo *lttv_intervals_entity(const LttvIntervalStore *store, LttvIntervalEntity entity);
/* The task (pid, birth); with birth LTT_TIME_INFINITE, the latest task of
 * that pid; pid 0: the idle task of cpu.  LTTV_INTERVAL_ENTITY_NONE when
 * there is none. */
LttvIntervalEntity lttv_intervals_find_process(const LttvIntervalStore *store, gint32 pid, LttTime birth, guint cpu);
/* The task of that pid (pid 0: the idle task of cpu) alive at time t, or
 * LTTV_INTERVAL_ENTITY_NONE. */
LttvIntervalEntity lttv_intervals_find_process_at(const LttvIntervalStore *store, gint32 pid, guint cpu, LttTime t);
LttvIntervalEntity lttv_intervals_find_cpu(const LttvIntervalStore *store, guint cpu);
LttvIntervalEntity lttv_intervals_find_irq(const LttvIntervalStore *store, guint irq);
LttvIntervalEntity lttv_intervals_find_softirq(const LttvIntervalStore *store, guint vec);
/* Every process entity (idle tasks included), in the order they were met.
 * Free with g_array_unref; elements are LttvIntervalEntity. */
GArray *lttv_intervals_processes(const LttvIntervalStore *store);

/* The states of entity over [t0, t1), at most one item per resolution ns
 * (0 or 1: every change), in time order, into out (at most max items).
 * An interval at least `resolution` long comes exactly (clipped to
 * [t0, t1)); shorter ones are summed into one item per slot of
 * `resolution` ns.  Only times the store has reached are returned (the
 * precomputation may still be running).  Returns how many items. */
guint lttv_intervals_query(const LttvIntervalStore *store, LttvIntervalEntity entity, LttTime t0, LttTime t1,
                           guint64 resolution, LttvIntervalItem *out, guint max);

/* Time up to which the store is complete: every state change earlier than
 * it is in (LTT_TIME_INFINITE once the whole trace is). */
LttTime lttv_intervals_ready_until(const LttvIntervalStore *store);
/* Changes recorded, over every entity; bytes of heap the store takes
 * (entities and their chunk tables); bytes mapped for the changes
 * themselves (12 bytes each, in chunks). */
guint64 lttv_intervals_change_count(const LttvIntervalStore *store);
gsize lttv_intervals_heap(const LttvIntervalStore *store);
gsize lttv_intervals_mapped(const LttvIntervalStore *store);

G_END_DECLS

#endif
