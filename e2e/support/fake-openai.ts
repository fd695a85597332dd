import { startFakeHttp, type FakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http.js';

/** The parts of a chat-completions request a test looks at. */
export interface ChatRequest {
  model: string;
  messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
  response_format?: { type: string };
  [field: string]: unknown;
}

/** A chat completion as OpenAI answers it, with `content` as the assistant's message. */
export function chatCompletion(content: string, model = 'fake-vision'): FakeReply {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-fake0001',
      object: 'chat.completion',
      created: 1_741_968_000,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: 812, completion_tokens: 164, total_tokens: 976 },
    },
  };
}

/** The model list as OpenAI (and Ollama's `/v1/models`) answers it. */
export function modelList(ids: readonly string[]): FakeReply {
  return { status: 200, body: { object: 'list', data: ids.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'library' })) } };
}

/** An error in OpenAI's shape: `{"error":{"message","type","param","code"}}`. */
export function openAiError(status: number, message: string, type = 'invalid_request_error', code: string | null = null): FakeReply {
  return { status, body: { error: { message, type, param: null, code } } };
}

export const isChat = (request: RecordedRequest) => request.method === 'POST' && request.url === '/v1/chat/completions';
export const isModelList = (request: RecordedRequest) => request.method === 'GET' && request.url === '/v1/models';
export const chatBody = (request: RecordedRequest) => JSON.parse(request.body) as ChatRequest;

/**
 * A stand-in for an OpenAI-compatible server under `/v1` (OpenAI itself, Ollama, llama.cpp…).
 * `chat` and `models` script the answers; any other path gets OpenAI's 404.
 */
export async function startFakeOpenAi(handlers: { chat: (request: RecordedRequest) => FakeReply; models: (request: RecordedRequest) => FakeReply }): Promise<FakeHttpServer> {
  return startFakeHttp((request) => {
    if (isChat(request)) return handlers.chat(request);
    if (isModelList(request)) return handlers.models(request);
    return openAiError(404, `Invalid URL (${request.method} ${request.url})`);
  });
}
