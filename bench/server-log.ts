/**
 * The server process's stderr, summarised. Under load a failing endpoint logs one stack trace per
 * request (app.ts's onError), which would bury the results; per scenario we keep the count, the
 * first failure and its cause instead. Until `quiet()` everything is passed through as it comes.
 */
import type { Readable } from 'node:stream';

export interface ServerErrors {
  count: number;
  first?: string;
  cause?: string;
}

export class ServerLog {
  private partial = '';
  private live = true;
  private current: ServerErrors = { count: 0 };

  constructor(stream: Readable) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      if (this.live) process.stderr.write(chunk);
      const lines = (this.partial + chunk).split('\n');
      this.partial = lines.pop() ?? '';
      for (const line of lines) this.line(line);
    });
  }

  private line(line: string): void {
    if (/^[A-Z]+ \S+ failed:/.test(line)) {
      this.current.count++;
      this.current.first ??= line.slice(0, 300);
    } else if (/^\s*cause: /.test(line)) {
      this.current.cause ??= line.trim().slice(0, 300);
    } else if (!this.live && line.trim() && !/^\s/.test(line) && !this.current.first) {
      this.current.first = line.slice(0, 300); // something else went wrong: keep its first line
    }
  }

  /** From now on summarise instead of passing through. */
  quiet(): void {
    this.live = false;
  }

  /** Pass through again (start-up and shut-down messages are few and worth seeing whole). */
  loud(): void {
    this.live = true;
  }

  /** The errors since the last take. */
  take(): ServerErrors {
    const taken = this.current;
    this.current = { count: 0 };
    return taken;
  }
}
