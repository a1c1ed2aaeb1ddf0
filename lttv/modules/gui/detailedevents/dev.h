/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* dev.h: the detailed event list viewer, shared by its files.
 *
 *   detailedevents.c  the module, the widgets, following the tab
 *   dev-rows.c        reading the rows of the page through events requests
 *   dev-index.c       the event index: event numbers and the scrollbar
 *   dev-list.c        drawing the list, the mouse and the keys
 *   dev-search.c      find by filter expression, go to a time or a number
 *   dev-tail.c        moving back through the tab's filter (Page Up, End)
 *   dev-copy.c        rows as text: copy to the clipboard
 *
 * The list shows one page of rows from the "top" event on.  The top is a
 * position (where the rows are read from) and, once the event index
 * covers it, an event number (where the scrollbar stands): the list works
 * before the index is complete, and only the visible rows are decoded. */
#ifndef DEV_H
#define DEV_H

#include <lttvwindow/lttvwindow.h>
#include <lttv/event-index.h>

/* An event number not known yet (the index has not reached it). */
#define DEV_NO_NUMBER G_MAXUINT64
/* Events read per request when reading backward (a backward find, going
 * back through the filter): long enough to find common events in one
 * request, short enough that a miss costs little. */
#define DEV_BACK_BLOCK 20000

typedef struct {
	guint64 number;                     /* DEV_NO_NUMBER when unknown */
	LttvTracesetContextPosition *pos;   /* the event's, for the tab's current position */
	LttTime time;
	const char *trace, *channel, *event; /* owned by the trace */
	guint cpu;
	gint64 clock_offset;                /* the trace's: wall-clock ns = time + offset */
	gint pid;                           /* -1: no task known on the CPU */
	char *process;
	char *fields;
} DevRow;

typedef struct {
	LttvwindowTab *tab;
	GtkWidget *top;                     /* the viewer widget */
	GtkWidget *area, *status, *damage, *find_entry, *goto_entry, *wall_clock;
	GtkAdjustment *vadj;
	gboolean setting_adjustment;        /* our own change of vadj: not a scroll */

	/* The page. */
	LttvTracesetContextPosition *top_pos;
	guint64 top_number;
	GPtrArray *rows;                    /* DevRow *, the rows read so far */
	guint page_rows;                    /* rows that fit */
	LttvTracesetContextPosition *next_pos; /* the event after the page; valid when has_next */
	gboolean has_next;
	guint64 next_number;
	guint request;                      /* the page's request, 0 when none */
	LttvHooks *row_event, *row_chunk, *row_after;
	guint64 delivered;                  /* events the page's request delivered */
	gint selected;                      /* row index, -1: none */
	guint64 selected_number;            /* kept across pages */
	LttvTracesetContextPosition *selected_pos;
	gboolean have_selection;

	/* The event index. */
	LttvEventIndex *index;
	guint index_source;
	guint64 pending_number;             /* a jump waiting for the index, or DEV_NO_NUMBER */
	gboolean pending_end;               /* End waiting for the whole index */
	gboolean pending_select;            /* the pending jump selects its event (go to #N) */
	char page_note[160];                /* said once the page is read, in place of its status */

	/* Searches and jumps (dev-search.c). */
	guint search_request;
	LttvHooks *search_event, *search_after;
	LttvFilter *search_filter;
	gboolean search_found, search_backward, search_select;
	guint64 search_start, search_number, search_block, search_block_len;
	LttvTracesetContextPosition *search_pos;

	/* Going back through the tab's filter (dev-tail.c). */
	guint tail_request;
	LttvHooks *tail_event, *tail_after;
	guint64 tail_wanted;                /* passing events still to find before tail_start + tail_len */
	guint64 tail_start, tail_len, tail_read;  /* the block of events read, from its number */
	guint64 *tail_ring;                 /* the numbers of its last tail_wanted passing events */
	guint64 tail_found;

	/* Column widths in pixels, grown to fit what was shown. */
	gint col_width[8];
	gint row_height;
	LttTime trace_start;
} Dev;

/* detailedevents.c */
void dev_set_status(Dev *d, const char *format, ...) G_GNUC_PRINTF(2, 3);
/* Makes pos the selected event and the tab's current position. */
void dev_report_selection(Dev *d, const DevRow *row);
/* Shows or hides the line that says the traces are damaged. */
void dev_update_damage(Dev *d);

/* dev-rows.c */
/* Does e pass the tab's filter (with the state before e)?  Call from an
 * event hook below LTTV_PRIO_STATE. */
gboolean dev_passes_filter(Dev *d, const LttEvent *e);
void dev_rows_init(Dev *d);
void dev_rows_free(Dev *d);
/* Makes the page's positions (after a new traceset they are NULL). */
void dev_ensure_positions(Dev *d);
/* Reads the page from pos (number: its event number or DEV_NO_NUMBER);
 * the previous page's request is cancelled. */
void dev_show_from(Dev *d, const LttvTracesetContextPosition *pos, guint64 number);
/* Reads the page again from the same top (filter, size or redraw changed). */
void dev_reload(Dev *d);
/* The page after the current one, or the one starting k rows further
 * (from the rows read: what the tab's filter passes).  Nothing while the
 * page is being read or at the end. */
void dev_page_down(Dev *d);
void dev_rows_down(Dev *d, guint k);

/* dev-index.c */
void dev_index_start(Dev *d);
void dev_index_stop(Dev *d);
/* Shows the page whose top is event number n, when the index covers it. */
gboolean dev_show_number(Dev *d, guint64 n);
/* Shows event n at the top, selected, and sets the current time to it as a
 * click does (go to #N); waits for the index like dev_show_number. */
gboolean dev_select_number(Dev *d, guint64 n);
/* Shows the last page (End). */
gboolean dev_show_last_page(Dev *d);
void dev_index_connect_scrollbar(Dev *d);
/* The scrollbar follows the top (and the index's count). */
void dev_index_sync_scrollbar(Dev *d);
/* The number of the event at pos, or DEV_NO_NUMBER. */
guint64 dev_index_number(Dev *d, const LttvTracesetContextPosition *pos);

/* dev-list.c */
GtkWidget *dev_list_new(Dev *d);
void dev_list_fit(Dev *d);

/* dev-search.c */
void dev_search_init(Dev *d);
void dev_search_free(Dev *d);
/* Finds the next (or previous) event after (before) the selection that
 * matches expression; FALSE + a status message when it does not compile. */
gboolean dev_find(Dev *d, const char *expression, gboolean backward);
/* Shows and selects the first event at or after t. */
void dev_goto_time(Dev *d, LttTime t, gboolean select);
/* "N" or "#N": an event number; "S.F": seconds since the trace start. */
void dev_goto_text(Dev *d, const char *text);

/* dev-tail.c */
void dev_tail_init(Dev *d);
void dev_tail_free(Dev *d);
void dev_tail_cancel(Dev *d);
/* Shows the page whose top is the k-th event before event `before` (its
 * number; the count of a complete index: the end) that passes the tab's
 * filter, or the first page when fewer pass; read in blocks, backward. */
void dev_tail_back(Dev *d, guint64 before, guint64 k);

/* dev-copy.c */
/* The row as one line: the columns separated by tabs. */
char *dev_row_text(const Dev *d, const DevRow *row);
void dev_copy(Dev *d, gboolean whole_page);
/* The time column: since the trace start, or the wall-clock date. */
char *dev_format_time(const Dev *d, const DevRow *row);

#endif
