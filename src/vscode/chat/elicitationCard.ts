import type { ElicitationField } from '../../core/mcp/elicitationForm';
import type { McpElicitation, McpElicitationAnswer } from '../../core/mcp/mcpClientHandlers';
import type { Elicitation, ElicitationFieldView } from '../../protocol/elicitation';

const settledStates = { accept: 'accepted', decline: 'declined', cancel: 'cancelled' } as const;

/** A server's question as its card shows it while it waits. */
export function elicitationShown(question: McpElicitation, fields: readonly ElicitationField[], questionId: string): Elicitation {
  const base = { question: questionId, server: question.server, source: question.source, message: question.message, state: 'pending' as const };
  if (question.mode === 'url') return { ...base, mode: 'url', url: question.url, origin: new URL(question.url).origin };
  return { ...base, mode: 'form', fields: fields.map(fieldView) };
}

/** The card once answered: what was chosen, without the form or what was typed. */
export function settledElicitation(shown: Elicitation, action: McpElicitationAnswer['action']): Elicitation {
  const { server, source, message, mode, origin } = shown;
  return { server, ...(source === undefined ? {} : { source }), message, mode, ...(origin === undefined ? {} : { origin }), state: settledStates[action] };
}

/** A question still waiting when its call ended (the run stopped, or VS Code reloaded): cancelled. */
export function endedElicitation(shown: Elicitation): Elicitation {
  return shown.state === 'pending' ? settledElicitation(shown, 'cancel') : shown;
}

function fieldView(field: ElicitationField): ElicitationFieldView {
  const { name, title, description, required, kind } = field;
  const view: ElicitationFieldView = { name, title, required, kind, ...(description === undefined ? {} : { description }) };
  if (field.default !== undefined) view.default = field.default;
  switch (field.kind) {
    case 'text':
      return field.format === undefined ? view : { ...view, format: field.format };
    case 'number':
      return { ...view, integer: field.integer, ...(field.minimum === undefined ? {} : { minimum: field.minimum }), ...(field.maximum === undefined ? {} : { maximum: field.maximum }) };
    case 'choice':
    case 'choices':
      return { ...view, options: field.options };
    case 'boolean':
      return view;
  }
}
