/* ust-drain-private.h: the drainer's pieces behind lttd-ust.h.  UstApp is
 * one mapped application buffer file; UstTsc converts the TSC values some
 * applications record into CLOCK_MONOTONIC ns. */
#ifndef LTT_UST_DRAIN_PRIVATE_H
#define LTT_UST_DRAIN_PRIVATE_H

#include <glib.h>
#include "ltt/writer.h"

typedef struct {
	guint64 tsc0, ns0;       /* first calibration point */
	guint64 tsc1, ns1;       /* latest one: conversions are relative to it */
	double ns_per_tick;      /* measured between the two */
} UstTsc;

/* Takes two calibration points 20 ms apart. */
void ust_tsc_init(UstTsc *t);
/* Takes a new latest point: the rate gets more precise as tracing goes on. */
void ust_tsc_update(UstTsc *t);
guint64 ust_tsc_to_ns(const UstTsc *t, guint64 tsc);

typedef struct _UstApp UstApp;

/* Maps and checks the buffer file at path (everything in it comes from
 * another process and is validated before use). */
UstApp *ust_app_open(const char *path, GError **error);
/* TRUE when no process holds the file any more (the application exited or
 * crashed): what it committed can be taken in full. */
gboolean ust_app_is_dead(UstApp *a);
/* TRUE while the file's name still designates the mapped file: a process
 * that exec()s keeps its pid and may have renamed a new file over it. */
gboolean ust_app_still_named(const UstApp *a);
/* Writes what the application committed into w.  partial: also take the
 * committed records of sub-buffers that are not complete (lttd stopping);
 * dead (from ust_app_is_dead, checked before): also look past records a
 * thread reserved but never finished.  Progress is stored in the shared memory only
 * after the trace files hold the events, so a restarted drainer resumes
 * where this one stopped. */
gboolean ust_app_drain(UstApp *a, LttWriter *w, const UstTsc *tsc, gboolean partial, gboolean dead,
                       GError **error);
/* A drainer killed during a pass leaves what it wrote of that pass in its
 * trace (previous_trace, NULL if unknown) while consumed still points
 * before it: truncates those files back so that draining again writes the
 * events once.  FALSE with error when that cannot be done (the pass is
 * then forgotten: its events may appear twice, none is lost). */
gboolean ust_app_undo_unfinished_pass(UstApp *a, const char *previous_trace, GError **error);
void ust_app_free(UstApp *a);

#endif
