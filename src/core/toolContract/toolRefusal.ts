/**
 * Why a call was not run when the refusal is the conversation's mode working as meant, not a
 * failure: `planMode`, a tool that changes things called while Elbow only plans; `agent`, a tool the
 * picked custom agent is not given. The model still
 * gets an error result saying why; hosts show the call calmly, with the way out.
 */
export type ToolRefusal = 'planMode' | 'agent';

/** The start of a refused call's one line for the user, before what the call was about. */
export const refusalSummaries: Readonly<Record<ToolRefusal, string>> = {
  planMode: 'Not run',
  agent: 'Not run',
};
