#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-export.sh: ltt-export --to ctf writes a CTF trace that babeltrace2
# prints with the same events, fields and times as lttv -m textDump on the
# LTT trace, event by event; the plugin source.lttv.ltt reads LTT traces.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/import-env.sh"

echo "1..8"
ltt_export="$top_builddir/ltt/import/ltt-export"
synth="$top_builddir/ltt/ltt-synth"
if [ ! -x "$ltt_export" ] || ! command -v babeltrace2 >/dev/null || ! command -v python3 >/dev/null; then
	echo "# SKIP: needs babeltrace2, python3 and a build with libbabeltrace2" >&2
	skip_reason="no babeltrace2, python3 or CTF export"
	for i in 1 2 3 4 5 6 7 8; do check 77 "CTF export"; done
	exit 0
fi
offset_of() { awk '$1 == "clock.offset" { print $2 }' "$1/metadata"; }

# A synthetic trace of two CPUs: enums, arrays, strings, the state dump.
"$synth" -o "$tmp/syn" --cpus=2 --events=20000 > /dev/null
"$ltt_export" --to ctf "$tmp/syn" "$tmp/syn-ctf" > "$tmp/out" 2>&1
check $? "ltt-export exits 0 $(head -c 200 "$tmp/out")"

babeltrace2 --clock-seconds --clock-gmt "$tmp/syn-ctf" > "$tmp/bt" 2> "$tmp/bt.err"
"$lttv" -m textDump -t "$tmp/syn" > "$tmp/lt"
python3 "$srcdir/import-compare.py" "$tmp/bt" "$tmp/lt" "$(offset_of "$tmp/syn")" > "$tmp/cmp"
check $? "babeltrace2 DST = lttv -m textDump SRC, event by event ($(head -3 "$tmp/cmp"))"

babeltrace2 --plugin-path="$top_builddir/ltt/import/.libs" -c source.lttv.ltt -p "inputs=[\"$tmp/syn\"]" \
	--clock-seconds --clock-gmt > "$tmp/plugin" 2> "$tmp/plugin.err"
if grep -q "ASan runtime does not come first" "$tmp/plugin.err"; then
	# A sanitizer build's plugin cannot load into the uninstrumented babeltrace2.
	skip_reason="the plugin of a sanitizer build does not load into babeltrace2"
	check 77 "babeltrace2 -c source.lttv.ltt"
else
	cmp -s "$tmp/plugin" "$tmp/bt"
	check $? "babeltrace2 -c source.lttv.ltt reads the LTT trace itself $(head -c 200 "$tmp/plugin.err")"
fi

# scp_src, imported then exported: babeltrace2's muxer now reads it whole
# (the blocks' times never overlap).
if [ -d "$traces/scp_src" ] && [ -x "$ltt_import" ]; then
	"$ltt_import" -q "$traces/scp_src" "$tmp/scp" && "$ltt_export" --to ctf "$tmp/scp" "$tmp/scp-ctf" > /dev/null
	babeltrace2 --clock-seconds --clock-gmt "$tmp/scp-ctf" > "$tmp/bt2" 2> "$tmp/bt2.err"
	"$lttv" -m textDump -t "$tmp/scp" > "$tmp/lt2"
	python3 "$srcdir/import-compare.py" "$tmp/bt2" "$tmp/lt2" "$(offset_of "$tmp/scp")" > "$tmp/cmp2"
	[ $? -eq 0 ] && [ "$(cat "$tmp/cmp2")" -eq 110771 ] &&
		grep -q 'inet_sock_local_out: .* sk = 0xFFFF' "$tmp/bt2"
	check $? "scp_src round trip: 110771 events ($(head -3 "$tmp/cmp2")), base 16 kept (sk = 0x...)"
else
	skip_reason="no shared/traces/scp_src"
	check 77 "scp_src round trip"
fi

"$ltt_export" --to ctf "$tmp/syn" "$tmp/syn-ctf" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && grep -q "syn-ctf already exists" "$tmp/err"
check $? "an existing DST is refused"

"$ltt_export" --to ctf "$tmp/none" "$tmp/none-ctf" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && grep -q "$tmp/none" "$tmp/err" && [ ! -e "$tmp/none-ctf/metadata" ]
check $? "a missing SRC is named: $(head -c 150 "$tmp/err")"

# Events lost while recording: babeltrace2 warns of each block's, as many
# in all as lttv counts, and an import of the export counts them again.
lost_notes() { "$lttv" -m textDump -t "$1" 2>&1 >/dev/null | sed -n 's/^lttv: note: .*\/\([a-z_0-9]*\): \([0-9]*\) events lost while recording.*/\1 \2/p'; }
"$synth" -o "$tmp/lossy" --cpus=2 --events=20000 --lost-every=3 --block-size=4096 > /dev/null
"$ltt_export" --to ctf "$tmp/lossy" "$tmp/lossy-ctf" > /dev/null 2>&1
lost=$(lost_notes "$tmp/lossy" | awk '{ n += $2 } END { print n + 0 }')
discarded=$(babeltrace2 "$tmp/lossy-ctf" 2>&1 >/dev/null | sed -n 's/^WARNING: Tracer discarded \([0-9]*\) events.*/\1/p' \
	| awk '{ n += $1 } END { print n + 0 }')
[ "$lost" -gt 0 ] && [ "$discarded" -eq "$lost" ]
check $? "lost events exported: babeltrace2 reports $discarded discarded, lttv counts $lost lost"
if [ -x "$ltt_import" ]; then
	"$ltt_import" -q "$tmp/lossy-ctf" "$tmp/lossy-rt" > /dev/null 2>&1
	lost_notes "$tmp/lossy" > "$tmp/lost-a"
	lost_notes "$tmp/lossy-rt" > "$tmp/lost-b"
	[ -s "$tmp/lost-a" ] && cmp -s "$tmp/lost-a" "$tmp/lost-b"
	check $? "exported then imported: the same lost events per channel file ($(tr '\n' ' ' < "$tmp/lost-b"))"
else
	skip_reason="no ltt-import"
	check 77 "lost events through an import of the export"
fi
