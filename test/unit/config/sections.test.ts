import { describe, expect, it } from 'vitest';
import { benchConfigSchema } from '../../../src/config/bench-config-schema.js';
import { CALIBRATION, load, problemsOf } from './config-test-helpers.js';

describe('the config schema: each section as written in the example', () => {
  it('takes an empty file as a config with no sections', () => {
    expect(load([]).config).toEqual({});
    expect(load(['# nothing yet']).config).toEqual({});
  });

  it("bench: id and state folder, a relative folder taken from the config file's folder", () => {
    expect(load(['bench:', '  id: bench-2', '  stateDir: state']).config.bench).toEqual({
      id: 'bench-2',
      stateDir: '/srv/bench/state',
    });
    expect(load(['bench: { stateDir: /var/lib/benchhand }']).config.bench).toEqual({ stateDir: '/var/lib/benchhand' });
  });

  it("mcu: the serial device, the rate defaulting to the firmware's", () => {
    expect(load(['mcu: { port: /dev/serial0 }']).config.mcu).toEqual({ port: '/dev/serial0', baudRate: 115200 });
    expect(load(['mcu: { port: /dev/benchhand-mcu, baudRate: 115200 }']).config.mcu?.port).toBe('/dev/benchhand-mcu');
  });

  it("camera: rpicam with its locks, v4l2 with a device, replay from the config's folder, http", () => {
    expect(
      load([
        'camera:',
        '  source: rpicam',
        '  width: 1640',
        '  height: 1232',
        '  framerate: 10',
        '  shutterUs: 8000',
        '  gain: 1.5',
        '  awbGains: [1.8, 1.6]',
        '  lensPosition: 3.3',
        '  cameraIndex: 1',
        '  timeoutMs: 5000',
      ]).config.camera,
    ).toEqual({
      source: 'rpicam',
      width: 1640,
      height: 1232,
      framerate: 10,
      shutterUs: 8000,
      gain: 1.5,
      awbGains: [1.8, 1.6],
      lensPosition: 3.3,
      cameraIndex: 1,
      timeoutMs: 5000,
    });
    expect(
      load(['camera: { source: "v4l2:/dev/video2", width: 1280, height: 720, passthrough: true }']).config.camera,
    ).toEqual({ source: 'v4l2:/dev/video2', width: 1280, height: 720, passthrough: true });
    expect(load(['camera: { source: "replay:frames/" }']).config.camera?.source).toBe('replay:/srv/bench/frames');
    expect(load(['camera: { source: "replay:/data/frames" }']).config.camera?.source).toBe('replay:/data/frames');
    expect(load(['camera: { source: "http://127.0.0.1:8080/frame.jpg" }']).config.camera?.source).toBe(
      'http://127.0.0.1:8080/frame.jpg',
    );
  });

  it("calibration: a file (from the config's folder) or the block inline", () => {
    expect(load(['calibration: { file: cal.json }']).config.calibration).toEqual({ file: '/srv/bench/cal.json' });
    expect(load(['calibration: { file: /etc/benchhand/calibration.json }']).config.calibration).toEqual({
      file: '/etc/benchhand/calibration.json',
    });
    expect(load([`calibration: ${JSON.stringify(CALIBRATION)}`]).config.calibration).toEqual(CALIBRATION);
  });

  it("mqtt: broker, bench id, user, the password's variable name and a CA file", () => {
    expect(
      load([
        'mqtt:',
        '  url: mqtts://broker.local:8883',
        '  benchId: bench1',
        '  username: bench1',
        '  passwordEnv: BENCHHAND_MQTT_PASSWORD',
        '  tlsCa: ca.pem',
      ]).config.mqtt,
    ).toEqual({
      url: 'mqtts://broker.local:8883',
      benchId: 'bench1',
      username: 'bench1',
      passwordEnv: 'BENCHHAND_MQTT_PASSWORD',
      tlsCa: '/srv/bench/ca.pem',
    });
    expect(load(['mqtt: { url: "mqtt://user@broker:1883" }']).config.mqtt).toEqual({ url: 'mqtt://user@broker:1883' });
  });

  it('console: the broker as a browser reaches it, where the page is served, defaults filled in', () => {
    expect(load(['console: { broker: "ws://raspberrypi.local:9001" }']).config.console).toEqual({
      broker: 'ws://raspberrypi.local:9001',
      host: '127.0.0.1',
      port: 8080,
    });
    expect(load(['console: { broker: "wss://pi.lab:9443", host: 0.0.0.0, port: 0 }']).config.console).toEqual({
      broker: 'wss://pi.lab:9443',
      host: '0.0.0.0',
      port: 0,
    });
  });

  it('console: a broker a browser cannot reach, or one carrying a password, is refused by name', () => {
    expect(problemsOf(['console: { broker: "mqtt://localhost:1883" }'])).toEqual([
      expect.objectContaining({
        field: 'console.broker',
        message: expect.stringMatching(/scheme must be ws:\/\/ or wss:\/\//),
      }),
    ]);
    expect(problemsOf(['console: { broker: "ws://op:secret@pi:9001" }'])[0]).toMatchObject({
      field: 'console.broker',
      message: expect.stringMatching(/must not carry a user or password/),
    });
    expect(problemsOf(['console: { broker: "ws://pi:9001", port: 70000 }'])[0]).toMatchObject({
      field: 'console.port',
      message: expect.stringMatching(/0 to 65535/),
    });
    expect(problemsOf(['console: { broker: "ws://pi:9001", host: "pi/lan" }'])[0]).toMatchObject({
      field: 'console.host',
      message: expect.stringMatching(/address to listen on/),
    });
  });

  it('gpio: the section src/adapters/gpio reads, defaults filled in', () => {
    expect(
      load([
        'gpio:',
        '  emergencyStop: { pin: 17 }',
        '  mcuReset: { pin: 27, activeLevel: high }',
        '  statusLed: { pin: 22 }',
      ]).config.gpio,
    ).toEqual({
      enabled: true,
      emergencyStop: { pin: 17, activeLevel: 'low', debounceMs: 30 },
      mcuReset: { pin: 27, activeLevel: 'high', pulseMs: 50 },
      statusLed: { pin: 22, activeLevel: 'high' },
    });
    expect(load(['gpio: { enabled: false }']).config.gpio).toEqual({ enabled: false });
  });

  it('llm: the section createLlm reads, defaults filled in', () => {
    expect(
      load([
        'llm: { provider: openai-compatible, model: "qwen2.5:7b", baseUrl: "http://localhost:11434/v1", requireApiKey: false, sendImages: false }',
      ]).config.llm,
    ).toEqual({
      provider: 'openai-compatible',
      model: 'qwen2.5:7b',
      baseUrl: 'http://localhost:11434/v1',
      requireApiKey: false,
      sendImages: false,
      timeoutMs: 120000,
      maxRetries: 3,
    });
  });

  it('guardrails: budgets, approval rules and forbidden zones, the rest defaulted (the tap margin left to the calibration)', () => {
    const { guardrails } = load([
      'guardrails:',
      '  maxSteps: 12',
      '  approvals:',
      '    - { name: pay, targetMatches: "\\\\bpay\\\\b" }',
      '  forbiddenZones:',
      '    - { name: power, x: 1000, y: 600, width: 80, height: 200 }',
    ]).config;
    expect(guardrails).toEqual({
      maxSteps: 12,
      deadlineMs: 600000,
      repeatLimit: 3,
      maxToolFailures: 3,
      verifyTimeoutMs: 4000,
      approvals: [{ name: 'pay', tool: '*', targetMatches: '\\bpay\\b' }],
      forbiddenZones: [{ name: 'power', x: 1000, y: 600, width: 80, height: 200 }],
    });
  });

  it('has exactly the sections the design names', () => {
    expect(Object.keys(benchConfigSchema.shape)).toEqual([
      'bench',
      'mcu',
      'camera',
      'calibration',
      'mqtt',
      'console',
      'ocr',
      'video',
      'gpio',
      'llm',
      'guardrails',
    ]);
  });
});
