// The result file's text to a checkpoint: checksum and migrations in the core, and messages that
// never quote the file (a result.json replaced by someone else's file must not be echoed).
import { describe, expect, it } from 'vitest';
import { checkpointChecksum } from '../../../src/core/state/checkpoint-checksum.js';
import { checkpointFromText } from '../../../src/core/state/read-checkpoint.js';
import { checkpoint } from '../../support/recovery-fixtures.js';

const withSum = (body: Record<string, unknown>) =>
  JSON.stringify({ ...body, checksum: checkpointChecksum(body as never) });

describe('reading the result file', () => {
  it('reads back what was written', () => {
    const saved = checkpoint();
    expect(checkpointFromText(withSum(saved), 'result.json')).toEqual({
      ok: true,
      checkpoint: { ...saved, checksum: checkpointChecksum(saved) },
    });
  });

  it('migrates version 1 (no lastCommandId) to version 2, taking the last command id from the steps', () => {
    const { lastCommandId: _dropped, ...state } = checkpoint().state;
    const v1 = {
      ...checkpoint(),
      schemaVersion: 1,
      state: { ...state, current: { tool: 'type_text', args: {}, commandId: 9 } },
    };
    const read = checkpointFromText(withSum(v1), 'result.json');
    expect(read.ok && read.checkpoint.state.lastCommandId).toBe(9);
    expect(read.ok && read.checkpoint.schemaVersion).toBe(2);
  });

  it('does not echo a foreign file (its content is not JSON)', () => {
    const read = checkpointFromText('root:x:0:0:root:/root:/bin/bash\n', '/state/result.json');
    expect(read).toMatchObject({ ok: false, problem: 'unparseable' });
    expect(!read.ok && read.message).toMatch(
      /\/state\/result.json is not complete JSON \((at character \d+|it holds text that is not JSON), 32 bytes\)/,
    );
    expect(!read.ok && read.message).not.toContain('root');
  });

  it('does not echo a string schemaVersion', () => {
    const read = checkpointFromText(JSON.stringify({ schemaVersion: 'secret-ish text' }), 'result.json');
    expect(!read.ok && read.message).toMatch(/schemaVersion string/);
    expect(!read.ok && read.message).not.toContain('secret-ish');
  });
});
