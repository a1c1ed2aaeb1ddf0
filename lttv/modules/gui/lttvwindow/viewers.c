/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* viewers.c: the registry of viewers, who registered each one, and the
 * live instances that unloading a module destroys. */
#include <config.h>
#include <string.h>
#include <lttv/module.h>
#include "host.h"

typedef struct {
	const LttvwindowViewerInfo *info;
	char *module;                   /* NULL: registered by the program */
} Registered;

typedef struct {
	GFunc f;
	gpointer data;
	guint id;
} Listener;

typedef struct {
	const LttvwindowViewerInfo *info;
	GtkWidget *slot;
} Instance;

static GPtrArray *registry;             /* Registered * */
static GList *listeners;                /* Listener * */
static guint next_listener_id = 1;
static GList *instances;                /* Instance * */

static void notify_listeners(void)
{
	for (GList *l = listeners; l != NULL;) {
		Listener *li = l->data;
		l = l->next;    /* a listener may remove itself */
		li->f(NULL, li->data);
	}
}

static gboolean valid_name(const char *name)
{
	if (name == NULL || name[0] == '\0')
		return FALSE;
	for (const char *p = name; *p; p++)
		if (!g_ascii_islower(*p) && !g_ascii_isdigit(*p) && *p != '_' && *p != '-')
			return FALSE;
	return TRUE;
}

gboolean lttvwindow_register_viewer(const LttvwindowViewerInfo *info, GError **error)
{
	const char *name = info->name != NULL ? info->name : "(no name)";
	if (info->abi != LTTVWINDOW_ABI) {
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_ABI,
		            "viewer %s: built for lttvwindow ABI %u, this lttv-gui has ABI %u: rebuild it",
		            name, info->abi, LTTVWINDOW_ABI);
		return FALSE;
	}
	if (!valid_name(info->name)) {
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID,
		            "viewer \"%s\": a name is made of a-z, 0-9, '_' and '-'", name);
		return FALSE;
	}
	if (info->constructor == NULL || info->menu_path == NULL || info->menu_path[0] == '\0') {
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID,
		            "viewer %s: no %s", name, info->constructor == NULL ? "constructor" : "menu path");
		return FALSE;
	}
	if (lttvwindow_viewer_find(info->name) != NULL) {
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID,
		            "viewer %s: a viewer of that name is already registered", name);
		return FALSE;
	}
	if (registry == NULL)
		registry = g_ptr_array_new();
	Registered *r = g_new0(Registered, 1);
	r->info = info;
	r->module = g_strdup(lttv_module_current());
	g_ptr_array_add(registry, r);
	notify_listeners();
	return TRUE;
}

guint lttvwindow_viewer_count(void)
{
	return registry != NULL ? registry->len : 0;
}

const LttvwindowViewerInfo *lttvwindow_viewer_get(guint i)
{
	g_return_val_if_fail(i < lttvwindow_viewer_count(), NULL);
	return ((Registered *) g_ptr_array_index(registry, i))->info;
}

static Registered *find(const char *name)
{
	for (guint i = 0; i < lttvwindow_viewer_count(); i++) {
		Registered *r = g_ptr_array_index(registry, i);
		if (strcmp(r->info->name, name) == 0)
			return r;
	}
	return NULL;
}

const LttvwindowViewerInfo *lttvwindow_viewer_find(const char *name)
{
	Registered *r = find(name);
	return r != NULL ? r->info : NULL;
}

/* The module that registered info (NULL: the program itself). */
static const char *viewer_module(const LttvwindowViewerInfo *info)
{
	Registered *r = find(info->name);
	return r != NULL ? r->module : NULL;
}

guint lttvwindow_viewers_add_listener(GFunc f, gpointer data)
{
	Listener *li = g_new(Listener, 1);
	li->f = f;
	li->data = data;
	li->id = next_listener_id++;
	listeners = g_list_append(listeners, li);
	return li->id;
}

void lttvwindow_viewers_remove_listener(guint id)
{
	for (GList *l = listeners; l != NULL; l = l->next) {
		Listener *li = l->data;
		if (li->id == id) {
			listeners = g_list_delete_link(listeners, l);
			g_free(li);
			return;
		}
	}
}

static void instance_gone(gpointer data, GObject *slot)
{
	instances = g_list_remove(instances, data);
	g_free(data);
}

void lttvwindow_viewers_track(const LttvwindowViewerInfo *info, GtkWidget *slot)
{
	Instance *in = g_new(Instance, 1);
	in->info = info;
	in->slot = slot;
	instances = g_list_prepend(instances, in);
	g_object_weak_ref(G_OBJECT(slot), instance_gone, in);
}

gboolean lttvwindow_unload_module(const char *name, GError **error)
{
	LttvModule *m = lttv_module_find(name);
	if (m == NULL) {
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_UNKNOWN,
		            "module %s is not loaded", name);
		return FALSE;
	}
	if (lttv_module_use_count(m) > 1) {
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID,
		            "module %s is needed by %u other module(s): unload them first", name,
		            lttv_module_use_count(m) - 1);
		return FALSE;
	}
	/* Viewers first (the host removes what they registered), then their
	 * registrations, then the code they run. */
	GList *doomed = NULL;
	for (GList *l = instances; l != NULL; l = l->next) {
		Instance *in = l->data;
		const char *owner = viewer_module(in->info);
		if (owner != NULL && strcmp(owner, name) == 0)
			doomed = g_list_prepend(doomed, g_object_ref(in->slot));
	}
	for (GList *l = doomed; l != NULL; l = l->next) {
		gtk_widget_destroy(l->data);
		g_object_unref(l->data);
	}
	g_list_free(doomed);
	for (guint i = lttvwindow_viewer_count(); i-- > 0;) {
		Registered *r = g_ptr_array_index(registry, i);
		if (r->module != NULL && strcmp(r->module, name) == 0) {
			g_ptr_array_remove_index(registry, i);
			g_free(r->module);
			g_free(r);
		}
	}
	notify_listeners();
	lttv_module_release(m);
	return TRUE;
}
