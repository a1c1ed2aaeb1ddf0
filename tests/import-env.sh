# import-env.sh: sourced by the import tests after lttv-env.sh.  Sets
# ltt_import, traces (the shared real traces: $LTTV_TEST_TRACES, else
# shared/traces beside the source tree or at /work/shared/traces), and
# need CMD... (skip the rest loudly when a command is missing).
ltt_import="$top_builddir/ltt/import/ltt-import"
traces=${LTTV_TEST_TRACES:-}
for d in "$TOP_SRCDIR/../shared/traces" /work/shared/traces; do
	[ -z "$traces" ] && [ -d "$d" ] && traces=$d
done
XDG_CACHE_HOME="$tmp/cache"
export XDG_CACHE_HOME
