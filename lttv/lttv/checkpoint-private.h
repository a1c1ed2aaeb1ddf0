/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* checkpoint-private.h: checkpoints as the engine and its cache file see them. */
#ifndef LTTV_CHECKPOINT_PRIVATE_H
#define LTTV_CHECKPOINT_PRIVATE_H

#include "checkpoint.h"
#include "state-private.h"

/* A saved state and, for each tracefile, the last event it had applied:
 * replay resumes right after those events. */
typedef struct {
	LttvTraceState *state;
	LttEventPosition *last;        /* by tracefile index */
	gboolean *has_last;
} LttvCheckpoint;

struct _LttvCheckpoints {
	LttTrace *trace;
	guint interval;
	guint n_tracefiles;
	GPtrArray *list;               /* LttvCheckpoint, in time order */
	/* While recording: the pass's last event per tracefile. */
	LttEventPosition *last;
	gboolean *has_last;
	guint since;                   /* events since the last checkpoint */
};

G_GNUC_INTERNAL LttvCheckpoints *lttv_checkpoints_alloc(LttTrace *trace, guint interval);
G_GNUC_INTERNAL LttvCheckpoint *lttv_checkpoint_new(guint n_tracefiles);
G_GNUC_INTERNAL void lttv_checkpoint_free(LttvCheckpoint *cp);
/* The last checkpoint whose events are all earlier than t, or NULL. */
G_GNUC_INTERNAL const LttvCheckpoint *lttv_checkpoints_before(const LttvCheckpoints *cps, LttTime t);
/* TRUE when ev (of tracefile index tfi) was applied before checkpoint cp. */
G_GNUC_INTERNAL gboolean lttv_checkpoint_covers(const LttvCheckpoint *cp, guint tfi, const LttEvent *ev);

/* The trace's identity as the cache files record it: its metadata and
 * channel files by name, size and modification time. */
G_GNUC_INTERNAL gboolean lttv_trace_identity(GByteArray *b, LttTrace *trace, GError **error);

/* A state as the cache file holds it (doc/analysis.md §2.2), appended to
 * b; and read back, checked as the cache is (NULL + error naming what and
 * the offset when the bytes are not a state). */
G_GNUC_INTERNAL void lttv_state_serialize(GByteArray *b, const LttvTraceState *ts);
G_GNUC_INTERNAL LttvTraceState *lttv_state_deserialize(LttTrace *trace, const guint8 *data, gsize len,
                                                       const char *what, GError **error);

/* Checkpoints whose states are kept serialized in mapped memory, not in
 * the heap (checkpoint-compact.c): a state of 2,000 tasks takes about
 * 100 bytes a task instead of a few hundred in small blocks.  Restoring
 * one costs its parse, under a millisecond. */
typedef struct _LttvCompactCheckpoints LttvCompactCheckpoints;

typedef struct {
	LttTime time;            /* of the last event applied before it */
	LttEventPosition *last;  /* by tracefile */
	gboolean *has_last;
	const guint8 *state;     /* serialized, in the arena or a cache file's mapping */
	gsize state_len;
} LttvCompactCheckpoint;

/* For the precomputation's cache file (precompute-cache.c). */
G_GNUC_INTERNAL guint lttv_compact_checkpoints_interval(const LttvCompactCheckpoints *c);
G_GNUC_INTERNAL const LttvCompactCheckpoint *lttv_compact_checkpoints_get(const LttvCompactCheckpoints *c, guint i);
/* Appends a checkpoint whose state stays where it is (a mapping that
 * outlives c); last and has_last are copied. */
G_GNUC_INTERNAL void lttv_compact_checkpoints_adopt(LttvCompactCheckpoints *c, LttTime time,
                                                    const LttEventPosition *last, const gboolean *has_last,
                                                    const guint8 *state, gsize state_len);

G_GNUC_INTERNAL LttvCompactCheckpoints *lttv_compact_checkpoints_new(LttTrace *trace, guint interval);
G_GNUC_INTERNAL void lttv_compact_checkpoints_free(LttvCompactCheckpoints *c);
/* As lttv_checkpoints_record. */
G_GNUC_INTERNAL void lttv_compact_checkpoints_record(LttvCompactCheckpoints *c, const LttvTraceState *ts,
                                                     const LttEvent *ev);
/* As lttv_checkpoints_state_at. */
G_GNUC_INTERNAL LttvTraceState *lttv_compact_checkpoints_state_at(const LttvCompactCheckpoints *c, LttTime t,
                                                                  const LttvEventSource *src, gpointer data,
                                                                  GError **error);
G_GNUC_INTERNAL guint lttv_compact_checkpoints_count(const LttvCompactCheckpoints *c);
/* The checkpoints whose time is in [t0, t1): how many, and the first's
 * index (*first; the count's when none). */
G_GNUC_INTERNAL guint lttv_compact_checkpoints_between(const LttvCompactCheckpoints *c, LttTime t0, LttTime t1,
                                                       guint *first);
/* Bytes mapped for the states, bytes of heap for the rest. */
G_GNUC_INTERNAL gsize lttv_compact_checkpoints_mapped(const LttvCompactCheckpoints *c);
G_GNUC_INTERNAL gsize lttv_compact_checkpoints_heap(const LttvCompactCheckpoints *c);

#endif
