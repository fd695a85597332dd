/**
 * Paths the API answers itself. Mirrors SERVER_PATHS in apps/api/src/common/http/web-app.ts, but
 * tested against `pathname + search` (what Workbox's NavigationRoute matches), so a query string
 * may follow.
 */
export const SERVER_PATHS: readonly RegExp[] = [/^\/(api|docs|redoc)(\/|\?|$)/, /^\/openapi\.json(\?|$)/];

export function isServerPath(pathAndSearch: string): boolean {
  return SERVER_PATHS.some((pattern) => pattern.test(pathAndSearch));
}
