/** The server's only source of "now", so tests can move time (renewals, class windows, token expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance by hand. */
export class TestClock implements Clock {
  #ms: number;
  constructor(start: Date | number = Date.now()) {
    this.#ms = typeof start === "number" ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  set(to: Date | number): void {
    this.#ms = typeof to === "number" ? to : to.getTime();
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
}
