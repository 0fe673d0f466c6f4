// The doctor's output: one line per check (✓ pass, ! warning, ✗ failure with its fix), or JSON.
import type { CheckResult } from './check-result.js';

const LABELS: Readonly<Record<string, string>> = {
  'serial-device': 'serial device',
  'firmware-protocol': 'firmware protocol',
  camera: 'camera',
  'camera-settings': 'camera settings',
  gpio: 'GPIO',
  'tap-accuracy': 'tap accuracy',
  'ocr-data': 'OCR data',
  'ocr-engine': 'OCR engine',
  broker: 'broker',
  'disk-space': 'disk space',
  clock: 'clock',
  'llm-endpoint': 'LLM endpoint',
};

const MARKS = { pass: '✓', warn: '!', fail: '✗' } as const;

export function formatCheckLine(result: CheckResult): string {
  const line = `${MARKS[result.status]} ${LABELS[result.name] ?? result.name}: ${result.detail}`;
  return result.fix && result.status !== 'pass' ? `${line} — fix: ${result.fix}` : line;
}

export function formatSummary(results: CheckResult[]): string {
  const failed = results.filter((result) => result.status === 'fail').length;
  const warned = results.filter((result) => result.status === 'warn').length;
  if (failed === 0) return `all ${results.length} checks passed${warned ? ` (${warned} with a warning)` : ''}`;
  return `${failed} of ${results.length} checks failed${warned ? `, ${warned} warning(s)` : ''}: apply the fixes above and run benchhand doctor again`;
}

export function formatJson(results: CheckResult[]): string {
  return JSON.stringify({ ok: !results.some((result) => result.status === 'fail'), checks: results }, null, 2);
}
