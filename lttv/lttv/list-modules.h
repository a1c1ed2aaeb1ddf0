/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* list-modules.h: lttv --list-modules. */
#ifndef LTTV_LIST_MODULES_H
#define LTTV_LIST_MODULES_H

#include <stdio.h>

/* Prints "NAME  SHORT DESCRIPTION" for each module found in the module
 * search path (the first of a name, as -m would load it), sorted by name,
 * then the folders searched. */
void lttv_list_modules(FILE *out);

#endif
