import type { Clock } from "../clock/index.js";
import type { Storage } from "../storage/index.js";
import type { CarrierSource } from "../tracking/carrier-source.js";
import type { Principal } from "./account-service.js";

/** What every session-scoped service is built from. */
export interface SessionContext {
  /** The storage every service reads and writes. */
  readonly storage: Storage;
  /** The clock for timestamps. */
  readonly clock: Clock;
  /** Who is calling. */
  readonly principal: Principal;
  /** The carrier source, asked which SCACs it supports. */
  readonly carrier: CarrierSource;
  /** The account every read and write of this session is scoped to. */
  readonly accountId: string;
  /** Throws 403 unless the user may update records (role `editor`). */
  requireEditor(): void;
}
