// Each example device is driven to its task's goal through taps and keys only.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { loadTaskFile, unmetExpectations } from '../../../src/sim/device/task-file.js';
import { Driver } from './drive.js';

const devices = join(import.meta.dirname, '../../../src/sim/devices');
const open = (name: string) => {
  const task = loadTaskFile(join(devices, `${name}.task.yaml`));
  return { task, d: new Driver(VirtualDevice.fromFile(join(devices, task.device))) };
};

describe('example devices reach their goals through input events', () => {
  it('settings: finds HomeNet-5G below the fold, types the password, connects', () => {
    const { task, d } = open('settings-wifi');
    d.tap('Wi-Fi').wait(900);
    expect(d.device.screen).toBe('networks');
    d.tap('More').tap('HomeNet-5G');
    d.tap('Password').type('wrong').tap('Connect').wait(1600);
    expect(d.texts()).toContain('Wrong password, try again');
    d.tap('Password').type(task.inputs.password!).key('Enter');
    expect(d.texts()).toContain('Loading…');
    d.wait(1600);
    expect(unmetExpectations(task, d.device)).toEqual([]);
  });

  it('sign-in: email and password, then the code from the notification', () => {
    const { task, d } = open('sign-in-otp');
    d.tap('Sign in');
    expect(d.texts()).toContain('Enter your email and password');
    d.tap('Email').type(task.inputs.email!).key('Tab').type(task.inputs.password!).key('Enter').wait(1000);
    expect(d.allText()).toContain(`Enter the code we sent to ${task.inputs.email}`);
    d.wait(2600);
    expect(d.texts()).toContain('Your code is 123456');
    d.tap('6-digit code').type('111111').tap('Verify');
    expect(d.device.dialog).toBe('wrongCode');
    d.tap('OK').tap('6-digit code').type('1234567').key('Enter');
    expect(unmetExpectations(task, d.device)).toEqual([]);
  });

  it('shop: dismisses the promotion, fills the address, pays in the confirmation dialog', () => {
    const { task, d } = open('shop-checkout');
    d.wait(4000);
    expect(d.device.dialog).toBe('promo');
    d.tap('No thanks').tap('Checkout').wait(700);
    d.tap('Full name').type(task.inputs.name!).tap('Continue to payment');
    expect(d.texts()).toContain('Fill in the whole address');
    d.tap('Street and number').type(task.inputs.street!).key('Tab').type(task.inputs.city!).tap('Continue to payment');
    d.tap('Pay €42.00');
    expect(d.device.dialog).toBe('confirmPay');
    expect(d.texts()).toContain('Your card will be charged €42.00.');
    d.tap('Pay');
    expect(unmetExpectations(task, d.device)).toEqual([]);
  });
});
