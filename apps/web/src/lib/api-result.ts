/**
 * A refused or failed API call as an exception, so TanStack Query sees it as an error (openapi-fetch
 * resolves every answer, 4xx and 5xx included). `code` is the spec's machine-readable error code,
 * `detail` the server's explanation in the user's language.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly detail: string | null,
  ) {
    super(detail ?? code ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** The server refused the request as such: asking again gives the same answer. */
  get refused(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The body of a successful answer; any other answer throws an {@link ApiError}. */
export async function ok<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && error === undefined) return data as T;
  const body = (error ?? {}) as { code?: unknown; detail?: unknown };
  throw new ApiError(
    response.status,
    typeof body.code === 'string' ? body.code : null,
    typeof body.detail === 'string' && body.detail.length > 0 ? body.detail : null,
  );
}
