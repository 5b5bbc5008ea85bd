import type { WindowSource } from './modelCatalog';

/**
 * Where the window came from, for people, to follow "from": `Ollama (loaded with 8,192 tokens)`.
 * `settingName` is the host's name for the model setting (`elbow.models`, `ELBOW_MODELS`).
 */
export function windowSourceText(source: WindowSource | undefined, settingName: string): string | undefined {
  switch (source?.kind) {
    case undefined:
      return undefined;
    case 'setting':
      return `your ${settingName} setting`;
    case 'server':
      return source.detail ? `${source.server} (${source.detail})` : source.server;
    case 'table':
      return 'Elbow\'s built-in model table';
    case 'default':
      return `a cautious default for a model Elbow does not know (set its window in ${settingName})`;
  }
}
