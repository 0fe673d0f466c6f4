// A real HTTP server on 127.0.0.1 that speaks both LLM protocols with scripted replies:
// Anthropic (POST /v1/messages) and OpenAI-compatible (POST /chat/completions, also under /v1).
// The adapters talk to it over real sockets, so tests cover headers, status codes, timeouts and
// dropped connections, not just shapes.
//
//   const fake = await FakeLlmServer.start();
//   fake.script([{ toolCalls: [{ name: 'read_screen', arguments: {} }] }, { text: 'done' }]);
//   const llm = createLlm({ provider: 'openai-compatible', baseUrl: fake.baseUrl('openai'), model: 'm' });
//   ... fake.requests[0].view.tools, fake.requests[1].view.lastToolResult ...
//   await fake.close();
//
// Scripted steps are used first, in order; then the respond() function, if set; after that
// every call gets a 400 saying the script ran out (400, not 500, so nothing retries it).
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicAnswer, openAiAnswer, overflowReply, type FakeReply, type Protocol } from './fake-llm-replies.js';
import { DEFAULT_OLLAMA_NUM_CTX, type FakeLlmStep } from './fake-llm-steps.js';
import { viewRequest, type FakeLlmView } from './fake-llm-view.js';

export type { FakeLlmStep, FakeToolCall } from './fake-llm-steps.js';
export type { FakeLlmView } from './fake-llm-view.js';

export interface FakeLlmRequest {
  /** 0 for the first request this server received. */
  index: number;
  protocol: Protocol;
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body exactly as sent. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** The same request in port terms. */
  view: FakeLlmView;
}

export type FakeResponder = (view: FakeLlmView, request: FakeLlmRequest) => FakeLlmStep | Promise<FakeLlmStep>;

export interface FakeLlmServerOptions {
  /** prompt_tokens reported by an `ollamaTruncate: true` step. */
  ollamaNumCtx?: number;
}

export class FakeLlmServer {
  /** Every request received, in order, including the ones answered with errors. */
  readonly requests: FakeLlmRequest[] = [];
  private readonly queue: FakeLlmStep[] = [];
  private responder: FakeResponder | undefined;
  private idCounter = 0;
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly options: FakeLlmServerOptions,
  ) {}

  static async start(options: FakeLlmServerOptions = {}): Promise<FakeLlmServer> {
    let fake: FakeLlmServer | undefined;
    const server = createServer((request, response) => void fake!.handle(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const { port } = server.address() as AddressInfo;
    fake = new FakeLlmServer(server, `http://127.0.0.1:${port}`, options);
    return fake;
  }

  /** The baseUrl an adapter is configured with: the root for Anthropic, /v1 for OpenAI. */
  baseUrl(protocol: Protocol): string {
    return protocol === 'anthropic' ? this.url : `${this.url}/v1`;
  }

  /** Appends steps to the queue. */
  script(steps: FakeLlmStep[]): this {
    this.queue.push(...steps);
    return this;
  }

  /** Decides replies from the request once the scripted queue is empty. */
  respond(responder: FakeResponder | undefined): this {
    this.responder = responder;
    return this;
  }

  /** Scripted steps not yet used. */
  get remaining(): number {
    return this.queue.length;
  }

  /** Forgets the script, the responder and the recorded requests (between tests). */
  reset(): void {
    this.queue.length = 0;
    this.requests.length = 0;
    this.responder = undefined;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0]!;
    const protocol = protocolFor(request.method, path);
    const text = await readBody(request);
    if (!protocol)
      return send(response, {
        status: 404,
        body: {
          error: {
            message: `fake-llm-server: nothing at ${request.method} ${path}; use POST /v1/messages or POST /v1/chat/completions`,
          },
        },
      });
    const body = parseJson(text);
    const recorded: FakeLlmRequest = {
      index: this.requests.length,
      protocol,
      path,
      headers: request.headers,
      body,
      view: viewRequest(protocol, body),
    };
    this.requests.push(recorded);
    const step = await this.nextStep(recorded).catch((error: unknown): FakeLlmStep => ({
      error: {
        status: 400,
        body: {
          error: {
            type: 'fake_responder_failed',
            message: `fake-llm-server: respond() threw: ${(error as Error).message}`,
          },
        },
      },
    }));
    if (step.delayMs) await this.wait(step.delayMs);
    if (response.destroyed) return;
    if ('dropConnection' in step) {
      request.socket.destroy();
      return;
    }
    send(response, this.render(step, recorded));
  }

  private async nextStep(request: FakeLlmRequest): Promise<FakeLlmStep> {
    const scripted = this.queue.shift();
    if (scripted) return scripted;
    if (this.responder) return this.responder(request.view, request);
    return {
      error: {
        status: 400,
        body: {
          error: {
            type: 'fake_script_exhausted',
            message: `fake-llm-server: no scripted reply left for request #${request.index} (script more steps or set respond())`,
          },
        },
      },
    };
  }

  private render(step: FakeLlmStep, request: FakeLlmRequest): FakeReply {
    if ('error' in step)
      return {
        status: step.error.status,
        body: step.error.body,
        ...(step.error.headers ? { headers: step.error.headers } : {}),
      };
    if ('overflow' in step) return overflowReply(step);
    if ('dropConnection' in step) throw new Error('unreachable: handled before rendering');
    const context = {
      model: String(request.body?.model ?? 'fake-model'),
      defaultInputTokens: Math.max(1, Math.ceil(JSON.stringify(request.body ?? {}).length / 4)),
      nextId: (prefix: string) => `${prefix}${++this.idCounter}`,
      ollamaNumCtx: this.options.ollamaNumCtx ?? DEFAULT_OLLAMA_NUM_CTX,
    };
    if (request.protocol === 'anthropic') {
      if (step.ollamaTruncate)
        return {
          status: 400,
          body: {
            type: 'error',
            error: {
              type: 'invalid_request_error',
              message: 'fake-llm-server: ollamaTruncate is an OpenAI-protocol step',
            },
          },
        };
      return anthropicAnswer(step, context);
    }
    return openAiAnswer(step, context);
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }
}

function protocolFor(method: string | undefined, path: string): Protocol | undefined {
  if (method !== 'POST') return undefined;
  if (path === '/v1/messages') return 'anthropic';
  if (path === '/chat/completions' || path === '/v1/chat/completions') return 'openai';
  return undefined;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { unparseableBody: text };
  }
}

function send(response: ServerResponse, reply: FakeReply): void {
  const payload = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  const contentType = typeof reply.body === 'string' ? 'text/plain' : 'application/json';
  response.writeHead(reply.status, { 'content-type': contentType, ...reply.headers });
  response.end(payload);
}
