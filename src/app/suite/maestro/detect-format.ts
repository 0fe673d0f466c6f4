// Tells a Maestro file from one of ours by its shape, never by its name: ours is one map with a
// goal or steps; a Maestro flow is a list of commands (after a config header and ---), and a
// Maestro workspace config is a map of flows / includeTags / excludeTags / executionOrder.
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

export type FlowFormat = 'benchhand' | 'maestro' | 'maestro-workspace';

const WORKSPACE_KEYS = [
  'flows',
  'includeTags',
  'excludeTags',
  'executionOrder',
  'testOutputDir',
  'platform',
  'disableRetries',
];
const MAESTRO_CONFIG_KEYS = ['appId', 'url', 'onFlowStart', 'onFlowComplete', 'jsEngine'];

export function detectFormat(file: string): FlowFormat {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return 'benchhand';
  }
  return detectFormatOf(text);
}

export function detectFormatOf(text: string): FlowFormat {
  let docs: unknown[];
  try {
    const parsed = parseAllDocuments(text);
    if (!Array.isArray(parsed)) return 'benchhand';
    docs = parsed.map((d) => d.toJS());
  } catch {
    return 'benchhand';
  }
  const first = docs[0];
  if (docs.length > 1 && (Array.isArray(docs[1]) || docs[1] === null || docs[1] === undefined)) return 'maestro';
  if (Array.isArray(first)) return 'maestro';
  if (first && typeof first === 'object') {
    const keys = Object.keys(first);
    if (keys.includes('goal') || keys.includes('steps')) return 'benchhand';
    if (keys.some((k) => MAESTRO_CONFIG_KEYS.includes(k))) return 'maestro';
    if (keys.length && keys.every((k) => WORKSPACE_KEYS.includes(k))) return 'maestro-workspace';
  }
  return 'benchhand';
}
