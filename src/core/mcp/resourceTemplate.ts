/**
 * RFC 6570 level 1 (simple string expansion, `{name}`), the form MCP servers' resource templates use.
 * Every character of a value outside the unreserved set is percent-encoded (UTF-8), so a value can
 * never add a `/`, `?`, `#`, `:` or `@` and change the URI's scheme, authority or path segments.
 */

const expression = /\{([^{}]*)\}/g;
const variableName = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;

/** The variables a template asks for, each once, in order; throws for what level 1 does not have (operators, modifiers, a stray brace). */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  const outside = template.replace(expression, '');
  if (outside.includes('{') || outside.includes('}')) throw new Error(`${template} is not a URI template: its braces do not pair.`);
  for (const match of template.matchAll(expression)) {
    for (const name of (match[1] ?? '').split(',')) {
      if (!variableName.test(name)) throw new Error(`${template} uses {${match[1] ?? ''}}, which Elbow does not expand: only {name} variables (RFC 6570 level 1) are filled in.`);
      if (!names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** The template with each `{name}` replaced by its value, percent-encoded; every variable needs a value. */
export function expandTemplate(template: string, values: Readonly<Record<string, string>>): string {
  templateVariables(template);
  return template.replace(expression, (_whole, names: string) => names.split(',').map((name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${template} needs a value for ${name}.`);
    return encodedValue(value);
  }).join(','));
}

/** Simple expansion: unreserved characters (ALPHA, DIGIT, `-._~`) as they are, everything else as UTF-8 `%XX`. */
function encodedValue(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}
