# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# detailedevents-rows.sh: sourced by the detailed event list's tests after
# viewers-env.sh.  Both sides of their comparisons in one form, one line
# per event: TRACE CHANNEL CPU TIME EVENT FIELDS..., TIME in seconds since
# the trace's first event, the fields as a=1 b="x".
#   dump_rows DUMP START   textDump's lines; START: the time (S.F) textDump
#                          prints for the trace's first event
#   list_rows COPIED       the rows the list copied (tab-separated; PID and
#                          process dropped)
# The synthetic traces have no ", " inside a value.

dump_rows() {
	awk -v start="$2" '{
		split(start, s, "."); split($4, t, ".")
		ns = (t[1] - s[1]) * 1000000000 + t[2] - s[2]
		line = sprintf("%s %s %s %d.%09d %s", $1, $2, $3, int(ns / 1000000000), ns % 1000000000, $5)
		for (i = 6; i <= NF; i++) line = line " " $i
		print line
	}' "$1"
}

list_rows() {
	awk -F '\t' '{
		# Outside brackets ", " separates fields; inside, values.
		f = $8; g = ""; depth = 0
		sub(/^\{ ?/, "", f); sub(/ ?\}$/, "", f)
		gsub(/ = /, "=", f); gsub(/\[ /, "[", f); gsub(/ \]/, "]", f)
		for (i = 1; i <= length(f); i++) {
			c = substr(f, i, 1)
			if (c == "[") depth++
			if (c == "]") depth--
			if (c == "," && substr(f, i + 1, 1) == " ") { g = g (depth ? "," : " "); i++; continue }
			g = g c
		}
		f = g
		line = $1 " " $2 " " $3 " " $4 " " $5
		if (f != "") line = line " " f
		print line
	}' "$1"
}
