/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* import-cache.c: a foreign trace is imported once, into
 * $XDG_CACHE_HOME/lttv/import/HASH/NAME (HASH: SHA-256 of the source's real
 * path, NAME its base name), next to a file "identity" naming the source's files with their
 * sizes and modification times.  The cache is used only while the identity
 * is unchanged; otherwise the import is redone.  An import is built in a
 * temporary directory and renamed into place, so a crash or a concurrent
 * lttv never leaves half a trace where a whole one is expected. */
#include "config.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include "ltt/ltt-error.h"
#include "import-private.h"

/* The number changes with what an import writes, so that older imports in
 * the cache are made again (2: trace.dat's saved names, ltt_statedump_comm;
 * 3: CTF's base-16 integers as x8..x64). */
#define IDENTITY_VERSION "ltt-import-cache 3 " PACKAGE_VERSION

static gint compare_names(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *) a, *(char *const *) b);
}

/* "relative-path size mtime-ns" lines, sorted, of every regular file. */
static void identity_add(GString *s, const char *root, const char *rel, int depth)
{
	char *path = rel[0] != '\0' ? g_build_filename(root, rel, NULL) : g_strdup(root);
	GStatBuf st;

	if (g_stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
		g_string_append_printf(s, "%s %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n", rel[0] ? rel : ".",
		                       (guint64) st.st_size,
		                       (guint64) st.st_mtim.tv_sec * G_GUINT64_CONSTANT(1000000000) + (guint64) st.st_mtim.tv_nsec);
	} else if (depth > 0 && g_file_test(path, G_FILE_TEST_IS_DIR)
	           && (rel[0] == '\0' || (g_lstat(path, &st) == 0 && S_ISDIR(st.st_mode)))) {
		/* As the search for traces: no link to a directory (a loop). */
		GDir *d = g_dir_open(path, 0, NULL);
		GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
		const char *name;
		guint i;

		while (d != NULL && (name = g_dir_read_name(d)) != NULL)
			g_ptr_array_add(names, rel[0] ? g_build_filename(rel, name, NULL) : g_strdup(name));
		if (d != NULL)
			g_dir_close(d);
		g_ptr_array_sort(names, compare_names);
		for (i = 0; i < names->len; i++)
			identity_add(s, root, g_ptr_array_index(names, i), depth - 1);
		g_ptr_array_unref(names);
	}
	g_free(path);
}

static gboolean remove_tree(const char *path)
{
	GDir *d = g_dir_open(path, 0, NULL);
	const char *name;

	while (d != NULL && (name = g_dir_read_name(d)) != NULL) {
		char *sub = g_build_filename(path, name, NULL);

		if (g_file_test(sub, G_FILE_TEST_IS_DIR) && !g_file_test(sub, G_FILE_TEST_IS_SYMLINK))
			remove_tree(sub);
		else
			g_unlink(sub);
		g_free(sub);
	}
	if (d != NULL)
		g_dir_close(d);
	return g_rmdir(path) == 0;
}

char *ltt_import_cached(const char *src, LttImportFormat format, LttImportProgress progress, gpointer data,
                        char **warning, GError **error)
{
	char *real = realpath(src, NULL);
	char *hash, *base, *dir, *trace, *idfile, *warnfile, *tmp, *old = NULL, *tmp_trace;
	GString *identity;
	LttImportStats stats;
	GError *err = NULL;
	gboolean ok;

	if (real == NULL) {
		int e = errno;
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: %s", src, g_strerror(e));
		return NULL;
	}
	hash = g_compute_checksum_for_string(G_CHECKSUM_SHA256, real, -1);
	dir = g_build_filename(g_get_user_cache_dir(), "lttv", "import", hash, NULL);
	base = g_path_get_basename(real);
	/* Named as the source, so that lttv shows the trace under its name. */
	trace = g_build_filename(dir, base, NULL);
	g_free(base);
	idfile = g_build_filename(dir, "identity", NULL);
	warnfile = g_build_filename(dir, "warning", NULL);
	identity = g_string_new(IDENTITY_VERSION "\n");
	g_string_append_printf(identity, "%s\n", real);
	identity_add(identity, real, "", 8);
	free(real);
	g_free(hash);

	if (g_file_get_contents(idfile, &old, NULL, NULL) && strcmp(old, identity->str) == 0
	    && g_file_test(trace, G_FILE_TEST_IS_DIR)) {
		if (warning != NULL && !g_file_get_contents(warnfile, warning, NULL, NULL))
			*warning = NULL;
		goto done;
	}
	/* Stale or absent: import again, beside the old one. */
	if (g_mkdir_with_parents(dir, 0700) != 0) {
		int e = errno;
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: %s", dir, g_strerror(e));
		g_clear_pointer(&trace, g_free);
		goto done;
	}
	tmp = g_strdup_printf("%s.tmp-%d", trace, (int) getpid());
	remove_tree(tmp);
	tmp_trace = g_strdup(tmp);
	ok = ltt_import(src, format, tmp_trace, progress, data, &stats, &err);
	if (!ok && !stats.partial) {
		g_propagate_error(error, err);
		remove_tree(tmp);
		g_clear_pointer(&trace, g_free);
	} else {
		g_unlink(idfile);
		remove_tree(trace);
		if (g_rename(tmp, trace) != 0) {
			int e = errno;
			g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: %s", trace, g_strerror(e));
			remove_tree(tmp);
			g_clear_pointer(&trace, g_free);
		} else {
			if (err != NULL)
				g_file_set_contents(warnfile, err->message, -1, NULL);
			else
				g_unlink(warnfile);
			/* The identity last: until it is written the cache is not used. */
			g_file_set_contents(idfile, identity->str, (gssize) identity->len, NULL);
			if (warning != NULL)
				*warning = err != NULL ? g_strdup(err->message) : NULL;
		}
		g_clear_error(&err);
	}
	/* A failed first import leaves nothing: the folder made for it goes
	 * (an earlier import in it stays). */
	if (trace == NULL)
		g_rmdir(dir);
	g_free(tmp);
	g_free(tmp_trace);
done:
	g_free(old);
	g_string_free(identity, TRUE);
	g_free(idfile);
	g_free(warnfile);
	g_free(dir);
	return trace;
}
