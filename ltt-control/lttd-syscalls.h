/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttd-syscalls.h: system call names of the traced architecture, so that
 * readers can name sys_enter.id (ltt_statedump_syscall events).  The table
 * is generated at build time by gen-syscalls.sh. */
#ifndef LTTD_SYSCALLS_H
#define LTTD_SYSCALLS_H

typedef struct {
	int id;
	const char *name;
} LttdSyscallName;

extern const LttdSyscallName lttd_syscall_names[];
extern const unsigned lttd_syscall_count;

#endif
