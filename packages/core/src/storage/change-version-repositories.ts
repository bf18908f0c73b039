/**
 * Change versions: a counter per key (an account's id, or one of the few shared keys core names in
 * `change-versions.ts`), raised by the writes that change what the key covers, in their own
 * transaction. Core keeps them (the versioned storage raises them); adapters only store them.
 *
 * A reader that read a key's version, then read data, then read the same version again saw no
 * write of that key committed in between: the response cache keeps an account's answers under its
 * version, and a write in one account leaves the others' answers alone.
 */
export interface ChangeVersionRepository {
  /**
   * Raises the version of each key by one (a key never raised is at 0). Inside a transaction the
   * raise commits or rolls back with it; two transactions that raise the same key both count.
   */
  bump(keys: readonly string[]): Promise<void>;
  /** The current version of each key, in the order asked for; 0 for a key never raised. One read. */
  get(keys: readonly string[]): Promise<number[]>;
}
