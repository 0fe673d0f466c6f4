// The bench's parts as extensions with a start and a stop (zigbee2mqtt's controller is the model).
// They start in the order they were added, each after the parts it needs, and stop in the reverse
// of the order they really started: a bench that failed half way up stops what did start, and
// stop() may be called again, or after a start that threw.

export interface Extension {
  readonly name: string;
  /** Started first when this one is asked for. */
  readonly needs?: readonly string[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

export class Lifecycle {
  private readonly extensions: Extension[] = [];
  private readonly started: Extension[] = [];
  private stopping = false;

  add(extension: Extension): void {
    if (this.extensions.some((known) => known.name === extension.name))
      throw new Error(`the bench has two parts named ${extension.name}: this is a bug in src/app/bench/open-bench.ts`);
    this.extensions.push(extension);
  }

  has(name: string): boolean {
    return this.extensions.some((extension) => extension.name === name);
  }

  isStarted(name: string): boolean {
    return this.started.some((extension) => extension.name === name);
  }

  /** Starts the named parts (all when none are named) in the order added; a started part is not started again. */
  async start(names?: readonly string[]): Promise<void> {
    if (this.stopping) throw new Error('the bench is stopping: it cannot start a part now');
    const wanted = new Set(names ?? this.extensions.map((extension) => extension.name));
    for (const name of wanted)
      if (!this.has(name)) throw new Error(`the bench was opened without a ${name}: name it in openBench's settings`);
    for (const extension of this.extensions) {
      if (!wanted.has(extension.name) || this.isStarted(extension.name)) continue;
      if (extension.needs?.length) await this.start(extension.needs.filter((need) => this.has(need)));
      await extension.start();
      this.started.push(extension);
    }
  }

  /** Stops every started part, the last started first; one part's failure does not keep the rest up. */
  async stop(onError: (name: string, error: Error) => void = () => undefined): Promise<void> {
    this.stopping = true;
    try {
      for (let extension = this.started.pop(); extension; extension = this.started.pop()) {
        await extension.stop().catch((error: Error) => onError(extension!.name, error));
      }
    } finally {
      this.stopping = false;
    }
  }
}
