import { describe, expect, it } from 'vitest';
import { ENV_OVERRIDES } from '../../../src/config/env-overrides.js';
import { configFromEnvironment } from '../../../src/config/load-config.js';
import { load, problemsOf } from './config-test-helpers.js';

describe('environment overrides: one key each, over the file', () => {
  it('replace the key of the file and say so', () => {
    const loaded = load(
      [
        'bench: { id: bench1, stateDir: /var/lib/benchhand }',
        'mcu: { port: /dev/serial0 }',
        'mqtt: { url: "mqtt://broker:1883", username: bench1 }',
      ],
      {
        BENCHHAND_BENCH_ID: 'bench9',
        BENCHHAND_STATE_DIR: '/tmp/bh-state',
        BENCHHAND_MCU_PORT: '/dev/ttyACM0',
        BENCHHAND_MQTT_URL: 'mqtts://other:8883',
      },
    );
    expect(loaded.config.bench).toEqual({ id: 'bench9', stateDir: '/tmp/bh-state' });
    expect(loaded.config.mcu).toEqual({ port: '/dev/ttyACM0', baudRate: 115200 });
    expect(loaded.config.mqtt).toEqual({ url: 'mqtts://other:8883', username: 'bench1' });
    expect(Object.fromEntries(loaded.fromEnv)).toEqual({
      'bench.id': 'BENCHHAND_BENCH_ID',
      'bench.stateDir': 'BENCHHAND_STATE_DIR',
      'mcu.port': 'BENCHHAND_MCU_PORT',
      'mqtt.url': 'BENCHHAND_MQTT_URL',
    });
  });

  it('create the section when the file has none, and ignore empty values', () => {
    const loaded = load([], {
      BENCHHAND_MCU_PORT: '/dev/serial0',
      BENCHHAND_CAMERA: 'rpicam',
      BENCHHAND_MQTT_URL: ' ',
    });
    expect(loaded.config).toEqual({ mcu: { port: '/dev/serial0', baudRate: 115200 }, camera: { source: 'rpicam' } });
  });

  it("take a relative path from the working directory, not the config's folder", () => {
    const loaded = load(['bench: { stateDir: state }'], {
      BENCHHAND_STATE_DIR: 'here',
      BENCHHAND_CAMERA: 'replay:frames',
    });
    expect(loaded.config.bench?.stateDir).toBe(`${process.cwd()}/here`);
    expect(loaded.config.camera?.source).toBe(`replay:${process.cwd()}/frames`);
  });

  it("BENCHHAND_CAMERA keeps the file's camera options for the same kind of camera, drops them for another", () => {
    const file = ['camera: { source: "v4l2:/dev/video0", width: 1280, height: 720 }'];
    expect(load(file, { BENCHHAND_CAMERA: 'v4l2:/dev/video2' }).config.camera).toEqual({
      source: 'v4l2:/dev/video2',
      width: 1280,
      height: 720,
    });
    expect(load(file, { BENCHHAND_CAMERA: 'http://127.0.0.1:9/frame.jpg' }).config.camera).toEqual({
      source: 'http://127.0.0.1:9/frame.jpg',
    });
  });

  it('LLM variables go into an llm section the file has, and create none', () => {
    const file = ['llm: { provider: anthropic, model: claude-sonnet-4-5 }'];
    const loaded = load(file, {
      BENCHHAND_LLM_PROVIDER: 'openai-compatible',
      BENCHHAND_LLM_MODEL: 'gpt-4.1',
      BENCHHAND_LLM_BASE_URL: 'http://localhost:8080/v1',
    });
    expect(loaded.config.llm).toMatchObject({
      provider: 'openai-compatible',
      model: 'gpt-4.1',
      baseUrl: 'http://localhost:8080/v1',
    });
    expect(loaded.fromEnv.get('llm.model')).toBe('BENCHHAND_LLM_MODEL');
    expect(load([], { BENCHHAND_LLM_MODEL: 'gpt-4.1' }).config).toEqual({});
  });

  it('a bad value from the environment is refused like one in the file, naming the variable', () => {
    const [problem] = problemsOf(['mqtt: { url: "mqtt://broker:1883" }'], { BENCHHAND_MQTT_URL: 'broker:1883' });
    expect(problem).toMatchObject({
      field: 'mqtt.url',
      message: expect.stringMatching(/the scheme broker: is not one of.*the value comes from \$BENCHHAND_MQTT_URL/),
    });
    expect(problemsOf([], { BENCHHAND_BENCH_ID: 'Bench 1' })[0]!.message).toMatch(/comes from \$BENCHHAND_BENCH_ID/);
    expect(problemsOf([], { BENCHHAND_CAMERA: 'webcam' })[0]!.message).toMatch(
      /camera source "webcam".*comes from \$BENCHHAND_CAMERA/,
    );
  });

  it('apply without a config file too, checked by the same schema', () => {
    expect(configFromEnvironment({})).toEqual({});
    expect(configFromEnvironment({ BENCHHAND_MCU_PORT: '/dev/serial0', BENCHHAND_BENCH_ID: 'bench3' })).toEqual({
      mcu: { port: '/dev/serial0', baudRate: 115200 },
      bench: { id: 'bench3' },
    });
    expect(() => configFromEnvironment({ BENCHHAND_MQTT_URL: 'nope' })).toThrow(
      /no config file.*mqtt\.url: "nope" is not a URL \(the value comes from \$BENCHHAND_MQTT_URL\)/s,
    );
  });

  it('are the documented ones', () => {
    expect(ENV_OVERRIDES.map((override) => `${override.variable}=${override.section}.${override.key}`)).toEqual([
      'BENCHHAND_BENCH_ID=bench.id',
      'BENCHHAND_STATE_DIR=bench.stateDir',
      'BENCHHAND_MCU_PORT=mcu.port',
      'BENCHHAND_CAMERA=camera.source',
      'BENCHHAND_MQTT_URL=mqtt.url',
      'BENCHHAND_LLM_PROVIDER=llm.provider',
      'BENCHHAND_LLM_BASE_URL=llm.baseUrl',
      'BENCHHAND_LLM_MODEL=llm.model',
    ]);
  });
});
