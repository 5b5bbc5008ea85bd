import type { UserMessage } from './messages';

/**
 * Why a message cannot go to this model, before it is sent: it carries an image and the model is
 * known not to take images. A model nobody knows about gets the message, and its provider answers.
 */
export function imageRefusal(model: string, acceptsImages: boolean | undefined, message: UserMessage): string | undefined {
  if (acceptsImages !== false || !message.content.some((block) => block.type === 'image')) return undefined;
  return `${model} does not accept images; choose a vision model or remove the image.`;
}

/** The user's message from what a host sends: plain text, or text and image blocks. */
export function userMessageOf(content: string | UserMessage['content']): UserMessage {
  return { role: 'user', content: typeof content === 'string' ? [{ type: 'text', text: content }] : content };
}
