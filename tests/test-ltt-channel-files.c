/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-ltt-channel-files.c: names that look like channel files but cannot
 * be read as one (dangling or looping links, directories, FIFOs, sockets,
 * devices, unreadable files, CPU numbers no machine has) are each reported
 * by name, and the rest of the trace is read; a trace of thousands of
 * channel files opens under a small limit of open files. */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include "test-ltt-util.h"

#define BS 4096U

typedef struct {
	char *dir;
	LttTrace *trace;
} Fx;

/* A trace whose channel file k_0 holds one block of 10 events. */
static void fx_init(Fx *fx)
{
	TltFile f;
	guint32 v = 7;

	fx->dir = tlt_make_dir();
	tlt_write_metadata(fx->dir, G_LITTLE_ENDIAN, "event k 1 e { v: u32; }\n");
	tlt_file_init(&f, G_LITTLE_ENDIAN, BS);
	tlt_block_begin(&f, 1000, 1090);
	for (guint i = 0; i < 10; i++)
		tlt_event(&f, 1000 + 10 * i, 1, &v, 4);
	tlt_block_end(&f);
	tlt_file_write(&f, fx->dir, "k_0");
	tlt_file_clear(&f);
	fx->trace = NULL;
}

static void fx_done(Fx *fx)
{
	ltt_trace_unref(fx->trace);
	tlt_remove_dir(fx->dir);
	g_free(fx->dir);
}

static char *in_dir(const Fx *fx, const char *name)
{
	return g_build_filename(fx->dir, name, NULL);
}

/* k_0 is read whole, and name is reported with what. */
static void expect_skipped(Fx *fx, const char *name, const char *what)
{
	GError *error = NULL;
	char *path = in_dir(fx, name), *prefix = g_strdup_printf("%s: ", path);

	fx->trace = ltt_trace_open(fx->dir, &error);
	g_assert_no_error(error);
	g_assert_cmpuint(ltt_trace_tracefile_count(fx->trace), ==, 1);
	g_assert_cmpuint(tlt_count_events(ltt_trace_tracefile(fx->trace, 0), NULL), ==, 10);
	if (!tlt_has_warning(fx->trace, prefix, what, "; file skipped")) {
		g_test_message("no warning \"%s...%s\"; first: %s", prefix, what,
		               ltt_trace_warning_count(fx->trace) ? ltt_trace_warning(fx->trace, 0) : "none");
		g_test_fail();
	}
	g_free(prefix);
	g_free(path);
}

/* Makes path something other than a channel file; returns a descriptor
 * to close once the trace is read, or -1. */
typedef int (*MakeOther)(const char *path);

static int make_dangling_link(const char *path) { g_assert_cmpint(symlink("no-such-file", path), ==, 0); return -1; }
static int make_link_loop(const char *path) { g_assert_cmpint(symlink("k_1", path), ==, 0); return -1; }
static int make_directory(const char *path) { g_assert_cmpint(mkdir(path, 0755), ==, 0); return -1; }
/* Nobody writes to it: opening it for reading would block. */
static int make_fifo(const char *path) { g_assert_cmpint(mkfifo(path, 0644), ==, 0); return -1; }
static int make_device(const char *path) { g_assert_cmpint(symlink("/dev/null", path), ==, 0); return -1; }

static int make_socket(const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int s = socket(AF_UNIX, SOCK_STREAM, 0);

	g_assert_cmpuint(strlen(path), <, sizeof addr.sun_path);
	strcpy(addr.sun_path, path);
	g_assert_cmpint(s, >=, 0);
	g_assert_cmpint(bind(s, (struct sockaddr *) &addr, sizeof addr), ==, 0);
	return s;
}

typedef struct {
	const char *name;
	MakeOther make;
	const char *what;        /* NULL: the text of ELOOP */
} Other;

static const Other others[] = {
	{ "dangling-link", make_dangling_link, "No such file or directory" },
	{ "link-loop", make_link_loop, NULL },
	{ "directory", make_directory, "a directory, not a channel file" },
	{ "fifo", make_fifo, "a FIFO, not a channel file" },
	{ "socket", make_socket, "a socket, not a channel file" },
	{ "device", make_device, "a character device, not a channel file" },
};

static void test_other_file(gconstpointer data)
{
	const Other *o = data;
	Fx fx;
	char *path;
	int fd;

	fx_init(&fx);
	path = in_dir(&fx, "k_1");
	fd = o->make(path);
	expect_skipped(&fx, "k_1", o->what ? o->what : g_strerror(ELOOP));
	if (fd >= 0)
		close(fd);
	g_free(path);
	fx_done(&fx);
}

static void test_unreadable(void)
{
	Fx fx;
	char *path;

	/* Root reads files whatever their mode: as root, the check runs in a
	 * subprocess that has become nobody. */
	if (geteuid() == 0 && !g_test_subprocess()) {
		if (getpwnam("nobody") == NULL) {
			g_test_skip("root reads files whatever their mode, and there is no user nobody");
			return;
		}
		g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
		g_test_trap_assert_passed();
		return;
	}
	if (geteuid() == 0) {
		const struct passwd *pw = getpwnam("nobody");
		g_assert_cmpint(setgroups(0, NULL), ==, 0);
		g_assert_cmpint(setresgid(pw->pw_gid, pw->pw_gid, pw->pw_gid), ==, 0);
		g_assert_cmpint(setresuid(pw->pw_uid, pw->pw_uid, pw->pw_uid), ==, 0);
	}
	fx_init(&fx);
	tlt_write_file(fx.dir, "k_1", "x", 1);
	path = in_dir(&fx, "k_1");
	g_assert_cmpint(chmod(path, 0), ==, 0);
	expect_skipped(&fx, "k_1", "Permission denied");
	g_free(path);
	fx_done(&fx);
}

static void test_huge_cpu_numbers(void)
{
	static const char *const names[] = { "k_65536", "k_4294967295", "k_4294967296", "k_99999999999999999999999" };
	Fx fx;

	fx_init(&fx);
	for (guint i = 0; i < G_N_ELEMENTS(names); i++)
		tlt_write_file(fx.dir, names[i], "", 0);
	fx.trace = tlt_open_trace(fx.dir);
	g_assert_cmpuint(ltt_trace_tracefile_count(fx.trace), ==, 1);
	for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
		char *path = in_dir(&fx, names[i]);
		char *what = g_strdup_printf("%s: CPU %s is not below 65536; file skipped", path, names[i] + 2);
		g_assert_true(tlt_has_warning(fx.trace, what, NULL, NULL));
		g_free(what);
		g_free(path);
	}
	fx_done(&fx);
}

/* 300 channel files with at most 64 descriptors open. */
static void test_many_files_few_descriptors(void)
{
	struct rlimit saved, low;
	Fx fx;
	gsize len;
	char *path, *data;
	GError *error = NULL;

	fx_init(&fx);
	path = in_dir(&fx, "k_0");
	g_assert_true(g_file_get_contents(path, &data, &len, NULL));
	for (guint cpu = 1; cpu < 300; cpu++) {
		char *name = g_strdup_printf("k_%u", cpu);
		tlt_write_file(fx.dir, name, data, len);
		g_free(name);
	}
	g_assert_cmpint(getrlimit(RLIMIT_NOFILE, &saved), ==, 0);
	low = saved;
	low.rlim_cur = 64;
	g_assert_cmpint(setrlimit(RLIMIT_NOFILE, &low), ==, 0);
	fx.trace = ltt_trace_open(fx.dir, &error);
	g_assert_cmpint(setrlimit(RLIMIT_NOFILE, &saved), ==, 0);
	g_assert_no_error(error);
	g_assert_cmpuint(ltt_trace_tracefile_count(fx.trace), ==, 300);
	g_assert_cmpuint(ltt_trace_warning_count(fx.trace), ==, 0);
	g_assert_cmpuint(tlt_count_events(ltt_trace_tracefile(fx.trace, 299), NULL), ==, 10);
	g_free(data);
	g_free(path);
	fx_done(&fx);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	for (guint i = 0; i < G_N_ELEMENTS(others); i++) {
		char *path = g_strdup_printf("/ltt/channel-files/%s", others[i].name);
		g_test_add_data_func(path, &others[i], test_other_file);
		g_free(path);
	}
	g_test_add_func("/ltt/channel-files/unreadable", test_unreadable);
	g_test_add_func("/ltt/channel-files/huge-cpu-numbers", test_huge_cpu_numbers);
	g_test_add_func("/ltt/channel-files/many-files-few-descriptors", test_many_files_few_descriptors);
	return g_test_run();
}
