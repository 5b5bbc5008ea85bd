import { placementLabel } from '../../core/tools/builtin/commands/sandboxNotes';
import type { CommandRunPlacement } from '../../core/tools/tool';

/** The card shows where a command ran with a marker of its own, so the summary's ` · sandboxed` is not repeated. */
export function titleWithoutPlacement(summary: string, placement: CommandRunPlacement | undefined): string {
  const label = placement === undefined ? undefined : placementLabel(placement === 'sandboxed', true);
  const suffix = label === undefined ? undefined : ` · ${label}`;
  return suffix !== undefined && summary.endsWith(suffix) ? summary.slice(0, -suffix.length) : summary;
}
