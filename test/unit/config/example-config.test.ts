// host/benchhand.example.yaml is what the installer puts at /etc/benchhand/config.yaml: it must
// load with the schema the agent uses, use every section, and document every override.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SECTION_NAMES } from '../../../src/config/bench-config-schema.js';
import { summaryLines } from '../../../src/config/config-summary.js';
import { ENV_OVERRIDES } from '../../../src/config/env-overrides.js';
import { loadConfigFile } from '../../../src/config/load-config.js';

const EXAMPLE = 'host/benchhand.example.yaml';

describe('the example config', () => {
  const loaded = loadConfigFile(EXAMPLE, {});

  it('validates with the one schema and has every section', () => {
    expect(Object.keys(loaded.config)).toEqual(SECTION_NAMES);
    expect(loaded.config.mcu?.port).toBe('/dev/serial0');
    expect(loaded.config.calibration).toEqual({ file: '/etc/benchhand/calibration.json' });
    expect(loaded.config.gpio?.emergencyStop?.pin).toBe(17);
    expect(loaded.config.guardrails?.approvals.map((rule) => rule.name)).toEqual(['irreversible', 'account-changes']);
  });

  it("matches what the installer and the service provide: the state folder and the secrets' variable names", () => {
    expect(loaded.config.bench?.stateDir).toBe('/var/lib/benchhand');
    expect(loaded.config.mqtt?.passwordEnv).toBe('BENCHHAND_MQTT_PASSWORD');
    expect(loaded.config.llm?.apiKeyEnv).toBe('ANTHROPIC_API_KEY');
  });

  it('documents every environment override', () => {
    const text = readFileSync(EXAMPLE, 'utf8');
    for (const { variable, section, key } of ENV_OVERRIDES)
      expect(text).toMatch(new RegExp(`${variable}\\s+${section}\\.${key}`));
  });

  it('sums up in one line per section, secrets only as variable names', () => {
    const lines = summaryLines(loaded.config, { env: { BENCHHAND_MQTT_PASSWORD: 'hunter2' } });
    expect(lines).toHaveLength(SECTION_NAMES.length);
    expect(lines.join('\n')).not.toMatch(/hunter2/);
    expect(lines.find((line) => line.startsWith('mqtt'))).toMatch(/password from \$BENCHHAND_MQTT_PASSWORD \(set\)/);
    expect(lines.find((line) => line.startsWith('llm'))).toMatch(
      /key from \$ANTHROPIC_API_KEY \(NOT set in this environment\)/,
    );
    expect(lines.find((line) => line.startsWith('camera'))).toMatch(
      /rpicam, 1640x1232, 10 fps, shutter 8000 us, gain 1.5/,
    );
    expect(lines.find((line) => line.startsWith('guardrails'))).toMatch(
      /at most 40 steps, 600 s deadline, 2 approval rule\(s\).*1 forbidden zone/,
    );
  });
});
