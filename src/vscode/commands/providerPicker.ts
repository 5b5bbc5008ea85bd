import * as vscode from 'vscode';
import { officialEndpoints } from '../../core/llm/presets/officialEndpoints';
import type { ProviderPreset } from '../../core/llm/presets/providerPreset';
import { providerPresets } from '../../core/llm/presets/providerPresets';
import type { ApiKeys } from '../apiKeys';
import { azureAuthentication, chosenPreset, endpointSetting, providerLabel } from '../settings';

interface PresetItem extends vscode.QuickPickItem {
  preset: ProviderPreset;
}

/** Where a preset's requests go, as the picker shows it. */
export function shownEndpoint(preset: ProviderPreset): string {
  if (preset.baseUrl !== undefined) return preset.baseUrl;
  if (preset.baseUrlExample !== undefined) return `your endpoint, e.g. ${preset.baseUrlExample}`;
  return officialEndpoints[preset.wire];
}

async function keyState(preset: ProviderPreset, keys: ApiKeys): Promise<string> {
  if (preset.keyHeader === 'api-key' && azureAuthentication() === 'entraId') return 'Entra ID';
  if ((await keys.get(preset.id)) !== undefined) return 'key set';
  return preset.keyRequired ? 'no key' : 'no key needed';
}

/** A preset as the user picked it, with the name the picker showed for it. */
export interface PickedPreset {
  preset: ProviderPreset;
  label: string;
}

/**
 * Asks which provider preset, the current one first, each with whether its key is set and where
 * its requests go; `undefined` when the user cancels. Type to filter, Enter to pick.
 */
export async function pickPreset(title: string, keys: ApiKeys): Promise<PickedPreset | undefined> {
  const current = chosenPreset();
  const baseUrl = endpointSetting();
  const ordered = [current, ...providerPresets.filter((preset) => preset.id !== current.id)];
  const items: PresetItem[] = await Promise.all(ordered.map(async (preset): Promise<PresetItem> => {
    const isCurrent = preset.id === current.id;
    return {
      preset,
      label: isCurrent ? providerLabel(preset.id, baseUrl) : preset.label,
      description: [isCurrent ? 'current' : '', await keyState(preset, keys)].filter(Boolean).join(' · '),
      detail: isCurrent && baseUrl !== '' ? baseUrl : shownEndpoint(preset),
    };
  }));
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: 'Provider (type to filter)', ignoreFocusOut: true });
  return picked === undefined ? undefined : { preset: picked.preset, label: picked.label };
}
