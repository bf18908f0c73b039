import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runStorageContract } from "@bollard/core/testing";
import { afterAll } from "vitest";
import { sqliteStorage } from "./sqlite-storage.js";

const directory = mkdtempSync(join(tmpdir(), "bollard-sqlite-contract-"));
let files = 0;
afterAll(() => rmSync(directory, { recursive: true, force: true }));

runStorageContract("sqlite file", () => sqliteStorage({ filename: join(directory, `contract-${++files}.sqlite`) }));
runStorageContract("sqlite :memory:", () => sqliteStorage({ filename: ":memory:" }));
