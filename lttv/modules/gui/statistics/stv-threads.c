/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stv-threads.c: the viewer's worker threads, joined before the module
 * unloads.
 *
 * A thread computing a whole trace's figures (stv-whole.c) or freeing old
 * ones (stv-compute.c) runs this module's code: were the module unmapped
 * first (lttv-gui quitting, or Plugins > Unload), the thread would jump
 * into nothing.  Each thread is kept until it is joined: the finished ones
 * when the next starts, all of them when the module unloads. */
#include <config.h>
#include "stv.h"

typedef struct {
	GThread *thread;
	gint done;                  /* atomic: its function returned */
	GThreadFunc func;
	gpointer data;
} StvThread;

static GMutex threads_lock;
static GPtrArray *threads;     /* StvThread * */

static gpointer run(gpointer data)
{
	StvThread *t = data;
	t->func(t->data);
	g_atomic_int_set(&t->done, TRUE);
	return NULL;
}

/* Joins the threads done (all = FALSE) or every one. */
static void join(gboolean all)
{
	GPtrArray *ended = g_ptr_array_new();
	g_mutex_lock(&threads_lock);
	for (guint i = 0; threads != NULL && i < threads->len;) {
		StvThread *t = g_ptr_array_index(threads, i);
		if (all || g_atomic_int_get(&t->done)) {
			g_ptr_array_add(ended, t);
			g_ptr_array_remove_index_fast(threads, i);
		} else {
			i++;
		}
	}
	g_mutex_unlock(&threads_lock);
	for (guint i = 0; i < ended->len; i++) {
		StvThread *t = g_ptr_array_index(ended, i);
		g_thread_join(t->thread);
		g_free(t);
	}
	g_ptr_array_free(ended, TRUE);
}

void stv_thread_start(const char *name, GThreadFunc func, gpointer data)
{
	join(FALSE);
	StvThread *t = g_new0(StvThread, 1);
	t->func = func;
	t->data = data;
	g_mutex_lock(&threads_lock);
	if (threads == NULL)
		threads = g_ptr_array_new();
	g_ptr_array_add(threads, t);
	t->thread = g_thread_new(name, run, t);
	g_mutex_unlock(&threads_lock);
}

void stv_threads_join(void)
{
	join(TRUE);
}
