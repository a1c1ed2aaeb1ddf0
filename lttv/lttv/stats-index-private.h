/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats-index-private.h: what the window index holds (stats-index.c),
 * shared with its file (stats-index-cache.c).  The items have no pointer
 * and no implicit padding: the file holds them as memory does. */
#ifndef LTTV_STATS_INDEX_PRIVATE_H
#define LTTV_STATS_INDEX_PRIVATE_H

#include "stats-index.h"

/* A record of the pass by its number - 1. */
typedef struct {
	gint32 pid;
	guint32 cpu;
	LttTime birth;
	guint32 n_leaves;        /* the most it had at a checkpoint */
	guint32 pad;
} RecordKey;

/* A frame open at a checkpoint. */
typedef struct {
	gint32 pid;
	guint32 cpu;             /* pid <= 0: the CPU, else 0 (a record's key) */
	LttTime birth;
	guint32 level;           /* in the task's stack */
	guint32 span;            /* Span number + 1 */
	LttTime entry;
	LttTime acc;             /* its cumulative time up to the checkpoint */
} OpenFrame;

/* Where a frame open at some checkpoint ended. */
typedef struct {
	guint32 record;          /* number + 1, 0: not ended */
	guint32 leaf;            /* index in the counting's record */
	guint32 delta;           /* the delta it ended in */
} Span;

/* Records are summed by groups of this many numbers, so that the leaves
 * a wide window adds to stay in the processor's cache (a 10 M-event
 * trace's 700,000 leaves, 45 MB of sums, would not). */
#define LTTV_INDEX_GROUP_RECORDS 128

typedef struct {
	LttTime at;              /* the checkpoint's time + 1 */
	guint64 repairs;         /* the pass state's */
	gboolean unusable;
	const guint8 *delta;     /* what the records gained since the previous one, by record number */
	gsize delta_len;
	const OpenFrame *frames;
	guint n_frames;
	guint groups, n_groups;  /* in the index's groups: where each group of records starts in the
	                          * delta (n_groups + 1 offsets, the last one delta_len) */
} Drain;

/* A record's delta: n_leaves DeltaLeaf (each followed by its DeltaCount),
 * then n_charges DeltaCharge. */
typedef struct {
	guint32 record, n_leaves;
	gint32 tgid;
	guint32 n_charges;
	LttTime uncertain;
	guint64 name;            /* index in the index's names */
} DeltaRecord;

/* What the kernel charged the record's task on a CPU (sched_stat_runtime). */
typedef struct {
	guint32 cpu, pad;
	LttTime ns;
} DeltaCharge;

typedef struct {
	guint32 leaf, cpu;
	gint32 submode;
	guint16 mode, n_counts;
	LttTime cpu_time, elapsed, cumulative;
} DeltaLeaf;

typedef struct {
	guint32 type, count;
} DeltaCount;

struct _LttvStatsIndex {
	/* The counting thread's own. */
	LttTrace *trace, *reader;
	LttvMerge *merge;
	LttvTraceState *ts;
	LttvStats *s;
	guint interval;
	gboolean due;                     /* a checkpoint's event applied, not taken yet */
	LttTime due_time;
	GThread *thread;
	gint stop;                        /* atomic: the thread is to stop counting (or reading its file) */
	gint cancel_write;                /* atomic: and is not to write its file */
	gboolean read_file, write_file;   /* its file (stats-index-cache.c) is read first, written once counted */
	GHashTable *name_ids;             /* while counting: a name (interned) -> its index in names */
	/* Shared with the windows, under lock: what follows, and the thread's
	 * changes to it. */
	GMutex lock;
	GCond moved;                      /* reached or done changed */
	LttTime reached;                  /* every event earlier than this is counted */
	gboolean done;                    /* the thread ended (the trace's end, a stop or a read error) */
	gboolean from_file;               /* what follows was read from the file */
	char *warning;                    /* the file found unusable, until taken */
	LttvArena *arena;
	GArray *drains;                   /* Drain */
	GArray *records;                  /* RecordKey */
	GArray *spans;                    /* Span */
	GArray *groups;                   /* guint32: the drains' group offsets (Drain.groups) */
	GPtrArray *types;                 /* const LttEventType * by the counting state's type index */
	GPtrArray *names;                 /* const char * (interned; 0: NULL) by DeltaRecord.name */
	void *map;                        /* the file the deltas and frames are in (from_file) */
	gsize map_len;
	GByteArray *buf;
	GArray *frames;                   /* OpenFrame, while taking a checkpoint */
};

/* What the leaf where a frame open at a window's start ended takes back
 * (stats-index.c, window_corrections). */
typedef struct {
	guint32 record, leaf;    /* the record's number - 1, the leaf in it */
	LttTime elapsed, cumulative;
} Correction;

/* The deltas of a window's checkpoint intervals (ia, ib], summed
 * (stats-index-sum.c) by groups of records on threads of their own: one
 * sums from the start, while the caller replays the window's two ends;
 * once given the tail, another gives it the groups in order (and sums
 * the next ones while the one it needs is not summed).  Started under x's
 * lock; what it needs of x is copied then. */
typedef struct _LttvIndexSum LttvIndexSum;
G_GNUC_INTERNAL LttvIndexSum *lttv_index_sum_start(const LttvStatsIndex *x, guint ia, guint ib);
/* Gives the sums, less fix (Correction, by record; taken), to tail, in its
 * event types (under x's lock). */
G_GNUC_INTERNAL void lttv_index_sum_give(LttvIndexSum *s, const LttvStatsIndex *x, GArray *fix, LttvStats *tail);
/* Whether the tail has everything, waiting until deadline (monotonic
 * time, G_MAXINT64: until it has) at most. */
G_GNUC_INTERNAL gboolean lttv_index_sum_wait(LttvIndexSum *s, gint64 deadline);
/* Waits for the tail to have everything and frees s; FALSE when a
 * correction was for a leaf the deltas do not have (not expected: the
 * window is then to be replayed). */
G_GNUC_INTERNAL gboolean lttv_index_sum_end(LttvIndexSum *s);
/* Stops and frees s (the tail is then only to be freed). */
G_GNUC_INTERNAL void lttv_index_sum_cancel(LttvIndexSum *s);

/* The order of a checkpoint's open frames (by task, then level). */
G_GNUC_INTERNAL int lttv_open_frame_compare(const void *a, const void *b);

/* Appends to groups where each group of records starts in d's delta, and
 * sets d->groups and d->n_groups; FALSE when the delta's records are not
 * in increasing order (d is then left as it was). */
G_GNUC_INTERNAL gboolean lttv_stats_index_group_delta(Drain *d, GArray *groups);

/* The index's file (stats-index-cache.c), on its thread.  Reads it
 * (beside the trace, then in the user's cache folder) into x, which holds
 * nothing yet: TRUE when it was valid; else x->warning says why (unless
 * there was none) and x is left as it was. */
G_GNUC_INTERNAL gboolean lttv_stats_index_read_file(LttvStatsIndex *x);
/* Writes the counted index (temporary file, renamed when complete);
 * drops it when x->cancel_write is set meanwhile. */
G_GNUC_INTERNAL void lttv_stats_index_write_file(LttvStatsIndex *x);

#endif
