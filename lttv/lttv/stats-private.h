/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
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
	guint8 mode;                   /* LttvExecMode */
	guint16 types[LTTV_STATS_INLINE_TYPES];   /* event type index + 1; 0: unused */
	guint32 counts[LTTV_STATS_INLINE_TYPES];
} LttvStatsLeaf;

/* Everything counted for one task, keyed like tree processes by (pid,
 * birth) (and the CPU for pid 0 and for -1, the events of no task): a task
 * the state forgets and meets again under the same key adds to the same
 * record.  Its leaves are contiguous, in the order they were made, and
 * never move within it; an open-addressing table of their indexes (a few
 * lines per task) finds them by (CPU, mode, submode), so finding one
 * touches the leaf itself, and making the table bigger touches neither the
 * leaves nor new lines for empty slots. */
typedef struct {
	gint32 pid;
	guint cpu;                     /* pid <= 0: the CPU, else 0 */
	LttTime birth;
	const char *name;              /* last seen */
	gint32 tgid;
	LttTime uncertain;             /* time lost switches leave undecided (LttvStatsNode) */
	LttTime *charged;              /* by CPU, n_charged of them: the kernel's charges (LttvStatsNode) */
	guint n_charged;
	LttvStatsLeaf *leaves;         /* n_leaves, room for leaves_capacity */
	guint n_leaves, leaves_capacity;
	guint32 *slots;                /* capacity slots (a power of two): leaf index + 1, 0: free */
	guint capacity;
	guint32 number;                /* in the window index (stats-index.c): index + 1, 0: none */
	guint32 epoch;                 /* the statistics' epoch when last marked touched */
	GArray *dirty;                 /* guint: leaves changed since the index's last checkpoint, or NULL */
	guint32 *dirty_bits;           /* the same as bits, dirty_words of them */
	guint dirty_words;
} LttvStatsTask;

typedef struct _LttvStatsProc LttvStatsProc;     /* per live task, below */

/* A task live when a trace is split in time (stats-by-cpu.c), keyed as its
 * record is.  The head, which counts up to the split, keeps the cumulative
 * time of the task's frames open then; the tail, which counts from it,
 * where each of those frames ended.  Joining them adds the first to the
 * second (a frame's cumulative time includes its nested frames'). */
typedef struct {
	LttvStatsTask *task;           /* the record it ended in (NULL: not yet), and its leaf */
	guint leaf;
	GArray *moves;                 /* LttvSplitMove: its identifications after the split
	                                * (doc/analysis.md §1.3) while time given before it would
	                                * still move; NULL: none */
	gboolean still_pending;        /* such time would still move */
} LttvSplitFrame;

typedef struct {
	LttvStatsTask *task;           /* the record then */
	LttvExecMode mode;             /* what the frame was identified as */
	gint32 submode;
} LttvSplitMove;

typedef struct {
	gint32 pid;
	guint cpu;                     /* pid <= 0: the CPU, else 0 */
	LttTime birth;
	guint depth;                   /* frames open at the split */
	LttTime *acc;                  /* head: their cumulative time up to it */
	GArray *pending;               /* head: time its frames not identified yet gave (stats.c), or NULL */
	LttvSplitFrame *frames;        /* tail: what became of them */
} LttvSplitTask;

/* What a CPU is doing as the statistics see it, kept between transitions
 * so that attributing time and counting events need no lookup. */
typedef struct {
	LttTime last;                  /* time attributed up to */
	LttvProcess *task;             /* the running task, NULL: none known */
	LttvStatsProc *proc;           /* its counters */
	LttvStatsTask *no_task;        /* pid -1 of this CPU, NULL until needed */
} LttvStatsCpu;

/* One frame of a task's mode stack: what it has not given its leaf yet. */
typedef struct {
	LttTime acc;                   /* CPU time of the frame and its nested frames (cumulative) */
	LttTime own;                   /* CPU time not yet in the leaf */
	guint32 mask;                  /* slots with a count; the others are 0 */
	guint32 leaf;                  /* index + 1 in the task's leaves on leaf_cpu, 0 until looked up;
	                                * with LTTV_STATS_LEAF_GUESS: the leaf the frame's hash slot
	                                * named when it was pushed, to be checked */
	guint32 counts[LTTV_EVENT_SLOTS];  /* events not yet in the leaf, by slot (LttvEventHandler.slot) */
	guint32 span;                  /* the window index's number + 1 of this frame, open at one of its
	                                * checkpoints (stats-index.c); 0: none */
} LttvStatsFrame;

#define LTTV_STATS_LEAF_GUESS 0x80000000u

/* The counters of a live task (LttvProcess.stats), frame by frame of its
 * stack. */
struct _LttvStatsProc {
	guint depth, capacity;
	LttvStatsFrame *frames;
	guint leaf_cpu;                /* where the frames' unflushed counts were made */
	LttvStatsTask *task;           /* looked up when first needed (the birth may still change) */
	const char *name;              /* the name and group last given to the task's record */
	gint32 tgid;
	GArray *pending;               /* time of frames not identified yet (stats.c); NULL: none */
	LttvSplitTask *split;          /* the tail of a split trace: the task's frames at the split */
};

struct _LttvStats {
	LttvTraceState *ts;
	LttTime start;
	LttTime elapsed_from;          /* elapsed times count from here: start, or the head's for a tail */
	guint64 repairs_from;          /* the state's repairs when the statistics started */
	gboolean closed;
	gboolean charged;              /* some task has the kernel's charges (sched_stat_runtime) */
	GHashTable *split;             /* LttvSplitTask of a split trace's head or tail, owned; NULL: none */
	GHashTable *tasks;             /* LttvStatsTask (key: itself, by pid, birth, cpu), owned */
	guint cpu_count;
	LttvStatsCpu *cpus;
	GArray *present;               /* guint: the trace's CPUs (metadata's count, channel files'), ascending */
	/* The window index counting (stats-index.c), NULL otherwise: it learns
	 * the records touched since its last checkpoint (those of epoch), where
	 * the frames open at its checkpoints end, and identifications. */
	struct _LttvStatsIndex *index;
	guint32 epoch;
	GPtrArray *touched;            /* LttvStatsTask of epoch, when index */
};

typedef struct _LttvStatsIndex LttvStatsIndex;
/* From stats.c to the index: frame `span` ended at leaf `leaf` of t; a
 * frame entered at entry, not identified until now, was identified. */
G_GNUC_INTERNAL void lttv_stats_index_frame_end(LttvStatsIndex *x, guint32 span, LttvStatsTask *t, guint leaf);
G_GNUC_INTERNAL void lttv_stats_index_identified(LttvStatsIndex *x, LttTime entry);
/* Gives p's records what its frames hold (as when they end), without
 * ending them. */
G_GNUC_INTERNAL void lttv_stats_flush_task(LttvStats *s, LttvProcess *p);

/* Marks t as touched for the window index (leaf values, name or group
 * changed since its last checkpoint); and leaf i of t. */
static inline void lttv_stats_touch(LttvStats *s, LttvStatsTask *t)
{
	if (G_UNLIKELY(s->touched != NULL) && t->epoch != s->epoch) {
		t->epoch = s->epoch;
		g_ptr_array_add(s->touched, t);
	}
}

G_GNUC_INTERNAL void lttv_stats_touch_leaf_slow(LttvStats *s, LttvStatsTask *t, guint i);

/* A leaf that holds nothing: no time, no event. */
static inline gboolean lttv_stats_leaf_empty(const LttvStatsLeaf *l)
{
	guint k;

	if (l->cpu_time != 0 || l->elapsed_time != 0 || l->cumulative_time != 0)
		return FALSE;
	if (l->dense != NULL) {
		for (k = 0; k < l->n_dense; k++)
			if (l->dense[k] != 0)
				return FALSE;
		return TRUE;
	}
	for (k = 0; k < LTTV_STATS_INLINE_TYPES; k++)
		if (l->types[k] != 0 && l->counts[k] != 0)
			return FALSE;
	return TRUE;
}

static inline void lttv_stats_touch_leaf(LttvStats *s, LttvStatsTask *t, guint i)
{
	if (G_UNLIKELY(s->touched != NULL))
		lttv_stats_touch_leaf_slow(s, t, i);
}

G_GNUC_INTERNAL LttvStatsProc *lttv_stats_proc_new(LttvProcess *p);
G_GNUC_INTERNAL void lttv_stats_count(LttvStats *s, guint cpu, const LttvEventHandler *h);
G_GNUC_INTERNAL void lttv_stats_cpus_grow(LttvStats *s, guint cpu);
/* Adds to into (closed) what from (closed) counted over an earlier
 * interval of the same trace, maybe through another LttTrace of it, taking
 * from's records of tasks into has not met.  Names and groups stay into's
 * where it has the task (they were seen later).  from is then only to be
 * freed. */
G_GNUC_INTERNAL void lttv_stats_add(LttvStats *into, LttvStats *from);

/* What stats-snapshot.c needs of stats.c to close a copy of the records:
 * a table of records (keyed as s->tasks), a record of s->tasks made
 * empty when missing, a leaf of a record made empty when missing (its
 * index), a count added to a leaf, and whether the trace has a CPU. */
G_GNUC_INTERNAL GHashTable *lttv_stats_task_table_new(void);
G_GNUC_INTERNAL LttvStatsTask *lttv_stats_task_record(LttvStats *s, gint32 pid, LttTime birth, guint cpu);
G_GNUC_INTERNAL guint lttv_stats_task_leaf(LttvStatsTask *t, guint cpu, LttvExecMode mode, gint32 submode);
G_GNUC_INTERNAL void lttv_stats_leaf_count(LttvStats *s, LttvStatsLeaf *leaf, guint type, guint64 n);
/* Room in t for n leaves in all, made at once (adding leaves one by one
 * grows the leaves and their table several times). */
G_GNUC_INTERNAL void lttv_stats_task_reserve(LttvStatsTask *t, guint n);
G_GNUC_INTERNAL gboolean lttv_stats_cpu_there(const LttvStats *s, guint cpu);
/* Adds ns to what the kernel charged t on cpu. */
G_GNUC_INTERNAL void lttv_stats_task_charge(LttvStatsTask *t, guint cpu, LttTime ns);

/* A trace read by CPU (stats-by-cpu.c) into a state, in one step or
 * several: the trace by CPU, or every event in time order (in_order, which
 * cannot conflict), from its first event. */
typedef struct _LttvLaneReader LttvLaneReader;
G_GNUC_INTERNAL LttvLaneReader *lttv_lane_reader_new(LttTrace *trace, LttvTraceState *ts, gboolean in_order);
/* Applies the events earlier than until (G_MAXUINT64: all that are left);
 * FALSE when the run is void (a conflict). */
G_GNUC_INTERNAL gboolean lttv_lane_reader_run(LttvLaneReader *r, LttTime until);
/* Events applied so far. */
G_GNUC_INTERNAL guint64 lttv_lane_reader_events(const LttvLaneReader *r);
/* Gives the state its event count and times, and frees the reader. */
G_GNUC_INTERNAL void lttv_lane_reader_free(LttvLaneReader *r);
/* lttv_stats_run_trace on one thread: by CPU, redone in time order after
 * a conflict (or from the start when in_order). */
G_GNUC_INTERNAL LttvStats *lttv_stats_run_whole(LttTrace *trace, gboolean in_order, LttvTraceState **state,
                                                gboolean *redone);

/* A trace split in time at `split` (doc/analysis.md §3.2).  The head, the
 * statistics from the trace's start, ends at the split: the CPUs' time up
 * to it and the frames' counts go to their leaves, but the frames still
 * open then give neither elapsed nor cumulative time, which the tail
 * finishes, and the time of frames not identified yet is kept to be moved
 * when the tail identifies them. */
G_GNUC_INTERNAL void lttv_stats_close_head(LttvStats *s, LttTime split);
/* The tail: statistics on ts (its state at the split) counting CPU time
 * from the split and elapsed times from elapsed_from, the head's start. */
G_GNUC_INTERNAL LttvStats *lttv_stats_new_tail(LttvTraceState *ts, LttTime split, LttTime elapsed_from);
/* Adds the head (closed; then only to be freed) to the tail (closed), which
 * is then the whole trace's; FALSE when they do not fit together (nothing
 * to trust). */
G_GNUC_INTERNAL gboolean lttv_stats_join(LttvStats *tail, LttvStats *head);

/* The transitions met by most events are inlined into the state's code. */

/* The task's counters, created (empty, as deep as its stack) when the
 * statistics first meet it. */
static inline LttvStatsProc *lttv_stats_proc(LttvProcess *p)
{
	return G_LIKELY(p->stats != NULL) ? p->stats : lttv_stats_proc_new(p);
}

static inline void lttv_stats_ensure_cpu(LttvStats *s, guint cpu)
{
	if (G_UNLIKELY(cpu >= s->cpu_count))
		lttv_stats_cpus_grow(s, cpu);
}

/* The frame of the running task that executes now on c.  The counters
 * follow the task's stack, so its top is the task's current mode. */
static inline LttvStatsFrame *lttv_stats_cpu_frame(const LttvStatsCpu *c)
{
	return &c->proc->frames[c->task->depth - 1];
}

static inline void lttv_stats_frame_clear(LttvStatsFrame *f)
{
	memset(f, 0, sizeof(*f));
}

/* Room for frame i of the counters, whose frames from i up start empty. */
static inline LttvStatsFrame *lttv_stats_frame_new(LttvStatsProc *ps, guint i)
{
	LttvStatsFrame *f;

	if (G_UNLIKELY(i >= ps->capacity)) {
		guint old = ps->capacity;

		ps->capacity = MAX(i + 1, ps->capacity * 2);
		ps->frames = g_renew(LttvStatsFrame, ps->frames, ps->capacity);
		memset(ps->frames + old, 0, (ps->capacity - old) * sizeof(LttvStatsFrame));
	}
	while (G_UNLIKELY(ps->depth < i))
		lttv_stats_frame_clear(&ps->frames[ps->depth++]);
	f = &ps->frames[i];
	f->acc = 0;
	f->own = 0;
	/* A frame flushed when it ended has no count left. */
	if (G_UNLIKELY(f->mask != 0))
		lttv_stats_frame_clear(f);
	f->leaf = 0;
	f->span = 0;
	ps->depth = i + 1;
	return f;
}

/* Time of cpu when no task is known there goes to the unknown task (pid
 * -1), so that CPU time sums to CPUs x span (doc/analysis.md §3). */
G_GNUC_INTERNAL void lttv_stats_charge_unknown(LttvStats *s, guint cpu, LttTime dt);

/* What cpu (c) executed up to t goes to its running task's current frame,
 * returned (NULL when no task is known there). */
static inline LttvStatsFrame *lttv_stats_charge(LttvStats *s, LttvStatsCpu *c, guint cpu, LttTime t)
{
	LttvStatsFrame *f = c->proc != NULL ? lttv_stats_cpu_frame(c) : NULL;

	if (t > c->last) {
		if (G_LIKELY(f != NULL)) {
			f->own += t - c->last;
			f->acc += t - c->last;
		} else {
			lttv_stats_charge_unknown(s, cpu, t - c->last);
		}
		c->last = t;
	}
	return f;
}

/* Before the state applies an event: its CPU's time so far is charged
 * (nothing changes on a CPU between its events, so the state needs no
 * cpu_leave for the event's own CPU), and the event counts for the running
 * task's current frame, in its type's slot. */
static inline void lttv_stats_on_event(LttvStats *s, guint cpu, const LttvEventHandler *h, LttTime t)
{
	LttvStatsFrame *f;
	guint slot = h->slot;

	lttv_stats_ensure_cpu(s, cpu);
	f = lttv_stats_charge(s, &s->cpus[cpu], cpu, t);
	if (G_LIKELY(f != NULL && slot < LTTV_EVENT_SLOTS && f->counts[slot] != G_MAXUINT32)) {
		f->counts[slot]++;
		f->mask |= 1u << slot;
		return;
	}
	lttv_stats_count(s, cpu, h);
}

static inline void lttv_stats_on_cpu_leave(LttvStats *s, guint cpu, LttTime t)
{
	lttv_stats_ensure_cpu(s, cpu);
	lttv_stats_charge(s, &s->cpus[cpu], cpu, t);
}

static inline guint lttv_stats_leaf_hash(guint cpu, LttvExecMode mode, gint32 submode)
{
	guint64 key = ((guint64) cpu << 40) | ((guint64) mode << 32) | (guint32) submode;

	return (guint) ((key * G_GUINT64_CONSTANT(0x9E3779B97F4A7C15)) >> 40);
}

static inline void lttv_stats_on_frame_push(LttvStats *s, LttvProcess *p)
{
	LttvStatsProc *ps = lttv_stats_proc(p);
	const LttvExecFrame *f = &p->stack[p->depth - 1];
	LttvStatsTask *t = ps->task;
	guint32 slot;

	LttvStatsFrame *sf = lttv_stats_frame_new(ps, p->depth - 1);
	/* The frame's leaf is needed when it ends, a few events from now, and
	 * is rarely in cache (its task's slots usually are): start loading
	 * the leaf its hash names, which usually is the frame's, so that the
	 * end only checks it. */
	if (t != NULL) {
		slot = t->slots[lttv_stats_leaf_hash(ps->leaf_cpu, f->mode, f->submode) & (t->capacity - 1)];
		if (slot != 0) {
			__builtin_prefetch(&t->leaves[slot - 1], 1);
			sf->leaf = slot | LTTV_STATS_LEAF_GUESS;
		}
	}
}

#endif
