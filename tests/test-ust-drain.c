/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-ust-drain: the drainer (lttd-ust.h) against buffer files that are
 * damaged or hostile, written by a real libltt-ust process and then
 * corrupted.  The drainer must never crash, must skip what is damaged and
 * count it as lost, and must keep the registry to itself. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "ltt/ltt.h"
#include "ltt-control/lttd-ust.h"
#include "ltt-control/ust/ltt-ust.h"
#include "ltt-control/ust/ust-shm.h"

#define EVENTS 500

typedef struct {
	char *dir;
	char *registry;
	char *trace;
} Fixture;

static void fixture_setup(Fixture *f, gconstpointer data)
{
	f->dir = g_dir_make_tmp("test-ust-drain-XXXXXX", NULL);
	g_assert_nonnull(f->dir);
	f->registry = g_build_filename(f->dir, "registry", NULL);
	f->trace = g_build_filename(f->dir, "trace", NULL);
}

static void remove_tree(const char *path)
{
	GDir *d = g_dir_open(path, 0, NULL);
	const char *name;

	if (d) {
		while ((name = g_dir_read_name(d))) {
			char *p = g_build_filename(path, name, NULL);
			remove_tree(p);
			g_free(p);
		}
		g_dir_close(d);
	}
	g_remove(path);
}

static void fixture_teardown(Fixture *f, gconstpointer data)
{
	remove_tree(f->dir);
	g_free(f->dir);
	g_free(f->registry);
	g_free(f->trace);
}

/* A child process traces EVENTS events (payload: u32 seq) and exits: its
 * buffer file stays in the registry, as after a crash.  env_name: its
 * LTT_UST_NAME (NULL: unset), program: its program name (NULL: this one's);
 * the file must be registered as file_name-PID.  Returns its path. */
static char *record_as_in_child(Fixture *f, const char *env_name, const char *program, const char *file_name)
{
	pid_t pid = fork();
	int status;
	char *path;

	g_assert_cmpint(pid, >=, 0);
	if (pid == 0) {
		static LTT_UST_EVENT(ev, "seq", "n: u32;");
		setenv("LTT_UST_REGISTRY", f->registry, 1);
		if (env_name)
			setenv("LTT_UST_NAME", env_name, 1);
		else
			unsetenv("LTT_UST_NAME");
		if (program)
			program_invocation_short_name = (char *) program;
		setenv("LTT_UST_CLOCK", "monotonic", 1);
		for (guint32 i = 0; i < EVENTS; i++)
			ltt_ust_emit(&ev, &i, sizeof i);
		_exit(ltt_ust_enabled() ? 0 : 1);
	}
	g_assert_cmpint(waitpid(pid, &status, 0), ==, pid);
	g_assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	path = g_strdup_printf("%s/%s-%d%s", f->registry, file_name, (int) pid, LTT_UST_SHM_SUFFIX);
	g_assert_true(g_file_test(path, G_FILE_TEST_EXISTS));
	return path;
}

static char *record_named_in_child(Fixture *f, const char *name)
{
	return record_as_in_child(f, name, NULL, name);
}

static char *record_in_child(Fixture *f)
{
	return record_named_in_child(f, "victim");
}

static guint8 *map_file(const char *path, gsize *size)
{
	int fd = open(path, O_RDWR);
	struct stat st;
	void *p;

	g_assert_cmpint(fd, >=, 0);
	g_assert_cmpint(fstat(fd, &st), ==, 0);
	p = mmap(NULL, (gsize) st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	g_assert_true(p != MAP_FAILED);
	close(fd);
	*size = (gsize) st.st_size;
	return p;
}

/* Drains the registry once into a new trace; returns events and lost. */
static void drain_and_count(Fixture *f, guint64 *events, guint64 *lost)
{
	GError *error = NULL;
	LttWriter *w = ltt_writer_new(f->trace, NULL, &error);
	LttdUst *u;
	LttTrace *t;

	g_assert_no_error(error);
	u = lttd_ust_new(f->registry, w, &error);
	g_assert_no_error(error);
	g_assert_true(lttd_ust_drain(u, TRUE, &error));
	g_assert_no_error(error);
	lttd_ust_free(u);
	g_assert_true(ltt_writer_close(w, &error));
	*events = *lost = 0;
	t = ltt_trace_open(f->trace, &error);
	if (!t) {
		/* No channel at all: nothing was written. */
		g_assert_error(error, LTT_ERROR, LTT_ERROR_NOT_A_TRACE);
		g_clear_error(&error);
		return;
	}
	for (guint i = 0; i < ltt_trace_tracefile_count(t); i++) {
		LttTracefile *tf = ltt_trace_tracefile(t, i);
		*events += ltt_tracefile_event_count(tf);
		*lost += ltt_tracefile_lost_events(tf);
	}
	ltt_trace_unref(t);
}

static void test_intact(Fixture *f, gconstpointer data)
{
	char *path = record_in_child(f);
	guint64 events, lost;

	drain_and_count(f, &events, &lost);
	/* And the thread's "ust_thread" announcement. */
	g_assert_cmpuint(events, ==, EVENTS + 1);
	g_assert_cmpuint(lost, ==, 0);
	/* Recovered completely: the dead process's file is gone. */
	g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
	g_free(path);
}

/* Events the library cannot record are counted: a payload bigger than a
 * sub-buffer, types beyond what the types area holds. */
static void test_limits(Fixture *f, gconstpointer data)
{
	enum { TYPES = 3000 };
	pid_t pid = fork();
	int status;
	guint64 events, lost;

	g_assert_cmpint(pid, >=, 0);
	if (pid == 0) {
		static LttUstEvent types[TYPES];
		static char names[TYPES][16];
		static guint8 big[8192];
		guint32 v = 7;
		setenv("LTT_UST_REGISTRY", f->registry, 1);
		setenv("LTT_UST_SUBBUF_SIZE", "4096", 1);
		for (int i = 0; i < TYPES; i++) {
			g_snprintf(names[i], sizeof names[i], "type_%d", i);
			types[i] = (LttUstEvent) LTT_UST_EVENT_INIT(names[i], "a_rather_long_field_name_to_fill_the_area: u32;");
			ltt_ust_emit(&types[i], &v, sizeof v);
		}
		ltt_ust_emit(&types[0], big, sizeof big);
		_exit(ltt_ust_lost_events() > 0 ? 0 : 1);
	}
	g_assert_cmpint(waitpid(pid, &status, 0), ==, pid);
	g_assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	drain_and_count(f, &events, &lost);
	g_assert_cmpuint(events, >, 0);
	g_assert_cmpuint(lost, >, 0);
	g_assert_cmpuint(events + lost, ==, TYPES + 1 + 1);
}

static void test_bad_header(Fixture *f, gconstpointer data)
{
	char *path = record_in_child(f);
	gsize size;
	guint8 *m = map_file(path, &size);
	struct ltt_ust_shm_header *h = (void *) m;
	guint64 events, lost;

	h->subbuf_count = 3;   /* not a power of two, layout no longer matches */
	munmap(m, size);
	g_test_expect_message(NULL, G_LOG_LEVEL_MESSAGE, "*buffer geometry*");
	drain_and_count(f, &events, &lost);
	g_test_assert_expected_messages();
	g_assert_cmpuint(events, ==, 0);
	/* Rejected, never deleted: it may be a newer format. */
	g_assert_true(g_file_test(path, G_FILE_TEST_EXISTS));
	g_free(path);
}

static void test_truncated(Fixture *f, gconstpointer data)
{
	char *path = record_in_child(f);
	guint64 events, lost;

	g_assert_cmpint(truncate(path, 100), ==, 0);
	g_test_expect_message(NULL, G_LOG_LEVEL_MESSAGE, "*shorter than its header*");
	drain_and_count(f, &events, &lost);
	g_test_assert_expected_messages();
	g_assert_cmpuint(events, ==, 0);
	g_free(path);
}

/* Every record of buffer 0..n gets a random-looking size and id: each is
 * either rejected (stamp, size) or, when it parses, of an unknown type. */
static void test_garbage_records(Fixture *f, gconstpointer data)
{
	char *path = record_in_child(f);
	gsize size;
	guint8 *m = map_file(path, &size);
	struct ltt_ust_shm_header *h = (void *) m;
	GRand *rand = g_rand_new_with_seed(42);
	guint64 events, lost;

	for (guint b = 0; b < h->buffer_count; b++) {
		struct ltt_ust_layout l;
		guint8 *buf;
		ltt_ust_layout_compute(h->types_size, h->buffer_count, h->subbuf_size, h->subbuf_count, &l);
		buf = m + l.buffers_offset + l.buffer_stride * b + l.ctl_size;
		for (guint64 i = 0; i < (guint64) h->subbuf_size * h->subbuf_count; i += 4) {
			guint32 v = g_rand_int(rand);
			memcpy(buf + i, &v, 4);
		}
	}
	g_rand_free(rand);
	munmap(m, size);
	drain_and_count(f, &events, &lost);
	g_assert_cmpuint(events, ==, 0);
	/* Every event the commit counts announced is counted lost. */
	g_assert_cmpuint(lost, ==, EVENTS + 1);
	g_free(path);
}

/* A type the trace refuses: its events are written as what they are,
 * ust_rejected_type events that keep the type's name and the raw payload,
 * not counted lost (which readers take for a full buffer). */
static void test_bad_type(Fixture *f, gconstpointer data)
{
	char *path = record_in_child(f);
	gsize size;
	guint8 *m = map_file(path, &size);
	struct ltt_ust_shm_header *h = (void *) m;
	struct ltt_ust_type_record *r = (void *) (m + h->types_offset);
	char *channel = g_strdup_printf("ust-victim-%u", h->pid);
	GError *error = NULL;
	guint64 events, lost;
	LttTrace *t;

	/* The fields no longer parse. */
	memcpy(r->text + strlen(r->text) + 1, "n: u99;", 8);
	munmap(m, size);
	g_test_expect_message(NULL, G_LOG_LEVEL_MESSAGE,
	                      "*event type seq (id 0) rejected by the trace, its events are written as ust_rejected_type*");
	drain_and_count(f, &events, &lost);
	g_test_assert_expected_messages();
	g_assert_cmpuint(events, ==, EVENTS + 1);
	g_assert_cmpuint(lost, ==, 0);
	t = ltt_trace_open(f->trace, &error);
	g_assert_no_error(error);
	g_assert_nonnull(ltt_trace_event_type_by_name(t, channel, "ust_rejected_type"));
	ltt_trace_unref(t);
	g_free(channel);
	g_free(path);
}

/* An application whose records do not match their declared type (here the
 * declaration says u64 where the library wrote u32s, as a library that did
 * not check sizes would): its file is put aside, named, and the other
 * application's events are all drained; a restarted drainer is not stopped
 * by it either. */
static void test_bad_payload_quarantined(Fixture *f, gconstpointer data)
{
	char *good = record_in_child(f), *bad = record_named_in_child(f, "bad");
	char *aside = g_strdup_printf("%.*s.quarantined", (int) (strlen(bad) - strlen(LTT_UST_SHM_SUFFIX)), bad);
	gsize size;
	guint8 *m = map_file(bad, &size);
	struct ltt_ust_shm_header *h = (void *) m;
	struct ltt_ust_type_record *r = (void *) (m + h->types_offset);
	guint64 events, lost;

	g_assert_cmpstr(r->text + strlen(r->text) + 1, ==, "n: u32;");
	memcpy(r->text + strlen(r->text) + 1, "n: u64;", 8);
	munmap(m, size);
	g_test_expect_message(NULL, G_LOG_LEVEL_MESSAGE, "*has a payload of 4 bytes, its type needs 8*put aside as*");
	drain_and_count(f, &events, &lost);
	g_test_assert_expected_messages();
	/* All of victim's, and bad's thread announcement (its first record). */
	g_assert_cmpuint(events, ==, EVENTS + 1 + 1);
	g_assert_false(g_file_test(good, G_FILE_TEST_EXISTS));
	g_assert_false(g_file_test(bad, G_FILE_TEST_EXISTS));
	g_assert_true(g_file_test(aside, G_FILE_TEST_EXISTS));
	remove_tree(f->trace);
	drain_and_count(f, &events, &lost);
	g_assert_cmpuint(events, ==, 0);
	g_free(aside);
	g_free(bad);
	g_free(good);
}

/* A payload that the library lets through (at least the one byte a string
 * needs) but that is not of its type (no NUL) is not written as a damaged
 * event: the application's file is put aside, named, and the other
 * application's events are all drained into a trace without damage. */
static void test_undecodable_payload_quarantined(Fixture *f, gconstpointer data)
{
	char *good = record_in_child(f), *bad;
	pid_t pid = fork();
	int status;
	guint64 events, lost;
	LttTrace *t;
	GError *error = NULL;

	g_assert_cmpint(pid, >=, 0);
	if (pid == 0) {
		static LTT_UST_EVENT(ev_str, "text", "n: u32; s: string;");
		guint8 buf[8] = { 1, 0, 0, 0, 'a', 'b', 'c', 'd' };
		setenv("LTT_UST_REGISTRY", f->registry, 1);
		setenv("LTT_UST_NAME", "bad", 1);
		_exit(ltt_ust_emit(&ev_str, buf, sizeof buf) ? 0 : 1);
	}
	g_assert_cmpint(waitpid(pid, &status, 0), ==, pid);
	g_assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	bad = g_strdup_printf("%s/bad-%d.quarantined", f->registry, (int) pid);
	g_test_expect_message(NULL, G_LOG_LEVEL_MESSAGE,
	                      "*bad-*.ust: event id * has a payload of 8 bytes that is not of its type*put aside as*");
	drain_and_count(f, &events, &lost);
	g_test_assert_expected_messages();
	/* All of victim's, and bad's thread announcement. */
	g_assert_cmpuint(events, ==, EVENTS + 1 + 1);
	g_assert_false(g_file_test(good, G_FILE_TEST_EXISTS));
	g_assert_true(g_file_test(bad, G_FILE_TEST_EXISTS));
	t = ltt_trace_open(f->trace, &error);
	g_assert_no_error(error);
	for (guint i = 0; i < ltt_trace_tracefile_count(t); i++) {
		LttTracefile *tf = ltt_trace_tracefile(t, i);
		ltt_tracefile_seek_begin(tf);
		while (ltt_tracefile_next(tf, &error) == LTT_READ_EVENT) {
			GString *text = g_string_new(NULL);
			ltt_event_format_payload(ltt_tracefile_event(tf), text, LTT_FORMAT_FIELD_NAMES);
			g_string_free(text, TRUE);
		}
		g_assert_no_error(error);
	}
	g_assert_cmpuint(ltt_trace_warning_count(t), ==, 0);
	ltt_trace_unref(t);
	g_free(bad);
	g_free(good);
}

/* An application cuts its file short while the drainer has it mapped: the
 * drainer does not die of SIGBUS, puts the file aside and drains the others
 * completely. */
static void test_cut_while_mapped(Fixture *f, gconstpointer data)
{
	char *good = record_in_child(f), *cut = record_named_in_child(f, "cut");
	char *aside = g_strdup_printf("%.*s.quarantined", (int) (strlen(cut) - strlen(LTT_UST_SHM_SUFFIX)), cut);
	GError *error = NULL;
	LttWriter *w = ltt_writer_new(f->trace, NULL, &error);
	guint64 good_events = 0;
	LttdUst *u;
	LttTrace *t;

	g_assert_no_error(error);
	/* Maps both files (a killed drainer's claims are looked for at once). */
	u = lttd_ust_new(f->registry, w, &error);
	g_assert_no_error(error);
	g_assert_cmpint(truncate(cut, 4096), ==, 0);
	g_test_expect_message(NULL, G_LOG_LEVEL_MESSAGE, "*cut short by its owner*put aside as*");
	g_assert_true(lttd_ust_drain(u, TRUE, &error));
	g_assert_no_error(error);
	g_test_assert_expected_messages();
	lttd_ust_free(u);
	g_assert_true(ltt_writer_close(w, &error));
	t = ltt_trace_open(f->trace, &error);
	g_assert_no_error(error);
	for (guint i = 0; i < ltt_trace_tracefile_count(t); i++) {
		LttTracefile *tf = ltt_trace_tracefile(t, i);
		if (g_str_has_prefix(ltt_tracefile_channel(tf), "ust-victim-"))
			good_events += ltt_tracefile_event_count(tf);
	}
	ltt_trace_unref(t);
	g_assert_cmpuint(good_events, ==, EVENTS + 1);
	g_assert_false(g_file_test(good, G_FILE_TEST_EXISTS));
	g_assert_true(g_file_test(aside, G_FILE_TEST_EXISTS));
	g_free(aside);
	g_free(cut);
	g_free(good);
}

/* The library refuses a payload that cannot be of its type, says so to the
 * program and counts the event lost. */
static void test_refused_payloads(Fixture *f, gconstpointer data)
{
	pid_t pid = fork();
	int status;
	guint64 events, lost;

	g_assert_cmpint(pid, >=, 0);
	if (pid == 0) {
		static LTT_UST_EVENT(ev_u32, "fixed", "a: u32;");
		static LTT_UST_EVENT(ev_str, "text", "s: string;");
		guint8 buf[8] = "ab";
		gboolean ok;
		setenv("LTT_UST_REGISTRY", f->registry, 1);
		ok = !ltt_ust_emit(&ev_u32, buf, 8) && !ltt_ust_emit(&ev_u32, buf, 2) && !ltt_ust_emit(&ev_u32, buf, 0)
		     && ltt_ust_emit(&ev_u32, buf, 4) && !ltt_ust_emit(&ev_str, buf, 0) && ltt_ust_emit(&ev_str, buf, 3);
		_exit(ok && ltt_ust_refused_events() == 4 && ltt_ust_lost_events() == 4 ? 0 : 1);
	}
	g_assert_cmpint(waitpid(pid, &status, 0), ==, pid);
	g_assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	drain_and_count(f, &events, &lost);
	/* The two good events and the thread's announcement. */
	g_assert_cmpuint(events, ==, 3);
	g_assert_cmpuint(lost, ==, 4);
}

/* Names that would hide a registry file (".NAME-PID.ust") lose their
 * leading dots in the library, and the drainer drains a file of an older
 * library that has one anyway: it leaves out only its own files. */
static void test_dot_names(Fixture *f, gconstpointer data)
{
	char *from_env = record_as_in_child(f, ".x", NULL, "-x");
	char *up = record_as_in_child(f, "../x", NULL, "-.-x");
	char *program = record_as_in_child(f, NULL, ".prog", "-prog");
	char *old = record_in_child(f), *hidden;
	gsize size;
	guint8 *m = map_file(old, &size);
	struct ltt_ust_shm_header *h = (void *) m;
	guint64 events, lost;

	g_strlcpy(h->name, ".victim", sizeof h->name);
	hidden = g_strdup_printf("%s/.victim-%u%s", f->registry, h->pid, LTT_UST_SHM_SUFFIX);
	munmap(m, size);
	g_assert_cmpint(rename(old, hidden), ==, 0);
	drain_and_count(f, &events, &lost);
	g_assert_cmpuint(events, ==, 4 * (EVENTS + 1));
	g_assert_cmpuint(lost, ==, 0);
	/* Drained completely, so removed. */
	g_assert_false(g_file_test(from_env, G_FILE_TEST_EXISTS));
	g_assert_false(g_file_test(up, G_FILE_TEST_EXISTS));
	g_assert_false(g_file_test(program, G_FILE_TEST_EXISTS));
	g_assert_false(g_file_test(hidden, G_FILE_TEST_EXISTS));
	g_free(from_env);
	g_free(up);
	g_free(program);
	g_free(old);
	g_free(hidden);
}

/* Once a thread has emitted its first event, its buffer's pages are all
 * mapped: filling the whole buffer (128 pages) takes no page fault on
 * them (a first touch on the event path costs more than the event).  The
 * first run of the library's rarer paths (a full buffer) may fault in a
 * page of code. */
static void test_no_faults_on_event_path(Fixture *f, gconstpointer data)
{
	pid_t pid = fork();
	int status;

	g_assert_cmpint(pid, >=, 0);
	if (pid == 0) {
		static LTT_UST_EVENT(ev, "seq", "n: u32;");
		struct rusage before, after;
		guint32 i = 0;
		setenv("LTT_UST_REGISTRY", f->registry, 1);
		setenv("LTT_UST_SUBBUF_SIZE", "65536", 1);
		setenv("LTT_UST_SUBBUF_COUNT", "8", 1);
		ltt_ust_emit(&ev, &i, sizeof i);
		getrusage(RUSAGE_THREAD, &before);
		/* 24 bytes each: 512 KiB of buffer, all of it, and drops. */
		for (i = 1; i < 40000; i++)
			ltt_ust_emit(&ev, &i, sizeof i);
		getrusage(RUSAGE_THREAD, &after);
		_exit(ltt_ust_lost_events() > 0 && after.ru_minflt + after.ru_majflt < before.ru_minflt + before.ru_majflt + 8
		      ? 0 : 1);
	}
	g_assert_cmpint(waitpid(pid, &status, 0), ==, pid);
	g_assert_true(WIFEXITED(status));
	g_assert_cmpint(WEXITSTATUS(status), ==, 0);
}

/* A traced process forks: the child records into buffers of its own (its
 * own channel), not into its parent's. */
static void test_fork(Fixture *f, gconstpointer data)
{
	pid_t pid = fork();
	int status;
	guint64 events, lost, in_parent = 0, in_child = 0;
	GError *error = NULL;
	LttTrace *t;
	char *parent;

	g_assert_cmpint(pid, >=, 0);
	if (pid == 0) {
		static LTT_UST_EVENT(ev, "seq", "n: u32;");
		pid_t child;
		setenv("LTT_UST_REGISTRY", f->registry, 1);
		setenv("LTT_UST_CLOCK", "monotonic", 1);
		setenv("LTT_UST_NAME", "forker", 1);
		for (guint32 i = 0; i < 100; i++)
			ltt_ust_emit(&ev, &i, sizeof i);
		child = fork();
		if (child == 0) {
			for (guint32 i = 0; i < 30; i++)
				ltt_ust_emit(&ev, &i, sizeof i);
			_exit(0);
		}
		for (guint32 i = 100; i < 110; i++)
			ltt_ust_emit(&ev, &i, sizeof i);
		_exit(child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) ? 0 : 1);
	}
	g_assert_cmpint(waitpid(pid, &status, 0), ==, pid);
	g_assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	drain_and_count(f, &events, &lost);
	/* Each process's thread announced itself once. */
	g_assert_cmpuint(events, ==, 142);
	g_assert_cmpuint(lost, ==, 0);
	t = ltt_trace_open(f->trace, &error);
	g_assert_no_error(error);
	parent = g_strdup_printf("ust-forker-%d", (int) pid);
	for (guint i = 0; i < ltt_trace_tracefile_count(t); i++) {
		LttTracefile *tf = ltt_trace_tracefile(t, i);
		const char *channel = ltt_tracefile_channel(tf);
		/* A channel per process, each spread over CPU files. */
		if (strcmp(channel, parent) == 0)
			in_parent += ltt_tracefile_event_count(tf);
		else {
			g_assert_true(g_str_has_prefix(channel, "ust-forker-"));
			in_child += ltt_tracefile_event_count(tf);
		}
	}
	g_assert_cmpuint(in_parent, ==, 111);
	g_assert_cmpuint(in_child, ==, 31);
	g_free(parent);
	ltt_trace_unref(t);
}

static void test_one_drainer(Fixture *f, gconstpointer data)
{
	GError *error = NULL;
	LttWriter *w = ltt_writer_new(f->trace, NULL, &error);
	LttdUst *u1, *u2;

	g_assert_no_error(error);
	u1 = lttd_ust_new(f->registry, w, &error);
	g_assert_no_error(error);
	u2 = lttd_ust_new(f->registry, w, &error);
	g_assert_null(u2);
	g_assert_error(error, LTT_ERROR, LTT_ERROR_IO);
	g_assert_nonnull(strstr(error->message, "another drainer"));
	g_clear_error(&error);
	g_assert_cmpint(lttd_ust_fd(u1), ==, -1);
	lttd_ust_free(u1);
	ltt_writer_close(w, NULL);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add("/ust/drain/intact", Fixture, NULL, fixture_setup, test_intact, fixture_teardown);
	g_test_add("/ust/drain/limits", Fixture, NULL, fixture_setup, test_limits, fixture_teardown);
	g_test_add("/ust/drain/bad-header", Fixture, NULL, fixture_setup, test_bad_header, fixture_teardown);
	g_test_add("/ust/drain/truncated", Fixture, NULL, fixture_setup, test_truncated, fixture_teardown);
	g_test_add("/ust/drain/garbage-records", Fixture, NULL, fixture_setup, test_garbage_records, fixture_teardown);
	g_test_add("/ust/drain/bad-type", Fixture, NULL, fixture_setup, test_bad_type, fixture_teardown);
	g_test_add("/ust/drain/bad-payload-quarantined", Fixture, NULL, fixture_setup, test_bad_payload_quarantined,
	           fixture_teardown);
	g_test_add("/ust/drain/undecodable-payload-quarantined", Fixture, NULL, fixture_setup,
	           test_undecodable_payload_quarantined, fixture_teardown);
	g_test_add("/ust/drain/cut-while-mapped", Fixture, NULL, fixture_setup, test_cut_while_mapped,
	           fixture_teardown);
	g_test_add("/ust/drain/refused-payloads", Fixture, NULL, fixture_setup, test_refused_payloads,
	           fixture_teardown);
	g_test_add("/ust/drain/dot-names", Fixture, NULL, fixture_setup, test_dot_names, fixture_teardown);
	g_test_add("/ust/produce/no-faults-on-event-path", Fixture, NULL, fixture_setup, test_no_faults_on_event_path,
	           fixture_teardown);
	g_test_add("/ust/drain/fork", Fixture, NULL, fixture_setup, test_fork, fixture_teardown);
	g_test_add("/ust/drain/one-drainer", Fixture, NULL, fixture_setup, test_one_drainer, fixture_teardown);
	return g_test_run();
}
