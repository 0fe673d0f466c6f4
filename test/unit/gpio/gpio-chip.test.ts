// Base-offset detection on fake sysfs trees laid out as each kernel and board has them.
import { afterEach, describe, expect, it } from 'vitest';
import { findMainGpioChip, sysfsNumberOf } from '../../../src/adapters/gpio/gpio-chip.js';
import { FakeSysfsTree } from './fake-sysfs-tree.js';

const trees: FakeSysfsTree[] = [];
const newTree = (): FakeSysfsTree => {
  const tree = new FakeSysfsTree();
  trees.push(tree);
  return tree;
};
afterEach(() => {
  for (const tree of trees.splice(0)) tree.remove();
});

describe('findMainGpioChip', () => {
  it('finds the RP1 controller at base 571 on a Pi 5, past the SoC chips listed before it', () => {
    const tree = newTree()
      .addChip('gpio-brcmstb@107d508500', 512, 32)
      .addChip('gpio-brcmstb@107d517c00', 544, 15)
      .addChip('pinctrl-rp1', 571);
    const search = findMainGpioChip(tree.root);
    expect(search).toEqual({
      chip: { label: 'pinctrl-rp1', board: 'Raspberry Pi 5', base: 571, path: `${tree.root}/gpiochip571` },
    });
    if (!('chip' in search)) throw new Error('unreachable');
    expect(sysfsNumberOf(search.chip, 17)).toBe(588);
  });

  it('finds the BCM2711 controller at base 512 on a Pi 4 with a 6.x kernel, ignoring the firmware expander', () => {
    const tree = newTree().addChip('pinctrl-bcm2711', 512, 58).addChip('raspberrypi-exp-gpio', 570, 8);
    const search = findMainGpioChip(tree.root);
    expect(search).toMatchObject({ chip: { label: 'pinctrl-bcm2711', base: 512 } });
    if (!('chip' in search)) throw new Error('unreachable');
    expect(sysfsNumberOf(search.chip, 17)).toBe(529);
  });

  it('reads base 0 from an older kernel on a Pi 3', () => {
    const tree = newTree().addChip('pinctrl-bcm2835', 0);
    expect(findMainGpioChip(tree.root)).toMatchObject({
      chip: { label: 'pinctrl-bcm2835', board: 'Raspberry Pi 1-3 / Zero', base: 0 },
    });
  });

  it('reports a missing tree as off, with the reason', () => {
    const tree = newTree();
    const search = findMainGpioChip(`${tree.root}/missing`);
    expect(search).toEqual({ off: expect.stringContaining('does not exist') });
  });

  it('reports a tree with no chip as off', () => {
    expect(findMainGpioChip(newTree().root)).toEqual({ off: expect.stringContaining('no gpiochip') });
  });

  it('reports an unknown controller as off, naming the labels it saw', () => {
    const tree = newTree().addChip('gpio-mockup-A', 0, 8).addChip('sunxi-pinctrl', 32);
    const search = findMainGpioChip(tree.root);
    expect(search).toEqual({ off: expect.stringContaining('found gpio-mockup-A, sunxi-pinctrl') });
  });
});
