/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* script-input.c: keyboard and mouse events made up by the script and
 * handed to GTK as if the X server had sent them. */
#include <config.h>
#include "script-input.h"
#include <lttvwindow/lttvwindow.h>

gboolean lttvgui_script_key(GtkWidget *window, const char *key, GError **error)
{
	guint keyval;
	GdkModifierType mods;
	gtk_accelerator_parse(key, &keyval, &mods);
	if (keyval == 0) {
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID,
		            "key \"%s\": not a key (examples: w, plus, Left, <Control>o)", key);
		return FALSE;
	}
	GdkWindow *gw = gtk_widget_get_window(window);
	/* Accelerators are matched on the hardware key and its state, as a
	 * keyboard sends them: "plus" is Shift and the "=" key on most. */
	GdkKeymapKey *keys = NULL;
	gint n_keys = 0;
	guint16 code = 0;
	if (gdk_keymap_get_entries_for_keyval(gdk_keymap_get_for_display(gdk_window_get_display(gw)),
	                                      keyval, &keys, &n_keys) && n_keys > 0) {
		code = (guint16) keys[0].keycode;
		if (keys[0].level == 1)
			mods |= GDK_SHIFT_MASK;
	}
	g_free(keys);
	const GdkEventType types[] = { GDK_KEY_PRESS, GDK_KEY_RELEASE };
	for (guint i = 0; i < G_N_ELEMENTS(types); i++) {
		GdkEvent *ev = gdk_event_new(types[i]);
		ev->key.window = g_object_ref(gw);
		ev->key.send_event = TRUE;
		ev->key.time = GDK_CURRENT_TIME;
		ev->key.state = mods;
		ev->key.keyval = keyval;
		ev->key.hardware_keycode = code;
		ev->key.string = g_strdup("");
		gtk_main_do_event(ev);
		gdk_event_free(ev);
	}
	return TRUE;
}

/* The deepest visible window under (x, y) of w; (x, y) become its own. */
static GdkWindow *innermost(GdkWindow *w, gint *x, gint *y)
{
	for (GList *l = gdk_window_peek_children(w); l != NULL; l = l->next) {
		GdkWindow *c = l->data;
		gint cx, cy, cw, ch, depth;
		if (!gdk_window_is_visible(c))
			continue;
		gdk_window_get_geometry(c, &cx, &cy, &cw, &ch, &depth);
		if (*x >= cx && *y >= cy && *x < cx + cw && *y < cy + ch) {
			*x -= cx;
			*y -= cy;
			return innermost(c, x, y);
		}
	}
	return w;
}

/* The window under (x, y) of widget, (x, y) made its own; NULL + error
 * when (x, y) is outside the widget (what: the command, for the message). */
static GdkWindow *target_at(GtkWidget *widget, const char *what, gint *x, gint *y, GError **error)
{
	GtkAllocation a;
	gtk_widget_get_allocation(widget, &a);
	GdkWindow *gw = gtk_widget_get_window(widget);
	if (*x < 0 || *y < 0 || *x >= a.width || *y >= a.height || gw == NULL ||
	    !gtk_widget_get_mapped(widget)) {
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID,
		            "%s %d %d: outside the viewer (%dx%d pixels)", what, *x, *y, a.width, a.height);
		return NULL;
	}
	if (!gtk_widget_get_has_window(widget)) {
		*x += a.x;
		*y += a.y;
	}
	return innermost(gw, x, y);
}

/* The pointer comes in at (x, y) of target: a button is clicked only by
 * a release while the pointer is inside it, which it learns from the
 * crossing. */
static void send_enter(GdkWindow *target, gint x, gint y)
{
	gint ox, oy;
	gdk_window_get_origin(target, &ox, &oy);
	GdkEvent *enter = gdk_event_new(GDK_ENTER_NOTIFY);
	enter->crossing.window = g_object_ref(target);
	enter->crossing.send_event = TRUE;
	enter->crossing.time = GDK_CURRENT_TIME;
	enter->crossing.x = x;
	enter->crossing.y = y;
	enter->crossing.x_root = ox + x;
	enter->crossing.y_root = oy + y;
	enter->crossing.mode = GDK_CROSSING_NORMAL;
	enter->crossing.detail = GDK_NOTIFY_NONLINEAR;
	gtk_main_do_event(enter);
	gdk_event_free(enter);
}

/* Button 1 pressed (GDK_BUTTON_PRESS) or released at (x, y) of target. */
static void send_button(GdkWindow *target, GdkEventType type, gint x, gint y)
{
	gint ox, oy;
	gdk_window_get_origin(target, &ox, &oy);
	GdkEvent *ev = gdk_event_new(type);
	ev->button.window = g_object_ref(target);
	ev->button.send_event = TRUE;
	ev->button.time = GDK_CURRENT_TIME;
	ev->button.x = x;
	ev->button.y = y;
	ev->button.x_root = ox + x;
	ev->button.y_root = oy + y;
	ev->button.button = 1;
	ev->button.state = type == GDK_BUTTON_RELEASE ? GDK_BUTTON1_MASK : 0;
	ev->button.device = gdk_display_get_core_pointer(gdk_window_get_display(target));
	gtk_main_do_event(ev);
	gdk_event_free(ev);
}

gboolean lttvgui_script_click(GtkWidget *widget, gint x, gint y, GError **error)
{
	GdkWindow *target = target_at(widget, "click", &x, &y, error);
	if (target == NULL)
		return FALSE;
	send_enter(target, x, y);
	send_button(target, GDK_BUTTON_PRESS, x, y);
	send_button(target, GDK_BUTTON_RELEASE, x, y);
	return TRUE;
}

gboolean lttvgui_script_drag(GtkWidget *widget, gint x1, gint y1, gint x2, gint y2, GError **error)
{
	gint x = x1, y = y1;
	GdkWindow *target = target_at(widget, "drag", &x, &y, error);
	if (target == NULL)
		return FALSE;
	/* Where the drag ends, in the coordinates of the window pressed. */
	gint to_x = x + (x2 - x1), to_y = y + (y2 - y1);
	gint ox, oy;
	gdk_window_get_origin(target, &ox, &oy);
	send_enter(target, x, y);
	send_button(target, GDK_BUTTON_PRESS, x, y);
	/* Widgets that ask the server where the pointer is (a GtkPaned's
	 * handle) find it there. */
	GdkDisplay *display = gdk_window_get_display(target);
	gdk_display_warp_pointer(display, gdk_window_get_screen(target), ox + to_x, oy + to_y);
	GdkEvent *motion = gdk_event_new(GDK_MOTION_NOTIFY);
	motion->motion.window = g_object_ref(target);
	motion->motion.send_event = TRUE;
	motion->motion.time = GDK_CURRENT_TIME;
	motion->motion.x = to_x;
	motion->motion.y = to_y;
	motion->motion.x_root = ox + to_x;
	motion->motion.y_root = oy + to_y;
	motion->motion.state = GDK_BUTTON1_MASK;
	motion->motion.device = gdk_display_get_core_pointer(display);
	gtk_main_do_event(motion);
	gdk_event_free(motion);
	send_button(target, GDK_BUTTON_RELEASE, to_x, to_y);
	return TRUE;
}

gboolean lttvgui_script_scroll(GtkWidget *widget, gint x, gint y, gboolean down, GError **error)
{
	GdkWindow *target = target_at(widget, "scroll", &x, &y, error);
	if (target == NULL)
		return FALSE;
	gint ox, oy;
	gdk_window_get_origin(target, &ox, &oy);
	GdkEvent *ev = gdk_event_new(GDK_SCROLL);
	ev->scroll.window = g_object_ref(target);
	ev->scroll.send_event = TRUE;
	ev->scroll.time = GDK_CURRENT_TIME;
	ev->scroll.x = x;
	ev->scroll.y = y;
	ev->scroll.x_root = ox + x;
	ev->scroll.y_root = oy + y;
	ev->scroll.direction = down ? GDK_SCROLL_DOWN : GDK_SCROLL_UP;
	ev->scroll.device = gdk_display_get_core_pointer(gdk_window_get_display(target));
	gtk_main_do_event(ev);
	gdk_event_free(ev);
	return TRUE;
}
