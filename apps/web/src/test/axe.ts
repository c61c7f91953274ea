// Accessibility check for component tests.
import axe from 'axe-core';
import { expect } from 'vitest';

/** axe-core over the rendered markup (jsdom has no layout, so colour contrast is not judged here). */
export async function expectNoAxeViolations(container: Element) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
