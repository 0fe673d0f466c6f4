// The whole loop on a recorded app that ships with the tests: our own virtual phone recorded in
// DroidBot's format (test/fixtures/replay), replayed on a virtual bench and driven by flows through
// the camera, the reader, the screen model, the MCU and verification. One flow connects to Wi-Fi
// (a tap, a scroll, typing a secret into a password field, a tap); one taps a network whose tap was
// never recorded, and must fail with nothing changed.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFlowOnReplay } from '../support/replay-flow.js';

const recording = resolve('test/fixtures/replay/settings-wifi');
const flows = resolve('test/fixtures/replay/flows');
const flowGuardMs = 240000;

describe('flows on the replay fixture (our phone, recorded as DroidBot records one)', () => {
  it(
    'connects: the tap, the scroll, the typed secret and the last tap each follow the recording to "Connected"',
    async () => {
      const run = await runFlowOnReplay(resolve(flows, 'connect-home-net.yaml'), recording);
      expect(run.result.status, JSON.stringify(run.result.failure)).toBe('passed');
      expect(run.device.stateTag).toBe('2026-01-01_100011');
      const effects = run.device.log.map((entry) => `${entry.input}: ${entry.effect}`).join('\n');
      expect(effects).toMatch(/^swipe .*: followed to state/m);
      expect(effects).toMatch(/^tap .*: focused the field/m);
      // The secret reached the field whole: the recorded set_text of that exact text was met.
      expect(run.device.log.some((entry) => entry.event === '2026-01-01_100010')).toBe(true);
      expect(run.actions.withOutcome).toBe(run.actions.intents);
    },
    flowGuardMs,
  );

  it(
    'a tap that was never recorded changes nothing, and the flow expecting its screen fails: no false success',
    async () => {
      const run = await runFlowOnReplay(resolve(flows, 'unrecorded-network.yaml'), recording);
      expect(run.result.status).toBe('failed');
      expect(run.result.failure?.step).toMatch(/^2 \(tap_text .*"Cafe Guest"/);
      expect(run.device.stateTag).toBe('2026-01-01_100001');
      expect(run.device.log.at(-1)?.effect).toMatch(/^nothing: no touch recorded/);
    },
    flowGuardMs,
  );
});
