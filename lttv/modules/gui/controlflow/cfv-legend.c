/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* cfv-legend.c: what each colour means, from the same state table the rows
 * are drawn with. */
#include <config.h>
#include "cfv.h"
#include "cfv-states.h"

/* Six columns: seven made the legend 804 pixels wide, and with it the
 * window wider than an 800-pixel screen (three rows either way). */
#define CFV_LEGEND_COLUMNS 6

/* Which swatch to draw: a state, or the mark of a slot with several. */
#define CFV_SWATCH_MIXED CFV_STATE_COUNT

static gboolean on_swatch_expose(GtkWidget *w, GdkEventExpose *ev, gpointer data)
{
	int state = GPOINTER_TO_INT(data);
	GtkAllocation a;
	cairo_t *cr = gdk_cairo_create(w->window);

	gtk_widget_get_allocation(w, &a);
	if (state == CFV_SWATCH_MIXED) {
		/* The mark alone, over a blank row: it goes with any colour. */
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_rectangle(cr, 0, 2, a.width, a.height - 4);
		cairo_fill(cr);
		cairo_set_source_rgba(cr, 0, 0, 0, 0.45);
		cairo_rectangle(cr, 0, 3, a.width, 2);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 0.5, 0.5, 0.5);
		cairo_set_line_width(cr, 1);
		cairo_rectangle(cr, 0.5, 2.5, a.width - 1, a.height - 5);
		cairo_stroke(cr);
	} else {
		const CfvStateStyle *st = cfv_state_style(state);
		cairo_set_source_rgb(cr, st->r, st->g, st->b);
		cairo_rectangle(cr, 0, 2, a.width, a.height - 4);
		cairo_fill(cr);
		if (state == CFV_NOT_COMPUTED) {
			/* Hatched, as the rows draw it (cfv-draw.c). */
			cairo_save(cr);
			cairo_rectangle(cr, 0, 2, a.width, a.height - 4);
			cairo_clip(cr);
			cairo_set_source_rgb(cr, 0.80, 0.80, 0.80);
			cairo_set_line_width(cr, 1);
			for (double x = -a.height; x < a.width; x += 8) {
				cairo_move_to(cr, x, a.height - 2);
				cairo_line_to(cr, x + a.height - 4, 2);
			}
			cairo_stroke(cr);
			cairo_restore(cr);
		}
		cairo_set_source_rgb(cr, 0.5, 0.5, 0.5);
		cairo_set_line_width(cr, 1);
		cairo_rectangle(cr, 0.5, 2.5, a.width - 1, a.height - 5);
		cairo_stroke(cr);
	}
	cairo_destroy(cr);
	return TRUE;
}

static GtkWidget *entry(int state, const char *name)
{
	GtkWidget *box = gtk_hbox_new(FALSE, 4);
	GtkWidget *swatch = gtk_drawing_area_new();
	GtkWidget *label = gtk_label_new(name);

	gtk_widget_set_size_request(swatch, 18, 14);
	g_signal_connect(swatch, "expose-event", G_CALLBACK(on_swatch_expose), GINT_TO_POINTER(state));
	gtk_misc_set_alignment(GTK_MISC(label), 0, 0.5);
	gtk_box_pack_start(GTK_BOX(box), swatch, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), label, FALSE, FALSE, 0);
	return box;
}

GtkWidget *cfv_legend_new(void)
{
	guint n = CFV_STATE_COUNT + 1, i;
	GtkWidget *table = gtk_table_new((n + CFV_LEGEND_COLUMNS - 1) / CFV_LEGEND_COLUMNS, CFV_LEGEND_COLUMNS, FALSE);

	gtk_table_set_col_spacings(GTK_TABLE(table), 12);
	gtk_container_set_border_width(GTK_CONTAINER(table), 2);
	for (i = 0; i < n; i++) {
		GtkWidget *e = i < CFV_STATE_COUNT ? entry(i, cfv_state_style(i)->name)
		                                   : entry(CFV_SWATCH_MIXED, "several states");
		gtk_table_attach(GTK_TABLE(table), e, i % CFV_LEGEND_COLUMNS, i % CFV_LEGEND_COLUMNS + 1,
		                 i / CFV_LEGEND_COLUMNS, i / CFV_LEGEND_COLUMNS + 1, GTK_FILL, GTK_FILL, 0, 0);
	}
	return table;
}
