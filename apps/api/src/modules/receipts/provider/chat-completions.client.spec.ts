import { describe, expect, it } from 'vitest';
import { completionText, ProviderFailure } from './chat-completions.client.js';
import { providerProblemText } from './provider-problem.js';
import { providerAnalysisVersion } from './provider-connection.js';

describe('provider failures', () => {
  it('become a 502 with the stable code and a reason in the caller language', () => {
    const failure = new ProviderFailure({ kind: 'status', status: 500 });
    expect(failure.getStatus()).toBe(502);
    expect(failure.code).toBe('receipt_provider_failed');
    expect(failure.detailIn('en')).toBe('The receipt provider did not work: answered HTTP 500');
    expect(failure.detailIn('de')).toBe('Der Anbieter für Kassenbons hat nicht funktioniert: antwortete mit HTTP 500');
  });

  it('say what happened without anything the provider sent', () => {
    expect(providerProblemText({ kind: 'status', status: 401 }).en).toBe('refused the API key (HTTP 401)');
    expect(providerProblemText({ kind: 'timeout', seconds: 1.5 })).toEqual({ en: 'no answer within 1.5 s', de: 'keine Antwort innerhalb von 1,5 s' });
    expect(providerProblemText({ kind: 'malformed', what: 'not_json' }).en).toBe('the answer is not JSON');
    expect(providerProblemText({ kind: 'unreachable', code: 'ECONNREFUSED' }).de).toBe('nicht erreichbar (ECONNREFUSED)');
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
