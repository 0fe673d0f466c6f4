import { describe, expect, it } from 'vitest';
import { problemsOf } from './config-test-helpers.js';

describe('unknown keys are errors, with the line, the key and the keys that are allowed', () => {
  it('at the top level', () => {
    expect(problemsOf(['bench: { id: bench1 }', 'camra:', '  source: rpicam'])).toEqual([
      {
        line: 2,
        column: 1,
        field: 'camra',
        message:
          'unknown key "camra": check its spelling or remove it; the keys at the top level are bench, mcu, camera, calibration, mqtt, console, ocr, video, gpio, llm, guardrails',
      },
    ]);
  });

  it('in each section, every one reported at its own line', () => {
    const problems = problemsOf([
      'bench:',
      '  name: bench1',
      'mcu:',
      '  port: /dev/serial0',
      '  baud: 9600',
      'camera:',
      '  source: rpicam',
      '  exposure: 8000',
      'mqtt:',
      '  url: mqtt://broker',
      '  password: hunter2',
      'gpio:',
      '  emergencyStop: { pin: 17, pullUp: true }',
      'llm:',
      '  provider: anthropic',
      '  model: claude',
      '  temperature: 0',
      'guardrails:',
      '  approvals:',
      '    - name: pay',
      '      match: pay',
    ]);
    expect(problems.map(({ line, field }) => `${line} ${field}`)).toEqual([
      '2 bench.name',
      '5 mcu.baud',
      '8 camera.exposure',
      '11 mqtt.password',
      '13 gpio.emergencyStop.pullUp',
      '17 llm.temperature',
      '21 guardrails.approvals[0].match',
    ]);
    expect(problems.find((p) => p.field === 'mqtt.password')?.message).toMatch(
      /unknown key "password".*the keys here are url, benchId, username, passwordEnv, tlsCa/,
    );
    expect(problems.find((p) => p.field === 'gpio.emergencyStop.pullUp')?.message).toMatch(
      /the keys here are pin, activeLevel, debounceMs/,
    );
    expect(problems.find((p) => p.field === 'guardrails.approvals[0].match')?.message).toMatch(
      /the keys here are name, tool, targetMatches, argumentsMatch/,
    );
  });

  it('in a calibration: the file form lists its one key; a block that is neither form says what the forms are', () => {
    const problems = problemsOf(['calibration:', '  file: cal.json', '  checked: true']);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 3, field: 'calibration.checked' });
    expect(problems[0]!.message).toMatch(/the keys here are file$/);
    const neither = problemsOf(['calibration:', '  corners: [1, 2, 3, 4]']);
    expect(neither).toEqual([
      {
        line: 1,
        column: 1,
        field: 'calibration',
        message: expect.stringMatching(
          /not a calibration: give either `file: PATH`.*version: 1, deviceSize, cameraSize, screenCorners, actuator/,
        ),
      },
    ]);
  });

  it('inside an inline calibration block, at its line', () => {
    const problems = problemsOf([
      'calibration:',
      '  version: 1',
      '  deviceSize: { width: 1080, height: 2400 }',
      '  cameraSize: { width: 1640, height: 1232 }',
      '  screenCorners: [{ x: 1, y: 1 }, { x: 2, y: 1 }, { x: 2, y: 2 }, { x: 1, y: 2 }]',
      '  actuator: { affine: [1, 0, 0, 0, 1, 0], source: identity }',
      '  rotation: 90',
    ]);
    expect(problems).toEqual([
      expect.objectContaining({
        line: 7,
        field: 'calibration.rotation',
        message: expect.stringMatching(
          /unknown key "rotation".*the keys here are version, deviceSize, cameraSize, screenCorners, actuator, camera, cameraResidualPx, measuredAt$/,
        ),
      }),
    ]);
  });
});
