/* lttd-ust.c: lttd's user-space source (lttd-ust.h).  Applications appear
 * as "NAME-PID.ust" files in the registry directory; each drain pass looks
 * for new ones, drains every known one, and recovers and removes the files
 * of applications that are gone.  A lock file keeps a second drainer off
 * the same registry (two would take the same events); it names the trace
 * of the drainer holding it. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "ltt-control/lttd-ust.h"
#include "ltt/ltt-error.h"
#include "ust-drain-private.h"
#include "ust-shm.h"

#define LOCK_FILE ".drainer.lock"

struct _LttdUst {
	char *dir;
	char *trace;             /* the writer's directory, absolute */
	LttWriter *writer;
	int lock_fd;
	GHashTable *apps;        /* file name -> UstApp */
	GHashTable *rejected;    /* file names that failed to open: reported once */
	UstTsc tsc;
};

static gboolean scan_registry(LttdUst *u, GError **error);

/* The lock file names the trace of the drainer holding it, so that the next
 * one can undo what this one wrote of a pass it did not finish. */
static char *previous_trace(int lock_fd)
{
	char buf[4096];
	ssize_t n = pread(lock_fd, buf, sizeof buf - 1, 0);
	char *end;

	if (n <= 0 || strncmp(buf, "trace ", 6) != 0)
		return NULL;
	buf[n] = '\0';
	end = strchr(buf, '\n');
	if (!end)
		return NULL;
	*end = '\0';
	return g_strdup(buf + 6);
}

/* Undoes the unfinished passes of a drainer that was killed (ust-app.c),
 * before this one writes anything or records its own trace. */
static gboolean take_over(LttdUst *u, GError **error)
{
	char *prev = previous_trace(u->lock_fd);
	char *line = g_strdup_printf("trace %s\n", u->trace);
	gssize len = (gssize) strlen(line);
	GHashTableIter it;
	gpointer value;
	gboolean ok = scan_registry(u, error);

	g_hash_table_iter_init(&it, u->apps);
	while (ok && g_hash_table_iter_next(&it, NULL, &value)) {
		GError *e = NULL;
		if (!ust_app_undo_unfinished_pass(value, prev, &e)) {
			g_message("%s", e->message);
			g_error_free(e);
		}
	}
	if (ok && (ftruncate(u->lock_fd, 0) != 0 || pwrite(u->lock_fd, line, len, 0) != len)) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s/%s: cannot write: %s", u->dir, LOCK_FILE,
		            g_strerror(errno));
		ok = FALSE;
	}
	g_free(line);
	g_free(prev);
	return ok;
}

LttdUst *lttd_ust_new(const char *registry_dir, LttWriter *writer, GError **error)
{
	LttdUst *u;
	char *lock_path;
	int fd;

	if (g_mkdir_with_parents(registry_dir, 0755) != 0) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: cannot create: %s", registry_dir, g_strerror(errno));
		return NULL;
	}
	lock_path = g_build_filename(registry_dir, LOCK_FILE, NULL);
	fd = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0 || flock(fd, LOCK_EX | LOCK_NB) != 0) {
		int err = errno;
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: %s", lock_path,
		            fd >= 0 && err == EWOULDBLOCK ? "another drainer uses this registry" : g_strerror(err));
		if (fd >= 0)
			close(fd);
		g_free(lock_path);
		return NULL;
	}
	g_free(lock_path);
	u = g_new0(LttdUst, 1);
	u->dir = g_strdup(registry_dir);
	u->writer = writer;
	u->lock_fd = fd;
	u->apps = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify) ust_app_free);
	u->rejected = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	u->trace = g_canonicalize_filename(ltt_writer_dir(writer), NULL);
	if (!take_over(u, error)) {
		lttd_ust_free(u);
		return NULL;
	}
	ust_tsc_init(&u->tsc);
	return u;
}

int lttd_ust_fd(LttdUst *u)
{
	return -1;
}

/* Opens the files that appeared since the last pass. */
static gboolean scan_registry(LttdUst *u, GError **error)
{
	GError *e = NULL;
	GDir *d = g_dir_open(u->dir, 0, &e);
	const char *name;

	if (!d) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: cannot list: %s", u->dir, e->message);
		g_error_free(e);
		return FALSE;
	}
	while ((name = g_dir_read_name(d))) {
		char *path;
		UstApp *a;

		if (name[0] == '.' || !g_str_has_suffix(name, LTT_UST_SHM_SUFFIX)
		    || g_hash_table_contains(u->apps, name) || g_hash_table_contains(u->rejected, name))
			continue;
		path = g_build_filename(u->dir, name, NULL);
		a = ust_app_open(path, &e);
		g_free(path);
		if (a) {
			g_hash_table_insert(u->apps, g_strdup(name), a);
			continue;
		}
		/* A damaged file is not the trace's failure: report and go on. */
		g_message("%s", e->message);
		g_clear_error(&e);
		g_hash_table_add(u->rejected, g_strdup(name));
	}
	g_dir_close(d);
	return TRUE;
}

gboolean lttd_ust_drain(LttdUst *u, gboolean final, GError **error)
{
	GHashTableIter it;
	gpointer key, value;

	if (!scan_registry(u, error))
		return FALSE;
	ust_tsc_update(&u->tsc);
	g_hash_table_iter_init(&it, u->apps);
	while (g_hash_table_iter_next(&it, &key, &value)) {
		UstApp *a = value;
		/* Decided before draining: a live application may still be
		 * writing what a dead one can only have left behind. */
		gboolean dead = ust_app_is_dead(a);

		if (!ust_app_drain(a, u->writer, &u->tsc, final || dead, dead, error))
			return FALSE;
		if (dead) {
			if (ust_app_still_named(a)) {
				char *path = g_build_filename(u->dir, key, NULL);
				g_unlink(path);
				g_free(path);
			}
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
	g_free(u->dir);
	g_free(u->trace);
	g_free(u);
}
