// The rule for a bench's id, shared by the config's bench and mqtt sections and the operator's
// client (an id is a topic level, so it must stay short and free of MQTT's special characters).
export const BENCH_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;
export const BENCH_ID_RULE =
  'a bench id is 1-32 characters: lower-case letters, digits, "_" and "-", starting with a letter or digit';
