/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* import.h: turning traces of other tools into the LTT format (doc/import.md).
 * CTF 1.8 is read through libbabeltrace2, trace.dat through libtracecmd; each
 * is optional at build time, and asking for a format the build lacks is an
 * error that says so. */
#ifndef LTT_IMPORT_H
#define LTT_IMPORT_H

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
	LTT_IMPORT_FORMAT_UNKNOWN,
	LTT_IMPORT_FORMAT_LTT,        /* ours: nothing to import */
	LTT_IMPORT_FORMAT_CTF,        /* a directory holding CTF traces (LTTng sessions, babeltrace2 output) */
	LTT_IMPORT_FORMAT_TRACE_DAT   /* a trace-cmd trace.dat file */
} LttImportFormat;

/* What path holds, by the magic numbers of its files; UNKNOWN when nothing matches. */
LttImportFormat ltt_import_detect(const char *path);
/* The same; when a directory holds no trace, *searched (free it) says
 * where CTF metadata was looked for ("searched for CTF metadata in ..."),
 * else it is NULL. */
LttImportFormat ltt_import_detect_searched(const char *path, char **searched);
const char *ltt_import_format_name(LttImportFormat format);
/* Whether this build can read the format. */
gboolean ltt_import_format_supported(LttImportFormat format);

/* Called every few thousand events, and once at the end. */
typedef void (*LttImportProgress)(guint64 events, gpointer data);

typedef struct {
	guint64 events;         /* events written */
	guint64 lost;           /* events the source says its tracer discarded */
	guint64 skipped;        /* events that could not be written (time going back, damage) */
	gboolean partial;       /* the source was damaged: what was readable was imported, error says where */
} LttImportStats;

/* Imports src into a new LTT trace directory dst (which must not hold a
 * trace).  On damage, the readable part is kept in dst: the call returns
 * FALSE with error and stats->partial set.  stats and progress may be NULL. */
gboolean ltt_import(const char *src, LttImportFormat format, const char *dst,
                    LttImportProgress progress, gpointer data, LttImportStats *stats, GError **error);

/* The LTT trace for src, imported into $XDG_CACHE_HOME/lttv/import/ on the
 * first call and reused while src's identity (size and modification time of
 * its files) is unchanged.  Returns the directory (free it) or NULL with
 * error; a damaged source gives its partial import and a warning in
 * *warning (free it; warning may be NULL). */
char *ltt_import_cached(const char *src, LttImportFormat format, LttImportProgress progress,
                        gpointer data, char **warning, GError **error);

G_END_DECLS

#endif
