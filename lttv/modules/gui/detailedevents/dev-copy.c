/* dev-copy.c: rows as text, for the list and for the clipboard.
 *
 * Copying puts tab-separated columns on the clipboard, as a spreadsheet
 * pastes them.  Scripts (lttv-gui --script) cannot read the clipboard:
 * when LTTV_GUI_COPY_FILE names a file, the copied lines are appended to
 * it too (the tests read the list that way). */
#include <config.h>
#include <stdio.h>
#include <ltt/trace.h>
#include "dev.h"

char *dev_format_time(const Dev *d, const DevRow *row)
{
	char text[LTT_TIME_STRING_SIZE];
	if (d->wall_clock != NULL && gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(d->wall_clock))) {
		gint64 ns = (gint64) row->time + row->clock_offset;
		GDateTime *dt = g_date_time_new_from_unix_utc(ns / (gint64) LTT_NSEC_PER_SEC);
		char *date = g_date_time_format(dt, "%Y-%m-%d %H:%M:%S");
		char *s = g_strdup_printf("%s.%09u", date, (guint) (ns % (gint64) LTT_NSEC_PER_SEC));
		g_free(date);
		g_date_time_unref(dt);
		return s;
	}
	ltt_time_format(row->time >= d->trace_start ? row->time - d->trace_start : 0, text);
	return g_strdup(text);
}

char *dev_row_text(const Dev *d, const DevRow *row)
{
	char *time = dev_format_time(d, row);
	char pid[16] = "-";
	if (row->pid >= 0)
		g_snprintf(pid, sizeof pid, "%d", row->pid);
	char *line = g_strdup_printf("%s\t%s\t%u\t%s\t%s\t%s\t%s\t%s", row->trace, row->channel, row->cpu,
	                             time, row->event, pid, row->process, row->fields);
	g_free(time);
	return line;
}

void dev_copy(Dev *d, gboolean whole_page)
{
	GString *text = g_string_new(NULL);
	for (guint i = 0; i < d->rows->len; i++) {
		if (!whole_page && (gint) i != d->selected)
			continue;
		char *line = dev_row_text(d, g_ptr_array_index(d->rows, i));
		g_string_append(text, line);
		g_string_append_c(text, '\n');
		g_free(line);
	}
	if (text->len == 0) {
		dev_set_status(d, "Nothing to copy: select a row first (Ctrl+Shift+C copies the page)");
		g_string_free(text, TRUE);
		return;
	}
	gtk_clipboard_set_text(gtk_widget_get_clipboard(d->area, GDK_SELECTION_CLIPBOARD), text->str,
	                       (gint) text->len);
	const char *file = g_getenv("LTTV_GUI_COPY_FILE");
	if (file != NULL && file[0] != '\0') {
		FILE *f = fopen(file, "a");
		if (f == NULL || fputs(text->str, f) == EOF || fclose(f) != 0)
			dev_set_status(d, "Cannot write %s (LTTV_GUI_COPY_FILE)", file);
	}
	g_string_free(text, TRUE);
}
