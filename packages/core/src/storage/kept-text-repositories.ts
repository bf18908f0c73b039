/**
 * Texts kept for readers: per account, a key → text, each kept under the stamp of what made it.
 * Core's read model keeps here the text of each resource it renders (see `read-model/`), under its
 * renderer's fingerprint; the storage knows nothing of what the texts say. An optional capability
 * (`StorageRepositories.keptTexts`): without it, core renders every text on every read.
 *
 * A text kept under another stamp than the one asked for is as good as none: when the renderer
 * changes, every text is made again as it is next read or written. Nothing here is a record: a copy
 * between storages leaves the texts behind, and clearing an account drops its texts.
 */
export interface KeptTextRepository {
  /** The texts of these keys kept under `stamp`, by key; a key with none (or one under another stamp) is left out. One read. */
  get(accountId: string, keys: readonly string[], stamp: string): Promise<Map<string, string>>;
  /**
   * Keeps each text under `stamp`, replacing what its key kept. With `onlyMissing`, a key that already
   * keeps a text under `stamp` keeps it: a reader filling a miss from what it read then never replaces
   * the text a writer kept since. Inside a transaction it commits or rolls back with it.
   */
  put(accountId: string, texts: readonly KeptText[], stamp: string, options?: KeptTextPutOptions): Promise<void>;
  /** Forgets the texts of these keys (a key with none is no error). */
  drop(accountId: string, keys: readonly string[]): Promise<void>;
}

/** One text of {@link KeptTextRepository.put}. */
export interface KeptText {
  /** The key, unique within the account. */
  readonly key: string;
  /** The text. */
  readonly text: string;
}

/** Options of {@link KeptTextRepository.put}. */
export interface KeptTextPutOptions {
  /** Keep only the texts whose key keeps none under the stamp (see {@link KeptTextRepository.put}). */
  onlyMissing?: boolean;
}
