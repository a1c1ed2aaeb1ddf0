/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* import-private.h: what the importers of ltt/import share. */
#ifndef LTT_IMPORT_PRIVATE_H
#define LTT_IMPORT_PRIVATE_H

#include "ltt/writer.h"
#include "import.h"

/* An LTT field, label or event name ([A-Za-z_][A-Za-z0-9_]*) for name:
 * other characters become '_'. */
G_GNUC_INTERNAL void ltt_import_ident(GString *s, const char *name);
/* Writes the provenance properties (import.*) of a trace made from src. */
G_GNUC_INTERNAL gboolean ltt_import_set_provenance(LttWriter *w, const char *src, LttImportFormat format,
                                                   GError **error);

/* The search for CTF traces below a directory (import-detect.c). */
#define LTT_CTF_SEARCH_DEPTH 4
#define LTT_CTF_SEARCH_DIRS 4096
typedef struct {
	guint dirs;         /* directories looked into */
	gboolean stopped;   /* LTT_CTF_SEARCH_DIRS reached: some were left out */
} LttCtfSearch;
/* Whether dir or a directory below it holds a CTF metadata file; found
 * (NULL: stop at the first) gets each such directory, not searched further. */
G_GNUC_INTERNAL gboolean ltt_import_ctf_search(const char *dir, GPtrArray *found, LttCtfSearch *s);
/* "searched for CTF metadata in ...": what the search covered. */
G_GNUC_INTERNAL char *ltt_import_ctf_search_text(const LttCtfSearch *s);

#ifdef HAVE_BABELTRACE2
#include <babeltrace2/babeltrace.h>

/* Declarations (format.md §3.1) of the members of a structure class (NULL:
 * none), each name after prefix, each followed by "; ". */
G_GNUC_INTERNAL void ltt_import_ctf_members_text(GString *s, const bt_field_class *fc, const char *prefix);
G_GNUC_INTERNAL void ltt_import_ctf_type_text(GString *s, const bt_field_class *fc);
/* The payload encoding of a field of that declaration. */
G_GNUC_INTERNAL void ltt_import_ctf_field_put(LttPayload *p, const bt_field *f);
G_GNUC_INTERNAL void ltt_import_ctf_members_put(LttPayload *p, const bt_field *f);

G_GNUC_INTERNAL gboolean ltt_import_ctf(const char *src, const char *dst, LttImportProgress progress,
                                        gpointer data, LttImportStats *stats, GError **error);
#endif

#ifdef HAVE_TRACECMD
G_GNUC_INTERNAL gboolean ltt_import_trace_dat(const char *src, const char *dst, LttImportProgress progress,
                                              gpointer data, LttImportStats *stats, GError **error);
#endif

#endif
