/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* cfv-states.c: the control flow view's state table.  Colours follow what
 * users of Trace Compass already read: green runs user code, blue is in the
 * kernel for a system call, orange waits for a CPU, yellow is blocked. */
#include "cfv-states.h"
#include <lttv/state.h>

static const CfvStateStyle styles[CFV_STATE_COUNT] = {
	[CFV_USER]         = { "user mode",         0.20, 0.63, 0.20 },
	[CFV_SYSCALL]      = { "system call",       0.23, 0.43, 0.84 },
	[CFV_TRAP]         = { "trap",              0.80, 0.20, 0.17 },
	[CFV_IRQ]          = { "IRQ",               0.58, 0.33, 0.71 },
	[CFV_SOFTIRQ]      = { "soft IRQ",          0.85, 0.42, 0.70 },
	[CFV_IDLE]         = { "idle loop",         0.78, 0.84, 0.88 },
	[CFV_WAIT_CPU]     = { "waiting for CPU",   0.95, 0.56, 0.07 },
	[CFV_BLOCKED]      = { "blocked",           0.93, 0.83, 0.28 },
	[CFV_WAIT_FORK]    = { "just forked",       0.27, 0.79, 0.75 },
	[CFV_EXITING]      = { "exiting",           0.55, 0.43, 0.39 },
	[CFV_ZOMBIE]       = { "zombie",            0.36, 0.25, 0.22 },
	[CFV_UNKNOWN]      = { "unknown",           0.82, 0.82, 0.82 },
	[CFV_CPU_BUSY]     = { "CPU runs a task",   0.33, 0.38, 0.48 },
	[CFV_NOT_COMPUTED] = { "not computed yet",  0.93, 0.93, 0.93 },
};

const CfvStateStyle *cfv_state_style(CfvState s)
{
	return &styles[s < CFV_STATE_COUNT ? s : CFV_UNKNOWN];
}

static int running_state(gint32 mode)
{
	switch (mode) {
	case LTTV_MODE_USER:    return CFV_USER;
	case LTTV_MODE_SYSCALL: return CFV_SYSCALL;
	case LTTV_MODE_TRAP:    return CFV_TRAP;
	case LTTV_MODE_IRQ:     return CFV_IRQ;
	case LTTV_MODE_SOFTIRQ: return CFV_SOFTIRQ;
	case LTTV_MODE_IDLE:    return CFV_IDLE;
	default:                return CFV_UNKNOWN;
	}
}

int cfv_state_of_item(const LttvIntervalItem *item, gboolean idle_task)
{
	if (idle_task && item->status != LTTV_STATUS_RUNNING)
		return -1;
	switch (item->status) {
	case LTTV_STATUS_RUNNING:   return running_state(item->mode);
	case LTTV_STATUS_WAIT_CPU:  return CFV_WAIT_CPU;
	case LTTV_STATUS_BLOCKED:   return CFV_BLOCKED;
	case LTTV_STATUS_WAIT_FORK: return CFV_WAIT_FORK;
	case LTTV_STATUS_EXITING:   return CFV_EXITING;
	case LTTV_STATUS_ZOMBIE:    return CFV_ZOMBIE;
	case LTTV_STATUS_DEAD:      return -1;
	default:                    return CFV_UNKNOWN;
	}
}

int cfv_state_of_cpu_item(const LttvIntervalItem *item)
{
	switch (item->status) {
	case LTTV_CPU_IDLE:    return CFV_IDLE;
	case LTTV_CPU_BUSY:    return CFV_CPU_BUSY;
	case LTTV_CPU_IRQ:     return CFV_IRQ;
	case LTTV_CPU_SOFTIRQ: return CFV_SOFTIRQ;
	case LTTV_CPU_TRAP:    return CFV_TRAP;
	default:               return CFV_UNKNOWN;
	}
}
