import { createTracker, generateDemoDataset } from "@bollard/core";
import { sqliteStorage } from "@bollard/storage-sqlite";

/** A SQLite database holding the demo dataset, with an editor and a viewer key. */
export interface DemoDatabase {
  /** The SQLite file. */
  db: string;
  /** An editor's API key of the Demo account. */
  editorKey: string;
  /** A viewer's API key of the same account. */
  viewerKey: string;
}

/** Writes the demo dataset (seed 1) into a new SQLite file, raises its exceptions, and issues two keys. */
export async function seedDemoDatabase(db: string): Promise<DemoDatabase> {
  const tracker = await createTracker({ storage: sqliteStorage({ filename: db }) });
  try {
    const { account } = await tracker.accounts.ensure("Demo");
    await tracker.accounts.loadDemo(generateDemoDataset({ seed: 1, accountId: account.id, now: tracker.clock.now() }));
    await tracker.exceptions.runDue();
    const editor = await tracker.accounts.issueKey(account.id, { role: "editor", name: "mcp-editor" });
    const viewer = await tracker.accounts.issueKey(account.id, { role: "viewer", name: "mcp-viewer" });
    return { db, editorKey: editor.apiKey, viewerKey: viewer.apiKey };
  } finally {
    await tracker.close();
  }
}
