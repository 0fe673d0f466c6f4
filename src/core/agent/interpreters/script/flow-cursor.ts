// Where a script is: one entry per nested list of steps, outermost first. A list is the task's
// steps, an `if`'s then/else, a sub-flow's steps (run_flow) or a repeat's body. A repeat's entry
// counts the rounds it finished (`done`), so a resumed run goes on in the same round. Pure.
import type { ScriptStep } from '../../task/task-schema.js';
import { describeStep } from './step-to-call.js';

export type Branch = 'then' | 'else' | 'flow' | 'repeat';
export interface CursorEntry {
  index: number;
  branch?: Branch;
  done?: number;
}

/** The list of steps a container step opens on the given branch. */
function childSteps(step: ScriptStep | undefined, branch: Branch | undefined): ScriptStep[] {
  if (!step) return [];
  if ((branch === 'then' || branch === 'else') && 'if' in step)
    return (branch === 'then' ? step.then : step.else) ?? [];
  if (branch === 'flow' && 'run_flow' in step) return step.loaded?.steps ?? [];
  if (branch === 'repeat' && 'repeat' in step) return step.repeat.steps;
  return [];
}

export class FlowCursor {
  readonly path: CursorEntry[];

  constructor(
    private readonly root: ScriptStep[],
    path?: CursorEntry[],
  ) {
    this.path = path?.map((p) => ({ ...p })) ?? [{ index: 0 }];
  }

  entry(): CursorEntry {
    return this.path.at(-1)!;
  }

  current(): ScriptStep | undefined {
    return this.stepsAt(this.path.length - 1)[this.entry().index];
  }

  /** Goes into the current step's then/else, sub-flow or repeat body. */
  enter(branch: Branch): void {
    this.path.push({ index: 0, branch });
  }

  /** Moves past the current step; a finished list continues after its container, except a repeat's body, which goes back to its repeat to decide on another round. */
  advance(): void {
    const last = this.entry();
    last.index++;
    delete last.done;
    while (this.path.length > 1 && this.entry().index >= this.stepsAt(this.path.length - 1).length) {
      const finished = this.path.pop()!;
      const parent = this.entry();
      if (finished.branch === 'repeat') {
        parent.done = (parent.done ?? 0) + 1;
        return;
      }
      parent.index++;
      delete parent.done;
    }
  }

  stepsAt(depth: number): ScriptStep[] {
    let steps = this.root;
    for (let d = 1; d <= depth; d++) steps = childSteps(steps[this.path[d - 1]!.index], this.path[d]!.branch);
    return steps;
  }

  /** E.g. "3/repeat.2" (step 2 of the repeat at step 3), "3[2]/repeat.2" in its second round. Unique per call. */
  position(): string {
    return this.path
      .map((p) => `${p.branch ? `${p.branch}.` : ''}${p.index + 1}${p.done ? `[${p.done + 1}]` : ''}`)
      .join('/');
  }

  pending(): string[] {
    const remaining: string[] = [];
    for (let depth = this.path.length - 1; depth >= 0; depth--) {
      const steps = this.stepsAt(depth);
      remaining.push(
        ...steps.slice(this.path[depth]!.index + (depth === this.path.length - 1 ? 0 : 1)).map(describeStep),
      );
    }
    return remaining;
  }
}
