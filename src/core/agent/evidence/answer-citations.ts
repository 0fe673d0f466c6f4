// Citations written in a plain final answer: one line starting "Evidence:", then quoted texts
// separated by ";", each optionally placed: `Evidence: "Connected" below "HomeNet-5G"; "Wi-Fi" in title`.
// A model that answers in words cites the same way it would in submit_result. Pure.
import { PLACES } from '../tools/place-args.js';
import { citationSchema, type Citation } from './citation.js';

const ANCHOR = /^(below|above|near|right of|right_of|left of|left_of)\s+"([^"]+)"$/i;
const REGION = /^in\s+(?:the\s+|a\s+)?([a-z_]+)$/i;

export const ANSWER_EVIDENCE_FORMAT =
  'Evidence: "TEXT" [below|above|near|right_of|left_of "ANCHOR"] [in dialog|title|...]; "TEXT2" ...';

/** The citations of an answer, or a problem naming the part that could not be read. */
export function citationsInAnswer(text: string): { ok: true; citations: Citation[] } | { ok: false; problem: string } {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /^evidence\s*:/i.test(l));
  if (!line) return { ok: false, problem: `the answer has no "Evidence:" line (write one: ${ANSWER_EVIDENCE_FORMAT})` };
  const citations: Citation[] = [];
  for (const part of line
    .replace(/^evidence\s*:/i, '')
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const parsed = parsePart(part);
    if (!parsed)
      return { ok: false, problem: `the evidence part «${part}» is not of the form ${ANSWER_EVIDENCE_FORMAT}` };
    citations.push(parsed);
  }
  return citations.length
    ? { ok: true, citations }
    : { ok: false, problem: `the "Evidence:" line names no text (${ANSWER_EVIDENCE_FORMAT})` };
}

function parsePart(part: string): Citation | undefined {
  const head = /^"([^"]+)"\s*(.*)$/.exec(part);
  if (!head) return undefined;
  const citation: Record<string, unknown> = { text: head[1] };
  let rest = head[2]!.trim();
  while (rest) {
    const anchor = /^(below|above|near|right[ _]of|left[ _]of)\s+"([^"]+)"\s*/i.exec(rest);
    const region = /^in\s+(?:the\s+|a\s+)?([a-z_]+)\s*/i.exec(rest);
    if (anchor && ANCHOR.test(anchor[0].trim())) {
      citation[anchor[1]!.toLowerCase().replace(' ', '_')] = anchor[2];
      rest = rest.slice(anchor[0].length);
    } else if (
      region &&
      REGION.test(region[0].trim()) &&
      (PLACES as readonly string[]).includes(region[1]!.toLowerCase())
    ) {
      citation.in = region[1]!.toLowerCase();
      rest = rest.slice(region[0].length);
    } else return undefined;
  }
  const checked = citationSchema.safeParse(citation);
  return checked.success ? checked.data : undefined;
}
