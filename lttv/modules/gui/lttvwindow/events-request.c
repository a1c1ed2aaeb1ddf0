/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* events-request.c: a blank events request (events-request.h). */
#include "config.h"
#include "events-request.h"

LttvwindowEventsRequest *lttvwindow_events_request_new(gpointer owner, gpointer hook_data)
{
	LttvwindowEventsRequest *r = g_new0(LttvwindowEventsRequest, 1);

	r->owner = owner;
	r->hook_data = hook_data;
	r->start_time = LTT_TIME_ZERO;
	r->end_time = LTT_TIME_INFINITE;
	r->num_events = G_MAXUINT64;
	r->trace = -1;
	return r;
}

void lttvwindow_events_request_free(LttvwindowEventsRequest *r)
{
	g_free(r);
}
