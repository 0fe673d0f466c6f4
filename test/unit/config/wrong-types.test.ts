import { describe, expect, it } from 'vitest';
import { problemsOf } from './config-test-helpers.js';

describe('wrong values name the key, the rule and what to do', () => {
  it('a section that is not a mapping', () => {
    const [problem] = problemsOf(['mcu: /dev/serial0']);
    expect(problem).toMatchObject({ line: 1, field: 'mcu' });
    expect(problem!.message).toMatch(/expected object.*mcu: \{ port: \/dev\/serial0 \}/);
  });

  it('numbers given as text, text given as numbers, missing required keys', () => {
    const problems = problemsOf([
      'mcu:',
      '  baudRate: 9600',
      'camera:',
      '  source: rpicam',
      '  width: wide',
      'guardrails:',
      '  maxSteps: "40"',
      'bench:',
      '  id: 7',
    ]);
    const by = (field: string) => problems.find((p) => p.field === field);
    expect(by('mcu.port')).toMatchObject({
      line: 1,
      message: expect.stringMatching(/missing: add "port".*\/dev\/serial0/),
    });
    expect(by('mcu.baudRate')).toMatchObject({ line: 2, message: expect.stringMatching(/must be 115200.*BH_PI_BAUD/) });
    expect(by('camera.width')).toMatchObject({
      line: 5,
      message: expect.stringMatching(/expected number.*pixels as a whole number/),
    });
    expect(by('guardrails.maxSteps')).toMatchObject({
      line: 7,
      message: expect.stringMatching(/expected number.*from 1 to 10000/),
    });
    expect(by('bench.id')).toMatchObject({ line: 9, message: expect.stringMatching(/expected string.*e\.g\. bench1/) });
  });

  it('a camera source that is none of the kinds, and options that do not fit the source', () => {
    expect(problemsOf(['camera: { source: webcam }'])[0]).toMatchObject({
      field: 'camera.source',
      message: expect.stringMatching(/camera source "webcam" is not one of rpicam.*v4l2:\/dev\/videoN.*replay:PATH/),
    });
    const misplaced = problemsOf([
      'camera:',
      '  source: "v4l2:/dev/video0"',
      '  lensPosition: 3',
      'mqtt: { url: "mqtt://b" }',
    ]);
    expect(misplaced).toEqual([
      expect.objectContaining({
        line: 3,
        field: 'camera.lensPosition',
        message: expect.stringMatching(/applies to rpicam cameras only, not to v4l2/),
      }),
    ]);
    expect(problemsOf(['camera: { source: "replay:x.jpg", passthrough: true }'])[0]!.message).toMatch(
      /applies to v4l2 cameras only, not to replay/,
    );
  });

  it('secrets do not go in the file: a password in the broker URL, a key instead of a variable name', () => {
    expect(problemsOf(['mqtt: { url: "mqtt://bench1:hunter2@broker:1883" }'])[0]!.message).toMatch(
      /must not carry a password.*mqtt\.passwordEnv/,
    );
    expect(problemsOf(['mqtt: { url: "mqtt://broker", passwordEnv: "hunter2 and more" }'])[0]!.message).toMatch(
      /environment variable name.*not the password/,
    );
    expect(problemsOf(['llm: { provider: anthropic, model: m, apiKeyEnv: "sk-ant-123" }'])[0]).toMatchObject({
      field: 'llm.apiKeyEnv',
      message: expect.stringMatching(/environment variable name/),
    });
    expect(problemsOf(['mqtt: { url: "http://broker" }'])[0]!.message).toMatch(
      /http: is not one of mqtt:, mqtts:, ws:, wss:/,
    );
  });

  it('gpio, llm and guardrails keep their own rules', () => {
    const problems = problemsOf([
      'gpio:',
      '  emergencyStop: { pin: 17 }',
      '  statusLed: { pin: 17 }',
      'llm: { provider: ollama, model: m }',
      'guardrails:',
      '  forbiddenZones:',
      '    - { name: z, x: 0, y: 0, width: 0, height: 10 }',
    ]);
    expect(problems.map((p) => `${p.line} ${p.field}`)).toEqual([
      '3 gpio.statusLed.pin',
      '4 llm.provider',
      '7 guardrails.forbiddenZones[0].width',
    ]);
    expect(problems[0]!.message).toMatch(/GPIO17 is already used by emergencyStop.*hardware\/gpio\.md/);
    expect(problems[1]!.message).toMatch(/anthropic or openai-compatible/);
  });

  it('a YAML syntax error names its line', () => {
    expect(problemsOf(['mcu:', '  port: [unclosed'])[0]!.message).toMatch(/fix the YAML\/JSON syntax/);
  });
});
