/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttvtesthooks: adds a hook to the global list "test/hooks" in its init
 * and leaves it there: unloading must remove it (the module's code is
 * gone after). */
#include <lttv/lttv.h>
#include <lttv/module.h>
#include <lttv/hook.h>

static gboolean count_call(void *hook_data, void *call_data)
{
	(*(guint *) call_data)++;
	return FALSE;
}

static gboolean hooks_init(GError **error)
{
	lttv_hooks_add(lttv_global_hooks("test/hooks"), count_call, NULL, LTTV_PRIO_DEFAULT);
	return TRUE;
}

LTTV_MODULE("lttvtesthooks", "test module lttvtesthooks", "A module of the test suite that leaves a hook behind.",
            hooks_init, NULL, NULL);
