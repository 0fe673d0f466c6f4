import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { YamlFileError } from '../../../src/config/yaml-schema.js';
import { calibrationFromConfig } from '../../../src/config/calibration-from-config.js';
import { ConfigError } from '../../../src/config/config-error.js';
import { checkReferencedFiles } from '../../../src/config/referenced-files.js';
import { CALIBRATION, load, tempFolder, writeCalibration } from './config-test-helpers.js';

describe('the files a config names', () => {
  it('a calibration file is loaded with the calibration schema, an inline block used as it is', () => {
    const folder = tempFolder();
    writeCalibration(folder);
    expect(
      calibrationFromConfig(load(['calibration: { file: calibration.json }'], {}, folder).config.calibration!),
    ).toEqual(CALIBRATION);
    expect(calibrationFromConfig(load([`calibration: ${JSON.stringify(CALIBRATION)}`]).config.calibration!)).toEqual(
      CALIBRATION,
    );
  });

  it('a calibration file that is missing says how to make one; a wrong one names its own line', () => {
    const folder = tempFolder();
    expect(() => calibrationFromConfig({ file: join(folder, 'nope.json') })).toThrow(ConfigError);
    expect(() => calibrationFromConfig({ file: join(folder, 'nope.json') })).toThrow(
      /cannot read the calibration .*nope.json \(ENOENT\); make one with `benchhand calibrate/,
    );
    const bad = writeCalibration(
      folder,
      { ...CALIBRATION, actuator: { affine: [1, 0, 0], source: 'identity' } },
      'bad.json',
    );
    try {
      calibrationFromConfig({ file: bad });
      throw new Error('expected a YamlFileError');
    } catch (error) {
      expect(error).toBeInstanceOf(YamlFileError);
      expect((error as YamlFileError).problems[0]).toMatchObject({
        field: 'actuator.affine',
        message: expect.stringMatching(/6 numbers/),
      });
      expect((error as YamlFileError).problems[0]!.line).toBeGreaterThan(1);
    }
  });

  it('checks the calibration, the broker CA and replayed pictures, and reports each missing one', () => {
    const folder = tempFolder();
    writeFileSync(join(folder, 'ca.pem'), 'not checked beyond being readable');
    const fine = load(
      [
        'calibration: { file: cal.json }',
        'mqtt: { url: "mqtts://b:8883", tlsCa: ca.pem }',
        'camera: { source: "replay:ca.pem" }',
      ],
      {},
      folder,
    );
    writeCalibration(folder, CALIBRATION, 'cal.json');
    expect(checkReferencedFiles(fine.config)).toEqual({ problems: [], calibration: CALIBRATION });
    const broken = load(
      [
        'calibration: { file: none.json }',
        'mqtt: { url: "mqtts://b:8883", tlsCa: none.pem }',
        'camera: { source: "replay:frames" }',
      ],
      {},
      folder,
    );
    const { problems } = checkReferencedFiles(broken.config);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^mqtt.tlsCa: cannot read .*none.pem \(ENOENT\)/);
    expect(problems[1]).toMatch(/^camera.source: cannot read .*frames/);
    expect(problems[2]).toMatch(/^calibration.file: cannot read the calibration/);
  });
});
