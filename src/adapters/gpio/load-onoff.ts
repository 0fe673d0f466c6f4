// onoff loads its native epoll binding when required, and that throws where epoll did not build
// (no compiler at install time, a non-Linux machine). Loading it lazily, here, turns that into a
// reason the GPIO feature is off instead of an import error that takes down the whole agent.
import { createRequire } from 'node:module';
import type { GpioConstructor } from './gpio-line.js';

export type OnoffLoad = { Gpio: GpioConstructor } | { off: string };

export function loadOnoff(): OnoffLoad {
  try {
    const require = createRequire(import.meta.url);
    const onoff = require('onoff') as typeof import('onoff');
    // The assignment checks at compile time that onoff's class still fits GpioConstructor.
    const Gpio: GpioConstructor = onoff.Gpio;
    return { Gpio };
  } catch (error) {
    return {
      off: `the onoff package could not be loaded (${error instanceof Error ? error.message : String(error)}); is its native epoll module built?`,
    };
  }
}
