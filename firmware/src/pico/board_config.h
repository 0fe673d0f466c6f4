// The one place that says how a Raspberry Pi Pico (RP2040) is wired. GP numbers.
// UNBUILT in CI: arduino-pico is not in Debian; only the portable core is cross-compiled for
// cortex-m0plus there (scripts/firmware/avr.sh). Build with PlatformIO: `pio run -e pico`.
#pragma once

#define BH_PIN_PI_TX 0        // UART0 TX (Serial1) to the Pi's RXD (GPIO15): both 3.3 V, no shifter
#define BH_PIN_PI_RX 1        // UART0 RX (Serial1) from the Pi's TXD (GPIO14)
#define BH_PIN_ESTOP 2        // e-stop button to GND, normally open; internal pull-up; active low
#define BH_PIN_STATUS_LED 25  // the Pico's on-board LED (not on a Pico W: use an external LED)

#define BH_PI_BAUD 115200UL
#define BH_ESTOP_DEBOUNCE_MS 5

// Touch digitizer workspace in actuator units (wsx/wsy in HELLO), mapped onto 0..32767.
#define BH_TOUCH_WORKSPACE_X 1080
#define BH_TOUCH_WORKSPACE_Y 2400
