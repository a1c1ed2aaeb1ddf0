#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
"""make-trace-seeds.py CORPUS_DIR: the seeds of issue 24's trace shapes for
fuzz-ltt-read and fuzz-lttv-merge (fuzz-trace-dir.h), made from the corpus'
three-block seed "blocks-swapped" (blocks back in order first)."""
import os
import struct
import sys
import zlib

BS = 4096


def plain(metadata, channel):
    return struct.pack('<H', len(metadata)) + metadata + channel


def listing(entries):
    out = bytearray(b'LTTDIR\n')
    for kind, name, content in entries:
        out += bytes([kind, len(name)]) + name + struct.pack('<H', len(content)) + content
    return bytes(out)


def seal(block):
    """The block with its header CRC computed (as the writer does)."""
    return block[:60] + struct.pack('<I', zlib.crc32(block[:60])) + block[64:]


def main():
    corpus = sys.argv[1]
    with open(os.path.join(corpus, 'blocks-swapped'), 'rb') as f:
        data = f.read()
    md_len = struct.unpack_from('<H', data)[0]
    metadata, channel = data[2:2 + md_len], data[2 + md_len:]
    blocks = sorted((channel[i:i + BS] for i in range(0, len(channel), BS)),
                    key=lambda b: struct.unpack_from('<Q', b, 24)[0])
    good = b''.join(blocks)
    last_end = struct.unpack_from('<Q', blocks[-1], 40)[0]
    # Issue 24 §4: a valid CRC, an end time that is the last block's end.
    lying = bytearray(blocks[0])
    struct.pack_into('<Q', lying, 40, last_end)
    seeds = {
        'block-end-at-last': plain(metadata, seal(bytes(lying)) + b''.join(blocks[1:])),
        # §5, §6: CPU numbers the format allows, and beyond.
        'cpus-sparse': listing([(0, b'metadata', metadata), (0, b'kernel_0', good),
                                (0, b'kernel_65535', blocks[1]), (0, b'kernel_4294967295', blocks[2]),
                                (0, b'kernel_4294967296', b'')]),
        # §6: channel file names that are no channel file.
        'channel-files-odd': listing([(0, b'metadata', metadata), (0, b'kernel_0', good),
                                      (1, b'kernel_1', b'no-such-file'), (1, b'kernel_2', b'kernel_2'),
                                      (2, b'kernel_3', b''), (3, b'kernel_4', b''),
                                      (1, b'kernel_5', b'kernel_0')]),
        # §6: a trace of metadata only.
        'metadata-only': listing([(0, b'metadata', metadata)]),
    }
    for name, seed in seeds.items():
        with open(os.path.join(corpus, name), 'wb') as f:
            f.write(seed)
        print(name, len(seed))


main()
