// End-to-end check of the selftest sketch through simavr-pty:
//   node echo-check.mjs /dev/pts/N
// Needs `serialport` + `@serialport/parser-readline`; if they are not
// resolvable from here, set SERIALPORT_MODULES to a dir whose node_modules has them.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(
  process.env.SERIALPORT_MODULES ? path.join(path.resolve(process.env.SERIALPORT_MODULES), 'x.js') : import.meta.url,
);
const { SerialPort } = require('serialport');
const { ReadlineParser } = require('@serialport/parser-readline');

const portPath = process.argv[2];
if (!portPath) {
  console.error('usage: node echo-check.mjs /dev/pts/N');
  process.exit(2);
}

// A pty has no modem lines: the DTR/RTS ioctls serialport issues on open and
// on close fail with ENOTTY unless HUPCL is off and nothing touches DTR/RTS.
const port = new SerialPort({ path: portPath, baudRate: 115200, hupcl: false, autoOpen: false });
const lines = port.pipe(new ReadlineParser({ delimiter: '\n' }));
const waiters = [];
lines.on('data', (l) => {
  const w = waiters.shift();
  if (w) w(l);
  else console.log(`(unsolicited) ${l}`);
});
const nextLine = (ms = 2000) =>
  new Promise((resolve, reject) => {
    const t = setTimeout(() => {
      waiters.splice(waiters.indexOf(fn), 1);
      reject(new Error(`no reply within ${ms} ms`));
    }, ms);
    const fn = (l) => (clearTimeout(t), resolve(l));
    waiters.push(fn);
  });
const send = (s) => new Promise((res, rej) => port.write(s, (e) => (e ? rej(e) : port.drain(res))));
const ask = async (s) => {
  const reply = nextLine();
  await send(`${s}\n`);
  return reply;
};

let passed = 0;
let failed = 0;
const check = (ok, what) => {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};

await new Promise((res, rej) => port.open((e) => (e ? rej(e) : res())));
try {
  // Sequential round trips: latency = write -> full echo line received.
  const rtts = [];
  for (let i = 0; i < 20; i++) {
    const msg = `hello ${i} the quick brown fox`;
    const t = process.hrtime.bigint();
    const got = await ask(msg);
    rtts.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (got !== `echo ${msg}`) check(false, `echo ${i}: got ${JSON.stringify(got)}`);
  }
  check(true, '20 sequential echoes');
  rtts.sort((a, b) => a - b);
  console.log(
    `rtt ms (32-byte line + 37-byte echo): min ${rtts[0].toFixed(2)} median ${rtts[10].toFixed(2)} max ${rtts[19].toFixed(2)}`,
  );

  // Burst larger than simavr's 64-byte RX fifo and Serial1's 64-byte ring:
  // exercises the XON/XOFF back-pressure in the harness.
  const burst = Array.from({ length: 12 }, (_, i) => `burst line ${i} ${'x'.repeat(20)}`);
  const replies = burst.map(() => nextLine(3000));
  await send(burst.map((b) => `${b}\n`).join(''));
  const got = await Promise.all(replies);
  check(got.every((g, i) => g === `echo ${burst[i]}`), `burst of ${burst.length} lines (${burst.join('\n').length + 1} bytes) echoed in order`);

  // HID path: no USB host under simavr, so SendReport must return -1, not hang.
  check((await ask('?kbd')) === 'kbd -1', 'Keyboard/HID SendReport returns -1 (unconfigured), loop keeps running');

  // Simulated vs wall clock over ~3 s.
  const ms = async () => Number((await ask('?ms')).split(' ')[1]);
  const w0 = Date.now();
  const m0 = await ms();
  await new Promise((r) => setTimeout(r, 3000));
  const m1 = await ms();
  const w1 = Date.now();
  const ratio = (m1 - m0) / (w1 - w0);
  console.log(`millis() advanced ${m1 - m0} ms over ${w1 - w0} ms wall (ratio ${ratio.toFixed(3)})`);
  check(ratio > 0.95 && ratio < 1.02, 'simulated time tracks wall clock within -5%/+2%');
} catch (e) {
  check(false, e.message);
} finally {
  await new Promise((res) => port.close(() => res()));
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
