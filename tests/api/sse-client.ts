/** A Server-Sent Events reader for tests: opens a stream with fetch and collects its events and comments. */

export interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The body when the answer was not a stream (an error). */
  body?: unknown;
  events: SseEvent[];
  comments: string[];
  /** Resolves with the first event (already received or arriving within `ms`) that matches. */
  next(match: (e: SseEvent) => boolean, ms: number): Promise<SseEvent>;
  /** Resolves once the server ended the stream (within `ms`). */
  ended(ms: number): Promise<void>;
  close(): void;
}

export async function openStream(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  let done = false;

  const wait = (ready: () => boolean, ms: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (ready()) return resolve();
      const check = () => {
        if (!ready()) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${what} within ${ms} ms; events so far: ${JSON.stringify(events)}`));
      }, ms);
      waiters.add(check);
    });

  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    async next(match, ms) {
      await wait(() => events.some(match), ms, "no matching event");
      return events.find(match)!;
    },
    ended: (ms) => wait(() => done, ms, "the stream did not end"),
    close: () => controller.abort(),
  };
  if (!res.headers.get("content-type")?.startsWith("text/event-stream")) {
    stream.body = await res.json();
    return stream;
  }

  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { event: "message", data: "" };
          let isEvent = false;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else if (line.startsWith("event: ")) {
              event.event = line.slice(7);
              isEvent = true;
            } else if (line.startsWith("id: ")) event.id = line.slice(4);
            else if (line.startsWith("data: ")) {
              event.data = line.slice(6);
              isEvent = true;
            }
          }
          if (isEvent) events.push(event);
        }
        wake();
      }
    } catch {
      // Aborted by close().
    }
    done = true;
    wake();
  })();
  return stream;
}
