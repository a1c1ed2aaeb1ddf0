/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* fuzz-trace-dir.h: the trace directory the fuzz targets write each input
 * into (one per process, emptied at exit).  Included by each target.
 *
 * An input is one of two layouts.  The plain one: a little-endian u16
 * giving the metadata's length, the metadata, then the bytes of the
 * channel file(s) the target names.  A listing, when the input begins with
 * FUZZ_DIR_MAGIC: entries of a u8 kind, a u8 name length, the name, a
 * little-endian u16 content length, the content; kind % 4 is 0 a regular
 * file (content: its bytes), 1 a symbolic link (content: its target, a
 * name in the directory or none), 2 a directory, 3 a FIFO.  Names with a
 * '/' and "", ".", ".." are skipped (as targets: a link to "none"): what
 * a trace directory can hold (sparse CPU numbers, files that are no
 * channel file, a trace of metadata only) without reaching outside it. */
#ifndef FUZZ_TRACE_DIR_H
#define FUZZ_TRACE_DIR_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

static char *fuzz_dir;

#define FUZZ_DIR_MAGIC "LTTDIR\n"

/* Empties the directory (its subdirectories are empty: inputs make them). */
static void fuzz_trace_dir_clear(void)
{
	GDir *d = g_dir_open(fuzz_dir, 0, NULL);
	const char *name;
	while (d != NULL && (name = g_dir_read_name(d)) != NULL) {
		char *path = g_build_filename(fuzz_dir, name, NULL);
		if (g_unlink(path) != 0)
			g_rmdir(path);
		g_free(path);
	}
	if (d != NULL)
		g_dir_close(d);
}

static void fuzz_trace_dir_remove(void)
{
	fuzz_trace_dir_clear();
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

static gboolean fuzz_name_ok(const char *name)
{
	return *name != '\0' && strchr(name, '/') == NULL && strcmp(name, ".") != 0 && strcmp(name, "..") != 0;
}

/* Makes the directory an input describes; FALSE when the input is of the
 * plain layout, which the caller then writes itself.  Either way the
 * directory holds nothing of the previous input. */
static gboolean fuzz_write_listing(const guint8 *data, gsize size)
{
	gsize magic = strlen(FUZZ_DIR_MAGIC), at = magic;

	fuzz_trace_dir();
	fuzz_trace_dir_clear();
	if (size < magic || memcmp(data, FUZZ_DIR_MAGIC, magic) != 0)
		return FALSE;
	while (at + 2 <= size) {
		guint kind = data[at] % 4, name_len = data[at + 1];
		char *name, *content, *path;
		gsize len;

		if (at + 2 + name_len + 2 > size)
			break;
		name = g_strndup((const char *) data + at + 2, name_len);
		at += 2 + name_len;
		len = MIN((gsize) (data[at] | data[at + 1] << 8), size - at - 2);
		at += 2;
		content = g_strndup((const char *) data + at, len);
		path = g_build_filename(fuzz_dir, name, NULL);
		if (fuzz_name_ok(name) && !g_file_test(path, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK)) {
			if (kind == 0)
				fuzz_write_file(name, data + at, len);
			else if (kind == 1)
				(void) !symlink(fuzz_name_ok(content) ? content : "none", path);
			else if (kind == 2)
				g_mkdir(path, 0755);
			else if (kind == 3)
				mkfifo(path, 0644);
		}
		at += len;
		g_free(path);
		g_free(content);
		g_free(name);
	}
	return TRUE;
}

#endif
