/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* import-detect.c: which format a path holds, by the first bytes of its
 * files, never by its name. */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <glib/gstdio.h>
#include "import-private.h"

/* A packetized CTF metadata file starts with this magic (in either byte
 * order); a plain-text one with the "/ * CTF" signature. */
#define CTF_METADATA_MAGIC 0x75D11D57U
#define TRACE_DAT_MAGIC "\x17\x08\x44tracing"

/* The first bytes of a regular file; 0 for anything else.  Opened without
 * blocking and checked before reading: a FIFO named metadata would wait
 * for a writer forever, a device could be anything. */
static gsize read_head(const char *path, guint8 *buf, gsize size)
{
	int fd = g_open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
	struct stat st;
	gssize n = 0, got;

	if (fd < 0)
		return 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		while ((gsize) n < size && ((got = read(fd, buf + n, size - n)) > 0 || (got < 0 && errno == EINTR)))
			n += got > 0 ? got : 0;
	close(fd);
	return (gsize) n;
}

static gboolean is_ctf_metadata(const char *path)
{
	guint8 head[8];
	gsize n = read_head(path, head, sizeof head);
	guint32 magic;

	if (n >= 4) {
		memcpy(&magic, head, 4);
		if (magic == CTF_METADATA_MAGIC || GUINT32_SWAP_LE_BE(magic) == CTF_METADATA_MAGIC)
			return TRUE;
	}
	return n >= 6 && memcmp(head, "/* CTF", 6) == 0;
}

/* LTTng writes a session as kernel/ and ust/uid/N/64-bit/ below its
 * directory: a CTF trace may be a few levels down.  Symbolic links to
 * directories are not followed (/proc/N/cwd leads back to /, a link to ..
 * loops), and the search stops after LTT_CTF_SEARCH_DIRS directories: a
 * path like / or /proc answers in a moment. */
static gboolean search_dir(const char *dir, int depth, GPtrArray *found, LttCtfSearch *s)
{
	char *meta = g_build_filename(dir, "metadata", NULL);
	gboolean hit = is_ctf_metadata(meta);
	GDir *d;
	const char *name;

	g_free(meta);
	s->dirs++;
	if (hit && found != NULL)
		g_ptr_array_add(found, g_strdup(dir));
	if (hit || depth == 0 || (d = g_dir_open(dir, 0, NULL)) == NULL)
		return hit;
	while ((name = g_dir_read_name(d)) != NULL && (found != NULL || !hit)) {
		char *sub = g_build_filename(dir, name, NULL);
		GStatBuf st;

		if (g_lstat(sub, &st) == 0 && S_ISDIR(st.st_mode)) {
			if (s->dirs >= LTT_CTF_SEARCH_DIRS)
				s->stopped = TRUE;
			else
				hit = search_dir(sub, depth - 1, found, s) || hit;
		}
		g_free(sub);
	}
	g_dir_close(d);
	return hit;
}

gboolean ltt_import_ctf_search(const char *dir, GPtrArray *found, LttCtfSearch *s)
{
	memset(s, 0, sizeof *s);
	return search_dir(dir, LTT_CTF_SEARCH_DEPTH, found, s);
}

char *ltt_import_ctf_search_text(const LttCtfSearch *s)
{
	return g_strdup_printf("searched for CTF metadata in it and its subdirectories %d levels down: %u "
	                       "director%s%s; symbolic links to directories are not followed",
	                       LTT_CTF_SEARCH_DEPTH, s->dirs, s->dirs == 1 ? "y" : "ies",
	                       s->stopped ? ", the most it looks into" : "");
}

LttImportFormat ltt_import_detect(const char *path)
{
	return ltt_import_detect_searched(path, NULL);
}

LttImportFormat ltt_import_detect_searched(const char *path, char **searched)
{
	guint8 head[16];
	gsize n;
	LttCtfSearch search;

	if (searched != NULL)
		*searched = NULL;

	if (g_file_test(path, G_FILE_TEST_IS_DIR)) {
		char *meta = g_build_filename(path, "metadata", NULL);

		n = read_head(meta, head, sizeof head);
		g_free(meta);
		if (n >= 12 && memcmp(head, "ltt-metadata", 12) == 0)
			return LTT_IMPORT_FORMAT_LTT;
		if (ltt_import_ctf_search(path, NULL, &search))
			return LTT_IMPORT_FORMAT_CTF;
		if (searched != NULL)
			*searched = ltt_import_ctf_search_text(&search);
		return LTT_IMPORT_FORMAT_UNKNOWN;
	}
	n = read_head(path, head, sizeof head);
	if (n >= 10 && memcmp(head, TRACE_DAT_MAGIC, 10) == 0)
		return LTT_IMPORT_FORMAT_TRACE_DAT;
	return LTT_IMPORT_FORMAT_UNKNOWN;
}

const char *ltt_import_format_name(LttImportFormat format)
{
	switch (format) {
	case LTT_IMPORT_FORMAT_LTT:
		return "ltt";
	case LTT_IMPORT_FORMAT_CTF:
		return "ctf";
	case LTT_IMPORT_FORMAT_TRACE_DAT:
		return "trace.dat";
	default:
		return "unknown";
	}
}

gboolean ltt_import_format_supported(LttImportFormat format)
{
	switch (format) {
	case LTT_IMPORT_FORMAT_CTF:
#ifdef HAVE_BABELTRACE2
		return TRUE;
#else
		return FALSE;
#endif
	case LTT_IMPORT_FORMAT_TRACE_DAT:
#ifdef HAVE_TRACECMD
		return TRUE;
#else
		return FALSE;
#endif
	default:
		return FALSE;
	}
}
