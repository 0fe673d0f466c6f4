import { describe, expect, it } from 'vitest';
import { matchIdPrefix } from '../../../src/core/findings/id-prefix.js';

const ids = [
  'a1dba36be6fd09d1eeb6c07829270a1f',
  'a1dba3ffe6fd09d1eeb6c07829270a1f',
  '7b49d989d562b1c0672dc903f6070710',
];

describe('finding id prefixes', () => {
  it('finds the one id a prefix of six or more characters starts, in any case', () => {
    expect(matchIdPrefix(ids, '7b49d9')).toEqual({ kind: 'found', id: ids[2] });
    expect(matchIdPrefix(ids, 'A1DBA36B')).toEqual({ kind: 'found', id: ids[0] });
    expect(matchIdPrefix(ids, ids[1]!)).toEqual({ kind: 'found', id: ids[1] });
  });

  it('names each problem', () => {
    expect(matchIdPrefix(ids, '7b49d')).toEqual({ kind: 'too_short' });
    expect(matchIdPrefix(ids, 'zz49d989')).toEqual({ kind: 'not_hex' });
    expect(matchIdPrefix(ids, 'ffffff')).toEqual({ kind: 'unknown' });
    expect(matchIdPrefix(ids, 'a1dba3')).toEqual({ kind: 'ambiguous', matches: [ids[0], ids[1]] });
  });
});
