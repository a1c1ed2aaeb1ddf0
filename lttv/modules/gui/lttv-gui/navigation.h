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

/* The times a user or a script asks for, checked against the traceset
 * (doc/gui.md, "Times"): a time must lie in the trace, from its start to
 * its last event; a window must start there, and an end past the last
 * event is cut back to it, the start kept.  FALSE + an error saying why
 * (no trace open, past the end); text is the time as typed, for it. */
gboolean lttvgui_tab_check_time(LttvwindowTab *tab, LttTime t, const char *text, GError **error);
/* Shows [start, end) (end excluded: the window includes end - 1 ns). */
gboolean lttvgui_tab_set_window(LttvwindowTab *tab, LttTime start, LttTime end,
                                const char *start_text, gpointer source, GError **error);
/* The window's end as lttv-gui shows it (the time bar, Set Time Frame):
 * the last nanosecond it includes, start + width - 1, so that the whole
 * trace ends at its last event, as the statistics and the event list say;
 * an end typed there is included the same way. */
LttTime lttvgui_window_last(LttvwindowTimeWindow w);

G_END_DECLS

#endif
