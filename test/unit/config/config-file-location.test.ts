import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/config-error.js';
import { configFileToUse, DEFAULT_CONFIG_FILE } from '../../../src/config/config-file-location.js';

const exists =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe('which config file a command reads', () => {
  it('the named one, else $BENCHHAND_CONFIG, else /etc/benchhand/config.yaml if it exists, else none', () => {
    expect(
      configFileToUse('/a.yaml', { BENCHHAND_CONFIG: '/b.yaml' }, exists('/a.yaml', '/b.yaml', DEFAULT_CONFIG_FILE)),
    ).toBe('/a.yaml');
    expect(configFileToUse(undefined, { BENCHHAND_CONFIG: '/b.yaml' }, exists('/b.yaml', DEFAULT_CONFIG_FILE))).toBe(
      '/b.yaml',
    );
    expect(configFileToUse(undefined, {}, exists(DEFAULT_CONFIG_FILE))).toBe(DEFAULT_CONFIG_FILE);
    expect(configFileToUse(undefined, {}, exists())).toBeUndefined();
  });

  it('"none" switches the config off, even the installed one', () => {
    expect(configFileToUse('none', {}, exists(DEFAULT_CONFIG_FILE))).toBeUndefined();
    expect(configFileToUse(undefined, { BENCHHAND_CONFIG: 'none' }, exists(DEFAULT_CONFIG_FILE))).toBeUndefined();
  });

  it('a named file that is not there is an error that says where the name came from', () => {
    expect(() => configFileToUse('/missing.yaml', {}, exists())).toThrow(ConfigError);
    expect(() => configFileToUse('/missing.yaml', {}, exists())).toThrow(
      /--config names \/missing.yaml, which does not exist/,
    );
    expect(() => configFileToUse(undefined, { BENCHHAND_CONFIG: '/gone.yaml' }, exists())).toThrow(
      /\$BENCHHAND_CONFIG names \/gone.yaml/,
    );
  });
});
