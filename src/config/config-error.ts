// A configuration that cannot be used for a reason outside the schema (a file that is not there
// or cannot be read). Each problem says what, where and what to do; schema problems are
// YamlFileErrors, with line numbers.
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? problems[0]!
        : `the configuration is not usable:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}
