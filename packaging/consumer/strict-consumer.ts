// Compiled in a scratch project against the installed .d.ts files with `tsc --strict` and
// skipLibCheck off, so every declaration file these imports reach is checked too. It is never run.
import { createTracker, manualClock, type Session, type Tracker } from "@bollard/core";
import { runStorageContract } from "@bollard/core/testing";
import { runCli, type CliIo } from "@bollard/cli";
import { createHttpApp, startServer, type RunningServer } from "@bollard/http";
import { startTestReceiver, type TestReceiver } from "@bollard/http/testing";
import { memoryStorage } from "@bollard/storage-memory";
import { postgresStorage } from "@bollard/storage-postgres";
import { postgresAvailability } from "@bollard/storage-postgres/testing";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { startSandbox, type RunningSandbox } from "@bollard/testing";

/** Opens a tracker on SQLite and serves it; the types of every package meet here. */
export async function serveSqlite(filename: string): Promise<{ tracker: Tracker; server: RunningServer }> {
  const tracker = await createTracker({ storage: sqliteStorage({ filename }), clock: manualClock("2026-03-02T08:00:00Z") });
  const server = await startServer(createHttpApp(tracker), { port: 0 });
  return { tracker, server };
}

/** The container numbers of one shipment, read through a session. */
export async function containerNumbers(session: Session, shipmentId: string): Promise<string[]> {
  const shipment = await session.shipments.get(shipmentId, { include: ["containers"] });
  return shipment.containers.map((container) => container.number);
}

/** Runs `bollard keys create` in-process and returns the key it printed. */
export async function createKey(db: string): Promise<string | undefined> {
  const out: string[] = [];
  const io: CliIo = { out: (line) => out.push(line), err: () => {}, env: {} };
  return (await runCli(["keys", "create", "--db", db, "--account", "Acme"], io)) === 0 ? out[0] : undefined;
}

/** The other storages and the testing entries type-check too. */
export const others: [typeof memoryStorage, typeof postgresStorage, typeof runStorageContract, typeof postgresAvailability, () => Promise<TestReceiver>] = [
  memoryStorage,
  postgresStorage,
  runStorageContract,
  postgresAvailability,
  () => startTestReceiver(),
];

/** A sandbox with a carrier outage on one line, and a scripted shipment by name: the testing package's types. */
export async function sandboxWithOutage(): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ start: "2026-03-02T08:00:00Z" });
  await sandbox.faults.create({ target: "carrier", effect: "fail", scac: "MAEU", times: 2 });
  const { tracking_request } = await sandbox.scenarios.create({ name: "rollover" });
  const change = await sandbox.clock.advance(86_400);
  if (change.advance && tracking_request.status === "failed") await sandbox.reset();
  return sandbox;
}
