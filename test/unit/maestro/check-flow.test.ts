// Loading a Maestro flow: every command that needs a driver (or Maestro's cloud, or a key the USB
// keyboard lacks) is refused naming the file, the line, the command and why; a wrong file is
// malformed; nested commands and sub-flow files are checked where they are written.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFlow } from '../../../src/core/maestro/check-flow.js';
import { readMaestroFlow } from '../../../src/app/suite/maestro/read-maestro-file.js';
import { maestroFolder } from './maestro-files.js';

const HEADER = 'appId: com.example\n---\n';
const problemsOf = (commands: string, extra: Record<string, string> = {}) => {
  const root = maestroFolder({ 'flow.yaml': HEADER + commands, ...extra });
  const flow = readMaestroFlow(join(root, 'flow.yaml'));
  return checkFlow(flow).map((p) => ({ ...p, file: p.file.replace(`${root}/`, '') }));
};

describe('checking a Maestro flow at load', () => {
  it('refuses an id selector with the file, the line and the reason, nested ones too', () => {
    const problems = problemsOf(
      '- tapOn: Login\n- tapOn:\n    id: login_button\n- runFlow:\n    commands:\n      - assertVisible:\n          text: Hi\n          below:\n            id: header\n',
    );
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'flow.yaml',
        line: 4,
        command: 'tapOn',
        kind: 'driver',
        message: expect.stringMatching(/^tapOn with an id selector needs a driver on the device/),
      }),
      expect.objectContaining({ file: 'flow.yaml', line: 8, command: 'assertVisible', kind: 'driver' }),
    ]);
  });

  it('refuses clearState and launchApp with clearState or permissions; a plain launchApp loads', () => {
    const problems = problemsOf(
      '- launchApp\n- clearState\n- launchApp:\n    clearState: true\n    permissions: { all: allow }\n',
    );
    expect(problems.map((p) => [p.line, p.message.split(':')[0]])).toEqual([
      [4, 'clearState needs a driver on the device'],
      [5, 'launchApp with clearState needs a driver on the device'],
      [5, 'launchApp with permissions needs a driver on the device'],
    ]);
  });

  it('refuses text the US keyboard cannot type, but not what ${...} computes as the flow runs', () => {
    const problems = problemsOf('- inputText: "caf\u00e9"\n- inputText: ${output.name}\n- inputText: plain ascii\n');
    expect(problems).toEqual([
      expect.objectContaining({ line: 3, kind: 'keyboard', message: expect.stringContaining('"\u00e9"') }),
    ]);
  });

  it('calls an unknown command or field malformed, not refused', () => {
    expect(problemsOf('- tapOnn: Login\n')[0]).toMatchObject({ kind: 'malformed', line: 3, command: 'tapOnn' });
    expect(problemsOf('- tapOn:\n    txt: Login\n')[0]).toMatchObject({
      kind: 'malformed',
      message: expect.stringMatching(/no field txt/),
    });
  });

  it('checks a runFlow file where it is run, and stops at a cycle naming the line', () => {
    const problems = problemsOf('- runFlow: sub/a.yaml\n', {
      'sub/a.yaml': `${HEADER}- setLocation:\n    latitude: 1\n    longitude: 2\n`,
    });
    expect(problems).toEqual([
      expect.objectContaining({ file: 'sub/a.yaml', line: 3, command: 'setLocation', kind: 'driver' }),
    ]);
    expect(() => problemsOf('- runFlow: flow.yaml\n')).toThrow(
      /flow\.yaml:3: runFlow flow\.yaml runs a flow that is already running/,
    );
  });

  it("refuses a web flow's launchApp (a browser Maestro drives) and Maestro's cloud AI as a service", () => {
    const root = maestroFolder({
      'web.yaml': 'url: https://example.com\n---\n- launchApp\n- assertWithAI: a login screen\n',
    });
    const problems = checkFlow(readMaestroFlow(join(root, 'web.yaml')));
    expect(problems.map((p) => p.kind)).toEqual(['driver', 'service']);
  });
});
