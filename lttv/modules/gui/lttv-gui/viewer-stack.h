/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* viewer-stack.h: a tab's vertical stack of viewers.  Each viewer sits in a
 * slot with a title bar (its label; move up, move down, remove); slots are
 * separated by panes the user drags to resize them. */
#ifndef LTTVGUI_VIEWER_STACK_H
#define LTTVGUI_VIEWER_STACK_H

#include <lttvwindow/lttvwindow.h>

G_BEGIN_DECLS

GtkWidget *lttvgui_viewer_stack_new(LttvwindowTab *tab);
/* Builds a viewer of info at the bottom; returns its widget, or NULL +
 * error when the constructor returned none. */
GtkWidget *lttvgui_viewer_stack_insert(GtkWidget *stack, const LttvwindowViewerInfo *info,
                                          GError **error);
guint lttvgui_viewer_stack_count(GtkWidget *stack);
GtkWidget *lttvgui_viewer_stack_get(GtkWidget *stack, guint i);
/* The slot of viewer i: its title bar and the viewer, as much of it as
 * the stack shows. */
GtkWidget *lttvgui_viewer_stack_slot(GtkWidget *stack, guint i);
/* Whether viewer i is lower in its slot than its own minimum, so that
 * the slot scrolls it (its whole height is not shown). */
gboolean lttvgui_viewer_stack_scrolls(GtkWidget *stack, guint i);
/* The registered name of viewer i. */
const char *lttvgui_viewer_stack_name(GtkWidget *stack, guint i);
/* The first viewer named name, or NULL. */
GtkWidget *lttvgui_viewer_stack_find(GtkWidget *stack, const char *name);
/* Moves viewer by delta places (negative: up), within the stack. */
void lttvgui_viewer_stack_move(GtkWidget *stack, GtkWidget *viewer, gint delta);
/* Removes viewer (the host first removes what it registered). */
void lttvgui_viewer_stack_remove(GtkWidget *stack, GtkWidget *viewer);

G_END_DECLS

#endif
