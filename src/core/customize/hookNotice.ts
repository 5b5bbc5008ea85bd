import type { HookReport } from './sessionHooks';

/** The line a host shows for a hook's run; undefined for one that ran quietly. */
export function hookNotice(report: HookReport): string | undefined {
  const command = report.command.length > 60 ? `${report.command.slice(0, 59)}…` : report.command;
  const message = report.message === undefined ? '' : `: ${report.message}`;
  switch (report.outcome) {
    case 'ran':
      return report.message === undefined ? undefined : `${report.event} hook \`${command}\`${message}`;
    case 'blocked':
      return `${report.event} hook \`${command}\` refused${message}`;
    case 'failed':
      return `${report.event} hook \`${command}\` ${report.message ?? 'failed'}`;
    case 'skipped':
      return `${report.event} hook \`${command}\` ${report.message ?? 'was not run'}`;
  }
}
