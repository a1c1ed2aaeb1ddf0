/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ust-drain-private.h: the drainer's pieces behind lttd-ust.h.  UstApp is
 * one mapped application buffer file; UstTsc converts the TSC values some
 * applications record into CLOCK_MONOTONIC ns. */
#ifndef LTT_UST_DRAIN_PRIVATE_H
#define LTT_UST_DRAIN_PRIVATE_H

#include <glib.h>
#include <sys/stat.h>
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

/* The key that authenticates a drainer's claims (ust-shm.h, claim_tag).
 * It lives in the registry's lock file, which only drainers can read. */
#define UST_CLAIM_KEY_SIZE 32
typedef struct {
	guint8 bytes[UST_CLAIM_KEY_SIZE];
} UstClaimKey;

/* TRUE when a file or directory with these attributes can only have been
 * made or changed by this drainer's user or root: the drainer trusts its
 * content and follows no path through anything else. */
gboolean ust_trusted_owner(const struct stat *st);

typedef struct _UstApp UstApp;

/* Maps and checks the buffer file name in the registry dir_fd (dir, for
 * messages; dir_fd stays open for as long as the UstApp lives).  A symbolic
 * link, a file with other names or a name that differs from the header's
 * NAME-PID is refused; everything in the file comes from another process
 * and is validated before use. */
UstApp *ust_app_open(int dir_fd, const char *dir, const char *name, GError **error);
/* TRUE when no process holds the file any more (the application exited or
 * crashed): what it committed can be taken in full. */
gboolean ust_app_is_dead(UstApp *a);
/* TRUE while the file's name still designates the mapped file: a process
 * that exec()s keeps its pid and may have renamed a new file over it. */
gboolean ust_app_still_named(const UstApp *a);
/* Writes what the application committed into w.  partial: also take the
 * committed records of sub-buffers that are not complete (lttd stopping);
 * dead (from ust_app_is_dead, checked before): also look past records a
 * thread reserved but never finished.  Progress is stored in the shared
 * memory only after the trace files hold the events, so a restarted
 * drainer resumes where this one stopped; each pass's claim is signed with
 * key.  An error of domain LTT_ERROR other than LTT_ERROR_IO is the
 * application's fault (a record the trace cannot hold): the caller puts
 * the file aside; LTT_ERROR_IO is the trace's. */
gboolean ust_app_drain(UstApp *a, LttWriter *w, const UstTsc *tsc, const UstClaimKey *key, gboolean partial,
                       gboolean dead, GError **error);
/* A drainer killed during a pass leaves what it wrote of that pass in its
 * trace while consumed still points before it: truncates those files back
 * so that draining again writes the events once.  trace_fd: the previous
 * drainer's trace directory (trace names it in messages), key: its key;
 * -1 / NULL if unknown.  Only claims signed with key are acted on, only on
 * regular files of the trusted owners in trace_fd, and never past their
 * size.  FALSE with error when a claim cannot be honoured (the pass is
 * then forgotten: its events may appear twice, none is lost). */
gboolean ust_app_undo_unfinished_pass(UstApp *a, int trace_fd, const char *trace, const UstClaimKey *key,
                                      GError **error);
/* TRUE when the application's times are TSC values (ust-tsc.c converts). */
gboolean ust_app_records_tsc(const UstApp *a);
/* The file's name in the registry. */
const char *ust_app_name(const UstApp *a);
/* TRUE once the drainer met a part of the mapping that the file no longer
 * has: its owner cut it short; what was read there was zeros. */
gboolean ust_app_was_cut(const UstApp *a);
void ust_app_free(UstApp *a);

#endif
