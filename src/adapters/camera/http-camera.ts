// A camera served over HTTP on the bench network: the virtual bench's camera, or a camera on
// another machine. Frames carry their age instead of a timestamp, so two processes never have
// to agree on a clock: `newerThan` (our monotonic clock) becomes "at most this old" on the wire.
import type {
  CameraFrame,
  CameraPort,
  CameraSettings,
  CameraSettingsSupport,
  CaptureOptions,
} from '../../core/ports/camera.js';

export class HttpCamera implements CameraPort {
  private closed = false;

  constructor(
    private readonly baseUrl: string,
    private readonly defaultTimeoutMs = 5000,
  ) {}

  describe(): string {
    return `HTTP camera at ${this.baseUrl}`;
  }

  async capture(options: CaptureOptions = {}): Promise<CameraFrame> {
    if (this.closed) throw new Error(`camera ${this.baseUrl} is closed: create a new one`);
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    // A moment still to come: wait for it, then a frame taken after it will do. A moment beyond
    // the timeout cannot be waited for: say so now rather than after the wait.
    const wait = (options.newerThan ?? 0) - performance.now();
    if (wait > timeoutMs)
      throw new Error(
        `camera ${this.baseUrl}: no frame newer than ${options.newerThan} within ${timeoutMs} ms (that moment is ${Math.ceil(wait)} ms away): ask for an earlier moment or a longer timeout`,
      );
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
    const asked = performance.now();
    const url = this.url('frame');
    if (options.newerThan !== undefined)
      url.searchParams.set('maxAgeMs', String(Math.max(0, Math.floor(asked - options.newerThan))));
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const reason =
        (error as Error).name === 'TimeoutError' ? `no frame within ${timeoutMs} ms` : (error as Error).message;
      throw new Error(
        `camera ${this.baseUrl}: ${reason}. Is the bench (benchhand sim) running, and is this its camera address?`,
      );
    }
    if (!response.ok) throw new Error(`camera ${this.baseUrl}: HTTP ${response.status}: ${await response.text()}`);
    const answered = performance.now();
    const ageMs = Number(response.headers.get('x-frame-age-ms') ?? 0);
    const format = response.headers.get('content-type') === 'image/png' ? 'png' : 'jpeg';
    return {
      image: new Uint8Array(await response.arrayBuffer()),
      format,
      width: Number(response.headers.get('x-frame-width')),
      height: Number(response.headers.get('x-frame-height')),
      // The frame was this old when the server answered; place it on our clock, halfway through the request.
      capturedAt: (asked + answered) / 2 - ageMs,
      sequence: Number(response.headers.get('x-frame-sequence')),
    };
  }

  /**
   * A camera that serves `settings` beside `frame` (the virtual bench does) takes exposure, white
   * balance and focus through it; any other HTTP camera does not, and the sweep is skipped.
   */
  async settingsControl(): Promise<CameraSettingsSupport> {
    const url = this.url('settings');
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.defaultTimeoutMs) });
    } catch (error) {
      return {
        ok: false,
        reason: `camera ${this.baseUrl} did not answer for its settings: ${(error as Error).message}`,
      };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return {
        ok: false,
        reason: `the HTTP camera at ${this.baseUrl} takes no settings (GET settings: HTTP ${response.status}): set its exposure, white balance and focus on the camera itself`,
      };
    }
    const body = (await response.json()) as { focusable?: unknown };
    return {
      ok: true,
      control: {
        focusable: body.focusable === true,
        apply: async (settings: CameraSettings) => {
          const applied = await fetch(url, {
            method: 'POST',
            body: JSON.stringify(settings),
            signal: AbortSignal.timeout(this.defaultTimeoutMs),
          });
          if (!applied.ok)
            throw new Error(
              `camera ${this.baseUrl}: settings refused: HTTP ${applied.status}: ${await applied.text()}`,
            );
          await applied.body?.cancel();
        },
      },
    };
  }

  private url(path: string): URL {
    return new URL(path, this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`);
  }

  /** Nothing to stop (each capture is one request); later captures fail instead of reaching the bench. */
  async close(): Promise<void> {
    this.closed = true;
  }
}
