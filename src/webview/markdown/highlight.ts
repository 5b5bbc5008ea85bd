// Syntax highlighting with highlight.js core and a lean set of common languages (the full build is ~1 MB).
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const languages = { bash, c, cpp, csharp, css, diff, go, java, javascript, json, markdown, python, rust, shell, sql, typescript, xml, yaml };
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);
// Names models often put on fences that the definitions above do not list as aliases.
hljs.registerAliases(['html', 'svg', 'vue'], { languageName: 'xml' });
hljs.registerAliases(['sh', 'zsh', 'ksh'], { languageName: 'bash' });
hljs.registerAliases(['jsonc', 'json5'], { languageName: 'json' });

/** Streaming re-renders the same code blocks every frame; remembering the last results keeps that cheap. */
const cache = new Map<string, string>();
const cacheLimit = 200;

export function isKnownLanguage(language: string): boolean {
  return language !== '' && hljs.getLanguage(language) !== undefined;
}

/** Highlighted HTML (spans with `hljs-*` classes, text escaped), or `undefined` for an unknown language. */
export function highlightCode(code: string, language: string): string | undefined {
  if (!isKnownLanguage(language)) return undefined;
  const key = `${language}\u0000${code}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const html = hljs.highlight(code, { language, ignoreIllegals: true }).value;
  if (cache.size >= cacheLimit) {
    const oldest = cache.keys().next();
    if (oldest.done !== true) cache.delete(oldest.value);
  }
  cache.set(key, html);
  return html;
}
