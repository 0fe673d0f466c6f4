// The one configuration schema of a bench: every section strict (an unknown key is an error),
// each section the schema its own code already uses. All sections are optional; what a command
// needs and does not find, it asks for by name.
import { z } from 'zod';
import { gpioConfigSchema } from './gpio-section.js';
import { llmConfigSchema } from './llm-section.js';
import { guardrailConfigSchema } from '../core/agent/guard/guardrail-config.js';
import { benchSectionSchema } from './bench-section.js';
import { calibrationSectionSchema } from './calibration-section.js';
import { cameraSectionSchema } from './camera-section.js';
import { mcuSectionSchema } from './mcu-section.js';
import { mqttSectionSchema } from './mqtt-section.js';
import { consoleSectionSchema } from './console-section.js';
import { ocrSectionSchema } from './ocr-section.js';
import { videoSectionSchema } from './video-section.js';

export const benchConfigSchema = z.strictObject({
  bench: benchSectionSchema.optional(),
  mcu: mcuSectionSchema.optional(),
  camera: cameraSectionSchema.optional(),
  calibration: calibrationSectionSchema.optional(),
  mqtt: mqttSectionSchema.optional(),
  console: consoleSectionSchema.optional(),
  ocr: ocrSectionSchema.optional(),
  video: videoSectionSchema.optional(),
  gpio: gpioConfigSchema.optional(),
  llm: llmConfigSchema.optional(),
  guardrails: guardrailConfigSchema.optional(),
});

export type BenchConfig = z.output<typeof benchConfigSchema>;
export type BenchConfigInput = z.input<typeof benchConfigSchema>;
export type SectionName = keyof BenchConfig;

export const SECTION_NAMES = Object.keys(benchConfigSchema.shape) as SectionName[];
