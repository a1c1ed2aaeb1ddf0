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

/* Memory in anonymous mappings, bump-allocated, given back whole
 * (precompute-arena.c).  Items are 8-byte aligned and never move. */
typedef struct _LttvArena LttvArena;

G_GNUC_INTERNAL LttvArena *lttv_arena_new(gsize segment_size);
G_GNUC_INTERNAL void lttv_arena_free(LttvArena *a);
G_GNUC_INTERNAL gpointer lttv_arena_alloc(LttvArena *a, gsize size);
G_GNUC_INTERNAL gsize lttv_arena_mapped(const LttvArena *a);

#endif
