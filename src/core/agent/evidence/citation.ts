// A citation: an on-screen text that shows a claim, optionally placed ("Connected" below
// "HomeNet-5G", "Saved" in: toast). A result or a final answer carries citations, and the run
// checks each on a fresh frame before it ends. Pure.
import { z } from 'zod';
import { placeFields } from '../tools/place-args.js';

// Kept small: the model sees this schema on every request.
const anchor = z.string().min(1).max(200).optional();
export const citationSchema = z
  .object({
    text: z.string().min(1).max(200),
    in: placeFields.in,
    contains: placeFields.contains,
    below: anchor,
    above: anchor,
    near: anchor,
    right_of: anchor,
    left_of: anchor,
  })
  .strict();

export type Citation = z.output<typeof citationSchema>;

export const citationsField = z
  .array(citationSchema)
  .min(1)
  .max(8)
  .describe(
    'whole on-screen texts that show the result, placed when the text alone says little: {"text":"Connected","below":"HomeNet-5G"}',
  );

/** One citation as checked on the fresh frame. */
export interface CitationCheck {
  text: string;
  /** The place the citation asked for, in words ("below \"HomeNet-5G\""); absent when none. */
  where?: string;
  held: boolean;
  /** Seen only on lines carried over from a picture taken before the claim: the screen is read anew. */
  stale?: boolean;
  /** Where it was seen, or why it was not (set aside in a banner, a near miss, an anchor missing). */
  detail: string;
}

const PLACE_KEYS = ['in', 'below', 'above', 'near', 'right_of', 'left_of'] as const;

export function describePlace(citation: Citation): string | undefined {
  const parts = PLACE_KEYS.flatMap((key) =>
    citation[key] === undefined
      ? []
      : [key === 'in' ? `in ${citation[key]}` : `${key.replace('_', ' ')} "${citation[key]}"`],
  );
  if (citation.contains) parts.push('(contains)');
  return parts.length ? parts.join(' ') : undefined;
}

export function describeCitation(check: CitationCheck): string {
  return `"${check.text}"${check.where ? ` ${check.where}` : ''}`;
}
