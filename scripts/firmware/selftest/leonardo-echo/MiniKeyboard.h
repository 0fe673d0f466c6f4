// Minimal boot-keyboard on top of the Arduino PluggableUSB HID module.
// Debian's arduino-core-avr ships libraries/HID but NOT libraries/Keyboard,
// so this stands in for Keyboard.begin()/write() to link the same USB stack
// (USBCore + PluggableUSB + HID) the real firmware will use.
#pragma once
#include <Arduino.h>
#include <HID.h>

class MiniKeyboard_ {
 public:
  MiniKeyboard_();
  void begin() {}
  // Press+release one HID usage id; returns HID().SendReport()'s result
  // (-1 while no USB host has configured the device, e.g. under simavr).
  int tap(uint8_t usage);
};

extern MiniKeyboard_ MiniKeyboard;
