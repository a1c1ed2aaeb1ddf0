/* bt-plugin.c: the babeltrace2 plugin "lttv", whose source.lttv.ltt reads
 * LTT traces: babeltrace2 --plugin-path=DIR -c source.lttv.ltt -p 'inputs=["TRACE"]'. */
#include "config.h"
#include <babeltrace2/babeltrace.h>
#include "bt-source.h"

BT_PLUGIN_MODULE();
BT_PLUGIN(lttv);
BT_PLUGIN_DESCRIPTION("LTT traces (LTTV's format: lttd, ltt-synth, ltt-import)");
BT_PLUGIN_AUTHOR("LTTV");
BT_PLUGIN_LICENSE("LGPL-2.1");

BT_PLUGIN_SOURCE_COMPONENT_CLASS(ltt, ltt_bt_iter_next);
BT_PLUGIN_SOURCE_COMPONENT_CLASS_DESCRIPTION(ltt, "Read an LTT trace directory (inputs=[\"DIR\"]).");
BT_PLUGIN_SOURCE_COMPONENT_CLASS_INITIALIZE_METHOD(ltt, ltt_bt_source_init);
BT_PLUGIN_SOURCE_COMPONENT_CLASS_FINALIZE_METHOD(ltt, ltt_bt_source_finalize);
BT_PLUGIN_SOURCE_COMPONENT_CLASS_MESSAGE_ITERATOR_CLASS_INITIALIZE_METHOD(ltt, ltt_bt_iter_init);
BT_PLUGIN_SOURCE_COMPONENT_CLASS_MESSAGE_ITERATOR_CLASS_FINALIZE_METHOD(ltt, ltt_bt_iter_finalize);
