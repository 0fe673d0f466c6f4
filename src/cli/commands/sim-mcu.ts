// `benchhand sim-mcu`: starts the simulated MCU (the real firmware core, built natively) on a
// pseudo-terminal and prints how to connect to it. Runs until Ctrl-C.
import { NativeSimMcu } from '../../sim/mcu/native-sim-mcu.js';
import { parseOptions, UsageError } from '../args.js';

const USAGE = 'benchhand sim-mcu [--link PATH] [--events FILE] [--workspace WxH]';

export async function simMcuCommand(argv: string[]): Promise<number> {
  const { values } = parseOptions(
    argv,
    {
      link: { type: 'string' },
      events: { type: 'string' },
      workspace: { type: 'string' },
    },
    USAGE,
  );
  let workspace: { width: number; height: number } | undefined;
  if (values.workspace) {
    const match = /^(\d+)x(\d+)$/.exec(values.workspace);
    if (!match)
      throw new UsageError(
        `--workspace must be WIDTHxHEIGHT in actuator units, like 1080x2400; got "${values.workspace}"\nusage: ${USAGE}`,
      );
    workspace = { width: Number(match[1]), height: Number(match[2]) };
  }
  const mcu = await NativeSimMcu.start({ linkPath: values.link, eventsFile: values.events, workspace });
  process.stdout.write(`${mcu.path}\n`);
  process.stderr.write(
    `simulated MCU running (pid ${mcu.pid}) on ${mcu.ptyPath}` +
      `${values.link ? ` (stable path ${values.link})` : ''}${values.events ? `, actuation log ${values.events}` : ''}\n` +
      `connect with: benchhand console --port ${mcu.path}\nCtrl-C stops it.\n`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await mcu.stop();
  return 0;
}
