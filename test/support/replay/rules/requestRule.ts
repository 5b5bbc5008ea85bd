/** A documented rule a provider applies to each request, and how the provider answers when it is broken. */
import type { JsonObject } from '../../fakeLlm/json';
import type { Recording } from '../recording';

export type ReplayApi = 'openai' | 'anthropic';

/** The response the real service sends for a request that breaks the rule. */
export interface ServiceAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface RuleBreak {
  /** What was wrong, for the server's `violations` list. */
  reason: string;
  /**
   * The service's refusal. Undefined for a documented requirement the service does not enforce
   * with an error (the replay server then answers normally and only records the break).
   */
  answer?: ServiceAnswer;
}

export interface RequestRule {
  readonly name: string;
  /** The documentation page the rule comes from. */
  readonly source: string;
  /** Learns what the server handed out (signatures, reasoning) from a recording it served. */
  served?(recording: Recording): void;
  /** The break when `body` does not follow the rule, undefined when it does. */
  check(body: JsonObject): RuleBreak | undefined;
}

export function jsonAnswer(status: number, body: unknown): ServiceAnswer {
  return { status, contentType: 'application/json', body: JSON.stringify(body) };
}
