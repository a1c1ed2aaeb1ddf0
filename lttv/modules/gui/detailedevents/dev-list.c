/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* dev-list.c: the list itself: a fixed-height list drawn by hand, which
 * decodes nothing (the rows are already text), and the mouse and keys.
 *
 *   click           selects the event: the tab's current time and position
 *   Up/Down         the previous/next event (the page follows)
 *   PgUp/PgDn       a page back/forward; wheel: three rows
 *   Home/End        the first/last events of the traceset
 *   Ctrl+C          copies the selected row; Ctrl+Shift+C the whole page
 *
 * A hand-drawn list rather than a GtkTreeView: a tree view would want a
 * row for each of millions of events, or a model that lies about its
 * size; here the scrollbar is the event number and only one page exists. */
#include <config.h>
#include <gdk/gdkkeysyms.h>
#include "dev.h"

#define DEV_N_COLUMNS 8
static const char *const titles[DEV_N_COLUMNS] = {
	"Trace", "Channel", "CPU", "Time (s)", "Event", "PID", "Process", "Fields"
};

/* The time column says which time it shows. */
static const char *title(const Dev *d, guint col)
{
	if (col == 3 && gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(d->wall_clock)))
		return "Time (UTC)";
	return titles[col];
}
#define DEV_PAD 6

static char *cell_text(const Dev *d, const DevRow *row, guint col)
{
	switch (col) {
	case 0: return g_strdup(row->trace);
	case 1: return g_strdup(row->channel);
	case 2: return g_strdup_printf("%u", row->cpu);
	case 3: return dev_format_time(d, row);
	case 4: return g_strdup(row->event);
	case 5: return row->pid >= 0 ? g_strdup_printf("%d", row->pid) : g_strdup("-");
	case 6: return g_strdup(row->process);
	default: return g_strdup(row->fields);
	}
}

static gint header_height(const Dev *d)
{
	return d->row_height + 2;
}

void dev_list_fit(Dev *d)
{
	GtkAllocation a;
	gtk_widget_get_allocation(d->area, &a);
	guint rows = (guint) MAX(0, (a.height - header_height(d)) / MAX(d->row_height, 1));
	if (rows == d->page_rows)
		return;
	d->page_rows = rows;
	dev_reload(d);
}

static void show_text(cairo_t *cr, PangoLayout *layout, const char *text, double x, double y,
                      gint width)
{
	pango_layout_set_text(layout, text, -1);
	pango_layout_set_width(layout, width > 0 ? width * PANGO_SCALE : -1);
	cairo_move_to(cr, x, y);
	pango_cairo_show_layout(cr, layout);
}

/* Widens the columns to what the page shows (never narrower: the columns
 * do not jump while scrolling). */
static void fit_columns(Dev *d, PangoLayout *layout, const PangoFontDescription *bold)
{
	pango_layout_set_width(layout, -1);
	for (guint c = 0; c + 1 < DEV_N_COLUMNS; c++) {
		gint w;
		pango_layout_set_font_description(layout, bold);
		pango_layout_set_text(layout, title(d, c), -1);
		pango_layout_get_pixel_size(layout, &w, NULL);
		pango_layout_set_font_description(layout, NULL);
		d->col_width[c] = MAX(d->col_width[c], w + 2 * DEV_PAD);
		for (guint i = 0; i < d->rows->len; i++) {
			char *text = cell_text(d, g_ptr_array_index(d->rows, i), c);
			pango_layout_set_text(layout, text, -1);
			pango_layout_get_pixel_size(layout, &w, NULL);
			d->col_width[c] = MAX(d->col_width[c], w + 2 * DEV_PAD);
			g_free(text);
		}
	}
}

static gboolean on_expose(GtkWidget *w, GdkEventExpose *ev, gpointer data)
{
	Dev *d = data;
	GtkAllocation a;
	GtkStyle *style = gtk_widget_get_style(w);
	gtk_widget_get_allocation(w, &a);
	cairo_t *cr = gdk_cairo_create(gtk_widget_get_window(w));
	gdk_cairo_region(cr, ev->region);
	cairo_clip(cr);
	gdk_cairo_set_source_color(cr, &style->base[GTK_STATE_NORMAL]);
	cairo_paint(cr);

	PangoLayout *layout = gtk_widget_create_pango_layout(w, NULL);
	pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
	PangoFontDescription *bold = pango_font_description_copy(style->font_desc);
	pango_font_description_set_weight(bold, PANGO_WEIGHT_BOLD);
	fit_columns(d, layout, bold);

	/* The header. */
	gdk_cairo_set_source_color(cr, &style->bg[GTK_STATE_NORMAL]);
	cairo_rectangle(cr, 0, 0, a.width, header_height(d));
	cairo_fill(cr);
	double x = 0;
	pango_layout_set_font_description(layout, bold);
	gdk_cairo_set_source_color(cr, &style->fg[GTK_STATE_NORMAL]);
	for (guint c = 0; c < DEV_N_COLUMNS; c++) {
		show_text(cr, layout, title(d, c), x + DEV_PAD, 1, c + 1 < DEV_N_COLUMNS ? d->col_width[c] - 2 * DEV_PAD : -1);
		x += d->col_width[c];
	}
	pango_layout_set_font_description(layout, NULL);
	pango_font_description_free(bold);

	/* The rows: alternate shades, the selected one in the theme's colours. */
	for (guint i = 0; i < d->rows->len; i++) {
		const DevRow *row = g_ptr_array_index(d->rows, i);
		double y = header_height(d) + (double) i * d->row_height;
		gboolean selected = (gint) i == d->selected;
		if (selected) {
			gdk_cairo_set_source_color(cr, &style->base[GTK_STATE_SELECTED]);
			cairo_rectangle(cr, 0, y, a.width, d->row_height);
			cairo_fill(cr);
		} else if (i % 2 == 1) {
			cairo_set_source_rgb(cr, 0.94, 0.95, 0.97);
			cairo_rectangle(cr, 0, y, a.width, d->row_height);
			cairo_fill(cr);
		}
		gdk_cairo_set_source_color(cr, selected ? &style->text[GTK_STATE_SELECTED]
		                                        : &style->text[GTK_STATE_NORMAL]);
		x = 0;
		for (guint c = 0; c < DEV_N_COLUMNS; c++) {
			char *text = cell_text(d, row, c);
			gint width = c + 1 < DEV_N_COLUMNS ? d->col_width[c] - 2 * DEV_PAD : (gint) (a.width - x - DEV_PAD);
			show_text(cr, layout, text, x + DEV_PAD, y + 1, MAX(width, 1));
			g_free(text);
			x += d->col_width[c];
		}
	}
	/* Column rules. */
	cairo_set_source_rgba(cr, 0, 0, 0, 0.15);
	x = 0;
	for (guint c = 0; c + 1 < DEV_N_COLUMNS; c++) {
		x += d->col_width[c];
		cairo_rectangle(cr, x - 1, 0, 1, a.height);
	}
	cairo_rectangle(cr, 0, header_height(d) - 1, a.width, 1);
	cairo_fill(cr);
	g_object_unref(layout);
	cairo_destroy(cr);
	return TRUE;
}

static void select_row(Dev *d, gint i)
{
	if (i < 0 || i >= (gint) d->rows->len)
		return;
	d->selected = i;
	dev_report_selection(d, g_ptr_array_index(d->rows, i));
	gtk_widget_queue_draw(d->area);
}

static gboolean on_press(GtkWidget *w, GdkEventButton *ev, gpointer data)
{
	Dev *d = data;
	gtk_widget_grab_focus(w);
	if (ev->button != 1 || ev->y < header_height(d))
		return FALSE;
	select_row(d, (gint) ((ev->y - header_height(d)) / d->row_height));
	return TRUE;
}

/* Moves the top by `rows` rows.  Without a filter a row is an event and
 * the index moves by number; with one, forward moves start at a row read,
 * backward moves read back through the filter (dev-tail.c). */
static void scroll_by(Dev *d, gint64 rows)
{
	gboolean filtered = lttvwindow_get_filter(d->tab) != NULL;
	if (filtered || d->top_number == DEV_NO_NUMBER) {
		if (rows >= (gint64) d->page_rows)
			dev_page_down(d);
		else if (rows > 0)
			dev_rows_down(d, (guint) rows);
		else if (rows < 0 && d->top_number != DEV_NO_NUMBER)
			dev_tail_back(d, d->top_number, (guint64) -rows);
		/* Not indexed yet: backward has no number to go from. */
		return;
	}
	gint64 n = (gint64) d->top_number + rows;
	dev_show_number(d, (guint64) MAX(n, 0));
}

static gboolean on_scroll(GtkWidget *w, GdkEventScroll *ev, gpointer data)
{
	Dev *d = data;
	if (ev->direction == GDK_SCROLL_UP)
		scroll_by(d, -3);
	else if (ev->direction == GDK_SCROLL_DOWN)
		scroll_by(d, 3);
	return TRUE;
}

static gboolean on_key(GtkWidget *w, GdkEventKey *ev, gpointer data)
{
	Dev *d = data;
	gboolean control = (ev->state & GDK_CONTROL_MASK) != 0;
	switch (ev->keyval) {
	case GDK_Up:
		if (d->selected > 0)
			select_row(d, d->selected - 1);
		else
			scroll_by(d, -1);
		return TRUE;
	case GDK_Down:
		if (d->selected + 1 < (gint) d->rows->len)
			select_row(d, d->selected + 1);
		else
			scroll_by(d, 1);
		return TRUE;
	case GDK_Page_Up:
		scroll_by(d, -(gint64) MAX(d->page_rows, 1));
		return TRUE;
	case GDK_Page_Down:
		scroll_by(d, (gint64) MAX(d->page_rows, 1));
		return TRUE;
	case GDK_Home:
		if (!dev_show_number(d, 0))
			dev_goto_time(d, d->trace_start, FALSE);
		return TRUE;
	case GDK_End:
		dev_show_last_page(d);
		return TRUE;
	case GDK_c:
	case GDK_C:
		if (!control)
			return FALSE;
		dev_copy(d, (ev->state & GDK_SHIFT_MASK) != 0);
		return TRUE;
	}
	return FALSE;
}

static void on_size_allocate(GtkWidget *w, GtkAllocation *a, gpointer data)
{
	dev_list_fit(data);
}

GtkWidget *dev_list_new(Dev *d)
{
	d->area = gtk_drawing_area_new();
	gtk_widget_set_can_focus(d->area, TRUE);
	gtk_widget_add_events(d->area, GDK_BUTTON_PRESS_MASK | GDK_SCROLL_MASK | GDK_KEY_PRESS_MASK);
	PangoLayout *layout = gtk_widget_create_pango_layout(d->area, "Xg");
	pango_layout_get_pixel_size(layout, NULL, &d->row_height);
	d->row_height += 3;
	g_object_unref(layout);
	g_signal_connect(d->area, "expose-event", G_CALLBACK(on_expose), d);
	g_signal_connect(d->area, "button-press-event", G_CALLBACK(on_press), d);
	g_signal_connect(d->area, "scroll-event", G_CALLBACK(on_scroll), d);
	g_signal_connect(d->area, "key-press-event", G_CALLBACK(on_key), d);
	g_signal_connect(d->area, "size-allocate", G_CALLBACK(on_size_allocate), d);
	return d->area;
}
