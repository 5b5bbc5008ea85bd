import type * as vscode from 'vscode';
import { startTiming, type ActivationTime } from './activationTime';
import type * as Elbow from './startElbow';
import type { StartedElbow } from './startElbow';
import { showError } from '../notifications';

/** Loading and starting the chat's code, once: when the view is first shown or a command first runs. */
export class DeferredStart {
  private starting: Promise<StartedElbow> | undefined;
  private startTime: ActivationTime | undefined;

  constructor(
    private readonly start: (elbow: typeof Elbow) => StartedElbow,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** How long loading and starting took, once done. */
  get time(): ActivationTime | undefined {
    return this.startTime;
  }

  /** Started or starting: what deactivation must stop. */
  get begun(): Promise<StartedElbow> | undefined {
    return this.starting;
  }

  /** Starts in a task of its own, so that what asked (VS Code showing the view) finishes first and the UI loads meanwhile. */
  started(): Promise<StartedElbow> {
    this.starting ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.startNow());
    return this.starting;
  }

  private startNow(): StartedElbow {
    const timing = startTiming();
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a bundle of its own, loaded when needed (esbuild.js)
      const started = this.start(require('./startElbow') as typeof Elbow);
      this.startTime = timing();
      this.log.info(`Elbow's chat started in ${this.startTime.wallMs.toFixed(1)} ms, loading its code included (CPU ${this.startTime.cpuMs.toFixed(1)} ms).`);
      return started;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error(`Elbow could not start: ${error instanceof Error ? (error.stack ?? message) : message}`);
      void showError(`Elbow could not start: ${message}`, 'Show Logs').then((choice) => (choice === undefined ? undefined : this.log.show()));
      throw error;
    }
  }
}
