#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
"""make-ust-seeds.py BUILD_DIR OUT_DIR: seeds for fuzz-ust-drain, made by
the real libltt-ust (tests/ust-example) and ltt-ust-drain of BUILD_DIR, in
the input format fuzz-ust-drain.c describes (flags, key, file size, patches
of the non-zero parts of the registry file)."""
import os
import shutil
import struct
import subprocess
import sys
import tempfile

LOCK_PRESENT, LOCK_FOREIGN, PREVIOUS_LINKS_OUTSIDE, REGISTRY_SHARED, ALIVE_FIRST = 1, 2, 4, 8, 16


def encode(flags, key, data):
    out = bytearray([flags]) + key + struct.pack('<I', len(data))
    i = 0
    while i < len(data):
        if data[i] == 0:
            i += 1
            continue
        start = end = i
        # Runs closer than 32 zeros apart are one patch.
        while i < len(data) and i - end < 32 and i - start < 65535:
            if data[i] != 0:
                end = i + 1
            i += 1
        out += struct.pack('<IH', start, end - start) + data[start:end]
        i = end
    return bytes(out)


def registry(build, work, env, args):
    reg = tempfile.mkdtemp(dir=work)
    e = dict(os.environ, LTT_UST_REGISTRY=reg, LTT_UST_NAME='seed', LTT_UST_SUBBUF_SIZE='4096',
             LTT_UST_SUBBUF_COUNT='2', LTT_UST_CLOCK='monotonic', **env)
    subprocess.run([os.path.join(build, 'tests/ust-example/ust-example')] + args, env=e,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return reg


def ust_file(reg):
    name = [n for n in os.listdir(reg) if n.endswith('.ust')][0]
    with open(os.path.join(reg, name), 'rb') as f:
        return f.read()


def main():
    build, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    work = tempfile.mkdtemp()
    nokey = bytes(32)
    seeds = {}
    try:
        r = registry(build, work, {}, ['--threads', '2', '--events', '40'])
        seeds['per-thread'] = encode(0, nokey, ust_file(r))
        seeds['per-thread-alive'] = encode(ALIVE_FIRST, nokey, ust_file(r))
        # Issue 24 §6: a name an older library did not sanitise (".x-PID.ust").
        data = bytearray(ust_file(r))
        data[16:21] = b'.x\0\0\0'
        seeds['dot-name'] = encode(0, nokey, bytes(data))
        r = registry(build, work, {'LTT_UST_BUFFERS': 'cpu'}, ['--threads', '2', '--events', '40'])
        seeds['per-cpu'] = encode(REGISTRY_SHARED, nokey, ust_file(r))
        r = registry(build, work, {'LTT_UST_MODE': 'overwrite'}, ['--threads', '1', '--events', '600'])
        seeds['overwrite-wrapped'] = encode(0, nokey, ust_file(r))
        r = registry(build, work, {}, ['--threads', '1', '--events', '30', '--crash'])
        seeds['crashed'] = encode(0, nokey, ust_file(r))
        # A payload that cannot be of its declared type (issue 24 §2).
        data = bytearray(ust_file(registry(build, work, {}, ['--threads', '1', '--events', '20'])))
        at = data.find(b'label: string;')
        if at >= 0:
            data[at:at + 14] = b'label: u64[9];'
            seeds['payload-mismatch'] = encode(0, nokey, bytes(data))
        # A drainer killed between its trace write and its commit: the lock
        # holds its key, the registry file its signed claims.
        r = registry(build, work, {}, ['--threads', '1', '--events', '50'])
        subprocess.run([os.path.join(build, 'ltt-control/ust/ltt-ust-drain'), '-o', os.path.join(work, 't'),
                        '-r', r, '--once'], env=dict(os.environ, LTT_UST_DRAIN_KILL_BEFORE_COMMIT='1'),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(os.path.join(r, '.drainer.lock')) as f:
            key = bytes.fromhex([l[4:] for l in f.read().splitlines() if l.startswith('key ')][0])
        data = ust_file(r)
        seeds['claim'] = encode(LOCK_PRESENT, key, data)
        seeds['claim-links-outside'] = encode(LOCK_PRESENT | PREVIOUS_LINKS_OUTSIDE, key, data)
        # Issue 24 §1: a lock another user wrote, a trace of links.
        seeds['claim-foreign-lock'] = encode(LOCK_PRESENT | LOCK_FOREIGN | PREVIOUS_LINKS_OUTSIDE | REGISTRY_SHARED,
                                             key, data)
    finally:
        shutil.rmtree(work)
    for name, data in seeds.items():
        with open(os.path.join(out, name), 'wb') as f:
            f.write(data)
        print(name, len(data))


main()
