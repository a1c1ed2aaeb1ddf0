/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* viewer-stack.c: the slots of a tab's viewers, chained in vertical panes.
 *
 * GtkPaned holds two children, so n slots make a chain of n - 1 panes:
 * pane(slot 1, pane(slot 2, ... slot n)).  Moving or removing a slot
 * rebuilds the chain with the slots' heights kept. */
#include <config.h>
#include <string.h>
#include "viewer-stack.h"
#include <lttvwindow/host.h>
#include "icon-button.h"

#define STACK_KEY "lttvwindow-stack"
#define SLOT_VIEWER_KEY "lttvwindow-slot-viewer"
#define VIEWER_SLOT_KEY "lttvwindow-viewer-slot"
#define VIEWER_INFO_KEY "lttvwindow-viewer-info"

typedef struct {
	LttvwindowTab *tab;
	GtkWidget *box;                 /* holds the chain, or the empty-stack hint */
	GPtrArray *slots;               /* GtkWidget *, top to bottom */
	gboolean dying;                 /* the box is being destroyed: no rebuild */
} Stack;

typedef struct {
	GtkWidget *up, *down;
} SlotButtons;

static void rebuild(Stack *st);

static Stack *stack_of(GtkWidget *stack)
{
	return g_object_get_data(G_OBJECT(stack), STACK_KEY);
}

static void stack_free(gpointer p)
{
	Stack *st = p;
	g_ptr_array_free(st->slots, TRUE);
	g_object_unref(st->tab);
	g_free(st);
}

static void on_box_destroy(GtkWidget *box, Stack *st)
{
	st->dying = TRUE;
}

GtkWidget *lttvgui_viewer_stack_new(LttvwindowTab *tab)
{
	Stack *st = g_new0(Stack, 1);
	st->tab = g_object_ref(tab);
	st->slots = g_ptr_array_new();
	st->box = gtk_vbox_new(FALSE, 0);
	g_object_set_data_full(G_OBJECT(st->box), STACK_KEY, st, stack_free);
	g_signal_connect(st->box, "destroy", G_CALLBACK(on_box_destroy), st);
	rebuild(st);
	gtk_widget_show(st->box);
	return st->box;
}

static void rebuild(Stack *st)
{
	guint n = st->slots->len;
	GArray *heights = g_array_sized_new(FALSE, FALSE, sizeof(gint), n);
	for (guint i = 0; i < n; i++) {
		GtkWidget *slot = g_ptr_array_index(st->slots, i);
		GtkAllocation a;
		gtk_widget_get_allocation(slot, &a);
		gint h = gtk_widget_get_mapped(slot) ? a.height : -1;
		g_array_append_val(heights, h);
		g_object_ref(slot);
		GtkWidget *parent = gtk_widget_get_parent(slot);
		if (parent != NULL)
			gtk_container_remove(GTK_CONTAINER(parent), slot);
	}
	GList *old = gtk_container_get_children(GTK_CONTAINER(st->box));
	for (GList *l = old; l != NULL; l = l->next)
		gtk_widget_destroy(l->data);
	g_list_free(old);

	/* A new viewer resets the shares: the top viewer, the tab's main view
	 * (the control flow by default), gets three fifths beside one other
	 * viewer and half beside more (three fifths left the other two a row
	 * or two each at 768 pixels); the others (an event list, statistics)
	 * share the rest equally; alone it has it all. */
	GtkAllocation box;
	gtk_widget_get_allocation(st->box, &box);
	gboolean reset = FALSE;
	for (guint i = 0; i < n; i++)
		reset |= g_array_index(heights, gint, i) <= 0;
	if (reset && gtk_widget_get_mapped(st->box) && n > 1) {
		gint top = n == 2 ? box.height * 3 / 5 : box.height / 2;
		for (guint i = 0; i < n; i++)
			g_array_index(heights, gint, i) = i == 0 ? top : (box.height - top) / (gint) (n - 1);
	}
	GtkWidget *top;
	if (n == 0) {
		top = gtk_label_new("No viewer: open a trace (File > Open Trace), then pick a viewer "
		                    "in Tools or on the toolbar.");
		gtk_widget_set_sensitive(top, FALSE);
	} else {
		top = g_ptr_array_index(st->slots, n - 1);
		for (guint i = n - 1; i-- > 0;) {
			GtkWidget *pane = gtk_vpaned_new();
			/* Both sides resize: a taller window gives every viewer more room,
			 * not only the last one. */
			gtk_paned_pack1(GTK_PANED(pane), g_ptr_array_index(st->slots, i), TRUE, FALSE);
			gtk_paned_pack2(GTK_PANED(pane), top, TRUE, FALSE);
			if (g_array_index(heights, gint, i) > 0)
				gtk_paned_set_position(GTK_PANED(pane), g_array_index(heights, gint, i));
			gtk_widget_show(pane);
			top = pane;
		}
	}
	gtk_box_pack_start(GTK_BOX(st->box), top, TRUE, TRUE, 0);
	gtk_widget_show(top);
	for (guint i = 0; i < n; i++) {
		GtkWidget *slot = g_ptr_array_index(st->slots, i);
		SlotButtons *b = g_object_get_data(G_OBJECT(slot), "lttvwindow-slot-buttons");
		gtk_widget_set_sensitive(b->up, i > 0);
		gtk_widget_set_sensitive(b->down, i + 1 < n);
		g_object_unref(slot);
	}
	g_array_free(heights, TRUE);
}

static void on_slot_destroy(GtkWidget *slot, Stack *st)
{
	GtkWidget *viewer = g_object_get_data(G_OBJECT(slot), SLOT_VIEWER_KEY);
	/* Before the viewer widget itself is destroyed: its after_request
	 * hooks still find it whole. */
	lttvwindow_tab_forget_viewer(st->tab, viewer);
	g_ptr_array_remove(st->slots, slot);
	if (!st->dying)
		rebuild(st);
}

static void on_viewer_destroy(GtkWidget *viewer, GtkWidget *slot)
{
	/* The viewer destroyed itself: its empty slot goes too. */
	gtk_widget_destroy(slot);
}

static GtkWidget *slot_of(GtkWidget *viewer)
{
	return g_object_get_data(G_OBJECT(viewer), VIEWER_SLOT_KEY);
}

static void on_up(GtkButton *b, GtkWidget *slot)
{
	GtkWidget *viewer = g_object_get_data(G_OBJECT(slot), SLOT_VIEWER_KEY);
	lttvgui_viewer_stack_move(g_object_get_data(G_OBJECT(slot), STACK_KEY), viewer, -1);
}

static void on_down(GtkButton *b, GtkWidget *slot)
{
	GtkWidget *viewer = g_object_get_data(G_OBJECT(slot), SLOT_VIEWER_KEY);
	lttvgui_viewer_stack_move(g_object_get_data(G_OBJECT(slot), STACK_KEY), viewer, 1);
}

static void on_close(GtkButton *b, GtkWidget *slot)
{
	gtk_widget_destroy(slot);
}

/* The label shown for a viewer: the last part of its menu path. */
static const char *viewer_label(const LttvwindowViewerInfo *info)
{
	const char *slash = strrchr(info->menu_path, '/');
	return slash != NULL ? slash + 1 : info->menu_path;
}

/* The viewer in a view that scrolls it when its slot is lower than the
 * viewer's own minimum, and otherwise gives it the whole slot: the slots'
 * minimums then do not add up to a window taller than the screen (three
 * viewers asked 796 pixels of a 768-pixel screen). */
static GtkWidget *fitted(GtkWidget *viewer)
{
	GtkWidget *scroll = gtk_scrolled_window_new(NULL, NULL);
	GtkWidget *port = gtk_viewport_new(NULL, NULL);

	gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
	gtk_viewport_set_shadow_type(GTK_VIEWPORT(port), GTK_SHADOW_NONE);
	gtk_container_add(GTK_CONTAINER(port), viewer);
	gtk_container_add(GTK_CONTAINER(scroll), port);
	return scroll;
}

static GtkWidget *slot_new(GtkWidget *stack, const LttvwindowViewerInfo *info, GtkWidget *viewer)
{
	GtkWidget *slot = gtk_vbox_new(FALSE, 0);
	GtkWidget *title = gtk_hbox_new(FALSE, 2);
	GtkWidget *label = gtk_label_new(NULL);
	char *markup = g_markup_printf_escaped("<b>%s</b>", viewer_label(info));
	gtk_label_set_markup(GTK_LABEL(label), markup);
	g_free(markup);
	gtk_misc_set_alignment(GTK_MISC(label), 0.0, 0.5);
	gtk_misc_set_padding(GTK_MISC(label), 4, 0);
	gtk_box_pack_start(GTK_BOX(title), label, TRUE, TRUE, 0);
	SlotButtons *b = g_new(SlotButtons, 1);
	b->up = lttvgui_icon_button(GTK_STOCK_GO_UP, "Move this viewer up", G_CALLBACK(on_up),
	                               slot);
	b->down = lttvgui_icon_button(GTK_STOCK_GO_DOWN, "Move this viewer down",
	                                 G_CALLBACK(on_down), slot);
	GtkWidget *close = lttvgui_icon_button(GTK_STOCK_CLOSE, "Remove this viewer",
	                                          G_CALLBACK(on_close), slot);
	gtk_box_pack_start(GTK_BOX(title), b->up, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(title), b->down, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(title), close, FALSE, FALSE, 0);
	g_object_set_data_full(G_OBJECT(slot), "lttvwindow-slot-buttons", b, g_free);
	gtk_box_pack_start(GTK_BOX(slot), title, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(slot), gtk_hseparator_new(), FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(slot), fitted(viewer), TRUE, TRUE, 0);
	g_object_set_data(G_OBJECT(slot), SLOT_VIEWER_KEY, viewer);
	g_object_set_data(G_OBJECT(slot), STACK_KEY, stack);
	g_object_set_data(G_OBJECT(viewer), VIEWER_SLOT_KEY, slot);
	g_object_set_data(G_OBJECT(viewer), VIEWER_INFO_KEY, (gpointer) info);
	gtk_widget_show_all(slot);
	return slot;
}

GtkWidget *lttvgui_viewer_stack_insert(GtkWidget *stack, const LttvwindowViewerInfo *info,
                                          GError **error)
{
	Stack *st = stack_of(stack);
	GtkWidget *viewer = info->constructor(st->tab);
	if (viewer == NULL) {
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID,
		            "viewer %s could not be created", info->name);
		return NULL;
	}
	GtkWidget *slot = slot_new(stack, info, viewer);
	g_signal_connect(slot, "destroy", G_CALLBACK(on_slot_destroy), st);
	g_signal_connect(viewer, "destroy", G_CALLBACK(on_viewer_destroy), slot);
	lttvwindow_viewers_track(info, slot);
	g_ptr_array_add(st->slots, slot);
	rebuild(st);
	return viewer;
}

guint lttvgui_viewer_stack_count(GtkWidget *stack)
{
	return stack_of(stack)->slots->len;
}

GtkWidget *lttvgui_viewer_stack_get(GtkWidget *stack, guint i)
{
	Stack *st = stack_of(stack);
	g_return_val_if_fail(i < st->slots->len, NULL);
	return g_object_get_data(G_OBJECT(g_ptr_array_index(st->slots, i)), SLOT_VIEWER_KEY);
}

GtkWidget *lttvgui_viewer_stack_slot(GtkWidget *stack, guint i)
{
	Stack *st = stack_of(stack);
	g_return_val_if_fail(i < st->slots->len, NULL);
	return g_ptr_array_index(st->slots, i);
}

gboolean lttvgui_viewer_stack_scrolls(GtkWidget *stack, guint i)
{
	/* viewer in viewport in the slot's scrolled window (fitted). */
	GtkWidget *port = gtk_widget_get_parent(lttvgui_viewer_stack_get(stack, i));
	GtkAdjustment *v = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(gtk_widget_get_parent(port)));
	return gtk_adjustment_get_upper(v) - gtk_adjustment_get_lower(v) > gtk_adjustment_get_page_size(v) + 0.5;
}

const char *lttvgui_viewer_stack_name(GtkWidget *stack, guint i)
{
	GtkWidget *viewer = lttvgui_viewer_stack_get(stack, i);
	const LttvwindowViewerInfo *info = g_object_get_data(G_OBJECT(viewer), VIEWER_INFO_KEY);
	return info->name;
}

GtkWidget *lttvgui_viewer_stack_find(GtkWidget *stack, const char *name)
{
	for (guint i = 0; i < lttvgui_viewer_stack_count(stack); i++)
		if (strcmp(lttvgui_viewer_stack_name(stack, i), name) == 0)
			return lttvgui_viewer_stack_get(stack, i);
	return NULL;
}

void lttvgui_viewer_stack_move(GtkWidget *stack, GtkWidget *viewer, gint delta)
{
	Stack *st = stack_of(stack);
	GtkWidget *slot = slot_of(viewer);
	guint from;
	for (from = 0; from < st->slots->len; from++)
		if (g_ptr_array_index(st->slots, from) == slot)
			break;
	g_return_if_fail(from < st->slots->len);
	gint to = CLAMP((gint) from + delta, 0, (gint) st->slots->len - 1);
	if ((guint) to == from)
		return;
	g_ptr_array_remove_index(st->slots, from);
	g_ptr_array_insert(st->slots, to, slot);
	rebuild(st);
}

void lttvgui_viewer_stack_remove(GtkWidget *stack, GtkWidget *viewer)
{
	gtk_widget_destroy(slot_of(viewer));
}
