/**
 * Whose offline changes this page may send: the signed-in person (the shell sets it while a
 * session, or the cached one offline, is shown), or null where no person is known (a scanner
 * station, which sends with its own token). Every queued scan, shopping change and shared receipt
 * is tagged with the person who made it, so on a shared device nothing is ever sent under the
 * next person's session; at sign-out the person chooses to keep theirs for later or delete them.
 */
let current: string | null = null;

export const queueOwner = (): string | null => current;

export function setQueueOwner(owner: string | null): void {
  current = owner;
}

/** What every queued entry carries: the id of the person who made it (absent on entries made before tagging). */
export interface Owned {
  owner?: string;
}

/**
 * Whether `entry` may be sent by `owner`: their own, or untagged (made before entries were
 * tagged, or shared with the app by the system while no page knew who was signed in). An untagged
 * entry is claimed by the first person who sees it (`claim` in each queue). With no owner known
 * (a station) everything is.
 */
export function belongsTo(entry: Owned, owner: string | null): boolean {
  return owner === null || entry.owner === undefined || entry.owner === owner;
}
