// The arguments that say WHERE a text is meant (in a dialog, below another text, a run of words
// inside a longer element), shared by taps, expectations, find_text and wait_for.
import { z } from 'zod';
import type { ElementQuery, Place } from '../../vision/match-elements.js';
import type { ExpectationPlace } from '../../ports/run-store.js';

/** The places a tool call may name (the phone's own bars are never a target or evidence). */
export const PLACES = [
  'content',
  'dialog',
  'sheet',
  'banner',
  'toast',
  'title',
  'anywhere',
] as const satisfies readonly Place[];

const anchorText = z.string().min(1).max(200);

export const placeFields = {
  in: z.enum(PLACES).optional().describe('only there (anywhere: pop-ups and banners too)'),
  contains: z.boolean().optional().describe('a run of words inside a longer text will do'),
  below: anchorText.optional(),
  above: anchorText.optional(),
  near: anchorText.optional(),
  right_of: anchorText.optional(),
  left_of: anchorText.optional(),
};

export const placeSchema = z.object(placeFields).strict();
export type PlaceArgs = z.output<typeof placeSchema>;

/** Where an expected text must show: flat beside `expect`, so the schema stays small for a model. */
export const expectPlaceFields = {
  expect_in: placeFields.in,
  expect_contains: placeFields.contains,
};

export function placeOf(args: PlaceArgs): ExpectationPlace | undefined {
  const entries = Object.entries(args).filter(([key, value]) => key in placeFields && value !== undefined);
  return entries.length ? (Object.fromEntries(entries) as ExpectationPlace) : undefined;
}

export function queryOf(text: string, args: PlaceArgs): ElementQuery {
  return { text, ...placeOf(args) };
}

/** The expectation's place from the flat arguments. */
export function expectPlaceOf(args: { expect_in?: Place; expect_contains?: boolean }): ExpectationPlace | undefined {
  const where: ExpectationPlace = {};
  if (args.expect_in) where.in = args.expect_in;
  if (args.expect_contains !== undefined) where.contains = args.expect_contains;
  return Object.keys(where).length ? where : undefined;
}
