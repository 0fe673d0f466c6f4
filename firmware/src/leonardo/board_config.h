// The one place that says how a Leonardo / Pro Micro is wired and what it drives. Pins are
// Arduino pin numbers, valid on both boards (the Pro Micro has no D11-D13, so none is used).
// hardware/wiring.md carries the same table for the person with the soldering iron, and
// test/unit/hardware/wiring.test.ts fails when the two disagree.
#pragma once

// --- Pins -----------------------------------------------------------------------------------
// Serial1 to the Raspberry Pi (fixed by the USART1 hardware; listed for the wiring check).
#define BH_PIN_PI_RX 0    // from the Pi's TXD (GPIO14); the Pi drives 3.3 V, read fine at 5 V
#define BH_PIN_PI_TX 1    // to the Pi's RXD (GPIO15) through a level shifter: 5 V -> 3.3 V
#define BH_PIN_ESTOP 7    // e-stop button to GND, normally open; internal pull-up; active low
#define BH_PIN_STATUS_LED 10  // LED + 330 ohm to GND; on = ready, fast blink = e-stop, slow = shutdown

// Gantry variant only (BH_TAP_DRIVER_GANTRY): two step/dir drivers, two home switches, a tool.
#define BH_PIN_X_STEP 4
#define BH_PIN_X_DIR 5
#define BH_PIN_Y_STEP 6
#define BH_PIN_Y_DIR 8
#define BH_PIN_X_HOME 18  // A0: home switch to GND at x = 0, normally open; active low
#define BH_PIN_Y_HOME 19  // A1: home switch to GND at y = 0, normally open; active low
#define BH_PIN_TOOL 9     // OC1A: servo signal, or the solenoid driver's MOSFET gate

// --- Link -----------------------------------------------------------------------------------
#define BH_PI_BAUD 115200UL
#define BH_ESTOP_DEBOUNCE_MS 5  // the pin must read the same for this long to count

// --- Touch digitizer variant (the default) -------------------------------------------------
// Workspace in "actuator units" as the host sees it (wsx/wsy in HELLO); the digitizer maps
// 0..size-1 onto its logical range 0..32767, so the host's calibration decides the scale.
#define BH_TOUCH_WORKSPACE_X 1080
#define BH_TOUCH_WORKSPACE_Y 2400

// --- Gantry variant ---------------------------------------------------------------------------
// One workspace unit = 0.1 mm. GT2 belt, 20-tooth pulley, 1.8 deg motor, 1/16 microstepping:
// 80 steps/mm = 8 steps/unit. An 80 x 160 mm bed.
#define BH_GANTRY_WORKSPACE_X 800
#define BH_GANTRY_WORKSPACE_Y 1600
#define BH_GANTRY_STEPS_PER_UNIT 8
#define BH_GANTRY_MAX_SPEED 6400     // steps/s (80 mm/s)
#define BH_GANTRY_ACCELERATION 20000 // steps/s^2
#define BH_GANTRY_HOMING_SPEED 1600  // steps/s (20 mm/s)
#define BH_GANTRY_TOOL_DOWN_MS 80    // time for the stylus to reach the glass
#define BH_GANTRY_TOOL_UP_MS 80      // time to clear the glass before moving
// Tool: a hobby servo when BH_TOOL_SERVO is defined (pulse widths below), else a solenoid
// (pin high = down).
#define BH_SERVO_UP_US 1000
#define BH_SERVO_DOWN_US 1600
