/** Identifiers shaped like the ones the real services hand out. */
import { randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let token = '';
  for (const byte of bytes) token += alphabet[byte % alphabet.length];
  return token;
}

export const openaiToolCallId = (): string => `call_${randomToken(24)}`;
export const openaiCompletionId = (): string => `chatcmpl-${randomToken(29)}`;
export const anthropicToolUseId = (): string => `toolu_01${randomToken(22)}`;
export const anthropicMessageId = (): string => `msg_01${randomToken(22)}`;
export const requestId = (): string => `req_${randomToken(24)}`;
/** Opaque like the real thing: base64 that the server alone can check. */
export const thinkingSignature = (): string => `Eq${randomBytes(96).toString('base64')}`;
