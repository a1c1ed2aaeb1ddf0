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

static gboolean have_trace(LttvwindowTab *tab, GError **error)
{
	if (tab != NULL && lttv_traceset_number(lttvwindow_get_traceset(tab)) > 0)
		return TRUE;
	g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID,
	            "no trace is open in this tab (open one first)");
	return FALSE;
}

gboolean lttvgui_tab_check_time(LttvwindowTab *tab, LttTime t, const char *text, GError **error)
{
	if (!have_trace(tab, error))
		return FALSE;
	LttTime start, last;
	lttvwindow_get_time_span(tab, &start, &last);
	if (t >= start && t <= last)
		return TRUE;
	char buf[LTT_TIME_STRING_SIZE], asked[LTT_TIME_STRING_SIZE];
	ltt_time_format(last - start, buf);
	/* No text: a time the code computed (a window kept after a trace went). */
	if (text == NULL)
		ltt_time_format(t > start ? t - start : 0, asked);
	g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID,
	            "%s is past the end of the trace (its last event is at %s)", text != NULL ? text : asked, buf);
	return FALSE;
}

gboolean lttvgui_tab_set_window(LttvwindowTab *tab, LttTime start, LttTime end,
                                const char *start_text, gpointer source, GError **error)
{
	if (!lttvgui_tab_check_time(tab, start, start_text, error))
		return FALSE;
	LttTime first, last;
	lttvwindow_get_time_span(tab, &first, &last);
	/* The window that includes the last event ends 1 ns after it. */
	if (end > last + 1)
		end = last + 1;
	if (end <= start) {
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID,
		            "the end of the window must come after its start");
		return FALSE;
	}
	lttvwindow_report_time_window(tab, (LttvwindowTimeWindow) { start, end - start }, source);
	return TRUE;
}

LttTime lttvgui_window_last(LttvwindowTimeWindow w)
{
	return w.start + w.width - 1;
}
