/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttd-ust.c: lttd's user-space source (lttd-ust.h).  Applications appear
 * as "NAME-PID.ust" files in the registry directory; each drain pass looks
 * for new ones, drains every known one, and recovers and removes the files
 * of applications that are gone.  A lock file keeps a second drainer off
 * the same registry (two would take the same events); it names the trace
 * of the drainer holding it and holds the key of its claims.
 *
 * A registry may be shared by users who do not trust each other (mode
 * 1777, doc/ust.md §8): the drainer reaches every file through the
 * directory's descriptor without following links, trusts the lock file
 * only when it could not have been made by another user, and acts on a
 * claim only when its key signed it. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <dirent.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "ltt-control/lttd-ust.h"
#include "ltt/ltt-error.h"
#include "ust-drain-private.h"
#include "ust-shm.h"

#define LOCK_FILE ".drainer.lock"

struct _LttdUst {
	char *dir;
	int dir_fd;
	char *trace;             /* the writer's directory, absolute */
	LttWriter *writer;
	int lock_fd;
	UstClaimKey key;
	GHashTable *apps;        /* file name -> UstApp */
	GHashTable *rejected;    /* file names that failed to open: reported once */
	guint quarantined;       /* files put aside */
	UstTsc tsc;
	gboolean tsc_calibrated; /* at the first application that records TSC values */
};

static gboolean scan_registry(LttdUst *u, GError **error);

/* What the previous holder of the lock wrote: its trace and its key. */
typedef struct {
	char *trace;
	gboolean have_key;
	UstClaimKey key;
} PreviousDrainer;

static void previous_drainer(int lock_fd, PreviousDrainer *prev)
{
	char buf[4200];
	ssize_t n = pread(lock_fd, buf, sizeof buf - 1, 0);
	char **lines;

	memset(prev, 0, sizeof *prev);
	if (n <= 0)
		return;
	buf[n] = '\0';
	lines = g_strsplit(buf, "\n", -1);
	for (char **l = lines; *l; l++) {
		if (g_str_has_prefix(*l, "trace ") && !prev->trace)
			prev->trace = g_strdup(*l + 6);
		else if (g_str_has_prefix(*l, "key ") && strlen(*l + 4) == 2 * UST_CLAIM_KEY_SIZE) {
			prev->have_key = TRUE;
			for (guint i = 0; i < UST_CLAIM_KEY_SIZE; i++) {
				int hi = g_ascii_xdigit_value((*l)[4 + 2 * i]), lo = g_ascii_xdigit_value((*l)[5 + 2 * i]);
				prev->have_key = prev->have_key && hi >= 0 && lo >= 0;
				prev->key.bytes[i] = (guint8) (hi << 4 | lo);
			}
		}
	}
	g_strfreev(lines);
}

/* The previous drainer's trace directory, reached without following a link
 * at its end and only if its owner is trusted (the files to truncate are
 * then opened relative to it); -1 otherwise. */
static int open_previous_trace(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	struct stat st;

	if (fd >= 0 && (fstat(fd, &st) != 0 || !ust_trusted_owner(&st))) {
		g_message("%s: the previous drainer's trace is not a directory of this drainer's user or root: "
		          "not touched", path);
		close(fd);
		fd = -1;
	}
	return fd;
}

/* Undoes the unfinished passes of a drainer that was killed (ust-app.c),
 * before this one writes anything or records its own trace and key. */
static gboolean take_over(LttdUst *u, gboolean lock_trusted, GError **error)
{
	PreviousDrainer prev = { 0 };
	GString *line = g_string_new(NULL);
	GHashTableIter it;
	gpointer value;
	gboolean ok = scan_registry(u, error);
	int trace_fd = -1;

	if (lock_trusted)
		previous_drainer(u->lock_fd, &prev);
	if (prev.trace)
		trace_fd = open_previous_trace(prev.trace);
	g_hash_table_iter_init(&it, u->apps);
	while (ok && g_hash_table_iter_next(&it, NULL, &value)) {
		GError *e = NULL;
		if (!ust_app_undo_unfinished_pass(value, trace_fd, prev.trace, prev.have_key ? &prev.key : NULL, &e)) {
			g_message("%s", e->message);
			g_error_free(e);
		}
	}
	if (trace_fd >= 0)
		close(trace_fd);
	g_string_printf(line, "trace %s\nkey ", u->trace);
	for (guint i = 0; i < UST_CLAIM_KEY_SIZE; i++)
		g_string_append_printf(line, "%02x", u->key.bytes[i]);
	g_string_append_c(line, '\n');
	if (ok && (fchmod(u->lock_fd, 0600) != 0 || ftruncate(u->lock_fd, 0) != 0
	           || pwrite(u->lock_fd, line->str, line->len, 0) != (ssize_t) line->len)) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s/%s: cannot write: %s", u->dir, LOCK_FILE,
		            g_strerror(errno));
		ok = FALSE;
	}
	g_string_free(line, TRUE);
	g_free(prev.trace);
	return ok;
}

/* The registry: a directory of this user or root, that other users may
 * write only with the sticky bit (else they could rename the drainer's
 * files). */
static int open_registry(const char *dir, GError **error)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	const char *why = NULL;
	char *owner = NULL;
	struct stat st;

	if (fd < 0 || fstat(fd, &st) != 0) {
		int err = errno;
		/* O_DIRECTORY | O_NOFOLLOW says ENOTDIR for a link. */
		why = lstat(dir, &st) == 0 && S_ISLNK(st.st_mode) ? "a symbolic link, not followed" : g_strerror(err);
	}
	else if (st.st_uid != geteuid() && st.st_uid != 0)
		why = owner = g_strdup_printf("owned by another user (uid %u), who could replace the drainer's files: "
		                              "run the drainer as that user, or make the registry its user's",
		                              (unsigned) st.st_uid);
	else if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX))
		why = "writable by other users without the sticky bit (a shared registry needs mode 1777)";
	if (why) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: %s", dir, why);
		if (fd >= 0)
			close(fd);
		fd = -1;
	}
	g_free(owner);
	return fd;
}

/* Opens the lock file, made by this drainer's user or root; one that another
 * user made (a shared registry) is reported and replaced, its content never
 * read.  *trusted: it was there and is a drainer's. */
static int open_lock(int dir_fd, const char *dir, gboolean *trusted, GError **error)
{
	int fd = openat(dir_fd, LOCK_FILE, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), err = errno;
	struct stat st;

	*trusted = FALSE;
	if (fd < 0 && err == ENOENT)
		goto create;
	if (fd >= 0 ? fstat(fd, &st) != 0 : fstatat(dir_fd, LOCK_FILE, &st, AT_SYMLINK_NOFOLLOW) != 0) {
		err = errno;
		goto fail;
	}
	if (S_ISREG(st.st_mode) && st.st_nlink == 1 && ust_trusted_owner(&st)) {
		if (fd < 0)
			goto fail;
		*trusted = TRUE;
		return fd;
	}
	g_message("%s/%s: not made by a drainer of this user (owner uid %u, mode %o): ignored and replaced",
	          dir, LOCK_FILE, (unsigned) st.st_uid, (unsigned) (st.st_mode & 07777));
	if (fd >= 0)
		close(fd);
	if (unlinkat(dir_fd, LOCK_FILE, 0) != 0) {
		err = errno;
		fd = -1;
		goto fail;
	}
create:
	fd = openat(dir_fd, LOCK_FILE, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd >= 0)
		return fd;
	err = errno;
fail:
	g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s/%s: %s", dir, LOCK_FILE, g_strerror(err));
	return -1;
}

LttdUst *lttd_ust_new(const char *registry_dir, LttWriter *writer, GError **error)
{
	LttdUst *u;
	gboolean trusted;
	int dir_fd, fd;

	if (g_mkdir_with_parents(registry_dir, 0755) != 0) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: cannot create: %s", registry_dir, g_strerror(errno));
		return NULL;
	}
	if ((dir_fd = open_registry(registry_dir, error)) < 0)
		return NULL;
	fd = open_lock(dir_fd, registry_dir, &trusted, error);
	if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) != 0) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s/%s: %s", registry_dir, LOCK_FILE,
		            errno == EWOULDBLOCK ? "another drainer uses this registry" : g_strerror(errno));
		close(fd);
		fd = -1;
	}
	if (fd < 0) {
		close(dir_fd);
		return NULL;
	}
	u = g_new0(LttdUst, 1);
	u->dir = g_strdup(registry_dir);
	u->dir_fd = dir_fd;
	u->writer = writer;
	u->lock_fd = fd;
	u->apps = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify) ust_app_free);
	u->rejected = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	u->trace = g_canonicalize_filename(ltt_writer_dir(writer), NULL);
	if (getrandom(u->key.bytes, sizeof u->key.bytes, 0) != (ssize_t) sizeof u->key.bytes) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "cannot draw a random key: %s", g_strerror(errno));
		lttd_ust_free(u);
		return NULL;
	}
	if (!take_over(u, trusted, error)) {
		lttd_ust_free(u);
		return NULL;
	}
	return u;
}

int lttd_ust_fd(LttdUst *u)
{
	return -1;
}

/* Opens the files that appeared since the last pass. */
static gboolean scan_registry(LttdUst *u, GError **error)
{
	int fd = dup(u->dir_fd);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *de;

	if (!d) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: cannot list: %s", u->dir, g_strerror(errno));
		if (fd >= 0)
			close(fd);
		return FALSE;
	}
	/* The duplicate shares the offset of every earlier listing. */
	rewinddir(d);
	while ((de = readdir(d))) {
		const char *name = de->d_name;
		GError *e = NULL;
		UstApp *a;

		/* Every application's file, also one an older library hid behind
		 * a dot; the drainer's own file does not end in the suffix. */
		if (!g_str_has_suffix(name, LTT_UST_SHM_SUFFIX)
		    || g_hash_table_contains(u->apps, name) || g_hash_table_contains(u->rejected, name))
			continue;
		a = ust_app_open(u->dir_fd, u->dir, name, &e);
		if (a) {
			g_hash_table_insert(u->apps, g_strdup(name), a);
			continue;
		}
		/* A damaged file is not the trace's failure: report and go on. */
		g_message("%s", e->message);
		g_clear_error(&e);
		g_hash_table_add(u->rejected, g_strdup(name));
	}
	closedir(d);
	return TRUE;
}

/* An application wrote what its trace cannot hold (e): its file is renamed
 * NAME-PID.quarantined, out of every drainer's way (the events of it already
 * written stay in the trace), and the other applications are still drained. */
static void quarantine(LttdUst *u, const char *name, const GError *e)
{
	char *base = g_strndup(name, strlen(name) - strlen(LTT_UST_SHM_SUFFIX));
	char *aside = g_strconcat(base, ".quarantined", NULL);

	u->quarantined++;
	if (renameat2(u->dir_fd, name, u->dir_fd, aside, RENAME_NOREPLACE) == 0)
		g_message("%s; %s/%s put aside as %s (%u file%s put aside), the other applications are still drained",
		          e->message, u->dir, name, aside, u->quarantined, u->quarantined > 1 ? "s" : "");
	else
		g_message("%s; %s/%s no longer drained (%u file%s put aside; cannot rename it: %s)", e->message,
		          u->dir, name, u->quarantined, u->quarantined > 1 ? "s" : "", g_strerror(errno));
	g_hash_table_add(u->rejected, g_strdup(name));
	g_free(aside);
	g_free(base);
}

gboolean lttd_ust_drain(LttdUst *u, gboolean final, GError **error)
{
	GHashTableIter it;
	gpointer key, value;

	if (!scan_registry(u, error))
		return FALSE;
	if (u->tsc_calibrated)
		ust_tsc_update(&u->tsc);
	g_hash_table_iter_init(&it, u->apps);
	while (g_hash_table_iter_next(&it, &key, &value)) {
		UstApp *a = value;
		/* Decided before draining: a live application may still be
		 * writing what a dead one can only have left behind. */
		gboolean dead = ust_app_is_dead(a);
		GError *e = NULL;
		gboolean drained;

		/* 20 ms, paid only by drainers that meet TSC times. */
		if (ust_app_records_tsc(a) && !u->tsc_calibrated) {
			ust_tsc_init(&u->tsc);
			u->tsc_calibrated = TRUE;
		}
		drained = ust_app_drain(a, u->writer, &u->tsc, &u->key, final || dead, dead, &e);

		if (!drained && e->domain == LTT_ERROR && e->code == LTT_ERROR_IO) {
			g_propagate_error(error, e);
			return FALSE;
		}
		if (drained && ust_app_was_cut(a))
			g_set_error(&e, LTT_ERROR, LTT_ERROR_DAMAGED, "%s/%s: cut short by its owner while the drainer "
			            "read it", u->dir, (const char *) key);
		if (e) {
			quarantine(u, key, e);
			g_error_free(e);
			g_hash_table_iter_remove(&it);
			continue;
		}
		if (dead) {
			if (ust_app_still_named(a))
				unlinkat(u->dir_fd, key, 0);
			g_hash_table_iter_remove(&it);
		}
	}
	return TRUE;
}

void lttd_ust_free(LttdUst *u)
{
	if (!u)
		return;
	g_hash_table_destroy(u->apps);
	g_hash_table_destroy(u->rejected);
	close(u->lock_fd);
	close(u->dir_fd);
	g_free(u->dir);
	g_free(u->trace);
	g_free(u);
}
