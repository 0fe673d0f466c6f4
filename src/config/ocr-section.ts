// The `ocr` section: which engine reads the screen and which languages tesseract reads besides
// English. `engine: auto` (the default) puts the text-line detector in front of tesseract where
// onnxruntime-node runs, and falls back to tesseract alone elsewhere; `tesseract` asks for
// tesseract alone. Each language is a tesseract code whose npm package @tesseract.js-data/<code>
// the user installs in the checkout (never downloaded at run time); English is always read.
import { z } from 'zod';

export const ocrSectionSchema = z.strictObject({
  engine: z
    .enum(['auto', 'tesseract'], { message: 'must be auto (the line detector where it runs) or tesseract' })
    .default('auto'),
  languages: z
    .array(
      z.string().regex(/^[a-z][a-z0-9_]{1,15}$/, {
        message:
          'must be a tesseract language code such as ara, bul, ell, chi_sim (its package @tesseract.js-data/<code> installed in the checkout)',
      }),
    )
    .default(['eng']),
});

export type OcrSection = z.output<typeof ocrSectionSchema>;
