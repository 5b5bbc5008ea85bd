import { ProtocolError } from './errors';
import { isObject, type JsonObject } from './json';

const anthropicMediaTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * An Anthropic image block: `{ type: 'image', source: { type: 'base64', media_type, data } }`
 * (https://platform.claude.com/docs/en/build-with-claude/vision). The refusal of another media type
 * is the API's text as reported in anthropics/claude-code#8184.
 */
export function checkAnthropicImage(block: JsonObject, at: string): void {
  const source = block.source;
  if (!isObject(source)) throw new ProtocolError(`${at}.image.source: Field required`);
  if (source.type === 'url') {
    if (typeof source.url !== 'string') throw new ProtocolError(`${at}.image.source.url.url: Field required`);
    return;
  }
  if (source.type !== 'base64') throw new ProtocolError(`${at}.image.source: Input tag '${String(source.type)}' found using 'type' does not match any of the expected tags: 'base64', 'file', 'url'`);
  if (typeof source.media_type !== 'string' || !anthropicMediaTypes.includes(source.media_type)) {
    throw new ProtocolError(`${at}.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`);
  }
  if (typeof source.data !== 'string' || source.data === '') throw new ProtocolError(`${at}.image.source.base64.data: Field required`);
}

/**
 * The parts of an OpenAI Chat Completions user message: `text`, and `image_url` with
 * `{ url: 'data:image/png;base64,…' }` or an http(s) URL. The refusal of a URL that is neither is
 * OpenAI's text as reported in Alibaba-NLP/OmniSearch#3.
 */
export function checkOpenAiUserParts(parts: readonly unknown[], at: string): void {
  parts.forEach((part, k) => {
    const param = `${at}.content[${k}]`;
    if (!isObject(part)) throw new ProtocolError(`Invalid type for '${param}': expected an object.`, 400, param, 'invalid_type');
    if (part.type === 'text') return;
    if (part.type !== 'image_url') return;
    const image = part.image_url;
    const url = isObject(image) ? image.url : undefined;
    if (typeof url !== 'string') throw new ProtocolError(`Missing required parameter: '${param}.image_url.url'.`, 400, `${param}.image_url.url`, 'missing_required_parameter');
    if (/^https?:\/\//.test(url)) return;
    if (!/^data:image\/[a-z0-9.+-]+;base64,./i.test(url)) {
      throw new ProtocolError(
        `Invalid image URL: '${param}.image_url.url'. Expected a base64-encoded data URL with an image MIME type (e.g. 'data:image/png;base64,aW1nIGJ5dGVzIGhlcmU='), but got a value without the 'data:' prefix.`,
        400, `${param}.image_url.url`, 'invalid_value',
      );
    }
  });
}
