import type { AgentSettings } from '../../core/agent/agentSettings';
import { modelNameProblem } from '../../core/llm/presets/modelNameProblem';
import { presetEndpoint } from '../../core/llm/presets/presetEndpoint';
import { presetById } from '../../core/llm/presets/providerPresets';

const fix = 'Run "Elbow: Change Provider and Model" to set it.';

/** What keeps the chosen provider from being asked at all (no model, no endpoint, another provider's endpoint), said so the user can fix it. */
export function providerSetupProblem(settings: AgentSettings): string | undefined {
  const preset = presetById(settings.provider);
  if (preset === undefined) return `Unknown provider "${settings.provider}". ${fix}`;
  const endpoint = presetEndpoint(preset, settings.baseUrl);
  if (!endpoint.ok) return `${endpoint.problem} ${fix}`;
  if (settings.model === '') {
    const what = preset.keyHeader === 'api-key' ? 'the deployment name' : 'the model the server runs';
    return `No model chosen for ${preset.label}: Elbow needs ${what}. ${fix}`;
  }
  const modelProblem = modelNameProblem(preset, settings.model);
  return modelProblem === undefined ? undefined : `${modelProblem} ${fix}`;
}
