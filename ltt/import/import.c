/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* import.c: the importers' entry point and the provenance they record. */
#include "config.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <glib/gstdio.h>
#include "ltt/ltt-format.h"
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

/* The import in this process. */
static gboolean import_here(const char *src, LttImportFormat format, const char *dst, LttImportProgress progress,
                            gpointer data, LttImportStats *stats, GError **error)
{
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

/* What the child of import_isolated sends back: its result, then the
 * error's code and message (length-prefixed). */
typedef struct {
	gboolean ok;
	LttImportStats stats;
	gint code;
	guint32 message_len;
} ChildReport;

static gboolean write_all(int fd, const void *buf, gsize len)
{
	const char *p = buf;

	while (len > 0) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return FALSE;
		p += n;
		len -= (gsize) n;
	}
	return TRUE;
}

/* The import in a forked child, without exec: only safe in a process
 * that has one thread (ltt-import itself, lttv), since a lock another
 * thread held at the fork stays held in the child. */
static gboolean import_forked(const char *src, LttImportFormat format, const char *dst, LttImportProgress progress,
                                gpointer data, LttImportStats *stats, GError **error)
{
	int fds[2], status;
	pid_t pid;
	GByteArray *got = g_byte_array_new();
	ChildReport r;
	guint8 buf[4096];
	ssize_t n;

	if (pipe(fds) != 0 || (pid = fork()) < 0) {
		int e = errno;
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: cannot start the import: %s", src, g_strerror(e));
		g_byte_array_unref(got);
		return FALSE;
	}
	if (pid == 0) {
		GError *err = NULL;

		close(fds[0]);
		memset(&r, 0, sizeof r);
		r.ok = import_here(src, format, dst, progress, data, &r.stats, &err);
		r.code = err != NULL ? err->code : 0;
		r.message_len = err != NULL ? (guint32) strlen(err->message) : 0;
		_exit(write_all(fds[1], &r, sizeof r) && (err == NULL || write_all(fds[1], err->message, r.message_len)) ? 0 : 1);
	}
	close(fds[1]);
	while ((n = read(fds[0], buf, sizeof buf)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		g_byte_array_append(got, buf, (guint) n);
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	memset(stats, 0, sizeof *stats);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || got->len < sizeof r) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_DAMAGED, "%s: the %s reader (%s) stopped abnormally on it (%s %d)",
		            src, ltt_import_format_name(format),
		            format == LTT_IMPORT_FORMAT_CTF ? "babeltrace2" : "libtracecmd",
		            WIFSIGNALED(status) ? "signal" : "exit status",
		            WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
		g_byte_array_unref(got);
		return FALSE;
	}
	memcpy(&r, got->data, sizeof r);
	*stats = r.stats;
	if (!r.ok)
		g_set_error(error, LTT_ERROR, r.code, "%.*s", (int) MIN(r.message_len, got->len - sizeof r),
		            (const char *) got->data + sizeof r);
	g_byte_array_unref(got);
	return r.ok;
}

/* babeltrace2 and libtracecmd abort on some damaged inputs (babeltrace2's
 * ctf plugin trips its own library's preconditions on some metadata): the
 * import runs in a child process, so that such an input is an error
 * naming the source, not the end of lttv.  The child is the ltt-import
 * program when there is one ($LTT_IMPORT_HELPER, empty for none; else
 * the installed one): a fresh process, safe to start from a program with
 * threads (lttv-gui); otherwise a fork of this process. */
static const char *import_helper(void)
{
	const char *helper = g_getenv("LTT_IMPORT_HELPER");

	if (helper != NULL)
		return helper[0] != '\0' ? helper : NULL;
	return g_file_test(LTT_IMPORT_HELPER_DEFAULT, G_FILE_TEST_IS_EXECUTABLE) ? LTT_IMPORT_HELPER_DEFAULT : NULL;
}

static gboolean import_spawned(const char *helper, const char *src, LttImportFormat format, const char *dst,
                               LttImportStats *stats, GError **error)
{
	char *argv[] = { (char *) helper, "-q", (char *) src, (char *) dst, NULL };
	char *err_text = NULL, *line;
	GError *spawn_error = NULL;
	int status;

	memset(stats, 0, sizeof *stats);
	if (!g_spawn_sync(NULL, argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err_text, &status,
	                  &spawn_error)) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: cannot start the import (%s): %s", src, helper,
		            spawn_error->message);
		g_error_free(spawn_error);
		return FALSE;
	}
	/* What it says of the import: its last "ltt-import: WHAT" line (the
	 * libraries may log lines of their own before it). */
	{
		char **lines = g_strsplit(err_text, "\n", -1);
		guint i;

		line = g_strdup("");
		for (i = 0; lines[i] != NULL; i++)
			if (g_str_has_prefix(lines[i], "ltt-import: ")) {
				g_free(line);
				line = g_strdup(lines[i] + 12);
			}
		g_strfreev(lines);
	}
	g_free(err_text);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		g_free(line);
		return TRUE;
	}
	if (WIFEXITED(status) && (WEXITSTATUS(status) == 1 || WEXITSTATUS(status) == 3)) {
		stats->partial = WEXITSTATUS(status) == 3;
		g_set_error(error, LTT_ERROR, stats->partial ? LTT_ERROR_DAMAGED : LTT_ERROR_IO, "%s",
		            line[0] != '\0' ? line : src);
	} else {
		g_set_error(error, LTT_ERROR, LTT_ERROR_DAMAGED, "%s: the %s reader (%s) stopped abnormally on it (%s %d)",
		            src, ltt_import_format_name(format),
		            format == LTT_IMPORT_FORMAT_CTF ? "babeltrace2" : "libtracecmd",
		            WIFSIGNALED(status) ? "signal" : "exit status",
		            WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
	}
	g_free(line);
	return FALSE;
}

static gboolean import_isolated(const char *src, LttImportFormat format, const char *dst, LttImportProgress progress,
                                gpointer data, LttImportStats *stats, GError **error)
{
	const char *helper = import_helper();

	if (helper != NULL)
		return import_spawned(helper, src, format, dst, stats, error);
	return import_forked(src, format, dst, progress, data, stats, error);
}

/* What a failed import wrote must not pass for a trace (the writer's
 * metadata is complete from the first block on): a destination it made is
 * removed, and the metadata it wrote into an existing one.  TRUE when
 * something was removed. */
static gboolean discard_destination(const char *dst, gboolean existed)
{
	char *metadata = g_build_filename(dst, LTT_METADATA_FILE, NULL);
	gboolean removed = g_unlink(metadata) == 0;
	GDir *d;
	const char *name;

	g_free(metadata);
	if (existed || (d = g_dir_open(dst, 0, NULL)) == NULL)
		return removed;
	while ((name = g_dir_read_name(d)) != NULL) {
		char *path = g_build_filename(dst, name, NULL);

		g_unlink(path);
		g_free(path);
	}
	g_dir_close(d);
	return g_rmdir(dst) == 0 || removed;
}

gboolean ltt_import(const char *src, LttImportFormat format, const char *dst, LttImportProgress progress,
                    gpointer data, LttImportStats *stats, GError **error)
{
	LttImportStats local;
	char *metadata = g_build_filename(dst, LTT_METADATA_FILE, NULL);
	gboolean existed = g_file_test(dst, G_FILE_TEST_EXISTS);
	gboolean was_trace = g_file_test(metadata, G_FILE_TEST_EXISTS);
	GError *err = NULL;
	char *searched = NULL;
	gboolean ok;

	g_free(metadata);
	if (stats == NULL)
		stats = &local;
	memset(stats, 0, sizeof *stats);
	if (format == LTT_IMPORT_FORMAT_UNKNOWN)
		format = ltt_import_detect_searched(src, &searched);
	if (!ltt_import_format_supported(format))
		ok = import_here(src, format, dst, progress, data, stats, &err);
	else
		ok = import_isolated(src, format, dst, progress, data, stats, &err);
	if (!ok && searched != NULL) {
		char *m = g_strdup_printf("%s; %s", err->message, searched);

		g_free(err->message);
		err->message = m;
	}
	g_free(searched);
	/* A partial import keeps what was readable (exit 3); a trace that was
	 * there before is not ours to remove. */
	if (!ok && !stats->partial && !was_trace && discard_destination(dst, existed)) {
		g_set_error(error, err->domain, err->code, "%s (%s: nothing kept)", err->message, dst);
		g_error_free(err);
	} else if (!ok) {
		g_propagate_error(error, err);
	}
	return ok;
}
