/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* cfv-states.h: the states the control flow view draws, each with its name
 * and colour.  The rows, the legend and the tooltips all read this one
 * table, so they cannot disagree. */
#ifndef CFV_STATES_H
#define CFV_STATES_H

#include <glib.h>
#include <lttv/intervals.h>

typedef enum {
	CFV_USER,
	CFV_SYSCALL,
	CFV_TRAP,
	CFV_IRQ,
	CFV_SOFTIRQ,
	CFV_IDLE,            /* an idle task running its idle loop */
	CFV_WAIT_CPU,
	CFV_BLOCKED,
	CFV_WAIT_FORK,       /* just forked, not run yet */
	CFV_EXITING,
	CFV_ZOMBIE,
	CFV_UNKNOWN,         /* before the trace said anything of the task */
	CFV_CPU_BUSY,        /* a CPU's row: it runs a task (user code or a system call) */
	CFV_NOT_COMPUTED,    /* the precomputation has not reached this time yet */
	CFV_STATE_COUNT
} CfvState;

typedef struct {
	const char *name;    /* as the legend and the tooltip say it */
	double r, g, b;      /* 0..1 */
} CfvStateStyle;

const CfvStateStyle *cfv_state_style(CfvState s);
/* The drawn state of one item of a task's intervals; -1 when nothing is
 * drawn: the task is gone, or it is an idle task (pid 0) that is not
 * running (it always could: showing it waiting says nothing). */
int cfv_state_of_item(const LttvIntervalItem *item, gboolean idle_task);
/* The drawn state of one item of a CPU's intervals (its LttvCpuMode). */
int cfv_state_of_cpu_item(const LttvIntervalItem *item);

#endif
