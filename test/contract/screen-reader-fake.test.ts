// The screen reader contract on the fake that reads recorded ground truth.
import { describeScreenReaderContract, CALIBRATION, CORPUS } from './screen-reader.contract.js';
import { TruthScreenReader, truthsOf } from '../support/truth-screen-reader.js';

describeScreenReaderContract('ground truth of recorded frames (the fake)', async () => {
  const truths = truthsOf(CORPUS);
  return {
    reader: () => new TruthScreenReader(truths, CALIBRATION.deviceSize),
    minRecall: 1,
    readsBands: false,
    teardown: async () => undefined,
  };
});
