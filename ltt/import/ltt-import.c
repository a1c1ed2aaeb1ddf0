/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-import: converts a CTF trace or a trace.dat file into an LTT trace
 * directory (doc/man/ltt-import.1). */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "import.h"

static gboolean quiet, list_formats;

static void show_progress(guint64 events, gpointer data)
{
	g_printerr("\rltt-import: %" G_GUINT64_FORMAT " events", events);
}

static int usage_error(const char *what)
{
	g_printerr("ltt-import: %s (try ltt-import --help)\n", what);
	return 2;
}

int main(int argc, char **argv)
{
	char *format_name = NULL;
	gboolean show_version = FALSE;
	GOptionEntry entries[] = {
		{ "format", 'f', 0, G_OPTION_ARG_STRING, &format_name, "the source's format: ctf or trace.dat (default: detected)", "FORMAT" },
		{ "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "no progress, no summary", NULL },
		{ "list-formats", 0, 0, G_OPTION_ARG_NONE, &list_formats, "print the formats this build reads, one a line, and exit", NULL },
		{ "version", 'V', 0, G_OPTION_ARG_NONE, &show_version, "print the version and exit", NULL },
		{ NULL }
	};
	GOptionContext *ctx = g_option_context_new("SRC DST");
	GError *error = NULL;
	LttImportFormat format = LTT_IMPORT_FORMAT_UNKNOWN;
	LttImportStats stats;
	gboolean tty, ok;

	g_option_context_set_summary(ctx, "Converts SRC (a CTF trace directory, e.g. an LTTng session, or a trace-cmd\n"
	                                  "trace.dat file) into a new LTT trace directory DST.\n"
	                                  "Exit status: 0 done, 1 failed, 2 usage, 3 SRC damaged (its readable part is in DST).");
	g_option_context_add_main_entries(ctx, entries, NULL);
	if (!g_option_context_parse(ctx, &argc, &argv, &error)) {
		int rc = usage_error(error->message);
		g_error_free(error);
		g_option_context_free(ctx);
		return rc;
	}
	g_option_context_free(ctx);
	if (format_name != NULL) {
		if (strcmp(format_name, "ctf") == 0)
			format = LTT_IMPORT_FORMAT_CTF;
		else if (strcmp(format_name, "trace.dat") == 0)
			format = LTT_IMPORT_FORMAT_TRACE_DAT;
		g_free(format_name);
		if (format == LTT_IMPORT_FORMAT_UNKNOWN)
			return usage_error("--format takes ctf or trace.dat");
	}
	if (show_version) {
		g_print("ltt-import %s\n", PACKAGE_VERSION);
		return 0;
	}
	if (list_formats) {
		LttImportFormat f[] = { LTT_IMPORT_FORMAT_CTF, LTT_IMPORT_FORMAT_TRACE_DAT };
		guint i;

		for (i = 0; i < G_N_ELEMENTS(f); i++)
			if (ltt_import_format_supported(f[i]))
				g_print("%s\n", ltt_import_format_name(f[i]));
		return 0;
	}
	if (argc != 3)
		return usage_error(argc < 3 ? "SRC and DST are required" : "too many arguments");
	tty = !quiet && isatty(STDERR_FILENO);
	/* This program is the helper others start: it imports in a child of
	 * its own (one thread, so a fork is safe), not in another of itself. */
	g_setenv("LTT_IMPORT_HELPER", "", TRUE);
	ok = ltt_import(argv[1], format, argv[2], tty ? show_progress : NULL, NULL, &stats, &error);
	if (tty)
		g_printerr("\n");
	if (!ok) {
		g_printerr("ltt-import: %s\n", error->message);
		g_error_free(error);
		if (!stats.partial)
			return 1;
	}
	if (!quiet)
		g_printerr("ltt-import: %s: %" G_GUINT64_FORMAT " events written, %" G_GUINT64_FORMAT " lost by the tracer, %"
		           G_GUINT64_FORMAT " skipped\n", argv[2], stats.events, stats.lost, stats.skipped);
	return ok ? 0 : 3;
}
