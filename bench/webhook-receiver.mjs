// The webhook receiver of the mixed benchmark: answers every POST 200 at once and counts them.
// Usage: node webhook-receiver.mjs (prints its port).
import { createServer } from "node:http";

let received = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    received += 1;
    res.writeHead(200).end();
  });
});
server.listen(0, "127.0.0.1", () => console.log(`port ${server.address().port}`));
// Exits at once, whether or not its output is still read: a receiver left behind by a benchmark
// that died would otherwise keep running.
process.on("SIGTERM", () => {
  process.stdout.write(`received ${received}\n`, () => process.exit(0));
  setTimeout(() => process.exit(0), 500).unref();
});
