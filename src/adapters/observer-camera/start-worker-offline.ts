// Starts one tesseract.js worker from the given model, without the network, then stops it: the
// doctor's proof that the bench can read (the model is there and loads), kept beside the pool that
// reads for real so the doctor never imports tesseract.js itself.
import Tesseract from 'tesseract.js';
import type { Clock } from '../../core/ports/clock.js';
import { withTimeout } from '../../core/time/with-timeout.js';
import { OEM_LSTM_ONLY, offlineWorkerOptions, type ResolvedModel } from './offline-options.js';

export async function startWorkerOffline(model: ResolvedModel, timeoutMs: number, clock: Clock): Promise<void> {
  let worker: Tesseract.Worker | undefined;
  try {
    worker = await withTimeout(
      Tesseract.createWorker('eng', OEM_LSTM_ONLY, offlineWorkerOptions(model)),
      timeoutMs,
      'starting a tesseract.js worker',
      clock,
    );
  } finally {
    await worker?.terminate().catch(() => undefined);
  }
}
