/** A one-line progress display on stderr, driven by the event bus. */
import pc from 'picocolors';
import type { BusEvent, EventBus } from '../shared/events.js';
import type { CliIO } from './io.js';

export function attachProgress(bus: EventBus, io: CliIO): () => void {
  let lastDraw = 0;
  let visible = false;
  const clear = () => {
    if (visible) io.stderr.write('\r\x1b[2K');
    visible = false;
  };
  const off = bus.on((event: BusEvent) => {
    if (event.type === 'progress') {
      const now = Date.now();
      if (now - lastDraw < 80 && event.done < event.total) return;
      lastDraw = now;
      const width = 24;
      const ratio = event.total > 0 ? event.done / event.total : 1;
      const filled = Math.round(ratio * width);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
      io.stderr.write(`\r\x1b[2K${pc.cyan(event.stage.padEnd(8))} ${bar} ${event.done}/${event.total}`);
      visible = true;
    } else if (event.type === 'log' && event.level !== 'debug') {
      clear();
      io.stderr.write(
        `${event.level === 'warn' ? pc.yellow('warning') : pc.dim('info')}: ${event.message}\n`,
      );
    }
  });
  return () => {
    clear();
    off();
  };
}

/** Log lines (not progress) to stderr, for non-TTY runs: warnings must still be seen. */
export function attachLogs(bus: EventBus, io: CliIO, verbose: boolean): () => void {
  return bus.on((event) => {
    if (event.type !== 'log') return;
    if (event.level === 'debug' && !verbose) return;
    io.stderr.write(`${event.level}: ${event.message}\n`);
  });
}
