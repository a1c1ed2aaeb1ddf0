/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-ust-cyg.c: function entry and exit events for programs compiled with
 * -finstrument-functions: link with -lltt-ust-cyg -lltt-ust.  The compiler
 * calls these hooks around every function; this file must itself be
 * compiled without instrumentation, or each hook would call itself. */
#include "config.h"

#include <stdint.h>

#include "ltt-ust.h"

#define NO_INSTRUMENT __attribute__((no_instrument_function))

static LTT_UST_EVENT(ev_entry, "func_entry", "addr: u64; call_site: u64;");
static LTT_UST_EVENT(ev_exit, "func_exit", "addr: u64; call_site: u64;");

void __cyg_profile_func_enter(void *fn, void *call_site) NO_INSTRUMENT;
void __cyg_profile_func_exit(void *fn, void *call_site) NO_INSTRUMENT;

static void NO_INSTRUMENT emit(LttUstEvent *ev, void *fn, void *call_site)
{
	uint64_t v[2] = { (uint64_t) (uintptr_t) fn, (uint64_t) (uintptr_t) call_site };

	ltt_ust_emit(ev, v, sizeof v);
}

void __cyg_profile_func_enter(void *fn, void *call_site)
{
	emit(&ev_entry, fn, call_site);
}

void __cyg_profile_func_exit(void *fn, void *call_site)
{
	emit(&ev_exit, fn, call_site);
}
