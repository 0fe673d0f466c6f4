// Compiled in the gantry variant only; the touch variant has no gantry pins.
#ifdef BH_TAP_DRIVER_GANTRY
#include "gantry_pins.h"

#include <Arduino.h>

#include "board_config.h"

#if defined(BH_TOOL_SERVO) && BH_PIN_TOOL != 9
#error "BH_TOOL_SERVO needs BH_PIN_TOOL 9: the servo pulse comes from Timer1's OC1A"
#endif

namespace bh {
namespace leonardo {

#ifdef BH_TOOL_SERVO
namespace {

const uint16_t kServoPeriodTicks = 40000;  // 20 ms at 2 MHz (16 MHz / 8)

uint16_t servoTicks(uint16_t microseconds) { return static_cast<uint16_t>(microseconds * 2U); }

}  // namespace
#endif

void GantryPins::begin() {
  pinMode(BH_PIN_X_STEP, OUTPUT);
  pinMode(BH_PIN_X_DIR, OUTPUT);
  pinMode(BH_PIN_Y_STEP, OUTPUT);
  pinMode(BH_PIN_Y_DIR, OUTPUT);
  pinMode(BH_PIN_X_HOME, INPUT_PULLUP);
  pinMode(BH_PIN_Y_HOME, INPUT_PULLUP);
  pinMode(BH_PIN_TOOL, OUTPUT);
#ifdef BH_TOOL_SERVO
  // Fast PWM with ICR1 as TOP (mode 14), prescaler 8: a 50 Hz servo frame in hardware, so a
  // busy loop never stretches a pulse.
  TCCR1A = _BV(COM1A1) | _BV(WGM11);
  TCCR1B = _BV(WGM13) | _BV(WGM12) | _BV(CS11);
  ICR1 = kServoPeriodTicks - 1;
#endif
  setToolDown(false);
}

void GantryPins::setDirection(uint8_t axis, bool positive) {
  digitalWrite(axis == kAxisX ? BH_PIN_X_DIR : BH_PIN_Y_DIR, positive ? HIGH : LOW);
}

// digitalWrite takes about 4 us on a 16 MHz AVR, so the pulse is wider than the 1-2 us the
// common drivers need; the explicit wait keeps that true if the writes ever get faster.
void GantryPins::step(uint8_t axis) {
  uint8_t pin = axis == kAxisX ? BH_PIN_X_STEP : BH_PIN_Y_STEP;
  digitalWrite(pin, HIGH);
  delayMicroseconds(2);
  digitalWrite(pin, LOW);
}

bool GantryPins::atHomeEndstop(uint8_t axis) {
  return digitalRead(axis == kAxisX ? BH_PIN_X_HOME : BH_PIN_Y_HOME) == LOW;
}

void GantryPins::setToolDown(bool down) {
#ifdef BH_TOOL_SERVO
  OCR1A = servoTicks(down ? BH_SERVO_DOWN_US : BH_SERVO_UP_US);
#else
  digitalWrite(BH_PIN_TOOL, down ? HIGH : LOW);
#endif
}

GantryConfig gantryConfig() {
  GantryConfig config;
  const uint32_t stepsPerUnit = BH_GANTRY_STEPS_PER_UNIT;
  config.x.maxSpeed = BH_GANTRY_MAX_SPEED;
  config.x.acceleration = BH_GANTRY_ACCELERATION;
  config.x.homingSpeed = BH_GANTRY_HOMING_SPEED;
  config.x.travelSteps = BH_GANTRY_WORKSPACE_X * stepsPerUnit;
  config.y = config.x;
  config.y.travelSteps = BH_GANTRY_WORKSPACE_Y * stepsPerUnit;
  config.stepsPerUnit = BH_GANTRY_STEPS_PER_UNIT;
  config.toolDownMs = BH_GANTRY_TOOL_DOWN_MS;
  config.toolUpMs = BH_GANTRY_TOOL_UP_MS;
  config.maxPollGapMs = 20;  // a late loop pass advances the motion by at most this much
  return config;
}

}  // namespace leonardo
}  // namespace bh
#endif  // BH_TAP_DRIVER_GANTRY
