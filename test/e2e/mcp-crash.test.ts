// A session is a run: `benchhand mcp` killed with SIGKILL in the act phase of a client's tap, then a
// new session on the same state directory resumes the run (recovery decides from the record and a
// fresh look, as `benchhand resume` does), tells the client what it found, and the MCU's own log
// shows the tap once. The kill races the serial write (crash-recovery.test.ts says how): when the
// tap went out, its effect shows and the client goes on; when it did not, the screen is as before
// and the client taps again, under a new command id. Either way one tap.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PASSWORD_KEYS, startCrashBench, type CrashBench } from '../support/crash-bench.js';
import { callTool, connectStdio, onBench, textOf } from '../support/mcp-client.js';
import { until } from '../support/until.js';

let bench: CrashBench;
/** The Wi-Fi task's password (PASSWORD_KEYS keys). */
const SECRET = 'correct horse';

beforeAll(async () => {
  bench = await startCrashBench();
});

afterAll(async () => {
  await bench?.close();
});

it('killed mid-tap, a new session resumes the run and the tap happens once; a secret is typed by name, never echoed', async () => {
  const first = await connectStdio(onBench(bench), { BENCHHAND_CRASH_AT: 'act:*' });
  let died = false;
  first.client.onclose = () => (died = true);
  await expect(callTool(first.client, 'tap_text', { text: 'Network & internet' })).rejects.toThrow();
  await until(() => died, 60_000, 'the killed server closing the pipe');
  const tapsAtKill = bench.taps().length;
  expect(tapsAtKill).toBeLessThanOrEqual(1);
  const saved = (): { status: string; continuationId: string } =>
    JSON.parse(readFileSync(join(bench.stateDir, 'result.json'), 'utf8')) as { status: string; continuationId: string };
  const atKill = saved();
  expect(atKill.status).not.toBe('finished');

  const second = await connectStdio([...onBench(bench), '--secret', 'WIFI_PASSWORD'], { WIFI_PASSWORD: SECRET });
  try {
    const read = await callTool(second.client, 'read_screen');
    const text = textOf(read);
    expect(text).toMatch(/This session resumed an earlier run/);
    expect(second.stderr()).toMatch(/recovery: (continue|verify_then_retry)/);
    // Recovery itself moves nothing: the MCU's log is as the kill left it.
    expect(bench.taps()).toHaveLength(tapsAtKill);
    const stillFirstScreen = /"Network & internet"/.test(text);
    expect(stillFirstScreen).toBe(tapsAtKill === 0);
    if (stillFirstScreen) {
      const tap = await callTool(second.client, 'tap_text', { text: 'Network & internet' });
      expect(textOf(tap)).toMatch(/^status: ok/);
    }
    expect(bench.taps()).toHaveLength(1);
    // The same run, continued: the killed run's execution chain.
    expect(saved().continuationId).toBe(atKill.continuationId);

    // On to the password field; the secret is typed by name and never comes back.
    for (const text of ['More', 'HomeNet-5G', 'Password'])
      expect(textOf(await callTool(second.client, 'tap_text', { text }))).toMatch(/^status: ok/);
    const typed = await callTool(second.client, 'type_text', { text: '{WIFI_PASSWORD}' });
    expect(textOf(typed)).toMatch(/^status: ok/);
    expect(bench.keys()).toBe(PASSWORD_KEYS);
    const journal = await second.client.readResource({ uri: 'benchhand://run/journal' });
    for (const said of [textOf(typed), (journal.contents[0] as { text: string }).text, second.stderr()])
      expect(said).not.toContain(SECRET);
  } finally {
    await second.client.close();
  }
});
