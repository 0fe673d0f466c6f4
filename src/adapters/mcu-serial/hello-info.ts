// Maps the MCU's HELLO reply onto the port's McuInfo.
import type { McuInfo } from '../../core/ports/mcu.js';

const int = (value: string | undefined, field: string): number => {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < 0)
    throw new Error(`HELLO reply field ${field} must be a whole number, got ${value ?? 'nothing'}`);
  return n;
};

export function helloToInfo(args: Record<string, string>): McuInfo {
  const state = args.state;
  if (state !== 'ready' && state !== 'disarmed' && state !== 'estopped' && state !== 'shutdown') {
    throw new Error(`HELLO reply field state must be ready, disarmed, estopped or shutdown, got ${state ?? 'nothing'}`);
  }
  return {
    protocolVersion: int(args.proto, 'proto'),
    tableHash: args.table ?? '',
    firmwareVersion: args.fw ?? 'unknown',
    board: args.board ?? 'unknown',
    bootId: args.boot ?? '',
    resetReason: args.reset ?? 'unknown',
    capabilities: (args.caps ?? '').split(',').filter(Boolean),
    state,
    lastCommandId: int(args.last, 'last'),
    limits: {
      maxTextBytes: int(args.maxtext, 'maxtext'),
      maxHoldMs: int(args.maxhold, 'maxhold'),
      minTapGapMs: int(args.tapgap, 'tapgap'),
      watchdogMs: int(args.wdog, 'wdog'),
      queueDepth: int(args.queue, 'queue'),
      workspace: { width: int(args.wsx, 'wsx'), height: int(args.wsy, 'wsy') },
      maxPathPoints: int(args.maxpath, 'maxpath'),
      maxGestureMs: int(args.maxgest, 'maxgest'),
      maxSpeed: int(args.maxspeed, 'maxspeed'),
    },
  };
}
