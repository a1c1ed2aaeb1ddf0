/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* timebar.h: the scrollbar and time bar under a tab's viewers. */
#ifndef LTTVGUI_TIMEBAR_H
#define LTTVGUI_TIMEBAR_H

#include <lttvwindow/lttvwindow.h>

G_BEGIN_DECLS

/* Follows the tab's time window and current time, and reports the user's
 * changes to them (source: the returned widget). */
GtkWidget *lttvgui_timebar_new(LttvwindowTab *tab);

G_END_DECLS

#endif
