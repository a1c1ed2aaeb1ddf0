/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* keys.c: the navigation keys a Trace Compass, KernelShark or Perfetto user
 * already knows (GUI-STYLE.md, "input a user already knows"), and the
 * wheel with Ctrl (zoom) or Shift (pan).
 *
 * They act whatever has the focus -- a button, the toolbar, which would
 * otherwise spend the arrows on moving the focus -- except a text entry,
 * which keeps its letters and arrows, and a tree, which has the keys
 * first (the arrows, + and - open and close its rows).
 * The bindings are data (one table), listed in Help > Keyboard shortcuts,
 * and rebindable from $XDG_CONFIG_HOME/lttv/keys. */
#include <config.h>
#include <string.h>
#include <gdk/gdkkeysyms.h>
#include "keys.h"
#include "mainwindow-private.h"
#include "navigation.h"

typedef struct {
	const char *action;             /* name in the keys file */
	const char *description;
	const char *defaults;           /* space-separated key names (gdk_keyval_from_name) */
	gdouble zoom;                   /* factor, 0 for none */
	gdouble pan;                    /* fraction of the width */
	gboolean fit;
} KeyAction;

static const KeyAction actions[] = {
	{ "zoom-in", "Zoom in (half the time)", "w plus equal KP_Add", 0.5, 0, FALSE },
	{ "zoom-out", "Zoom out (twice the time)", "s minus KP_Subtract", 2.0, 0, FALSE },
	{ "pan-left", "Pan earlier by a fifth of the window", "a Left", 0, -0.2, FALSE },
	{ "pan-right", "Pan later by a fifth of the window", "d Right", 0, 0.2, FALSE },
	{ "zoom-fit", "Show the whole trace", "f", 0, 0, TRUE },
};

/* The keys bound to each action (guint keyvals), user's file or defaults. */
static GArray *bindings[G_N_ELEMENTS(actions)];

/* names: key names apart by blanks.  A name that is no key is reported at
 * path:line:column, where column is that of names[0] (path NULL: the
 * built-in defaults). */
static void bind(guint i, const char *names, const char *path, guint line, guint column)
{
	const char *p = names;
	g_array_set_size(bindings[i], 0);
	while (*p != '\0') {
		gsize len = strcspn(p, " \t");
		if (len > 0) {
			char *name = g_strndup(p, len);
			guint keyval = gdk_keyval_from_name(name);
			if (keyval != GDK_VoidSymbol && keyval != 0)
				g_array_append_val(bindings[i], keyval);
			else if (path != NULL)
				g_printerr("lttv-gui: %s:%u:%u: \"%s\" is not a key name (see gdk/gdkkeysyms.h)\n", path, line,
				           column + (guint) (p - names), name);
			else
				g_printerr("lttv-gui: keys: \"%s\" is not a key name (see gdk/gdkkeysyms.h)\n", name);
			g_free(name);
			p += len;
		} else {
			p++;
		}
	}
}

/* Lines "ACTION KEY..." replace an action's keys; '#' starts a comment. */
static void load_user_keys(void)
{
	char *path = g_build_filename(g_get_user_config_dir(), "lttv", "keys", NULL);
	char *text = NULL;
	if (g_file_get_contents(path, &text, NULL, NULL)) {
		char **lines = g_strsplit(text, "\n", -1);
		for (guint l = 0; lines[l] != NULL; l++) {
			/* (columns count from the line as written) */
			guint lead = (guint) strspn(lines[l], " \t\r\v\f");
			char *line = g_strstrip(lines[l]);
			if (line[0] == '\0' || line[0] == '#')
				continue;
			char *space = strpbrk(line, " \t");
			guint i;
			for (i = 0; i < G_N_ELEMENTS(actions); i++)
				if (space != NULL &&
				    strncmp(line, actions[i].action, (gsize) (space - line)) == 0 &&
				    actions[i].action[space - line] == '\0')
					break;
			if (i == G_N_ELEMENTS(actions))
				g_printerr("lttv-gui: %s:%u: expected ACTION KEY..., ACTION one of "
				           "zoom-in zoom-out pan-left pan-right zoom-fit\n", path, l + 1);
			else
				bind(i, space, path, l + 1, lead + (guint) (space - line) + 1);
		}
		g_strfreev(lines);
		g_free(text);
	}
	g_free(path);
}

static void ensure_bindings(void)
{
	if (bindings[0] != NULL)
		return;
	for (guint i = 0; i < G_N_ELEMENTS(actions); i++) {
		bindings[i] = g_array_new(FALSE, FALSE, sizeof(guint));
		bind(i, actions[i].defaults, NULL, 0, 0);
	}
	load_user_keys();
}

static void run_action(LttvwindowTab *tab, const KeyAction *a)
{
	if (a->fit)
		lttvgui_tab_zoom_fit(tab, NULL);
	else if (a->zoom != 0)
		lttvgui_tab_zoom(tab, a->zoom, NULL);
	else
		lttvgui_tab_pan(tab, a->pan, NULL);
}

static const KeyAction *find_action(guint keyval)
{
	guint key = gdk_keyval_to_lower(keyval);
	for (guint i = 0; i < G_N_ELEMENTS(actions); i++)
		for (guint k = 0; k < bindings[i]->len; k++)
			if (g_array_index(bindings[i], guint, k) == key)
				return &actions[i];
	return NULL;
}

/* Runs before GtkWindow's own handling, whose bindings would spend the
 * arrows on moving the focus, and before the focused widget's. */
static gboolean on_key(GtkWidget *w, GdkEventKey *ev, LttvguiMainWindow *mw)
{
	LttvwindowTab *tab = lttvgui_main_window_tab(mw);
	GdkModifierType mods = ev->state & gtk_accelerator_get_default_mod_mask();
	const KeyAction *a = find_action(ev->keyval);
	if (tab == NULL || a == NULL || (mods & ~GDK_SHIFT_MASK) != 0)
		return FALSE;
	GtkWidget *focus = gtk_window_get_focus(GTK_WINDOW(w));
	if (focus != NULL && (GTK_IS_EDITABLE(focus) || GTK_IS_TEXT_VIEW(focus)))
		return FALSE;
	if (focus != NULL && GTK_IS_TREE_VIEW(focus) &&
	    gtk_window_propagate_key_event(GTK_WINDOW(w), ev))
		return TRUE;
	run_action(tab, a);
	return TRUE;
}

static gboolean on_scroll(GtkWidget *w, GdkEventScroll *ev, LttvguiMainWindow *mw)
{
	LttvwindowTab *tab = lttvgui_main_window_tab(mw);
	if (tab == NULL)
		return FALSE;
	gboolean up = ev->direction == GDK_SCROLL_UP || ev->direction == GDK_SCROLL_LEFT;
	if (ev->state & GDK_CONTROL_MASK)
		lttvgui_tab_zoom(tab, up ? 0.5 : 2.0, NULL);
	else if (ev->state & GDK_SHIFT_MASK)
		lttvgui_tab_pan(tab, up ? -0.2 : 0.2, NULL);
	else
		return FALSE;
	return TRUE;
}

void lttvgui_keys_attach(LttvguiMainWindow *mw)
{
	ensure_bindings();
	gtk_widget_add_events(mw->window, GDK_SCROLL_MASK);
	g_signal_connect(mw->window, "key-press-event", G_CALLBACK(on_key), mw);
	g_signal_connect_after(mw->window, "scroll-event", G_CALLBACK(on_scroll), mw);
}

guint lttvgui_keys_count(void)
{
	return G_N_ELEMENTS(actions);
}

char *lttvgui_keys_describe(guint i, const char **description)
{
	ensure_bindings();
	*description = actions[i].description;
	GString *s = g_string_new(NULL);
	for (guint k = 0; k < bindings[i]->len; k++) {
		guint key = g_array_index(bindings[i], guint, k);
		char *label = gtk_accelerator_get_label(key, 0);
		const char *name = gdk_keyval_name(key);
		gboolean keypad = name != NULL && g_str_has_prefix(name, "KP_");
		g_string_append_printf(s, "%s%s%s", k > 0 ? ", " : "", keypad ? "keypad " : "", label);
		g_free(label);
	}
	return g_string_free(s, FALSE);
}
