import { describe, expect, it } from 'vitest';
import { DeviceFileError, parseDeviceFile } from '../../../src/sim/device/load.js';

const valid = `name: test
resolution: { width: 1080, height: 2400 }
start: home
screens:
  home:
    elements:
      - text: Hello
      - button: Next
        onTap: [{ goto: next }]
  next:
    elements: []
`;

function problems(text: string) {
  try {
    parseDeviceFile(text, 'test.yaml');
  } catch (error) {
    if (error instanceof DeviceFileError) return error.problems;
    throw error;
  }
  throw new Error('expected the device file to be rejected');
}

describe('device file loading', () => {
  it('accepts a valid file and fills defaults', () => {
    const file = parseDeviceFile(valid);
    expect(file.theme).toBe('light');
    expect(file.screens.home?.elements).toHaveLength(2);
  });

  it('names the line and field of an unknown key', () => {
    const [problem] = problems(valid.replace('      - text: Hello', '      - text: Hello\n        colour: red'));
    expect(problem).toMatchObject({ line: 8, field: 'screens.home.elements[0].colour' });
    expect(problem!.message).toMatch(/unknown key "colour"/);
  });

  it('points a wrong type at its own line, choosing the element kind the author wrote', () => {
    const [problem] = problems(valid.replace('- button: Next', '- button: 42'));
    expect(problem).toMatchObject({ line: 8, field: 'screens.home.elements[1].button' });
  });

  it('says what to add for a missing field, at the parent line', () => {
    const [problem] = problems(valid.replace('start: home\n', ''));
    expect(problem).toMatchObject({ line: 1, field: 'start' });
    expect(problem!.message).toMatch(/missing: add "start"/);
  });

  it('lists the element kinds for something that is none of them', () => {
    const [problem] = problems(valid.replace('- text: Hello', '- label: Hello'));
    expect(problem).toMatchObject({ line: 7, field: 'screens.home.elements[0]' });
    expect(problem!.message).toMatch(/not a known element: use one of text, button/);
  });

  it('checks that goto names a screen', () => {
    const [problem] = problems(valid.replace('goto: next', 'goto: nowhere'));
    expect(problem).toMatchObject({ line: 9, field: 'screens.home.elements[1].onTap[0].goto' });
    expect(problem!.message).toMatch(/no screen "nowhere": use one of home, next/);
  });

  it('reports YAML syntax errors with their line', () => {
    const [problem] = problems(valid.replace('start: home', 'start: [home'));
    expect(problem!.line).toBeGreaterThanOrEqual(3);
    expect(problem!.message).toMatch(/fix the YAML\/JSON syntax/);
  });

  it('reads JSON the same way, with lines', () => {
    const json = JSON.stringify(
      {
        name: 'j',
        resolution: { width: 1080, height: 2400 },
        start: 'a',
        screens: { a: { elements: [{ toggle: 'x', lable: 'X' }] } },
      },
      null,
      2,
    );
    const found = problems(json);
    expect(found.map((p) => p.field)).toEqual(expect.arrayContaining(['screens.a.elements[0].lable']));
    expect(found.find((p) => p.field.endsWith('lable'))!.line).toBe(13);
  });

  it('puts line and field in the error message', () => {
    expect(() => parseDeviceFile(valid.replace('goto: next', 'goto: nowhere'), 'x.yaml')).toThrow(
      /x\.yaml: 1 problem.*\n  line 9, screens\.home/,
    );
  });
});
