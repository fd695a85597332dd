import { describe, expect, it } from 'vitest';
import { MAX_REASON_CHARS, redactedReason } from '../../../common/http/outbound-answer.js';
import { completionText, ProviderFailure, upstreamMessage } from './chat-completions.client.js';
import { providerAnalysisVersion } from './provider-connection.js';

const KEY = 'sk-test-0123456789abcdef';

describe('provider error reasons', () => {
  it('take the message out of the error shapes OpenAI, Ollama and others answer with', () => {
    expect(upstreamMessage(JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }))).toBe('Incorrect API key provided');
    expect(upstreamMessage(JSON.stringify({ error: "model 'llava' not found, try pulling it first" }))).toBe("model 'llava' not found, try pulling it first");
    expect(upstreamMessage(JSON.stringify({ message: 'Unauthorized' }))).toBe('Unauthorized');
    expect(upstreamMessage(JSON.stringify({ detail: 'Not Found' }))).toBe('Not Found');
    expect(upstreamMessage('<html><body>502 Bad Gateway</body></html>')).toBe('<html><body>502 Bad Gateway</body></html>');
    expect(upstreamMessage(JSON.stringify({ error: { code: 500 } }))).toBe('{"error":{"code":500}}');
  });

  it('never carry the key, stay on one line and within 500 characters', () => {
    const echoed = `Incorrect API key provided: ${KEY}.\nYou can find your key at https://platform.openai.com. (${KEY})`;
    const reason = redactedReason(echoed, KEY);
    expect(reason).not.toContain(KEY);
    expect(reason).toBe('Incorrect API key provided: [key]. You can find your key at https://platform.openai.com. ([key])');
    const long = redactedReason(`${'x'.repeat(400)} ${KEY} ${'y'.repeat(400)}`, KEY);
    expect(long).toHaveLength(MAX_REASON_CHARS);
    expect(long).not.toContain(KEY);
    expect(long.endsWith('…')).toBe(true);
    expect(redactedReason('no key here', null)).toBe('no key here');
  });

  it('become a 502 with the stable code and the reason in the detail', () => {
    const failure = new ProviderFailure('answered 500: upstream exploded');
    expect(failure.getStatus()).toBe(502);
    expect(failure.code).toBe('receipt_provider_failed');
    expect(failure.detailIn('en')).toBe('The receipt provider did not work: answered 500: upstream exploded');
    expect(failure.detailIn('de')).toBe('Der Anbieter für Kassenbons hat nicht funktioniert: answered 500: upstream exploded');
  });
});

describe('the completion text', () => {
  it('is the first choice message, a string or text parts joined', () => {
    expect(completionText({ choices: [{ index: 0, message: { role: 'assistant', content: '{"items":[]}' }, finish_reason: 'stop' }] })).toBe('{"items":[]}');
    expect(completionText({ choices: [{ message: { content: [{ type: 'text', text: '{"items"' }, { type: 'text', text: ':[]}' }] } }] })).toBe('{"items":[]}');
  });

  it('is missing when the answer is not a chat completion', () => {
    for (const answer of [null, 'text', {}, { choices: [] }, { choices: [{}] }, { choices: [{ message: { content: null } }] }, { choices: [{ message: { content: [{ type: 'image' }] } }] }]) {
      expect(completionText(answer), JSON.stringify(answer)).toBeNull();
    }
  });
});

describe('the analysis version of a provider', () => {
  it('names the type and the model, so another model reads the same file again', () => {
    expect(providerAnalysisVersion({ type: 'ollama', model: 'qwen2.5vl:7b' })).toBe('provider:ollama:qwen2.5vl:7b');
    expect(providerAnalysisVersion({ type: 'openai', model: 'gpt-4o-mini' })).not.toBe(providerAnalysisVersion({ type: 'openai', model: 'gpt-4o' }));
  });
});
