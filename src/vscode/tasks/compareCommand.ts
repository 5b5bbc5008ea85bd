import * as vscode from 'vscode';
import { presetById } from '../../core/llm/presets/providerPresets';
import type { ApiKeys } from '../apiKeys';
import { typeModelName } from '../commands/pickServerModel';
import { showError, showInformation, showWarning } from '../notifications';
import { readAgentSettings } from '../settings';
import type { ComparedTasks } from './comparedTasks';
import { comparedTaskTitle, comparisonGroups, startComparison } from './compareGroup';
import { pairCandidates, pairCountProblem, sameModelPair, typedModelProviders, type ModelPair, type PairCandidate } from './comparePairs';
import type { ComparePanels } from './comparePanels';

interface PairItem extends vscode.QuickPickItem {
  pair: ModelPair | undefined;
}

const sourceWords: Record<PairCandidate['source'], string> = { chat: "the chat's model", fallback: 'fallback model', preset: "the provider's default" };

/**
 * "Elbow: Compare Models…": the prompt (the composer's text when run from the chat), then 2–4 models, each run as a
 * worktree task of one group; the Compare panel shows them side by side.
 */
export async function compareModels(tasks: ComparedTasks, keys: ApiKeys, panels: ComparePanels, given?: unknown): Promise<void> {
  const prompt = await askPrompt(given);
  if (prompt === undefined) return;
  const pairs = await pickPairs(keys);
  if (pairs === undefined) return;
  try {
    const started = await startComparison(tasks, prompt, pairs);
    if (started.taskIds.length > 0) panels.show(started.group);
    for (const failure of started.failures) {
      void showError(`Elbow: ${failure.pair.model} (${providerName(failure.pair.provider)}) could not start: ${failure.message}`);
    }
  } catch (error) {
    void showError(`Elbow: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** "Elbow: Show Comparison…": opens the panel of a comparison again, picked by its prompt (the only one at once). */
export async function showComparison(tasks: ComparedTasks, panels: ComparePanels): Promise<void> {
  const groups = comparisonGroups(tasks.list());
  if (groups.length === 0) return void showInformation('Elbow: no comparison yet. Run "Elbow: Compare Models…" to start one.');
  const picked = groups.length === 1
    ? groups[0]
    : await vscode.window.showQuickPick(groups.map((group) => ({ label: comparedTaskTitle(group.prompt), description: group.models.join(' · '), group })), {
      title: 'Elbow: Show Comparison',
      placeHolder: 'Which comparison (newest first)',
      matchOnDescription: true,
    }).then((item) => item?.group);
  if (picked !== undefined) panels.show(picked.group);
}

/** The text handed by the chat (a string, or `{ prompt }`), else asked for. */
async function askPrompt(given: unknown): Promise<string | undefined> {
  const handed = typeof given === 'string' ? given : typeof given === 'object' && given !== null && 'prompt' in given && typeof given.prompt === 'string' ? given.prompt : '';
  if (handed.trim() !== '') return handed.trim();
  const typed = await vscode.window.showInputBox({
    title: 'Elbow: Compare Models (1/2): the prompt',
    prompt: 'Each model runs this prompt as a task in a worktree of its own; their results show side by side.',
    placeHolder: 'e.g. Add input validation to the signup form',
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? 'Enter the prompt, or press Escape to cancel.' : undefined),
  });
  return typed === undefined || typed.trim() === '' ? undefined : typed.trim();
}

/** 2–4 pairs, or `undefined` when the user cancels; a wrong count is said and the picker shown again. */
async function pickPairs(keys: ApiKeys): Promise<ModelPair[] | undefined> {
  const settings = readAgentSettings();
  const otherProviders = typedModelProviders(settings.provider).filter((id) => id !== settings.provider);
  const others = await Promise.all(otherProviders.map(async (id) => ((await keys.get(id)) === undefined ? undefined : id)));
  const candidates = pairCandidates({
    provider: settings.provider,
    model: settings.model,
    fallbackModels: settings.fallbackModels ?? [],
    providersWithKeys: others.filter((id): id is string => id !== undefined),
  });
  const typeOne: PairItem = { label: '$(edit) Enter a model…', description: 'any provider and model name', pair: undefined, alwaysShow: true };
  let items: PairItem[] = [...candidates.map((candidate) => pairItem({ provider: candidate.provider, model: candidate.model }, sourceWords[candidate.source])), typeOne];
  // The chat's own model starts picked.
  let picked = new Set<ModelPair>(items.slice(0, 1).flatMap((item) => (item.pair === undefined ? [] : [item.pair])));
  for (;;) {
    const chosen = await vscode.window.showQuickPick(items.map((item) => ({ ...item, picked: item.pair !== undefined && picked.has(item.pair) })), {
      title: 'Elbow: Compare Models (2/2): pick 2 to 4 models',
      placeHolder: 'Space to pick a model, Enter to start',
      canPickMany: true,
      ignoreFocusOut: true,
      matchOnDescription: true,
    });
    if (chosen === undefined) return undefined;
    const pairs = chosen.flatMap((item) => (item.pair === undefined ? [] : [item.pair]));
    if (chosen.some((item) => item.pair === undefined)) {
      const typed = await typePair(settings.provider, settings.model);
      if (typed !== undefined && !pairs.some((pair) => sameModelPair(pair, typed))) {
        pairs.push(typed);
        items = [...items.slice(0, -1), pairItem(typed, 'entered'), typeOne];
      }
    }
    const problem = pairCountProblem(pairs.length);
    if (problem === undefined) return pairs;
    picked = new Set(pairs);
    if ((await showWarning(`Elbow: ${problem}`, 'Pick Again')) !== 'Pick Again') return undefined;
  }
}

/** The item holds the pair itself: picks are told apart by identity. */
function pairItem(pair: ModelPair, source: string): PairItem {
  return { label: pair.model, description: `${providerName(pair.provider)} · ${source}`, pair };
}

/** A provider (the chat's first) and a model name typed by the user. */
async function typePair(chatProvider: string, chatModel: string): Promise<ModelPair | undefined> {
  const providers = typedModelProviders(chatProvider).sort((one, other) => Number(other === chatProvider) - Number(one === chatProvider));
  const provider = await vscode.window.showQuickPick(providers.map((id) => ({ label: providerName(id), description: id === chatProvider ? "the chat's provider" : undefined, id })), {
    title: 'Elbow: Compare Models: the provider of the model to enter',
    ignoreFocusOut: true,
  });
  if (provider === undefined) return undefined;
  const model = await typeModelName(`The model's name on ${provider.label}`, provider.id === chatProvider ? chatModel : (presetById(provider.id)?.defaultModel ?? ''), 'Elbow: Compare Models: model name');
  return model === undefined || model === '' ? undefined : { provider: provider.id, model };
}

function providerName(id: string): string {
  return presetById(id)?.label ?? id;
}
