// Typing the rest of a text after an e-stop stopped it part-way: the MCU counted the characters
// that went out (its ABORTED reply's n, kept in its command-id ledger), so the field holds exactly
// that start of the text. Only the rest is typed; the whole text is then what must show. The
// count is the MCU's, not a reading of the field: it holds for a secret's dots too. Pure.
import type { ToolReply } from './tool.js';

type Rest = { ok: true; text: string; note: string } | { ok: false; reply: ToolReply };

export function restAfterEstop(text: string, alreadyTyped: number, secret: boolean): Rest {
  if (alreadyTyped > text.length)
    return {
      ok: false,
      reply: {
        status: 'invalid_arguments',
        content: `already_typed is ${alreadyTyped}, but the text has only ${text.length} characters: give the count the e-stopped try reported. Nothing was typed.`,
      },
    };
  if (alreadyTyped === text.length)
    return {
      ok: false,
      reply: {
        status: 'ok',
        content: `the MCU's count says all ${text.length} characters went out before the e-stop; nothing was typed.`,
      },
    };
  const start = secret ? `${alreadyTyped} characters` : `"${text.slice(0, alreadyTyped)}"`;
  return {
    ok: true,
    text: text.slice(alreadyTyped),
    note: alreadyTyped ? ` after the ${start} an e-stopped try typed` : '',
  };
}
