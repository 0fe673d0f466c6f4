// Finds text on the screen model tolerant of OCR errors: every line and every run of words
// about as long as the query is scored by normalised edit distance; best matches first. Pure.
import { centreOf, unionBox, type Box, type ScreenModel } from './screen-model.js';
import { similarity } from './text-distance.js';

export interface TextMatch {
  text: string;
  /** 1 = exact (after normalisation), 0 = nothing alike. */
  score: number;
  box: Box;
  /** Where to tap, in device pixels. */
  centre: { x: number; y: number };
  confidence: number;
}

export interface FindOptions { minScore?: number; limit?: number }

export function findText(model: ScreenModel, query: string, options: FindOptions = {}): TextMatch[] {
  const minScore = options.minScore ?? 0.7, limit = options.limit ?? 5;
  const queryWords = query.trim().split(/\s+/).length;
  const candidates: TextMatch[] = [];
  for (const line of model.lines) {
    for (let size = Math.max(1, queryWords - 1); size <= Math.min(line.words.length, queryWords + 1); size++) {
      for (let start = 0; start + size <= line.words.length; start++) {
        const words = line.words.slice(start, start + size);
        const box = unionBox(words.map((w) => w.box));
        const text = words.map((w) => w.text).join(' ');
        const confidence = Math.min(...words.map((w) => w.confidence));
        candidates.push({ text, score: similarity(query, text), box, centre: centreOf(box), confidence });
      }
    }
  }
  const best = new Map<string, TextMatch>();
  for (const match of candidates.filter((c) => c.score >= minScore).sort((a, b) => b.score - a.score || b.confidence - a.confidence)) {
    const key = `${Math.round(match.centre.x / 20)},${Math.round(match.centre.y / 20)}`;
    if (!best.has(key)) best.set(key, match);
  }
  return [...best.values()].slice(0, limit);
}
