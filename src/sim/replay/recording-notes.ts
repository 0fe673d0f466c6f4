// What a recording's events leave open, in words: events that end in a state DroidBot never saved
// (the replay stays put when an input follows one), and inputs recorded with several outcomes
// (the replay follows the first unless the replay file says otherwise).
import { sameInput } from './follow-event.js';
import type { Recording } from './recording.js';

const followable = new Set(['touch', 'long_touch', 'set_text', 'key', 'scroll']);

export function recordingNotes(recording: Recording, follow: ReadonlySet<string>): string[] {
  const notes: string[] = [];
  const fromSaved = recording.events.filter((e) => followable.has(e.type) && recording.states.has(e.start));
  const unsaved = fromSaved.filter((e) => !recording.states.has(e.stop));
  if (unsaved.length > 0)
    notes.push(
      `${unsaved.length} of ${fromSaved.length} recorded inputs end in a state the recording never saved ` +
        `(no states/state_*.json, e.g. event ${unsaved[0]!.tag}): such an input stays on its screen and says so`,
    );
  const seen = new Set<string>();
  let several = 0;
  for (const event of fromSaved) {
    const outcomes = sameInput(recording, event);
    const key = outcomes[0]!.tag;
    if (seen.has(key)) continue;
    seen.add(key);
    if (new Set(outcomes.map((e) => e.stop)).size > 1) several++;
  }
  if (several > 0)
    notes.push(
      `${several} recorded input(s) led to different states at different times: the first recorded outcome is followed` +
        `${follow.size ? ', or the one the replay file names under follow:' : ' (a replay file can name another under follow:)'}`,
    );
  const unknown = [...follow].filter((tag) => !recording.events.some((e) => e.tag === tag));
  if (unknown.length > 0)
    throw new Error(`follow: names event(s) ${unknown.join(', ')} that are not in ${recording.dir}/events`);
  return notes;
}
