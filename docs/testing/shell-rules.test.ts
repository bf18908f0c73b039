import { describe, expect, it } from "vitest";
import { parseGuide } from "./doc-blocks.js";
import { codeSpanProblems, commandPart, shellBlockProblems, shellCommands } from "./shell-rules.js";

// The docs test's own rules, on guides made up for the purpose: each rule refuses what it should.

const none = new Set<string>();

describe("shellCommands", () => {
  it("finds every command: after pipes, &&, in $( ), in loops, past assignments and comments", () => {
    const script = [
      'KEY=$(npx --yes pnpm@10 -s bollard keys create --db x) # a comment with pnpm in it',
      "curl -s \\",
      '  "http://127.0.0.1:8080/v2" | jq .meta && echo "$(date) done" 2>&1 > out.txt',
      "while sleep 5; do cat out.txt; done",
    ].join("\n");
    const names = shellCommands(script).commands.map((words) => commandPart(words)[0]);
    expect(names).toEqual(["npx", undefined, "curl", "jq", "date", "echo", "sleep", "cat", undefined]);
  });
});

describe("shellBlockProblems", () => {
  it("refuses a bare pnpm, npx pnpm without --yes or version 10, and a bare bollard", () => {
    expect(shellBlockProblems("pnpm bollard serve", none)).toHaveLength(1);
    expect(shellBlockProblems("cd x && pnpm install", none)).toHaveLength(1);
    expect(shellBlockProblems("BOLLARD_DB=x pnpm bollard serve", none)).toHaveLength(1);
    expect(shellBlockProblems("npx pnpm@10 install", none)).toHaveLength(1);
    expect(shellBlockProblems("npx --yes pnpm install", none)).toHaveLength(1);
    expect(shellBlockProblems("bollard serve --db x", none)).toHaveLength(1);
    expect(shellBlockProblems("npx --yes pnpm@10 install && npx --yes pnpm@10 bollard serve", none)).toEqual([]);
    expect(shellBlockProblems("npx bollard worker --db x", none)).toEqual([]);
  });

  it("refuses a curl URL with brackets unless -g is given, quoted or not", () => {
    expect(shellBlockProblems(`curl -s "http://127.0.0.1:8080/v2/x?page[size]=2"`, none)).toHaveLength(1);
    expect(shellBlockProblems(`curl -s http://127.0.0.1:8080/v2/x?filter[a]=b`, none)).toHaveLength(1);
    expect(shellBlockProblems(`curl -s -g "http://127.0.0.1:8080/v2/x?page[size]=2"`, none)).toEqual([]);
    expect(shellBlockProblems(`curl -sg "http://127.0.0.1:8080/v2/x?page[size]=2"`, none)).toEqual([]);
    expect(shellBlockProblems(`curl --globoff "http://127.0.0.1:8080/v2/x?page[size]=2"`, none)).toEqual([]);
    expect(shellBlockProblems(`curl -s "http://127.0.0.1:8080/v2/x?page%5Bsize%5D=2"`, none)).toEqual([]);
    // Brackets in a body or a header are no glob; an IPv6 host's brackets neither.
    expect(shellBlockProblems(`curl -d '{"events":["a"],"url":"http://x/[y]"}' http://127.0.0.1:8080/v2/webhooks`, none)).toEqual([]);
    expect(shellBlockProblems(`curl http://[::1]:8080/v2/shipments`, none)).toEqual([]);
  });

  it("refuses an unquoted <placeholder>, which the shell reads as a redirection", () => {
    expect(shellBlockProblems("SECRET=<secret> npm start", none)[0]).toMatch(/unquoted <secret> is a redirection/);
    expect(shellBlockProblems(`SECRET="<secret>" npm start`, none)).toEqual([]);
    expect(shellBlockProblems(`curl -H "Authorization: Token <key>" http://127.0.0.1:8080/v2/shipments 2>&1 > out.txt`, none)).toEqual([]);
  });

  it("allows a tool a fresh machine lacks only where the guide has named it", () => {
    expect(shellBlockProblems(`sqlite3 data/bollard.sqlite "PRAGMA integrity_check"`, none)).toHaveLength(1);
    expect(shellBlockProblems(`sqlite3 data/bollard.sqlite "PRAGMA integrity_check"`, new Set(["sqlite3"]))).toEqual([]);
    expect(shellBlockProblems("0196f3a2-…  bol_Xk3f…  viewer", none)).toHaveLength(1); // output pasted among commands
  });
});

describe("codeSpanProblems", () => {
  it("refuses a pnpm command in the prose, and names the tool freely", () => {
    expect(codeSpanProblems("pnpm bollard serve")).toHaveLength(1);
    expect(codeSpanProblems("pnpm test")).toHaveLength(1);
    expect(codeSpanProblems("pnpm")).toEqual([]);
    expect(codeSpanProblems("pnpm-lock.yaml")).toEqual([]);
    expect(codeSpanProblems("npx --yes pnpm@10 bench ais")).toEqual([]);
    expect(codeSpanProblems(`curl "http://127.0.0.1:8080/v2/x?page[size]=2"`)).toHaveLength(1);
  });
});

describe("parseGuide", () => {
  it("reads fences with ``` and ~~~, their language and flags, and the code spans of tables", () => {
    const page = parseGuide("x.md", ["| a | b |", "|---|---|", "| `pnpm test` | c |", "", "~~~sh runnable", "curl x", "~~~", "", "- item", "", "  ```json output", "  {}", "  ```", ""].join("\n"));
    expect(page.blocks.map((block) => [block.line, block.lang, [...block.flags], block.content])).toEqual([
      [5, "sh", ["runnable"], "curl x\n"],
      [11, "json", ["output"], "{}\n"],
    ]);
    expect(page.spans).toEqual([{ file: "x.md", line: 3, text: "pnpm test" }]);
  });
});
