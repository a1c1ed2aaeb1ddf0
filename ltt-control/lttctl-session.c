/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttctl-session.c: creating, starting, stopping and destroying sessions. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <glib/gstdio.h>

#include "lttctl-session.h"
#include "ltt-tracefs.h"
#include "lttd-module.h"

#define GROUP "session"
#define DEFAULT_BUFFER_KB 4096
/* How long stop waits for lttd to drain and exit. */
#define STOP_TIMEOUT_US (120 * G_USEC_PER_SEC)

const char *const lttctl_default_events[] = {
	"sched:sched_switch",
	"sched:sched_wakeup",
	"sched:sched_wakeup_new",
	"sched:sched_process_fork",
	"sched:sched_process_exec",
	"sched:sched_process_exit",
	"sched:sched_process_free",
	/* The scheduler's charge of each run: the task's CPU time as getrusage
	 * gives it (lttv's charged_time, doc/analysis.md §3). */
	"sched:sched_stat_runtime",
	"task:task_newtask",
	"task:task_rename",
	"raw_syscalls:sys_enter",
	"raw_syscalls:sys_exit",
	"irq:irq_handler_entry",
	"irq:irq_handler_exit",
	"irq:softirq_entry",
	"irq:softirq_exit",
	"irq:softirq_raise",
	"exceptions:page_fault_user",
	"exceptions:page_fault_kernel",
	NULL
};

const char *lttctl_state_dir(void)
{
	const char *env = g_getenv("LTTCTL_STATE_DIR");
	return env && *env ? env : "/run/lttctl";
}

static char *state_path(const char *name, const char *suffix)
{
	char *file = g_strconcat(name, suffix, NULL);
	char *path = g_build_filename(lttctl_state_dir(), file, NULL);
	g_free(file);
	return path;
}

static gboolean valid_name(const char *name, GError **error)
{
	const char *c;

	for (c = name; *c; c++)
		if (!g_ascii_isalnum(*c) && *c != '_' && *c != '-' && *c != '.')
			break;
	if (!*name || *c || name[0] == '.') {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_INSTANCE,
		            "\"%s\": a session name is made of letters, digits, '_', '-' and '.'", name);
		return FALSE;
	}
	return TRUE;
}

static GKeyFile *load(const char *name, GError **error)
{
	char *path;
	GKeyFile *kf;

	if (!valid_name(name, error))
		return NULL;
	path = state_path(name, ".session");
	kf = g_key_file_new();
	if (!g_key_file_load_from_file(kf, path, G_KEY_FILE_NONE, NULL)) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_INSTANCE,
		            "no session \"%s\" (%s not found; see lttctl list)", name, path);
		g_key_file_free(kf);
		kf = NULL;
	}
	g_free(path);
	return kf;
}

static gboolean save(const char *name, GKeyFile *kf, GError **error)
{
	char *path = state_path(name, ".session");
	gboolean ok;

	if (g_mkdir_with_parents(lttctl_state_dir(), 0700) < 0) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO, "%s: cannot create: %s",
		            lttctl_state_dir(), g_strerror(errno));
		g_free(path);
		return FALSE;
	}
	ok = g_key_file_save_to_file(kf, path, error);
	g_free(path);
	return ok;
}

/* Enables or disables "system:event" or a whole "system".  libtracefs
 * takes regular expressions: anchor them so that sched_wakeup does not
 * also select sched_wakeup_new. */
static gboolean set_event(struct tracefs_instance *inst, const char *spec, gboolean enable,
                          GError **error)
{
	char **parts = g_strsplit(spec, ":", 2);
	char *sys_re, *ev_re = NULL, *escaped;
	int r;

	if (parts[0] == NULL || *parts[0] == '\0' || (parts[1] != NULL && *parts[1] == '\0')) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_EVENT,
		            "\"%s\": expected SYSTEM or SYSTEM:EVENT", spec);
		g_strfreev(parts);
		return FALSE;
	}
	escaped = g_regex_escape_string(parts[0], -1);
	sys_re = g_strdup_printf("^%s$", escaped);
	g_free(escaped);
	if (parts[1]) {
		escaped = g_regex_escape_string(parts[1], -1);
		ev_re = g_strdup_printf("^%s$", escaped);
		g_free(escaped);
	}
	r = enable ? tracefs_event_enable(inst, sys_re, ev_re)
	           : tracefs_event_disable(inst, sys_re, ev_re);
	if (r < 0)
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_EVENT,
		            "%s: no such kernel event or system (see %s/available_events)", spec,
		            tracefs_tracing_dir());
	g_strfreev(parts);
	g_free(sys_re);
	g_free(ev_re);
	return r >= 0;
}

/* The interrupts that do not go through irq_handler_entry (x86: the local
 * timer, the IPIs, ...) each have an entry and an exit tracepoint in
 * irq_vectors; without them their time looks like the interrupted task's
 * (doc/recording.md).  Other architectures have no such system: nothing to
 * enable then.  The system's other events (vector allocation) are left out. */
#define IRQ_VECTORS_SYSTEM "irq_vectors"

static gboolean enable_irq_vectors(struct tracefs_instance *inst, GError **error)
{
	char **events = tracefs_system_events(NULL, IRQ_VECTORS_SYSTEM);
	gboolean ok = TRUE;
	guint i;

	for (i = 0; ok && events != NULL && events[i] != NULL; i++)
		if (g_str_has_suffix(events[i], "_entry") || g_str_has_suffix(events[i], "_exit")) {
			char *spec = g_strconcat(IRQ_VECTORS_SYSTEM ":", events[i], NULL);

			ok = set_event(inst, spec, TRUE, error);
			g_free(spec);
		}
	tracefs_list_free(events);
	return ok;
}

static gboolean configure(struct tracefs_instance *inst, const LttctlSessionOptions *opts,
                          GError **error)
{
	guint i;

	if (!ltt_tracefs_write(inst, "tracing_on", "0", error)
	    || !ltt_tracefs_write(inst, "trace_clock", "mono", error))
		return FALSE;
	if (tracefs_instance_set_buffer_size(inst, opts->buffer_kb ? opts->buffer_kb
	                                                           : DEFAULT_BUFFER_KB, -1) < 0) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO,
		            "cannot set the buffer size to %u KiB per CPU: %s",
		            opts->buffer_kb ? opts->buffer_kb : DEFAULT_BUFFER_KB, g_strerror(errno));
		return FALSE;
	}
	if ((opts->flight_recorder ? tracefs_option_enable(inst, TRACEFS_OPTION_OVERWRITE)
	                           : tracefs_option_disable(inst, TRACEFS_OPTION_OVERWRITE)) < 0) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO,
		            "cannot set the overwrite option: %s", g_strerror(errno));
		return FALSE;
	}
	if (!opts->no_default) {
		for (i = 0; lttctl_default_events[i]; i++)
			if (!set_event(inst, lttctl_default_events[i], TRUE, error))
				return FALSE;
		if (!enable_irq_vectors(inst, error))
			return FALSE;
	}
	for (i = 0; opts->add_events && opts->add_events[i]; i++)
		if (!set_event(inst, opts->add_events[i], TRUE, error))
			return FALSE;
	for (i = 0; opts->remove_events && opts->remove_events[i]; i++)
		if (!set_event(inst, opts->remove_events[i], FALSE, error))
			return FALSE;
	return TRUE;
}

static void save_common(GKeyFile *kf, const LttctlSessionOptions *opts)
{
	char *output = g_canonicalize_filename(opts->output, NULL);

	g_key_file_set_string(kf, GROUP, "output", output);
	g_key_file_set_boolean(kf, GROUP, "flight_recorder", opts->flight_recorder);
	g_key_file_set_integer(kf, GROUP, "block_size", (gint) opts->block_size);
	g_key_file_set_boolean(kf, GROUP, "overwrite", opts->overwrite);
	if (opts->ust_registry) {
		char *registry = g_canonicalize_filename(opts->ust_registry, NULL);
		g_key_file_set_string(kf, GROUP, "ust_registry", registry);
		g_free(registry);
	}
	g_key_file_set_integer(kf, GROUP, "lttd_pid", 0);
	g_free(output);
}

/* The module's event names are the tracepoints' without their system. */
static char *module_events(const LttctlSessionOptions *opts, GError **error)
{
	GString *list;
	guint i;

	if (opts->remove_events && opts->remove_events[0]) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_EVENT,
		            "--exclude: not with --tracer=module (give the events with -n -e)");
		return NULL;
	}
	if (!opts->no_default)
		return g_strdup("all");
	list = g_string_new(NULL);
	for (i = 0; opts->add_events && opts->add_events[i]; i++) {
		const char *colon = strchr(opts->add_events[i], ':');
		g_string_append_printf(list, "%s%s", list->len ? "," : "",
		                       colon ? colon + 1 : opts->add_events[i]);
	}
	if (list->len == 0) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_EVENT, "the event set is empty");
		g_string_free(list, TRUE);
		return NULL;
	}
	return g_string_free(list, FALSE);
}

/* A session of the LTT kernel trace module: no instance, lttd --module. */
static gboolean create_module_session(const char *name, const LttctlSessionOptions *opts,
                                      GError **error)
{
	char *events = module_events(opts, error);
	GKeyFile *kf;
	gboolean ok;

	if (!events)
		return FALSE;
	if (!lttd_module_available()) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_INSTANCE,
		            "--tracer=module: %s/ctl not found (load ltt-tracer.ko)", lttd_module_dir());
		g_free(events);
		return FALSE;
	}
	kf = g_key_file_new();
	g_key_file_set_string(kf, GROUP, "tracer", "module");
	g_key_file_set_string(kf, GROUP, "events", events);
	g_key_file_set_integer(kf, GROUP, "buffer_kb", (gint) opts->buffer_kb);
	save_common(kf, opts);
	ok = save(name, kf, error);
	g_key_file_free(kf);
	g_free(events);
	return ok;
}

gboolean lttctl_session_create(const char *name, const LttctlSessionOptions *opts, GError **error)
{
	char *instance, *state, *set_event_text;
	struct tracefs_instance *inst;
	GKeyFile *kf;
	gboolean ok, module;

	if (opts->tracer && strcmp(opts->tracer, "module") != 0 && strcmp(opts->tracer, "ftrace") != 0) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_INSTANCE,
		            "--tracer=%s: expected module or ftrace", opts->tracer);
		return FALSE;
	}
	module = opts->tracer ? strcmp(opts->tracer, "module") == 0 : lttd_module_available();
	if (!valid_name(name, error) || (!module && !ltt_tracefs_dir(error)))
		return FALSE;
	if (!opts->output) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_INSTANCE,
		            "an output directory is required (-o DIR)");
		return FALSE;
	}
	state = state_path(name, ".session");
	ok = !g_file_test(state, G_FILE_TEST_EXISTS);
	g_free(state);
	if (!ok) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_INSTANCE,
		            "session \"%s\" already exists", name);
		return FALSE;
	}
	if (module)
		return create_module_session(name, opts, error);
	instance = g_strconcat(LTT_TRACEFS_INSTANCE_PREFIX, name, NULL);
	inst = tracefs_instance_create(instance);
	if (!inst || !tracefs_instance_is_new(inst)) {
		/* Not ours to configure, nor to remove. */
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_INSTANCE,
		            "tracefs instance %s %s", instance,
		            inst ? "already exists (another lttctl, or one that crashed: "
		                   "rmdir it under instances/ if it is stale)"
		                 : "cannot be created");
		if (inst)
			tracefs_instance_free(inst);
		g_free(instance);
		return FALSE;
	}
	ok = configure(inst, opts, error);
	set_event_text = ok ? tracefs_instance_file_read(inst, "set_event", NULL) : NULL;
	if (ok && (!set_event_text || !*g_strstrip(set_event_text))) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_EVENT,
		            "the event set is empty");
		ok = FALSE;
	}
	free(set_event_text);
	if (ok) {
		kf = g_key_file_new();
		g_key_file_set_string(kf, GROUP, "instance", instance);
		save_common(kf, opts);
		ok = save(name, kf, error);
		g_key_file_free(kf);
	}
	if (!ok)
		tracefs_instance_destroy(inst);
	tracefs_instance_free(inst);
	g_free(instance);
	return ok;
}

/* lttd next to lttctl (build tree, or the same bindir), else on PATH. */
static char *lttd_path(void)
{
	const char *env = g_getenv("LTTD");
	char *self, *dir, *path;

	if (env && *env)
		return g_strdup(env);
	self = g_file_read_link("/proc/self/exe", NULL);
	if (self) {
		dir = g_path_get_dirname(self);
		path = g_build_filename(dir, "lttd", NULL);
		g_free(dir);
		g_free(self);
		if (g_file_test(path, G_FILE_TEST_IS_EXECUTABLE))
			return path;
		g_free(path);
	}
	return g_strdup("lttd");
}

/* lttd is alive and is lttd (not a reused pid): some argument, not
 * necessarily the first (valgrind, wrappers), names it. */
static gboolean lttd_alive(pid_t pid)
{
	char *path, *cmdline = NULL;
	gsize len;
	gboolean alive;

	if (pid <= 0 || kill(pid, 0) < 0)
		return FALSE;
	path = g_strdup_printf("/proc/%d/cmdline", (int) pid);
	alive = g_file_get_contents(path, &cmdline, &len, NULL)
	        && memmem(cmdline, len, "lttd", 4) != NULL;
	g_free(cmdline);
	g_free(path);
	return alive;
}

static char *read_log(const char *name)
{
	char *path = state_path(name, ".log");
	char *text = NULL;

	if (!g_file_get_contents(path, &text, NULL, NULL))
		text = g_strdup("");
	g_free(path);
	return g_strstrip(text);
}

static void child_exec(char **argv, int log_fd, gboolean detach)
{
	int null_fd = open("/dev/null", O_RDWR);

	/* Its own session: a ^C meant for a recorded command or for the
	 * shell must not stop the recording half way. */
	setsid();
	if (null_fd >= 0) {
		dup2(null_fd, STDIN_FILENO);
		if (detach)
			dup2(null_fd, STDOUT_FILENO);
	}
	if (log_fd >= 0)
		dup2(log_fd, STDERR_FILENO);
	execvp(argv[0], argv);
	fprintf(stderr, "lttctl: cannot run %s: %s\n", argv[0], g_strerror(errno));
	_exit(127);
}

gboolean lttctl_session_start(const char *name, gboolean keep_child, GError **error)
{
	GKeyFile *kf = load(name, error);
	GPtrArray *argv;
	char *instance, *output, *log_path, *fd_text, *block_text = NULL, *lttd, *registry;
	char *tracer, *events, *buffer_text = NULL;
	int pipefd[2], log_fd = -1, status;
	pid_t pid;
	char byte;
	ssize_t n;
	gboolean ok = FALSE, overwrite;

	if (!kf)
		return FALSE;
	if (lttd_alive(g_key_file_get_integer(kf, GROUP, "lttd_pid", NULL))) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_INSTANCE,
		            "session \"%s\" is already started", name);
		g_key_file_free(kf);
		return FALSE;
	}
	tracer = g_key_file_get_string(kf, GROUP, "tracer", NULL);
	events = g_key_file_get_string(kf, GROUP, "events", NULL);
	if (!tracer && !ltt_tracefs_dir(error)) {
		g_key_file_free(kf);
		return FALSE;
	}
	instance = g_key_file_get_string(kf, GROUP, "instance", NULL);
	output = g_key_file_get_string(kf, GROUP, "output", NULL);
	if ((!instance && !events) || !output) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_INSTANCE,
		            "session \"%s\": damaged session file", name);
		goto out;
	}
	overwrite = g_key_file_get_boolean(kf, GROUP, "overwrite", NULL);
	{
		/* lttd would refuse it, with no word of what to do. */
		char *metadata = g_build_filename(output, "metadata", NULL);
		gboolean taken = !overwrite && g_file_test(metadata, G_FILE_TEST_EXISTS);

		g_free(metadata);
		if (taken) {
			g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO,
			            "%s already holds a trace (metadata exists): give --overwrite to replace it, "
			            "or another directory with -o", output);
			goto out;
		}
	}
	if (pipe2(pipefd, O_CLOEXEC) < 0) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO, "pipe: %s",
		            g_strerror(errno));
		goto out;
	}
	log_path = state_path(name, ".log");
	if (!keep_child)
		log_fd = open(log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	g_free(log_path);
	lttd = lttd_path();
	fd_text = g_strdup_printf("%d", pipefd[1]);
	argv = g_ptr_array_new();
	g_ptr_array_add(argv, lttd);
	if (instance) {
		g_ptr_array_add(argv, "--instance");
		g_ptr_array_add(argv, instance);
	} else {
		buffer_text = g_strdup_printf("--buffer-size=%d",
		                              g_key_file_get_integer(kf, GROUP, "buffer_kb", NULL));
		g_ptr_array_add(argv, "--module");
		g_ptr_array_add(argv, "--events");
		g_ptr_array_add(argv, events);
		g_ptr_array_add(argv, buffer_text);
	}
	g_ptr_array_add(argv, "--output");
	g_ptr_array_add(argv, output);
	g_ptr_array_add(argv, "--ready-fd");
	g_ptr_array_add(argv, fd_text);
	if (g_key_file_get_boolean(kf, GROUP, "flight_recorder", NULL))
		g_ptr_array_add(argv, "--flight-recorder");
	if (overwrite)
		g_ptr_array_add(argv, "--overwrite");
	registry = g_key_file_get_string(kf, GROUP, "ust_registry", NULL);
	if (registry) {
		g_ptr_array_add(argv, "--ust");
		g_ptr_array_add(argv, registry);
	}
	if (g_key_file_get_integer(kf, GROUP, "block_size", NULL) > 0) {
		block_text = g_strdup_printf("--block-size=%d",
		                             g_key_file_get_integer(kf, GROUP, "block_size", NULL));
		g_ptr_array_add(argv, block_text);
	}
	g_ptr_array_add(argv, NULL);

	pid = fork();
	if (pid == 0) {
		/* The ready descriptor must survive exec. */
		fcntl(pipefd[1], F_SETFD, 0);
		child_exec((char **) argv->pdata, log_fd, !keep_child);
	}
	close(pipefd[1]);
	if (log_fd >= 0)
		close(log_fd);
	g_ptr_array_free(argv, TRUE);
	g_free(fd_text);
	g_free(block_text);
	g_free(buffer_text);
	g_free(registry);
	g_free(lttd);
	if (pid < 0) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO, "fork: %s",
		            g_strerror(errno));
		close(pipefd[0]);
		goto out;
	}
	do
		n = read(pipefd[0], &byte, 1);
	while (n < 0 && errno == EINTR);
	close(pipefd[0]);
	if (n != 1) {
		/* lttd ended before tracing was on: its message says why. */
		char *log = read_log(name);
		waitpid(pid, &status, 0);
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO, "lttd failed to start%s%s",
		            *log ? ": " : "", log);
		g_free(log);
		goto out;
	}
	g_key_file_set_integer(kf, GROUP, "lttd_pid", pid);
	/* --overwrite replaces the trace that was in DIR before the session,
	 * once: a later start of the session must not erase this recording. */
	g_key_file_set_boolean(kf, GROUP, "overwrite", FALSE);
	ok = save(name, kf, error);
	if (!ok)
		kill(pid, SIGTERM);
out:
	g_free(instance);
	g_free(output);
	g_free(tracer);
	g_free(events);
	g_key_file_free(kf);
	return ok;
}

/* Reaps lttd if it is our child and has ended; FALSE when it failed. */
static gboolean lttd_exit_status(pid_t pid, gboolean *ended, GError **error)
{
	int status;

	*ended = waitpid(pid, &status, WNOHANG) == pid;
	if (*ended && (!WIFEXITED(status) || WEXITSTATUS(status) != 0)) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO,
		            "lttd ended with an error; what it recorded until then is in the trace");
		return FALSE;
	}
	return TRUE;
}

gboolean lttctl_session_stop(const char *name, GError **error)
{
	GKeyFile *kf = load(name, error);
	pid_t pid;
	gint64 deadline;
	gboolean ok = TRUE, ended = FALSE;
	char *log;

	if (!kf)
		return FALSE;
	pid = g_key_file_get_integer(kf, GROUP, "lttd_pid", NULL);
	/* lttd may have stopped on its own (an error): reap and report it. */
	if (pid > 0)
		ok = lttd_exit_status(pid, &ended, error);
	if (!ended && !lttd_alive(pid)) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_INSTANCE,
		            "session \"%s\" is not started", name);
		g_key_file_free(kf);
		return FALSE;
	}
	if (!ended) {
		kill(pid, SIGTERM);
		deadline = g_get_monotonic_time() + STOP_TIMEOUT_US;
		/* lttd is our child when we started it for record; otherwise
		 * init reaps it and we watch the pid disappear. */
		while (!ended && g_get_monotonic_time() < deadline) {
			ok = lttd_exit_status(pid, &ended, error);
			if (!ended && !lttd_alive(pid))
				ended = TRUE;
			if (!ended)
				g_usleep(20000);
		}
	}
	if (!ended) {
		g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO,
		            "lttd (pid %d) did not stop within %d s", (int) pid,
		            (int) (STOP_TIMEOUT_US / G_USEC_PER_SEC));
		g_key_file_free(kf);
		return FALSE;
	}
	log = read_log(name);
	if (*log)
		g_printerr("%s\n", log);
	g_free(log);
	g_key_file_set_integer(kf, GROUP, "lttd_pid", 0);
	if (!save(name, kf, ok ? error : NULL))
		ok = FALSE;
	g_key_file_free(kf);
	return ok;
}

gboolean lttctl_session_destroy(const char *name, GError **error)
{
	GKeyFile *kf = load(name, error);
	struct tracefs_instance *inst;
	char *instance, *path;
	gboolean ok = TRUE;

	if (!kf)
		return FALSE;
	if (lttd_alive(g_key_file_get_integer(kf, GROUP, "lttd_pid", NULL))
	    && !lttctl_session_stop(name, error)) {
		g_key_file_free(kf);
		return FALSE;
	}
	instance = g_key_file_get_string(kf, GROUP, "instance", NULL);
	g_key_file_free(kf);
	if (instance && g_str_has_prefix(instance, LTT_TRACEFS_INSTANCE_PREFIX)) {
		inst = ltt_tracefs_instance_open(instance, NULL);
		if (inst) {
			if (tracefs_instance_destroy(inst) < 0) {
				g_set_error(error, LTT_TRACEFS_ERROR, LTT_TRACEFS_ERROR_IO,
				            "cannot remove tracefs instance %s: %s", instance,
				            g_strerror(errno));
				ok = FALSE;
			}
			tracefs_instance_free(inst);
		}
	}
	g_free(instance);
	if (ok) {
		path = state_path(name, ".session");
		g_unlink(path);
		g_free(path);
		path = state_path(name, ".log");
		g_unlink(path);
		g_free(path);
	}
	return ok;
}

gboolean lttctl_session_list(GString *out, GError **error)
{
	GDir *dir = g_dir_open(lttctl_state_dir(), 0, NULL);
	const char *file;

	if (!dir)
		return TRUE;
	while ((file = g_dir_read_name(dir))) {
		char *name;
		GKeyFile *kf;
		if (!g_str_has_suffix(file, ".session"))
			continue;
		name = g_strndup(file, strlen(file) - strlen(".session"));
		kf = load(name, NULL);
		if (kf) {
			char *output = g_key_file_get_string(kf, GROUP, "output", NULL);
			g_string_append_printf(out, "%s\t%s\t%s\t%s\n", name,
			                       lttd_alive(g_key_file_get_integer(kf, GROUP, "lttd_pid", NULL))
			                           ? "started" : "stopped",
			                       g_key_file_get_boolean(kf, GROUP, "flight_recorder", NULL)
			                           ? "flight-recorder" : "discard",
			                       output ? output : "?");
			g_free(output);
			g_key_file_free(kf);
		}
		g_free(name);
	}
	g_dir_close(dir);
	return TRUE;
}
