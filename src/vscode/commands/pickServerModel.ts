import * as vscode from 'vscode';
import { listServerModels } from '../../core/llm/modelInfo/serverModelList';
import { officialEndpoints } from '../../core/llm/presets/officialEndpoints';


interface ModelItem extends vscode.QuickPickItem {
  model: string | undefined;
}

/**
 * Lists the models the OpenAI-compatible server at `baseUrl` offers and lets the user pick one,
 * or type another name. When the server cannot list them, says why and asks for the name.
 * `undefined` when the user cancels.
 */
export async function pickServerModel(baseUrl: string, current: string, apiKey: string | undefined): Promise<string | undefined> {
  const endpoint = baseUrl === '' ? officialEndpoints.openai : baseUrl;
  let models: string[] | undefined;
  let problem: string | undefined;
  if (baseUrl === '' && apiKey === undefined) {
    problem = 'listing OpenAI\'s models needs an API key';
  } else {
    try {
      models = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Elbow: asking ${endpoint} for its models…` },
        () => listServerModels(endpoint, { apiKey }),
      );
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
  }
  if (models === undefined || models.length === 0) {
    const reason = problem ?? 'the server lists no models';
    return typeModelName(`Could not list the models of ${endpoint} (${reason}); type the model name.`, current);
  }
  const typeAnother: ModelItem = { label: '$(edit) Enter a model name…', model: undefined, alwaysShow: true };
  const items: ModelItem[] = [
    ...models.map((model): ModelItem => ({ label: model, model, description: model === current ? 'current' : undefined })),
    typeAnother,
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: `Elbow: model on ${endpoint}`,
    placeHolder: `${models.length} model${models.length === 1 ? '' : 's'} on the server; or enter another name`,
    ignoreFocusOut: true,
    matchOnDescription: true,
  });
  if (picked === undefined) return undefined;
  return picked.model ?? typeModelName('e.g. gpt-4.1, deepseek-chat, qwen2.5-coder:14b', current);
}

/** Asks for a model name; `undefined` when the user cancels. */
export async function typeModelName(prompt: string, current: string, title = 'Elbow: model'): Promise<string | undefined> {
  const model = await vscode.window.showInputBox({
    title,
    prompt,
    value: current,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? 'Enter a model name.' : undefined),
  });
  return model?.trim();
}
