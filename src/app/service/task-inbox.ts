// Tasks for the service: task files dropped into STATE_DIR/inbox/ run one at a time, oldest
// first; each is moved out before it runs (so a crash never runs it twice) and ends in done/
// with its exit code in the name.
import { mkdir, readdir, rename, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';

export class TaskInbox {
  constructor(readonly stateDir: string) {}

  get inbox(): string {
    return join(this.stateDir, 'inbox');
  }

  async prepare(): Promise<void> {
    for (const dir of ['inbox', 'running', 'done']) await mkdir(join(this.stateDir, dir), { recursive: true });
  }

  /** Takes the oldest task file out of the inbox; undefined when there is none. */
  async take(): Promise<string | undefined> {
    const names = (await readdir(this.inbox)).filter((name) => /\.ya?ml$/.test(name));
    if (!names.length) return undefined;
    const dated = await Promise.all(
      names.map(async (name) => ({ name, at: (await stat(join(this.inbox, name))).mtimeMs })),
    );
    const oldest = dated.sort((a, b) => a.at - b.at)[0]!.name;
    const running = join(this.stateDir, 'running', oldest);
    await rename(join(this.inbox, oldest), running);
    return running;
  }

  async finish(running: string, exitCode: number | null): Promise<string> {
    const done = join(
      this.stateDir,
      'done',
      `${new Date().toISOString().replace(/[:.]/g, '-')}-exit${exitCode ?? 'signal'}-${basename(running)}`,
    );
    await rename(running, done);
    return done;
  }
}
