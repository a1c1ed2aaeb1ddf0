/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* viewer-modules.h: viewers and modules by name, for --viewer, the script's
 * `viewer` and Plugins > Load (unloading is liblttvwindow's, host.h). */
#ifndef LTTVGUI_VIEWER_MODULES_H
#define LTTVGUI_VIEWER_MODULES_H

#include <lttvwindow/lttvwindow.h>

G_BEGIN_DECLS

/* The viewer name; when none is registered, loads the module of the same
 * name first (a viewer module is named like its viewer).  NULL + error
 * (LTTVWINDOW_ERROR_UNKNOWN) saying which of the two is missing. */
const LttvwindowViewerInfo *lttvgui_viewer_require(const char *name, GError **error);
/* Loads module name (its init registers its viewers); FALSE + error when
 * it is loaded already or does not load. */
gboolean lttvgui_load_module(const char *name, GError **error);

G_END_DECLS

#endif
