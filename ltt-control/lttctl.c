/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttctl: controls kernel recording sessions (create, start, stop,
 * destroy), or records one command from start to exit. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "lttctl-session.h"

static char *opt_output;
static char **opt_events;
static char **opt_exclude;
static gboolean opt_no_default;
static gint opt_buffer_kb;
static gboolean opt_flight_recorder;
static gint opt_block_size;
static gboolean opt_overwrite;
static char *opt_ust;
static char *opt_tracer;

static const GOptionEntry session_entries[] = {
	{ "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output, "trace directory to write", "DIR" },
	{ "event", 'e', 0, G_OPTION_ARG_STRING_ARRAY, &opt_events,
	  "add a kernel event (SYSTEM:EVENT) or a whole SYSTEM; repeatable", "EVENT" },
	{ "exclude", 'x', 0, G_OPTION_ARG_STRING_ARRAY, &opt_exclude,
	  "remove an event or system from the set; repeatable", "EVENT" },
	{ "no-default", 'n', 0, G_OPTION_ARG_NONE, &opt_no_default,
	  "start from an empty event set instead of the core kernel events", NULL },
	{ "buffer-size", 's', 0, G_OPTION_ARG_INT, &opt_buffer_kb,
	  "kernel buffer per CPU in KiB (default 4096)", "KB" },
	{ "flight-recorder", 'f', 0, G_OPTION_ARG_NONE, &opt_flight_recorder,
	  "overwrite the oldest events when the buffer is full; the buffer is written "
	  "out when the session stops (default: discard new events, drain continuously)", NULL },
	{ "block-size", 'b', 0, G_OPTION_ARG_INT, &opt_block_size,
	  "block size of the trace's channel files (default 65536)", "BYTES" },
	{ "overwrite", 0, 0, G_OPTION_ARG_NONE, &opt_overwrite,
	  "replace a trace already in DIR (lttd --overwrite)", NULL },
	{ "ust", 'u', 0, G_OPTION_ARG_FILENAME, &opt_ust,
	  "also record the libltt-ust applications registered in DIR (record sets "
	  "LTT_UST_REGISTRY=DIR for the command)", "DIR" },
	{ "tracer", 0, 0, G_OPTION_ARG_STRING, &opt_tracer,
	  "module (the LTT kernel trace module, kernel-patch/) or ftrace (the kernel's "
	  "tracepoints through tracefs); default: the module when loaded, else ftrace", "NAME" },
	{ NULL }
};

static const char summary[] =
	"Commands:\n"
	"  create NAME -o DIR [OPTION...]   create a session (a tracefs instance of its own)\n"
	"  start NAME                       start lttd on it: tracing is on when this returns\n"
	"  stop NAME                        stop tracing; lttd drains the buffers and exits\n"
	"  destroy NAME                     stop if needed, remove the instance\n"
	"  list                             list sessions\n"
	"  record -o DIR [OPTION...] -- COMMAND [ARG...]\n"
	"                                   trace the system while COMMAND runs\n"
	"\n"
	"  --version, -V                    print the version and exit\n"
	"\n"
	"Default event set: the core kernel vocabulary (scheduling and the scheduler's CPU\n"
	"charges, fork/exec/exit, system calls, IRQs, soft IRQs, page faults).  See lttctl(1).";

static int fail(const char *what, GError *error)
{
	g_printerr("lttctl: %s%s%s\n", what ? what : "", what ? ": " : "", error->message);
	g_error_free(error);
	return 1;
}

/* A mistake on the command line: "lttctl: WHAT: WHY (try lttctl --help)", status 2. */
static G_GNUC_PRINTF(1, 2) int usage_error(const char *format, ...)
{
	va_list ap;
	char *message;

	va_start(ap, format);
	message = g_strdup_vprintf(format, ap);
	va_end(ap);
	g_printerr("lttctl: %s (try lttctl --help)\n", message);
	g_free(message);
	return 2;
}

/* Parses the options of a command; argv[0] is the command name. */
static gboolean parse(int *argc, char ***argv, gboolean with_session_options, gboolean posix)
{
	char *synopsis = strcmp((*argv)[0], "record") == 0
	                 ? g_strdup("record -- COMMAND [ARG...]")
	                 : g_strdup_printf("%s NAME", (*argv)[0]);
	GOptionContext *ctx = g_option_context_new(synopsis);
	GError *error = NULL;
	gboolean ok;

	g_free(synopsis);

	if (with_session_options)
		g_option_context_add_main_entries(ctx, session_entries, NULL);
	g_option_context_set_help_enabled(ctx, TRUE);
	g_option_context_set_strict_posix(ctx, posix);
	ok = g_option_context_parse(ctx, argc, argv, &error);
	if (ok && (opt_buffer_kb < 0 || opt_block_size < 0)) {
		g_set_error(&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
		            "%s %d: expected 0 (the default) or more",
		            opt_buffer_kb < 0 ? "--buffer-size" : "--block-size",
		            opt_buffer_kb < 0 ? opt_buffer_kb : opt_block_size);
		ok = FALSE;
	}
	if (!ok) {
		g_printerr("lttctl: %s: %s (try lttctl --help)\n", (*argv)[0], error->message);
		g_error_free(error);
	}
	g_option_context_free(ctx);
	return ok;
}

static void fill_options(LttctlSessionOptions *o)
{
	o->output = opt_output;
	o->add_events = opt_events;
	o->remove_events = opt_exclude;
	o->no_default = opt_no_default;
	o->buffer_kb = opt_buffer_kb > 0 ? (guint) opt_buffer_kb : 0;
	o->flight_recorder = opt_flight_recorder;
	o->block_size = opt_block_size > 0 ? (guint) opt_block_size : 0;
	o->overwrite = opt_overwrite;
	o->ust_registry = opt_ust;
	o->tracer = opt_tracer;
}

static volatile sig_atomic_t forwarded_signal;

static void remember_signal(int sig)
{
	forwarded_signal = sig;
}

/* Runs the command under a temporary session; returns its exit status the
 * way a shell would. */
static int record(char **command)
{
	LttctlSessionOptions o = { 0 };
	char *name = g_strdup_printf("record-%d", (int) getpid());
	GError *error = NULL, *stop_error = NULL;
	struct sigaction sa = { 0 };
	int status = 0, code;
	pid_t child;

	fill_options(&o);
	if (!lttctl_session_create(name, &o, &error)) {
		g_free(name);
		return fail("record", error);
	}
	if (!lttctl_session_start(name, TRUE, &error)) {
		lttctl_session_destroy(name, NULL);
		g_free(name);
		return fail("record", error);
	}
	/* Signals meant for the command go to it; we keep waiting so that the
	 * trace is stopped and the instance removed in every case. */
	sa.sa_handler = remember_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGQUIT, &sa, NULL);
	child = fork();
	if (child == 0) {
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		signal(SIGQUIT, SIG_DFL);
		if (opt_ust)
			g_setenv("LTT_UST_REGISTRY", opt_ust, TRUE);
		execvp(command[0], command);
		fprintf(stderr, "lttctl: cannot run %s: %s\n", command[0], g_strerror(errno));
		_exit(127);
	}
	if (child < 0) {
		g_printerr("lttctl: fork: %s\n", g_strerror(errno));
		status = -1;
	}
	while (child > 0 && waitpid(child, &status, 0) < 0) {
		if (errno != EINTR)
			break;
		if (forwarded_signal) {
			kill(child, forwarded_signal);
			forwarded_signal = 0;
		}
	}
	if (!lttctl_session_stop(name, &stop_error)) {
		g_printerr("lttctl: record: %s\n", stop_error->message);
		g_clear_error(&stop_error);
	}
	if (!lttctl_session_destroy(name, &error))
		fail("record", error);
	g_free(name);
	if (status < 0)
		return 127;
	if (WIFEXITED(status))
		code = WEXITSTATUS(status);
	else
		code = 128 + WTERMSIG(status);
	return code;
}

static int run_named(const char *cmd, int argc, char **argv)
{
	GError *error = NULL;
	gboolean ok;

	if (!parse(&argc, &argv, FALSE, FALSE))
		return 2;
	if (argc != 2)
		return argc < 2 ? usage_error("%s: missing the session name", cmd) :
		                  usage_error("%s: unexpected argument \"%s\"", cmd, argv[2]);
	if (strcmp(cmd, "start") == 0)
		ok = lttctl_session_start(argv[1], FALSE, &error);
	else if (strcmp(cmd, "stop") == 0)
		ok = lttctl_session_stop(argv[1], &error);
	else
		ok = lttctl_session_destroy(argv[1], &error);
	return ok ? 0 : fail(cmd, error);
}

int main(int argc, char **argv)
{
	const char *cmd;
	GError *error = NULL;
	int code;

	g_set_prgname("lttctl");
	if (argc < 2)
		return usage_error("missing the command (create, start, stop, destroy, list or record)");
	cmd = argv[1];
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
		GOptionContext *ctx = g_option_context_new("COMMAND [NAME]");
		g_option_context_set_summary(ctx, summary);
		g_option_context_add_main_entries(ctx, session_entries, NULL);
		char *help = g_option_context_get_help(ctx, TRUE, NULL);
		printf("%s", help);
		g_free(help);
		g_option_context_free(ctx);
		return 0;
	}
	if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
		printf("lttctl %s\n", PACKAGE_VERSION);
		return 0;
	}
	argc--;
	argv++;
	if (strcmp(cmd, "create") == 0) {
		LttctlSessionOptions o = { 0 };
		if (!parse(&argc, &argv, TRUE, FALSE))
			return 2;
		if (argc != 2)
			return argc < 2 ? usage_error("create: missing the session name") :
			                  usage_error("create: unexpected argument \"%s\"", argv[2]);
		fill_options(&o);
		code = lttctl_session_create(argv[1], &o, &error) ? 0 : fail("create", error);
	} else if (strcmp(cmd, "record") == 0) {
		if (!parse(&argc, &argv, TRUE, TRUE))
			return 2;
		if (argc > 1 && strcmp(argv[1], "--") == 0) {
			argc--;
			argv++;
		}
		if (argc < 2)
			return usage_error("record: missing the command to run (lttctl record -o DIR -- COMMAND)");
		if (!opt_output)
			return usage_error("record: missing -o DIR");
		code = record(argv + 1);
	} else if (strcmp(cmd, "start") == 0 || strcmp(cmd, "stop") == 0
	           || strcmp(cmd, "destroy") == 0) {
		code = run_named(cmd, argc, argv);
	} else if (strcmp(cmd, "list") == 0) {
		GString *out;
		if (argc > 1)
			return usage_error("list: unexpected argument \"%s\"", argv[1]);
		out = g_string_new(NULL);
		if (lttctl_session_list(out, &error)) {
			printf("%s", out->str);
			code = 0;
		} else {
			code = fail("list", error);
		}
		g_string_free(out, TRUE);
	} else {
		code = usage_error("unknown command \"%s\"", cmd);
	}
	g_free(opt_output);
	g_free(opt_ust);
	g_free(opt_tracer);
	g_strfreev(opt_events);
	g_strfreev(opt_exclude);
	return code;
}
