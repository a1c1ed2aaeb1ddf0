/* merge-window.h: the events of every tracefile within one time window,
 * copied and sorted into merge order (private to tracecontext.c).
 *
 * Merging N tracefiles one event at a time reads N cursors in turn and
 * replays a log2 N tournament per event; past a few dozen tracefiles that
 * costs more than the events themselves (bench-merge).  A window instead
 * reads each tracefile sequentially up to the window's end, copying its
 * events, sorts their keys by time with a stable radix sort and gathers
 * the copies in that order, so that delivering them reads memory in
 * sequence: the cost per event hardly depends on N. */
#ifndef LTTV_MERGE_WINDOW_H
#define LTTV_MERGE_WINDOW_H

#include <glib.h>
#include <ltt/tracefile.h>

typedef struct {
	LttTime rel;                /* time minus the window's start: the sort key */
	guint32 copy;               /* index in copies */
	guint32 order;              /* tracefile, in (trace, tracefile) order */
} MergeWindowKey;

typedef struct {
	LttEvent *copies;           /* appended tracefile after tracefile */
	LttEvent *sorted;           /* the copies in merge order, once sorted */
	MergeWindowKey *keys;       /* merge order once sorted */
	MergeWindowKey *scratch;    /* the radix sort's other buffer */
	guint cap;
	guint len;                  /* events in the window */
	guint next;                 /* keys[next] is the next event to deliver */
} MergeWindow;

void merge_window_init(MergeWindow *w, guint cap);
void merge_window_free(MergeWindow *w);
/* Empties the window (its buffers stay). */
static inline void merge_window_reset(MergeWindow *w)
{
	w->len = w->next = 0;
}
void merge_window_grow(MergeWindow *w);

/* Appends a copy of e, rel after the window's start, from tracefile order. */
static inline void merge_window_append(MergeWindow *w, const LttEvent *e, LttTime rel, guint32 order)
{
	if (G_UNLIKELY(w->len == w->cap))
		merge_window_grow(w);
	w->copies[w->len] = *e;
	w->keys[w->len] = (MergeWindowKey) { rel, w->len, order };
	w->len++;
}

/* Sorts the keys by rel, stably: appended in (tracefile, sequence) order,
 * equal times then come in tracefile order, as the merge requires; then
 * fills sorted (sorted[i] is the event of keys[i]).  max_rel bounds every
 * rel (it sets the number of passes).  one_run: the keys are in order as
 * appended (one tracefile), nothing to sort or move. */
void merge_window_sort(MergeWindow *w, LttTime max_rel, gboolean one_run);

#endif
