/** A progress display for a long copy. */
export interface ProgressBar {
  /** Shows `done` of the total, with what is being worked on. */
  update(done: number, label: string): void;
  /** Shows the final state and ends the display. */
  finish(label: string): void;
}

const WIDTH = 30;
const number = (n: number) => n.toLocaleString("en-US");

/** The bar and its figures, e.g. `[#########.....................]  30%  1,200/4,000 rows  shipments`. */
export function renderProgress(done: number, total: number, label: string): string {
  const ratio = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(ratio * WIDTH);
  return `[${"#".repeat(filled)}${".".repeat(WIDTH - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}%  ${number(done)}/${number(total)} rows  ${label}`;
}

/**
 * A progress bar drawn with plain text. On a terminal (`redraw` given) it redraws one line in
 * place with `\r`, at most ten times a second; elsewhere (a log, a pipe) it prints a line each
 * time another tenth of the work is done.
 */
export function createProgressBar(total: number, out: { redraw?: (chunk: string) => void; line: (line: string) => void }): ProgressBar {
  let lastDraw = 0;
  let lastTenth = -1;
  const { redraw } = out;
  return {
    update(done, label) {
      if (redraw) {
        const now = Date.now();
        if (now - lastDraw < 100) return;
        lastDraw = now;
        redraw(`\r${renderProgress(done, total, label)}\u001b[K`);
        return;
      }
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth > lastTenth) {
        lastTenth = tenth;
        out.line(renderProgress(done, total, label));
      }
    },
    finish(label) {
      if (redraw) redraw(`\r${renderProgress(total, total, label)}\u001b[K\n`);
      else out.line(renderProgress(total, total, label));
    },
  };
}
