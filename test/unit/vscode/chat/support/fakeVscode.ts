import Module from 'node:module';

/** A notification shown through the fake `vscode`: its message and a way to press one of its buttons. */
export interface ShownNotification {
  message: string;
  press(label: string | undefined): void;
}

/** A progress notification shown through the fake `vscode`: its title and the lines it reported. */
export interface ShownProgress {
  title: string;
  messages: string[];
}

/** The few `vscode` APIs the chat bridges use, recorded; install before importing a bridge. */
export const fakeVscode = {
  notifications: [] as ShownNotification[],
  progress: [] as ShownProgress[],
  ProgressLocation: { Notification: 15 },
  EventEmitter: class<T> {
    private listeners: ((value: T) => void)[] = [];
    readonly event = (listener: (value: T) => void): { dispose(): void } => {
      this.listeners.push(listener);
      return { dispose: () => undefined };
    };
    fire(value: T): void {
      for (const listener of this.listeners) listener(value);
    }
    dispose(): void {
      this.listeners = [];
    }
  },
  commands: { executeCommand: (): Promise<undefined> => Promise.resolve(undefined) },
  window: {
    showWarningMessage: (message: string): Promise<string | undefined> => shown(message),
    showInformationMessage: (message: string): Promise<string | undefined> => shown(message),
    showErrorMessage: (message: string): Promise<string | undefined> => shown(message),
    withProgress: <T>(options: { title: string }, task: (progress: { report(value: { message?: string }): void }, token: { onCancellationRequested(listener: () => void): { dispose(): void } }) => Promise<T>): Promise<T> => {
      const shownProgress: ShownProgress = { title: options.title, messages: [] };
      fakeVscode.progress.push(shownProgress);
      const report = ({ message }: { message?: string }): void => {
        if (message !== undefined) shownProgress.messages.push(message);
      };
      return task({ report }, { onCancellationRequested: () => ({ dispose: () => undefined }) });
    },
  },
  Uri: {
    file: (path: string) => ({ fsPath: path, toString: () => `file://${path}` }),
    parse: (uri: string) => ({ fsPath: uri.replace(/^file:\/\//, '') }),
  },
};

function shown(message: string): Promise<string | undefined> {
  return new Promise((resolve) => fakeVscode.notifications.push({ message, press: resolve }));
}

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;
const moduleWithLoad = Module as unknown as { _load: Load };
const load = moduleWithLoad._load;
moduleWithLoad._load = (request, parent, isMain) => (request === 'vscode' ? fakeVscode : load(request, parent, isMain));
