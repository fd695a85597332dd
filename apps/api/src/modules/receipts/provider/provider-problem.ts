import type { Locale } from '@hinv/shared';

/**
 * What went wrong with a provider call, said without anything the provider sent: its answer
 * body may echo the prompt, the receipt or the key, so it reaches neither the caller nor the
 * log (as in the reference). The HTTP status, a timeout or a malformed answer say enough.
 */
export type ProviderProblem =
  | { kind: 'status'; status: number }
  | { kind: 'redirect'; status: number }
  | { kind: 'timeout'; seconds: number }
  | { kind: 'unreachable'; code: string | null }
  | { kind: 'refused_address' }
  | { kind: 'too_large'; megabytes: number }
  | { kind: 'malformed'; what: 'not_json' | 'no_message' | 'no_model_list' | 'not_a_receipt' };

type Texts = Record<Locale, string>;

function statusText(status: number): Texts {
  if (status === 401 || status === 403) return { en: `refused the API key (HTTP ${status})`, de: `hat den API-Schlüssel abgelehnt (HTTP ${status})` };
  if (status === 404) return { en: 'answered HTTP 404: check the base URL and the model', de: 'antwortete mit HTTP 404: Prüfe Basis-URL und Modell' };
  if (status === 429) return { en: 'is busy or its quota is used up (HTTP 429)', de: 'ist ausgelastet oder das Kontingent ist aufgebraucht (HTTP 429)' };
  return { en: `answered HTTP ${status}`, de: `antwortete mit HTTP ${status}` };
}

const MALFORMED: Record<Extract<ProviderProblem, { kind: 'malformed' }>['what'], Texts> = {
  not_json: { en: 'the answer is not JSON', de: 'die Antwort ist kein JSON' },
  no_message: { en: 'the answer holds no message (choices[0].message.content)', de: 'die Antwort enthält keine Nachricht (choices[0].message.content)' },
  no_model_list: { en: 'the answer is not a model list', de: 'die Antwort ist keine Modellliste' },
  not_a_receipt: { en: 'the answer is not a receipt in the expected JSON shape', de: 'die Antwort ist kein Kassenbon in der erwarteten JSON-Form' },
};

/** The problem as the reason of `receipt_provider_failed`, in both languages. */
export function providerProblemText(problem: ProviderProblem): Texts {
  switch (problem.kind) {
    case 'status':
      return statusText(problem.status);
    case 'redirect':
      return {
        en: `answered with a redirect (HTTP ${problem.status}); redirects are not followed, check the base URL`,
        de: `antwortete mit einer Weiterleitung (HTTP ${problem.status}); Weiterleitungen werden nicht verfolgt, prüfe die Basis-URL`,
      };
    case 'timeout':
      return { en: `no answer within ${problem.seconds} s`, de: `keine Antwort innerhalb von ${String(problem.seconds).replace('.', ',')} s` };
    case 'unreachable':
      return problem.code ? { en: `not reachable (${problem.code})`, de: `nicht erreichbar (${problem.code})` } : { en: 'not reachable', de: 'nicht erreichbar' };
    case 'refused_address':
      return {
        en: 'the host name resolves to a link-local, multicast, unspecified or reserved address, which is not allowed',
        de: 'der Hostname löst zu einer link-lokalen, Multicast-, unspezifizierten oder reservierten Adresse auf, das ist nicht erlaubt',
      };
    case 'too_large':
      return { en: `the answer is larger than ${problem.megabytes} MB`, de: `die Antwort ist größer als ${problem.megabytes} MB` };
    case 'malformed':
      return MALFORMED[problem.what];
  }
}
