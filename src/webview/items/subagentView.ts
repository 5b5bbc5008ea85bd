import type { Subagent, SubagentStatus, SubagentStep, ToolStatus } from '../../protocol/chatItems';
import { codicon, h } from '../dom';
import { subagentMeta } from '../format';
import { toolIcon } from './toolIcon';

const statusMarkers: Readonly<Record<SubagentStatus, { icon: string; label: string }>> = {
  running: { icon: 'loading codicon-modifier-spin', label: 'Running' },
  done: { icon: 'check', label: 'Done' },
  failed: { icon: 'error', label: 'Failed' },
  cancelled: { icon: 'circle-slash', label: 'Stopped' },
};

const stepMarkers: Readonly<Record<ToolStatus | 'asking', { icon: string; label: string }>> = {
  running: { icon: 'loading codicon-modifier-spin', label: 'Running' },
  asking: { icon: 'shield', label: 'Waiting for your permission' },
  done: { icon: 'check', label: 'Done' },
  error: { icon: 'error', label: 'Failed' },
};

let nextListId = 0;

/**
 * The child a `task` call runs, under its card: what it was asked and as which agent, how it stands, what it used, and
 * its steps (its tool calls, a child of its own nested the same way, and its text, plain). The steps show while it runs
 * or waits for the user and fold once it is over; the user's own choice, made with the toggle, then holds.
 */
export class SubagentView {
  readonly element: HTMLDivElement;
  private readonly agent = h('span', { className: 'subagent-agent' });
  private readonly description = h('span', { className: 'subagent-description' });
  private readonly toggle: HTMLButtonElement;
  private readonly status = h('span', { className: 'subagent-status', attributes: { role: 'img' } });
  private readonly meta = h('div', { className: 'subagent-meta' });
  private readonly steps = h('ol', { className: 'subagent-steps' });
  private readonly dropped = h('li', { className: 'subagent-dropped', hidden: true });
  private readonly stepViews = new Map<string, StepView>();
  /** What the user chose with the toggle; until then the steps follow the child's state. */
  private chosen: boolean | undefined;
  private current: Subagent | undefined;

  constructor() {
    this.steps.id = `subagent-steps-${++nextListId}`;
    this.toggle = h('button', { className: 'subagent-toggle', attributes: { type: 'button', 'aria-controls': this.steps.id } }, [
      codicon('chevron-right', 'subagent-chevron'),
      this.agent,
      this.description,
    ]);
    this.toggle.addEventListener('click', () => {
      this.chosen = !this.expanded;
      this.render();
    });
    this.element = h('div', { className: 'subagent' }, [h('div', { className: 'subagent-header' }, [this.toggle, this.status]), this.meta, this.steps]);
    this.steps.append(this.dropped);
  }

  update(subagent: Subagent): void {
    this.current = subagent;
    this.render();
  }

  private get expanded(): boolean {
    const subagent = this.current;
    if (subagent === undefined) return false;
    if (waits(subagent)) return true;
    return this.chosen ?? subagent.status === 'running';
  }

  private render(): void {
    const subagent = this.current;
    if (subagent === undefined) return;
    this.element.dataset.status = subagent.status;
    this.agent.textContent = subagent.agent;
    this.description.textContent = subagent.description;
    const marker = statusMarkers[subagent.status];
    this.status.className = `subagent-status codicon codicon-${marker.icon}`;
    this.status.setAttribute('aria-label', marker.label);
    this.status.title = marker.label;
    const count = subagent.steps.filter((step) => step.kind === 'tool').length + (subagent.droppedSteps ?? 0);
    this.meta.textContent = subagentMeta(marker.label, count, subagent.usage, subagent.cost);
    const expanded = this.expanded;
    this.toggle.setAttribute('aria-expanded', String(expanded));
    this.toggle.title = `${expanded ? 'Hide' : 'Show'} the steps of ${subagent.agent}: ${subagent.description}`;
    this.steps.hidden = !expanded;
    this.dropped.hidden = subagent.droppedSteps === undefined;
    this.dropped.textContent = `${subagent.droppedSteps ?? 0} earlier steps not shown`;
    this.renderSteps(subagent.steps);
  }

  private renderSteps(steps: readonly SubagentStep[]): void {
    const seen = new Set<string>();
    for (const step of steps) {
      seen.add(step.id);
      let view = this.stepViews.get(step.id);
      if (view === undefined || !view.update(step)) {
        view?.element.remove();
        view = new StepView(step);
        this.stepViews.set(step.id, view);
      }
      this.steps.append(view.element);
    }
    for (const [id, view] of this.stepViews) {
      if (seen.has(id)) continue;
      view.element.remove();
      this.stepViews.delete(id);
    }
  }
}

/** One step of a child: a tool call's icon, title and state (with its own child beneath), or the text it wrote. */
class StepView {
  readonly element: HTMLLIElement;
  private readonly kind: SubagentStep['kind'];
  private readonly icon = codicon('tools', 'subagent-step-icon');
  private readonly title = h('span', { className: 'subagent-step-title' });
  private readonly status = h('span', { className: 'subagent-step-status', attributes: { role: 'img' } });
  private readonly text = h('div', { className: 'subagent-text' });
  private child: SubagentView | undefined;

  constructor(step: SubagentStep) {
    this.kind = step.kind;
    this.element = h('li', { className: 'subagent-step', attributes: { 'data-kind': step.kind } });
    if (step.kind === 'tool') this.element.append(h('div', { className: 'subagent-step-row' }, [this.icon, this.title, this.status]));
    else this.element.append(this.text);
    this.update(step);
  }

  update(step: SubagentStep): boolean {
    if (step.kind !== this.kind) return false;
    if (step.kind === 'text') {
      this.text.textContent = step.text;
      return true;
    }
    const state = step.asking === true ? 'asking' : step.status;
    this.element.dataset.status = step.refusal === undefined ? state : 'refused';
    this.icon.className = `codicon codicon-${toolIcon(step.toolKind)} subagent-step-icon`;
    this.title.textContent = step.title;
    this.title.title = step.title;
    const marker = step.refusal === undefined ? stepMarkers[state] : { icon: 'circle-slash', label: 'Not run' };
    this.status.className = `subagent-step-status codicon codicon-${marker.icon}`;
    this.status.setAttribute('aria-label', marker.label);
    this.status.title = marker.label;
    if (step.subagent !== undefined) {
      if (this.child === undefined) {
        this.child = new SubagentView();
        this.element.append(this.child.element);
      }
      this.child.update(step.subagent);
    }
    return true;
  }
}

/** Whether one of its calls, or of its children's, waits for the user. */
function waits(subagent: Subagent): boolean {
  return subagent.steps.some((step) => step.kind === 'tool' && (step.asking === true || (step.subagent !== undefined && waits(step.subagent))));
}
