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

/* An entity's changes: change k began at time(k) with value(k) and lasts
 * until time(k + 1), or the entity's end.  The last value is kept apart so
 * that the frequent "nothing changed" costs one line. */
typedef struct {
	LttvEntityInfo info;
	guint32 last_value;
	guint n;                 /* changes */
	LttvIntervalChunk **chunks;
	guint n_chunks, chunks_capacity;
} LttvEntityRecord;

static inline guint64 lttv_entity_time(const LttvEntityRecord *rec, guint k)
{
	return rec->chunks[k / LTTV_INTERVAL_CHUNK]->times[k % LTTV_INTERVAL_CHUNK];
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
