// JUnit XML for CI: one testsuite, one testcase per flow with its time, a <failure> (halted, out
// of budget, handed over, cancelled) or an <error> (could not run) naming the step that failed,
// and the run's report as an attachment: [[ATTACHMENT|path]] in system-out, the convention
// Jenkins (junit-attachments) and GitLab read. The shape is the one Jenkins' JUnit schema
// accepts; docs/junit/junit.xsd (committed) describes it, and the tests validate against it.
import { relative, resolve, dirname } from 'node:path';
import type { FlowResult } from './flow-result.js';

export interface SuiteInfo {
  name: string;
  startedAt: string;
  durationMs: number;
  hostname: string;
  /** The bench, in words (the testsuite's property). */
  bench: string;
}

export function junitXml(suite: SuiteInfo, results: FlowResult[]): string {
  const ran = results.filter((r) => r.status !== 'skipped');
  const count = (status: FlowResult['status']) => results.filter((r) => r.status === status).length;
  const attrs = `tests="${results.length}" failures="${count('failed')}" errors="${count('error')}" skipped="${count('skipped')}" time="${seconds(suite.durationMs)}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${xml(suite.name)}" ${attrs}>
  <testsuite name="${xml(suite.name)}" ${attrs} timestamp="${xml(suite.startedAt.replace(/\.\d+Z$/, ''))}" hostname="${xml(suite.hostname)}">
    <properties>
      <property name="bench" value="${xml(suite.bench)}"/>
      <property name="flows_run" value="${ran.length}"/>
    </properties>
${results.map(testcase).join('\n')}
  </testsuite>
</testsuites>
`;
}

/** One flow's testcase element (a fleet job's JUnit fragment). */
export function testcase(result: FlowResult): string {
  // A Maestro flow's testcase is shaped as `maestro test --format junit` writes it: classname and
  // id are the flow's name, and a status attribute.
  const classname =
    result.format === 'maestro'
      ? result.name
      : `benchhand.${
          dirname(relative(process.cwd(), resolve(result.file)))
            .replace(/^(\.\.\/)+/, '')
            .split(/[\\/]/)
            .filter((p) => p && p !== '.')
            .join('.') || 'flows'
        }`;
  const body: string[] = [];
  if (result.failure && (result.status === 'failed' || result.status === 'error')) {
    const element = result.status === 'failed' ? 'failure' : 'error';
    const detail = [
      result.failure.step ? `failed step: ${result.failure.step}` : '',
      result.failure.message,
      result.reportPath ? `report: ${result.reportPath}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    body.push(
      `      <${element} message="${xml(firstLine(result.failure.message))}" type="${xml(result.failure.kind)}">${xml(detail)}</${element}>`,
    );
  }
  if (result.status === 'skipped') body.push('      <skipped message="left out by the tag filters"/>');
  const out = [
    result.sentence ?? '',
    ...(result.notes ?? []),
    `state directory: ${resolve(result.stateDir)}`,
    ...(result.reportPath ? [`[[ATTACHMENT|${resolve(result.reportPath)}]]`] : []),
    ...(result.videoPath ? [`[[ATTACHMENT|${resolve(result.videoPath)}]]`] : []),
    ...result.screenshots.map((name) => `screenshot ${name}`),
  ]
    .filter(Boolean)
    .join('\n');
  body.push(`      <system-out>${xml(out)}</system-out>`);
  const maestro =
    result.format === 'maestro' ? ` id="${xml(result.name)}" status="${MAESTRO_STATUS[result.status]}"` : '';
  return `    <testcase${maestro} name="${xml(result.name)}" classname="${xml(classname)}" time="${seconds(result.durationMs)}">
${body.join('\n')}
    </testcase>`;
}

const MAESTRO_STATUS: Record<FlowResult['status'], string> = {
  passed: 'SUCCESS',
  failed: 'ERROR',
  error: 'ERROR',
  skipped: 'SKIPPED',
};

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const firstLine = (text: string) => text.split('\n')[0]!.slice(0, 500);

/** Escapes for text and attributes, and drops the characters XML 1.0 cannot hold at all. */
export function xml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}
