import { EventEmitter } from 'node:events';

/** A response that keeps what was written, headers included, in order; `finish` on end, as Node's does. */
export class FakeResponse extends EventEmitter {
  status = 0;
  headers = '';
  body = '';
  headersSent = false;
  writable = true;
  writableEnded = false;
  setHeader(): void {}
  writeHead(status: number, headers?: Record<string, unknown>): this {
    this.status = status;
    this.headers = JSON.stringify(headers ?? {});
    return this;
  }
  flushHeaders(): void {
    this.headersSent = true;
  }
  write(text: string): boolean {
    this.headersSent = true;
    this.body += text;
    return true;
  }
  end(text?: string): this {
    this.body += text ?? '';
    this.writableEnded = true;
    this.emit('finish');
    return this;
  }
}
