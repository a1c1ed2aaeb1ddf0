/* import.c: the importers' entry point and the provenance they record. */
#include "config.h"
#include <stdlib.h>
#include "ltt/ltt-error.h"
#include "import-private.h"

gboolean ltt_import_set_provenance(LttWriter *w, const char *src, LttImportFormat format, GError **error)
{
	char *abs = realpath(src, NULL);
	gboolean ok = ltt_writer_set_property(w, "import.source", abs != NULL ? abs : src, error)
	              && ltt_writer_set_property(w, "import.format", ltt_import_format_name(format), error)
	              && ltt_writer_set_property(w, "import.tool", "ltt-import " PACKAGE_VERSION, error);

	free(abs);
	return ok;
}

gboolean ltt_import(const char *src, LttImportFormat format, const char *dst, LttImportProgress progress,
                    gpointer data, LttImportStats *stats, GError **error)
{
	LttImportStats local;

	if (stats == NULL)
		stats = &local;
	memset(stats, 0, sizeof *stats);
	if (format == LTT_IMPORT_FORMAT_UNKNOWN)
		format = ltt_import_detect(src);
	switch (format) {
	case LTT_IMPORT_FORMAT_CTF:
#ifdef HAVE_BABELTRACE2
		return ltt_import_ctf(src, dst, progress, data, stats, error);
#else
		g_set_error(error, LTT_ERROR, LTT_ERROR_NOT_A_TRACE,
		            "%s: a CTF trace, but this build has no CTF import (configure found no libbabeltrace2)", src);
		return FALSE;
#endif
	case LTT_IMPORT_FORMAT_TRACE_DAT:
#ifdef HAVE_TRACECMD
		return ltt_import_trace_dat(src, dst, progress, data, stats, error);
#else
		g_set_error(error, LTT_ERROR, LTT_ERROR_NOT_A_TRACE,
		            "%s: a trace.dat file, but this build has no trace.dat import (configure found no libtracecmd)", src);
		return FALSE;
#endif
	case LTT_IMPORT_FORMAT_LTT:
		g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID, "%s: already an LTT trace; nothing to import", src);
		return FALSE;
	default:
		g_set_error(error, LTT_ERROR, LTT_ERROR_NOT_A_TRACE,
		            "%s: not a trace this program knows (neither an LTT trace, a CTF trace nor a trace.dat file)", src);
		return FALSE;
	}
}
