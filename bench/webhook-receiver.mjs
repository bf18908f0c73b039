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
process.on("SIGTERM", () => {
  console.log(`received ${received}`);
  server.close(() => process.exit(0));
});
