/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttctl-session.h: a named recording session: a tracefs instance of our
 * own ("ltt-NAME") configured with an event set, a buffer size and a mode,
 * an output directory, and the lttd that drains it while it runs.  The
 * session's settings live in a small key file under the state directory so
 * that separate lttctl invocations can start, stop and destroy it. */
#ifndef LTTCTL_SESSION_H
#define LTTCTL_SESSION_H

#include <glib.h>
#include <sys/types.h>

G_BEGIN_DECLS

typedef struct {
	char *output;            /* trace directory */
	char **add_events;       /* "system:event" or "system", added to the set */
	char **remove_events;    /* removed from the set */
	gboolean no_default;     /* start from an empty set rather than the core vocabulary */
	guint buffer_kb;         /* per CPU; 0 = default */
	gboolean flight_recorder;/* overwrite the oldest events rather than discard new ones */
	guint block_size;        /* of the trace's channel files; 0 = default */
	gboolean overwrite;      /* replace a trace already in output (lttd --overwrite) */
	char *ust_registry;      /* also drain libltt-ust applications registered here */
	const char *tracer;      /* "module" (kernel-patch/ltt-tracer), "ftrace"; NULL = the
	                          * module when it is loaded, else ftrace */
} LttctlSessionOptions;

/* The core kernel vocabulary of doc/format.md §4, as "system:event". */
extern const char *const lttctl_default_events[];

/* Where session files live: $LTTCTL_STATE_DIR or /run/lttctl. */
const char *lttctl_state_dir(void);

gboolean lttctl_session_create(const char *name, const LttctlSessionOptions *opts, GError **error);
/* Starts lttd on the session and returns once tracing is on.  keep_child:
 * lttd stays our child (lttctl record waits for it); otherwise it is
 * detached and outlives lttctl. */
gboolean lttctl_session_start(const char *name, gboolean keep_child, GError **error);
/* Stops lttd (which stops tracing and drains the buffers) and waits for it. */
gboolean lttctl_session_stop(const char *name, GError **error);
/* Stops if needed, removes the instance and the session files. */
gboolean lttctl_session_destroy(const char *name, GError **error);
/* Writes one line per session to out. */
gboolean lttctl_session_list(GString *out, GError **error);

G_END_DECLS

#endif
