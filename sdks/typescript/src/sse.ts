// A reader of server-sent events (the WHATWG "event stream" format), enough for the API's live
// events stream: lines ended by CRLF, LF or CR; `data` lines joined by newlines; comments (lines
// starting with `:`) skipped; the `id` kept from one event to the next, as EventSource keeps it.
// No `retry` handling and no reconnection: the caller resumes with the last id (src/resources/events.ts).

/** One event of the stream, as its fields gave it. */
export interface ServerSentEvent {
  /** The last `id` the stream gave, at this event or before ('' when none). */
  id: string;
  /** The `event` field ('message' when absent). */
  event: string;
  /** The `data` lines, joined by newlines. */
  data: string;
}

/** Splits text into lines as they complete, whatever the line ends; a CR at a chunk's end waits for the next chunk's LF. */
class LineSplitter {
  private pending = '';
  private afterCr = false;

  push(text: string): string[] {
    let chunk = text;
    if (this.afterCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.afterCr = false;
    const parts = (this.pending + chunk).split(/\r\n|\r|\n/);
    this.pending = parts.pop() ?? '';
    if (this.pending === '' && chunk.endsWith('\r')) this.afterCr = true;
    return parts;
  }
}

/** Builds events from lines: a blank line ends one (when it had data). */
class EventBuilder {
  private lastId = '';
  private event = '';
  private data: string[] = [];

  line(line: string): ServerSentEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    return undefined;
  }

  private dispatch(): ServerSentEvent | undefined {
    const event = this.data.length
      ? { id: this.lastId, event: this.event || 'message', data: this.data.join('\n') }
      : undefined;
    this.event = '';
    this.data = [];
    return event;
  }
}

/** The events of a body as they come; ends when the body ends (an unfinished last event is dropped, as the format says). */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const lines = new LineSplitter();
  const builder = new EventBuilder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      // TextDecoder drops a leading byte order mark, as the format asks.
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      for (const line of lines.push(text)) {
        const event = builder.line(line);
        if (event) yield event;
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
