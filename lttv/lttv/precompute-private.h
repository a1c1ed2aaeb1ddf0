/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* precompute-private.h: the pieces of the precomputation service. */
#ifndef LTTV_PRECOMPUTE_PRIVATE_H
#define LTTV_PRECOMPUTE_PRIVATE_H

#include "precompute.h"
#include "checkpoint.h"

/* The events of one trace (a reader of its own) in time order, ties in
 * tracefile order as traceset contexts deliver them: an LttvEventSource
 * (lttv_merge_source, data: the merge). */
typedef struct _LttvMerge LttvMerge;

G_GNUC_INTERNAL LttvMerge *lttv_merge_new(LttTrace *trace);
G_GNUC_INTERNAL void lttv_merge_free(LttvMerge *m);
/* Damaged parts the reader skipped. */
G_GNUC_INTERNAL guint64 lttv_merge_damaged(const LttvMerge *m);
G_GNUC_INTERNAL extern const LttvEventSource lttv_merge_source;
/* The statistics of [t0, t1) from what the index counted, read through
 * merge (window-stats-job.c: cursors of the job's own): *used FALSE when
 * the index cannot give them (the caller replays); NULL + error, *used
 * TRUE, when the trace cannot be read.  Free with lttv_window_stats_free. */
G_GNUC_INTERNAL LttvStats *lttv_precompute_index_window(LttvPrecompute *p, LttvMerge *merge, LttTime t0, LttTime t1,
                                                        gboolean *used, GError **error);
/* The same in parts (stats-index.h, lttv_stats_index_window_begin): the
 * job waits for the sum in steps.  Counted in lttv_precompute_index_windows
 * when it ends with the statistics. */
G_GNUC_INTERNAL struct _LttvIndexWindow *lttv_precompute_index_window_begin(LttvPrecompute *p, LttvMerge *merge,
                                                                            LttTime t0, LttTime t1, gboolean *used,
                                                                            GError **error);
G_GNUC_INTERNAL LttvStats *lttv_precompute_index_window_end(LttvPrecompute *p, struct _LttvIndexWindow *w,
                                                            gboolean *used);

/* Where one tracefile stood at an event mark: its next event's place. */
typedef struct {
	guint32 block;           /* LTTV_MARK_NO_EVENT: no event left */
	guint32 offset;
	guint64 time;
} LttvMarkPlace;
#define LTTV_MARK_NO_EVENT G_MAXUINT32

/* Every tracefile's place (n: the trace's tracefiles, in their order). */
G_GNUC_INTERNAL void lttv_merge_places(const LttvMerge *m, LttvMarkPlace *places);

/* The event marks (precompute-marks.c): the places of every tracefile
 * before events 0, K, 2K... of the pass. */
typedef struct _LttvEventMarks LttvEventMarks;

G_GNUC_INTERNAL LttvEventMarks *lttv_event_marks_new(guint n_tracefiles, guint interval);
/* Marks read from a cache file: places stay in its mapping. */
G_GNUC_INTERNAL LttvEventMarks *lttv_event_marks_adopt(guint n_tracefiles, guint interval,
                                                       const LttvMarkPlace *places, guint64 count);
G_GNUC_INTERNAL void lttv_event_marks_free(LttvEventMarks *m);
/* Called with event number n of the pass (from 0) before it is passed:
 * records the merge's places when n is a multiple of the interval. */
G_GNUC_INTERNAL void lttv_event_marks_note(LttvEventMarks *m, const LttvMerge *merge, guint64 n);
G_GNUC_INTERNAL guint64 lttv_event_marks_count(const LttvEventMarks *m);
G_GNUC_INTERNAL guint lttv_event_marks_interval(const LttvEventMarks *m);
G_GNUC_INTERNAL guint lttv_event_marks_tracefiles(const LttvEventMarks *m);
/* Mark i's places (n_tracefiles of them), NULL past the count. */
G_GNUC_INTERNAL const LttvMarkPlace *lttv_event_marks_get(const LttvEventMarks *m, guint64 i);
G_GNUC_INTERNAL gsize lttv_event_marks_heap(const LttvEventMarks *m);

/* The service's checkpoints (for window statistics). */
G_GNUC_INTERNAL const struct _LttvCompactCheckpoints *lttv_precompute_checkpoints(const LttvPrecompute *p);

/* Memory in anonymous mappings, bump-allocated, given back whole
 * (precompute-arena.c).  Items are 8-byte aligned and never move. */
typedef struct _LttvArena LttvArena;

G_GNUC_INTERNAL LttvArena *lttv_arena_new(gsize segment_size);
G_GNUC_INTERNAL void lttv_arena_free(LttvArena *a);
G_GNUC_INTERNAL gpointer lttv_arena_alloc(LttvArena *a, gsize size);
G_GNUC_INTERNAL gsize lttv_arena_mapped(const LttvArena *a);
/* Backs the segments mapped from now on by an unlinked file in dir (made
 * if needed), before the first item; stays anonymous when the file cannot
 * be made.  See precompute-arena.c for what it changes. */
G_GNUC_INTERNAL void lttv_arena_use_file(LttvArena *a, const char *dir);
/* Unmaps from the process the pages of a file-backed arena (their bytes
 * stay; the next access faults them in again).  Any thread may call it. */
G_GNUC_INTERNAL void lttv_arena_drop_resident(const LttvArena *a);
/* The arena of a precomputation's checkpoints (checkpoint-compact.c). */
G_GNUC_INTERNAL LttvArena *lttv_compact_checkpoints_arena(const struct _LttvCompactCheckpoints *c);

/* The cache file (precompute-cache.c): beside the trace (beside) or in
 * the user's cache folder.  Free with g_free. */
G_GNUC_INTERNAL char *lttv_precompute_cache_path(LttTrace *trace, gboolean beside);
/* The same for the window statistics index's file (stats-index-cache.c). */
G_GNUC_INTERNAL char *lttv_window_stats_cache_path(LttTrace *trace, gboolean beside);
/* The trace's identity as the cache files hold it (its files' names,
 * sizes and times, its time span, a hash of its metadata; a multiple of 8
 * bytes).  NULL + error when a file cannot be read. */
G_GNUC_INTERNAL GByteArray *lttv_precompute_identity(LttTrace *trace, GError **error);

/* The cache files' hash: a 64-bit hash of 8-byte words in four lanes,
 * fast enough to cover a whole file at each load.  Lengths given to
 * update are multiples of 8. */
typedef struct {
	guint64 lane[4];
	guint64 words;
} LttvCacheHash;

G_GNUC_INTERNAL void lttv_cache_hash_init(LttvCacheHash *h);
G_GNUC_INTERNAL void lttv_cache_hash_update(LttvCacheHash *h, const guint8 *data, gsize len);
G_GNUC_INTERNAL guint64 lttv_cache_hash_final(const LttvCacheHash *h);

/* What a cache file gave: results whose bulk stays in the file's mapping. */
typedef struct {
	LttvIntervalStore *store;
	struct _LttvCompactCheckpoints *cps;
	LttvEventMarks *marks;
	LttTime reached;
	guint64 events;
	void *map;
	gsize map_len;
} LttvPrecomputeCache;

/* Reads a cache in steps: maps it and checks it piece by piece (a hash
 * of the whole file, the trace's identity, every count, index and time
 * order). */
typedef struct _LttvCacheLoader LttvCacheLoader;

/* NULL + error when the file cannot be opened (G_FILE_ERROR) or is not a
 * cache at all (LTTV_ANALYSIS_ERROR_CACHE). */
G_GNUC_INTERNAL LttvCacheLoader *lttv_cache_loader_new(LttTrace *trace, const char *path, GError **error);
/* Checks until deadline; once the whole file is checked, moves the
 * results into *done (done->store set; they then own the mapping).  FALSE
 * + error (naming the file and offset) when it is stale or damaged. */
G_GNUC_INTERNAL gboolean lttv_cache_loader_step(LttvCacheLoader *l, gint64 deadline, LttvPrecomputeCache *done,
                                                GError **error);
G_GNUC_INTERNAL void lttv_cache_loader_free(LttvCacheLoader *l);
/* Frees the results and unmaps the file. */
G_GNUC_INTERNAL void lttv_precompute_cache_clear(LttvPrecomputeCache *c);

/* Writes a cache in steps (temporary file, renamed when complete). */
typedef struct _LttvCacheWriter LttvCacheWriter;

G_GNUC_INTERNAL LttvCacheWriter *lttv_cache_writer_new(LttTrace *trace, const LttvIntervalStore *store,
                                                       const struct _LttvCompactCheckpoints *cps,
                                                       const LttvEventMarks *marks, guint64 events,
                                                       GError **error);
/* Writes until deadline (monotonic time); *finished once the file is in
 * place.  FALSE + error when it cannot be written. */
G_GNUC_INTERNAL gboolean lttv_cache_writer_step(LttvCacheWriter *w, gint64 deadline, gboolean *finished,
                                                GError **error);
/* Drops an unfinished file. */
G_GNUC_INTERNAL void lttv_cache_writer_free(LttvCacheWriter *w);

#endif
