// Maestro flows that must not pass, through `benchhand test --format junit` on the virtual settings
// app: one fails on purpose (after Maestro's 17 s lookup) and names the file, the line and the
// command, with its video; one with an id selector is refused before anything moves.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runMaestroSuite, xpath, type SuiteRun } from '../support/maestro-suite.js';

const DEVICE = 'src/sim/devices/settings-wifi.yaml';

describe('Maestro flows that must fail or cannot run', () => {
  let failing: SuiteRun;
  beforeAll(async () => {
    failing = await runMaestroSuite('examples/maestro/failing', DEVICE);
  }, 240000);

  it('fails the flow that must fail, naming the file, the line and the command, with its video', () => {
    expect(failing.run.code).toBe(1);
    const bluetooth = failing.results.find((r) => r.name === 'Bluetooth is listed')!;
    expect(bluetooth).toMatchObject({
      status: 'failed',
      failure: { step: expect.stringMatching(/settings-bluetooth\.yaml:9 \(assertVisible "Bluetooth"\)$/) },
    });
    expect(bluetooth.failure!.message).toMatch(/Assertion is false: "Text matching regex: Bluetooth" is visible/);
    expect(existsSync(bluetooth.videoPath!)).toBe(true);
    expect(xpath(failing.junit, 'string(//testcase[@name="Bluetooth is listed"]/@status)')).toBe('ERROR');
    expect(xpath(failing.junit, 'string(//testcase[@name="Bluetooth is listed"]/failure)')).toMatch(
      /assertVisible "Bluetooth"/,
    );
  });

  it('refuses the flow with an id selector before anything moves: no journal, no MCU command', () => {
    const byId = failing.results.find((r) => r.name === 'Tap by id')!;
    expect(byId).toMatchObject({
      status: 'error',
      failure: {
        kind: 'refused',
        message: expect.stringMatching(
          /^REFUSED .*by-id\.yaml:7: tapOn with an id selector needs a driver on the device/,
        ),
      },
    });
    expect(existsSync(join(byId.stateDir, 'journal.jsonl'))).toBe(false);
    expect(xpath(failing.junit, 'string(//testcase[@name="Tap by id"]/error/@type)')).toBe('refused');
  });
});
