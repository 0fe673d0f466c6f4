// Manual control on the bench's picture (issue 39): once an operator has taken the bench, a press
// on the picture becomes one action in device pixels — a tap, a long press (held 600 ms or more
// without moving) or a swipe (moved 12 picture pixels or more; the path sampled, at most 8 points).
// The page only says what the person did: the bench runs it through the same guard, journal,
// approvals and MCU as the agent's actions. A viewer's page never gets here (no controls, and the
// broker refuses its publish).

const LONG_PRESS_MS = 600;
const SWIPE_MIN_PX = 12;
const MAX_PATH_POINTS = 8;

/** Canvas pixels of a pointer event to the device's pixels (the view is the device scaled to image.width). */
export function toDevice(canvas, event) {
  const rect = canvas.getBoundingClientRect();
  const deviceWidth = Number(canvas.dataset.deviceWidth);
  const deviceHeight = Number(canvas.dataset.deviceHeight);
  const x = ((event.clientX - rect.left) / rect.width) * deviceWidth;
  const y = ((event.clientY - rect.top) / rect.height) * deviceHeight;
  return {
    x: Math.round(Math.min(Math.max(x, 0), deviceWidth - 1)),
    y: Math.round(Math.min(Math.max(y, 0), deviceHeight - 1)),
  };
}

/** What a press from `points` (device pixels, with their times) amounts to. */
export function gestureOf(points, canvasScale) {
  const first = points[0];
  const last = points[points.length - 1];
  const moved = Math.hypot(last.x - first.x, last.y - first.y) * canvasScale;
  if (moved >= SWIPE_MIN_PX) {
    const step = Math.max(1, Math.ceil((points.length - 1) / (MAX_PATH_POINTS - 1)));
    const path = points.filter((_, i) => i % step === 0 || i === points.length - 1).slice(-MAX_PATH_POINTS);
    if (path[0] !== first) path[0] = first;
    return { kind: 'swipe', path: path.map(({ x, y }) => ({ x, y })) };
  }
  if (last.at - first.at >= LONG_PRESS_MS) return { kind: 'long_press', x: first.x, y: first.y };
  return { kind: 'tap', x: first.x, y: first.y };
}

/**
 * Listens on every bench's picture inside `container`; `send(benchId, action)` is called with the
 * action when the bench is held by this page (its `.manual` says data-held="true").
 */
export function listenForGestures(container, send) {
  let pressing;
  container.addEventListener('pointerdown', (event) => {
    const canvas = event.target.closest?.('canvas.view');
    const card = canvas?.closest('.bench');
    if (!canvas || card?.querySelector('.manual')?.dataset.held !== 'true' || !canvas.dataset.deviceWidth) return;
    event.preventDefault();
    canvas.setPointerCapture?.(event.pointerId);
    pressing = { canvas, card, points: [{ ...toDevice(canvas, event), at: performance.now() }] };
  });
  container.addEventListener('pointermove', (event) => {
    if (!pressing) return;
    pressing.points.push({ ...toDevice(pressing.canvas, event), at: performance.now() });
  });
  container.addEventListener('pointerup', (event) => {
    if (!pressing) return;
    const { canvas, card, points } = pressing;
    pressing = undefined;
    points.push({ ...toDevice(canvas, event), at: performance.now() });
    const scale = canvas.getBoundingClientRect().width / Number(canvas.dataset.deviceWidth);
    send(card.dataset.bench, gestureOf(points, scale));
  });
  container.addEventListener('pointercancel', () => {
    pressing = undefined;
  });
}
