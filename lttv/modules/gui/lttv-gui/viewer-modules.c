/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* viewer-modules.c: viewers and modules by name. */
#include <config.h>
#include <lttv/module.h>
#include "viewer-modules.h"

const LttvwindowViewerInfo *lttvgui_viewer_require(const char *name, GError **error)
{
	const LttvwindowViewerInfo *info = lttvwindow_viewer_find(name);
	if (info != NULL)
		return info;
	GError *e = NULL;
	if (lttv_module_find(name) == NULL && lttv_module_require(name, &e) == NULL) {
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_UNKNOWN,
		            "no viewer named %s, and no module of that name: %s", name, e->message);
		g_error_free(e);
		return NULL;
	}
	info = lttvwindow_viewer_find(name);
	if (info == NULL)
		g_set_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_UNKNOWN,
		            "no viewer named %s (module %s registers none of that name)", name, name);
	return info;
}

gboolean lttvgui_load_module(const char *name, GError **error)
{
	if (lttv_module_find(name) != NULL) {
		g_set_error(error, LTTV_MODULE_ERROR, LTTV_MODULE_ERROR_INIT,
		            "module %s is already loaded", name);
		return FALSE;
	}
	return lttv_module_require(name, error) != NULL;
}
