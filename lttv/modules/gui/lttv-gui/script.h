/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* script.h: lttv-gui --script FILE (doc/gui.md lists the commands). */
#ifndef LTTVGUI_SCRIPT_H
#define LTTVGUI_SCRIPT_H

#include <glib.h>

G_BEGIN_DECLS

/* Reads file ("-": standard input) and runs it from the main loop, on the
 * first window.  FALSE + error when it cannot be read.  A failing line
 * prints FILE:LINE: reason on standard error and closes the windows. */
gboolean lttvgui_script_start(const char *file, GError **error);
/* 0, or 1 once a line failed: the program's exit status. */
int lttvgui_script_status(void);

G_END_DECLS

#endif
