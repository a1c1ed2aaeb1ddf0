/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* navigation.h: how lttv-gui moves a tab's time window (keys, menus, the
 * script) and writes and reads the times it shows. */
#ifndef LTTVGUI_NAVIGATION_H
#define LTTVGUI_NAVIGATION_H

#include <lttvwindow/lttvwindow.h>

G_BEGIN_DECLS

/* Zooms by factor (< 1 zooms in) around the current time when it is
 * shown, else around the middle; pans by a fraction of the width
 * (negative: earlier); shows the whole span. */
void lttvgui_tab_zoom(LttvwindowTab *tab, gdouble factor, gpointer source);
void lttvgui_tab_pan(LttvwindowTab *tab, gdouble fraction, gpointer source);
void lttvgui_tab_zoom_fit(LttvwindowTab *tab, gpointer source);

/* Time as lttv-gui shows it: seconds.nanoseconds from the traceset's
 * start (buf: LTT_TIME_STRING_SIZE bytes). */
void lttvgui_tab_format_time(LttvwindowTab *tab, LttTime t, char *buf);
/* Parses such a relative time; FALSE + error naming the text and column. */
gboolean lttvgui_tab_parse_time(LttvwindowTab *tab, const char *text, LttTime *t, GError **error);

G_END_DECLS

#endif
