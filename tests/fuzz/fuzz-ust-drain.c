/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* fuzz-ust-drain: libFuzzer target for the user-space drainer (lttd-ust.c,
 * ust-app.c), which reads files that any traced application, or any user of
 * a shared registry, may have written.  The input is one registry:
 *
 *   byte 0      flags: 1 a lock file left by a previous drainer; 2 that lock
 *               file is writable by others (not a drainer's: ignored);
 *               4 the previous drainer's channel files are links to a file
 *               outside every trace; 8 the registry is shared (mode 1777);
 *               16 the application is alive for a first, non-final pass
 *   bytes 1-32  the claim key the lock file holds
 *   bytes 33-36 the size of the application's registry file (ust-shm.h),
 *               little-endian, at most 8 MiB: zeros, then
 *   the rest    patches of that file: u32 offset, u16 length, the bytes
 *               (header, buffer geometry, type declarations, claims,
 *               records: a real file is mostly zeros and larger than an
 *               input; make-ust-seeds.py turns real ones into seeds)
 *
 * The registry file is named after its header when the header names an
 * application ("NAME-PID.ust"), else "app-1.ust".  The drainer runs in
 * process as ltt-ust-drain --once does (new, drain, free), writing a trace
 * that must then read without damage.  Checked on top of the sanitizers:
 * the file outside every trace is never written, a lock the drainer cannot
 * trust never gets a channel file truncated, and GLib criticals abort. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "ltt/ltt.h"
#include "ltt/writer.h"
#include "ltt-control/lttd-ust.h"
#include "ltt-control/ust/ust-shm.h"

int LLVMFuzzerTestOneInput(const guint8 *data, size_t size);

enum {
	LOCK_PRESENT = 1,
	LOCK_FOREIGN = 2,
	PREVIOUS_LINKS_OUTSIDE = 4,
	REGISTRY_SHARED = 8,
	ALIVE_FIRST = 16,
};

#define KEY_SIZE 32
#define PREVIOUS_CHANNELS 4
#define PREVIOUS_SIZE 8192
#define VICTIM_SIZE 8192
#define FILE_SIZE_MAX (8U << 20)

static char *top, *registry, *previous, *outside, *victim, *trace;
static guint8 victim_bytes[VICTIM_SIZE];

static void remove_tree(const char *path)
{
	GDir *d = g_dir_open(path, 0, NULL);
	const char *name;

	while (d != NULL && (name = g_dir_read_name(d)) != NULL) {
		char *sub = g_build_filename(path, name, NULL);
		struct stat st;
		if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode))
			remove_tree(sub);
		else
			g_unlink(sub);
		g_free(sub);
	}
	if (d != NULL)
		g_dir_close(d);
	g_rmdir(path);
}

static void remove_top(void)
{
	remove_tree(top);
}

static void write_bytes(const char *path, const guint8 *bytes, gsize len, int mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode);

	if (fd < 0 || write(fd, bytes, len) != (ssize_t) len || fchmod(fd, mode) != 0 || close(fd) != 0)
		abort();
}

/* The drainer's messages name every damage: too many to print. */
static void quiet_messages(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data)
{
	if (level & (G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO | G_LOG_LEVEL_DEBUG))
		return;
	g_log_default_handler(domain, level, message, data);
}

static void setup_once(void)
{
	if (top != NULL)
		return;
	/* On tmpfs when there is one, as doc/ust.md advises for registries: on
	 * this project's disk, a run took 2.4 times as long. */
	top = g_strdup("/dev/shm/fuzz-ust-XXXXXX");
	if (access("/dev/shm", W_OK) != 0 || g_mkdtemp(top) == NULL) {
		g_free(top);
		top = g_dir_make_tmp("fuzz-ust-XXXXXX", NULL);
	}
	if (top == NULL)
		abort();
	atexit(remove_top);
	registry = g_build_filename(top, "registry", NULL);
	previous = g_build_filename(top, "previous", NULL);
	outside = g_build_filename(top, "outside", NULL);
	victim = g_build_filename(outside, "victim", NULL);
	trace = g_build_filename(top, "trace", NULL);
	for (guint i = 0; i < VICTIM_SIZE; i++)
		victim_bytes[i] = (guint8) (i * 7 + 1);
	if (g_mkdir(outside, 0700) != 0)
		abort();
	write_bytes(victim, victim_bytes, VICTIM_SIZE, 0600);
	g_log_set_default_handler(quiet_messages, NULL);
	g_log_set_always_fatal(G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
}

static guint32 load_u32(const guint8 *p)
{
	return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

/* The registry file the input describes, in memory (g_free it). */
static guint8 *build_file(const guint8 *p, gsize len, gsize *size)
{
	guint8 *file;

	*size = len >= 4 ? MIN(load_u32(p), FILE_SIZE_MAX) : 0;
	file = g_malloc0(MAX(*size, 1));
	for (gsize at = 4; at + 6 <= len;) {
		guint32 offset = load_u32(p + at);
		gsize n = MIN((gsize) (p[at + 4] | p[at + 5] << 8), len - at - 6);
		if (offset < *size)
			memcpy(file + offset, p + at + 6, MIN(n, *size - offset));
		at += 6 + n;
	}
	return file;
}

/* "NAME-PID.ust" when the header is there and names an application. */
static char *registry_file_name(const guint8 *file, gsize len)
{
	struct ltt_ust_shm_header copy;
	gsize n;

	if (len < sizeof copy)
		return g_strdup("app-1" LTT_UST_SHM_SUFFIX);
	memcpy(&copy, file, sizeof copy);
	n = strnlen(copy.name, LTT_UST_NAME_MAX);
	if (n == 0 || n == LTT_UST_NAME_MAX || strspn(copy.name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	                                                        "0123456789.-") != n)
		return g_strdup("app-1" LTT_UST_SHM_SUFFIX);
	return g_strdup_printf("%s-%u%s", copy.name, copy.pid, LTT_UST_SHM_SUFFIX);
}

static void write_lock(int flags, const guint8 *key)
{
	GString *text = g_string_new(NULL);
	char *path = g_build_filename(registry, ".drainer.lock", NULL);

	g_string_printf(text, "trace %s\nkey ", previous);
	for (guint i = 0; i < KEY_SIZE; i++)
		g_string_append_printf(text, "%02x", key[i]);
	g_string_append_c(text, '\n');
	write_bytes(path, (const guint8 *) text->str, text->len, flags & LOCK_FOREIGN ? 0666 : 0600);
	g_string_free(text, TRUE);
	g_free(path);
}

/* The previous drainer's trace: a channel file per buffer a claim may name. */
static void write_previous(int flags, const char *app_file)
{
	gsize stem = strlen(app_file) - strlen(LTT_UST_SHM_SUFFIX);
	static guint8 zeros[PREVIOUS_SIZE];

	if (g_mkdir(previous, 0755) != 0)
		abort();
	for (guint b = 0; b < PREVIOUS_CHANNELS; b++) {
		char *name = g_strdup_printf("%s/ust-%.*s_%u", previous, (int) stem, app_file, b);
		if (flags & PREVIOUS_LINKS_OUTSIDE) {
			if (symlink(victim, name) != 0)
				abort();
		} else {
			write_bytes(name, zeros, sizeof zeros, 0644);
		}
		g_free(name);
	}
}

static guint entries(const char *dir)
{
	GDir *d = g_dir_open(dir, 0, NULL);
	guint count = 0;

	if (d == NULL)
		abort();
	while (g_dir_read_name(d) != NULL)
		count++;
	g_dir_close(d);
	return count;
}

/* Aborts when the file outside every trace changed or got company, or
 * when something appeared beside the four directories. */
static void check_outside(void)
{
	gchar *bytes;
	gsize len;

	if (entries(outside) != 1 || entries(top) != 4)
		abort();
	if (!g_file_get_contents(victim, &bytes, &len, NULL) || len != VICTIM_SIZE
	    || memcmp(bytes, victim_bytes, VICTIM_SIZE) != 0)
		abort();
	g_free(bytes);
}

/* Aborts when a channel file of the previous trace was cut although no
 * drainer's lock named that trace. */
static void check_previous_untouched(void)
{
	GDir *d = g_dir_open(previous, 0, NULL);
	const char *name;

	while (d != NULL && (name = g_dir_read_name(d)) != NULL) {
		char *path = g_build_filename(previous, name, NULL);
		struct stat st;
		if (lstat(path, &st) != 0 || (S_ISREG(st.st_mode) && st.st_size != PREVIOUS_SIZE))
			abort();
		g_free(path);
	}
	if (d != NULL)
		g_dir_close(d);
}

/* What the drainer wrote is a trace that opens and reads to its end without
 * a warning: whatever an application wrote is checked before it reaches
 * the trace, so no damage of its making is attributed to the trace. */
static void read_back(void)
{
	LttTrace *t = ltt_trace_open(trace, NULL);

	if (t == NULL)
		abort();
	for (guint k = 0; k < ltt_trace_tracefile_count(t); k++) {
		LttTracefile *tf = ltt_trace_tracefile(t, k);
		GError *error = NULL;
		guint budget = 1000000;
		GString *text = g_string_new(NULL);
		LttReadStatus s;

		ltt_tracefile_seek_begin(tf);
		while ((s = ltt_tracefile_next(tf, &error)) != LTT_READ_END && budget-- > 0) {
			if (s == LTT_READ_DAMAGED) {
				fprintf(stderr, "the drainer wrote damage: %s\n", error->message);
				abort();
			}
			g_string_truncate(text, 0);
			ltt_event_format_payload(ltt_tracefile_event(tf), text, LTT_FORMAT_FIELD_NAMES);
		}
		g_string_free(text, TRUE);
	}
	if (ltt_trace_warning_count(t) > 0) {
		fprintf(stderr, "the drainer wrote damage: %s\n", ltt_trace_warning(t, 0));
		abort();
	}
	ltt_trace_unref(t);
}

int LLVMFuzzerTestOneInput(const guint8 *data, size_t size)
{
	LttWriterOptions wopt = { .tracer = "fuzz-ust-drain", .overwrite = TRUE, .cpu_count = 1 };
	guint8 *file;
	gsize file_len;
	char *app_file, *app_path;
	LttWriter *w;
	LttdUst *u;
	GError *error = NULL;
	int flags, alive_fd = -1;

	if (size < 1 + KEY_SIZE)
		return 0;
	setup_once();
	flags = data[0];
	file = build_file(data + 1 + KEY_SIZE, size - 1 - KEY_SIZE, &file_len);
	remove_tree(registry);
	remove_tree(previous);
	remove_tree(trace);
	if (g_mkdir(registry, 0755) != 0 || chmod(registry, flags & REGISTRY_SHARED ? 01777 : 0755) != 0)
		abort();
	app_file = registry_file_name(file, file_len);
	app_path = g_build_filename(registry, app_file, NULL);
	write_bytes(app_path, file, file_len, 0644);
	g_free(file);
	if (flags & LOCK_PRESENT)
		write_lock(flags, data + 1);
	write_previous(flags, app_file);
	if (flags & ALIVE_FIRST) {
		/* As libltt-ust does while the application lives. */
		alive_fd = open(app_path, O_RDONLY | O_CLOEXEC);
		if (alive_fd < 0 || flock(alive_fd, LOCK_SH) != 0)
			abort();
	}

	w = ltt_writer_new(trace, &wopt, &error);
	if (w == NULL)
		abort();
	u = lttd_ust_new(registry, w, &error);
	if (u != NULL) {
		if (alive_fd >= 0 && !lttd_ust_drain(u, FALSE, &error))
			g_clear_error(&error);
		if (alive_fd >= 0)
			close(alive_fd);
		alive_fd = -1;
		if (!lttd_ust_drain(u, TRUE, &error))
			g_clear_error(&error);
		lttd_ust_free(u);
	}
	g_clear_error(&error);
	if (alive_fd >= 0)
		close(alive_fd);
	if (!ltt_writer_close(w, &error))
		abort();

	check_outside();
	if (!(flags & LOCK_PRESENT) || (flags & LOCK_FOREIGN))
		check_previous_untouched();
	read_back();
	g_free(app_path);
	g_free(app_file);
	return 0;
}
