// What a serving bench says about itself on the broker (retained): who it is, the device it holds
// (as tags), its firmware and capabilities — and what it is doing now.
import type { Tags } from './tags.js';

export interface BenchDescription {
  benchId: string;
  pool: string | null;
  /** The device it holds: model, os, resolution, and any the config adds. */
  tags: Tags;
  firmware: { version: string; board: string; protocolVersion: number } | null;
  /** What the bench can do to the device: taps always; gestures and keyboard when the MCU says so. */
  capabilities: string[];
  software: string;
  at: string;
}

export interface ServiceState {
  benchId: string;
  at: string;
  state: 'idle' | 'running' | 'unhealthy' | 'reserved';
  job: { jobId: string; name: string; since: string; resumed: boolean } | null;
  /** Who took the bench by hand (manual control while idle): it claims nothing until they hand it back. */
  reservedBy?: string;
  /** Jobs it holds for a moment while busy, before taking or handing them on. */
  held: number;
  problems?: string[];
}

/** The MCU's capability words as the fleet names them (a job may require one as a tag later). */
export function fleetCapabilities(mcuCapabilities: readonly string[], maxPathPoints: number): string[] {
  const out = new Set<string>(mcuCapabilities.includes('tap') ? ['tap'] : []);
  // The HELLO's maxpath: an MCU that takes a swipe path takes every gesture (PROTOCOL.md, "Gestures").
  if (maxPathPoints > 1) out.add('gestures');
  if (mcuCapabilities.some((c) => /type|key/i.test(c))) out.add('keyboard');
  return [...out].sort();
}
