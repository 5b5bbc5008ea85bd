import type { ElicitationField, ElicitationValue } from './elicitationForm';

/** What the user gave for a field before it is checked: typed text, a ticked box, the picked choices; `undefined` or `''` left empty. */
export type ElicitationInput = string | boolean | string[] | undefined;

/** A field's value coerced to its schema's type, nothing when left empty, or what is wrong with it. */
export type FieldOutcome = { value?: ElicitationValue; error?: undefined } | { error: string };

/** The answer's content, or what is wrong with each field that is (keyed by field name). */
export type FormOutcome = { content: Record<string, ElicitationValue> } | { errors: Record<string, string> };

/** Checks every field: the content holds exactly the fields the user filled, each of its schema's type. */
export function formAnswer(fields: readonly ElicitationField[], inputs: Readonly<Record<string, ElicitationInput>>): FormOutcome {
  const content: Record<string, ElicitationValue> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const outcome = fieldValue(field, inputs[field.name]);
    if (outcome.error !== undefined) errors[field.name] = outcome.error;
    else if (outcome.value !== undefined) content[field.name] = outcome.value;
  }
  return Object.keys(errors).length > 0 ? { errors } : { content };
}

/** The schema's defaults as an answer, when every required field has one; otherwise `undefined`. */
export function defaultsAnswer(fields: readonly ElicitationField[]): Record<string, ElicitationValue> | undefined {
  const content: Record<string, ElicitationValue> = {};
  for (const field of fields) {
    if (field.default !== undefined) content[field.name] = field.default;
    else if (field.required) return undefined;
  }
  return content;
}

/** One field's input, coerced and checked against its schema. */
export function fieldValue(field: ElicitationField, input: ElicitationInput): FieldOutcome {
  if (input === undefined || input === '' || (Array.isArray(input) && input.length === 0 && field.kind !== 'choices')) {
    return field.required ? { error: 'Required.' } : {};
  }
  switch (field.kind) {
    case 'text':
      return typeof input === 'string' ? checkedText(field, input) : { error: 'Expected text.' };
    case 'number':
      return typeof input === 'string' ? checkedNumber(field, input) : { error: 'Expected a number.' };
    case 'boolean':
      return checkedBoolean(input);
    case 'choice':
      if (typeof input !== 'string' || !field.options.some((option) => option.value === input)) return { error: `Choose one of: ${field.options.map((option) => option.title).join(', ')}.` };
      return { value: input };
    case 'choices':
      return checkedChoices(field, typeof input === 'string' ? [input] : input);
  }
}

function checkedText(field: Extract<ElicitationField, { kind: 'text' }>, input: string): FieldOutcome {
  if (field.minLength !== undefined && input.length < field.minLength) return { error: `At least ${field.minLength} characters.` };
  if (field.maxLength !== undefined && input.length > field.maxLength) return { error: `At most ${field.maxLength} characters.` };
  switch (field.format) {
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input) ? { value: input } : { error: 'Expected an email address, e.g. name@example.com.' };
    case 'uri':
      return isUri(input) ? { value: input } : { error: 'Expected a URI, e.g. https://example.com.' };
    case 'date':
      return isDate(input) ? { value: input } : { error: 'Expected a date as YYYY-MM-DD.' };
    case 'date-time':
      return isDateTime(input) ? { value: input } : { error: 'Expected a date and time, e.g. 2026-01-31T09:30:00Z.' };
    default:
      return { value: input };
  }
}

function checkedNumber(field: Extract<ElicitationField, { kind: 'number' }>, input: string): FieldOutcome {
  const typed = input.trim();
  const value = Number(typed);
  if (typed === '' || !Number.isFinite(value)) return { error: field.integer ? 'Expected a whole number.' : 'Expected a number.' };
  if (field.integer && !Number.isInteger(value)) return { error: 'Expected a whole number.' };
  if (field.minimum !== undefined && value < field.minimum) return { error: `At least ${field.minimum}.` };
  if (field.maximum !== undefined && value > field.maximum) return { error: `At most ${field.maximum}.` };
  return { value };
}

function checkedBoolean(input: Exclude<ElicitationInput, undefined>): FieldOutcome {
  if (typeof input === 'boolean') return { value: input };
  const word = typeof input === 'string' ? input.trim().toLowerCase() : '';
  if (['y', 'yes', 'true'].includes(word)) return { value: true };
  if (['n', 'no', 'false'].includes(word)) return { value: false };
  return { error: 'Expected yes or no.' };
}

function checkedChoices(field: Extract<ElicitationField, { kind: 'choices' }>, input: readonly string[] | boolean): FieldOutcome {
  if (typeof input === 'boolean' || input.some((value) => !field.options.some((option) => option.value === value))) {
    return { error: `Choose from: ${field.options.map((option) => option.title).join(', ')}.` };
  }
  const chosen = field.options.map((option) => option.value).filter((value) => input.includes(value));
  if (chosen.length === 0 && field.required) return { error: 'Required.' };
  if (field.minItems !== undefined && chosen.length < field.minItems) return { error: `Choose at least ${field.minItems}.` };
  if (field.maxItems !== undefined && chosen.length > field.maxItems) return { error: `Choose at most ${field.maxItems}.` };
  return chosen.length === 0 ? {} : { value: chosen };
}

function isUri(input: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(input)) return false;
  try {
    new URL(input);
    return true;
  } catch {
    return false;
  }
}

function isDate(input: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
  if (match === null) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === input;
}

function isDateTime(input: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(input) && isDate(input.slice(0, 10)) && !Number.isNaN(Date.parse(input));
}
