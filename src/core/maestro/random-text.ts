// Maestro's inputRandom* values: letters and digits, digits, an address and a person's name, all
// typeable by the USB keyboard. `random` is handed in so a test can fix it. Pure.

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const FIRST = ['Alex', 'Maria', 'Jon', 'Priya', 'Lena', 'Omar', 'Chen', 'Sofia', 'Liam', 'Aiko'];
const LAST = ['Smith', 'Garcia', 'Okafor', 'Novak', 'Tanaka', 'Silva', 'Berg', 'Khan', 'Moreau', 'Reyes'];

const pick = (chars: string, random: () => number) => chars[Math.floor(random() * chars.length)]!;
const run = (n: number, chars: string, random: () => number) =>
  Array.from({ length: n }, () => pick(chars, random)).join('');

export function randomInput(kind: string, length: number | undefined, random: () => number): string {
  switch (kind) {
    case 'inputRandomNumber':
      return pick('123456789', random) + run((length ?? 8) - 1, '0123456789', random);
    case 'inputRandomEmail':
      return `${run(8, 'abcdefghijklmnopqrstuvwxyz', random)}@example.com`;
    case 'inputRandomPersonName':
      return `${FIRST[Math.floor(random() * FIRST.length)]} ${LAST[Math.floor(random() * LAST.length)]}`;
    default:
      return run(length ?? 8, LETTERS, random);
  }
}
