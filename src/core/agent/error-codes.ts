// Codes of saved errors that something else reads back (recovery decides by them), so their
// spelling is an interface between the loop and core/recovery. Pure.

/** A run halted because the model's context overflowed again right after a session switch. */
export const REPEATED_OVERFLOW_CODE = 'context_overflow_repeated';
