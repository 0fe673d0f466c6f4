// A bench's device tags (model, os, resolution, ...) and a job's required tags, as k=v pairs.
// A job names the tags it needs; a bench offers its own; the job fits a bench when every tag it
// needs is offered with the same value. On the broker each set of required tags becomes one topic
// level (its selector), and a bench subscribes to the selector of every subset of its own tags:
// the broker then only ever hands a bench jobs it fits (see job-topics in TOPICS.md).
export type Tags = Record<string, string>;

export const TAG_KEY_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;
export const TAG_VALUE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const TAG_KEY_RULE = '1 to 32 of a-z, 0-9, "_" and "-", starting with a letter';
export const TAG_VALUE_RULE = '1 to 64 of letters, digits, ".", "_" and "-", starting with a letter or digit';
/** 2^6 = 64 subscriptions per bench at most: more tags would make the subscription list explode. */
export const MAX_BENCH_TAGS = 6;
/** The selector of a job that needs no tag: any bench of the pool fits it. */
export const ANY_SELECTOR = 'any';

export type TagsParse = { ok: true; tags: Tags } | { ok: false; message: string };

/** "model=pixel-7,os=android-14" (also repeated flags joined by ","); empty text: no tags. */
export function parseTags(text: string): TagsParse {
  const tags: Tags = {};
  for (const pair of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.indexOf('=');
    if (at <= 0) return { ok: false, message: `"${pair}" is not KEY=VALUE (e.g. model=pixel-7)` };
    const key = pair.slice(0, at);
    const value = pair.slice(at + 1);
    const problem = tagProblem(key, value);
    if (problem) return { ok: false, message: problem };
    if (key in tags && tags[key] !== value)
      return { ok: false, message: `tag ${key} is given twice with different values (${tags[key]}, ${value})` };
    tags[key] = value;
  }
  return { ok: true, tags };
}

export function tagProblem(key: string, value: string): string | undefined {
  if (!TAG_KEY_PATTERN.test(key)) return `tag key "${key}" must be ${TAG_KEY_RULE}`;
  if (!TAG_VALUE_PATTERN.test(value)) return `tag ${key}'s value "${value}" must be ${TAG_VALUE_RULE}`;
  return undefined;
}

/** Whether a bench offering `offered` fits a job needing `required`. */
export function tagsFit(required: Tags, offered: Tags): boolean {
  return Object.entries(required).every(([key, value]) => offered[key] === value);
}

/** The topic level for a set of required tags: sorted k=v joined by ",", or "any". */
export function selectorOf(tags: Tags): string {
  const keys = Object.keys(tags).sort();
  return keys.length ? keys.map((key) => `${key}=${tags[key]}`).join(',') : ANY_SELECTOR;
}

/** Every selector a bench with these tags fits: one per subset of its tags (the empty one is "any"). */
export function selectorsFor(offered: Tags): string[] {
  const keys = Object.keys(offered).sort();
  if (keys.length > MAX_BENCH_TAGS)
    throw new Error(
      `a bench may offer at most ${MAX_BENCH_TAGS} tags (it offers ${keys.length}: ${keys.join(', ')}): drop the ones no job asks for`,
    );
  const selectors: string[] = [];
  for (let mask = 0; mask < 1 << keys.length; mask += 1) {
    const subset: Tags = {};
    keys.forEach((key, i) => {
      if (mask & (1 << i)) subset[key] = offered[key]!;
    });
    selectors.push(selectorOf(subset));
  }
  return selectors;
}

export const formatTags = (tags: Tags): string =>
  Object.keys(tags)
    .sort()
    .map((k) => `${k}=${tags[k]}`)
    .join(',') || '(none)';
