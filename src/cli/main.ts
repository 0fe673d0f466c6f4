// The `benchhand` command: one entry point, one subcommand per file under commands/. Each is
// imported when it is asked for, so a light command (findings, control, config) does not pay for
// loading the reader, the camera and the MCU link that `run` needs.
import { EXIT_BAD_INPUT, HelpRequested, UsageError } from './args.js';

type Subcommand = (argv: string[]) => Promise<number>;

const SUBCOMMANDS: Record<string, { run: Subcommand; summary: string }> = {
  console: {
    run: async (argv) => (await import('./commands/console.js')).consoleCommand(argv),
    summary: 'a raw REPL to the MCU: type commands, see the frames and decoded replies',
  },
  demo: {
    run: async (argv) => (await import('./commands/demo.js')).demoCommand(argv),
    summary:
      'run the Wi-Fi task on a virtual bench with live progress (what `npm start` runs); --link: the MCU link alone',
  },
  run: {
    run: async (argv) => (await import('./commands/run.js')).runCommand(argv),
    summary: 'run a task on a virtual bench (--sim, --bench) or the rig, with the script or an LLM',
  },
  test: {
    run: async (argv) => (await import('./commands/test.js')).testCommand(argv),
    summary:
      'run flows (files or folders) one after another on one bench: a report per flow, a suite page, JUnit XML for CI (--format junit)',
  },
  mcp: {
    run: async (argv) => (await import('./commands/mcp.js')).mcpCommand(argv),
    summary:
      'serve the bench to any MCP client (stdio, or Streamable HTTP with a token): each tool call one guarded, journaled, verified step of a run',
  },
  resume: {
    run: async (argv) => (await import('./commands/run.js')).resumeCommand(argv),
    summary: 'pick a saved run up: read its record, look at the device, decide (continue, verify then retry, or stop)',
  },
  estop: {
    run: async (argv) => (await import('./commands/estop.js')).estopCommand(argv),
    summary: "the bench's latched e-stop: status, or release it (at the bench only: never over MQTT)",
  },
  control: {
    run: async (argv) => (await import('./commands/control.js')).controlCommand(argv),
    summary: 'pause, resume, stop or redirect a running task (taken at its next safe point)',
  },
  sim: {
    run: async (argv) => (await import('./commands/sim.js')).simCommand(argv),
    summary: 'start the virtual bench (simulated MCU, device, camera) and print how to connect',
  },
  findings: {
    run: async (argv) => (await import('./commands/findings.js')).findingsCommand(argv),
    summary: 'list what the agent found; acknowledge, start, resolve, dismiss (with a note) or reopen a finding',
  },
  fault: {
    run: async (argv) => (await import('./commands/fault.js')).faultCommand(argv),
    summary: 'switch on a fault in a running virtual bench',
  },
  calibrate: {
    run: async (argv) => (await import('./commands/calibrate.js')).calibrateCommand(argv),
    summary: 'find the screen in the camera picture, confirm its corners, write the calibration (JSON)',
  },
  config: {
    run: async (argv) => (await import('./commands/config.js')).configCommand(argv),
    summary:
      "check the bench's config file (config check [FILE] [--print]): OK with a line per section, or each problem with its line and fix",
  },
  ocr: {
    run: async (argv) => (await import('./commands/ocr.js')).ocrCommand(argv),
    summary: 'read a camera picture (or screenshot) as the agent would: text with boxes, and a quality verdict',
  },
  report: {
    run: async (argv) => (await import('./commands/report.js')).reportCommand(argv),
    summary:
      "write one self-contained HTML page for a run: each step's picture, OCR boxes, tap, verification; findings, errors, budgets",
  },
  ops: {
    run: async (argv) => (await import('./commands/ops.js')).opsCommand(argv),
    summary: "the operator's client for benches on an MQTT broker: list them, follow one live, send a command",
  },
  flash: {
    run: async (argv) => (await import('./commands/flash.js')).flashCommand(argv),
    summary:
      'write the firmware to the board (avrdude for Leonardo/Pro Micro; PlatformIO or a UF2 for the Pico), then shake hands with it',
  },
  service: {
    run: async (argv) => (await import('./commands/service.js')).serviceCommand(argv),
    summary:
      'the bench as a service (what systemd runs): health checks feed the watchdog; runs the task files dropped into its inbox',
  },
  doctor: {
    run: async (argv) => (await import('./commands/doctor.js')).doctorCommand(argv),
    summary:
      'check this machine for the bench: serial, firmware, camera, GPIO, OCR data, broker, disk, clock; each a pass or a fix',
  },
  'sim-mcu': {
    run: async (argv) => (await import('./commands/sim-mcu.js')).simMcuCommand(argv),
    summary: 'start the simulated MCU on a pseudo-terminal and print its serial path',
  },
};

function help(): string {
  const width = Math.max(...Object.keys(SUBCOMMANDS).map((name) => name.length));
  return [
    'usage: benchhand <command> [options]',
    '',
    'commands:',
    ...Object.entries(SUBCOMMANDS).map(([name, { summary }]) => `  ${name.padEnd(width)}  ${summary}`),
    '',
    'Run `benchhand <command> --help` for its options.',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(`${help()}\n`);
    return name ? 0 : 2;
  }
  const subcommand = SUBCOMMANDS[name];
  if (!subcommand) {
    process.stderr.write(`benchhand: unknown command "${name}"\n\n${help()}\n`);
    return 2;
  }
  try {
    return await subcommand.run(rest);
  } catch (error) {
    if (error instanceof HelpRequested) {
      process.stdout.write(`usage: ${error.usage}\n`);
      return 0;
    }
    process.stderr.write(`benchhand ${name}: ${(error as Error).message}\n`);
    return error instanceof UsageError ? EXIT_BAD_INPUT : 1;
  }
}
