/* stats-private.h: the counters behind stats.h.  The engine keeps flat
 * leaves (CPU, process, mode, submode) grouped by task; trees are built from
 * them on demand. */
#ifndef LTTV_STATS_PRIVATE_H
#define LTTV_STATS_PRIVATE_H

#include "stats.h"
#include "state-private.h"

/* Event types a leaf counts in place; a leaf sees two on average. */
#define LTTV_STATS_INLINE_TYPES 3

/* One cache line: what a (CPU, mode, submode) of a task accumulated.  The
 * event count is the sum of the per-type counts. */
typedef struct {
	LttTime cpu_time, elapsed_time, cumulative_time;
	guint64 *dense;                /* when more types (or counts): by type index, inline ones moved in */
	guint32 n_dense;
	guint32 cpu;
	gint32 submode;
	guint8 mode;                   /* LttvExecMode; LTTV_STATS_FREE_LEAF: an empty slot */
	guint16 types[LTTV_STATS_INLINE_TYPES];   /* event type index + 1; 0: unused */
	guint32 counts[LTTV_STATS_INLINE_TYPES];
} LttvStatsLeaf;

#define LTTV_STATS_FREE_LEAF 0xFF

/* Everything counted for one task, keyed like tree processes by (pid,
 * birth) (and the CPU for pid 0 and for -1, the events of no task): a task
 * the state forgets and meets again under the same key adds to the same
 * record.  Its leaves are a hash table by (CPU, mode, submode) with open
 * addressing: finding one touches the leaf itself, and the leaves of the
 * running tasks stay in cache. */
typedef struct {
	gint32 pid;
	guint cpu;                     /* pid <= 0: the CPU, else 0 */
	LttTime birth;
	const char *name;              /* last seen */
	gint32 tgid;
	LttvStatsLeaf *leaves;         /* capacity slots, a power of two */
	guint n_leaves, capacity;
	guint generation;              /* counts the rehashes, which move leaves */
} LttvStatsTask;

typedef struct _LttvStatsProc LttvStatsProc;     /* stats.c: per live task */

/* What a CPU is doing as the statistics see it, kept between transitions
 * so that attributing time and counting events need no lookup. */
typedef struct {
	LttTime last;                  /* time attributed up to */
	LttvProcess *task;             /* the running task, NULL: none known */
	LttvStatsProc *proc;           /* its counters */
	guint top;                     /* index of its current frame */
	LttvStatsTask *no_task;        /* pid -1 of this CPU, NULL until needed */
} LttvStatsCpu;

struct _LttvStats {
	LttvTraceState *ts;
	LttTime start;
	gboolean closed;
	GHashTable *tasks;             /* LttvStatsTask (key: itself, by pid, birth, cpu), owned */
	guint cpu_count;
	LttvStatsCpu *cpus;
};

#endif
