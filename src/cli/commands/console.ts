// `benchhand console --port PATH`: a raw REPL to the MCU. Every frame in and out is shown, and
// each command's outcome is decoded — the first tool to reach for after flashing.
import { createInterface } from 'node:readline';
import type { ActionOutcome, McuPort } from '../../core/ports/mcu.js';
import { openBench } from '../../app/bench/open-bench.js';
import { CONSOLE_HELP, parseConsoleInput, type ConsoleRequest } from '../console-input.js';
import { defaultStateDir, parseOptions, UsageError } from '../args.js';

const USAGE = 'benchhand console --port PATH [--state-dir DIR] [--quiet]';

export async function consoleCommand(argv: string[]): Promise<number> {
  const { values } = parseOptions(
    argv,
    {
      port: { type: 'string' },
      'state-dir': { type: 'string' },
      quiet: { type: 'boolean' },
    },
    USAGE,
  );
  if (!values.port)
    throw new UsageError(
      `--port is required: the MCU's serial device (e.g. /dev/ttyACM0, or the path \`benchhand sim-mcu\` printed)\nusage: ${USAGE}`,
    );
  const stateDir = values['state-dir'] ?? defaultStateDir();
  const trace = values.quiet ? undefined : heartbeatFilteredTrace();
  const bench = openBench({
    stateDir,
    mcu: { path: values.port, commandIds: 'state-dir', ...(trace ? { trace } : {}) },
  });
  try {
    await bench.start('mcu');
    return await repl(bench.get('mcu'));
  } finally {
    await bench.stop();
  }
}

async function repl(link: McuPort): Promise<number> {
  const info = link.info;
  print(
    `connected: ${info.board} firmware ${info.firmwareVersion}, protocol ${info.protocolVersion}, boot ${info.bootId} (${info.resetReason}), state ${info.state}, last id ${info.lastCommandId}`,
  );
  print(
    `workspace ${info.limits.workspace.width}x${info.limits.workspace.height}, caps ${info.capabilities.join(',')}. Type help for commands.`,
  );
  link.onEvent((event) => print(`event: ${JSON.stringify(event)}`));

  const input = createInterface({ input: process.stdin, terminal: process.stdin.isTTY });
  for await (const line of input) {
    const request = parseConsoleInput(line);
    if (!request) continue;
    if (request.kind === 'quit') break;
    try {
      print(await handle(link, request));
    } catch (error) {
      print(`error: ${(error as Error).message}`);
    }
  }
  return 0;
}

async function handle(link: McuPort, request: ConsoleRequest): Promise<string> {
  switch (request.kind) {
    case 'help':
      return CONSOLE_HELP;
    case 'error':
      return `error: ${request.message}`;
    case 'tap':
      return describe(await link.tap(request));
    case 'type':
      return describe(await link.type(request.text, { onProgress: (n, total) => print(`typing ${n}/${total}`) }));
    case 'key':
      return describe(await link.key(request));
    case 'home':
      return describe(await link.home());
    case 'swipe':
      return describe(await link.swipe(request));
    case 'longpress':
      return describe(await link.longPress(request));
    case 'control':
      return control(link, request.verb);
    default:
      return '';
  }
}

async function control(link: McuPort, verb: 'ESTOP' | 'CLEAR' | 'STATUS' | 'PING'): Promise<string> {
  if (verb === 'ESTOP')
    return (
      await link.emergencyStop(),
      'emergency stop latched and recorded in the state directory: every actuator released; CLEAR (here, at the bench) releases it'
    );
  if (verb === 'CLEAR')
    return (
      await link.clearEmergencyStop(),
      'emergency stop released (MCU and record); the MCU arms again before the next command'
    );
  const status = await link.status();
  return `state ${status.state}, ${status.queued} queued, last id ${status.lastCommandId}`;
}

export function describe(outcome: ActionOutcome): string {
  const n = 'n' in outcome && outcome.n !== undefined ? ` (n=${outcome.n})` : '';
  switch (outcome.kind) {
    case 'done':
      return `id ${outcome.id}: done${n}`;
    case 'already':
      return `id ${outcome.id}: already done before (result ${outcome.result})${n}; nothing moved`;
    default:
      return `id ${outcome.id}: ${outcome.kind}: ${outcome.message}`;
  }
}

/** Shows every frame except the heartbeat's PINGs and their answers, which would drown the rest. */
function heartbeatFilteredTrace() {
  const pingSeqs = new Set<string>();
  return (direction: 'tx' | 'rx', line: string) => {
    const [first, second] = line.split(' ');
    if (direction === 'tx' && line.split(' ')[2] === 'PING') return void pingSeqs.add(first!);
    if (direction === 'rx' && first === 'DONE' && pingSeqs.delete(second!)) return;
    print(`${direction === 'tx' ? '->' : '<-'} ${line}`);
  };
}

function print(text: string): void {
  process.stdout.write(`${text}\n`);
}
