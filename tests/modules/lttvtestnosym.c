/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttvtestnosym: a library that is not an lttv module. */
#include <glib.h>

int lttvtestnosym_answer(void);

int lttvtestnosym_answer(void)
{
	return 42;
}
