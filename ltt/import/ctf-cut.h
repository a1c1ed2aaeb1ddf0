/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ctf-cut.h: a view of a CTF trace without the packets cut short at the
 * end of its stream files (ctf-cut.c). */
#ifndef LTT_IMPORT_CTF_CUT_H
#define LTT_IMPORT_CTF_CUT_H

#include <glib.h>

/* When a stream file of the CTF trace in dir ends inside a packet: a new
 * temporary directory where that file holds only its whole packets and
 * every other file is a link to dir's; what is lost is appended to what,
 * naming each file and offset.  NULL when no file is cut (or the packets
 * cannot be found: the trace is then read as it is), or with error set
 * when the view cannot be made.  Remove it with ltt_ctf_view_remove. */
char *ltt_ctf_uncut_view(const char *dir, GString *what, GError **error);
/* Removes the view and frees its name. */
void ltt_ctf_view_remove(char *view);

#endif
