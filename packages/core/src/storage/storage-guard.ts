import { BollardError } from "../errors/index.js";

/*
 * What every adapter wraps its repositories in, written once: the gate that refuses calls on a
 * closed storage and lets close() wait for the calls under way, the translation of backend errors
 * into the BollardErrors the contract promises, and the refusal of records holding NUL characters
 * (PostgreSQL cannot store them in text, so no adapter does: data must be copyable between them).
 */

/** Admits repository calls: refuses them once the storage is closed and counts those under way. */
export interface StorageGate {
  /** The error to reject a call with, or undefined when it may run (it must then call `leave` once). */
  enter(): Error | undefined;
  /** Called once when an admitted call has settled. */
  leave(): void;
}

/** The gate of one storage, with the transitions its `open()` and `close()` make. */
export interface StorageLifecycleGate extends StorageGate {
  /** True once {@link StorageLifecycleGate.markOpen} ran and until `close` starts. */
  readonly isOpen: boolean;
  /** Admits calls from now on (unless the storage was closed meanwhile). */
  markOpen(): void;
  /** Refuses new calls, then resolves when every admitted call has settled. Idempotent. */
  close(): Promise<void>;
  /** True once `close` was called. */
  readonly isClosed: boolean;
}

/**
 * A gate for a storage's lifecycle: calls are refused before `markOpen()` and after `close()`
 * with `closedError()`, and `close()` waits for the calls already admitted.
 *
 * @example
 * const gate = createStorageGate(() => new BollardError("storage_unavailable", "The storage is closed"));
 */
export function createStorageGate(closedError: () => Error): StorageLifecycleGate {
  let phase: "created" | "open" | "closed" = "created";
  let running = 0;
  let idle: (() => void) | undefined;
  return {
    get isOpen() {
      return phase === "open";
    },
    get isClosed() {
      return phase === "closed";
    },
    enter() {
      if (phase !== "open") return closedError();
      running += 1;
      return undefined;
    },
    leave() {
      running -= 1;
      if (running === 0) idle?.();
    },
    markOpen() {
      if (phase === "created") phase = "open";
    },
    async close() {
      phase = "closed";
      if (running > 0) await new Promise<void>((resolve) => (idle = resolve));
    },
  };
}

/** A gate that admits every call (a transaction's own repositories, checked by their own gate). */
export const OPEN_GATE: StorageGate = { enter: () => undefined, leave: () => undefined };

/** How {@link guardRepositories} wraps each call. */
export interface GuardOptions<T> {
  /** What each object stores, for messages: `nouns[name]`, e.g. `shipment`. */
  nouns: Readonly<Record<keyof T, string>>;
  /** Admits calls; {@link OPEN_GATE} when absent. */
  gate?: StorageGate;
  /** Turns a backend error into the BollardError the contract promises (or returns it unchanged). */
  translate?: (error: unknown, noun: string) => unknown;
}

/** The methods that write records; their arguments are checked for NUL characters. */
const WRITE_METHODS = new Set(["insert", "update", "upsertMany", "insertMany", "insertAttempt", "set", "updateRows"]);

/** True when a string (or key) inside `value` holds U+0000; walks without allocating (it runs on every write). */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (holdsNul(value[i])) return true;
    return false;
  }
  for (const key in value) {
    if (key.includes("\u0000") || holdsNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** The path of the first string (or key) holding U+0000 inside `value`, or undefined. */
export function findNulCharacter(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (!holdsNul(value)) return undefined;
  if (typeof value === "string") return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (holdsNul(value[i])) return findNulCharacter(value[i], [...path, i]);
    return undefined;
  }
  for (const [key, member] of Object.entries(value as object)) {
    if (key.includes("\u0000")) return [...path, key];
    if (holdsNul(member)) return findNulCharacter(member, [...path, key]);
  }
  return undefined;
}

/**
 * Throws a BollardError `invalid` when a record (or a record of an array of them) holds a NUL
 * character in any string. Every adapter refuses such records the same way, so what one stores
 * another can store too.
 */
export function refuseNulCharacters(args: readonly unknown[], noun: string): void {
  for (const arg of args) {
    if (!holdsNul(arg)) continue;
    const path = findNulCharacter(arg);
    if (!path) continue;
    const record = Array.isArray(arg) && typeof path[0] === "number" ? arg[path[0]] : arg;
    const id = record !== null && typeof record === "object" && typeof (record as { id?: unknown }).id === "string" ? ` ${(record as { id: string }).id}` : "";
    const field = (Array.isArray(arg) ? path.slice(1) : path).join(".");
    throw new BollardError("invalid", `The ${noun}${id} holds a NUL character (\\u0000) in ${field || "a value"}; storage refuses it`, { path });
  }
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

/**
 * Wraps every method of every object of `objects` (a storage's repositories, or its `renderings`)
 * so that each call passes `gate`, write calls refuse records holding NUL characters, and errors
 * are translated (naming the object's record, `nouns[name]`). One `.then` per call: this sits on
 * every hot read.
 *
 * @example
 * const repositories = guardRepositories(build(db), { nouns: REPOSITORY_NOUNS, gate, translate: translateSqliteError });
 */
export function guardRepositories<T extends object>(objects: T, options: GuardOptions<T>): T {
  const gate = options.gate ?? OPEN_GATE;
  const translate = options.translate ?? ((error: unknown) => error);
  const out: Record<string, Record<string, AnyMethod>> = {};
  for (const [name, repository] of Object.entries(objects) as [keyof T & string, Record<string, AnyMethod>][]) {
    const noun = options.nouns[name];
    const settled = (value: unknown) => {
      gate.leave();
      return value;
    };
    const failed = (error: unknown) => {
      gate.leave();
      throw translate(error, noun);
    };
    const wrapped: Record<string, AnyMethod> = {};
    for (const [method, fn] of Object.entries(repository)) {
      const checked = WRITE_METHODS.has(method);
      wrapped[method] = (...args) => {
        const refused = gate.enter();
        if (refused) return Promise.reject(refused);
        try {
          if (checked) refuseNulCharacters(args, noun);
          return fn(...args).then(settled, failed);
        } catch (error) {
          gate.leave();
          return Promise.reject(translate(error, noun));
        }
      };
    }
    out[name] = wrapped;
  }
  return out as unknown as T;
}
