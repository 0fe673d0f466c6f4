// The screen reader contract on the real reader as a bench builds it (openBench's ocr part:
// the text-line detector in front of tesseract.js where it runs, else tesseract alone; the
// camera reader of adapters/observer-camera/index.ts), on recorded virtual-camera frames.
import { cameraScreenReader, startOcr, type OcrReader } from '../../src/adapters/observer-camera/index.js';
import { describeScreenReaderContract, CALIBRATION } from './screen-reader.contract.js';

describeScreenReaderContract('the text-line detector and tesseract.js on recorded camera frames', async () => {
  const ocr: OcrReader = await startOcr({ workers: 1, say: (line) => process.stderr.write(`${line}\n`) });
  return {
    reader: () => cameraScreenReader(ocr, CALIBRATION),
    minRecall: 0.8,
    readsBands: true,
    teardown: () => ocr.close(),
  };
});
