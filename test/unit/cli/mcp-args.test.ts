// benchhand mcp's own inputs: the HTTP address and its bearer token (required, from one place, long
// enough), and the secrets typed by name (read from the environment, refused when unset or oddly
// named). Each refusal names the flag and says what to do.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { approverMissing, httpEndpoint } from '../../../src/cli/commands/mcp.js';
import { SESSION_GOAL, sessionTask, SessionTaskError } from '../../../src/app/mcp/session-task.js';
import { UsageError } from '../../../src/cli/args.js';

const TOKEN = 'abcdefghijklmnop-token';

describe('benchhand mcp --http', () => {
  it('takes HOST:PORT, or PORT alone on loopback', () => {
    process.env.MCP_ARGS_TOKEN = TOKEN;
    expect(httpEndpoint('8765', 'MCP_ARGS_TOKEN', undefined)).toEqual({ host: '127.0.0.1', port: 8765, token: TOKEN });
    expect(httpEndpoint('0.0.0.0:9000', 'MCP_ARGS_TOKEN', undefined)).toMatchObject({ host: '0.0.0.0', port: 9000 });
    expect(httpEndpoint('[::1]:9000', 'MCP_ARGS_TOKEN', undefined)).toMatchObject({ host: '::1', port: 9000 });
    expect(() => httpEndpoint('localhost', 'MCP_ARGS_TOKEN', undefined)).toThrow(/--http must be HOST:PORT or PORT/);
    expect(() => httpEndpoint('70000', 'MCP_ARGS_TOKEN', undefined)).toThrow(UsageError);
  });

  it('needs a token from exactly one of an environment variable or a file, of 16 characters or more', () => {
    expect(() => httpEndpoint('8765', undefined, undefined)).toThrow(/needs a bearer token from exactly one of/);
    expect(() => httpEndpoint('8765', 'A', 'b')).toThrow(/exactly one of/);
    expect(() => httpEndpoint('8765', 'MCP_ARGS_UNSET_VARIABLE', undefined)).toThrow(
      /MCP_ARGS_UNSET_VARIABLE, which is not set/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'bh-mcp-args-'));
    writeFileSync(join(dir, 'token'), `${TOKEN}\n`);
    writeFileSync(join(dir, 'short'), 'short\n');
    expect(httpEndpoint('8765', undefined, join(dir, 'token')).token).toBe(TOKEN);
    expect(() => httpEndpoint('8765', undefined, join(dir, 'short'))).toThrow(/at least 16 characters \(got 5\)/);
    expect(() => httpEndpoint('8765', undefined, join(dir, 'missing'))).toThrow(/does not exist/);
  });
});

describe('the session task', () => {
  it('reads each --secret from the environment, as a secret input typed by name', () => {
    const task = sessionTask(undefined, ['WIFI_PASSWORD'], { WIFI_PASSWORD: 'correct horse' });
    expect(task.goal).toBe(SESSION_GOAL);
    expect(task.inputs).toEqual({ WIFI_PASSWORD: 'correct horse' });
    expect(task.secrets).toEqual(['WIFI_PASSWORD']);
  });

  it('refuses a secret that is not set, or a name that cannot be a placeholder', () => {
    expect(() => sessionTask(undefined, ['PIN'], {})).toThrow(SessionTaskError);
    expect(() => sessionTask(undefined, ['PIN'], { PIN: '' })).toThrow(
      /--secret PIN: the environment variable PIN is not set/,
    );
    expect(() => sessionTask(undefined, ['1PIN'], { '1PIN': 'x' })).toThrow(/--secret 1PIN: a name is letters/);
  });
});

describe('benchhand mcp --approve ask', () => {
  it('says at start when nobody can answer an approval, and what to give', () => {
    expect(approverMissing('ask', false, false, false)).toMatch(
      /nobody to ask[\s\S]*--mqtt URL --bench-id ID[\s\S]*--approve all/,
    );
    // stdio: a terminal does not count, stdin is the client's pipe.
    expect(approverMissing('ask', false, false, true)).toMatch(/nobody to ask/);
    expect(approverMissing('ask', true, false, false)).toBeUndefined();
    expect(approverMissing('ask', false, true, true)).toBeUndefined();
    expect(approverMissing('none', false, false, false)).toBeUndefined();
  });
});
