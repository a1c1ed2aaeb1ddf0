# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# detailedevents-rows.sh: sourced by the detailed event list's tests after
# viewers-env.sh.  Both sides of their comparisons in one form, one line
# per event: TRACE CHANNEL CPU TIME EVENT FIELDS..., TIME in seconds since
# the trace's first event, the fields as a=1 b="x".
#   dump_rows DUMP START   textDump's lines; START: the time (S.F) textDump
#                          prints for the trace's first event
#   list_rows COPIED       the rows the list copied (tab-separated; PID and
#                          process dropped), the addresses it shows in hex
#                          (0x...) back in decimal, as textDump prints them
# The synthetic traces have no ", " inside a value, and their addresses
# are below 2^53 (awk's numbers are doubles).

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
	awk -F '\t' '
	function decimal(hex,   n, i) {
		n = 0
		for (i = 3; i <= length(hex); i++)
			n = n * 16 + index("0123456789abcdef", substr(hex, i, 1)) - 1
		return sprintf("%.0f", n)
	}
	{
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
		while (match(f, /=0x[0-9a-f]+/))
			f = substr(f, 1, RSTART) decimal(substr(f, RSTART + 1, RLENGTH - 1)) substr(f, RSTART + RLENGTH)
		line = $1 " " $2 " " $3 " " $4 " " $5
		if (f != "") line = line " " f
		print line
	}' "$1"
}
