// SPDX-License-Identifier: GPL-2.0-or-later
// SPDX-FileCopyrightText: 2026 The LTTV authors
/* ltt-main.c: loading and unloading the LTT kernel trace module. */
#include <linux/module.h>

#include "ltt-tracer.h"

static int __init ltt_tracer_init(void)
{
	int ret = ltt_probes_lookup();

	if (ret) {
		pr_err("ltt-tracer: this kernel has no sched_switch tracepoint\n");
		return ret;
	}
	ret = ltt_session_init();
	if (ret)
		return ret;
	ret = ltt_device_init();
	if (ret)
		ltt_session_exit();
	return ret;
}

/* Only reached with tracing off: the session holds a reference while on. */
static void __exit ltt_tracer_exit(void)
{
	ltt_device_exit();
	ltt_session_exit();
}

module_init(ltt_tracer_init);
module_exit(ltt_tracer_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("LTT kernel tracer: tracepoints to LTT-format per-CPU buffers");
MODULE_VERSION(LTT_TRACER_VERSION);
