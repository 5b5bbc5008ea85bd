import type { CliConfig } from '../cliConfig';
import { EVENT_STREAM_VERSION } from './streamVersion';
import type { SessionStartEvent } from './streamEvents';

export function sessionStartEvent(sessionId: string, cwd: string, config: CliConfig, resumed: boolean): SessionStartEvent {
  return { type: 'session', version: EVENT_STREAM_VERSION, sessionId, resumed, cwd, provider: config.settings.provider, model: config.settings.model };
}
