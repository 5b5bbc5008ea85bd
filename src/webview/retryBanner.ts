import { codicon, h } from './dom';
import { retryWaitText } from './format';

export interface RetryWait {
  reason: string;
  delayMs: number;
  attempt: number;
  maxAttempts: number;
}

/** `Rate limited, retrying in 4 s (attempt 1 of 5)`, counting down while the extension waits. */
export class RetryBanner {
  private readonly text = h('span', { className: 'retry-wait-text' });
  readonly element = h('div', { id: 'retry-wait', hidden: true, attributes: { role: 'status' } }, [codicon('watch'), this.text]);
  private timer: ReturnType<typeof setInterval> | undefined;

  show(wait: RetryWait | null): void {
    this.clearTimer();
    if (wait === null) {
      this.element.hidden = true;
      return;
    }
    const deadline = Date.now() + wait.delayMs;
    const tick = () => {
      const secondsLeft = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      const text = retryWaitText(wait.reason, secondsLeft, wait.attempt, wait.maxAttempts);
      if (this.text.textContent !== text) this.text.textContent = text;
      if (secondsLeft === 0) this.clearTimer();
    };
    tick();
    this.element.hidden = false;
    this.timer = setInterval(tick, 250);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
