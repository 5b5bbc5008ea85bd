/**
 * Handlers of `elbow.*` commands by id. Activation registers every command the manifest declares, and each
 * forwards to its handler here once the chat's code has loaded (activateElbow.ts).
 */
export type CommandHandlers = Record<string, (...args: unknown[]) => unknown>;
