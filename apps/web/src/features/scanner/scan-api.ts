import type { ApiClient, Schemas } from '@hinv/api-client';
import type { ResolveOutcome, ScanMode } from './offline-queue';

export type Draft = Schemas['ScanResponse'];

/** The API's error body, reduced to its stable code. */
export function problemCode(error: unknown): string {
  return (error as { code?: string } | undefined)?.code ?? 'request_failed';
}

/**
 * One resolve request, classified the way the offline queue needs it: a network failure or a 401
 * stops a sync, any other refusal is recorded on the entry.
 */
export async function resolveScan(api: ApiClient, code: string, mode: ScanMode, clientMutationId: string): Promise<ResolveOutcome<Draft>> {
  try {
    const { data, error, response } = await api.POST('/api/v1/scans/resolve', { body: { barcode: code, mode, client_mutation_id: clientMutationId } });
    if (data) return { ok: true, draft: data };
    if (response.status === 401) return { ok: false, kind: 'unauthorized' };
    return { ok: false, kind: 'rejected', message: problemCode(error) };
  } catch {
    return { ok: false, kind: 'network' };
  }
}

export function newMutationId(prefix: 'resolve' | 'confirm'): string {
  return `${prefix}_${crypto.randomUUID()}`;
}
