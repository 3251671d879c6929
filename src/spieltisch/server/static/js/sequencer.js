// Shows what happened at a human pace: a queue of steps (each a view to draw, with marks and a
// sentence), played one after another, with holds a person ends with a click or a key. The
// table page and the replay viewer both use it. It draws nothing itself: `draw(step)` does.

/** How long each speed makes a step, against "normal". */
export const SPEEDS = { fast: 0.6, normal: 1, slow: 1.6 };
const SPEED_KEY = "spieltisch.speed";
/** A step's time at normal speed when it does not say (within the 300–600 ms of a step). */
export const STEP_MS = 450;
/** How long a hold waits for a click or key before the queue goes on by itself. */
export const HOLD_MS = 2500;

/** The speed the person chose last in this browser ("fast", "normal" or "slow"). */
export function savedSpeed() {
  const speed = localStorage.getItem(SPEED_KEY);
  return speed in SPEEDS ? speed : "normal";
}

export function saveSpeed(speed) {
  if (speed in SPEEDS) localStorage.setItem(SPEED_KEY, speed);
}

/** Whether the person asked their system for less motion. */
export function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

export class Sequencer {
  /**
   * `draw(step)` draws one step; `settle()` draws the final view once the queue is empty;
   * `onChange(busy, holding)` is told when a sequence starts, holds or ends.
   */
  constructor({ draw, settle, onChange = () => {} }) {
    Object.assign(this, { draw, settle, onChange });
    this.queue = [];
    this.timer = null;
    this.holding = false;
    this.playing = false;
    this.wake = null;
  }

  get busy() {
    return this.playing;
  }

  /** Adds steps to the queue and starts playing if idle. */
  push(steps) {
    this.queue.push(...steps);
    if (!this.playing && this.queue.length) this.run();
  }

  /** Forgets what is queued and draws the final view at once (a client far behind). */
  clear() {
    this.queue = [];
    this.endWait();
    if (!this.playing) this.settle();
  }

  /** Ends the current hold or step: the queue goes on with the next step now. */
  skip() {
    this.endWait();
  }

  /** Plays every queued step without waiting (the replay's "to the end"). */
  finish() {
    this.queue = [];
    this.endWait();
  }

  endWait() {
    if (this.wake) this.wake();
  }

  wait(ms) {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(this.timer);
        this.timer = null;
        this.wake = null;
        resolve();
      };
      this.wake = done;
      this.timer = setTimeout(done, ms);
    });
  }

  async run() {
    this.playing = true;
    this.onChange(true, false);
    while (this.queue.length) {
      const step = this.queue.shift();
      const factor = SPEEDS[savedSpeed()];
      this.draw(step);
      await this.wait(Math.round((step.ms ?? STEP_MS) * factor));
      if (step.hold) {
        this.holding = true;
        this.onChange(true, true);
        await this.wait(Math.round(HOLD_MS * factor));
        this.holding = false;
        this.onChange(true, false);
      }
    }
    this.playing = false;
    this.settle();
    this.onChange(false, false);
  }
}
