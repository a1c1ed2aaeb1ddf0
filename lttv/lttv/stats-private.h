/* stats-private.h: the counters behind stats.h.  The engine keeps flat
 * leaves (CPU, process, mode, submode); trees are built from them on demand. */
#ifndef LTTV_STATS_PRIVATE_H
#define LTTV_STATS_PRIVATE_H

#include "stats.h"
#include "state-private.h"

typedef struct {
	guint cpu;
	gint32 pid;
	LttTime birth;
	LttvExecMode mode;
	gint32 submode;
} LttvStatsKey;

/* Event types a leaf counts in place; a leaf sees two on average. */
#define LTTV_STATS_INLINE_TYPES 3

/* The task a leaf belongs to, as last seen (shared by its leaves). */
typedef struct {
	const char *name;
	gint32 tgid;
} LttvStatsTask;

/* One cache line of counters, then what only trees read. */
typedef struct {
	guint64 events;
	LttTime cpu_time, elapsed_time, cumulative_time;
	guint16 types[LTTV_STATS_INLINE_TYPES + 1];   /* event type index + 1; 0: unused */
	guint64 counts[LTTV_STATS_INLINE_TYPES];
	guint64 *dense;                /* when more types: counts by type index, inline ones moved in */
	guint n_dense;
	const LttvStatsTask *task;     /* NULL: no task ("pid -1") */
	LttvStatsKey key;
} LttvStatsLeaf;

typedef struct _LttvStatsProc LttvStatsProc;     /* stats.c: per task */

/* What a CPU is doing as the statistics see it, kept between transitions
 * so that attributing time and counting events need no lookup. */
typedef struct {
	LttTime last;                  /* time attributed up to */
	LttvProcess *task;             /* the running task, NULL: none known */
	LttvStatsProc *proc;           /* its counters */
	guint top;                     /* index of its current frame */
} LttvStatsCpu;

struct _LttvStats {
	LttvTraceState *ts;
	LttTime start;
	gboolean closed;
	GHashTable *leaves;            /* LttvStatsKey -> LttvStatsLeaf (owns both) */
	GPtrArray *tasks;              /* LttvStatsTask, owned */
	guint cpu_count;
	LttvStatsCpu *cpus;
};

#endif
