import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** A violation known and owned elsewhere: `rule` at `target` (axe's CSS selector), with who owns it. */
export interface KnownViolation {
  rule: string;
  target: RegExp;
  why: string;
}

/**
 * axe-core's serious and critical violations on the page as it stands, less the `known` ones: WCAG 2.x A and AA
 * rules and axe's best practices, plus label-content-name-mismatch (WCAG 2.5.3, an experimental rule axe leaves off
 * by default): a control's name starts from the words it shows.
 */
export async function seriousAxeViolations(page: Page, known: readonly KnownViolation[] = []) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes
        .map((node) => node.target.join(' '))
        .filter((target) => !known.some((entry) => entry.rule === violation.id && entry.target.test(target))),
    }))
    .filter((violation) => violation.targets.length > 0);
}
