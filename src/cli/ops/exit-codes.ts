// What `benchhand ops` exits with, so scripts can tell the outcomes apart.
export const EXIT_OK = 0;
/** The bench answered with an error (or the client failed). */
export const EXIT_ERROR_REPLY = 1;
/** Wrong flags or arguments. */
export const EXIT_USAGE = 2;
/** No reply in time: the bench may be offline. */
export const EXIT_NO_REPLY = 3;
/** The broker refused: the connection (credentials) or the publish (the user's role). */
export const EXIT_REFUSED = 4;
