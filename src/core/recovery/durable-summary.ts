// The saved run in words for a model that starts a fresh session (after a resume or a context
// overflow): the four pieces of evidence — continuation id, saved state, saved errors, output
// tail — each capped, so the summary stays bounded however long the run was. Pure.
import type { Checkpoint } from '../state/checkpoint.js';

const SUMMARY_MAX_CHARS = 6000;

const cap = (lines: string[], max: number): string[] =>
  lines.length > max ? [`(${lines.length - max} earlier lines left out)`, ...lines.slice(-max)] : lines;

export function durableSummary(checkpoint: Checkpoint, preface: string[] = []): string {
  return [
    ...preface,
    `Continuation ${checkpoint.continuationId}, saved at step ${checkpoint.state.step} (${checkpoint.status}). Goal: ${checkpoint.state.goal}`,
    checkpoint.state.pending.length
      ? `Still to do (as planned):\n${cap(
          checkpoint.state.pending.map((p) => `- ${p}`),
          10,
        ).join('\n')}`
      : '',
    `Completed so far:\n${
      cap(
        checkpoint.state.completed.map((c) => `- step ${c.step}: ${c.summary}`),
        20,
      ).join('\n') || '- nothing'
    }`,
    `What went wrong so far:\n${
      cap(
        checkpoint.errors.map((e) => `- ${e.code}: ${e.message}`),
        8,
      ).join('\n') || '- nothing'
    }`,
    `Last lines of the run's output:\n${cap(checkpoint.outputTail, 10).join('\n')}`,
  ]
    .filter(Boolean)
    .join('\n\n')
    .slice(0, SUMMARY_MAX_CHARS);
}
