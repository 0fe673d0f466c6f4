// The result file's shape (result.json in the state directory). Other tools read it, so these
// field names are an interface: change them only with a schema version bump and a migration.
import { z } from 'zod';

/** 2: state.lastCommandId (the last command id the run allocated, so the journal can be checked against it). */
export const CHECKPOINT_SCHEMA_VERSION = 2;

export const runPhaseSchema = z.enum([
  'starting',
  'observe',
  'interpret',
  'guard',
  'journal',
  'act',
  'verify',
  'checkpoint',
  'finished',
]);

const stepRecordSchema = z
  .object({
    step: z.number().int().min(0),
    tool: z.string(),
    summary: z.string(),
    commandId: z.number().int().optional(),
  })
  .strict();

export const checkpointSchema = z
  .object({
    schemaVersion: z.literal(CHECKPOINT_SCHEMA_VERSION),
    /** The execution chain: stays the same across resumes and session switches of one task. */
    continuationId: z.string().min(8),
    runId: z.string().min(8),
    savedAt: z.string(),
    state: z
      .object({
        goal: z.string(),
        task: z.string(),
        interpreter: z.enum(['script', 'llm']),
        phase: runPhaseSchema,
        step: z.number().int().min(0),
        completed: z.array(stepRecordSchema),
        pending: z.array(z.string()),
        current: z
          .object({ tool: z.string(), args: z.unknown(), commandId: z.number().int().optional() })
          .strict()
          .nullable(),
        /** The last command id sent (or about to be) by this chain; its intent is always in the journal. */
        lastCommandId: z.number().int().min(0).nullable(),
        /** Interpreter-specific position (the script's step index, retries used). */
        cursor: z.record(z.string(), z.unknown()),
      })
      .strict(),
    errors: z.array(
      z.object({ at: z.string(), code: z.string(), message: z.string(), step: z.number().int().min(0) }).strict(),
    ),
    outputTail: z.array(z.string()),
    lastVerifiedScreen: z
      .object({ at: z.string(), step: z.number().int().min(0), text: z.string() })
      .strict()
      .nullable(),
    budgets: z
      .object({
        stepsUsed: z.number().int().min(0),
        maxSteps: z.number().int().min(1),
        elapsedMs: z.number().min(0),
        deadlineMs: z.number().min(0),
      })
      .strict(),
    status: z.enum(['running', 'answered', 'submitted', 'budget_exhausted', 'cancelled', 'handed_over', 'halted']),
    result: z.unknown().optional(),
    checksum: z.string().optional(),
  })
  .strict();

export type Checkpoint = z.infer<typeof checkpointSchema>;
export type RunPhase = z.infer<typeof runPhaseSchema>;
