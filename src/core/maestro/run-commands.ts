// Runs a list of Maestro commands in order: each filled (${...} through the sandbox), refused ones
// skipped when the run allows it, optional ones allowed to fail, and the control commands (runFlow
// with env and when, repeat, retry, evalScript, runScript, assertTrue) run here; the rest touch
// and look (touch-commands.ts). Pure.
import { launchApp, stopApp } from './app-commands.js';
import { checkCommand } from './check-flow.js';
import { scrollUntilVisible } from './scroll-until-visible.js';
import { nestedCommands, type MaestroCommand, type MaestroFlowFile } from './flow-model.js';
import { interpolate, interpolateDeep, isTruthy, hasExpression } from './interpolate.js';
import { MaestroFailure, whereOf, type Program, type RunContext } from './run-context.js';
import {
  assertCommand,
  copyTextFrom,
  eraseCommand,
  hideKeyboard,
  keyCommand,
  lookupTimeout,
  screenshot,
  scrollOnce,
  selectorOf,
  swipeCommand,
  tapCommand,
  typeCommand,
  waitForAnimation,
} from './touch-commands.js';

type Args = Record<string, unknown>;
const asMap = (value: unknown): Args =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Args) : {};
/** A repeat without times is bounded: a flow always ends. */
export const MAX_REPEAT_ROUNDS = 100;
const MAX_RETRIES = 3;

/** A command failed: where, which, and why, for the halt reason and the JUnit failure. */
export class CommandFailure extends Error {
  constructor(
    readonly command: MaestroCommand,
    readonly why: string,
  ) {
    super(`${whereOf(command)} ${command.name}: ${why}`);
    this.name = 'CommandFailure';
  }
}

export async function* runCommands(ctx: RunContext, commands: MaestroCommand[], onEach?: (i: number) => void): Program {
  for (const [i, command] of commands.entries()) {
    onEach?.(i);
    yield* runCommand(ctx, command);
  }
}

async function* runCommand(ctx: RunContext, command: MaestroCommand): Program {
  const refused = checkCommand(command).filter((p) => p.kind !== 'malformed');
  if (refused.length) {
    if (!ctx.options.skipUnsupported) throw new CommandFailure(command, refused[0]!.message);
    const note = `skipped ${whereOf(command)} ${command.name}: ${refused[0]!.message}`;
    ctx.notes.push(note);
    yield* ctx.call('write_note', { name: `skipped-${ctx.notes.length}`, text: note });
    return;
  }
  const optional = asMap(command.args).optional === true;
  try {
    const args = await interpolateDeep(command.args, (code) => ctx.evaluate(code));
    yield* execute(ctx, command, args);
  } catch (error) {
    if (error instanceof CommandFailure && !optional) throw error;
    if (!(error instanceof MaestroFailure) && !(error instanceof CommandFailure)) throw error;
    if (!optional) throw new CommandFailure(command, error.message);
    ctx.notes.push(`optional ${whereOf(command)} ${command.name} failed: ${error.message}`);
  }
}

async function* execute(ctx: RunContext, command: MaestroCommand, args: unknown): Program {
  const map = asMap(args);
  switch (command.name) {
    case 'tapOn':
    case 'doubleTapOn':
    case 'longPressOn':
      return yield* tapCommand(ctx, command.name, args);
    case 'assertVisible':
    case 'assertNotVisible':
      return yield* assertCommand(ctx, command.name === 'assertVisible', args);
    case 'extendedWaitUntil': {
      const timeout = Number(map.timeout ?? lookupTimeout(args));
      if (map.visible !== undefined) yield* assertCommand(ctx, true, map.visible, timeout);
      if (map.notVisible !== undefined) yield* assertCommand(ctx, false, map.notVisible, timeout);
      return;
    }
    case 'inputText':
    case 'inputRandomText':
    case 'inputRandomNumber':
    case 'inputRandomEmail':
    case 'inputRandomPersonName':
    case 'pasteText':
      return yield* typeCommand(ctx, command.name, args);
    case 'eraseText':
      return yield* eraseCommand(ctx, args);
    case 'pressKey':
      return yield* keyCommand(ctx, args);
    case 'back':
      return void (yield* ctx.must('back', {}, ['verify_failed']));
    case 'hideKeyboard':
      return yield* hideKeyboard(ctx);
    case 'scroll':
      return yield* scrollOnce(ctx);
    case 'scrollUntilVisible':
      return yield* scrollUntilVisible(ctx, selectorOf(map.element), map);
    case 'swipe':
      return yield* swipeCommand(ctx, args);
    case 'waitForAnimationToEnd':
      return yield* waitForAnimation(ctx, args);
    case 'takeScreenshot':
      return yield* screenshot(ctx, args);
    case 'copyTextFrom':
      return yield* copyTextFrom(ctx, args);
    case 'assertTrue': {
      const condition = typeof args === 'object' ? map.condition : args;
      if (!isTruthy(String(condition ?? '')))
        throw new MaestroFailure(`Assertion is false: ${rawOf(command, 'condition')}`);
      return;
    }
    case 'evalScript': {
      // ${...} ran as the value was filled; a bare script runs here.
      const raw = rawOf(command, 'script');
      if (!hasExpression(raw)) await ctx.evaluate(raw);
      return;
    }
    case 'runScript':
      return yield* runScript(ctx, command, map);
    case 'runFlow':
      return yield* runFlow(ctx, command, map);
    case 'repeat':
      return yield* repeat(ctx, command, map);
    case 'retry':
      return yield* retry(ctx, command, map);
    case 'launchApp':
      return yield* launchApp(ctx, command, map);
    case 'stopApp':
    case 'killApp':
      return yield* stopApp(ctx, command);
    case 'startRecording':
    case 'stopRecording':
      // The whole run is recorded; the note marks the moment in the run's record.
      return void (yield* ctx.call('write_note', {
        name: `recording-${command.name === 'startRecording' ? 'start' : 'stop'}`,
        text: `${command.name} at ${whereOf(command)}`,
      }));
    default:
      throw new MaestroFailure(`${command.name} cannot run here`);
  }
}

/** The command's value as written (before ${...} was filled), for messages and bare scripts. */
function rawOf(command: MaestroCommand, key: string): string {
  const args = command.args;
  return String(typeof args === 'object' && args ? (args as Args)[key] : args);
}

/** when / while: every condition given must hold (visible, notVisible, platform, true), its ${...} filled now. */
async function holds(ctx: RunContext, raw: unknown): Promise<boolean> {
  if (raw === undefined) return true;
  const when = asMap(await interpolateDeep(raw, (code) => ctx.evaluate(code)));
  if (when.visible !== undefined && !ctx.visibleNow(selectorOf(when.visible))) return false;
  if (when.notVisible !== undefined && ctx.visibleNow(selectorOf(when.notVisible))) return false;
  if (when.platform !== undefined && String(when.platform).toLowerCase() !== ctx.options.platform.toLowerCase())
    return false;
  if (when.true !== undefined && !isTruthy(String(when.true))) return false;
  return true;
}

async function* inScope(ctx: RunContext, env: Record<string, string>, body: () => Program): Program {
  const restore = await ctx.scope(env);
  try {
    yield* body();
  } finally {
    await restore();
  }
}

const stringsOf = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(asMap(value)).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]));

async function* subFlow(ctx: RunContext, command: MaestroCommand, map: Args): Program {
  const loaded: MaestroFlowFile | undefined = command.loaded;
  const inline = nestedCommands(command);
  if (!loaded && !inline.length)
    throw new MaestroFailure(
      `${command.name}: the file ${String(map.file ?? command.args)} was not loaded (a computed path)`,
    );
  // The sub-flow's own env are defaults; the caller's env for it beats them.
  const defaults: Record<string, string> = {};
  for (const [name, value] of Object.entries(loaded?.config.env ?? {}))
    defaults[name] = await interpolate(value, (code) => ctx.evaluate(code));
  yield* inScope(ctx, { ...defaults, ...stringsOf(map.env) }, async function* () {
    if (loaded) yield* runCommands(ctx, loaded.config.onFlowStart);
    yield* runCommands(ctx, loaded ? loaded.commands : inline);
    if (loaded) yield* runCommands(ctx, loaded.config.onFlowComplete);
  });
}

/** The condition as written (not filled when the command started): a loop's condition is filled each round. */
const rawCondition = (command: MaestroCommand, key: 'when' | 'while'): unknown => asMap(command.args)[key];

async function* runFlow(ctx: RunContext, command: MaestroCommand, map: Args): Program {
  if (!(await holds(ctx, rawCondition(command, 'when')))) return;
  yield* subFlow(ctx, command, map);
}

async function* runScript(ctx: RunContext, command: MaestroCommand, map: Args): Program {
  if (!(await holds(ctx, rawCondition(command, 'when')))) return;
  if (command.script === undefined) throw new MaestroFailure('runScript: the script file was not loaded');
  const source = command.script;
  yield* inScope(ctx, stringsOf(map.env), async function* () {
    await ctx.evaluate(source);
  });
}

async function* repeat(ctx: RunContext, command: MaestroCommand, map: Args): Program {
  const times = map.times === undefined ? undefined : Number(map.times);
  if (times !== undefined && !Number.isFinite(times))
    throw new MaestroFailure(`repeat: times "${String(map.times)}" is not a number`);
  const bound = times ?? MAX_REPEAT_ROUNDS;
  for (let round = 0; round < bound; round++) {
    if (!(await holds(ctx, rawCondition(command, 'while')))) return;
    yield* runCommands(ctx, nestedCommands(command));
  }
  if (times === undefined && (await holds(ctx, rawCondition(command, 'while'))))
    throw new MaestroFailure(
      `repeat: still going after ${MAX_REPEAT_ROUNDS} rounds (a repeat without times is bounded here)`,
    );
}

async function* retry(ctx: RunContext, command: MaestroCommand, map: Args): Program {
  const retries = Math.min(MAX_RETRIES, Math.max(0, Number(map.maxRetries ?? 1)));
  for (let attempt = 0; ; attempt++) {
    try {
      yield* subFlow(ctx, command, map);
      return;
    } catch (error) {
      if (!(error instanceof CommandFailure || error instanceof MaestroFailure) || attempt >= retries) throw error;
      ctx.notes.push(`retry ${whereOf(command)}: attempt ${attempt + 1} failed (${error.message}); trying again`);
    }
  }
}
