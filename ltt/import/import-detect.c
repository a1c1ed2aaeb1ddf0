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
#include "import.h"

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
 * directory: a CTF trace may be a few levels down. */
static gboolean holds_ctf(const char *dir, int depth)
{
	char *meta = g_build_filename(dir, "metadata", NULL);
	gboolean found = is_ctf_metadata(meta);
	GDir *d;
	const char *name;

	g_free(meta);
	if (found || depth == 0 || (d = g_dir_open(dir, 0, NULL)) == NULL)
		return found;
	while (!found && (name = g_dir_read_name(d)) != NULL) {
		char *sub = g_build_filename(dir, name, NULL);

		if (g_file_test(sub, G_FILE_TEST_IS_DIR))
			found = holds_ctf(sub, depth - 1);
		g_free(sub);
	}
	g_dir_close(d);
	return found;
}

LttImportFormat ltt_import_detect(const char *path)
{
	guint8 head[16];
	gsize n;

	if (g_file_test(path, G_FILE_TEST_IS_DIR)) {
		char *meta = g_build_filename(path, "metadata", NULL);

		n = read_head(meta, head, sizeof head);
		g_free(meta);
		if (n >= 12 && memcmp(head, "ltt-metadata", 12) == 0)
			return LTT_IMPORT_FORMAT_LTT;
		return holds_ctf(path, 4) ? LTT_IMPORT_FORMAT_CTF : LTT_IMPORT_FORMAT_UNKNOWN;
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
