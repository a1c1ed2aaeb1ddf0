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
