// A stand-in avrdude on PATH: a shell script that appends its arguments (one JSON array per
// call) to a log file and exits with the status the test asks for.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export interface FakeAvrdude {
  /** Prepend to PATH. */
  binDirectory: string;
  log: string;
  /** The argument lists avrdude was called with, in order. */
  calls(): string[][];
  env(exitStatus?: number): NodeJS.ProcessEnv;
}

export function makeFakeAvrdude(): FakeAvrdude {
  const binDirectory = mkdtempSync(join(tmpdir(), 'benchhand-fake-avrdude-'));
  const log = join(binDirectory, 'calls.jsonl');
  const script = join(binDirectory, 'avrdude');
  // node prints the arguments as JSON, so quoting in them cannot confuse the log.
  writeFileSync(
    script,
    `#!/bin/sh\n"${process.execPath}" -e 'process.stdout.write(JSON.stringify(process.argv.slice(1)) + "\\n")' -- "$@" >> "${log}"\necho "avrdude: 20840 bytes of flash verified (fake)"\nexit "\${FAKE_AVRDUDE_EXIT:-0}"\n`,
  );
  chmodSync(script, 0o755);
  return {
    binDirectory,
    log,
    calls: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as string[])
        : [],
    env: (exitStatus = 0) => ({
      PATH: `${binDirectory}${delimiter}${process.env.PATH ?? ''}`,
      FAKE_AVRDUDE_EXIT: String(exitStatus),
    }),
  };
}
