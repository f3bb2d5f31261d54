// A machine graph as a Mermaid `stateDiagram-v2`: nested states as composite states, each transition
// labelled `event [guard]`, targetless transitions as self-loops, final states leading to [*].

import type { GraphState, MachineGraph } from './graph';

const nodeName = (id: string) => id.replace(/[^A-Za-z0-9]/g, '_');
/** Mermaid reads the first colon as the label separator and `;`, `{`, `}` as syntax. */
const labelText = (text: string) => text.replace(/;/g, '#59;').replace(/:/g, '#58;').replace(/[{}]/g, '');

export function transitionLabel(event: string, guard: string | null): string {
  return guard ? `${event} [${guard}]` : event;
}

export function toMermaid(graph: MachineGraph): string {
  const lines = ['stateDiagram-v2'];
  const children = new Map<string, GraphState[]>();
  for (const state of graph.states) {
    if (state.parent === null) continue;
    const list = children.get(state.parent) ?? [];
    list.push(state);
    children.set(state.parent, list);
  }
  const root = graph.states.find((state) => state.parent === null)!;

  const declare = (state: GraphState, indent: string) => {
    const kids = children.get(state.id) ?? [];
    const name = nodeName(state.id);
    if (kids.length === 0) {
      lines.push(`${indent}state "${state.key}" as ${name}`);
      if (state.invokes.length > 0) lines.push(`${indent}note right of ${name} : invokes ${state.invokes.map(labelText).join(', ')}`);
      return;
    }
    lines.push(`${indent}state "${state.key}" as ${name} {`);
    if (state.initial) lines.push(`${indent}  [*] --> ${nodeName(state.initial)}`);
    for (const kid of kids) declare(kid, `${indent}  `);
    lines.push(`${indent}}`);
  };
  if (root.initial) lines.push(`  [*] --> ${nodeName(root.initial)}`);
  for (const kid of children.get(root.id) ?? []) declare(kid, '  ');

  for (const transition of graph.transitions) {
    const label = labelText(transitionLabel(transition.event, transition.guard));
    const from = nodeName(transition.source);
    const targets = transition.targets.length > 0 ? transition.targets : [transition.source];
    for (const target of targets) lines.push(`  ${from} --> ${nodeName(target)} : ${label}`);
  }
  for (const state of graph.states) if (state.type === 'final') lines.push(`  ${nodeName(state.id)} --> [*]`);
  return `${lines.join('\n')}\n`;
}
