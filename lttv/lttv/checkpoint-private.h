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

LttvCheckpoints *lttv_checkpoints_alloc(LttTrace *trace, guint interval);
LttvCheckpoint *lttv_checkpoint_new(guint n_tracefiles);
void lttv_checkpoint_free(LttvCheckpoint *cp);
/* The last checkpoint whose events are all earlier than t, or NULL. */
const LttvCheckpoint *lttv_checkpoints_before(const LttvCheckpoints *cps, LttTime t);
/* TRUE when ev (of tracefile index tfi) was applied before checkpoint cp. */
gboolean lttv_checkpoint_covers(const LttvCheckpoint *cp, guint tfi, const LttEvent *ev);

#endif
