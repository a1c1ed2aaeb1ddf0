/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* traceset.h: the traces a computation looks at.
 *
 * A trace is opened once per process: opening a path that is already open
 * (the same directory, however it is spelled) returns the same LttvTrace
 * with one more reference.  Every traceset (GUI tab, batch run, background
 * computation) that uses it shares the LttTrace and its attribute tree,
 * where computations keep per-trace results (state checkpoints,
 * statistics) for as long as the trace is open. */
#ifndef LTTV_TRACESET_H
#define LTTV_TRACESET_H

#include <glib.h>
#include <ltt/trace.h>
#include "attribute.h"

G_BEGIN_DECLS

typedef struct _LttvTrace LttvTrace;
typedef struct _LttvTraceset LttvTraceset;

/* Opens path, or references it when already open.  NULL + error (LTT_ERROR,
 * naming the path) when it is not a readable trace. */
LttvTrace *lttv_trace_open(const char *path, GError **error);
LttvTrace *lttv_trace_ref(LttvTrace *t);
/* At the last reference the trace and its attributes are freed. */
void lttv_trace_unref(LttvTrace *t);
guint lttv_trace_ref_count(const LttvTrace *t);

LttTrace *lttv_trace_ltt(const LttvTrace *t);
/* A trace opened from a CTF trace or a trace.dat file is their import
 * (doc/import.md): what that import skipped of a damaged source (NULL:
 * nothing), besides the warnings of the imported trace itself
 * (ltt_trace_warning). */
const char *lttv_trace_import_warning(const LttvTrace *t);
LttvAttribute *lttv_trace_attribute(const LttvTrace *t);

/* Traces in the order they were added. */
LttvTraceset *lttv_traceset_new(void);
/* Drops the traceset's references. */
void lttv_traceset_destroy(LttvTraceset *ts);
/* Appends t, taking a new reference.  A trace is in a traceset at most
 * once: adding it again does nothing and returns FALSE. */
gboolean lttv_traceset_add(LttvTraceset *ts, LttvTrace *t);
void lttv_traceset_remove(LttvTraceset *ts, guint i);
guint lttv_traceset_number(const LttvTraceset *ts);
LttvTrace *lttv_traceset_get(const LttvTraceset *ts, guint i);
LttvAttribute *lttv_traceset_attribute(const LttvTraceset *ts);

G_END_DECLS

#endif
