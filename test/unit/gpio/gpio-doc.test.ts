// hardware/gpio.md's example configuration must parse, and its pin table must name the pins the
// example uses: a person wires from the table and copies the example.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { gpioConfigSchema } from '../../../src/config/gpio-section.js';
import { MAIN_CHIP_LABELS } from '../../../src/adapters/gpio/gpio-chip.js';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..', '..');
const doc = readFileSync(join(root, 'hardware/gpio.md'), 'utf8');

describe('hardware/gpio.md', () => {
  const example = /```yaml\n([\s\S]*?)```/.exec(doc)?.[1];

  it('has an example configuration that the schema accepts', () => {
    expect(example).toBeDefined();
    expect(gpioConfigSchema.safeParse((parse(example!) as { gpio: unknown }).gpio).success).toBe(true);
  });

  it('wires the pins the example configures', () => {
    const config = gpioConfigSchema.parse((parse(example!) as { gpio: unknown }).gpio);
    const rows = new Map(
      [...doc.matchAll(/^\| ([^|]+?) \| GPIO(\d+) \| (\d+) \|/gm)].map((match) => [match[1], Number(match[2])]),
    );
    expect(rows.get('E-stop button')).toBe(config.emergencyStop?.pin);
    expect(rows.get('MCU reset')).toBe(config.mcuReset?.pin);
    expect(rows.get('Status LED')).toBe(config.statusLed?.pin);
  });

  it('lists every chip label the adapter recognises', () => {
    for (const label of Object.keys(MAIN_CHIP_LABELS)) expect(doc).toContain(`\`${label}\``);
  });
});
