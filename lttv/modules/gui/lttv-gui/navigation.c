/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* navigation.c: zoom, pan and fit through the tab's reports, and the times
 * shown relative to the traceset's start. */
#include <config.h>
#include "navigation.h"

void lttvgui_tab_zoom(LttvwindowTab *tab, gdouble factor, gpointer source)
{
	LttvwindowTimeWindow w = lttvwindow_get_time_window(tab);
	LttTime now = lttvwindow_get_current_time(tab), end = w.start + w.width;
	LttTime centre = now >= w.start && now < end ? now : w.start + w.width / 2;
	gdouble width = MAX(1.0, (gdouble) w.width * factor);
	/* The centre keeps its place on screen. */
	gdouble left = (gdouble) (centre - w.start) / (gdouble) w.width;
	gdouble start = (gdouble) centre - left * width;
	LttvwindowTimeWindow nw = { .start = start > 0 ? (LttTime) start : 0, .width = (LttTime) width };
	lttvwindow_report_time_window(tab, nw, source);
}

void lttvgui_tab_pan(LttvwindowTab *tab, gdouble fraction, gpointer source)
{
	LttvwindowTimeWindow w = lttvwindow_get_time_window(tab);
	gint64 shift = (gint64) (fraction * (gdouble) w.width);
	if (shift == 0)
		shift = fraction < 0 ? -1 : 1;
	if (shift < 0 && (LttTime) -shift > w.start)
		w.start = 0;
	else
		w.start += shift;
	lttvwindow_report_time_window(tab, w, source);
}

void lttvgui_tab_zoom_fit(LttvwindowTab *tab, gpointer source)
{
	LttTime start, end;
	lttvwindow_get_time_span(tab, &start, &end);
	LttvwindowTimeWindow w = { .start = start, .width = end - start + 1 };
	lttvwindow_report_time_window(tab, w, source);
}

void lttvgui_tab_format_time(LttvwindowTab *tab, LttTime t, char *buf)
{
	LttTime start, end;
	lttvwindow_get_time_span(tab, &start, &end);
	ltt_time_format(t >= start ? t - start : 0, buf);
}

gboolean lttvgui_tab_parse_time(LttvwindowTab *tab, const char *text, LttTime *t, GError **error)
{
	LttTime start, end, rel;
	if (!ltt_time_parse(text, &rel, error))
		return FALSE;
	lttvwindow_get_time_span(tab, &start, &end);
	*t = rel > G_MAXUINT64 - start ? G_MAXUINT64 : start + rel;
	return TRUE;
}
