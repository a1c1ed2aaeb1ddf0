/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* fuzz-trace-dir.h: the trace directory the fuzz targets write each input
 * into (one per process, emptied at exit).  Included by each target. */
#ifndef FUZZ_TRACE_DIR_H
#define FUZZ_TRACE_DIR_H

#include <stdio.h>
#include <stdlib.h>
#include <glib/gstdio.h>

static char *fuzz_dir;

static void fuzz_trace_dir_remove(void)
{
	GDir *d = g_dir_open(fuzz_dir, 0, NULL);
	const char *name;
	while (d != NULL && (name = g_dir_read_name(d)) != NULL) {
		char *path = g_build_filename(fuzz_dir, name, NULL);
		g_unlink(path);
		g_free(path);
	}
	if (d != NULL)
		g_dir_close(d);
	g_rmdir(fuzz_dir);
	g_free(fuzz_dir);
}

/* The directory, made on first use. */
static const char *fuzz_trace_dir(void)
{
	if (fuzz_dir == NULL) {
		fuzz_dir = g_dir_make_tmp("fuzz-trace-XXXXXX", NULL);
		if (fuzz_dir == NULL)
			abort();
		atexit(fuzz_trace_dir_remove);
	}
	return fuzz_dir;
}

/* Writes one file of the trace directory. */
static void fuzz_write_file(const char *name, const guint8 *bytes, gsize len)
{
	char *path = g_build_filename(fuzz_trace_dir(), name, NULL);
	FILE *fp = fopen(path, "wb");

	/* Plain writes: g_file_set_contents may fsync, which would slow every run. */
	if (fp == NULL || fwrite(bytes, 1, len, fp) != len || fclose(fp) != 0)
		abort();
	g_free(path);
}

#endif
