/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* intervals-private.h: the interval store as its recorder fills it. */
#ifndef LTTV_INTERVALS_PRIVATE_H
#define LTTV_INTERVALS_PRIVATE_H

#include "intervals.h"
#include "state-private.h"
#include "precompute-private.h"

/* Changes are kept in chunks of this many, in an arena rather than the
 * heap: a store grows without moving (no realloc copies) and costs no
 * malloc per change. */
#define LTTV_INTERVAL_CHUNK 128

typedef struct {
	guint64 times[LTTV_INTERVAL_CHUNK];
	guint32 values[LTTV_INTERVAL_CHUNK];   /* packed (intervals.c) */
} LttvIntervalChunk;

/* What a chunk's 128 changes amount to (intervals-summary.c), so that a
 * slot spanning whole chunks is drawn without reading their changes: the
 * summaries of an entity are few and contiguous, where its chunks lie
 * among every other entity's. */
typedef struct {
	guint64 start;           /* time of the chunk's first change */
	guint64 end;             /* time of the next chunk's first change */
	guint32 dominant;        /* the packed value that held longest in [start, end) */
	guint32 share;           /* how long it held, in 2^-32 of end - start */
} LttvChunkSummary;

/* An entity's changes: change k began at time(k) with value(k) and lasts
 * until time(k + 1), or the entity's end.  The last change is kept apart
 * too, so that the frequent "nothing changed" costs one line and a new
 * change only writes to its chunk: a read there would map the pages
 * around it (the kernel's fault-around) after the arena unmapped them.
 * Chunk c is summarised once the next chunk holds two changes: by then
 * neither its changes nor its end can change any more (only the last
 * change is ever replaced or dropped). */
typedef struct {
	LttvEntityInfo info;
	guint32 last_value;
	LttTime last_time;
	guint n;                 /* changes */
	LttvIntervalChunk **chunks;
	guint n_chunks, chunks_capacity;
	LttvIntervalChunk *spare;      /* the unused rest of its last extent (intervals.c) */
	guint n_spare;
	LttvChunkSummary *summaries;   /* of chunks [0, n_summaries) */
	guint n_summaries, summaries_capacity;
} LttvEntityRecord;

static inline guint64 lttv_entity_time(const LttvEntityRecord *rec, guint k)
{
	return rec->chunks[k / LTTV_INTERVAL_CHUNK]->times[k % LTTV_INTERVAL_CHUNK];
}

/* A CPU's value: its mode in the top 4 bits, the running task's pid + 1
 * below (0: not known). */
#define LTTV_CPU_PID_MASK 0x0FFFFFFFu

/* What a slot's longest state is counted by: a CPU's by what it executes
 * (idle, a task, an IRQ...), whatever the task, so that a busy CPU shows
 * busy at any zoom (a slot of many short tasks is not the idle loop's);
 * the others' by their whole value. */
static inline guint32 lttv_entity_share_key(const LttvEntityRecord *rec, guint32 v)
{
	return rec->info.kind == LTTV_ENTITY_CPU ? v & ~LTTV_CPU_PID_MASK : v;
}

static inline guint32 lttv_entity_value(const LttvEntityRecord *rec, guint k)
{
	return rec->chunks[k / LTTV_INTERVAL_CHUNK]->values[k % LTTV_INTERVAL_CHUNK];
}

struct _LttvIntervalStore {
	GPtrArray *entities;     /* LttvEntityRecord, owned, by entity index */
	GHashTable *by_pid;      /* pid (> 0) -> GArray of LttvIntervalEntity, oldest first */
	GArray *idle;            /* LttvIntervalEntity of the idle task, by CPU */
	GArray *cpus, *irqs, *softirqs;   /* LttvIntervalEntity by number, NONE where absent */
	LttTime reached;         /* every change earlier than this is in */
	gboolean complete;       /* the whole trace is in; intervals end at reached */
	guint64 changes;
	LttvArena *arena;        /* the chunks */
};

G_GNUC_INTERNAL LttvIntervalStore *lttv_intervals_new(void);
G_GNUC_INTERNAL void lttv_intervals_free(LttvIntervalStore *store);
/* A new entity whose first state begins at t (processes: pid, cpu set by
 * the caller through the info). */
G_GNUC_INTERNAL LttvIntervalEntity lttv_intervals_add(LttvIntervalStore *store, LttvEntityKind kind, gint32 id,
                                                      guint cpu, LttTime t);
G_GNUC_INTERNAL LttvEntityRecord *lttv_intervals_record(LttvIntervalStore *store, LttvIntervalEntity e);
/* The entity's state is value from t on (t >= its last change; a change at
 * the same time replaces the one made there). */
G_GNUC_INTERNAL void lttv_intervals_set(LttvIntervalStore *store, LttvIntervalEntity e, LttTime t, guint32 value);
/* The entity left the state at t: its last interval ends there. */
G_GNUC_INTERNAL void lttv_intervals_end(LttvIntervalStore *store, LttvIntervalEntity e, LttTime t);
G_GNUC_INTERNAL void lttv_intervals_set_reached(LttvIntervalStore *store, LttTime t, gboolean complete);

/* Summaries (intervals-summary.c). */
/* How many chunks of an entity of n changes have a final summary. */
static inline guint lttv_summaries_due(guint n)
{
	return n >= 2 ? (n - 2) / LTTV_INTERVAL_CHUNK : 0;
}

/* Summarises the chunks that became final (after each change appended). */
G_GNUC_INTERNAL void lttv_intervals_summarize(LttvEntityRecord *rec);
/* The summary of chunk c, which has a successor: stored, or computed from
 * its changes when not final yet. */
G_GNUC_INTERNAL LttvChunkSummary lttv_chunk_summary(const LttvEntityRecord *rec, guint c);
/* Time of chunk c's first change, from its summary where it has one. */
static inline guint64 lttv_chunk_start(const LttvEntityRecord *rec, guint c)
{
	return c < rec->n_summaries ? rec->summaries[c].start : rec->chunks[c]->times[0];
}

/* The last chunk at or after `from` whose first change is at or before t
 * (from when none is). */
G_GNUC_INTERNAL guint lttv_chunk_at(const LttvEntityRecord *rec, guint from, LttTime t);
/* The value that lasted longest over the whole chunks [a, b), from their
 * summaries: each chunk counts for its own dominant value. */
G_GNUC_INTERNAL guint32 lttv_chunks_dominant(const LttvEntityRecord *rec, guint a, guint b);
/* The value that lasted longest in [s, e) over changes i..j (exact);
 * *mixed when there were several.  end_all: where the last change ends. */
G_GNUC_INTERNAL guint32 lttv_changes_dominant(const LttvEntityRecord *rec, guint i, guint j, LttTime s, LttTime e,
                                             LttTime end_all, gboolean *mixed);

/* Packed values. */
G_GNUC_INTERNAL guint32 lttv_intervals_pack_process(LttvProcessStatus status, LttvExecMode mode, gint32 submode);
G_GNUC_INTERNAL guint32 lttv_intervals_pack_cpu(LttvCpuMode mode, gint32 pid);

/* Follows a state engine and records the changes its events make (intervals-record.c). */
typedef struct _LttvIntervalRecorder LttvIntervalRecorder;

G_GNUC_INTERNAL LttvIntervalRecorder *lttv_interval_recorder_new(LttvIntervalStore *store, LttvTraceState *ts);
G_GNUC_INTERNAL void lttv_interval_recorder_free(LttvIntervalRecorder *r);
/* Call after ts applied ev. */
G_GNUC_INTERNAL void lttv_interval_recorder_after(LttvIntervalRecorder *r, const LttEvent *ev);

#endif
