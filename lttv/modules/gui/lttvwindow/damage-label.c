/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* damage-label.c: the line a viewer shows above its data when the tab's
 * traces had damage that the reader skipped: damage is marked, never
 * hidden (DESIGN.md §6). */
#include <config.h>
#include "lttvwindow.h"

GtkWidget *lttvwindow_damage_label_new(void)
{
	GtkWidget *label = gtk_label_new("");
	gtk_misc_set_alignment(GTK_MISC(label), 0, 0.5);
	gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
	/* Shown only when there is damage to tell of. */
	gtk_widget_set_no_show_all(label, TRUE);
	return label;
}

void lttvwindow_damage_label_update(GtkWidget *label, LttvwindowTab *tab, const char *what)
{
	LttvTraceset *ts = lttvwindow_get_traceset(tab);
	const char *first = NULL;
	guint n = 0, i;
	char *text;

	for (i = 0; i < lttv_traceset_number(ts); i++) {
		const LttvTrace *vt = lttv_traceset_get(ts, i);
		const LttTrace *t = lttv_trace_ltt(vt);
		/* An imported source's damage is the trace's too. */
		const char *imported = lttv_trace_import_warning(vt);

		if (first == NULL && imported != NULL)
			first = imported;
		if (first == NULL && ltt_trace_warning_count(t) > 0)
			first = ltt_trace_warning(t, 0);
		n += ltt_trace_warning_count(t) + (imported != NULL);
	}
	if (n == 0) {
		gtk_widget_hide(label);
		return;
	}
	text = g_markup_printf_escaped("<span foreground=\"#b00000\" weight=\"bold\">Damaged trace:</span> "
	                               "%s %u damaged region%s (first: %s)", what, n, n == 1 ? "" : "s", first);
	gtk_label_set_markup(GTK_LABEL(label), text);
	gtk_widget_set_tooltip_text(label, first);
	g_free(text);
	gtk_widget_show(label);
}
