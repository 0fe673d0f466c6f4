// Draws a bench's view (TOPICS.md, BenchView): the upright screen picture, a box around every OCR
// line the agent read, and the last tap as a ring with a cross. Boxes and taps are in device
// pixels; the picture is smaller, so everything is scaled by image.width / deviceSize.width.

const BOX_COLOUR = 'rgba(0, 170, 255, 0.85)';
const TAP_COLOUR = '#ff2d55';

/** Draws `view` on `canvas` once its picture has loaded; resolves with what was drawn (for tests and captions). */
export function drawView(canvas, view) {
  return new Promise((resolve) => {
    const picture = new Image();
    picture.onload = () => {
      const { width, height } = view.image;
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      context.drawImage(picture, 0, 0, width, height);
      const scale = width / view.deviceSize.width;
      context.lineWidth = 1.5;
      context.strokeStyle = BOX_COLOUR;
      for (const line of view.lines ?? []) {
        const box = line.box;
        context.strokeRect(box.x * scale, box.y * scale, box.width * scale, box.height * scale);
      }
      const tap = view.lastTap;
      if (tap) {
        const x = tap.x * scale,
          y = tap.y * scale;
        context.strokeStyle = TAP_COLOUR;
        context.lineWidth = 3;
        context.beginPath();
        context.arc(x, y, 12, 0, 2 * Math.PI);
        context.moveTo(x - 18, y);
        context.lineTo(x + 18, y);
        context.moveTo(x, y - 18);
        context.lineTo(x, y + 18);
        context.stroke();
      }
      resolve({ boxes: view.lines?.length ?? 0, tap: Boolean(tap) });
    };
    picture.onerror = () => resolve({ boxes: 0, tap: false, failed: true });
    // A data: URL: the picture came in the message, nothing is fetched.
    picture.src = `data:image/jpeg;base64,${view.image.base64}`;
  });
}
