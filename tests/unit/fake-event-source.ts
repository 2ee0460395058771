/** An EventSource the test drives: it records what was opened and fires what the test says the server did. */
export class FakeSource {
  static all: FakeSource[] = [];
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((e: Event) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, listener: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  fire(type: string, init: { data?: string; lastEventId?: string } = {}) {
    const event = type === "open" || type === "error" ? new Event(type) : new MessageEvent(type, init);
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
  open() {
    this.readyState = 1;
    this.fire("open");
  }
  /** The connection dropped: the browser would reconnect by itself (readyState CONNECTING). */
  drop() {
    this.readyState = 0;
    this.fire("error");
  }
  /** The server answered something other than a stream (503 past its bound): the browser gives up (CLOSED). */
  refuse() {
    this.readyState = 2;
    this.fire("error");
  }
}
