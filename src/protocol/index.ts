export * from './crc16.js';
export * from './escape.js';
export * from './frame.js';
export * from './table.js';
export * from './commands.js';
export * from './hello.js';
