// Selftest sketch: line echo on Serial1 (USART1, Leonardo pins 0/1).
//   "<text>\n" -> "echo <text>\n"
//   "?ms\n"    -> "ms <millis()>\n"      (lets the host compare sim vs wall time)
//   "?kbd\n"   -> "kbd <SendReport rc>\n" (exercises the USB HID path at runtime)
#include <Arduino.h>
#include "MiniKeyboard.h"

static char line[128];
static uint8_t len;

void setup() {
  Serial1.begin(115200);
  MiniKeyboard.begin();
  Serial1.print(F("ready\n"));
}

static void handleLine() {
  if (strcmp(line, "?ms") == 0) {
    Serial1.print(F("ms "));
    Serial1.print(millis());
  } else if (strcmp(line, "?kbd") == 0) {
    Serial1.print(F("kbd "));
    Serial1.print(MiniKeyboard.tap(0x04));  // usage 0x04 = 'a'
  } else {
    Serial1.print(F("echo "));
    Serial1.print(line);
  }
  Serial1.write('\n');
}

void loop() {
  while (Serial1.available() > 0) {
    char c = (char)Serial1.read();
    if (c == '\r') continue;
    if (c == '\n') {
      line[len] = '\0';
      handleLine();
      len = 0;
    } else if (len < sizeof(line) - 1) {
      line[len++] = c;
    }
  }
}
