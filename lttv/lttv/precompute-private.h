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

#endif
