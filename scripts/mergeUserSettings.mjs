// Adds the settings the start script's VS Code needs to its user settings.json, keeping every setting
// and comment already there: a key the user set keeps the user's value. A file that is not valid JSON
// with comments is left as it is, with a message.
import * as fs from 'node:fs';
import { applyEdits, modify, parse } from 'jsonc-parser';

const startSettings = {
  'workbench.startupEditor': 'none',
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

/** The file's new text, or an error when its text cannot be read as settings. */
function mergeUserSettings(text, wanted = startSettings) {
  const errors = [];
  const current = text.trim() === '' ? {} : parse(text, errors, { allowTrailingComma: true });
  if (errors.length > 0 || typeof current !== 'object' || current === null || Array.isArray(current)) return { error: 'it is not a JSON object' };
  let merged = text.trim() === '' ? '{}\n' : text;
  for (const [key, value] of Object.entries(wanted)) {
    if (key in current) continue;
    merged = applyEdits(merged, modify(merged, [key], value, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
  }
  return { text: merged };
}

const file = process.argv[2];
const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
const result = mergeUserSettings(text);
if (result.error) {
  console.error(`Left ${file} as it is: ${result.error}. Fix it to get Elbow's defaults (${Object.keys(startSettings).join(', ')}).`);
} else if (result.text !== text) {
  fs.writeFileSync(file, result.text);
}
