import { EVERY_WRITE_KEY, type Storage, type StorageRepositories } from "../storage/index.js";

/** How long, in real milliseconds, one transaction of a batch's writes may run before it commits. */
const WRITE_SLICE_MS = 25;
/** The same while other writers want the lock (see {@link CONTENDED_FOR_MS}): shorter waits for them. */
const CONTENDED_SLICE_MS = 10;
/**
 * The pause between two slices, longer than the pause between two tries of a writer waiting for
 * SQLite's lock (4 ms): the lock is not handed over fairly, so background work that began its next
 * slice at once would keep it for the whole batch while the requests' writes waited (seconds, measured).
 */
const SLICE_GAP_MS = 5;
/**
 * While other writers want the lock, the pause after a slice is this many times as long as the
 * slice held it, so background work holds the lock at most a quarter of the time. Without it the
 * refresh held SQLite's lock about half the time under the mixed benchmark's requests, whatever
 * a record cost (the slices are measured in time), and a slice of the background thread lasts
 * longer than its work: the thread runs at a lower priority than the requests, on the same core.
 */
const CONTENDED_YIELD = 3;
/**
 * How long background work yields as above once it saw another writer: someone committed between
 * the end of its last slice and the start of its next (a request's write, another process, another
 * loop), told by the version every write raises (`EVERY_WRITE_KEY`); a storage that cannot read it
 * now is taken as idle.
 */
const CONTENDED_FOR_MS = 1_000;

/** What {@link writePaced} writes: `count` items, each prepared outside a transaction, then recorded in one. */
export interface PacedWrites<O> {
  /** How many items there are. */
  count: number;
  /** Prepares item `i` (reads, planning) outside any transaction; called once per item, in order. */
  prepare(i: number): Promise<void>;
  /** Writes item `i` in the slice's transaction; returns its outcome. */
  record(tx: StorageRepositories, i: number): Promise<O>;
  /** The outcome of an item that could not be written even alone (after `onError` heard why). */
  failed: O;
  /** Hears why a slice, or an item alone, could not be written. */
  onError?: (error: unknown) => void;
}

/**
 * Writes background work's items in transactions of at most about {@link WRITE_SLICE_MS} each:
 * few enough commits (each is a disk sync), and the write lock is never held so long that a
 * request writing next to it (another thread or process) waits long. Before each slice, the items
 * it may write are prepared outside the transaction, for about as long again. A slice that fails
 * is rolled back; its first item is then written on its own (or reported and counted as `failed`),
 * so one bad item cannot hold back the others. Slices are {@link SLICE_GAP_MS} apart, so writers
 * waiting for the lock get it in between, and so does the thread's other work. While other
 * writers want the lock (one committed between two slices in the last second), slices are shorter
 * ({@link CONTENDED_SLICE_MS}) and the pause after each is {@link CONTENDED_YIELD} times as long as
 * it held the lock: the requests' writes come first, and an idle server's background runs at full
 * speed. Returns the outcomes in item order.
 */
export async function writePaced<O>(storage: Storage, writes: PacedWrites<O>): Promise<O[]> {
  const { count, prepare, record, onError } = writes;
  /** The version every write raises, or undefined when the storage cannot tell now. */
  const dataVersion = (): Promise<number | undefined> =>
    storage.changeVersions.get([EVERY_WRITE_KEY]).then(
      ([version]) => version,
      () => undefined,
    );
  const outcomes: O[] = [];
  let planned = 0;
  let contendedUntil = -Infinity;
  let held = 0;
  // The data's version right after the last slice's commit: changed by the next slice, someone else wrote.
  let committed: number | undefined;
  while (outcomes.length < count) {
    const from = outcomes.length;
    const contended = performance.now() < contendedUntil;
    if (from > 0) await new Promise((resolve) => setTimeout(resolve, contended ? Math.max(SLICE_GAP_MS, held * CONTENDED_YIELD) : SLICE_GAP_MS));
    const sliceMs = contended ? CONTENDED_SLICE_MS : WRITE_SLICE_MS;
    const planning = performance.now();
    while (planned < count && (planned === from || performance.now() - planning < sliceMs)) await prepare(planned++);
    const until = planned;
    if (committed !== undefined && (await dataVersion()) !== committed) contendedUntil = performance.now() + CONTENDED_FOR_MS;
    let started = performance.now();
    try {
      outcomes.push(
        ...(await storage.transaction(async (tx) => {
          started = performance.now();
          const done: O[] = [];
          do done.push(await record(tx, from + done.length));
          while (from + done.length < until && performance.now() - started < sliceMs);
          return done;
        })),
      );
      held = performance.now() - started;
      committed = await dataVersion();
    } catch (sliceError) {
      onError?.(sliceError);
      outcomes.push(await storage.transaction((tx) => record(tx, from)).catch((error: unknown) => (onError?.(error), writes.failed)));
    }
  }
  return outcomes;
}
