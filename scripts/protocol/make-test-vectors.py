#!/usr/bin/env python3
"""Writes firmware/protocol/test-vectors.json: frames, CRCs and escapes that the C++ and the
TypeScript tests both check. Computed here by a third, independent implementation (Python),
so neither side can agree with itself by accident. Re-run only when the frame grammar changes."""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROTOCOL_DIR = os.path.join(HERE, '..', '..', 'firmware', 'protocol')

def canonical(value):
    """The table's canonical JSON (doc and about left out), as scripts/protocol/generate.mjs builds it."""
    if isinstance(value, list):
        return '[' + ','.join(canonical(v) for v in value) + ']'
    if isinstance(value, dict):
        keys = sorted(k for k in value if k not in ('doc', 'about'))
        return '{' + ','.join(json.dumps(k) + ':' + canonical(value[k]) for k in keys) + '}'
    return json.dumps(value)

def fnv1a32(text: str) -> int:
    h = 0x811C9DC5
    for b in text.encode():
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h

with open(os.path.join(PROTOCOL_DIR, 'protocol.json')) as f:
    TABLE_HASH = f'{fnv1a32(canonical(json.load(f))):08X}'

def crc16_ccitt_false(data: bytes) -> int:
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
            crc &= 0xFFFF
    return crc

def escape(raw: bytes) -> str:
    return ''.join(f'%{b:02X}' if b <= 0x20 or b == 0x25 or b >= 0x7F else chr(b) for b in raw)

def line(payload: str) -> str:
    return f'{payload} *{crc16_ccitt_false(payload.encode()):04X}'

def frame(head, args):
    payload = ' '.join([*head, *(f'{k}={v}' for k, v in args)])
    return line(payload)

assert crc16_ccitt_false(b'123456789') == 0x29B1
vectors = {
    'crc': [{'input': s, 'crc': crc16_ccitt_false(s.encode())} for s in
            ['123456789', '', 'A', f'1 0 HELLO proto=1 table={TABLE_HASH}', 'EVT 0 0 name=boot']],
    'escape': [{'raw': list(r), 'escaped': escape(r)} for r in
               [b'hello', b'hello world\n', b'100%', b'tab\there', b'a=b*c', bytes([0, 0x1F, 0x7F, 0xFF]), b' *1234']],
    'hostFrames': [], 'mcuFrames': [], 'badLines': [],
}
for seq, cid, verb, args in [
    (1, 0, 'HELLO', [('proto', '1'), ('table', TABLE_HASH)]),
    (2, 0, 'PING', []),
    (7, 42, 'TAP', [('x', '500'), ('y', '900'), ('hold', '60')]),
    (8, 43, 'TYPE', [('text', escape(b'hello world\n'))]),
    (9, 44, 'KEY', [('key', 'a'), ('mods', 'ctrl+shift')]),
    (65535, 4294967295, 'HOME', []),
    (10, 45, 'SWIPE', [('path', '540,1800;540,600'), ('ms', '300')]),
    (11, 46, 'LONGPRESS', [('x', '300'), ('y', '700'), ('ms', '800')]),
    # The longest SWIPE a host can send (maxPathPoints points, every coordinate 5 digits): it
    # must fit frame.maxBytes, which is what bounds maxPathPoints.
    (65535, 4294967295, 'SWIPE', [('path', ';'.join(['65535,65535'] * 8)), ('ms', '65535'), ('hold', '65535')]),
]:
    vectors['hostFrames'].append({'seq': seq, 'id': cid, 'verb': verb, 'args': args, 'line': frame([str(seq), str(cid), verb], args)})
for kind, seq, cid, args in [
    ('RCVD', 7, 42, []),
    ('DONE', 7, 42, []),
    ('ERR', 9, 44, [('code', 'BAD_KEY'), ('field', 'key')]),
    ('ALREADY', 10, 42, [('result', 'ok'), ('n', '0')]),
    ('PROGRESS', 8, 43, [('n', '16'), ('total', '40')]),
    ('EVT', 0, 0, [('name', 'watchdog')]),
]:
    vectors['mcuFrames'].append({'kind': kind, 'seq': seq, 'id': cid, 'args': args, 'line': frame([kind, str(seq), str(cid)], args)})
good = frame(['7', '42', 'TAP'], [('x', '500'), ('y', '900')])
vectors['badLines'] = [
    {'line': good[:-1] + ('0' if good[-1] != '0' else '1'), 'error': 'BAD_CRC'},
    {'line': '7 42 TAP x=500 y=900', 'error': 'BAD_CRC'},
    {'line': line('7 42 TAP x=' + '1' * 160), 'error': 'TOO_LONG'},
    {'line': line('seven 42 TAP x=1 y=1'), 'error': 'BAD_FRAME'},
    {'line': line('7 42 TAP  x=1'), 'error': 'BAD_FRAME'},
    {'line': line('7 42 FLY x=1'), 'error': 'UNKNOWN_VERB'},
    {'line': line('70000 42 PING'), 'error': 'BAD_FRAME'},
]
with open(os.path.join(PROTOCOL_DIR, 'protocol.json')) as f:
    _table = json.load(f)
_longest = max(len(v['line']) for v in vectors['hostFrames'])
assert _longest <= _table['frame']['maxBytes'], f'the longest host frame is {_longest} bytes'
vectors['tableHash'] = TABLE_HASH
out = os.path.normpath(os.path.join(PROTOCOL_DIR, 'test-vectors.json'))
text = json.dumps(vectors, indent=1) + '\n'
if '--check' in sys.argv:
    with open(out) as f:
        if f.read() != text:
            sys.exit(f'protocol: {out} is stale; run `npm run gen:protocol` and commit the result.')
    print(f'protocol: test vectors match the table (hash {TABLE_HASH})')
else:
    with open(out, 'w') as f:
        f.write(text)
    print('wrote', out)
