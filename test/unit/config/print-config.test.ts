import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { effectiveConfigYaml } from '../../../src/config/print-config.js';
import { withoutUrlPassword } from '../../../src/config/url-password.js';
import { load } from './config-test-helpers.js';

describe('the effective config', () => {
  it('is the config with defaults and absolute paths, each environment override marked', () => {
    const loaded = load(
      [
        'mcu: { port: /dev/serial0 }',
        'bench: { stateDir: state }',
        'mqtt: { url: "mqtt://broker", passwordEnv: BROKER_PASSWORD }',
      ],
      { BENCHHAND_MCU_PORT: '/dev/ttyACM0', BROKER_PASSWORD: 'hunter2' },
    );
    const text = effectiveConfigYaml(loaded);
    expect(parse(text)).toEqual({
      mcu: { port: '/dev/ttyACM0', baudRate: 115200 },
      bench: { stateDir: '/srv/bench/state' },
      mqtt: { url: 'mqtt://broker', passwordEnv: 'BROKER_PASSWORD' },
    });
    expect(text).toMatch(/port: \/dev\/ttyACM0 # from \$BENCHHAND_MCU_PORT/);
    expect(text).toMatch(/^# the effective config of \/srv\/bench\/config.yaml/);
    expect(text).not.toMatch(/hunter2/);
  });

  it('masks a password inside a URL', () => {
    const loaded = load([
      'llm: { provider: openai-compatible, model: m, baseUrl: "https://user:sk-secret@llm.example/v1" }',
    ]);
    expect(effectiveConfigYaml(loaded)).not.toMatch(/sk-secret/);
    expect(effectiveConfigYaml(loaded)).toMatch(/https:\/\/user:\*\*\*@llm.example\/v1/);
    expect(withoutUrlPassword('mqtt://broker:1883')).toBe('mqtt://broker:1883');
    expect(withoutUrlPassword('not a url')).toBe('not a url');
  });
});
