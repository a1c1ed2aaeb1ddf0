/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* background.c: the background scheduler of a trace (background.h).
 *
 * A thin owner of the trace's precomputation service: it steps the service
 * from an idle callback at G_PRIORITY_LOW (GLib runs a source only when no
 * source of higher priority is ready, so no step runs while a foreground
 * scheduler, at G_PRIORITY_DEFAULT_IDLE, has work), keeps the viewers'
 * notifications with their owners, and tells the progress listeners.
 */
#include "config.h"
#include "background.h"
#include "scheduler.h"

typedef struct {
	LttvwindowBackground *b;
	guint id;                   /* ours */
	guint service_id;           /* the service's, 0 once called */
	gpointer owner;
	LttvHook f;
	gpointer data;
} Note;

typedef struct {
	guint id;
	GFunc f;
	gpointer data;
} Listener;

struct _LttvwindowBackground {
	LttvTrace *trace;
	LttvPrecompute *p;
	guint refcount;
	guint idle_id;
	gint64 step_usec;
	GList *notes;               /* Note *, waiting */
	GArray *listeners;          /* Listener */
	guint last_id;
	Note *adding;               /* the note lttvwindow_background_notify is adding */
	GError *error;
	gboolean error_told;        /* lttvwindow_background_take_message gave it */
};

/* One per trace: what makes every tab share the computation. */
static GHashTable *by_trace;

LttvwindowBackground *lttvwindow_background_get(LttvTrace *t)
{
	LttvwindowBackground *b;

	g_return_val_if_fail(t != NULL, NULL);
	if (by_trace == NULL)
		by_trace = g_hash_table_new(g_direct_hash, g_direct_equal);
	b = g_hash_table_lookup(by_trace, t);
	if (b != NULL) {
		b->refcount++;
		return b;
	}
	b = g_new0(LttvwindowBackground, 1);
	b->trace = lttv_trace_ref(t);
	b->p = lttv_precompute_get(t);
	b->refcount = 1;
	b->step_usec = LTTVWINDOW_BACKGROUND_STEP_USEC;
	b->listeners = g_array_new(FALSE, FALSE, sizeof(Listener));
	g_hash_table_insert(by_trace, t, b);
	return b;
}

static void remove_idle(LttvwindowBackground *b)
{
	if (b->idle_id != 0)
		g_source_remove(b->idle_id);
	b->idle_id = 0;
}

static void note_free(Note *n)
{
	if (n->service_id != 0)
		lttv_precompute_notify_remove(n->b->p, n->service_id);
	g_free(n);
}

void lttvwindow_background_unref(LttvwindowBackground *b)
{
	if (b == NULL || --b->refcount > 0)
		return;
	g_hash_table_remove(by_trace, b->trace);
	remove_idle(b);
	g_list_free_full(b->notes, (GDestroyNotify) note_free);
	g_array_unref(b->listeners);
	lttv_precompute_unref(b->p);
	lttv_trace_unref(b->trace);
	g_clear_error(&b->error);
	g_free(b);
}

/* ---- notifications ---- */

/* Called by the service, inside its step or its notify. */
static gboolean note_reached(void *hook_data, void *call_data)
{
	Note *n = hook_data;
	LttvwindowBackground *b = n->b;

	n->service_id = 0;
	if (b->adding == n)
		b->adding = NULL;
	b->notes = g_list_remove(b->notes, n);
	n->f(n->data, b);
	g_free(n);
	return FALSE;
}

guint lttvwindow_background_notify(LttvwindowBackground *b, LttTime t, gpointer owner,
                                   LttvHook f, gpointer data)
{
	Note *n;
	guint id = 0, service_id = 0;

	g_return_val_if_fail(b != NULL && f != NULL, 0);
	/* f may drop the last reference. */
	b->refcount++;
	n = g_new0(Note, 1);
	n->b = b;
	n->owner = owner;
	n->f = f;
	n->data = data;
	b->notes = g_list_prepend(b->notes, n);
	b->adding = n;
	if (b->error == NULL)
		service_id = lttv_precompute_notify_at_time(b->p, t, note_reached, n);
	if (b->adding == NULL) {
		/* Reached already: note_reached called f and freed n. */
	} else if (service_id == 0) {
		/* The computation failed or was cancelled: t will not come. */
		note_reached(n, b->p);
	} else {
		n->service_id = service_id;
		n->id = id = ++b->last_id;
	}
	b->adding = NULL;
	lttvwindow_background_unref(b);
	return id;
}

guint lttvwindow_background_notify_position(LttvwindowBackground *b, const LttvTracesetContextPosition *pos,
                                            gpointer owner, LttvHook f, gpointer data)
{
	g_return_val_if_fail(pos != NULL, 0);
	return lttvwindow_background_notify(b, lttv_traceset_context_position_get_time(pos), owner, f, data);
}

guint lttvwindow_background_remove_owner(LttvwindowBackground *b, gpointer owner)
{
	GList *l, *next;
	guint n = 0;

	g_return_val_if_fail(b != NULL, 0);
	for (l = b->notes; l != NULL; l = next) {
		Note *note = l->data;

		next = l->next;
		if (note->owner != owner)
			continue;
		b->notes = g_list_delete_link(b->notes, l);
		note_free(note);
		n++;
	}
	return n;
}

/* The computation failed: nothing the waiters wait for will come. */
static void call_every_note(LttvwindowBackground *b)
{
	while (b->notes != NULL) {
		Note *n = b->notes->data;

		lttv_precompute_notify_remove(b->p, n->service_id);
		note_reached(n, b->p);
	}
}

/* ---- progress ---- */

guint lttvwindow_background_add_progress_listener(LttvwindowBackground *b, GFunc f, gpointer data)
{
	Listener l = { ++b->last_id, f, data };

	g_array_append_val(b->listeners, l);
	return l.id;
}

void lttvwindow_background_remove_progress_listener(LttvwindowBackground *b, guint id)
{
	guint i;

	for (i = 0; i < b->listeners->len; i++)
		if (g_array_index(b->listeners, Listener, i).id == id) {
			g_array_remove_index(b->listeners, i);
			return;
		}
}

/* A listener may remove itself or others: each is looked up afresh. */
static void tell_listeners(LttvwindowBackground *b)
{
	guint i, done = 0;

	for (;;) {
		Listener l = { 0 };

		for (i = 0; i < b->listeners->len; i++)
			if (g_array_index(b->listeners, Listener, i).id > done) {
				l = g_array_index(b->listeners, Listener, i);
				break;
			}
		if (l.id == 0)
			return;
		done = l.id;
		l.f(l.data, b);
	}
}

/* ---- stepping ---- */

static gboolean step_idle(gpointer data)
{
	LttvwindowBackground *b = data;
	gboolean more;

	/* Callbacks may drop the last reference: b lives until the end. */
	b->refcount++;
	more = lttv_precompute_step(b->p, b->step_usec, &b->error);
	if (!more) {
		b->idle_id = 0;
		if (b->error != NULL)
			call_every_note(b);
	}
	tell_listeners(b);
	more = more && b->idle_id != 0;
	lttvwindow_background_unref(b);
	return more ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

void lttvwindow_background_start(LttvwindowBackground *b)
{
	g_return_if_fail(b != NULL);
	if (b->idle_id != 0 || lttv_precompute_done(b->p) || b->error != NULL)
		return;
	b->idle_id = g_idle_add_full(G_PRIORITY_LOW, step_idle, b, NULL);
}

void lttvwindow_background_stop(LttvwindowBackground *b)
{
	g_return_if_fail(b != NULL);
	remove_idle(b);
}

void lttvwindow_background_set_step(LttvwindowBackground *b, gint64 usec)
{
	g_return_if_fail(b != NULL);
	b->step_usec = MAX(usec, 1);
}

gboolean lttvwindow_background_ready(const LttvwindowBackground *b)
{
	return lttv_precompute_done(b->p);
}

gboolean lttvwindow_background_in_progress(const LttvwindowBackground *b)
{
	return b->idle_id != 0;
}

gdouble lttvwindow_background_progress(const LttvwindowBackground *b)
{
	return lttv_precompute_progress(b->p);
}

LttTime lttvwindow_background_ready_until(const LttvwindowBackground *b)
{
	return lttv_precompute_ready_until(b->p);
}

const GError *lttvwindow_background_error(const LttvwindowBackground *b)
{
	return b->error;
}

char *lttvwindow_background_take_message(LttvwindowBackground *b)
{
	if (b->error != NULL && !b->error_told) {
		b->error_told = TRUE;
		return g_strdup_printf("precomputation stopped: %s", b->error->message);
	}
	return lttv_precompute_take_cache_warning(b->p);
}

LttvPrecompute *lttvwindow_background_precompute(const LttvwindowBackground *b)
{
	return b->p;
}
