import type { FromWebview } from '../protocol/fromWebview';

/** What VS Code injects into the webview as `acquireVsCodeApi()` (callable once per page). */
interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

/** What survives the view being hidden and shown again (the page is rebuilt then). */
export interface PersistedState {
  draft: string;
  /** Prompts sent earlier, oldest first, for ArrowUp recall. */
  sentPrompts: string[];
}

/** The webview's link to the extension that hosts it: messages out, and state kept while the view is hidden. */
export interface ExtensionLink {
  post(message: FromWebview): void;
  readonly state: PersistedState;
  saveState(change: Partial<PersistedState>): void;
}

export function connectToExtension(): ExtensionLink {
  const api = acquireVsCodeApi();
  let state = readState(api.getState());
  return {
    post: (message) => api.postMessage(message),
    get state() {
      return state;
    },
    saveState(change) {
      state = { ...state, ...change };
      api.setState(state);
    },
  };
}

/** The stored state is whatever an earlier version of this page saved: take only what still has the right shape. */
function readState(raw: unknown): PersistedState {
  const state: PersistedState = { draft: '', sentPrompts: [] };
  if (typeof raw !== 'object' || raw === null) return state;
  const { draft, sentPrompts } = raw as Record<string, unknown>;
  if (typeof draft === 'string') state.draft = draft;
  if (Array.isArray(sentPrompts)) state.sentPrompts = sentPrompts.filter((prompt): prompt is string => typeof prompt === 'string');
  return state;
}
